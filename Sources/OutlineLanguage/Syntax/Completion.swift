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
///   word being typed starts with a quote);
/// - rows as `@N` where an item that exists goes (not a new item's place) and the word begins
///   with `@`: the visible rows whose numbers begin with the digits typed, at most `rowLimit`,
///   each listed with its item's title (`labels`).
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
    /// flags, references, rows, then identifiers in the order given.
    public var words: [String]
    /// What a list of choices shows beside some words: a row's item (`@3` → `Apple`).
    public var labels: [String: String]

    /// Creates candidates.
    public init(replacing: Range<Int>, words: [String], labels: [String: String] = [:]) {
      self.replacing = replacing
      self.words = words
      self.labels = labels
    }
  }

  /// The most rows completion offers for one word: the first ones, in the order of their
  /// numbers, among those that begin with the digits typed.
  public static let rowLimit = 100

  /// The words that may stand for the word under the cursor.
  ///
  /// - Parameters:
  ///   - line: The line being edited.
  ///   - cursor: The number of `Character`s before the cursor.
  ///   - identifiers: The item identifiers to offer where an item or a parent goes.
  ///   - names: The names of the kept snapshots, offered as `@NAME`.
  ///   - sections: The section identifiers, offered where a section goes.
  ///   - files: The file paths that begin with a prefix, offered where a file name goes.
  ///   - rows: The number of visible rows, offered as `@N` where an item that exists goes and
  ///     the word begins with `@` (at most `rowLimit` of them).
  ///   - rowLabel: What the list shows beside row *N*: its item's title.
  /// - Complexity: O(*n* + *k*), where *n* is the length of the line and *k* the number of
  ///   identifiers, names, sections and files, plus O(`rowLimit`) labels.
  public static func complete(
    line: String, cursor: Int, identifiers: [String], names: [String], sections: [String] = [],
    files: (String) -> [String] = { _ in [] }, rows: Int = 0,
    rowLabel: (Int) -> String = { _ in "" }
  ) -> [String] {
    candidates(
      line: line, cursor: cursor, identifiers: identifiers, names: names, sections: sections,
      files: files, rows: rows, rowLabel: rowLabel
    ).words
  }

  /// The candidates for the word under the cursor, with the range of the line they replace.
  ///
  /// Same parameters as `complete(line:cursor:identifiers:names:sections:files:rows:rowLabel:)`.
  /// `attributes` gives the attribute names of the item a word names (an identifier, a row or
  /// `.`), offered first where an attribute's name goes (`attr ITEM `), before the flags.
  public static func candidates(
    line: String, cursor: Int, identifiers: [String], names: [String], sections: [String] = [],
    files: (String) -> [String] = { _ in [] }, rows: Int = 0,
    rowLabel: (Int) -> String = { _ in "" }, attributes: (String) -> [String] = { _ in [] }
  ) -> Candidates {
    let characters = Array(line.prefix(max(0, cursor)))
    let end = characters.count
    let none = Candidates(replacing: end..<end, words: [])
    guard let (tokens, partialStart) = wordsBeforeCursor(in: characters),
      let (expected, flags, acceptsRow) = CommandParser.continuations(
        after: tokens, line: String(characters))
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
    if expected.contains(.attributeName), bare,
      let item = tokens.dropFirst().first(where: {
        $0.kind != .flag
      })
    {
      for name in attributes(item.text) where name.hasPrefix(value) { offer(Quoting.word(name)) }
    }
    let betweenArguments = expected.contains {
      [.item, .parent, .endOfLine, .attributeValue].contains($0)
    }
    for flag in flags where bare && betweenArguments && flag.hasPrefix(value) { offer(flag) }
    if expected.contains(.snapshot), !quoted, value.isEmpty || isReference {
      let (name, quotedName) = Quoting.partialValue(of: typed.dropFirst())
      for kept in names where kept.hasPrefix(name) {
        offer("@" + (quotedName ? Quoting.quote(kept) : Quoting.word(kept)))
      }
    }
    var labels: [String: String] = [:]
    if acceptsRow, isReference {
      for row in rowNumbers(beginningWith: value.dropFirst(), below: rows) {
        let word = "@\(row)"
        offer(word)
        labels[word] = rowLabel(row)
      }
    }
    if expected.contains(.item) || expected.contains(.parent) { offer(identifiers) }
    if expected.contains(.section) { offer(sections) }
    if expected.contains(.file), !isFlag, !isReference { offer(files(value)) }
    return Candidates(replacing: partialStart..<end, words: words, labels: labels)
  }

  /// The row numbers below `rows` whose decimal digits begin with `digits`, in increasing
  /// order, at most `rowLimit`: `1`, then `10`…`19`, then `100`…`199`, and so on.
  ///
  /// ```swift
  /// Completion.rowNumbers(beginningWith: "1", below: 25)  // [1, 10, 11, …, 19]
  /// ```
  ///
  /// - Complexity: O(`rowLimit` + *d*) for *d* digits.
  static func rowNumbers(beginningWith digits: Substring, below rows: Int) -> [Int] {
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return [] }
    guard !digits.isEmpty else { return Array(0..<min(max(rows, 0), rowLimit)) }
    // A row is written without leading zeros: `@0` alone begins with one.
    guard digits.first != "0" || digits == "0" else { return [] }
    guard let first = Int(digits) else { return [] }
    if first == 0 { return rows > 0 ? [0] : [] }
    var numbers: [Int] = []
    var (low, width) = (first, 1)
    while low < rows, numbers.count < rowLimit {
      let (high, overflow) = low.addingReportingOverflow(width)
      for row in low..<min(overflow ? rows : high, rows) where numbers.count < rowLimit {
        numbers.append(row)
      }
      let (nextLow, lowOverflow) = low.multipliedReportingOverflow(by: 10)
      let (nextWidth, widthOverflow) = width.multipliedReportingOverflow(by: 10)
      if lowOverflow || widthOverflow { break }
      (low, width) = (nextLow, nextWidth)
    }
    return numbers
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
  ) -> (expected: [SyntaxError.Expected], flags: [String], acceptsRow: Bool)? {
    var parser = CommandParser(tokens: tokens, line: line, start: tokens.first?.column ?? 1)
    _ = try? parser.readCommand()
    guard parser.index == tokens.count else { return nil }
    let exclusive = CommandParser.exclusiveFlagsByCommand[tokens.first?.text ?? ""] ?? []
    let excluded = exclusive.contains(where: parser.givenFlags.contains) ? exclusive : []
    let unused = (parser.flags ?? []).filter {
      !parser.givenFlags.contains($0) && !excluded.contains($0)
    }
    return (parser.notes.map(\.expected), unused, parser.acceptsRow)
  }
}
