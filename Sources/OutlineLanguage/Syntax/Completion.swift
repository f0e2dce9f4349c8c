/// Tab completion: the words that may stand under the cursor, from the grammar itself.
///
/// Completion reads the line up to the cursor, takes the command the cursor is in (after the
/// last `;`) and runs the parser over the words before the one being typed. What the parser
/// would have accepted at that point is what completion offers:
///
/// - command names at the start of a command (and after `expect error` or `help`); after `help`,
///   its other topics too: the groups, the form words and the Apple API names;
/// - the keywords the grammar accepts there (`to` after `append`'s first item, `before`, …,
///   `to-root` after `move ITEM`, the forms after `rule`, `section`, `expect`);
/// - the flags of the command that it has not been given yet, after its name wherever an item,
///   a parent or the end of the command may come (not after `as`, which wants its name);
/// - kept snapshots as `@NAME` where a snapshot is taken, items where an item or a parent is
///   taken, sections where a section is taken, each quoted when it needs to be (always, once the
///   word being typed starts with a quote).
///
/// File names are offered where a file name goes (`load`, `save`, `source`, `import`,
/// `export`). Nothing is offered inside a comment, after an earlier error in the command, or
/// where a number or a new snapshot name goes. A word that begins with `--` or `@` is
/// completed only as a flag or a reference.
///
/// ```swift
/// Completion.complete(line: "move Pear t", cursor: 11, identifiers: [], names: [])
/// // ["to", "to-root"]
/// Completion.complete(line: "expand Sm", cursor: 9, identifiers: ["Smileys 😀"], names: [])
/// // ["\"Smileys 😀\""]
/// ```
public enum Completion {
  /// The candidates for the word under the cursor and the part of the line they replace.
  public struct Candidates: Equatable, Hashable, Sendable {
    /// The `Character` offsets (0-based) of the word typed so far, up to the cursor.
    public var replacing: Range<Int>
    /// The words that may replace it, in the grammar's order: keywords and command names,
    /// flags, references, then identifiers in the order given.
    public var words: [String]

    /// Creates candidates.
    public init(replacing: Range<Int>, words: [String]) {
      self.replacing = replacing
      self.words = words
    }
  }

  /// The words that may stand for the word under the cursor.
  ///
  /// - Parameters:
  ///   - line: The line being edited.
  ///   - cursor: The number of `Character`s before the cursor.
  ///   - identifiers: The item identifiers to offer where an item or a parent goes.
  ///   - names: The names of the kept snapshots, offered as `@NAME`.
  ///   - sections: The section identifiers, offered where a section goes.
  ///   - files: The file paths that begin with a prefix, offered where a file name goes.
  /// - Complexity: O(*n* + *k*), where *n* is the length of the line and *k* the number of
  ///   identifiers, names, sections and files.
  public static func complete(
    line: String, cursor: Int, identifiers: [String], names: [String], sections: [String] = [],
    files: (String) -> [String] = { _ in [] }
  ) -> [String] {
    candidates(
      line: line, cursor: cursor, identifiers: identifiers, names: names, sections: sections,
      files: files
    ).words
  }

  /// The candidates for the word under the cursor, with the range of the line they replace.
  ///
  /// Same parameters as `complete(line:cursor:identifiers:names:sections:files:)`.
  public static func candidates(
    line: String, cursor: Int, identifiers: [String], names: [String], sections: [String] = [],
    files: (String) -> [String] = { _ in [] }
  ) -> Candidates {
    let characters = Array(line.prefix(max(0, cursor)))
    let end = characters.count
    let none = Candidates(replacing: end..<end, words: [])
    guard let (tokens, partialStart) = wordsBeforeCursor(in: characters),
      let (expected, flags) = CommandParser.continuations(after: tokens, line: String(characters))
    else { return none }
    let typed = String(characters[partialStart...])
    let (value, quoted) = Quoting.partialValue(of: typed[...])
    let isFlag = !quoted && value.hasPrefix("--")
    let isReference = !quoted && value.hasPrefix("@")
    var words: [String] = []
    func offer(_ word: String) { if !words.contains(word) { words.append(word) } }
    func offer(_ pool: [String]) {
      guard !isFlag, !isReference else { return }
      for word in pool where word.hasPrefix(value) {
        offer(quoted ? Quoting.quote(word) : Quoting.word(word))
      }
    }
    let bare = !quoted && !isReference
    for case .keyword(let word) in expected where bare && word.hasPrefix(value) { offer(word) }
    if expected.contains(.command), bare {
      for word in CommandCatalog.commandWords where word.hasPrefix(value) { offer(word) }
    }
    if expected.contains(.helpTopic), bare {
      for word in CommandCatalog.helpTopicWords where word.hasPrefix(value) { offer(word) }
    }
    let betweenArguments = expected.contains { [.item, .parent, .endOfLine].contains($0) }
    for flag in flags where bare && betweenArguments && flag.hasPrefix(value) { offer(flag) }
    if expected.contains(.snapshot), !quoted, value.isEmpty || isReference {
      let (name, quotedName) = Quoting.partialValue(of: typed.dropFirst())
      for kept in names where kept.hasPrefix(name) {
        offer("@" + (quotedName ? Quoting.quote(kept) : Quoting.word(kept)))
      }
    }
    if expected.contains(.item) || expected.contains(.parent) { offer(identifiers) }
    if expected.contains(.section) { offer(sections) }
    if expected.contains(.file), !isFlag, !isReference { offer(files(value)) }
    return Candidates(replacing: partialStart..<end, words: words)
  }

  /// The complete words of the command the cursor is in, and where the word under the cursor
  /// begins; nil inside a comment or after a lexical error.
  private static func wordsBeforeCursor(in characters: [Character]) -> ([Token], Int)? {
    let text = String(characters)
    var lexer = Lexer(text)
    var tokens: [Token] = []
    var openQuote: Int?
    while true {
      do {
        guard let token = try lexer.next() else { break }
        if token.kind == .semicolon { tokens = [] } else { tokens.append(token) }
      } catch {
        guard error.reason == .unterminatedQuote else { return nil }
        openQuote = error.column - 1
      }
    }
    if lexer.column <= characters.count && openQuote == nil { return nil }  // in a comment
    if var start = openQuote {
      if start > 0, characters[start - 1] == "@",
        start == 1 || Lexer.isBlank(characters[start - 2]) || characters[start - 2] == ";"
      {
        start -= 1
      }
      return (tokens, start)
    }
    guard let last = characters.last, !Lexer.isBlank(last), last != ";", let word = tokens.last
    else { return (tokens, characters.count) }
    return (tokens.dropLast(), word.column - 1)
  }
}

extension CommandParser {
  /// What the grammar accepts after `tokens`, the complete words of one command, and the flags
  /// of that command not given yet; nil when the words hold an error before their end.
  static func continuations(
    after tokens: [Token], line: String
  ) -> (expected: [SyntaxError.Expected], flags: [String])? {
    var parser = CommandParser(tokens: tokens, line: line, start: tokens.first?.column ?? 1)
    _ = try? parser.readCommand()
    guard parser.index == tokens.count else { return nil }
    let exclusive = CommandParser.exclusiveFlagsByCommand[tokens.first?.text ?? ""] ?? []
    let excluded = exclusive.contains(where: parser.givenFlags.contains) ? exclusive : []
    let unused = (parser.flags ?? []).filter {
      !parser.givenFlags.contains($0) && !excluded.contains($0)
    }
    return (parser.notes.map(\.expected), unused)
  }
}
