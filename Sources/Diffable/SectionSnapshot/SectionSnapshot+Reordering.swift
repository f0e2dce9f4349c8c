import OrderedCollections

/// The children of one parent (or the roots) in a new order: what an outliner's "Sort" does.
///
/// Each child takes its subtree and expansion along. Nothing changes parent, level or
/// visibility; the family's entries only change places, a subtree at a time.
@usableFromInline internal struct _SiblingPermutation: Sendable {
  /// The ranks the family spans: the parent's descendants, or every rank for the roots.
  @usableFromInline internal let range: Range<Int>
  /// Each child's subtree as ranks relative to `range.lowerBound`, in the old order.
  @usableFromInline internal let blocks: [Range<Int>]
  /// Each child's visible rows, relative to the family's first row, in the old order; all
  /// empty when the family is hidden (its parent collapsed or hidden).
  @usableFromInline internal let rowBlocks: [Range<Int>]
  /// `order[i]` is the old index of the child placed `i`-th.
  @usableFromInline internal let order: [Int]

  @inlinable internal init(
    range: Range<Int>, blocks: [Range<Int>], rowBlocks: [Range<Int>], order: [Int]
  ) {
    self.range = range
    self.blocks = blocks
    self.rowBlocks = rowBlocks
    self.order = order
  }

  /// Whether the order is the old one.
  @inlinable internal var isIdentity: Bool {
    order.indices.allSatisfy { order[$0] == $0 }
  }
}

extension SectionSnapshot {
  /// This snapshot with the children of `parent` (the roots when nil) in `order`, each with its
  /// subtree and every item's expansion: `order[i]` is the index, among the children as they
  /// are, of the child placed `i`-th.
  ///
  /// No Apple counterpart: an app sorts by building the children again and calling
  /// `replace(childrenOf:using:)` (or rebuilding the section), and the data source diffs. Here
  /// the data source is told the permutation instead (`DataSource.reorderChildren`), so its
  /// transaction needs no diff; this is the same edit for a snapshot not yet applied.
  ///
  /// ```swift
  /// // Food: [Pear, Apple]
  /// let sorted = try snapshot.reorderingChildren(of: "Food", order: [1, 0])
  /// // Food: [Apple, Pear]
  /// ```
  ///
  /// - Precondition: `order` is a permutation of the children's indices.
  /// - Throws: `SnapshotError.parentNotFound` when `parent` is absent.
  /// - Complexity: O(*k* log *n*) for the *k* items under `parent`; O(*n*) when they are a
  ///   quarter of the snapshot or more (it is rebuilt in one pass).
  @inlinable package func reorderingChildren(of parent: Item?, order: [Int])
    throws(SnapshotError) -> SectionSnapshot
  {
    try _reorderingChildren(of: parent, order: order).snapshot
  }

  /// The children of `parent` (the roots when nil), in order: what an order for
  /// `reorderingChildren(of:order:)` indexes.
  ///
  /// No Apple counterpart (an app reads `snapshot(of:)`'s `rootItems`, which copies the
  /// subtree).
  ///
  /// - Throws: `SnapshotError.parentNotFound` when `parent` is absent.
  /// - Complexity: O(*c* log *n*) for *c* children.
  @inlinable package func children(of parent: Item?) throws(SnapshotError) -> [Item] {
    guard let parent else { return rootItems }
    guard let found = _locate(parent) else { throw .parentNotFound(SnapshotError.text(parent)) }
    let end = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    var result: [Item] = []
    var rank = found.rank + 1
    while rank < end {
      result.append(_tree.entry(atRank: rank).item)
      rank = _tree.firstRank(from: rank + 1, levelAtMost: found.entry.level + 1) ?? end
    }
    return result
  }

  /// The sibling just before `item` (the root before it, for a root), or nil for a first child.
  ///
  /// What an outliner's Indent reads: the item becomes this sibling's last child. No Apple
  /// counterpart (an app reads its parent's children, at a cost linear in their number).
  ///
  /// ```swift
  /// // A, B(B1), C
  /// try snapshot.previousSibling(of: "C")   // "B"
  /// try snapshot.previousSibling(of: "B1")  // nil
  /// ```
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(log *n*) for *n* items: the last entry before `item` at its level or
  ///   above is its previous sibling when at its level, else its parent.
  @inlinable package func previousSibling(of item: Item) throws(SnapshotError) -> Item? {
    // Order and levels do not depend on expansion: the stored tree answers, a pending
    // expansion left pending.
    guard let label = _labels.read(item, { $0.label }),
      let found = _storedTree.find(label: label)
    else { throw .itemNotFound(SnapshotError.text(item)) }
    let level = found.entry.level
    guard let rank = _storedTree.lastRank(before: found.rank, levelAtMost: level) else {
      return nil
    }
    let before = _storedTree.entry(atRank: rank)
    return before.level == level ? before.item : nil
  }

  /// `reorderingChildren(of:order:)`, and the permutation it made, from which the difference
  /// follows without a diff.
  @inlinable internal func _reorderingChildren(of parent: Item?, order: [Int])
    throws(SnapshotError) -> (snapshot: SectionSnapshot, permutation: _SiblingPermutation)
  {
    let (permutation, entries) = try _siblingPermutation(of: parent, order: order)
    guard !permutation.isIdentity else { return (self, permutation) }
    let range = permutation.range
    // Most of the snapshot: built again in one pass, which costs less than taking the family
    // out of the tree and putting it back entry by entry. The run is then every entry.
    let rebuilding = parent == nil || range.count * 4 >= count
    var run: [_Entry<Item>] = rebuilding ? _entries(in: 0..<range.lowerBound) : []
    run.reserveCapacity(rebuilding ? count : range.count)
    for child in order { run += entries[permutation.blocks[child]] }
    var result: SectionSnapshot
    if rebuilding {
      run += _entries(in: range.upperBound..<count)
      result = SectionSnapshot()
      try result._insertRun(run, atRank: 0, parent: nil)
      result._version = _version
      result._journal = _journal
    } else {
      result = self
      _ = result._removeRun(range, keepingLabels: true)
      try result._insertRun(run, atRank: range.lowerBound, parent: parent)
    }
    result._didChange(.window(.replacement, old: range, new: range))
    return (result, permutation)
  }

  /// The family of `parent` (the roots when nil) and its entries, for a reordering by `order`.
  ///
  /// - Complexity: O(*k* + log *n*) for the *k* items under `parent`.
  @inlinable internal func _siblingPermutation(of parent: Item?, order: [Int])
    throws(SnapshotError) -> (_SiblingPermutation, [_Entry<Item>])
  {
    let range: Range<Int>
    let childLevel: Int32
    let shown: Bool
    if let parent {
      guard let found = _locate(parent) else {
        throw .parentNotFound(SnapshotError.text(parent))
      }
      range = (found.rank + 1)..<_subtreeEnd(ofRank: found.rank, level: found.entry.level)
      childLevel = found.entry.level + 1
      shown = found.entry.isVisible && found.entry.isExpanded
    } else {
      range = 0..<count
      childLevel = 0
      shown = true
    }
    let entries = _entries(in: range)
    var blocks: [Range<Int>] = []
    var rowBlocks: [Range<Int>] = []
    var row = 0
    for (index, entry) in entries.enumerated() {
      if entry.level == childLevel {
        if let last = blocks.last {
          blocks[blocks.count - 1] = last.lowerBound..<index
          rowBlocks[rowBlocks.count - 1] = rowBlocks[rowBlocks.count - 1].lowerBound..<row
        }
        blocks.append(index..<entries.count)
        rowBlocks.append(row..<row)
      }
      if shown && entry.isVisible { row += 1 }
    }
    if !rowBlocks.isEmpty {
      rowBlocks[rowBlocks.count - 1] = rowBlocks[rowBlocks.count - 1].lowerBound..<row
    }
    precondition(order.count == blocks.count, "the order does not name every child once")
    var named = [Bool](repeating: false, count: blocks.count)
    for child in order {
      precondition(
        blocks.indices.contains(child) && !named[child], "the order does not name every child once")
      named[child] = true
    }
    let permutation = _SiblingPermutation(
      range: range, blocks: blocks, rowBlocks: rowBlocks, order: order)
    return (permutation, entries)
  }
}
