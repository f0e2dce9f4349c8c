import OrderedCollections

extension Snapshot {
  /// The number of items in all sections.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  @inlinable public var numberOfItems: Int { _sections.values.reduce(0) { $0 + $1.visibleCount } }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable public var numberOfSections: Int { _sections.count }

  /// The sections, in order.
  ///
  /// - Complexity: O(*s*).
  @inlinable public var sectionIdentifiers: [Section] { Array(_sections.keys) }

  /// Every item, section after section.
  ///
  /// - Complexity: O(*n*).
  @inlinable public var itemIdentifiers: [Item] { _sections.values.flatMap { $0.visibleItems } }

  /// The number of items in `section`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when `section` is absent.
  /// - Complexity: O(1) expected.
  @inlinable public func numberOfItems(inSection section: Section) throws(SnapshotError) -> Int {
    guard let items = _sections[section] else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    return items.visibleCount
  }

  /// The items of `section`, in order.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when `section` is absent.
  /// - Complexity: O(*k*), where *k* is the number of items in the section.
  @inlinable public func itemIdentifiers(inSection section: Section) throws(SnapshotError) -> [Item]
  {
    guard let items = _sections[section] else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    return items.visibleItems
  }

  /// The section holding `item`, or nil.
  ///
  /// - Complexity: O(*s*).
  @inlinable public func sectionIdentifier(containingItem item: Item) -> Section? {
    _sections.first { $0.value.visibleIndex(of: item) != nil }?.key
  }

  /// The offset of `item` among all items, section after section, or nil.
  ///
  /// - Complexity: O(*s* + log *n*).
  @inlinable public func indexOfItem(_ item: Item) -> Int? {
    var base = 0
    for items in _sections.values {
      if let row = items.visibleIndex(of: item) { return base + row }
      base += items.visibleCount
    }
    return nil
  }

  /// The item at `index` of `itemIdentifiers`, without building that array; nil when `index`
  /// is out of range.
  ///
  /// Not in Apple's API (which has only `itemIdentifiers`); what a transaction's offsets are
  /// read with.
  ///
  /// - Complexity: O(*s* + log *n*).
  @inlinable public func itemIdentifier(at index: Int) -> Item? {
    guard index >= 0 else { return nil }
    var rest = index
    for items in _sections.values {
      if rest < items.visibleCount { return items.visibleItem(at: rest) }
      rest -= items.visibleCount
    }
    return nil
  }

  /// Calls `body` with the items at `offsets` of `itemIdentifiers` that exist, in order,
  /// section after section, each section's run from one descent (offsets past the end are
  /// left out): `itemIdentifier(at:)` of each offset without a descent each.
  ///
  /// - Complexity: O(*s* + *r* log *n* + *k* + *h*), where *r* is the number of sections the
  ///   offsets span, *k* the number of offsets and *h* the hidden items stored beside them.
  @inlinable package func forEachItem(at offsets: Range<Int>, _ body: (Item) -> Void) {
    var base = 0
    for items in _sections.values {
      let end = base + items.visibleCount
      defer { base = end }
      let lower = Swift.max(offsets.lowerBound, base)
      let upper = Swift.min(offsets.upperBound, end)
      if lower < upper {
        items.forEachVisibleItem(inRows: (lower - base)..<(upper - base), body)
      }
      if end >= offsets.upperBound { return }
    }
  }

  /// The offset of `section`, or nil.
  ///
  /// - Complexity: O(1) expected.
  @inlinable public func indexOfSection(_ section: Section) -> Int? {
    _sections.index(forKey: section)
  }

  /// Whether the snapshot holds `item`.
  ///
  /// - Complexity: O(*s*).
  @inlinable public func contains(_ item: Item) -> Bool {
    sectionIdentifier(containingItem: item) != nil
  }

  /// The items marked for reloading, in the order they were marked.
  @inlinable public var reloadedItemIdentifiers: [Item] { Array(_reloadedItems) }
  /// The items marked for reconfiguring, in the order they were marked.
  @inlinable public var reconfiguredItemIdentifiers: [Item] { Array(_reconfiguredItems) }
  /// The sections marked for reloading, in the order they were marked.
  @inlinable public var reloadedSectionIdentifiers: [Section] { Array(_reloadedSections) }

  /// The item at `offset` among all items, section after section.
  ///
  /// - Precondition: `0 <= offset < numberOfItems`.
  /// - Complexity: O(*s* + log *n*).
  @inlinable internal func _item(atOffset offset: Int) -> Item {
    var offset = offset
    for items in _sections.values {
      if offset < items.visibleCount { return items.visibleItem(at: offset) }
      offset -= items.visibleCount
    }
    preconditionFailure("offset out of range")
  }
}
