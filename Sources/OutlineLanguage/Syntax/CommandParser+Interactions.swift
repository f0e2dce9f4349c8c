extension CommandParser {
  /// Reads the arguments of a user interaction.
  ///
  /// ```
  /// expand [--force] ITEM...              collapse [--force] ITEM...
  /// move ITEM before|after ITEM           move ITEM to PARENT        move ITEM to-root
  /// drag ROW ROW                          indent ITEM                outdent ITEM
  /// move ITEM to-section NAME [before|after ITEM]                     drag NAME:ROW NAME:ROW
  /// move ITEM up|down                     expand --all [ITEM]        collapse --all [ITEM]
  /// expand --depth N
  /// ```
  ///
  /// After `move ITEM`, `to` followed by a word is `to PARENT` even when the word is `to-root`:
  /// that position takes a parent. Rows are decimal integers; whether they are in range is the
  /// interpreter's business.
  mutating func readInteraction(_ name: String) throws(SyntaxError)
    -> Command.InteractionCommand
  {
    switch name {
    case "expand" where has("--depth"):
      try exclusive("--depth", "--force", "--all")
      let depth = try value(of: "--depth", "a depth (1: roots only)", takes: "a depth", least: 1)
      try end()
      return .expandToDepth(depth)
    case "expand" where has("--all"), "collapse" where has("--all"):
      try exclusive("--all", "--force")
      let item = identifier()
      try end()
      return name == "expand" ? .expandAll(item) : .collapseAll(item)
    case "expand", "collapse":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      let force = has("--force")
      return name == "expand" ? .expand(items, force: force) : .collapse(items, force: force)
    case "move":
      let item = try require(identifier())
      let destination: Command.MoveDestination
      let word = keyword("before", "after", "to", "to-root", "to-section", "up", "down")
      switch word {
      case "up", "down":
        try end()
        return .shift(item, word == "up" ? .up : .down)
      case "before": destination = .before(try require(identifier()))
      case "after": destination = .after(try require(identifier()))
      case "to": destination = .into(try require(identifier(.parent)))
      case "to-root": destination = .toRoot
      case "to-section":
        let section = try require(identifier(.section))
        var placement: Command.Placement?
        switch keyword("before", "after") {
        case "before": placement = .before(try require(identifier()))
        case "after": placement = .after(try require(identifier()))
        default: placement = nil
        }
        destination = .intoSection(section, placement)
      default: throw failure()
      }
      try end()
      return .move(item, to: destination)
    case "drag" where current?.kind == .word && current?.text.contains(":") == true:
      let from = try sectionRow()
      let to = try sectionRow()
      try end()
      return .dragAcross(from: from, to: to)
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

  /// Reads a `NAME:ROW` word: a section and a row of it, split at the last `:`.
  private mutating func sectionRow() throws(SyntaxError) -> Command.SectionRow {
    note(.number("a section's row (NAME:ROW)"))
    guard let token = current, token.kind == .word else { throw failure() }
    guard let colon = token.text.lastIndex(of: ":"),
      let row = Int(token.text[token.text.index(after: colon)...])
    else {
      throw SyntaxError(
        .notANumber(token.text, command: command, takes: "two rows as NAME:ROW"),
        column: token.column)
    }
    advance()
    return Command.SectionRow(section: String(token.text[..<colon]), row: row)
  }
}
