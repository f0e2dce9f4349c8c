import OrderedCollections

extension SectionSnapshot {
  /// The rows of `item` and its descendants, in `items` order (levels as in this snapshot).
  ///
  /// No Apple counterpart: `snapshot(of:includingParent:)` gives the same items as a new
  /// snapshot, which costs a hash of each; this reads them only.
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(*k* + log *n*) for a subtree of *k* items.
  @inlinable package func subtreeRows(of item: Item) throws(SnapshotError) -> [Row] {
    guard let found = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    return rows(in: found.rank..<_subtreeEnd(ofRank: found.rank, level: found.entry.level))
  }

  /// Inserts a copy of `item`'s subtree right after it, as its next sibling: the item and its
  /// descendants in order, each under the identifier `names` gives at its place, with the same
  /// levels and expansion.
  ///
  /// The same edit as `insert(_:after:)` with a snapshot of the copy (an outliner's
  /// "Duplicate"), without building that snapshot: the subtree is read once and its entries
  /// go into the tree renamed, so the journal records one insertion and the data source's
  /// transaction needs no diff.
  ///
  /// - Parameters:
  ///   - names: One new identifier per item of the subtree, in `items` order.
  ///   - distinct: Whether the caller vouches that `names` do not repeat one another (each made
  ///     from a different item, say): they are then only looked up here, with no set built.
  /// - Precondition: `names.count` is the size of `item`'s subtree.
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent;
  ///   `SnapshotError.duplicateItems` when a name is here already or comes twice (nothing
  ///   changes).
  /// - Complexity: O(*k* log *n*) for a subtree of *k* items.
  @inlinable package mutating func insertCopy(
    ofSubtreeOf item: Item, as names: [Item], distinct: Bool = false
  ) throws(SnapshotError) {
    _settle()  // in place, before any read walks a copy
    guard let found = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    let block = found.rank..<_subtreeEnd(ofRank: found.rank, level: found.entry.level)
    precondition(names.count == block.count, "one name for each item of the subtree")
    let hashes = try _checkNew(names, distinct: distinct)
    // The copy sits at the same level under the same parent, right after the subtree: each
    // entry keeps its level, expansion and visibility.
    var run = _entries(in: block)
    for index in run.indices { run[index].item = names[index] }
    let end = block.upperBound
    try _insertRun(run, atRank: end, parent: _labels[item]!.parent, hashes: hashes)
    _didChange(.window(.insertion, old: end..<end, new: end..<(end + run.count)))
  }
}
