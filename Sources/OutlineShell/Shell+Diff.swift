import OutlineLanguage

extension Shell {
  /// `outline --diff A B`: prints the transaction that turns A's outline into B's, as `diff A
  /// B` does in a session, and answers as `diff(1)`: 0 when the outlines are the same (items,
  /// titles, structure, attributes and notes; expansion aside), 1 when they differ, 2 when a file
  /// cannot be read or parsed.
  ///
  /// - Complexity: O(*n* log *n*) in the items of both files.
  public func runDiff(_ first: String, _ second: String) -> ExitStatus {
    let command = Command.files(.diff(first, second))
    let outcome = session.run(command, source: command.description)
    report(outcome, at: SourceLocation(file: "<command line>", line: 1), interactive: true)
    guard outcome.ok, case .diff(let diff)? = outcome.result else { return .usage }
    return diff.isEmpty ? .success : .failure
  }
}
