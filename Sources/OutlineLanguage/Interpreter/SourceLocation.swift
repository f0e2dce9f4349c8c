/// Where a command of a script was written: what `FILE:LINE: error:` names.
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The script's name: a path, `<command line>`, `<stdin>`.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// How many `source` commands deep the script runs: 0 for the top level.
  public var depth: Int

  /// Creates a location.
  public init(file: String, line: Int, depth: Int = 0) {
    self.file = file
    self.line = line
    self.depth = depth
  }

  /// `FILE:LINE`.
  public var description: String { "\(file):\(line)" }
}
