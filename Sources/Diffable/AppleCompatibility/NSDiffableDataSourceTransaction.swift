#if !canImport(UIKit)

  /// Apple's `NSDiffableDataSourceTransaction`, for code written for iOS: what one change did to
  /// a data source.
  ///
  /// A thin wrapper of `Transaction` whose snapshots are the Apple-compatibility types. The flat
  /// snapshots before and after, the `difference` of their items (visible rows, all sections),
  /// and one section transaction per section the change touched. The WWDC20 backing-store recipe
  /// holds:
  ///
  /// ```swift
  /// if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
  /// ```
  ///
  /// The data source's handlers hand out the native `Transaction`, which has the same member
  /// names; wrap it with `init(_:)` where the Apple type is spelled out.
  ///
  /// Declared `@preconcurrency` as Apple's is: a generic context whose parameters are only
  /// `Hashable` may name the type with a warning (not an error) in the Swift 6 language mode.
  @preconcurrency
  public struct NSDiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: Sendable {
    /// The native transaction this wraps.
    public let native: Transaction<SectionIdentifierType, ItemIdentifierType>

    /// Wraps a native transaction (for example the one `DataSource.apply` returns).
    ///
    /// No Apple counterpart: UIKit makes its transactions itself.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ native: Transaction<SectionIdentifierType, ItemIdentifierType>) {
      self.native = native
    }

    /// The data source's flat snapshot before the change.
    ///
    /// Mirrors Apple's `initialSnapshot`; never traps.
    ///
    /// - Complexity: O(1).
    public var initialSnapshot:
      NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    {
      NSDiffableDataSourceSnapshot(native.initialSnapshot)
    }

    /// The data source's flat snapshot after the change.
    ///
    /// Mirrors Apple's `finalSnapshot`; never traps.
    ///
    /// - Complexity: O(1).
    public var finalSnapshot:
      NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    {
      NSDiffableDataSourceSnapshot(native.finalSnapshot)
    }

    /// The change from `initialSnapshot.itemIdentifiers` to `finalSnapshot.itemIdentifiers`,
    /// moves associated.
    ///
    /// Mirrors Apple's `difference`; never traps.
    ///
    /// - Complexity: O(*k* (*s* + log *n*)), where *k* is the number of changes (built when
    ///   read).
    @inlinable public var difference: CollectionDifference<ItemIdentifierType> { native.difference }

    /// One transaction per section whose section snapshot changed.
    ///
    /// Mirrors Apple's `sectionTransactions`; never traps.
    ///
    /// - Complexity: O(*t*), where *t* is the number of section transactions.
    public var sectionTransactions:
      [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
    {
      native.sectionTransactions.map(NSDiffableDataSourceSectionTransaction.init)
    }
  }

#endif
