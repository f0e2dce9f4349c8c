import OrderedCollections

extension Snapshot {
  /// Adds `items` at the end of `section`, or of the last section when `section` is nil.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.appendItems(_:toSection:)`. An item already in the
  /// snapshot moves to its new place (iOS 15 behaviour; UIKit also logs that as a client bug,
  /// and `moveItem` is the call that says it). A single item moved within its section is
  /// reported as the move when the transaction could report another item instead.
  ///
  /// - Throws: `SnapshotError.noSections` when `section` is nil and there is no section;
  ///   `SnapshotError.sectionNotFound` when `section` is absent; `SnapshotError.itemsNotUnique`
  ///   when `items` repeat one another.
  /// - Complexity: O(*k* (*s* + log *n*)), where *k* is the number of items and *s* of sections.
  @inlinable public mutating func appendItems(_ items: [Item], toSection section: Section? = nil)
    throws(SnapshotError)
  {
    let target: Section
    if let section {
      guard _sections[section] != nil else {
        throw .sectionNotFound(SnapshotError.text(section))
      }
      target = section
    } else {
      guard let last = _sections.keys.last else { throw .noSections }
      target = last
    }
    guard !items.isEmpty else { return }
    if _sections[target]!.count == 0 {
      // Building the section's label map is the uniqueness check (one hash an item), and a
      // repeat throws before anything changes: only then do other sections give the items up.
      do throws(SnapshotError) {
        try _sections[target]!.append(items)
      } catch {
        guard case .duplicateItems(let repeated) = error else { throw error }
        throw .itemsNotUnique(repeated)
      }
      _removeEverywhere(items, except: target)
      return
    }
    try Self._checkUnique(items)
    if _moveNamed(items, in: target, to: .lastRoot) { return }
    _removeEverywhere(items)
    _flatten(target)
    try! _sections[target]!.append(items)
  }

  /// Adds `items` right before `item`, in its section.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.insertItems(_:beforeItem:)`. An item already in the
  /// snapshot moves to its new place (UIKit also logs that as a client bug); a single item moved
  /// within its section is reported as the move when the transaction could report another.
  ///
  /// - Throws: `SnapshotError.flatItemNotFound` when `item` is absent;
  ///   `SnapshotError.itemsNotUnique` when `items` repeat one another;
  ///   `SnapshotError.invalidMove` when `items` include `item`.
  /// - Complexity: O(*k* (*s* + log *n*)).
  @inlinable public mutating func insertItems(_ items: [Item], beforeItem item: Item)
    throws(SnapshotError)
  {
    try _insertItems(items, next: item, before: true)
  }

  /// Adds `items` right after `item`, in its section.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.insertItems(_:afterItem:)`. An item already in the
  /// snapshot moves to its new place (UIKit also logs that as a client bug); a single item moved
  /// within its section is reported as the move when the transaction could report another.
  ///
  /// - Throws: `SnapshotError.flatItemNotFound` when `item` is absent;
  ///   `SnapshotError.itemsNotUnique` when `items` repeat one another;
  ///   `SnapshotError.invalidMove` when `items` include `item`.
  /// - Complexity: O(*k* (*s* + log *n*)).
  @inlinable public mutating func insertItems(_ items: [Item], afterItem item: Item)
    throws(SnapshotError)
  {
    try _insertItems(items, next: item, before: false)
  }

  @inlinable internal mutating func _insertItems(_ items: [Item], next anchor: Item, before: Bool)
    throws(SnapshotError)
  {
    guard let section = sectionIdentifier(containingItem: anchor) else {
      throw .flatItemNotFound(SnapshotError.text(anchor))
    }
    try Self._checkUnique(items)
    if items.contains(anchor) {
      throw .invalidMove("cannot insert \(SnapshotError.text(anchor)) next to itself")
    }
    guard !items.isEmpty else { return }
    if _moveNamed(items, in: section, to: before ? .before(anchor) : .after(anchor)) { return }
    _removeEverywhere(items)
    _flatten(section)
    if before {
      try! _sections[section]!.insert(items, before: anchor)
    } else {
      try! _sections[section]!.insert(items, after: anchor)
    }
  }

  /// Removes `items`; unknown items are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.deleteItems(_:)`.
  ///
  /// - Complexity: O(*k* (*s* + log *n*)).
  @inlinable public mutating func deleteItems(_ items: [Item]) { _removeEverywhere(items) }

  /// Removes every item and every section.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.deleteAllItems()`.
  ///
  /// - Complexity: O(1).
  @inlinable public mutating func deleteAllItems() {
    _sections = [:]
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
  }

  /// Moves `item` right before `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.moveItem(_:beforeItem:)`. Applied, the transaction
  /// reports `item` as the move within its section, where moving `other` would be as small a
  /// difference (`moveItem("B", beforeItem: "A")` of `[A, B]` reports B).
  ///
  /// - Throws: `SnapshotError.flatItemNotFound` when either is absent;
  ///   `SnapshotError.invalidMove` when they are the same item.
  /// - Complexity: O(*s* + log *n*).
  @inlinable public mutating func moveItem(_ item: Item, beforeItem other: Item)
    throws(SnapshotError)
  {
    try _moveItem(item, next: other, before: true)
  }

  /// Moves `item` right after `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.moveItem(_:afterItem:)`. Applied, the transaction
  /// reports `item` as the move within its section, where another would be as small a
  /// difference.
  ///
  /// - Throws: `SnapshotError.flatItemNotFound` when either is absent;
  ///   `SnapshotError.invalidMove` when they are the same item.
  /// - Complexity: O(*s* + log *n*).
  @inlinable public mutating func moveItem(_ item: Item, afterItem other: Item)
    throws(SnapshotError)
  {
    try _moveItem(item, next: other, before: false)
  }

  @inlinable internal mutating func _moveItem(_ item: Item, next other: Item, before: Bool)
    throws(SnapshotError)
  {
    guard contains(item) else { throw .flatItemNotFound(SnapshotError.text(item)) }
    guard contains(other) else { throw .flatItemNotFound(SnapshotError.text(other)) }
    try _insertItems([item], next: other, before: before)
  }

  /// Marks `items` for reloading.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.reloadItems(_:)`.
  ///
  /// - Throws: `SnapshotError.reloadItemNotFound` for the first absent item (nothing is marked).
  /// - Complexity: O(*k* *s*).
  @inlinable public mutating func reloadItems(_ items: [Item]) throws(SnapshotError) {
    for item in items where !contains(item) { throw .reloadItemNotFound(SnapshotError.text(item)) }
    _reloadedItems.append(contentsOf: items)
  }

  /// Marks `items` for reconfiguring (updating their cells in place).
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.reconfigureItems(_:)`.
  ///
  /// - Throws: `SnapshotError.reconfigureItemNotFound` for the first absent item (nothing is
  ///   marked).
  /// - Complexity: O(*k* *s*).
  @inlinable public mutating func reconfigureItems(_ items: [Item]) throws(SnapshotError) {
    for item in items where !contains(item) {
      throw .reconfigureItemNotFound(SnapshotError.text(item))
    }
    _reconfiguredItems.append(contentsOf: items)
  }

  // MARK: Internal

  /// Moves the one item of `items` to `destination` when `section` holds it in a flat list.
  ///
  /// The move is recorded as the code's own: applied, the transaction reports that item where
  /// moving the items it jumped over would be as small a difference (`moveItem(B, beforeItem:
  /// A)` reports B, not A). False, changing nothing, for any other call: the caller removes the
  /// items and adds them.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal mutating func _moveNamed(
    _ items: [Item], in section: Section, to destination: SectionSnapshot<Item>.Destination
  ) -> Bool {
    // An expanded item would keep its flag here, where being added anew clears it.
    guard items.count == 1, let snapshot = _sections[section], snapshot._tree.isFlat,
      snapshot.contains(items[0]), (try? snapshot.isExpanded(items[0])) == false
    else { return false }
    _ = try! _sections[section]!._move(items[0], to: destination, named: true)
    return true
  }

  /// Throws when `items` repeat one another.
  @inlinable internal static func _checkUnique(_ items: [Item]) throws(SnapshotError) {
    var seen = Set<Item>(minimumCapacity: items.count)
    let repeated = items.filter { !seen.insert($0).inserted }
    if !repeated.isEmpty { throw .itemsNotUnique(repeated.map { SnapshotError.text($0) }) }
  }

  /// Turns a section holding a tree into its visible items as a flat list (the flat snapshot
  /// never held the hidden ones).
  @inlinable internal mutating func _flatten(_ section: Section) {
    guard let items = _sections[section], !items._tree.isFlat else { return }
    var flat = SectionSnapshot<Item>()
    try! flat.append(items.visibleItems)
    _sections[section] = flat
  }

  /// Removes `items` from every section that holds them (hidden copies included), except
  /// `kept`.
  @inlinable internal mutating func _removeEverywhere(_ items: [Item], except kept: Section? = nil)
  {
    guard !items.isEmpty else { return }
    for index in _sections.values.indices {
      let snapshot = _sections.values[index]
      guard snapshot.count > 0, _sections.keys[index] != kept else { continue }
      let present = items.filter { snapshot.contains($0) }
      guard !present.isEmpty else { continue }
      let section = _sections.keys[index]
      _flatten(section)
      let visible = present.filter { _sections.values[index].contains($0) }
      if !visible.isEmpty { try! _sections.values[index].delete(visible) }
    }
  }
}
