extension CommandParser {
  /// Reads the arguments of a file or script command.
  ///
  /// ```
  /// save [FILE] [--force]     save --all [--force]     load FILE [--fresh]     source FILE     say TEXT     help [COMMAND]
  /// quit
  /// export FILE [ITEM] [--force]     (and --format NAME after save, load, import, export, diff)
  /// diff FILE [FILE2]     edit [ITEM]     set output full|brief|quiet
  /// expect items|visible|roots|expanded ITEM...     expect parent ITEM PARENT|none
  /// expect level ITEM N     expect error COMMAND...
  /// ```
  ///
  /// `say` takes every word to the end of the command, flags and references included, and
  /// joins them with single spaces; it may be empty. `expect items` with no item expects an
  /// empty list. The command after `expect error` is parsed here: a syntax error in it is the
  /// error of the `expect` line. `help` takes a command name, or `rule`, `section` or `expect`
  /// with or without one of its forms.
  mutating func readFile(_ name: String) throws(SyntaxError) -> Command.FileCommand {
    let command: Command.FileCommand
    switch name {
    case "quit": command = .quit
    case "save":
      try exclusive("--all", "--format")
      if has("--all") {
        command = .saveAll(force: has("--force"))
      } else {
        let format = try takeFormat()
        command = .save(identifier(.file), format: format, force: has("--force"))
      }
    case "load":
      let format = try takeFormat()
      command = .load(try require(identifier(.file)), format: format, fresh: has("--fresh"))
    case "import":
      let format = try takeFormat()
      let file = try require(identifier(.file))
      let place: Command.ImportPlace
      switch keyword("to", "before", "after") {
      case "to": place = .into(try require(identifier(.parent)))
      case "before": place = .before(try require(identifier(.item)))
      case "after": place = .after(try require(identifier(.item)))
      default: place = .end
      }
      command = .importFile(file, at: place, format: format)
    case "export":
      let format = try takeFormat()
      let file = try require(identifier(.file))
      if file == "-", format == nil {
        // Standard output has no extension to tell the format by.
        throw SyntaxError(
          .expected([.keyword("--format")], after: "export -"),
          column: tokens.last?.endColumn ?? start)
      }
      command = .export(file, item: identifier(.item), format: format, force: has("--force"))
    case "diff":
      let format = try takeFormat()
      let file = try require(identifier(.file))
      command = .diff(file, identifier(.file), format: format)
    case "edit": command = .edit(identifier(.item))
    case "source": command = .source(try require(identifier(.file)))
    case "say":
      let words = tokens[index...].map(\.text)
      index = tokens.count
      command = .say(words.joined(separator: " "))
    case "help": command = .help(try readHelpTopic())
    case "set":
      _ = try subcommand(of: "set", ["output"])
      command = .setOutput(try readOutputMode())
    default:  // expect
      let expectation = try readExpectation()
      switch expectation {
      case .error, .syntaxError: return .expect(expectation)
      case .list, .parent, .level, .title: break
      }
      command = .expect(expectation)
    }
    try end()
    return command
  }

  /// Takes `--format NAME` out of the command's tokens, wherever it stands after the name: a
  /// flag with a value, which the cursor, skipping flags, would otherwise read as an argument.
  ///
  /// - Throws: `syntax` when NAME is missing or not a format's name, naming the formats.
  private mutating func takeFormat() throws(SyntaxError) -> OutlineFormat? {
    // The cursor has skipped the flags right after the name, so the search starts before it:
    // a command holding `save` (`expect error save …`) takes no `--format` of its own.
    guard let flag = tokens.firstIndex(where: { $0.kind == .flag && $0.text == "--format" })
    else { return nil }
    let value = flag + 1
    let names = OutlineFormat.allCases.map(\.rawValue)
    guard value < tokens.count, tokens[value].kind == .word else {
      index = tokens.count
      for name in names { note(.keyword(name)) }
      throw SyntaxError(
        .expected(names.map { .keyword($0) }, after: "--format"), column: tokens[flag].endColumn)
    }
    guard let format = OutlineFormat(name: tokens[value].text) else {
      let word = tokens[value].text
      throw SyntaxError(
        .expected(
          names.map { .keyword($0) }, after: "--format",
          suggestion: _EditDistance.nearest(to: word, among: names)),
        column: tokens[value].column)
    }
    tokens.remove(at: value)
    if value < index { index -= 1 }
    return format
  }

  /// Reads `set output`'s mode.
  ///
  /// - Throws: `syntax` when the mode is missing or not a mode's name, naming the modes.
  private mutating func readOutputMode() throws(SyntaxError) -> OutputMode {
    for name in OutputMode.names { note(.keyword(name)) }
    guard let token = current, token.kind == .word else { throw failure() }
    guard let mode = OutputMode(rawValue: token.text) else {
      throw SyntaxError(
        .expected(
          OutputMode.names.map { .keyword($0) }, after: "set output",
          suggestion: _EditDistance.nearest(to: token.text, among: OutputMode.names)),
        column: token.column)
    }
    advance()
    return mode
  }

  /// How many `expect error`s may stand inside one another.
  static let maximumExpectNesting = 8

  /// The subcommands of `expect`, in the catalog's order.
  static let expectForms = [
    "items", "visible", "roots", "expanded", "parent", "level", "title", "error",
  ]

  /// Reads an `expect` command after its first word; `expect error` to its end.
  private mutating func readExpectation() throws(SyntaxError) -> Command.Expectation {
    let form = try subcommand(of: "expect", Self.expectForms)
    if let list = Command.ItemList(rawValue: form) {
      return .list(list, identifiers())
    }
    switch form {
    case "parent":
      let item = try require(identifier())
      note(.parent)
      if keyword("none") != nil { return .parent(item, nil) }
      return .parent(item, try require(identifier(.parent)))
    case "level":
      let item = try require(identifier())
      return .level(item, try number("a level", takes: "a level"))
    case "title":
      let item = try require(identifier())
      let title = try require(identifier(.title))
      return .title(item, title)
    default:  // error
      // Each level is a recursive call: a line of "expect error expect error …" must not
      // exhaust the stack.
      guard nesting < Self.maximumExpectNesting else {
        throw SyntaxError(.nestedTooDeep(limit: Self.maximumExpectNesting), column: start)
      }
      nesting += 1
      defer { nesting -= 1 }
      let first = index
      do {
        return .error(try readCommand())
      } catch {
        // A command that does not parse fails, as a syntax error, and changes nothing: the
        // expectation holds. No command at all, or one nested too deep, is the line's error.
        // The cursor stays where the error is, so completion still sees the inner command's.
        if first == tokens.count { throw error }
        if case .nestedTooDeep = error.reason { throw error }
        return .syntaxError(text(fromToken: first))
      }
    }
  }

  /// The command's text as typed, from the token at `position` to its last token.
  ///
  /// - Complexity: O(*n*) in the characters of the line.
  private func text(fromToken position: Int) -> String {
    let characters = Array(line)
    let from = max(tokens[position].column - 1, 0)
    let to = min(max(tokens[tokens.count - 1].endColumn - 1, from), characters.count)
    return String(characters[from..<to])
  }

  /// Reads `help`'s optional topic: a command word, then a form of `rule`, `section` or
  /// `expect`; an entry's whole name as one quoted word (`help "rule lazy"`); or another topic
  /// of `CommandCatalog.topic(_:)`: a group, a form word, an Apple API name.
  ///
  /// - Throws: `.unknownCommand` for a form the family does not have, `.unknownHelpTopic` for a
  ///   topic the catalog does not have, with the closest ones.
  private mutating func readHelpTopic() throws(SyntaxError) -> String? {
    note(.command)
    note(.helpTopic)
    guard let token = current, token.kind == .word else { return nil }
    if token.text.contains(" "), CommandCatalog.entry(named: token.text) != nil {
      advance()
      return token.text
    }
    guard CommandCatalog.commandWords.contains(token.text) else {
      guard CommandCatalog.topic(token.text) != nil else {
        let suggestions = CommandCatalog.helpSuggestions(for: token.text)
        throw SyntaxError(
          .unknownHelpTopic(token.text, suggestions: suggestions), column: token.column)
      }
      advance()
      return token.text
    }
    advance()
    let forms = CommandCatalog.forms(of: token.text)
    guard !forms.isEmpty, let next = current, next.kind == .word else {
      for form in forms { note(.keyword(form)) }
      return token.text
    }
    let reading = command
    defer { command = reading }
    return token.text + " " + (try subcommand(of: token.text, forms))
  }
}
