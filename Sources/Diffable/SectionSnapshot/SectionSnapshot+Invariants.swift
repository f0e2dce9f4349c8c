import OrderedCollections

extension SectionSnapshot {
  /// Traps when the storage breaks one of its invariants.
  ///
  /// The invariants: labels increase along the sequence; the label map holds exactly the items,
  /// each with its entry's label, level and parent; the first level is 0 and each level is at
  /// most one deeper than the one before; an entry is visible exactly when its parent is visible
  /// and expanded (roots always are); every tree node's cached summary matches what it holds.
  /// Checked builds (the package trait `InternalChecks`, which defines `DIFFABLE_INTERNAL_CHECKS`)
  /// call it after every mutation.
  ///
  /// - Complexity: O(*n*).
  @inlinable public func _checkInvariants() {
    let mapped = _labels.liveCount
    precondition(mapped == count, "label map holds \(mapped) of \(count) items")
    var previousLabel: UInt64 = 0
    var open: [Bool] = []
    var ancestors: [Item] = []
    var visible = 0
    _tree.forEach(in: 0..<count) { entry in
      precondition(entry.label > previousLabel, "labels out of order at \(entry.item)")
      previousLabel = entry.label
      let place = _labels[entry.item]
      precondition(place?.label == entry.label, "label map disagrees about \(entry.item)")
      let depth = Int(entry.level)
      precondition(depth >= 0 && depth <= open.count, "level jumps at \(entry.item)")
      precondition(place?.level == entry.level, "label map's level wrong at \(entry.item)")
      ancestors.removeSubrange(depth...)
      precondition(
        place?.parent == ancestors.last, "label map's parent wrong at \(entry.item)")
      ancestors.append(entry.item)
      let shouldBeVisible = depth == 0 || open[depth - 1]
      precondition(entry.isVisible == shouldBeVisible, "visibility wrong at \(entry.item)")
      if entry.isVisible { visible += 1 }
      open.removeSubrange(depth...)
      open.append(entry.isVisible && entry.isExpanded)
      return true
    }
    precondition(visible == visibleCount, "visible count \(visibleCount), counted \(visible)")
    _tree._checkSummaries()
  }
}
