extension CommandParser {
  /// Reads the arguments of a query.
  ///
  /// ```
  /// show [--visible]     describe     items     visible     roots     expanded     count
  /// parent ITEM     level ITEM     index ITEM     is-expanded ITEM     is-visible ITEM
  /// contains ITEM
  /// ```
  mutating func readQuery(_ name: String) throws(SyntaxError) -> Command.QueryCommand {
    let command: Command.QueryCommand
    if let list = Command.ItemList(rawValue: name) {
      command = .list(list)
    } else if let query = Command.ItemQuery(rawValue: name) {
      command = .item(query, try require(identifier()))
    } else {
      switch name {
      case "show": command = .show(visibleOnly: has("--visible"))
      case "describe": command = .describe
      default: command = .count
      }
    }
    try end()
    return command
  }
}
