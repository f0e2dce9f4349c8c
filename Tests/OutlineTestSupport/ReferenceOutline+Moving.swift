import Diffable

extension ReferenceOutline {
  /// A place in the forest to move an item to, as `SectionSnapshot.Destination` names them.
  public enum Destination: Equatable {
    /// Right before the item, as its previous sibling.
    case before(Item)
    /// Right after the item's whole subtree, as its next sibling.
    case after(Item)
    /// The first child of the item.
    case firstChild(of: Item)
    /// The last child of the item.
    case lastChild(of: Item)
    /// The last root.
    case lastRoot
  }

  /// Moves `item` with its whole subtree (and every flag) to `destination`, written as the rule
  /// reads: take the node out of the forest, then put it where the destination says in what is
  /// left.
  ///
  /// ```swift
  /// try outline.move("Pear", to: .before("Apple"))  // true
  /// ```
  ///
  /// - Returns: Whether the forest changed.
  /// - Throws: `itemNotFound` when `item` or the destination's item is absent; `invalidMove` when
  ///   the destination's item is `item` or one of its descendants. Nothing changes then.
  @discardableResult
  public mutating func move(_ item: Item, to destination: Destination) throws(SnapshotError)
    -> Bool
  {
    guard contains(item) else { throw .itemNotFound(String(describing: item)) }
    let anchor: Item?
    switch destination {
    case .before(let other), .after(let other), .firstChild(let other), .lastChild(let other):
      anchor = other
    case .lastRoot:
      anchor = nil
    }
    if let anchor {
      guard contains(anchor) else { throw .itemNotFound(String(describing: anchor)) }
      let subtree = try snapshot(of: item, includingParent: true).items
      if subtree.contains(anchor) {
        throw .invalidMove("cannot move \(item) into its own subtree")
      }
    }
    var rest = roots
    let node = Self.remove(item, from: &rest)!
    switch destination {
    case .before(let other):
      Self.insert(node, nextTo: other, after: false, in: &rest)
    case .after(let other):
      Self.insert(node, nextTo: other, after: true, in: &rest)
    case .firstChild(let parent):
      Self.insert(node, under: parent, first: true, in: &rest)
    case .lastChild(let parent):
      Self.insert(node, under: parent, first: false, in: &rest)
    case .lastRoot:
      rest.append(node)
    }
    if rest == roots { return false }
    self = ReferenceOutline(roots: rest, expanded: expanded)
    return true
  }

  /// The items that share `item`'s parent (the roots for a root), in order, `item` included.
  public func siblings(of item: Item) throws(SnapshotError) -> [Item] {
    guard let parent = try parent(of: item) else { return rootItems }
    return try snapshot(of: parent).rootItems
  }

  /// Takes the node of `item` out of `nodes` (at any depth) and returns it.
  private static func remove(_ item: Item, from nodes: inout [Node]) -> Node? {
    for index in nodes.indices {
      if nodes[index].item == item { return nodes.remove(at: index) }
      if let found = remove(item, from: &nodes[index].children) { return found }
    }
    return nil
  }

  /// Puts `node` among the siblings of `other`, right before it or right after it.
  @discardableResult
  private static func insert(_ node: Node, nextTo other: Item, after: Bool, in nodes: inout [Node])
    -> Bool
  {
    if let index = nodes.firstIndex(where: { $0.item == other }) {
      nodes.insert(node, at: after ? index + 1 : index)
      return true
    }
    for index in nodes.indices
    where insert(node, nextTo: other, after: after, in: &nodes[index].children) {
      return true
    }
    return false
  }

  /// Puts `node` first or last among the children of `parent`.
  @discardableResult
  private static func insert(_ node: Node, under parent: Item, first: Bool, in nodes: inout [Node])
    -> Bool
  {
    for index in nodes.indices {
      if nodes[index].item == parent {
        if first {
          nodes[index].children.insert(node, at: 0)
        } else {
          nodes[index].children.append(node)
        }
        return true
      }
      if insert(node, under: parent, first: first, in: &nodes[index].children) { return true }
    }
    return false
  }
}

extension ReferenceOutline {
  /// The outline once the user drags the visible row `source` to row `destination`, as
  /// SEMANTICS.md words it, on the outline's lines; nil when a row is out of range.
  ///
  /// The outline is its lines in pre-order, each with its level (hidden ones included). The
  /// dragged row's item, when it is a parent ("dragging an expanded parent collapses it first":
  /// an expanded leaf has nothing to collapse and keeps its flag), is collapsed first and its
  /// block (the item and its subtree) lifted out; `destination` counts the visible rows once it
  /// is collapsed. The block goes back in where
  /// the row above its drop point says: "dropped right below an expanded parent with children,
  /// the item becomes its first child; otherwise it takes the level of the row above (after
  /// that row's subtree), and a root dropped after nested rows stays a root at the end"; with no
  /// row above, it is the first line. The levels of the block shift with it. With no other row,
  /// only the collapse happens.
  ///
  /// Written from that sentence, on lines rather than `Destination`s, so that it does not
  /// repeat `DataSource.drag(in:fromRow:toRow:)`'s table.
  public func dragged(from source: Int, to destination: Int) -> ReferenceOutline? {
    guard source >= 0, source < visibleCount else { return nil }
    var edited = self
    let item = edited.visibleItem(at: source)
    if (try? edited.hasChildren(item)) == true { edited.collapse([item]) }
    let visible = edited.visibleItems
    guard destination >= 0, destination < visible.count else { return nil }
    let rows = edited.rows
    var lines = rows.map { (item: $0.item, level: $0.level) }
    func subtreeEnd(of index: Int) -> Int {
      var end = index + 1
      while end < lines.count, lines[end].level > lines[index].level { end += 1 }
      return end
    }
    let start = lines.firstIndex { $0.item == item }!
    var block = Array(lines[start..<subtreeEnd(of: start)])
    lines.removeSubrange(start..<start + block.count)
    let others = visible.filter { $0 != item }
    guard !others.isEmpty else { return edited }
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
        (at, level) = (subtreeEnd(of: line), lines[line].level)
      }
    }
    let shift = level - block[0].level
    block = block.map { (item: $0.item, level: $0.level + shift) }
    lines.insert(contentsOf: block, at: at)
    return ReferenceOutline(preOrder: lines, expanded: edited.expanded)
  }
}
