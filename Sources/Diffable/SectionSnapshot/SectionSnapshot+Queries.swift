import OrderedCollections

extension SectionSnapshot {
  /// Every item in depth-first pre-order, hidden items included.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.items`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  @inlinable public var items: [Item] {
    var result: [Item] = []
    result.reserveCapacity(count)
    // A pending expansion changes no item: the tree before it answers.
    _storedTree.forEach(in: 0..<count) {
      result.append($0.item); return true
    }
    return result
  }

  /// The items whose ancestors are all expanded, in `items` order.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.visibleItems`.
  ///
  /// - Complexity: O(*v* + *h*), where *v* is the number of visible items and *h* the number of
  ///   tree nodes holding only hidden items (skipped whole).
  @inlinable public var visibleItems: [Item] {
    var result: [Item] = []
    result.reserveCapacity(visibleCount)
    _tree.forEachVisible(in: 0..<count) { entry, _ in result.append(entry.item) }
    return result
  }

  /// The items at level 0, in order.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.rootItems`.
  ///
  /// - Complexity: O(*r* log *n*), where *r* is the number of roots.
  @inlinable public var rootItems: [Item] {
    var result: [Item] = []
    var rank = 0
    while rank < count {
      result.append(_tree.entry(atRank: rank).item)
      rank = _tree.firstRank(from: rank + 1, levelAtMost: 0) ?? count
    }
    return result
  }

  /// The expanded items, in `items` order (leaves can be expanded too).
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.expandedItems`.
  ///
  /// - Complexity: O(*n*).
  @inlinable public var expandedItems: [Item] {
    var result: [Item] = []
    _tree.forEach(in: 0..<count) { entry in
      if entry.isExpanded { result.append(entry.item) }
      return true
    }
    return result
  }

  /// Whether the snapshot holds `item`.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.contains(_:)`.
  ///
  /// - Complexity: O(1) expected (one hash lookup).
  @inlinable public func contains(_ item: Item) -> Bool { _labels.contains(item) }

  /// The offset of `item` in `items`, or nil when it is absent.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.index(of:)`: hidden items count.
  ///
  /// - Complexity: O(log *n*).
  @inlinable public func index(of item: Item) -> Int? {
    // A pending expansion changes no offset: the tree before it answers.
    guard let label = _labels.read(item, { $0.label }) else { return nil }
    return _storedTree.find(label: label)?.rank
  }

  /// The depth of `item`: 0 for a root.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.level(of:)`, which traps for an unknown item.
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(1) expected: one lookup in the label map, which keeps each item's level.
  @inlinable public func level(of item: Item) throws(SnapshotError) -> Int {
    guard let level = _labels.read(item, { $0.level }) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    return Int(level)
  }

  /// The parent of `item`, or nil for a root.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.parent(of:)`, which traps for an unknown item.
  ///
  /// - Throws: `SnapshotError.childNotFound` when `item` is absent.
  /// - Complexity: O(1) expected: one lookup in the label map, which keeps each item's parent.
  @inlinable public func parent(of item: Item) throws(SnapshotError) -> Item? {
    // Read in place: the label map lends the place, and only the parent is copied out (a caller
    // that only looks at it retains nothing).
    guard let parent = _labels.read(item, { $0.parent }) else {
      throw .childNotFound(SnapshotError.text(item))
    }
    return parent
  }

  /// Whether `item` is expanded (its own flag, whatever its ancestors).
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.isExpanded(_:)`.
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(log *n*).
  @inlinable public func isExpanded(_ item: Item) throws(SnapshotError) -> Bool {
    guard let found = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    return found.entry.isExpanded
  }

  /// Whether `item` is visible: every ancestor is expanded (roots always are).
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.isVisible(_:)`.
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(log *n*).
  @inlinable public func isVisible(_ item: Item) throws(SnapshotError) -> Bool {
    guard let found = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    return found.entry.isVisible
  }

  /// The row of `item` among the visible items, or nil when it is absent or hidden.
  ///
  /// - Complexity: O(log *n*).
  @inlinable public func visibleIndex(of item: Item) -> Int? {
    guard let found = _locate(item), found.entry.isVisible else { return nil }
    return _tree.visibleCount(before: found.rank)
  }

  /// The visible item at `row`.
  ///
  /// - Precondition: `0 <= row < visibleCount`.
  /// - Complexity: O(log *n*).
  @inlinable public func visibleItem(at row: Int) -> Item {
    _tree.entry(atVisibleRow: row).entry.item
  }

  /// The item at offset `index` of `items`.
  ///
  /// - Precondition: `0 <= index < count`.
  /// - Complexity: O(log *n*).
  @inlinable public func item(at index: Int) -> Item { _tree.entry(atRank: index).item }
}

// MARK: - Internal navigation

extension SectionSnapshot {
  /// The entry of `item` and its rank.
  @inlinable internal func _locate(_ item: Item) -> (entry: _Entry<Item>, rank: Int)? {
    guard let label = _labels.read(item, { $0.label }) else { return nil }
    guard let found = _tree.find(label: label) else {
      preconditionFailure("label map and order tree disagree about \(item)")
    }
    return found
  }

  /// The rank one past the last descendant of the entry at `rank` with `level`.
  @inlinable internal func _subtreeEnd(ofRank rank: Int, level: Int32) -> Int {
    _tree.firstRank(from: rank + 1, levelAtMost: level) ?? count
  }
}

extension SectionSnapshot {
  /// Whether `item` has children.
  ///
  /// No Apple counterpart (Apple's `snapshot(of:)` answers the same at O(*k*) cost); what an
  /// outline's disclosure marker shows.
  ///
  /// - Throws: `SnapshotError.itemNotFound` when `item` is absent.
  /// - Complexity: O(log *n*).
  @inlinable public func hasChildren(_ item: Item) throws(SnapshotError) -> Bool {
    guard let found = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    return found.rank + 1 < count && _tree.entry(atRank: found.rank + 1).level > found.entry.level
  }
}
