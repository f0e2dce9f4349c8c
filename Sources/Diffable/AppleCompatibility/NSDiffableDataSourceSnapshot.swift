#if !canImport(UIKit)

  /// Apple's `NSDiffableDataSourceSnapshot`, for code written for iOS: ordered sections holding
  /// unique items.
  ///
  /// A thin wrapper of `Snapshot` with Apple's own non-throwing signatures, so that
  /// snapshot-building code written against UIKit compiles unchanged and can be unit-tested where
  /// UIKit is absent. Where UIKit raises an `NSInternalInconsistencyException`, this type traps
  /// with the same message (the `message` of the `SnapshotError` that `native` throws); code that
  /// wants to recover uses `native` directly.
  ///
  /// ```swift
  /// var snapshot = NSDiffableDataSourceSnapshot<String, String>()
  /// snapshot.appendSections(["fruit", "drinks"])
  /// snapshot.appendItems(["Apple", "Pear"], toSection: "fruit")
  /// snapshot.appendItems(["Tea"])  // to the last section
  /// snapshot.itemIdentifiers       // ["Apple", "Pear", "Tea"]
  /// ```
  ///
  /// Apple's type is not documented as `Equatable`; this one is (by its `native` snapshot: same
  /// sections, items and reload marks), which tests need.
  ///
  /// Declared `@preconcurrency` as Apple's is: a generic context whose parameters are only
  /// `Hashable` may name the type with a warning (not an error) in the Swift 6 language mode.
  ///
  /// # Performance
  ///
  /// Every member costs what the `Snapshot` member it calls costs (each says so); wrapping and
  /// unwrapping are free.
  @preconcurrency
  public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: Sendable, Equatable {
    /// The native snapshot this wraps: its members throw instead of trapping.
    public var native: Snapshot<SectionIdentifierType, ItemIdentifierType>

    /// An empty snapshot.
    ///
    /// Mirrors Apple's `init()`.
    ///
    /// - Complexity: O(1).
    @inlinable public init() { native = Snapshot() }

    /// Wraps a native snapshot (for example `DataSource.snapshot()`).
    ///
    /// No Apple counterpart.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ native: Snapshot<SectionIdentifierType, ItemIdentifierType>) {
      self.native = native
    }
  }

  // MARK: - Queries

  extension NSDiffableDataSourceSnapshot {
    /// The number of items in all sections.
    ///
    /// Mirrors Apple's `numberOfItems`; never traps.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections.
    @inlinable public var numberOfItems: Int { native.numberOfItems }

    /// The number of sections.
    ///
    /// Mirrors Apple's `numberOfSections`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { native.numberOfSections }

    /// The sections, in order.
    ///
    /// Mirrors Apple's `sectionIdentifiers`; never traps.
    ///
    /// - Complexity: O(*s*).
    @inlinable public var sectionIdentifiers: [SectionIdentifierType] { native.sectionIdentifiers }

    /// Every item, section after section.
    ///
    /// Mirrors Apple's `itemIdentifiers`; never traps.
    ///
    /// - Complexity: O(*n*), where *n* is the number of items.
    @inlinable public var itemIdentifiers: [ItemIdentifierType] { native.itemIdentifiers }

    /// The number of items in `identifier`.
    ///
    /// Mirrors Apple's `numberOfItems(inSection:)`, and traps where Apple traps: when the section
    /// is absent.
    ///
    /// - Complexity: O(1) expected.
    @inlinable public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
      _trapping { () throws(SnapshotError) in try native.numberOfItems(inSection: identifier) }
    }

    /// The items of `identifier`, in order.
    ///
    /// Mirrors Apple's `itemIdentifiers(inSection:)`, and traps where Apple traps: when the
    /// section is absent.
    ///
    /// - Complexity: O(*k*), where *k* is the number of items in the section.
    @inlinable public func itemIdentifiers(
      inSection identifier: SectionIdentifierType
    ) -> [ItemIdentifierType] {
      _trapping { () throws(SnapshotError) in try native.itemIdentifiers(inSection: identifier) }
    }

    /// The section holding `identifier`, or nil.
    ///
    /// Mirrors Apple's `sectionIdentifier(containingItem:)`; never traps.
    ///
    /// - Complexity: O(*s*).
    @inlinable public func sectionIdentifier(
      containingItem identifier: ItemIdentifierType
    ) -> SectionIdentifierType? {
      native.sectionIdentifier(containingItem: identifier)
    }

    /// The offset of `identifier` among all items, section after section, or nil.
    ///
    /// Mirrors Apple's `indexOfItem(_:)`; never traps.
    ///
    /// - Complexity: O(*s* + log *n*).
    @inlinable public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
      native.indexOfItem(identifier)
    }

    /// The offset of `identifier` among the sections, or nil.
    ///
    /// Mirrors Apple's `indexOfSection(_:)`; never traps.
    ///
    /// - Complexity: O(1) expected.
    @inlinable public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
      native.indexOfSection(identifier)
    }

    /// The items marked for reloading, in the order they were marked.
    ///
    /// Mirrors Apple's `reloadedItemIdentifiers`; never traps.
    ///
    /// - Complexity: O(*k*), where *k* is the number of marked items.
    @inlinable public var reloadedItemIdentifiers: [ItemIdentifierType] {
      native.reloadedItemIdentifiers
    }

    /// The items marked for reconfiguring, in the order they were marked.
    ///
    /// Mirrors Apple's `reconfiguredItemIdentifiers`; never traps.
    ///
    /// - Complexity: O(*k*), where *k* is the number of marked items.
    @inlinable public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
      native.reconfiguredItemIdentifiers
    }

    /// The sections marked for reloading, in the order they were marked.
    ///
    /// Mirrors Apple's `reloadedSectionIdentifiers`; never traps.
    ///
    /// - Complexity: O(*k*), where *k* is the number of marked sections.
    @inlinable public var reloadedSectionIdentifiers: [SectionIdentifierType] {
      native.reloadedSectionIdentifiers
    }
  }

  // MARK: - Items

  extension NSDiffableDataSourceSnapshot {
    /// Adds `identifiers` at the end of `sectionIdentifier`, or of the last section when it is
    /// nil; an item already in the snapshot moves there (iOS 15 behaviour).
    ///
    /// Mirrors Apple's `appendItems(_:toSection:)`, and traps where Apple traps: when there is
    /// no section, when the section is absent, or when `identifiers` repeat one another.
    ///
    /// - Complexity: O(*k* (*s* + log *n*)), where *k* is the number of items.
    @inlinable public mutating func appendItems(
      _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
      _trapping { () throws(SnapshotError) in
        try native.appendItems(identifiers, toSection: sectionIdentifier)
      }
    }

    /// Adds `identifiers` right before `beforeIdentifier`, in its section.
    ///
    /// Mirrors Apple's `insertItems(_:beforeItem:)`, and traps where Apple traps: when
    /// `beforeIdentifier` is absent or among `identifiers`, or when `identifiers` repeat one
    /// another.
    ///
    /// - Complexity: O(*k* (*s* + log *n*)).
    @inlinable public mutating func insertItems(
      _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.insertItems(identifiers, beforeItem: beforeIdentifier)
      }
    }

    /// Adds `identifiers` right after `afterIdentifier`, in its section.
    ///
    /// Mirrors Apple's `insertItems(_:afterItem:)`, and traps where Apple traps: when
    /// `afterIdentifier` is absent or among `identifiers`, or when `identifiers` repeat one
    /// another.
    ///
    /// - Complexity: O(*k* (*s* + log *n*)).
    @inlinable public mutating func insertItems(
      _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.insertItems(identifiers, afterItem: afterIdentifier)
      }
    }

    /// Removes `identifiers`; unknown items are ignored.
    ///
    /// Mirrors Apple's `deleteItems(_:)`; never traps.
    ///
    /// - Complexity: O(*k* (*s* + log *n*)).
    @inlinable public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
      native.deleteItems(identifiers)
    }

    /// Removes every item and every section.
    ///
    /// Mirrors Apple's `deleteAllItems()`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public mutating func deleteAllItems() { native.deleteAllItems() }

    /// Moves `identifier` right before `toIdentifier`.
    ///
    /// Mirrors Apple's `moveItem(_:beforeItem:)`, and traps where Apple traps: when either is
    /// absent, or when they are the same item.
    ///
    /// - Complexity: O(*s* + log *n*).
    @inlinable public mutating func moveItem(
      _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.moveItem(identifier, beforeItem: toIdentifier)
      }
    }

    /// Moves `identifier` right after `toIdentifier`.
    ///
    /// Mirrors Apple's `moveItem(_:afterItem:)`, and traps where Apple traps: when either is
    /// absent, or when they are the same item.
    ///
    /// - Complexity: O(*s* + log *n*).
    @inlinable public mutating func moveItem(
      _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.moveItem(identifier, afterItem: toIdentifier)
      }
    }

    /// Marks `identifiers` for reloading.
    ///
    /// Mirrors Apple's `reloadItems(_:)`, and traps where Apple traps: when an item is absent.
    ///
    /// - Complexity: O(*k* *s*).
    @inlinable public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
      _trapping { () throws(SnapshotError) in try native.reloadItems(identifiers) }
    }

    /// Marks `identifiers` for reconfiguring (updating their cells in place).
    ///
    /// Mirrors Apple's `reconfigureItems(_:)`, and traps where Apple traps: when an item is
    /// absent.
    ///
    /// - Complexity: O(*k* *s*).
    @inlinable public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
      _trapping { () throws(SnapshotError) in try native.reconfigureItems(identifiers) }
    }
  }

  // MARK: - Sections

  extension NSDiffableDataSourceSnapshot {
    /// Adds empty sections at the end.
    ///
    /// Mirrors Apple's `appendSections(_:)`, and traps where Apple traps: when a section exists
    /// or is repeated.
    ///
    /// - Complexity: O(*k*) expected, where *k* is the number of sections added.
    @inlinable public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
      _trapping { () throws(SnapshotError) in try native.appendSections(identifiers) }
    }

    /// Adds empty sections right before `toIdentifier`.
    ///
    /// Mirrors Apple's `insertSections(_:beforeSection:)`, and traps where Apple traps: when
    /// `toIdentifier` is absent, or when a section exists or is repeated.
    ///
    /// - Complexity: O(*s* + *k*).
    @inlinable public mutating func insertSections(
      _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.insertSections(identifiers, beforeSection: toIdentifier)
      }
    }

    /// Adds empty sections right after `toIdentifier`.
    ///
    /// Mirrors Apple's `insertSections(_:afterSection:)`, and traps where Apple traps: when
    /// `toIdentifier` is absent, or when a section exists or is repeated.
    ///
    /// - Complexity: O(*s* + *k*).
    @inlinable public mutating func insertSections(
      _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.insertSections(identifiers, afterSection: toIdentifier)
      }
    }

    /// Removes sections with their items; unknown sections are ignored.
    ///
    /// Mirrors Apple's `deleteSections(_:)`; never traps.
    ///
    /// - Complexity: O(*s* *k*).
    @inlinable public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
      native.deleteSections(identifiers)
    }

    /// Moves `identifier` right before `toIdentifier`.
    ///
    /// Mirrors Apple's `moveSection(_:beforeSection:)`, and traps where Apple traps: when either
    /// is absent, or when they are the same section.
    ///
    /// - Complexity: O(*s*).
    @inlinable public mutating func moveSection(
      _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.moveSection(identifier, beforeSection: toIdentifier)
      }
    }

    /// Moves `identifier` right after `toIdentifier`.
    ///
    /// Mirrors Apple's `moveSection(_:afterSection:)`, and traps where Apple traps: when either
    /// is absent, or when they are the same section.
    ///
    /// - Complexity: O(*s*).
    @inlinable public mutating func moveSection(
      _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in
        try native.moveSection(identifier, afterSection: toIdentifier)
      }
    }

    /// Marks sections for reloading.
    ///
    /// Mirrors Apple's `reloadSections(_:)`, and traps where Apple traps: when a section is
    /// absent.
    ///
    /// - Complexity: O(*k*) expected.
    @inlinable public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
      _trapping { () throws(SnapshotError) in try native.reloadSections(identifiers) }
    }
  }

#endif
