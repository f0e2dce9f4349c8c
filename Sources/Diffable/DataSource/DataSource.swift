import Foundation
import OrderedCollections

/// A headless `UICollectionViewDiffableDataSource`: it holds the applied state, applies snapshots,
/// answers index-path queries and runs the handlers for simulated user interactions.
///
/// Each section holds a section snapshot (a section filled through a flat snapshot holds its
/// items as roots); the flat snapshot holds each section's visible items. Every `apply` and every
/// interaction returns the `Transaction` it made.
///
/// ```swift
/// let dataSource = DataSource<String, String>()
/// var outline = SectionSnapshot<String>()
/// try outline.append(["Food"])
/// try outline.append(["Apple"], to: "Food")
/// try dataSource.apply(outline, to: "main")
/// dataSource.snapshot().itemIdentifiers  // ["Food"]: Food is collapsed
/// ```
///
/// # Performance
///
/// Applying a section snapshot that is the held one plus one edit costs O(*k* log *n*) with its
/// transaction, *k* being what the edit touched; any other apply diffs the section (or, for a flat
/// snapshot that changes several sections, all items) in O(*n* log *n*).
public final class DataSource<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  /// The applied state: every section's section snapshot, as given.
  @usableFromInline internal var _state: Snapshot<Section, Item>

  /// The handlers for disclosure taps.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<Item>()
  /// The handlers for reorders.
  public var reorderingHandlers = ReorderingHandlers<Section, Item>()

  /// An empty data source.
  @inlinable public init() { _state = Snapshot() }

  /// The current flat snapshot: each section's visible items.
  ///
  /// Mirrors `UICollectionViewDiffableDataSource.snapshot()`.
  ///
  /// - Complexity: O(1): it shares the data source's storage.
  @inlinable public func snapshot() -> Snapshot<Section, Item> { _state }

  /// The current section snapshot of `section` (its tree, hidden items included); empty for an
  /// unknown section.
  ///
  /// Mirrors `UICollectionViewDiffableDataSource.snapshot(for:)`.
  ///
  /// - Complexity: O(1).
  @inlinable public func snapshot(for section: Section) -> SectionSnapshot<Item> {
    _state._sections[section] ?? SectionSnapshot()
  }

  /// The item shown at `indexPath` (a visible row), or nil.
  ///
  /// - Complexity: O(log *n*).
  @inlinable public func itemIdentifier(for indexPath: IndexPath) -> Item? {
    guard indexPath.count == 2, indexPath[0] >= 0, indexPath[0] < _state._sections.count else {
      return nil
    }
    let items = _state._sections.values[indexPath[0]]
    guard indexPath[1] >= 0, indexPath[1] < items.visibleCount else { return nil }
    return items.visibleItem(at: indexPath[1])
  }

  /// The index path of `item` when it is shown, or nil.
  ///
  /// - Complexity: O(*s* + log *n*).
  @inlinable public func indexPath(for item: Item) -> IndexPath? {
    for (section, items) in _state._sections.values.enumerated() {
      if let row = items.visibleIndex(of: item) { return IndexPath(indexes: [section, row]) }
    }
    return nil
  }

  /// The section at `index`, or nil.
  ///
  /// - Complexity: O(1).
  @inlinable public func sectionIdentifier(for index: Int) -> Section? {
    _state._sections.keys.indices.contains(index) ? _state._sections.keys[index] : nil
  }

  /// The index of `section`, or nil.
  ///
  /// - Complexity: O(1) expected.
  @inlinable public func index(for section: Section) -> Int? { _state.indexOfSection(section) }

  /// The section whose section snapshot holds `item`, hidden or not.
  ///
  /// - Complexity: O(*s*).
  @inlinable public func section(containing item: Item) -> Section? {
    _state._sections.first { $0.value.contains(item) }?.key
  }
}
