#if !canImport(UIKit)

  /// Apple's `NSDiffableDataSourceSectionSnapshot`, for code written for iOS: one section's items
  /// as a forest, with expansion state.
  ///
  /// A thin wrapper of `SectionSnapshot` with Apple's own non-throwing signatures, so that
  /// snapshot-building code written against UIKit compiles unchanged and can be unit-tested where
  /// UIKit is absent. Where UIKit raises an `NSInternalInconsistencyException`, this type traps
  /// with the same message (the `message` of the `SnapshotError` that `native` throws); code that
  /// wants to recover uses `native` directly.
  ///
  /// ```swift
  /// var outlineSnapshot = NSDiffableDataSourceSectionSnapshot<String>()
  /// outlineSnapshot.append(["Food"])
  /// outlineSnapshot.append(["Apple", "Pear"], to: "Food")
  /// outlineSnapshot.items         // ["Food", "Apple", "Pear"]
  /// outlineSnapshot.visibleItems  // ["Food"]: Food is collapsed
  /// ```
  ///
  /// Apple's type is not documented as `Equatable`; this one is (by its `native` snapshot: same
  /// items, levels and expansion), which tests need.
  ///
  /// Declared `@preconcurrency` as Apple's is: a generic context whose parameters are only
  /// `Hashable` may name the type with a warning (not an error) in the Swift 6 language mode.
  ///
  /// # Performance
  ///
  /// Every member costs what the `SectionSnapshot` member it calls costs (each says so); wrapping
  /// and unwrapping are free.
  @preconcurrency
  public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>:
    Sendable, Equatable
  {
    /// The native section snapshot this wraps: its members throw instead of trapping.
    public var native: SectionSnapshot<ItemIdentifierType>

    /// An empty section snapshot.
    ///
    /// Mirrors Apple's `init()`.
    ///
    /// - Complexity: O(1).
    @inlinable public init() { native = SectionSnapshot() }

    /// A copy of `snapshot`.
    ///
    /// Mirrors Apple's `init(_:)`.
    ///
    /// - Complexity: O(1): the copy shares storage until one of them is edited.
    @inlinable public init(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
      self = snapshot
    }

    /// Wraps a native section snapshot (for example `DataSource.snapshot(for:)`).
    ///
    /// No Apple counterpart.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ native: SectionSnapshot<ItemIdentifierType>) { self.native = native }
  }

  // MARK: - Editing

  extension NSDiffableDataSourceSectionSnapshot {
    /// Adds `items` as new last roots, or as new last children of `parent`.
    ///
    /// Mirrors Apple's `append(_:to:)`, and traps where Apple traps: when an item is already in
    /// the snapshot or repeated, or when `parent` is absent.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of items added and *n* the items in
    ///   the snapshot (as `SectionSnapshot.append(_:to:)`).
    @inlinable public mutating func append(
      _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
    ) {
      _trapping { () throws(SnapshotError) in try native.append(items, to: parent) }
    }

    /// Adds `items` as siblings of `item`, right before it.
    ///
    /// Mirrors Apple's `insert(_:before:)`, and traps where Apple traps: when an item is already
    /// in the snapshot or repeated, or when `item` is absent.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of items added.
    @inlinable public mutating func insert(
      _ items: [ItemIdentifierType], before item: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in try native.insert(items, before: item) }
    }

    /// Adds `items` as siblings of `item`, right after `item`'s whole subtree.
    ///
    /// Mirrors Apple's `insert(_:after:)`, and traps where Apple traps: when an item is already
    /// in the snapshot or repeated, or when `item` is absent.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of items added.
    @inlinable public mutating func insert(
      _ items: [ItemIdentifierType], after item: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in try native.insert(items, after: item) }
    }

    /// Inserts `snapshot`'s roots, with their subtrees and expansion, as siblings right before
    /// `item`.
    ///
    /// Mirrors Apple's `insert(_:before:)` taking a section snapshot, and traps where Apple
    /// traps: when one of its items is already here, or when `item` is absent.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of items in `snapshot`.
    @inlinable public mutating func insert(
      _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      before item: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in try native.insert(snapshot.native, before: item) }
    }

    /// Inserts `snapshot`'s roots, with their subtrees and expansion, as siblings right after
    /// `item`'s whole subtree.
    ///
    /// Mirrors Apple's `insert(_:after:)` taking a section snapshot, and traps where Apple traps:
    /// when one of its items is already here, or when `item` is absent.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of items in `snapshot`.
    @inlinable public mutating func insert(
      _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      after item: ItemIdentifierType
    ) {
      _trapping { () throws(SnapshotError) in try native.insert(snapshot.native, after: item) }
    }

    /// Removes `items` with all their descendants.
    ///
    /// Mirrors Apple's `delete(_:)`, and traps where Apple traps: when an item is absent
    /// (checked before anything is deleted).
    ///
    /// - Complexity: O((*k* + *d*) log *n*), where *k* is the number of items named and *d* the
    ///   number of descendants removed.
    @inlinable public mutating func delete(_ items: [ItemIdentifierType]) {
      _trapping { () throws(SnapshotError) in try native.delete(items) }
    }

    /// Removes every item and every expansion flag.
    ///
    /// Mirrors Apple's `deleteAll()`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public mutating func deleteAll() { native.deleteAll() }

    /// Marks `items` expanded; unknown items are ignored.
    ///
    /// Mirrors Apple's `expand(_:)`; never traps.
    ///
    /// - Complexity: O(*k*), where *k* is the number of items named: the call records them, and
    ///   the first read of visibility or the next edit walks them once, in
    ///   O(*k* log *k* + *k* log(*n*/*k*) + *v*), where *v* is the number of items whose
    ///   visibility changes (`SectionSnapshot.expand(_:)`).
    @inlinable public mutating func expand(_ items: [ItemIdentifierType]) { native.expand(items) }

    /// Marks `items` collapsed; unknown items are ignored.
    ///
    /// Mirrors Apple's `collapse(_:)`; never traps.
    ///
    /// - Complexity: O(*k*), where *k* is the number of items named: the call records them, and
    ///   the first read of visibility or the next edit walks them once, in
    ///   O(*k* log *k* + *k* log(*n*/*k*) + *v*), where *v* is the number of items whose
    ///   visibility changes (`SectionSnapshot.collapse(_:)`).
    @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) {
      native.collapse(items)
    }

    /// Replaces all of `parent`'s descendants by `snapshot`: its roots become `parent`'s children,
    /// with their subtrees and expansion.
    ///
    /// Mirrors Apple's `replace(childrenOf:using:)`, and traps where Apple traps: when `parent`
    /// is absent. Where UIKit silently corrupts its tree (`snapshot` holds an item found here
    /// outside `parent`'s descendants), this traps with the uniqueness message instead.
    ///
    /// - Complexity: O((*d* + *k*) log *n*), where *d* is the number of descendants removed and
    ///   *k* the number of items in `snapshot`.
    @inlinable public mutating func replace(
      childrenOf parent: ItemIdentifierType,
      using snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
      _trapping { () throws(SnapshotError) in
        try native.replace(childrenOf: parent, using: snapshot.native)
      }
    }
  }

  // MARK: - Queries

  extension NSDiffableDataSourceSectionSnapshot {
    /// Whether the snapshot holds `item`.
    ///
    /// Mirrors Apple's `contains(_:)`; never traps.
    ///
    /// - Complexity: O(1) expected.
    @inlinable public func contains(_ item: ItemIdentifierType) -> Bool { native.contains(item) }

    /// Whether `item` is expanded (its own flag, whatever its ancestors).
    ///
    /// Mirrors Apple's `isExpanded(_:)`, and traps where Apple traps: when `item` is absent.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
      _trapping { () throws(SnapshotError) in try native.isExpanded(item) }
    }

    /// Whether `item` is visible: every ancestor is expanded.
    ///
    /// Mirrors Apple's `isVisible(_:)`, and traps where Apple traps: when `item` is absent.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
      _trapping { () throws(SnapshotError) in try native.isVisible(item) }
    }

    /// The depth of `item`: 0 for a root.
    ///
    /// Mirrors Apple's `level(of:)`, and traps where Apple traps: when `item` is absent.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func level(of item: ItemIdentifierType) -> Int {
      _trapping { () throws(SnapshotError) in try native.level(of: item) }
    }

    /// The offset of `item` in `items` (hidden items counted), or nil when it is absent.
    ///
    /// Mirrors Apple's `index(of:)`; never traps.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func index(of item: ItemIdentifierType) -> Int? { native.index(of: item) }

    /// The parent of `child`, or nil for a root.
    ///
    /// Mirrors Apple's `parent(of:)`, and traps where Apple traps: when `child` is absent.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
      _trapping { () throws(SnapshotError) in try native.parent(of: child) }
    }

    /// A new snapshot of `parent`'s subtree, levels rebased and expansion kept: `parent`'s
    /// children become roots, or `parent` the single root when `includingParent` is true.
    ///
    /// Mirrors Apple's `snapshot(of:includingParent:)`, and traps where Apple traps: when
    /// `parent` is absent.
    ///
    /// - Complexity: O(log *n* + *k* log *k*), where *k* is the size of the subtree.
    @inlinable public func snapshot(
      of parent: ItemIdentifierType, includingParent: Bool = false
    ) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      NSDiffableDataSourceSectionSnapshot(
        _trapping { () throws(SnapshotError) in
          try native.snapshot(of: parent, includingParent: includingParent)
        })
    }

    /// Every item in depth-first pre-order, hidden items included.
    ///
    /// Mirrors Apple's `items`; never traps.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var items: [ItemIdentifierType] { native.items }

    /// The items at level 0, in order.
    ///
    /// Mirrors Apple's `rootItems`; never traps.
    ///
    /// - Complexity: O(*r* log *n*), where *r* is the number of roots.
    @inlinable public var rootItems: [ItemIdentifierType] { native.rootItems }

    /// The items whose ancestors are all expanded, in `items` order.
    ///
    /// Mirrors Apple's `visibleItems`; never traps.
    ///
    /// - Complexity: O(*v* + *h*), where *v* is the number of visible items and *h* the number
    ///   of tree nodes holding only hidden items.
    @inlinable public var visibleItems: [ItemIdentifierType] { native.visibleItems }

    /// The expanded items, in `items` order (leaves can be expanded too).
    ///
    /// Mirrors Apple's `expandedItems` (iOS 18.1; the Objective-C class has had
    /// `expandedItems()` since iOS 14); never traps.
    ///
    /// - Complexity: O(*n*).
    @inlinable public var expandedItems: [ItemIdentifierType] { native.expandedItems }

    /// A text picture of the tree: one line per item, two spaces per level, `+` (expanded) or
    /// `-`, `*` (visible) or a space, then the item.
    ///
    /// Mirrors Apple's `visualDescription()`; never traps. The item lines are Apple's; the first
    /// and last lines are the native snapshot's.
    ///
    /// - Complexity: O(*n*).
    @inlinable public func visualDescription() -> String { native.visualDescription() }
  }

  // MARK: - Trapping

  /// Runs `body`, trapping with the error's message where the native member throws: what UIKit
  /// does when it raises an `NSInternalInconsistencyException`.
  ///
  /// The one place the Apple-compatibility types trap.
  @inlinable internal func _trapping<T>(_ body: () throws(SnapshotError) -> T) -> T {
    do {
      return try body()
    } catch {
      fatalError(error.message)
    }
  }

#endif
