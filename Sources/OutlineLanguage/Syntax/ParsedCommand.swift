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
  /// Whether the command names an item by row (`@3`, `@2..5`) or as `.`: the command holds
  /// the row words as typed until a session resolves them (`Session.run(_:)`).
  public var refersToRows = false
  /// The first item the command names, existing or new: what becomes the current item (`.`)
  /// when it succeeds.
  public var firstItem: String?
  /// Why a session could not resolve the command's rows (`unknownItem`), when it could not.
  var rowFailure: CommandError?
  /// Why a session could not resolve a row inside `expect error`, whose command fails with it.
  var nestedRowFailure: CommandError?

  /// Creates a parsed command.
  public init(source: String, column: Int, result: Result<Command, SyntaxError>) {
    self.source = source
    self.column = column
    self.result = result
  }

  /// Whether two parsed commands have the same text, column and result; what the parser
  /// derived from them (`refersToRows`, `firstItem`) is not compared.
  public static func == (lhs: ParsedCommand, rhs: ParsedCommand) -> Bool {
    lhs.source == rhs.source && lhs.column == rhs.column && lhs.result == rhs.result
  }

  /// Hashes the text, column and result.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(column)
    hasher.combine(result)
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
