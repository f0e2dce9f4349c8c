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
  /// - Complexity: O(*k*), where *k* is the number of items named: the call records them. The
  ///   first read that needs the result (`visibleItems`, a row, a flag, `==`) or the next
  ///   mutation settles it once, in O(*k* log *k* + *k* log(*n*/*k*) + *v*), at most
  ///   O(*k* log *k* + *n*), where *v* is the number of items that become visible: one hash
  ///   lookup per item, then one walk of the tree that touches each node on the items' paths
  ///   once. After that, `visibleItems` is O(*v*) and a row lookup O(log *n*). An expansion
  ///   already recorded and not yet settled is settled first. `count`, `items`, `contains(_:)`,
  ///   `index(of:)`, `level(of:)` and `parent(of:)` never wait for it: an expansion changes none
  ///   of them.
  @inlinable public mutating func expand(_ items: [Item]) { _record(items, true) }

  /// Clears the expansion flag of each of `items`; unknown items are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.collapse(_:)`. The descendants' own flags are
  /// kept, so expanding the item again shows them as they were.
  ///
  /// - Complexity: O(*k*) to record, as `expand(_:)`; settled once, in
  ///   O(*k* log *k* + *k* log(*n*/*k*) + *v*), at most O(*k* log *k* + *n*), where *v* is the
  ///   number of items that become hidden.
  @inlinable public mutating func collapse(_ items: [Item]) { _record(items, false) }

  /// Records an expansion of `items` to settle later (`_PendingExpansion`), after settling any
  /// recorded before it.
  @inlinable internal mutating func _record(_ items: [Item], _ expanded: Bool) {
    _settle()
    guard !items.isEmpty, !_storedTree.isEmpty else { return }
    _pending = _PendingExpansion(items: items, expanded: expanded)
  }

  /// Sets the flag of `items` now, in one walk of the tree.
  ///
  /// The walk is `_OrderTree.setExpanded(labels:to:)`; the journal gets the windows whose
  /// visibility may have changed. The data source's taps, which apply the result at once, call it
  /// directly.
  @inlinable internal mutating func _setExpanded(_ items: [Item], _ expanded: Bool) {
    var labels: [UInt64] = []
    labels.reserveCapacity(items.count)
    for item in items {
      if let place = _labels[item] { labels.append(place.label) }
    }
    guard !labels.isEmpty else { return }
    // Items named in their order, each once (all the roots, say), need no sort.
    if !labels.indices.dropFirst().allSatisfy({ labels[$0 - 1] < labels[$0] }) {
      labels.sort()
      var kept = 1
      for index in 1..<labels.count where labels[index] != labels[kept - 1] {
        labels[kept] = labels[index]
        kept += 1
      }
      labels.removeSubrange(kept...)
    }
    let (changed, windows) = _tree.setExpanded(labels: labels, to: expanded)
    guard changed else { return }
    _didChange(.windows(_Windows(windows.map { _Window(kind: .visibility, old: $0, new: $0) })))
  }
}
