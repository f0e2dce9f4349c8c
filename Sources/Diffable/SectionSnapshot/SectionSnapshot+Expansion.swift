import HashTreeCollections
import OrderedCollections

extension SectionSnapshot {
  /// Sets the expansion flag of each of `items`; unknown items are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.expand(_:)`: a programmatic change, no handler
  /// runs. The descendants of a visible item whose ancestors below it are expanded become visible.
  ///
  /// ```swift
  /// snapshot.expand(["Food"])
  /// snapshot.visibleItems  // ["Food", "Apple", "Pear"]
  /// ```
  ///
  /// - Complexity: O((*k* + *v*) log *n*), where *k* is the number of items named and *v* the
  ///   number of items that become visible.
  @inlinable public mutating func expand(_ items: [Item]) { _setExpanded(items, true) }

  /// Clears the expansion flag of each of `items`; unknown items are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.collapse(_:)`. The descendants' own flags are
  /// kept, so expanding the item again shows them as they were.
  ///
  /// - Complexity: O((*k* + *v*) log *n*), where *k* is the number of items named and *v* the
  ///   number of items that become hidden.
  @inlinable public mutating func collapse(_ items: [Item]) { _setExpanded(items, false) }

  @inlinable internal mutating func _setExpanded(_ items: [Item], _ expanded: Bool) {
    var windows: [Range<Int>] = []
    for item in items {
      guard let found = _locate(item), found.entry.isExpanded != expanded else { continue }
      _tree.update(atRank: found.rank) { $0.isExpanded = expanded }
      let end = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
      windows.append((found.rank + 1)..<end)
      guard found.entry.isVisible else { continue }
      if expanded {
        _revealDescendants(from: found.rank + 1, to: end)
      } else {
        _hideVisible(in: (found.rank + 1)..<end)
      }
    }
    guard !windows.isEmpty else { return }
    let merged = Self._merge(windows).filter { !$0.isEmpty }
    _didChange(.windows(merged.map { _Window(kind: .visibility, old: $0, new: $0) }))
  }

  /// Makes visible the entries in `start..<end` whose ancestors from `start`'s level down are
  /// expanded, skipping the subtrees of collapsed ones.
  @inlinable internal mutating func _revealDescendants(from start: Int, to end: Int) {
    var rank = start
    while rank < end {
      let entry = _tree.update(atRank: rank) { $0.isVisible = true }
      rank = entry.isExpanded ? rank + 1 : _subtreeEnd(ofRank: rank, level: entry.level)
    }
  }

  /// Hides every visible entry in `ranks`.
  @inlinable internal mutating func _hideVisible(in ranks: Range<Int>) {
    guard !ranks.isEmpty else { return }
    let first = _tree.visibleCount(before: ranks.lowerBound)
    let last = _tree.visibleCount(before: ranks.upperBound)
    for row in stride(from: last - 1, through: first, by: -1) {
      let rank = _tree.entry(atVisibleRow: row).rank
      _tree.update(atRank: rank) { $0.isVisible = false }
    }
  }
}
