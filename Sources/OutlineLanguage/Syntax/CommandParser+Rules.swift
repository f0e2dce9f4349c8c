extension CommandParser {
  /// Reads the arguments of a handler-rule command.
  ///
  /// ```
  /// rule no-collapse|no-expand|no-reorder ITEM...
  /// rule lazy PARENT CHILD...             rule remove N              rule clear
  /// rules
  /// ```
  ///
  /// Rule numbers are decimal integers; whether one is listed is the interpreter's business.
  mutating func readRule(_ name: String) throws(SyntaxError) -> Command.RuleCommand {
    guard name == "rule" else {  // rules
      try end()
      return .list
    }
    let form = try subcommand(of: "rule", Self.ruleForms)
    let command: Command.RuleCommand
    switch form {
    case "remove":
      command = .remove(try number("a rule number", takes: "a rule number"))
    case "clear":
      command = .clear
    case "lazy":
      let parent = try require(identifier(.parent))
      let children = identifiers()
      guard !children.isEmpty else { throw failure() }
      command = .add(.lazy(parent: parent, children: children))
    default:
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      switch form {
      case "no-collapse": command = .add(.noCollapse(items))
      case "no-expand": command = .add(.noExpand(items))
      default: command = .add(.noReorder(items))
      }
    }
    try end()
    return command
  }

  /// The subcommands of `rule`, in the catalog's order.
  static let ruleForms = ["no-collapse", "no-expand", "no-reorder", "lazy", "remove", "clear"]
}
