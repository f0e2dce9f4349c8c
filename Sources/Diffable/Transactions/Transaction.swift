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

extension Transaction {
  /// This transaction as one that starts from `initial`: the same differences and final
  /// snapshot, `initial` and its section snapshots as the states before.
  ///
  /// For a change made of two applies, where the first changed no row and no item's place
  /// (an outline editor expanding a leaf in code just before a reorder drops an item under
  /// it): the second's differences are the whole change's, and the first's state change shows
  /// between the two snapshots. Checked builds (`DIFFABLE_INTERNAL_CHECKS`) check that
  /// `initial` has this transaction's rows and items.
  ///
  /// - Complexity: O(*t*) for *t* section transactions (O(*n*) in checked builds).
  @inlinable package func starting(from initial: Snapshot<Section, Item>) -> Self {
    #if DIFFABLE_INTERNAL_CHECKS
      precondition(
        initial.itemIdentifiers == initialSnapshot.itemIdentifiers,
        "the earlier change moved rows: \(initial.itemIdentifiers) vs \(initialSnapshot.itemIdentifiers)"
      )
    #endif
    let sections = sectionTransactions.map { section in
      let old = initial._sections[section.sectionIdentifier] ?? section.initialSnapshot
      #if DIFFABLE_INTERNAL_CHECKS
        precondition(old.items == section.initialSnapshot.items, "the earlier change moved items")
      #endif
      return SectionTransaction(
        section: section.sectionIdentifier, initial: old, final: section.finalSnapshot,
        difference: section._difference, reparenting: section._reparenting)
    }
    return Transaction(
      initial: initial, final: finalSnapshot, difference: _difference,
      sectionTransactions: sections)
  }
}
