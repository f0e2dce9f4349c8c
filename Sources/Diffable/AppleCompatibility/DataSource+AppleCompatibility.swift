#if !canImport(UIKit)

  extension DataSource {
    /// Stores `snapshot` as `section`'s section snapshot, adding the section at the end if
    /// missing.
    ///
    /// Mirrors `UICollectionViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)`
    /// taking Apple's section snapshot type, and traps where Apple traps: when an item of
    /// `snapshot` exists in another section. Unlike Apple's, it returns the transaction (a
    /// discardable result).
    ///
    /// - Complexity: O(*k* log *n*) when `snapshot` is `snapshot(for: section)` plus one edit
    ///   touching *k* items; O(*n* log *n*) otherwise (as the native `apply`).
    @discardableResult
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSectionSnapshot<Item>, to section: Section,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) -> NSDiffableDataSourceTransaction<Section, Item> {
      NSDiffableDataSourceTransaction(
        _trapping { () throws(SnapshotError) in
          try apply(
            snapshot.native, to: section, animatingDifferences: animatingDifferences,
            completion: completion)
        })
    }

    /// Makes `snapshot` the data source's state; each section's tree is replaced by its items,
    /// unless its section snapshot is unchanged.
    ///
    /// Mirrors `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`
    /// taking Apple's snapshot type; never traps. Unlike Apple's, it returns the transaction (a
    /// discardable result).
    ///
    /// - Complexity: O(*k* log *n*) when one section changed by one edit; O(*n* log *n*)
    ///   otherwise (as the native `apply`).
    @discardableResult
    @inlinable public func apply(
      _ snapshot: NSDiffableDataSourceSnapshot<Section, Item>, animatingDifferences: Bool = true,
      completion: (() -> Void)? = nil
    ) -> NSDiffableDataSourceTransaction<Section, Item> {
      NSDiffableDataSourceTransaction(
        apply(snapshot.native, animatingDifferences: animatingDifferences, completion: completion))
    }

    /// Makes `snapshot` the data source's state without animating: headless, the same as
    /// `apply(_:animatingDifferences:completion:)`.
    ///
    /// Mirrors `UICollectionViewDiffableDataSource.applySnapshotUsingReloadData(_:completion:)`;
    /// never traps. Unlike Apple's, it returns the transaction (a discardable result).
    ///
    /// - Complexity: as `apply(_:animatingDifferences:completion:)`.
    @discardableResult
    @inlinable public func applySnapshotUsingReloadData(
      _ snapshot: NSDiffableDataSourceSnapshot<Section, Item>, completion: (() -> Void)? = nil
    ) -> NSDiffableDataSourceTransaction<Section, Item> {
      apply(snapshot, animatingDifferences: false, completion: completion)
    }
  }

#endif
