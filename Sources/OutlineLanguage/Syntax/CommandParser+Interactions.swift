extension CommandParser {
  /// Reads the arguments of a user interaction.
  ///
  /// ```
  /// expand [--force] ITEM...              collapse [--force] ITEM...
  /// move ITEM before|after ITEM           move ITEM to PARENT        move ITEM to-root
  /// drag ROW ROW                          indent ITEM                outdent ITEM
  /// ```
  ///
  /// After `move ITEM`, `to` followed by a word is `to PARENT` even when the word is `to-root`:
  /// that position takes a parent. Rows are decimal integers; whether they are in range is the
  /// interpreter's business.
  mutating func readInteraction(_ name: String) throws(SyntaxError)
    -> Command.InteractionCommand
  {
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
    default:  // indent, outdent
      let item = try require(identifier())
      try end()
      return name == "indent" ? .indent(item) : .outdent(item)
    }
  }
}
