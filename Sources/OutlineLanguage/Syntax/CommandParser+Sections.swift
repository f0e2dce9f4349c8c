extension CommandParser {
  /// Reads the arguments of a section command.
  ///
  /// ```
  /// section add NAME...     section use NAME     section delete NAME
  /// section move NAME before|after NAME     sections
  /// ```
  mutating func readSection(_ name: String) throws(SyntaxError) -> Command.SectionCommand {
    let command: Command.SectionCommand
    if name == "sections" {
      command = .list
    } else {
      switch try subcommand(of: "section", Self.sectionForms) {
      case "add":
        let names = identifiers(.section)
        guard !names.isEmpty else { throw failure() }
        command = .add(names)
      case "use": command = .use(try require(identifier(.section)))
      case "delete": command = .delete(try require(identifier(.section)))
      default:  // move
        let name = try require(identifier(.section))
        command = .move(name, try placement(of: .section))
      }
    }
    try end()
    return command
  }

  /// The subcommands of `section`, in the catalog's order.
  static let sectionForms = ["add", "use", "delete", "move"]
}
