import OrderedCollections

extension SectionSnapshot {
  /// Adds `items` as the last children of `parent`, or as the last roots when `parent` is nil.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.append(_:to:)`. The new items come after the
  /// parent's whole subtree and start collapsed; the parent's own expansion is unchanged, so under
  /// a collapsed parent they are hidden. An empty `items` is a no-op, even for an unknown parent.
  ///
  /// ```swift
  /// try snapshot.append(["Food"])
  /// try snapshot.append(["Apple", "Pear"], to: "Food")
  /// snapshot.items  // ["Food", "Apple", "Pear"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The identifiers to add, all new.
  ///   - parent: The item whose children they become, or nil for roots.
  /// - Throws: `SnapshotError.duplicateItems` when an item is already present or repeated;
  ///   `SnapshotError.parentNotFound` when `parent` is absent.
  /// - Complexity: O(*k* + log *n*) amortized, where *k* is the number of items added and *n*
  ///   the items in the snapshot (the items go into the tree in one walk down it); O(*k*) into
  ///   an empty snapshot.
  @inlinable public mutating func append(_ items: [Item], to parent: Item? = nil)
    throws(SnapshotError)
  {
    _settle()  // in place, before any read walks a copy
    guard !items.isEmpty else { return }
    let rank: Int
    let level: Int32
    let visible: Bool
    if let parent {
      guard let found = _locate(parent) else {
        throw .parentNotFound(SnapshotError.text(parent))
      }
      rank = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
      level = found.entry.level + 1
      visible = found.entry.isVisible && found.entry.isExpanded
    } else {
      rank = count
      level = 0
      visible = true
    }
    let hashes = try _checkNew(items)
    try _insertSiblings(
      items, atRank: rank, level: level, visible: visible, parent: parent, hashes: hashes)
  }

  /// Adds `items` as siblings of `item`, right before it.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.insert(_:before:)`.
  ///
  /// - Throws: `SnapshotError.duplicateItems` when an item is already present or repeated;
  ///   `SnapshotError.insertBeforeItemNotFound` when `item` is absent.
  /// - Complexity: O(*k* + log *n*) amortized, where *k* is the number of items added.
  @inlinable public mutating func insert(_ items: [Item], before item: Item) throws(SnapshotError) {
    _settle()  // in place, before any read walks a copy
    guard !items.isEmpty else { return }
    guard let found = _locate(item) else {
      throw .insertBeforeItemNotFound(SnapshotError.text(item))
    }
    let hashes = try _checkNew(items)
    try _insertSiblings(
      items, atRank: found.rank, level: found.entry.level, visible: found.entry.isVisible,
      parent: _labels[item]!.parent, hashes: hashes)
  }

  /// Adds `items` as siblings of `item`, right after its whole subtree.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.insert(_:after:)`.
  ///
  /// - Throws: `SnapshotError.duplicateItems` when an item is already present or repeated;
  ///   `SnapshotError.insertAfterItemNotFound` when `item` is absent.
  /// - Complexity: O(*k* + log *n*) amortized, where *k* is the number of items added.
  @inlinable public mutating func insert(_ items: [Item], after item: Item) throws(SnapshotError) {
    _settle()  // in place, before any read walks a copy
    guard !items.isEmpty else { return }
    guard let found = _locate(item) else {
      throw .insertAfterItemNotFound(SnapshotError.text(item))
    }
    let hashes = try _checkNew(items)
    let rank = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    try _insertSiblings(
      items, atRank: rank, level: found.entry.level, visible: found.entry.isVisible,
      parent: _labels[item]!.parent, hashes: hashes)
  }

  /// Inserts collapsed leaves at `rank`, all at `level`, children of `parent` (nil: roots);
  /// `hashes` are the items', when the uniqueness check kept them.
  @inlinable internal mutating func _insertSiblings(
    _ items: [Item], atRank rank: Int, level: Int32, visible: Bool, parent: Item?,
    hashes: _LabelHashes? = nil
  ) throws(SnapshotError) {
    try _insertRun(
      _SiblingRun(items, level: level, isVisible: visible), atRank: rank, parent: parent,
      hashes: hashes)
    _didChange(.window(.insertion, old: rank..<rank, new: rank..<(rank + items.count)))
  }
}
