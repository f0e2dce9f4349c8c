extension CommandParser {
  /// Reads what `find` and `filter` take: `PATTERN [--regex] [--in titles|notes|attrs|all]`,
  /// the flags before or after the pattern.
  ///
  /// - Throws: What the grammar expected; `.invalidRegex` for a `--regex` pattern that Swift's
  ///   `Regex` does not read.
  mutating func search() throws(SyntaxError) -> Command.Search {
    var scope = try scopeAfterFlag()
    let column = current?.column ?? start
    let pattern = try require(identifier(.pattern))
    if scope == nil { scope = try scopeAfterFlag() }
    if has("--in"), scope == nil {
      // `--in` not right before the pattern or the cursor: ask for its word where it is.
      note(.keyword("titles"))
      throw failure()
    }
    if has("--regex") {
      do {
        _ = try Regex(pattern)
      } catch {
        throw SyntaxError(
          .invalidRegex(pattern, command: command, reason: "\(error)"), column: column)
      }
    }
    return Command.Search(pattern, isRegex: has("--regex"), scope: scope ?? .titles)
  }

  /// The scope word at the cursor when `--in` is right before it, read; nil otherwise.
  private mutating func scopeAfterFlag() throws(SyntaxError) -> Command.Search.Scope? {
    guard has("--in"), index > 0, tokens[index - 1].kind == .flag, tokens[index - 1].text == "--in"
    else { return nil }
    let words = Command.Search.Scope.allCases.map(\.rawValue)
    for word in words { note(.keyword(word)) }
    guard let token = current, token.kind == .word, !token.isQuoted,
      let scope = Command.Search.Scope(rawValue: token.text)
    else { throw failure() }
    advance()
    return scope
  }
}
