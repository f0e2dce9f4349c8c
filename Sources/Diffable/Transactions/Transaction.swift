import OrderedCollections

/// What one change did to a data source.
///
/// Mirrors `NSDiffableDataSourceTransaction`: the flat snapshot before and after, the difference
/// of its items (visible rows, all sections: what a collection view animates), and one section
/// transaction per section the change touched. The WWDC20 backing-store recipe holds:
///
/// ```swift
/// if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
/// ```
public struct Transaction<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  /// The data source's flat snapshot before the change.
  public let initialSnapshot: Snapshot<Section, Item>
  /// The data source's flat snapshot after the change.
  public let finalSnapshot: Snapshot<Section, Item>
  /// One transaction per section whose section snapshot changed.
  public let sectionTransactions: [SectionTransaction<Section, Item>]
  @usableFromInline internal let _difference: _OffsetDifference

  @inlinable internal init(
    initial: Snapshot<Section, Item>, final: Snapshot<Section, Item>,
    difference: _OffsetDifference, sectionTransactions: [SectionTransaction<Section, Item>]
  ) {
    initialSnapshot = initial
    finalSnapshot = final
    _difference = difference
    self.sectionTransactions = sectionTransactions
  }

  /// The change from `initialSnapshot.itemIdentifiers` to `finalSnapshot.itemIdentifiers`, moves
  /// associated.
  ///
  /// - Complexity: O(min(*k* (*s* + log *n*), *n*) + *k*), where *k* is the number of changes,
  ///   *s* the number of sections and *n* the number of rows (built when read: each side's
  ///   changed items are looked up one by one, or read in one pass when they are more than one
  ///   in 32).
  @inlinable public var difference: CollectionDifference<Item> {
    _difference.collectionDifference(
      oldCount: initialSnapshot.numberOfItems, newCount: finalSnapshot.numberOfItems,
      old: { initialSnapshot._item(atOffset: $0) }, new: { finalSnapshot._item(atOffset: $0) },
      oldElements: { initialSnapshot.itemIdentifiers },
      newElements: { finalSnapshot.itemIdentifiers })
  }

  /// Whether the change changed nothing: no row and no section snapshot differs.
  ///
  /// - Complexity: O(*t*), where *t* is the number of section transactions.
  @inlinable public var isEmpty: Bool {
    _difference.isEmpty
      && sectionTransactions.allSatisfy {
        $0._difference.isEmpty && $0.initialSnapshot == $0.finalSnapshot
      }
  }

  /// The row removals as `(offset, associatedWith)` pairs.
  @inlinable public var removalOffsets: [(offset: Int, associatedWith: Int?)] {
    _difference.removals.map { ($0.offset, $0.associatedWith) }
  }

  /// The row insertions as `(offset, associatedWith)` pairs.
  @inlinable public var insertionOffsets: [(offset: Int, associatedWith: Int?)] {
    _difference.insertions.map { ($0.offset, $0.associatedWith) }
  }
}
