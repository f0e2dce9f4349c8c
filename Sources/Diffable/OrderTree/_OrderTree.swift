import OrderedCollections

/// The pre-order sequence of a section snapshot: a persistent B-tree of entries ordered by label.
///
/// Strategy: a section snapshot's items, in depth-first pre-order, each with its level and flags,
/// stored as a B-tree whose nodes count their entries and visible entries. Offsets into `items`
/// (ranks) and rows of `visibleItems` (visible ranks) come from those counts, and a subtree is the
/// run of entries after its root whose levels are deeper, found through each node's smallest level.
/// The tree is a value: copying it shares every node, and a mutation copies only the nodes on its
/// path (copy-on-write), so keeping old versions costs O(log *n*) per edit, not O(*n*).
///
/// Labels increase along the sequence; `SectionSnapshot` keeps an identifier → label map, so an
/// identifier is found in O(log *n*) without scanning.
// @unchecked: `ManagedBuffer` is not `Sendable`, so neither are the nodes; but a node is only
// mutated while uniquely referenced (copy-on-write), so a node that two threads can see is never
// written, and the entries are `Sendable`.
@usableFromInline internal struct _OrderTree<Item: Hashable & Sendable>: @unchecked Sendable {
  @usableFromInline internal typealias Node = _OrderNode<Item>
  @usableFromInline internal typealias Entry = _Entry<Item>

  @usableFromInline internal var root: Node?

  @inlinable internal init() { root = nil }

  /// Builds a tree from entries given one at a time in increasing label order: each goes
  /// straight into its leaf, with no array of entries to copy from.
  ///
  /// ```swift
  /// var builder = _OrderTree<String>.Builder()
  /// for entry in entries { builder.append(entry) }
  /// let tree = builder.finish()
  /// ```
  @usableFromInline internal struct Builder {
    /// The leaves filled so far.
    @usableFromInline internal var leaves: [Node] = []
    /// The leaf being filled.
    @usableFromInline internal var leaf: Node

    /// The entries a built leaf holds: room for a few inserts before it splits.
    @inlinable internal static var leafTarget: Int { Node.maxLeafCount * 3 / 4 }

    @inlinable internal init() {
      leaf = Node.make(isLeaf: true, capacity: Self.leafTarget)
    }

    /// Appends `entry`, whose label is greater than every label appended before.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable internal mutating func append(_ entry: consuming Entry) {
      leaf.appendEntry(entry)
      if leaf.length == Self.leafTarget {
        leaf.refreshSummary()
        leaves.append(leaf)
        leaf = Node.make(isLeaf: true, capacity: Self.leafTarget)
      }
    }

    /// The tree of every entry appended.
    ///
    /// - Complexity: O(*n* / 12) for the *n* entries: the inner nodes.
    @inlinable internal consuming func finish() -> _OrderTree {
      if leaf.length > 0 {
        leaf.refreshSummary()
        leaves.append(leaf)
      }
      var tree = _OrderTree()
      tree.root = _OrderTree.build(leaves)
      return tree
    }
  }

  /// Stacks `nodes` (all of the same height) into a tree; balances the last group of each level.
  @inlinable internal static func build(_ nodes: [Node]) -> Node? {
    var level = nodes
    guard !level.isEmpty else { return nil }
    fixLastNode(&level)
    while level.count > 1 {
      let target = Node.maxChildCount * 3 / 4
      var next: [Node] = []
      next.reserveCapacity(level.count / target + 1)
      var start = 0
      while start < level.count {
        let end = Swift.min(start + target, level.count)
        next.append(Node.branch(level[start..<end]))
        start = end
      }
      fixLastNode(&next)
      level = next
    }
    return level[0]
  }

  /// Makes sure that the last node of a level is not underfull, as a deletion mends a child:
  /// merged into its neighbour, or the two shared evenly when one node cannot hold them.
  @inlinable internal static func fixLastNode(_ level: inout [Node]) {
    guard level.count >= 2, level[level.count - 1].isUnderfull else { return }
    let (first, second) = Node.mended(level[level.count - 2], level.removeLast())
    level[level.count - 1] = first
    if let second { level.append(second) }
  }

  @inlinable internal var count: Int { root?.count ?? 0 }
  @inlinable internal var visibleCount: Int { root?.visibleCount ?? 0 }
  @inlinable internal var isEmpty: Bool { root == nil }
  /// Whether every entry is a root (a flat list).
  @inlinable internal var isFlat: Bool { root?.isFlat ?? true }

  /// Whether both trees are the very same storage (a cheap sufficient test for equality).
  @inlinable internal func isIdentical(to other: _OrderTree) -> Bool { root === other.root }
}

// MARK: - Lookups

extension _OrderTree {
  /// The entry with `label` and its rank (offset in the sequence), or nil.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal func find(label: UInt64) -> (entry: Entry, rank: Int)? {
    guard var node = root else { return nil }
    var rank = 0
    while !node.isLeaf {
      let index = node.childIndex(forLabel: label)
      rank += node.countBefore(child: index)
      node = node.children[index]
    }
    let index = node.entryIndex(forLabel: label)
    guard index < node.entries.count, node.entries[index].label == label else { return nil }
    return (node.entries[index], rank + index)
  }

  /// The entry at `rank`.
  ///
  /// - Precondition: `0 <= rank < count`.
  /// - Complexity: O(log *n*).
  @inlinable internal func entry(atRank rank: Int) -> Entry {
    precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
    var node = root!
    var rank = rank
    while !node.isLeaf {
      let index = node.child(containingRank: &rank)
      node = node.children[index]
    }
    return node.entries[rank]
  }

  /// The entry at row `row` of the visible entries, with its rank.
  ///
  /// - Precondition: `0 <= row < visibleCount`.
  /// - Complexity: O(log *n*).
  @inlinable internal func entry(atVisibleRow row: Int) -> (entry: Entry, rank: Int) {
    precondition(row >= 0 && row < visibleCount, "row \(row) out of 0..<\(visibleCount)")
    var node = root!
    var row = row
    var rank = 0
    while !node.isLeaf {
      var index = 0
      while row >= node.children[index].visibleCount {
        row -= node.children[index].visibleCount
        rank += node.children[index].count
        index += 1
      }
      node = node.children[index]
    }
    for (index, entry) in node.entries.enumerated() where entry.isVisible {
      if row == 0 { return (entry, rank + index) }
      row -= 1
    }
    preconditionFailure("visible count out of step with the entries")
  }

  /// The number of visible entries before `rank`: the row an entry at `rank` has when visible.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal func visibleCount(before rank: Int) -> Int {
    guard var node = root else { return 0 }
    var rank = rank
    var rows = 0
    while !node.isLeaf {
      var index = 0
      while index < node.children.count && rank >= node.children[index].count {
        rank -= node.children[index].count
        rows += node.children[index].visibleCount
        index += 1
      }
      if index == node.children.count { return rows }
      node = node.children[index]
    }
    for entry in node.entries.prefix(rank) where entry.isVisible { rows += 1 }
    return rows
  }

  /// The entry at `rank` with the number of visible entries before it (the row it has when
  /// visible), both from one descent.
  ///
  /// - Precondition: `0 <= rank < count`.
  /// - Complexity: O(log *n*).
  @inlinable internal func entryAndVisibleCount(atRank rank: Int) -> (
    entry: Entry, visibleBefore: Int
  ) {
    precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
    var node = root!
    var rank = rank
    var rows = 0
    while !node.isLeaf {
      let children = node.children
      var index = 0
      while rank >= children[index].count {
        rank -= children[index].count
        rows += children[index].visibleCount
        index += 1
      }
      node = children[index]
    }
    let entries = node.entries
    for entry in entries.prefix(rank) where entry.isVisible { rows += 1 }
    return (entries[rank], rows)
  }

  /// The first rank at or after `start` whose entry has a level of at most `level`.
  ///
  /// The end of a subtree: for the entry at rank `r` and level `l`,
  /// `firstRank(from: r + 1, levelAtMost: l) ?? count`.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal func firstRank(from start: Int, levelAtMost level: Int32) -> Int? {
    guard let root, start < root.count else { return nil }
    return Self.firstRank(in: root, from: Swift.max(start, 0), levelAtMost: level)
  }

  @inlinable internal static func firstRank(
    in node: Node, from start: Int, levelAtMost level: Int32
  ) -> Int? {
    if node.isLeaf {
      for index in start..<node.entries.count where node.entries[index].level <= level {
        return index
      }
      return nil
    }
    var base = 0
    for child in node.children {
      defer { base += child.count }
      if base + child.count <= start || child.minLevel > level { continue }
      if let found = firstRank(in: child, from: Swift.max(start - base, 0), levelAtMost: level) {
        return base + found
      }
    }
    return nil
  }

  /// The last rank before `end` whose entry has a level of at most `level`.
  ///
  /// The parent of the entry at rank `r` and level `l > 0` is at
  /// `lastRank(before: r, levelAtMost: l - 1)`.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal func lastRank(before end: Int, levelAtMost level: Int32) -> Int? {
    guard let root, end > 0 else { return nil }
    return Self.lastRank(in: root, before: Swift.min(end, root.count), levelAtMost: level)
  }

  @inlinable internal static func lastRank(in node: Node, before end: Int, levelAtMost level: Int32)
    -> Int?
  {
    if node.isLeaf {
      for index in stride(from: end - 1, through: 0, by: -1)
      where node.entries[index].level <= level {
        return index
      }
      return nil
    }
    var base = node.count
    for child in node.children.reversed() {
      base -= child.count
      if base >= end || child.minLevel > level { continue }
      if let found = lastRank(
        in: child, before: Swift.min(end - base, child.count), levelAtMost: level)
      {
        return base + found
      }
    }
    return nil
  }
}

// MARK: - Traversal

extension _OrderTree {
  /// Calls `body` with each entry whose rank is in `ranks`, in order, until it returns false.
  ///
  /// - Complexity: O(log *n* + *k*), where *k* is the number of entries visited.
  @inlinable internal func forEach(in ranks: Range<Int>, _ body: (Entry) -> Bool) {
    guard let root, !ranks.isEmpty else { return }
    _ = Self.forEach(in: root, from: ranks.lowerBound, to: ranks.upperBound, body)
  }

  @inlinable internal static func forEach(
    in node: Node, from start: Int, to end: Int, _ body: (Entry) -> Bool
  ) -> Bool {
    if node.isLeaf {
      return node.entries.withElements { entries in
        for index in Swift.max(start, 0)..<Swift.min(end, entries.count) {
          if !body(entries[index]) { return false }
        }
        return true
      }
    }
    return node.children.withElements { children in
      var base = 0
      for child in children {
        defer { base += child.count }
        if base + child.count <= start { continue }
        if base >= end { return true }
        if !forEach(in: child, from: start - base, to: end - base, body) { return false }
      }
      return true
    }
  }

  /// Calls `body` with each visible entry whose row among the visible entries is in `rows`, in
  /// order: one descent to the first, then the leaves in turn, whole subtrees with no visible
  /// entry skipped.
  ///
  /// - Precondition: `0 <= rows.lowerBound` and `rows.upperBound <= visibleCount`.
  /// - Complexity: O(log *n* + *k* + *h*), where *k* is the number of rows and *h* the number of
  ///   hidden entries that share a leaf with them.
  @inlinable internal func forEachVisible(inRows rows: Range<Int>, _ body: (Entry) -> Void) {
    precondition(
      rows.lowerBound >= 0 && rows.upperBound <= visibleCount,
      "rows \(rows) out of 0..<\(visibleCount)")
    guard let root, !rows.isEmpty else { return }
    var skip = rows.lowerBound
    var left = rows.count
    Self.forEachVisible(in: root, skip: &skip, left: &left, body)
  }

  @inlinable internal static func forEachVisible(
    in node: Node, skip: inout Int, left: inout Int, _ body: (Entry) -> Void
  ) {
    if node.isLeaf {
      let entries = node.entries
      for index in entries.indices where entries[index].isVisible {
        if skip > 0 {
          skip -= 1
          continue
        }
        body(entries[index])
        left -= 1
        if left == 0 { return }
      }
      return
    }
    let children = node.children
    for index in children.indices {
      let child = children[index]
      let visible = child.visibleCount
      if skip >= visible {
        skip -= visible
        continue
      }
      forEachVisible(in: child, skip: &skip, left: &left, body)
      if left == 0 { return }
    }
  }

  /// Calls `body` with each visible entry whose rank is in `ranks`, with its rank, in order,
  /// skipping whole subtrees with no visible entry.
  ///
  /// - Complexity: O(log *n* + *v* + *h*), where *v* is the number of visible entries visited and
  ///   *h* the number of nodes holding only hidden entries that are skipped.
  @inlinable internal func forEachVisible(in ranks: Range<Int>, _ body: (Entry, Int) -> Void) {
    guard let root, !ranks.isEmpty else { return }
    Self.forEachVisible(in: root, base: 0, from: ranks.lowerBound, to: ranks.upperBound, body)
  }

  @inlinable internal static func forEachVisible(
    in node: Node, base: Int, from start: Int, to end: Int, _ body: (Entry, Int) -> Void
  ) {
    if node.isLeaf {
      node.entries.withElements { entries in
        for index in Swift.max(start - base, 0)..<Swift.min(end - base, entries.count)
        where entries[index].isVisible {
          body(entries[index], base + index)
        }
      }
      return
    }
    node.children.withElements { children in
      var base = base
      for child in children {
        defer { base += child.count }
        if base + child.count <= start || child.visibleCount == 0 { continue }
        if base >= end { return }
        forEachVisible(in: child, base: base, from: start, to: end, body)
      }
    }
  }
}
