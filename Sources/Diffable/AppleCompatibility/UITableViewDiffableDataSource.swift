#if !canImport(UIKit)
  import Foundation

  /// UIKit's `UITableViewDiffableDataSource`, headless, for code written for iOS: it holds the
  /// applied flat snapshot and answers index-path queries.
  ///
  /// A thin wrapper of `DataSource` with UIKit's table members only: flat snapshots, no section
  /// snapshots and no handlers (a table view has no outline disclosures and UIKit gives its data
  /// source no reordering handlers). It is made with `init()` instead of
  /// `init(tableView:cellProvider:)`. UIKit's `defaultRowAnimation` is left out: its type,
  /// `UITableView.RowAnimation`, belongs to the table view, and with no rows to animate it would
  /// mean nothing. Subclasses, which iOS code uses to add table-view methods, can be declared as
  /// there; their overrides of `UITableViewDataSource` methods cannot.
  ///
  /// ```swift
  /// let dataSource = UITableViewDiffableDataSource<Int, String>()
  /// var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
  /// snapshot.appendSections([0])
  /// snapshot.appendItems(["Apple", "Pear"])
  /// dataSource.apply(snapshot, animatingDifferences: false)
  /// dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0))  // "Pear"
  /// ```
  ///
  /// Like UIKit's class, it is `@MainActor @preconcurrency` (see
  /// `UICollectionViewDiffableDataSource`).
  ///
  /// # Performance
  ///
  /// Every member costs what the `DataSource` member it calls costs; wrapping is free.
  @MainActor @preconcurrency
  open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  > {
    /// The native data source this wraps: its `apply` returns the transaction each change made.
    public let native: DataSource<SectionIdentifierType, ItemIdentifierType>

    /// An empty data source.
    ///
    /// Stands in for UIKit's `init(tableView:cellProvider:)`: there is no table view to connect
    /// and no cell to provide.
    ///
    /// - Complexity: O(1).
    public init() { native = DataSource() }

    /// The current state: each section's items, in order.
    ///
    /// Mirrors UIKit's `snapshot()`; never traps.
    ///
    /// - Complexity: O(1): it shares the data source's storage.
    @inlinable public func snapshot()
      -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    {
      NSDiffableDataSourceSnapshot(native.snapshot())
    }

    /// Makes `snapshot` the data source's state, then calls `completion`.
    ///
    /// Mirrors UIKit's `apply(_:animatingDifferences:completion:)`; never traps. Headless,
    /// `animatingDifferences` changes nothing and `completion` runs before this returns.
    ///
    /// - Complexity: O(*k* log *n*) when one section changed by one edit; O(*n* log *n*)
    ///   otherwise, where *n* is the number of items.
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      native.apply(
        snapshot.native, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Makes `snapshot` the data source's state.
    ///
    /// Mirrors UIKit's `apply(_:animatingDifferences:) async` (iOS 15); never traps.
    ///
    /// - Complexity: as `apply(_:animatingDifferences:completion:)`.
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Makes `snapshot` the data source's state without computing a difference for a view, then
    /// calls `completion`.
    ///
    /// Mirrors UIKit's `applySnapshotUsingReloadData(_:completion:)` (iOS 15); never traps.
    ///
    /// - Complexity: as `apply(_:animatingDifferences:completion:)`.
    @inlinable public func applySnapshotUsingReloadData(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// Makes `snapshot` the data source's state without computing a difference for a view.
    ///
    /// Mirrors UIKit's `applySnapshotUsingReloadData(_:) async` (iOS 15); never traps.
    ///
    /// - Complexity: as `apply(_:animatingDifferences:completion:)`.
    @inlinable public func applySnapshotUsingReloadData(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      applySnapshotUsingReloadData(snapshot, completion: nil)
    }

    /// The item at `indexPath` (a section and a row), or nil.
    ///
    /// Mirrors UIKit's `itemIdentifier(for:)`; never traps.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      native.itemIdentifier(for: indexPath)
    }

    /// The index path of `itemIdentifier`, or nil.
    ///
    /// Mirrors UIKit's `indexPath(for:)`; never traps.
    ///
    /// - Complexity: O(*s* + log *n*), where *s* is the number of sections.
    @inlinable public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
      native.indexPath(for: itemIdentifier)
    }

    /// The section at `index`, or nil.
    ///
    /// Mirrors UIKit's `sectionIdentifier(for:)` (iOS 15); never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
      native.sectionIdentifier(for: index)
    }

    /// The index of `sectionIdentifier`, or nil.
    ///
    /// Mirrors UIKit's `index(for:)` (iOS 15); never traps.
    ///
    /// - Complexity: O(1) expected.
    @inlinable public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
      native.index(for: sectionIdentifier)
    }
  }

#endif
