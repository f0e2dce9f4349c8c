#if !canImport(UIKit)
  import Foundation

  /// UIKit's `UICollectionViewDiffableDataSource`, headless, for code written for iOS: it holds
  /// the applied state, applies snapshots, answers index-path queries and runs the handlers for
  /// simulated user interactions.
  ///
  /// A thin wrapper of `DataSource` whose members have UIKit's exact signatures and Apple's types
  /// (`NSDiffableDataSourceSnapshot`, `NSDiffableDataSourceSectionSnapshot`,
  /// `NSDiffableDataSourceTransaction`), so code that starts from the data source compiles
  /// unchanged where UIKit is absent. There is no collection view: the data source is made with
  /// `init()` instead of `init(collectionView:cellProvider:)`, and there are no cells or
  /// supplementary views. Everything the native `DataSource` offers (its transactions, the
  /// throwing members) is reached through `native`.
  ///
  /// ```swift
  /// let dataSource = UICollectionViewDiffableDataSource<String, String>()
  /// var outline = NSDiffableDataSourceSectionSnapshot<String>()
  /// outline.append(["Food"])
  /// outline.append(["Apple"], to: "Food")
  /// dataSource.apply(outline, to: "main")
  /// dataSource.snapshot().itemIdentifiers  // ["Food"]: Food is collapsed
  /// ```
  ///
  /// Like UIKit's class, it is `@MainActor @preconcurrency`: in the Swift 6 language mode its
  /// members are called from the main actor (a call from a nonisolated synchronous context is a
  /// warning, as against the SDK), and a generic context whose parameters are only `Hashable` may
  /// name it with a warning instead of an error. UIKit's completion handlers run after the
  /// animations, on the main queue; here, with nothing to animate, they run before `apply`
  /// returns. Where UIKit raises an `NSInternalInconsistencyException`, this type traps with the
  /// same message; code that wants to recover uses `native`, which throws.
  ///
  /// # Performance
  ///
  /// Every member costs what the `DataSource` member it calls costs (each says so); wrapping and
  /// unwrapping snapshots and transactions are free.
  @MainActor @preconcurrency
  open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  > {
    /// The native data source this wraps: its members throw instead of trapping, and return the
    /// transaction each change made.
    public let native: DataSource<SectionIdentifierType, ItemIdentifierType>

    /// The handlers for expanding and collapsing items (the user's disclosure taps).
    ///
    /// Mirrors UIKit's `sectionSnapshotHandlers`. Setting it (or one of its closures) installs
    /// handlers on `native` that convert its section snapshots to Apple's type and back, so an
    /// interaction simulated on either data source runs these closures. It replaces whatever
    /// section snapshot handlers were set on `native` directly.
    ///
    /// - Complexity: O(1).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>() {
      didSet { _installSectionSnapshotHandlers() }
    }

    /// The handlers for reordering items (the user's reorders and drags).
    ///
    /// Mirrors UIKit's `reorderingHandlers`. Setting it (or one of its closures) installs handlers
    /// on `native` that wrap its transactions in `NSDiffableDataSourceTransaction`, so an
    /// interaction simulated on either data source runs these closures. It replaces whatever
    /// reordering handlers were set on `native` directly.
    ///
    /// - Complexity: O(1).
    public var reorderingHandlers = ReorderingHandlers() {
      didSet { _installReorderingHandlers() }
    }

    /// An empty data source with no handlers.
    ///
    /// Stands in for UIKit's `init(collectionView:cellProvider:)`: there is no collection view to
    /// connect and no cell to provide.
    ///
    /// - Complexity: O(1).
    public init() { native = DataSource() }
  }

  // MARK: - Updating data

  extension UICollectionViewDiffableDataSource {
    /// The current state: each section's visible items, in order.
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
    /// Mirrors UIKit's `apply(_:animatingDifferences:completion:)`; never traps. Headless, there
    /// is nothing to animate: `animatingDifferences` changes nothing, and `completion` runs before
    /// this returns. A section whose items are unchanged keeps its tree and expansion. The
    /// transaction is `native.apply(_:animatingDifferences:completion:)`'s result.
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
    /// Mirrors UIKit's `apply(_:animatingDifferences:) async` (iOS 15); never traps, and returns
    /// once the snapshot is applied (at once, headless).
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
    /// Headless, it is `apply(_:animatingDifferences:completion:)` without animation.
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

    /// The current section snapshot of `section`: its tree, hidden items and expansion included;
    /// empty for an unknown section.
    ///
    /// Mirrors UIKit's `snapshot(for:)` (iOS 14); never traps. A section filled through a flat
    /// snapshot gives its items as roots.
    ///
    /// - Complexity: O(1).
    @inlinable public func snapshot(
      for section: SectionIdentifierType
    ) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      NSDiffableDataSourceSectionSnapshot(native.snapshot(for: section))
    }

    /// Stores `snapshot` as `section`'s section snapshot, adding the section at the end if
    /// missing, then calls `completion`.
    ///
    /// Mirrors UIKit's `apply(_:to:animatingDifferences:completion:)` (iOS 14), and traps where
    /// UIKit traps: when an item of `snapshot` exists in another section. The data source stores
    /// exactly what it is given (a freshly built snapshot collapses what it does not expand), and
    /// the flat snapshot then holds the section's visible items. `completion` runs before this
    /// returns; nothing is animated.
    ///
    /// - Complexity: O(*k* log *n*) when `snapshot` is `snapshot(for: section)` plus one edit
    ///   touching *k* items; O(*n* log *n*) otherwise.
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      to section: SectionIdentifierType, animatingDifferences: Bool = true,
      completion: (() -> Void)? = nil
    ) {
      native.apply(
        snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Stores `snapshot` as `section`'s section snapshot, adding the section at the end if
    /// missing.
    ///
    /// Mirrors UIKit's `apply(_:to:animatingDifferences:) async` (iOS 15), and traps where UIKit
    /// traps, as `apply(_:to:animatingDifferences:completion:)` does; returns once the snapshot
    /// is applied (at once, headless). In an `async` context this is the overload a call
    /// without a completion picks, as in UIKit, so it needs `await`.
    ///
    /// - Complexity: as `apply(_:to:animatingDifferences:completion:)`.
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      to section: SectionIdentifierType, animatingDifferences: Bool = true
    ) async {
      apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: nil)
    }
  }

  // MARK: - Identifiers and index paths

  extension UICollectionViewDiffableDataSource {
    /// The item shown at `indexPath` (a section and a visible row), or nil.
    ///
    /// Mirrors UIKit's `itemIdentifier(for:)`; never traps.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      native.itemIdentifier(for: indexPath)
    }

    /// The index path of `itemIdentifier` when it is shown (every ancestor expanded), or nil.
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
