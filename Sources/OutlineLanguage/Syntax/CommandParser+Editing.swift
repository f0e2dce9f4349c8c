extension CommandParser {
  /// Reads the arguments of an editing command: `append`, `insert`, `delete`, `delete-all`,
  /// `child-snapshot`, `replace-children`.
  ///
  /// ```
  /// append ITEM... [to PARENT]
  /// insert ITEM... before|after ITEM      insert @NAME before|after ITEM
  /// insert --titled TEXT... before|after ITEM
  /// delete ITEM...                        delete-all
  /// child-snapshot PARENT [--including-parent] [as NAME]
  /// replace-children PARENT with @NAME
  /// reveal ITEM...                        filter PATTERN [--regex] [--in WHERE]
  /// rename ITEM NEW                       duplicate ITEM [as NEW]    duplicate ITEM...
  /// check ITEM...                         uncheck ITEM...
  /// sort [PARENT] [--reverse]             sort --roots [--reverse]
  /// focus ITEM     focus ..                unfocus
  /// paste before|after ITEM                paste into [ITEM]
  /// ```
  ///
  /// `sort` with no parent is `sort --roots`, and `paste into` with no item pastes into the
  /// view (`PasteTarget.intoView`): in a focus, both mean the focused item's children.
  ///
  /// The item lists end at the keyword that follows them (`to`, `before`, `after`), which is a
  /// keyword only after the first item. `as` accepts `NAME` or `@NAME`.
  mutating func readEditing(_ name: String) throws(SyntaxError) -> Command.EditingCommand {
    switch name {
    case "append":
      let items = identifiers(until: ["to", "before", "after"], existing: false)
      guard !items.isEmpty else { throw failure() }
      if let token = current, token.isKeyword("before") || token.isKeyword("after") {
        throw SyntaxError(.placementInAppend(token.text), column: token.column)
      }
      var parent: String?
      if keyword("to") != nil { parent = try require(identifier(.parent)) }
      try end()
      return has("--titled") ? .appendTitled(items, to: parent) : .append(items, to: parent)
    case "insert":
      note(.item)
      if has("--titled") {
        let texts = identifiers(until: ["before", "after"], existing: false)
        guard !texts.isEmpty else { throw failure() }
        let placement = try placement(of: .item)
        try end()
        return .insertTitled(texts, placement)
      }
      if let snapshot = reference() {
        let placement = try placement(of: .item)
        try end()
        return .insertSnapshot(snapshot, placement)
      }
      let items = identifiers(until: ["before", "after"], existing: false)
      guard !items.isEmpty else { throw failure() }
      let placement = try placement(of: .item)
      try end()
      return .insert(items, placement)
    case "delete":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      return .delete(items)
    case "delete-all":
      try end()
      return .deleteAll
    case "retitle":
      let item = try require(identifier(.item))
      let title = try require(identifier(.title))
      try end()
      return .retitle(item, title)
    case "check", "uncheck":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      return .check(items, checked: name == "check")
    case "cut", "copy":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      return name == "cut" ? .cut(items) : .copy(items)
    case "paste":
      let place = try require(keyword("before", "after", "into"))
      // `paste into` alone goes into the view: the focused item, or the roots.
      if place == "into", current == nil {
        note(.item)
        return .paste(.intoView)
      }
      let item = try require(identifier(.item))
      try end()
      switch place {
      case "before": return .paste(.before(item))
      case "after": return .paste(.after(item))
      default: return .paste(.into(item))
      }
    case "note":
      let item = try require(identifier(.item))
      let text = identifier(.title)
      try end()
      return .note(item, text)
    case "attr":
      let item = try require(identifier(.item))
      guard let name = identifier(.attributeName) else {
        if has("--delete") { throw failure() }
        try end()
        return .attr(item, nil)
      }
      if has("--delete") {
        try end()
        return .attr(item, .delete(name))
      }
      let value = try require(identifier(.attributeValue))
      try end()
      return .attr(item, .set(name, value))
    case "focus":
      if keyword("..") != nil {
        try end()
        return .focus(.up)
      }
      let item = try require(identifier(.item))
      try end()
      return .focus(.item(item))
    case "unfocus":
      try end()
      return .unfocus
    case "reveal":
      let items = identifiers()
      guard !items.isEmpty else { throw failure() }
      try end()
      return .reveal(items)
    case "filter":
      let search = try search()
      try end()
      return .filter(search)
    case "rename":
      let item = try require(identifier(.item))
      let new = try require(identifier(.newItem))
      try end()
      return .rename(item, to: new)
    case "duplicate":
      let items = identifiers(until: ["as"])
      let item = try require(items.first)
      var new: String?
      let column = current?.column ?? start
      if keyword("as") != nil {
        guard items.count == 1 else {
          throw SyntaxError(.severalItems(command: "duplicate", form: "as"), column: column)
        }
        new = try require(identifier(.newItem))
      }
      try end()
      return items.count > 1 ? .duplicateEach(items) : .duplicate(item, as: new)
    case "sort":
      if has("--roots") {
        try end()
        return .sort(parent: nil, reverse: has("--reverse"))
      }
      // With no parent, the view's top level, as `--roots`: the roots, or the focus's children.
      let parent = identifier(.parent)
      try end()
      return .sort(parent: parent, reverse: has("--reverse"))
    case "child-snapshot":
      let parent = try require(identifier(.parent))
      var kept: String?
      if keyword("as") != nil {
        note(.snapshotName)
        guard let token = current, token.kind == .word || token.kind == .reference else {
          if let token = current, token.kind == .row, token.text != "." {
            throw SyntaxError(
              .rowSnapshotName(String(token.text.dropFirst())), column: token.column)
          }
          throw failure()
        }
        if RowReference.isRowName(token.name) {
          throw SyntaxError(.rowSnapshotName(token.name), column: token.column)
        }
        advance()
        kept = token.name
      }
      try end()
      return .childSnapshot(of: parent, includingParent: has("--including-parent"), keepAs: kept)
    default:  // replace-children
      let parent = try require(identifier(.parent))
      _ = try require(keyword("with"))
      let snapshot = try require(reference())
      try end()
      return .replaceChildren(of: parent, with: snapshot)
    }
  }

  /// Reads `before ANCHOR` or `after ANCHOR`, where the anchor is an `expected` identifier.
  mutating func placement(of expected: SyntaxError.Expected) throws(SyntaxError)
    -> Command.Placement
  {
    switch keyword("before", "after") {
    case "before": return .before(try require(identifier(expected)))
    case "after": return .after(try require(identifier(expected)))
    default: throw failure()
    }
  }
}
