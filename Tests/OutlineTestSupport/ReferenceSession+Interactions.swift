import Diffable

extension ReferenceSession {
  /// `expand`/`collapse`: with `force`, set or clear the flags (no rules); otherwise a tap on
  /// each item in turn, as SEMANTICS.md's disclosure action describes.
  ///
  /// Every item must be in the outline (`unknownItem`, before anything). A tap on an item already
  /// in the wanted state does nothing. A tap that expands asks the `no-expand` rules (`refused`),
  /// then, for an item with no children, the first `lazy` rule matching it supplies its children
  /// (unless they repeat an item), which must be new everywhere (`duplicateItem`). A tap that
  /// collapses asks the `no-collapse` rules.
  mutating func toggle(_ items: [String], expanding: Bool, force: Bool) throws(Failure) {
    for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
    var edited = outline
    if force {
      if expanding { edited.expand(items) } else { edited.collapse(items) }
      try commit(edited)
      return
    }
    for item in items {
      let isExpanded = try attempt { () throws(SnapshotError) in try edited.isExpanded(item) }
      if isExpanded == expanding { continue }
      if expanding {
        guard allows(.noExpand, item) else { throw Failure(.refused) }
        let hasChildren = try attempt { () throws(SnapshotError) in try edited.hasChildren(item) }
        if !hasChildren, let children = lazyChildren(of: item),
          Set(children).count == children.count
        {
          var loaded = ReferenceOutline<String>()
          try attempt { () throws(SnapshotError) in try loaded.append(children) }
          try attempt { () throws(SnapshotError) in
            try edited.replace(childrenOf: item, using: loaded)
          }
        }
        edited.expand([item])
      } else {
        guard allows(.noCollapse, item) else { throw Failure(.refused) }
        edited.collapse([item])
      }
      try commit(edited)
    }
  }

  /// `move`, `drag`, `indent`, `outdent`: reorders, refused by the `no-reorder` rules.
  mutating func executeReordering(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    switch command {
    case .move(let item, let target):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      let destination: ReferenceOutline<String>.Destination
      switch target {
      case .before(let anchor):
        guard outline.contains(anchor) else { throw Failure(.unknownItem) }
        destination = .before(anchor)
      case .after(let anchor):
        guard outline.contains(anchor) else { throw Failure(.unknownItem) }
        destination = .after(anchor)
      case .into(let parent):
        guard outline.contains(parent) else { throw Failure(.unknownParent) }
        destination = .lastChild(of: parent)
      case .toRoot:
        destination = .lastRoot
      }
      try reorder(item, to: destination)
    case .drag(let source, let destination):
      try drag(from: source, to: destination)
    case .indent(let item):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      let siblings = try attempt { () throws(SnapshotError) in try outline.siblings(of: item) }
      let index = siblings.firstIndex(of: item)!
      guard index > 0 else { throw Failure(.invalidMove) }
      try reorder(item, to: .lastChild(of: siblings[index - 1]))
    case .outdent(let item):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      let parent = try attempt { () throws(SnapshotError) in try outline.parent(of: item) }
      guard let parent else { throw Failure(.invalidMove) }
      try reorder(item, to: .after(parent))
    default:
      preconditionFailure("not a reordering command: \(command)")
    }
  }

  /// Asks the `no-reorder` rules, then moves `item` (an invalid destination fails after the
  /// rules are asked); a move to where the item is changes nothing.
  mutating func reorder(_ item: String, to destination: ReferenceOutline<String>.Destination)
    throws(Failure)
  {
    guard allows(.noReorder, item) else { throw Failure(.refused) }
    var edited = outline
    try attempt { () throws(SnapshotError) in try edited.move(item, to: destination) }
    try commit(edited)
  }

  /// `drag ROW ROW`, as SEMANTICS.md words it, on the outline's lines.
  ///
  /// The outline is its lines in pre-order, each with its level (hidden ones included). The
  /// dragged row's item is collapsed first (no rules asked) and its block (the item and its
  /// subtree) lifted out; `destination` counts the visible rows once it is collapsed. The block
  /// goes back in where the row above its drop point says: "dropped right below an expanded
  /// parent with children, the item becomes its first child; otherwise it takes the level of
  /// the row above (after that row's subtree), and a root dropped after nested rows stays a root
  /// at the end"; with no row above, it is the first line. The levels of the block shift with it.
  ///
  /// Written from that sentence, on lines rather than `Destination`s, so that it does not
  /// repeat `DataSource.drag(in:fromRow:toRow:)`'s table.
  mutating func drag(from source: Int, to destination: Int) throws(Failure) {
    var edited = outline
    guard source >= 0, source < edited.visibleCount else { throw Failure(.invalidMove) }
    let item = edited.visibleItem(at: source)
    edited.collapse([item])
    let visible = edited.visibleItems
    guard destination >= 0, destination < visible.count else { throw Failure(.invalidMove) }
    guard allows(.noReorder, item) else { throw Failure(.refused) }
    let rows = edited.rows
    var lines = rows.map { (item: $0.item, level: $0.level) }
    let start = lines.firstIndex { $0.item == item }!
    var block = Array(lines[start..<subtreeEnd(of: start, in: lines)])
    lines.removeSubrange(start..<start + block.count)
    let others = visible.filter { $0 != item }
    guard !others.isEmpty else {
      try commit(edited)  // nowhere else to drop it: only the collapse, if any
      return
    }
    var at = 0
    var level = 0
    if destination > 0 {
      let above = others[destination - 1]
      let line = lines.firstIndex { $0.item == above }!
      // As the user sees it while dragging: the dragged item still counts as a child.
      let aboveRow = rows.first { $0.item == above }!
      if aboveRow.isExpanded && aboveRow.hasChildren {
        (at, level) = (line + 1, lines[line].level + 1)
      } else if block[0].level == 0, destination == visible.count - 1, lines[line].level > 0 {
        (at, level) = (lines.count, 0)
      } else {
        (at, level) = (subtreeEnd(of: line, in: lines), lines[line].level)
      }
    }
    let shift = level - block[0].level
    block = block.map { (item: $0.item, level: $0.level + shift) }
    lines.insert(contentsOf: block, at: at)
    try commit(ReferenceOutline(preOrder: lines, expanded: edited.expanded))
  }

  /// The index after the last line of the subtree whose first line is at `index`.
  private func subtreeEnd(of index: Int, in lines: [(item: String, level: Int)]) -> Int {
    var end = index + 1
    while end < lines.count, lines[end].level > lines[index].level { end += 1 }
    return end
  }
}
