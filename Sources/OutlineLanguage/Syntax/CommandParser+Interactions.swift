extension CommandParser {
  /// Reads the arguments of a user interaction.
  ///
  /// ```
  /// expand [--force] ITEM...              collapse [--force] ITEM...
  /// move ITEM before|after ITEM           move ITEM to PARENT        move ITEM to-root
  /// drag ROW ROW                          indent ITEM...             outdent [--in-place] ITEM...
  /// move ITEM ITEM... before|after ITEM | to PARENT | to-root
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
      let keywords = ["before", "after", "to", "to-root", "to-section", "up", "down"]
      let listStart = index
      let moving = identifiers(until: keywords)
      let item = try require(moving.first)
      let destination: Command.MoveDestination
      let column = current?.column ?? start
      let word = keyword("before", "after", "to", "to-root", "to-section", "up", "down")
      if word == nil, moving.count > 1, rowError == nil {
        // No destination after several words: the second one is where one was missing (a
        // mistyped keyword, `move A befor B`), as it would be for one item.
        index = listStart + 1
        notes.removeAll()
        for keyword in keywords { note(.keyword(keyword)) }
        throw failure()
      }
      if moving.count > 1, let word, word == "up" || word == "down" || word == "to-section" {
        throw SyntaxError(.severalItems(command: "move", form: word), column: column)
      }
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
      if moving.count > 1 { return .reorderEach(moving, .move(destination)) }
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
      let items = identifiers()
      guard let item = items.first else { throw failure() }
      try end()
      if has("--in-place") { return .reorderEach(items, .outdentInPlace) }
      if items.count > 1 { return .reorderEach(items, name == "indent" ? .indent : .outdent) }
      return name == "indent" ? .indent(item) : .outdent(item)
    }
  }

  /// Reads a `NAME:ROW` word: a section and a row of it, split at the last `:`.
  private mutating func sectionRow() throws(SyntaxError) -> Command.SectionRow {
    note(.number("a section's row (NAME:ROW)"))
    guard let token = current, token.kind == .word else { throw failure() }
    // Split between scalars: a name may end in one that joins the `:` into a `Character`.
    let scalars = token.text.unicodeScalars
    guard let colon = scalars.lastIndex(of: ":"),
      let row = Int(String(scalars[scalars.index(after: colon)...]))
    else {
      throw SyntaxError(
        .notANumber(token.text, command: command, takes: "two rows as NAME:ROW"),
        column: token.column)
    }
    advance()
    return Command.SectionRow(section: String(scalars[..<colon]), row: row)
  }
}
