#if !canImport(UIKit)

  /// Apple's `NSDiffableDataSourceSectionTransaction`, for code written for iOS: what one change
  /// did to one section's section snapshot.
  ///
  /// A thin wrapper of `SectionTransaction` whose snapshots are the Apple-compatibility types:
  /// the section, its section snapshot before and after, and the `difference` of the snapshot's
  /// `items` (hidden items included), moves inferred.
  ///
  /// ```swift
  /// for sectionTransaction in transaction.sectionTransactions {
  ///   let section = sectionTransaction.sectionIdentifier
  ///   if let items = backingStore[section]?.applying(sectionTransaction.difference) {
  ///     backingStore[section] = items
  ///   }
  /// }
  /// ```
  ///
  /// Declared `@preconcurrency` as Apple's is: a generic context whose parameters are only
  /// `Hashable` may name the type with a warning (not an error) in the Swift 6 language mode.
  @preconcurrency
  public struct NSDiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: Sendable {
    /// The native section transaction this wraps.
    public let native: SectionTransaction<SectionIdentifierType, ItemIdentifierType>

    /// Wraps a native section transaction.
    ///
    /// No Apple counterpart: UIKit makes its transactions itself.
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ native: SectionTransaction<SectionIdentifierType, ItemIdentifierType>)
    {
      self.native = native
    }

    /// The section the change touched.
    ///
    /// Mirrors Apple's `sectionIdentifier`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public var sectionIdentifier: SectionIdentifierType { native.sectionIdentifier }

    /// The section snapshot before the change.
    ///
    /// Mirrors Apple's `initialSnapshot`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public var initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      NSDiffableDataSourceSectionSnapshot(native.initialSnapshot)
    }

    /// The section snapshot after the change.
    ///
    /// Mirrors Apple's `finalSnapshot`; never traps.
    ///
    /// - Complexity: O(1).
    @inlinable public var finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      NSDiffableDataSourceSectionSnapshot(native.finalSnapshot)
    }

    /// The change from `initialSnapshot.items` to `finalSnapshot.items`, moves associated.
    ///
    /// Mirrors Apple's `difference`; never traps.
    ///
    /// - Complexity: O(*k* log *n*), where *k* is the number of changes (built when read).
    @inlinable public var difference: CollectionDifference<ItemIdentifierType> { native.difference }
  }

#endif
