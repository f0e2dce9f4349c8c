extension CommandParser {
  /// Reads the arguments of a query.
  ///
  /// ```
  /// show [--visible] [ITEM]     show @N..M     show --depth N
  /// find PATTERN [--regex] [--in WHERE]
  /// describe     items     visible     roots     expanded     count
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
      case "show" where has("--depth"):
        try exclusive("--depth", "--visible")
        command = .showToDepth(
          try value(of: "--depth", "a depth (1: roots only)", takes: "a depth", least: 1))
      case "show":
        if let token = current, token.kind == .row, let reference = RowReference(token.text),
          reference.isRange, case .rows(let rows) = reference
        {
          // A range of rows is a view of those rows, not items: it stays as typed.
          note(.item)
          advance()
          command = .showRows(rows)
        } else if let item = identifier() {
          command = .showSubtree(item, visibleOnly: has("--visible"))
        } else {
          command = .show(visibleOnly: has("--visible"))
        }
      case "find": command = .find(try search())
      case "describe": command = .describe
      default: command = .count
      }
    }
    try end()
    return command
  }
}
