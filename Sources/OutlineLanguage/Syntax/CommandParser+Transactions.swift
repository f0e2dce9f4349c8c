extension CommandParser {
  /// Reads the arguments of a transaction or history command.
  ///
  /// ```
  /// begin [--empty]     apply     discard     last [--full]     log     undo     redo
  /// ```
  mutating func readTransaction(_ name: String) throws(SyntaxError)
    -> Command.TransactionCommand
  {
    let command: Command.TransactionCommand
    switch name {
    case "begin": command = .begin(empty: has("--empty"))
    case "apply": command = .apply
    case "discard": command = .discard
    case "last": command = .last(full: has("--full"))
    case "log": command = .log
    case "undo": command = .undo
    default: command = .redo
    }
    try end()
    return command
  }
}
