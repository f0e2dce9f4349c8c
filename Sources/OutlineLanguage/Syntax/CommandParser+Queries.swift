extension CommandParser {
  /// Reads the arguments of a query or a section command.
  ///
  /// ```
  /// show [--visible]     describe     items     visible     roots     expanded     count
  /// parent ITEM     level ITEM     index ITEM     is-expanded ITEM     is-visible ITEM
  /// contains ITEM
  /// section add NAME...     section use NAME     section delete NAME
  /// section move NAME before|after NAME     sections
  /// ```
  mutating func readQuery(_ name: String) throws(SyntaxError) -> Command {
    if let list = Command.ItemList(rawValue: name) {
      try end()
      return .list(list)
    }
    if let query = Command.ItemQuery(rawValue: name) {
      let item = try require(identifier())
      try end()
      return .query(query, item)
    }
    let command: Command
    switch name {
    case "show": command = .show(visibleOnly: has("--visible"))
    case "describe": command = .describe
    case "count": command = .count
    case "sections": command = .sections
    default: command = .section(try readSection())
    }
    try end()
    return command
  }

  /// The subcommands of `section`, in the catalog's order.
  static let sectionForms = ["add", "use", "delete", "move"]

  /// Reads a `section` command after its first word, up to its end.
  private mutating func readSection() throws(SyntaxError) -> Command.SectionCommand {
    switch try subcommand(of: "section", Self.sectionForms) {
    case "add":
      let names = identifiers(.section)
      guard !names.isEmpty else { throw failure() }
      return .add(names)
    case "use": return .use(try require(identifier(.section)))
    case "delete": return .delete(try require(identifier(.section)))
    default:  // move
      let name = try require(identifier(.section))
      return .move(name, try placement(of: .section))
    }
  }
}
