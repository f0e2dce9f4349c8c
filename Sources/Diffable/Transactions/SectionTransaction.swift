import OrderedCollections

/// What one change did to one section's section snapshot.
///
/// Mirrors `NSDiffableDataSourceSectionTransaction`: the section, its section snapshot before and
/// after, and the difference of the snapshot's `items` (hidden items included), moves inferred.
public struct SectionTransaction<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable
{
  /// The section the change touched.
  public let sectionIdentifier: Section
  /// The section snapshot before the change.
  public let initialSnapshot: SectionSnapshot<Item>
  /// The section snapshot after the change.
  public let finalSnapshot: SectionSnapshot<Item>
  @usableFromInline internal let _difference: _OffsetDifference
  @usableFromInline internal let _reparenting: _Reparenting

  @inlinable internal init(
    section: Section, initial: SectionSnapshot<Item>, final: SectionSnapshot<Item>,
    difference: _OffsetDifference, reparenting: _Reparenting = .none
  ) {
    sectionIdentifier = section
    initialSnapshot = initial
    finalSnapshot = final
    _difference = difference
    _reparenting = reparenting
  }

  /// The change from `initialSnapshot.items` to `finalSnapshot.items`, moves associated:
  /// `initialSnapshot.items.applying(difference) == finalSnapshot.items`.
  ///
  /// - Complexity: O(min(*k* log *n*, *n*) + *k*), where *k* is the number of changes and *n*
  ///   the number of items (built when read: each side's changed items are looked up one by
  ///   one, or read in one pass when they are more than one in 32).
  @inlinable public var difference: CollectionDifference<Item> {
    _difference.collectionDifference(
      oldCount: initialSnapshot.count, newCount: finalSnapshot.count,
      old: { initialSnapshot.item(at: $0) }, new: { finalSnapshot.item(at: $0) },
      oldElements: { initialSnapshot.items }, newElements: { finalSnapshot.items })
  }

  /// The removals as `(offset, associatedWith)` pairs: the difference without its elements.
  ///
  /// - Complexity: O(*k*).
  @inlinable public var removalOffsets: [(offset: Int, associatedWith: Int?)] {
    _difference.removals.map { ($0.offset, $0.associatedWith) }
  }

  /// The insertions as `(offset, associatedWith)` pairs: the difference without its elements.
  ///
  /// - Complexity: O(*k*).
  @inlinable public var insertionOffsets: [(offset: Int, associatedWith: Int?)] {
    _difference.insertions.map { ($0.offset, $0.associatedWith) }
  }
}
