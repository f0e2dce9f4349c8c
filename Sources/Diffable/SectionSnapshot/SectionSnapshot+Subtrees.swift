import OrderedCollections

extension SectionSnapshot {
  /// A new snapshot of `parent`'s subtree, levels rebased, expansion kept.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.snapshot(of:includingParent:)`: `parent`'s
  /// children become roots, or `parent` the single root when `includingParent` is true. A leaf
  /// gives an empty snapshot, or `[parent]` with the parent included.
  ///
  /// ```swift
  /// let food = try snapshot.snapshot(of: "Food")
  /// food.rootItems  // ["Apple", "Pear"]
  /// ```
  ///
  /// - Throws: `SnapshotError.parentNotFound` when `parent` is absent.
  /// - Complexity: O(log *n* + *k* log *k*), where *k* is the size of the subtree.
  @inlinable public func snapshot(of parent: Item, includingParent: Bool = false)
    throws(SnapshotError)
    -> SectionSnapshot
  {
    guard let found = _locate(parent) else { throw .parentNotFound(SnapshotError.text(parent)) }
    let end = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    let start = includingParent ? found.rank : found.rank + 1
    let base = includingParent ? found.entry.level : found.entry.level + 1
    var run = _entries(in: start..<end)
    for index in run.indices { run[index].level -= base }
    Self._assignVisibility(&run, baseLevel: 0, rootVisible: true)
    var result = SectionSnapshot()
    try result._insertRun(run, atRank: 0, parent: nil)
    return result
  }

  /// Inserts `snapshot`'s roots, with their subtrees and expansion, as siblings right before
  /// `item`.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.insert(_:before:)` taking a snapshot. An empty
  /// snapshot is a no-op.
  ///
  /// - Throws: `SnapshotError.duplicateItems` when one of its items is already here;
  ///   `SnapshotError.insertBeforeItemNotFound` when `item` is absent.
  /// - Complexity: O(*k* log *n*), where *k* is the number of items in `snapshot`.
  @inlinable public mutating func insert(_ snapshot: SectionSnapshot, before item: Item)
    throws(SnapshotError)
  {
    _settle()  // in place, before any read walks a copy
    guard !snapshot._tree.isEmpty else { return }
    guard let found = _locate(item) else {
      throw .insertBeforeItemNotFound(SnapshotError.text(item))
    }
    try _insertSnapshot(snapshot, atRank: found.rank, sibling: found.entry)
  }

  /// Inserts `snapshot`'s roots, with their subtrees and expansion, as siblings right after
  /// `item`'s whole subtree.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.insert(_:after:)` taking a snapshot. An empty
  /// snapshot is a no-op.
  ///
  /// - Throws: `SnapshotError.duplicateItems` when one of its items is already here;
  ///   `SnapshotError.insertAfterItemNotFound` when `item` is absent.
  /// - Complexity: O(*k* log *n*), where *k* is the number of items in `snapshot`.
  @inlinable public mutating func insert(_ snapshot: SectionSnapshot, after item: Item)
    throws(SnapshotError)
  {
    _settle()  // in place, before any read walks a copy
    guard !snapshot._tree.isEmpty else { return }
    guard let found = _locate(item) else {
      throw .insertAfterItemNotFound(SnapshotError.text(item))
    }
    let rank = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    try _insertSnapshot(snapshot, atRank: rank, sibling: found.entry)
  }

  @inlinable internal mutating func _insertSnapshot(
    _ snapshot: SectionSnapshot, atRank rank: Int, sibling: _Entry<Item>
  ) throws(SnapshotError) {
    // A snapshot's items are distinct: only this snapshot is asked.
    let hashes = try _checkNew(snapshot.items, distinct: true)
    var run = snapshot._entries(in: 0..<snapshot.count)
    for index in run.indices { run[index].level += sibling.level }
    Self._assignVisibility(&run, baseLevel: sibling.level, rootVisible: sibling.isVisible)
    try _insertRun(run, atRank: rank, parent: _labels[sibling.item]!.parent, hashes: hashes)
    _didChange(.window(.insertion, old: rank..<rank, new: rank..<(rank + run.count)))
  }

  /// Replaces all of `parent`'s descendants by `snapshot`'s items: its roots become `parent`'s
  /// children, with their subtrees and expansion.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.replace(childrenOf:using:)`. `parent`'s own
  /// flag is unchanged; an empty snapshot leaves `parent` childless. Where UIKit would silently
  /// corrupt its tree (the snapshot holds an item that exists elsewhere in this one, or `parent`
  /// itself), this throws the uniqueness error instead.
  ///
  /// - Throws: `SnapshotError.parentNotFound` when `parent` is absent;
  ///   `SnapshotError.duplicateItems` when `snapshot` holds an item found here outside
  ///   `parent`'s descendants.
  /// - Complexity: O((*d* + *k*) log *n*), where *d* is the number of descendants removed and *k*
  ///   the number of items in `snapshot`.
  @inlinable public mutating func replace(childrenOf parent: Item, using snapshot: SectionSnapshot)
    throws(SnapshotError)
  {
    _settle()  // in place, before any read walks a copy
    guard let found = _locate(parent) else {
      if snapshot._tree.isEmpty { return }
      throw .parentNotFound(SnapshotError.text(parent))
    }
    let start = found.rank + 1
    let end = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    let hashes = try _checkNew(snapshot.items, distinct: true) { item in
      guard let rank = self._locate(item)?.rank else { return false }
      return rank >= start && rank < end
    }
    var run = snapshot._entries(in: 0..<snapshot.count)
    guard !(run.isEmpty && start == end) else { return }
    for index in run.indices { run[index].level += found.entry.level + 1 }
    Self._assignVisibility(
      &run, baseLevel: found.entry.level + 1,
      rootVisible: found.entry.isVisible && found.entry.isExpanded)
    _removeRun(start..<end)
    try _insertRun(run, atRank: start, parent: parent, hashes: hashes)
    let kind: _Window.Kind =
      start == end ? .insertion : run.isEmpty ? .removal : .replacement
    _didChange(.window(kind, old: start..<end, new: start..<(start + run.count)))
  }

  /// The entries at `ranks`, in order.
  @inlinable internal func _entries(in ranks: Range<Int>) -> [_Entry<Item>] {
    var run: [_Entry<Item>] = []
    run.reserveCapacity(ranks.count)
    _tree.forEach(in: ranks) {
      run.append($0); return true
    }
    return run
  }
}
