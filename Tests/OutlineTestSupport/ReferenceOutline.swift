import Diffable

/// The plainest model of a section snapshot, written from SEMANTICS.md alone: the oracle that
/// `SectionSnapshot` is checked against.
///
/// The forest is a nested tree of nodes (each with the ordered list of its children) beside the
/// set of expanded items. Every query walks the tree; every edit finds its place by searching for
/// the item's path. Nothing is cached and nothing is clever: each member reads like the rule it
/// models, and costs O(*n*) or more.
///
/// The members have the names of `SectionSnapshot`'s and throw the same `SnapshotError` cases,
/// checking their arguments in the same order (an empty argument first, then the destination,
/// then uniqueness), and a failed call changes nothing.
///
/// ```swift
/// var outline = ReferenceOutline<String>()
/// try outline.append(["Food", "Drinks"])
/// try outline.append(["Apple"], to: "Food")
/// outline.expand(["Food"])
/// outline.visualDescriptionLines()  // ["+*Food", "  -*Apple", "-*Drinks"]
/// ```
public struct ReferenceOutline<Item: Hashable>: Equatable {
  /// One item with its children in order.
  public struct Node: Equatable {
    public var item: Item
    public var children: [Node]

    public init(_ item: Item, _ children: [Node] = []) {
      self.item = item
      self.children = children
    }

    /// This item and its whole subtree in depth-first pre-order.
    public var preOrder: [Item] {
      var result: [Item] = []
      appendPreOrder(to: &result)
      return result
    }

    fileprivate func appendPreOrder(to result: inout [Item]) {
      result.append(item)
      for child in children { child.appendPreOrder(to: &result) }
    }
  }

  /// Everything the tree says about one item, gathered in one walk.
  public struct Row: Equatable, CustomStringConvertible {
    public var item: Item
    public var level: Int
    public var parent: Item?
    public var index: Int
    public var isExpanded: Bool
    public var isVisible: Bool
    public var visibleIndex: Int?
    public var hasChildren: Bool

    public init(
      item: Item, level: Int, parent: Item?, index: Int, isExpanded: Bool, isVisible: Bool,
      visibleIndex: Int?, hasChildren: Bool
    ) {
      self.item = item
      self.level = level
      self.parent = parent
      self.index = index
      self.isExpanded = isExpanded
      self.isVisible = isVisible
      self.visibleIndex = visibleIndex
      self.hasChildren = hasChildren
    }

    public var description: String {
      "\(item): level \(level), parent \(parent.map { "\($0)" } ?? "nil"), index \(index), "
        + "expanded \(isExpanded), visible \(isVisible), visibleIndex "
        + "\(visibleIndex.map { "\($0)" } ?? "nil"), hasChildren \(hasChildren)"
    }
  }

  /// The roots in order, each with its subtree.
  public private(set) var roots: [Node]
  /// The items whose own expansion flag is set.
  public private(set) var expanded: Set<Item>

  /// An empty outline.
  public init() {
    roots = []
    expanded = []
  }

  /// An outline holding `roots`, with `expanded` (restricted to the items present) expanded.
  public init(roots: [Node], expanded: Set<Item> = []) {
    self.roots = roots
    let items = roots.flatMap { $0.preOrder }
    precondition(Set(items).count == items.count, "repeated item in \(roots)")
    self.expanded = expanded.intersection(items)
  }

  /// An outline read from its rows in pre-order, each with its level (0 for a root, one more
  /// than the row's parent otherwise): the way a person reads an indented outline.
  public init(preOrder lines: [(item: Item, level: Int)], expanded: Set<Item> = []) {
    // The open ancestors of the next line, as (item, children so far), outermost first.
    var open: [(item: Item, children: [Node])] = []
    var roots: [Node] = []
    func close() {
      let (item, children) = open.removeLast()
      let node = Node(item, children)
      if open.isEmpty { roots.append(node) } else { open[open.count - 1].children.append(node) }
    }
    for line in lines {
      precondition(line.level <= open.count, "level \(line.level) after level \(open.count - 1)")
      while open.count > line.level { close() }
      open.append((line.item, []))
    }
    while !open.isEmpty { close() }
    self.init(roots: roots, expanded: expanded)
  }

  // MARK: - Finding

  /// The child offsets leading from the roots to `item`, or nil when it is absent.
  private func path(of item: Item) -> [Int]? {
    var path: [Int] = []
    func search(_ nodes: [Node]) -> Bool {
      for (offset, node) in nodes.enumerated() {
        path.append(offset)
        if node.item == item || search(node.children) { return true }
        path.removeLast()
      }
      return false
    }
    return search(roots) ? path : nil
  }

  /// The node at `path`.
  private func node(at path: [Int]) -> Node {
    var node = roots[path[0]]
    for offset in path.dropFirst() { node = node.children[offset] }
    return node
  }

  /// Calls `body` on the list of siblings the last offset of `path` indexes into (the roots for
  /// a path of one offset).
  private mutating func withSiblings(
    of path: [Int], _ body: (inout [Node]) -> Void
  ) {
    func descend(_ nodes: inout [Node], _ rest: ArraySlice<Int>) {
      if rest.count == 1 {
        body(&nodes)
      } else {
        descend(&nodes[rest.first!].children, rest.dropFirst())
      }
    }
    descend(&roots, path[...])
  }

  /// Calls `body` on the children of the node at `path`.
  private mutating func withChildren(of path: [Int], _ body: (inout [Node]) -> Void) {
    withSiblings(of: path) { siblings in body(&siblings[path.last!].children) }
  }

  // MARK: - Queries

  /// Every item in depth-first pre-order, hidden ones included.
  public var items: [Item] {
    var result: [Item] = []
    for root in roots { root.appendPreOrder(to: &result) }
    return result
  }

  /// The number of items.
  public var count: Int { items.count }

  /// The level-0 items.
  public var rootItems: [Item] { roots.map { $0.item } }

  /// The items every ancestor of which is expanded, in `items` order.
  public var visibleItems: [Item] {
    var result: [Item] = []
    func walk(_ nodes: [Node]) {
      for node in nodes {
        result.append(node.item)
        if expanded.contains(node.item) { walk(node.children) }
      }
    }
    walk(roots)
    return result
  }

  /// The number of visible items.
  public var visibleCount: Int { visibleItems.count }

  /// The expanded items in `items` order.
  public var expandedItems: [Item] { items.filter { expanded.contains($0) } }

  /// One row per item, in `items` order.
  public var rows: [Row] {
    var result: [Row] = []
    var visibleRow = 0
    func walk(_ nodes: [Node], level: Int, parent: Item?, visible: Bool) {
      for node in nodes {
        let isExpanded = expanded.contains(node.item)
        result.append(
          Row(
            item: node.item, level: level, parent: parent, index: result.count,
            isExpanded: isExpanded, isVisible: visible,
            visibleIndex: visible ? visibleRow : nil, hasChildren: !node.children.isEmpty))
        if visible { visibleRow += 1 }
        walk(node.children, level: level + 1, parent: node.item, visible: visible && isExpanded)
      }
    }
    walk(roots, level: 0, parent: nil, visible: true)
    return result
  }

  /// Whether `item` is in the outline.
  public func contains(_ item: Item) -> Bool { items.contains(item) }

  /// The offset of `item` in `items` (hidden items counted), or nil when absent.
  public func index(of item: Item) -> Int? { items.firstIndex(of: item) }

  /// The number of ancestors of `item`: 0 for a root.
  public func level(of item: Item) throws(SnapshotError) -> Int {
    guard let path = path(of: item) else { throw .itemNotFound(Self.text(item)) }
    return path.count - 1
  }

  /// The parent of `item`, or nil for a root.
  public func parent(of item: Item) throws(SnapshotError) -> Item? {
    guard let path = path(of: item) else { throw .childNotFound(Self.text(item)) }
    return path.count == 1 ? nil : node(at: Array(path.dropLast())).item
  }

  /// The item's own expansion flag, whatever its ancestors.
  public func isExpanded(_ item: Item) throws(SnapshotError) -> Bool {
    guard contains(item) else { throw .itemNotFound(Self.text(item)) }
    return expanded.contains(item)
  }

  /// Whether every ancestor of `item` is expanded (its own flag does not matter).
  public func isVisible(_ item: Item) throws(SnapshotError) -> Bool {
    guard let path = path(of: item) else { throw .itemNotFound(Self.text(item)) }
    for length in 1..<path.count where !expanded.contains(node(at: Array(path[..<length])).item) {
      return false
    }
    return true
  }

  /// Whether `item` has at least one child.
  public func hasChildren(_ item: Item) throws(SnapshotError) -> Bool {
    guard let path = path(of: item) else { throw .itemNotFound(Self.text(item)) }
    return !node(at: path).children.isEmpty
  }

  /// The row of `item` among the visible items, or nil when absent or hidden.
  public func visibleIndex(of item: Item) -> Int? { visibleItems.firstIndex(of: item) }

  /// The visible item at `row`.
  public func visibleItem(at row: Int) -> Item { visibleItems[row] }

  /// The item at offset `index` of `items`.
  public func item(at index: Int) -> Item { items[index] }

  /// Two spaces per level, `+` or `-` for the flag, `*` or a space for visibility, the item.
  public func visualDescriptionLines() -> [String] {
    rows.map { row in
      String(repeating: "  ", count: row.level) + (row.isExpanded ? "+" : "-")
        + (row.isVisible ? "*" : " ") + Self.text(row.item)
    }
  }

  // MARK: - Edits

  /// The uniqueness error for `newItems` when one repeats an earlier one or is already present
  /// (other than those `reusable` allows): every such occurrence, in argument order.
  private func duplicates(_ newItems: [Item], reusable: Set<Item> = []) -> SnapshotError? {
    let present = Set(items)
    var seen = Set<Item>()
    var found: [Item] = []
    for item in newItems {
      let repeated = !seen.insert(item).inserted
      if repeated || (present.contains(item) && !reusable.contains(item)) { found.append(item) }
    }
    return found.isEmpty ? nil : .duplicateItems(found.map { String(describing: $0) })
  }

  /// New last roots, or new last children of `parent`; they start collapsed.
  public mutating func append(_ newItems: [Item], to parent: Item? = nil) throws(SnapshotError) {
    if newItems.isEmpty { return }
    let nodes = newItems.map { Node($0) }
    guard let parent else {
      if let error = duplicates(newItems) { throw error }
      roots += nodes
      return
    }
    guard let path = path(of: parent) else { throw .parentNotFound(Self.text(parent)) }
    if let error = duplicates(newItems) { throw error }
    withChildren(of: path) { $0 += nodes }
  }

  /// New siblings of `item`, right before it.
  public mutating func insert(_ newItems: [Item], before item: Item) throws(SnapshotError) {
    if newItems.isEmpty { return }
    guard let path = path(of: item) else { throw .insertBeforeItemNotFound(Self.text(item)) }
    if let error = duplicates(newItems) { throw error }
    withSiblings(of: path) { $0.insert(contentsOf: newItems.map { Node($0) }, at: path.last!) }
  }

  /// New siblings of `item`, right after its whole subtree.
  public mutating func insert(_ newItems: [Item], after item: Item) throws(SnapshotError) {
    if newItems.isEmpty { return }
    guard let path = path(of: item) else { throw .insertAfterItemNotFound(Self.text(item)) }
    if let error = duplicates(newItems) { throw error }
    withSiblings(of: path) { $0.insert(contentsOf: newItems.map { Node($0) }, at: path.last! + 1) }
  }

  /// `outline`'s roots, with their subtrees and flags, as siblings right before `item`.
  public mutating func insert(_ outline: ReferenceOutline, before item: Item) throws(SnapshotError)
  {
    if outline.roots.isEmpty { return }
    guard let path = path(of: item) else { throw .insertBeforeItemNotFound(Self.text(item)) }
    if let error = duplicates(outline.items) { throw error }
    withSiblings(of: path) { $0.insert(contentsOf: outline.roots, at: path.last!) }
    expanded.formUnion(outline.expanded)
  }

  /// `outline`'s roots, with their subtrees and flags, as siblings right after `item`'s subtree.
  public mutating func insert(_ outline: ReferenceOutline, after item: Item) throws(SnapshotError) {
    if outline.roots.isEmpty { return }
    guard let path = path(of: item) else { throw .insertAfterItemNotFound(Self.text(item)) }
    if let error = duplicates(outline.items) { throw error }
    withSiblings(of: path) { $0.insert(contentsOf: outline.roots, at: path.last! + 1) }
    expanded.formUnion(outline.expanded)
  }

  /// `parent`'s descendants go (with their flags); `outline`'s roots become its children.
  public mutating func replace(childrenOf parent: Item, using outline: ReferenceOutline)
    throws(SnapshotError)
  {
    guard let path = path(of: parent) else {
      if outline.roots.isEmpty { return }
      throw .parentNotFound(Self.text(parent))
    }
    let descendants = Set(node(at: path).children.flatMap { $0.preOrder })
    if let error = duplicates(outline.items, reusable: descendants) { throw error }
    expanded.subtract(descendants)
    expanded.formUnion(outline.expanded)
    withChildren(of: path) { $0 = outline.roots }
  }

  /// Removes each item with all its descendants and their flags; checks every item first.
  public mutating func delete(_ doomed: [Item]) throws(SnapshotError) {
    let present = Set(items)
    for item in doomed where !present.contains(item) {
      throw .deleteItemNotFound(Self.text(item))
    }
    for item in doomed {
      // An item already gone went with an ancestor named earlier.
      guard let path = path(of: item) else { continue }
      expanded.subtract(node(at: path).preOrder)
      withSiblings(of: path) { $0.remove(at: path.last!) }
    }
  }

  /// Removes every item and every flag.
  public mutating func deleteAll() {
    roots = []
    expanded = []
  }

  /// Sets the flag of each item present; unknown items are ignored.
  public mutating func expand(_ targets: [Item]) {
    let present = Set(items)
    for item in targets where present.contains(item) { expanded.insert(item) }
  }

  /// Clears the flag of each item; unknown items are ignored.
  public mutating func collapse(_ targets: [Item]) {
    for item in targets { expanded.remove(item) }
  }

  /// `parent`'s subtree with its flags: its children as roots, or `parent` as the only root.
  public func snapshot(of parent: Item, includingParent: Bool = false) throws(SnapshotError)
    -> ReferenceOutline
  {
    guard let path = path(of: parent) else { throw .parentNotFound(Self.text(parent)) }
    let node = node(at: path)
    return ReferenceOutline(
      roots: includingParent ? [node] : node.children, expanded: expanded)
  }

  /// The text an identifier has in an error message.
  private static func text(_ item: Item) -> String { String(describing: item) }
}
