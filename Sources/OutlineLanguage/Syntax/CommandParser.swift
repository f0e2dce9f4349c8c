/// Reads lines of the outline language into commands, or into syntax errors that point at a
/// column.
///
/// `parse(line:)` splits a line at `;` (outside quotes) and stops at a comment; each non-empty
/// piece becomes a `ParsedCommand`, either a `Command` or a `SyntaxError`, so one bad command
/// does not hide the others on its line. A `CommandParser` value is the cursor over one
/// command's tokens (`CommandParser+Reading.swift`). The command's first word picks its group
/// in `CommandCatalog`, and that group's grammar reads the rest: one file per group
/// (`CommandParser+Editing.swift`, `+Interactions`, `+Rules`, `+Queries`, `+Sections`,
/// `+Transactions`, `+Flat`, `+Files`). The grammar consumes the cursor `inout`, and the cursor
/// remembers what the grammar would have accepted at its position, which makes both the error
/// messages and tab completion (`Completion.swift`).
///
/// # Keywords
///
/// A keyword is an unquoted word in a position where the grammar accepts it; anywhere else the
/// same word is an identifier, and a quoted word is always an identifier. The first word of an
/// item list is always an item: `append to` appends an item named `to`, and in
/// `append A to to` the second `to` ends the list and the third is the parent. Flags (unquoted
/// `--word`) may appear anywhere after the command's name; references (unquoted `@name`) only
/// where the grammar takes a kept snapshot.
///
/// ```swift
/// CommandParser.parse(line: "append A B to Food; apend C # comment")
/// // [append A B to Food: .editing(.append(["A", "B"], to: "Food")),
/// //  apend C at column 21: unknown command "apend" (did you mean "append"?)]
/// ```
public struct CommandParser {
  /// The tokens of the command being read, without the `;` that ends it.
  var tokens: [Token]
  /// The position of the next token to read.
  var index = 0
  /// The whole line, to quote the text before an error.
  let line: String
  /// The column where the command begins (the outermost one, for `expect error`).
  let start: Int
  /// The catalog name of the (innermost) command being read, for messages.
  var command = ""
  /// The flags the command takes, once its name is known to take some; flag tokens are then
  /// skipped by the cursor and collected in `givenFlags`.
  var flags: [String]? = nil
  /// The flags found among the command's tokens.
  var givenFlags: Set<String> = []
  /// How many `expect error`s the cursor is inside.
  var nesting = 0
  /// What the grammar would have accepted at `index`, in the order it asked, each marked when
  /// it would repeat a list (another item), which messages leave out.
  var notes: [(expected: SyntaxError.Expected, repeating: Bool)] = []
  /// The items a row (`@3`, `@2..5`) or `.` stands for, when the parser runs against a session;
  /// nil for a parse that only checks the grammar, which keeps the row word as typed.
  var resolver: ((RowReference) -> Result<[String], CommandError>)?
  /// The identifier of the one item a word titles, where an item that exists goes and no
  /// identifier is the word: set only when a session reads the command again because an item
  /// it named was not found (`Session+TitleNames.swift`).
  var titles: ((String) -> String?)?
  /// Whether the command names an item by row or as `.`.
  var refersToRows = false
  /// The first item the command names, existing or new (`firstItem` of `ParsedCommand`).
  var firstItem: String?
  /// Whether the grammar takes a row (`@3`) at `index`, where an item that exists or a parent
  /// goes; completion offers rows there.
  var acceptsRow = false
  /// Why a row word could not be read where the cursor met it: `failure()` reports it.
  var rowError: SyntaxError?
  /// Why the session could not resolve a row (`unknownItem`): the command fails with it.
  var rowFailure: CommandError?
  /// The same, for a row inside `expect error`: the inner command fails with it.
  var nestedRowFailure: CommandError?

  /// Creates a parser over one command's tokens.
  init(tokens: [Token], line: String, start: Int) {
    self.tokens = tokens
    self.line = line
    self.start = start
  }

  /// Parses every command on `line`.
  ///
  /// Empty commands (a blank line, a comment, `;;`) are skipped. A lexical error (an
  /// unterminated quote, a word stuck to a closing quote) fails only the command it is in.
  ///
  /// - Returns: One `ParsedCommand` per non-empty command, in order.
  /// - Complexity: O(*n*) for a line of *n* characters, plus the catalog look-up of an unknown
  ///   command name.
  public static func parse(line: String) -> [ParsedCommand] {
    parse(line: line, resolver: nil)
  }

  /// Parses every command on `line`, reading rows and `.` through `resolver` when there is one.
  static func parse(
    line: String, resolver: ((RowReference) -> Result<[String], CommandError>)?,
    titles: ((String) -> String?)? = nil
  ) -> [ParsedCommand] {
    var lexer = Lexer(line)
    var parsed: [ParsedCommand] = []
    var atEnd = false
    // Without a carriage return, every byte of an ASCII line is a Character of its own.
    let isASCII = line.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    while !atEnd {
      let segmentStart = lexer.column
      let segmentStartIndex = lexer.position
      var segmentEndIndex = segmentStartIndex
      var tokens: [Token] = []
      var lexical: SyntaxError?
      while true {
        do {
          let before = lexer.position
          guard let token = try lexer.next() else {
            atEnd = true
            segmentEndIndex = lexer.position
            break
          }
          if token.kind == .semicolon {
            // The `;` and the blanks before it.
            segmentEndIndex = before
            break
          }
          tokens.append(token)
        } catch {
          lexical = lexical ?? error
        }
      }
      guard !tokens.isEmpty || lexical != nil else { continue }
      let (source, leading) = trimmingBlanks(
        line[segmentStartIndex..<segmentEndIndex], isASCII: isASCII)
      let column = segmentStart + leading
      if let lexical {
        parsed.append(ParsedCommand(source: source, column: column, result: .failure(lexical)))
        continue
      }
      var parser = CommandParser(tokens: tokens, line: line, start: column)
      parser.resolver = resolver
      parser.titles = titles
      var command: ParsedCommand
      do {
        command = ParsedCommand(
          source: source, column: column, result: .success(try parser.readCommand()))
      } catch {
        command = ParsedCommand(source: source, column: column, result: .failure(error))
      }
      command.refersToRows = parser.refersToRows
      command.firstItem = parser.firstItem
      command.rowFailure = parser.rowFailure
      command.nestedRowFailure = parser.nestedRowFailure
      parsed.append(command)
    }
    return parsed
  }

  /// Parses a text that holds exactly one command, such as a command's `description`.
  ///
  /// ```swift
  /// try CommandParser.parse(command: "move Pear to-root")
  /// // .interactions(.move("Pear", to: .toRoot))
  /// ```
  ///
  /// - Throws: The command's `SyntaxError`; an `.expected([.command])` error for an empty text,
  ///   and `.expected([.endOfLine])` at the second command of a text that holds several.
  public static func parse(command text: String) throws(SyntaxError) -> Command {
    let parsed = parse(line: text)
    guard let first = parsed.first else {
      throw SyntaxError(.expected([.command], after: ""), column: 1)
    }
    if parsed.count > 1 {
      throw SyntaxError(.expected([.endOfLine], after: first.source), column: parsed[1].column)
    }
    return try first.result.get()
  }

  // MARK: Commands

  /// The flags each command that takes flags accepts.
  static let flagsByCommand: [String: [String]] = [
    "expand": ["--force", "--all", "--depth"], "collapse": ["--force", "--all"],
    "child-snapshot": ["--including-parent"], "append": ["--titled"], "insert": ["--titled"],
    "save": ["--format", "--force", "--all"], "load": ["--format", "--fresh"],
    "import": ["--format"],
    "export": ["--format", "--force"], "diff": ["--format"],
    "show": ["--visible", "--depth"], "begin": ["--empty"], "last": ["--full"],
    "sort": ["--roots", "--reverse"], "outdent": ["--in-place"], "find": ["--regex", "--in"],
    "filter": ["--regex", "--in"],
    "append-items": ["--flatten"], "insert-items": ["--flatten"], "delete-items": ["--flatten"],
    "move-item": ["--flatten"], "apply": ["--reload-data"], "attr": ["--delete"],
  ]

  /// The flags of a command that exclude each other: completion offers none of a set once one
  /// is given, and the grammar refuses two (`exclusive(_:_:)`).
  static let exclusiveFlagsByCommand: [String: [String]] = [
    "expand": ["--force", "--all", "--depth"], "collapse": ["--force", "--all"],
    "show": ["--visible", "--depth"],
  ]

  /// Reads a whole command, from its name to its end.
  ///
  /// - Throws: `unknownCommand` for a name the catalog does not have, with the closest one
  ///   (or, for an Apple name, `appleName`: the commands that do it);
  ///   `unknownFlag` for a flag the command does not take; the grammar's `syntax` errors.
  mutating func readCommand() throws(SyntaxError) -> Command {
    note(.command)
    guard let token = current else { throw failure() }
    var name = token.text
    var group = CommandCatalog.group(ofWord: name)
    if group == nil, let command = CommandCatalog.aliases[name] {
      // `exit`: looked up only when the word names no command, so a command costs nothing more.
      name = command
      group = CommandCatalog.group(ofWord: command)
    }
    if let accepted = Self.flagsByCommand[name] {
      try checkFlags(after: index, accepted: accepted, command: name)
      flags = accepted
    }
    guard let group else {
      // One edit away, then the commands it begins (`exp`: expand, expect, export).
      let suggestions = _EditDistance.suggestions(for: name, among: CommandCatalog.commandWords)
      // Else an Apple name, as a learner re-enacting iOS code types it (`appendSections`).
      if suggestions.isEmpty, let apple = Self.appleName(in: name) {
        throw SyntaxError(
          .appleName(name, api: apple.api, commands: apple.commands), column: token.column)
      }
      throw SyntaxError(.unknownCommand(name, suggestions: suggestions), column: token.column)
    }
    command = name
    advance()
    switch group {
    case .editing: return .editing(try readEditing(name))
    case .interactions: return .interactions(try readInteraction(name))
    case .rules: return .rules(try readRule(name))
    case .queries: return .queries(try readQuery(name))
    case .sections: return .sections(try readSection(name))
    case .transactions where name == "apply" && has("--reload-data"):
      return .flat(try readFlat(name))
    case .transactions: return .transactions(try readTransaction(name))
    case .flat: return .flat(try readFlat(name))
    case .files: return .files(try readFile(name))
    }
  }

  /// Checks every flag after `position` against the ones `command` takes.
  private mutating func checkFlags(
    after position: Int, accepted: [String], command: String
  ) throws(SyntaxError) {
    for token in tokens[(position + 1)...] where token.kind == .flag {
      guard accepted.contains(token.text) else {
        let suggestion = _EditDistance.nearest(to: token.text, among: accepted)
        throw SyntaxError(
          .unknownFlag(token.text, command: command, suggestion: suggestion), column: token.column)
      }
      givenFlags.insert(token.text)
    }
  }
}

extension CommandParser {
  /// `raw` without the blanks at its ends, and the number of characters dropped before it.
  ///
  /// An ASCII line (no carriage return) is trimmed by bytes; any other by `Character`s.
  ///
  /// - Complexity: O(*k*) in the blanks dropped.
  static func trimmingBlanks(_ raw: Substring, isASCII: Bool) -> (String, leading: Int) {
    if isASCII {
      let bytes = raw.utf8
      let isBlank = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
      let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
      var end = bytes.endIndex
      while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
      return (String(raw[start..<end]), bytes.distance(from: bytes.startIndex, to: start))
    }
    let trimmed = raw.drop(while: Lexer.isBlank)
    var end = trimmed.endIndex
    while end > trimmed.startIndex {
      let previous = trimmed.index(before: end)
      guard Lexer.isBlank(trimmed[previous]) else { break }
      end = previous
    }
    return (String(trimmed[..<end]), raw.distance(from: raw.startIndex, to: trimmed.startIndex))
  }
}
