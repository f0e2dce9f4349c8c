extension CommandParser {
  /// Reads the arguments of a user interaction or a handler rule.
  ///
  /// ```
  /// expand [--force] ITEM...              collapse [--force] ITEM...
  /// move ITEM before|after ITEM           move ITEM to PARENT        move ITEM to-root
  /// drag ROW ROW                          indent ITEM                outdent ITEM
  /// rule no-collapse|no-expand|no-reorder ITEM...
  /// rule lazy PARENT CHILD...             rule remove N              rule clear
  /// rules
  /// ```
  ///
  /// After `move ITEM`, `to` followed by a word is `to PARENT` even when the word is `to-root`:
  /// that position takes a parent. Rows and rule numbers are decimal integers; whether they are
  /// in range is the interpreter's business.
  mutating func readInteraction(_ name: String) throws(SyntaxError) -> Command {
    switch name {
    case "expand", "collapse":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      let force = has("--force")
      return name == "expand" ? .expand(items, force: force) : .collapse(items, force: force)
    case "move":
      let item = try require(identifier())
      let destination: Command.MoveDestination
      switch keyword("before", "after", "to", "to-root") {
      case "before": destination = .before(try require(identifier()))
      case "after": destination = .after(try require(identifier()))
      case "to": destination = .into(try require(identifier(.parent)))
      case "to-root": destination = .toRoot
      default: throw failure()
      }
      try end()
      return .move(item, to: destination)
    case "drag":
      let from = try number("a row number", takes: "two row numbers")
      let to = try number("a row number", takes: "two row numbers")
      try end()
      return .drag(from: from, to: to)
    case "indent", "outdent":
      let item = try require(identifier())
      try end()
      return name == "indent" ? .indent(item) : .outdent(item)
    case "rules":
      try end()
      return .rules
    default:  // rule
      return try readRule()
    }
  }

  /// The subcommands of `rule`, in the catalog's order.
  static let ruleForms = ["no-collapse", "no-expand", "no-reorder", "lazy", "remove", "clear"]

  /// Reads a `rule` command after its first word.
  private mutating func readRule() throws(SyntaxError) -> Command {
    let form = try subcommand(of: "rule", Self.ruleForms)
    let command: Command
    switch form {
    case "remove":
      command = .removeRule(try number("a rule number", takes: "a rule number"))
    case "clear":
      command = .clearRules
    case "lazy":
      let parent = try require(identifier(.parent))
      let children = identifiers()
      guard !children.isEmpty else { throw failure() }
      command = .rule(.lazy(parent: parent, children: children))
    default:
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      switch form {
      case "no-collapse": command = .rule(.noCollapse(items))
      case "no-expand": command = .rule(.noExpand(items))
      default: command = .rule(.noReorder(items))
      }
    }
    try end()
    return command
  }
}
