extension CommandParser {
  // MARK: The cursor

  /// The token at the cursor, or nil at the end of the command.
  var current: Token? { index < tokens.count ? tokens[index] : nil }

  /// Moves past the current token (and the flags after it, once the command takes flags), and
  /// forgets what was accepted at the old position.
  mutating func advance() {
    index += 1
    if flags != nil {
      while index < tokens.count, tokens[index].kind == .flag { index += 1 }
    }
    notes.removeAll(keepingCapacity: true)
  }

  /// Records that the grammar accepts `expected` at the cursor.
  mutating func note(_ expected: SyntaxError.Expected, repeating: Bool = false) {
    notes.append((expected, repeating))
  }

  // MARK: Reading words

  /// Reads the unquoted keyword among `words` at the cursor, if there is one.
  mutating func keyword(_ words: String...) -> String? {
    for word in words { note(.keyword(word)) }
    guard let token = current, words.contains(where: token.isKeyword) else { return nil }
    advance()
    return token.text
  }

  /// Reads an identifier (any word, quoted or not, keywords included), if the cursor is on one.
  ///
  /// - Parameters:
  ///   - expected: What the identifier stands for, for messages and completion.
  ///   - repeating: Whether it would extend a list that already has one (left out of messages).
  mutating func identifier(
    _ expected: SyntaxError.Expected = .item, repeating: Bool = false
  ) -> String? {
    note(expected, repeating: repeating)
    guard let token = current, token.kind == .word else { return nil }
    advance()
    return token.text
  }

  /// Reads identifiers up to the end or to one of the unquoted keywords `terminators`, which
  /// is left for the caller; the first identifier may be any word, even a terminator.
  mutating func identifiers(
    _ expected: SyntaxError.Expected = .item, until terminators: [String] = []
  ) -> [String] {
    var found: [String] = []
    while true {
      if !found.isEmpty, let token = current, terminators.contains(where: token.isKeyword) {
        note(expected, repeating: true)
        break
      }
      guard let identifier = identifier(expected, repeating: !found.isEmpty) else { break }
      found.append(identifier)
    }
    return found
  }

  /// Reads a reference to a kept snapshot (`@NAME`) and returns its name, if the cursor is on one.
  mutating func reference() -> String? {
    note(.snapshot)
    guard let token = current, token.kind == .reference else { return nil }
    advance()
    return token.name
  }

  /// Reads an integer.
  ///
  /// - Parameters:
  ///   - expected: How a message names it when it is missing ("a row number").
  ///   - takes: How a message names what the command takes when a word is not a number
  ///     ("two row numbers").
  /// - Throws: `.notANumber` for a word that is not a decimal integer; `.expected` at the end.
  mutating func number(_ expected: String, takes: String) throws(SyntaxError) -> Int {
    note(.number(expected))
    guard let token = current, token.kind != .flag else { throw failure() }
    guard let number = Int(token.text) else {
      throw SyntaxError(
        .notANumber(token.text, command: command, takes: takes), column: token.column)
    }
    advance()
    return number
  }

  /// Reads a subcommand of `family` (`rule`, `section`, `expect`) among `words`.
  ///
  /// - Throws: `.unknownCommand("family word")` for another word, with the closest subcommand.
  mutating func subcommand(of family: String, _ words: [String]) throws(SyntaxError) -> String {
    for word in words { note(.keyword(word)) }
    guard let token = current, token.kind != .flag else { throw failure() }
    guard words.contains(token.text) else {
      let suggestion = _EditDistance.nearest(to: token.text, among: words)
      throw SyntaxError(
        .unknownCommand(
          family + " " + token.text, suggestions: suggestion.map { [family + " " + $0] } ?? []),
        column: token.column)
    }
    command = family + " " + token.text
    advance()
    return token.text
  }

  /// Returns `value`, or throws what the grammar expected at the cursor.
  mutating func require<Value>(_ value: Value?) throws(SyntaxError) -> Value {
    guard let value else { throw failure() }
    return value
  }

  /// Checks that the command ends at the cursor.
  mutating func end() throws(SyntaxError) {
    note(.endOfLine)
    if current != nil { throw failure() }
  }

  /// Whether the command was given `flag`.
  func has(_ flag: String) -> Bool { givenFlags.contains(flag) }

  /// Throws `conflictingFlags` when the command was given `flag` and any of `others`.
  func exclusive(_ flag: String, _ others: String...) throws(SyntaxError) {
    guard has(flag), let other = others.first(where: has) else { return }
    let column = tokens.last { $0.kind == .flag && ($0.text == flag || $0.text == other) }?.column
    throw SyntaxError(
      .conflictingFlags(flag, other, command: command), column: column ?? start)
  }

  /// Reads the integer that follows `flag` (`--depth 2`): the word right after the flag, which
  /// must be at least `least`.
  ///
  /// - Throws: What the grammar expected (`expected`) when the flag is not right before the
  ///   cursor; `.notANumber` for a word that is not an integer; `.numberTooSmall`.
  mutating func value(
    of flag: String, _ expected: String, takes: String, least: Int
  ) throws(SyntaxError) -> Int {
    note(.number(expected))
    guard index > 0, tokens[index - 1].kind == .flag, tokens[index - 1].text == flag else {
      throw failure()
    }
    let column = current?.column ?? start
    let number = try number(expected, takes: takes)
    guard number >= least else {
      throw SyntaxError(.numberTooSmall(number, command: command, least: least), column: column)
    }
    return number
  }

  // MARK: Errors

  /// The error for the token at the cursor: an unknown flag, or what the grammar expected there.
  ///
  /// The column is the token's, or just past the command's last token at its end. A word that
  /// is within two edits of an expected keyword gets it as a suggestion.
  func failure() -> SyntaxError {
    guard let token = current else {
      return SyntaxError(
        .expected(expectedHere, after: context), column: tokens.last?.endColumn ?? start)
    }
    if token.kind == .flag {
      let suggestion = _EditDistance.nearest(to: token.text, among: flags ?? [])
      return SyntaxError(
        .unknownFlag(token.text, command: command, suggestion: suggestion), column: token.column)
    }
    var suggestion: String?
    if token.kind == .word, !token.isQuoted {
      let keywords = notes.compactMap { note -> String? in
        if case .keyword(let word) = note.expected { return word }
        return nil
      }
      suggestion = _EditDistance.nearest(to: token.text, among: keywords)
    }
    return SyntaxError(
      .expected(expectedHere, after: context, suggestion: suggestion), column: token.column)
  }

  /// What a message lists as expected at the cursor: the notes without repetitions, once each.
  private var expectedHere: [SyntaxError.Expected] {
    var seen: [SyntaxError.Expected] = []
    for note in notes where !note.repeating && !seen.contains(note.expected) {
      seen.append(note.expected)
    }
    return seen
  }

  /// The command as typed from its start to the end of the token before the cursor.
  private var context: String {
    let end = index > 0 ? tokens[index - 1].endColumn : start
    // Columns count Characters; an error is rare enough to split the line for it.
    return String(Array(line)[(start - 1)..<(end - 1)])
  }
}
