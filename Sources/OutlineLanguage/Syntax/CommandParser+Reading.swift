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
    acceptsRow = false
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
  /// Where the identifier names an item that exists (`expected` is `.item` or `.parent` and
  /// `existing`), a row (`@3`) or `.` stands for the item it names (`rowItems(_:)`); a range
  /// (`@2..5`) is refused there, since the position takes one item. Where it names a new item,
  /// a row is refused (quoted, `"@3"` is an identifier); anywhere else (a file, a title, a
  /// pattern) a row word is the word as typed.
  ///
  /// - Parameters:
  ///   - expected: What the identifier stands for, for messages and completion.
  ///   - repeating: Whether it would extend a list that already has one (left out of messages).
  ///   - existing: Whether an item position names an item that exists (false for the new
  ///     items of `append` and `insert`).
  mutating func identifier(
    _ expected: SyntaxError.Expected = .item, repeating: Bool = false, existing: Bool = true
  ) -> String? {
    note(expected, repeating: repeating)
    if existing, expected == .item || expected == .parent { acceptsRow = true }
    guard let token = current else { return nil }
    switch token.kind {
    case .word:
      advance()
      if expected == .item || expected == .parent || expected == .newItem {
        firstItem = firstItem ?? token.text
      }
      return token.text
    case .row:
      guard let items = rowItems(token, expected: expected, existing: existing, several: false)
      else { return nil }
      advance()
      return items[0]
    case .flag, .reference, .semicolon:
      return nil
    }
  }

  /// Reads identifiers up to the end or to one of the unquoted keywords `terminators`.
  ///
  /// The terminator is left for the caller; the first identifier may be any word, even a
  /// terminator. A row range (`@2..5`) adds every item it names, in order.
  mutating func identifiers(
    _ expected: SyntaxError.Expected = .item, until terminators: [String] = [],
    existing: Bool = true
  ) -> [String] {
    var found: [String] = []
    while true {
      if !found.isEmpty, let token = current, terminators.contains(where: token.isKeyword) {
        note(expected, repeating: true)
        break
      }
      if let token = current, token.kind == .row {
        note(expected, repeating: !found.isEmpty)
        guard let items = rowItems(token, expected: expected, existing: existing, several: true)
        else { break }
        advance()
        found += items
        continue
      }
      guard let identifier = identifier(expected, repeating: !found.isEmpty, existing: existing)
      else { break }
      found.append(identifier)
    }
    return found
  }

  /// The items a row word names where an `expected` word goes.
  ///
  /// Through `resolver` when the parser runs against a session, else the word as typed (a
  /// static parse, which only checks the grammar). Nil, with the reason kept for `failure()`,
  /// when the position takes no row or the session has no such row.
  private mutating func rowItems(
    _ token: Token, expected: SyntaxError.Expected, existing: Bool, several: Bool
  ) -> [String]? {
    guard expected == .item || expected == .parent || expected == .newItem else {
      return [token.text]
    }
    guard existing, expected != .newItem else {
      rowError = SyntaxError(.rowForNewItem(token.text, command: command), column: token.column)
      return nil
    }
    guard let reference = RowReference(token.text) else {
      rowError = SyntaxError(.downwardRowRange(token.text), column: token.column)
      return nil
    }
    guard several || !reference.isRange else {
      rowError = SyntaxError(
        .rowRangeForOneItem(token.text, command: command), column: token.column)
      return nil
    }
    refersToRows = true
    guard let resolver else {
      firstItem = firstItem ?? token.text
      return [token.text]
    }
    switch resolver(reference) {
    case .success(let items):
      firstItem = firstItem ?? items.first
      return items
    case .failure(let error) where nesting > 0:
      // Inside `expect error`, the row stays as typed and the failure is kept: the command
      // it stands in fails with it, which is what the expectation checks.
      nestedRowFailure = nestedRowFailure ?? error
      return [token.text]
    case .failure(var error):
      // A number too large for `Int` reads as `Int.max`: the message echoes it as typed.
      if let typed = token.text.split(separator: ".").last?.drop(while: { $0 == "@" }),
        Int(typed) == nil
      {
        error.message = error.message.replacing("@\(Int.max)", with: "@\(typed)")
      }
      rowFailure = error
      rowError = SyntaxError(.expected([expected], after: ""), column: token.column)
      return nil
    }
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
    if let rowError { return rowError }
    guard let token = current else {
      return SyntaxError(
        .expected(expectedHere, after: context), column: tokens.last?.endColumn ?? start)
    }
    if token.kind == .flag {
      let suggestion = _EditDistance.nearest(to: token.text, among: flags ?? [])
      return SyntaxError(
        .unknownFlag(token.text, command: command, suggestion: suggestion), column: token.column)
    }
    if token.kind == .reference, acceptsRow, let written = RowReference.withOneAt(token.text) {
      return SyntaxError(.rowRangeWithTwoAts(token.text, written: written), column: token.column)
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
