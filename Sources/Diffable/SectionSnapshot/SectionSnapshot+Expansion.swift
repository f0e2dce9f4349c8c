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
  /// - Complexity: O(*k* log *k* + *k* log(*n*/*k*) + *v*), at most O(*k* log *k* + *n*), where
  ///   *k* is the number of items named and *v* the number of items that become visible: one
  ///   hash lookup per item, then one walk of the tree that touches each node on the items' paths
  ///   once. The visibility of the descendants is settled here, not on each read: afterwards
  ///   `visibleItems` is O(*v*) and a row lookup O(log *n*).
  @inlinable public mutating func expand(_ items: [Item]) { _setExpanded(items, true) }

  /// Clears the expansion flag of each of `items`; unknown items are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.collapse(_:)`. The descendants' own flags are
  /// kept, so expanding the item again shows them as they were.
  ///
  /// - Complexity: O(*k* log *k* + *k* log(*n*/*k*) + *v*), at most O(*k* log *k* + *n*), where
  ///   *k* is the number of items named and *v* the number of items that become hidden.
  @inlinable public mutating func collapse(_ items: [Item]) { _setExpanded(items, false) }

  /// Sets the flag of `items` in one walk of the tree (`_OrderTree.setExpanded(labels:to:)`);
  /// the journal gets the windows whose visibility may have changed.
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
