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
    _didChange(.windows(_Windows(merged.map { _Window(kind: .visibility, old: $0, new: $0) })))
  }

  /// Makes visible the entries in `start..<end` whose ancestors from `start`'s level down are
  /// expanded, skipping the subtrees of collapsed ones.
  ///
  /// The entries revealed form runs, each ending at a collapsed entry (whose subtree is
  /// skipped); each run is one range update.
  ///
  /// - Complexity: O(*v* + *c* log *n*) for *v* entries revealed and *c* collapsed ones among them.
  @inlinable internal mutating func _revealDescendants(from start: Int, to end: Int) {
    var runStart = start
    var rank = start
    while rank < end {
      let entry = _tree.entry(atRank: rank)
      if entry.isExpanded {
        rank += 1
        continue
      }
      _tree.updateRange(runStart..<(rank + 1)) { $0.isVisible = true }
      rank = _subtreeEnd(ofRank: rank, level: entry.level)
      runStart = rank
    }
    _tree.updateRange(runStart..<min(rank, end)) { $0.isVisible = true }
  }

  /// Hides every visible entry in `ranks`, passing over the tree nodes that hold none.
  ///
  /// - Complexity: O(*v* + log *n*) for *v* visible entries, plus the nodes of hidden entries
  ///   that share a leaf with visible ones.
  @inlinable internal mutating func _hideVisible(in ranks: Range<Int>) {
    _tree.updateRange(ranks, skippingHiddenNodes: true) { $0.isVisible = false }
  }
}
