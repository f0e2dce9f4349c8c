/// One command of a line as `CommandParser.parse(line:)` read it: its text and where it starts,
/// and either the command or the reason it could not be read.
///
/// ```swift
/// let parsed = CommandParser.parse(line: "  delete A ;drag 1 x  # tidy")
/// parsed[0].source   // "delete A"
/// parsed[0].column   // 3
/// parsed[0].command  // .delete(["A"])
/// parsed[1].source   // "drag 1 x"
/// parsed[1].error?.message  // "drag" takes two row numbers: "x" is not a number
/// parsed[1].error?.column   // 20
/// ```
public struct ParsedCommand: Equatable, Hashable, Sendable {
  /// The command as typed, without the blanks around it, the `;` after it or a comment: what
  /// the JSON output's `"command"` field shows.
  public var source: String
  /// The 1-based column, in `Character`s of the line, where `source` begins.
  public var column: Int
  /// The command, or why it could not be read.
  public var result: Result<Command, SyntaxError>

  /// Creates a parsed command.
  public init(source: String, column: Int, result: Result<Command, SyntaxError>) {
    self.source = source
    self.column = column
    self.result = result
  }

  /// The command, if it was read.
  public var command: Command? {
    if case .success(let command) = result { return command }
    return nil
  }

  /// The error, if the command could not be read.
  public var error: SyntaxError? {
    if case .failure(let error) = result { return error }
    return nil
  }
}
