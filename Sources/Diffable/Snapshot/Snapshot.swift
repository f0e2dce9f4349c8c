import OrderedCollections

/// Ordered sections holding unique items: the flat snapshot of a collection view.
///
/// Mirrors `NSDiffableDataSourceSnapshot`. Sections and items are unique across the whole
/// snapshot. Where Apple traps, the members throw a `SnapshotError` with Apple's message and
/// leave the snapshot unchanged.
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSections(["main"])
/// try snapshot.appendItems(["A", "B"])
/// snapshot.itemIdentifiers  // ["A", "B"]
/// ```
///
/// # Performance
///
/// Each section's items are kept as a `SectionSnapshot` (a persistent B-tree with an identifier
/// map), so an edit of *k* items costs O(*k* log *n*) plus O(*s*) to find an item's section among
/// the *s* sections, and copies share storage. A snapshot taken from a data source holds the
/// section snapshots that were applied, and its items in a section are their visible items; the
/// first flat edit of such a section flattens it to those items (O(*v*)).
public struct Snapshot<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  /// Each section's items; a section's flat items are its snapshot's visible items.
  @usableFromInline internal var _sections: OrderedDictionary<Section, SectionSnapshot<Item>>
  @usableFromInline internal var _reloadedItems: OrderedSet<Item> = []
  @usableFromInline internal var _reconfiguredItems: OrderedSet<Item> = []
  @usableFromInline internal var _reloadedSections: OrderedSet<Section> = []

  /// An empty snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable public init() { _sections = [:] }
}

extension Snapshot: Equatable {
  /// Whether both hold the same sections with the same items in the same order.
  ///
  /// - Complexity: O(*n*).
  @inlinable public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    guard lhs._sections.keys == rhs._sections.keys else { return false }
    for (section, left) in lhs._sections {
      let right = rhs._sections[section]!
      if left._version == right._version { continue }
      if left.visibleItems != right.visibleItems { return false }
    }
    return lhs._reloadedItems == rhs._reloadedItems
      && lhs._reconfiguredItems == rhs._reconfiguredItems
      && lhs._reloadedSections == rhs._reloadedSections
  }
}
