import OrderedCollections

// The primitives every edit is made of: room in the label order, and inserting or removing a run
// of entries while keeping the label map in step.

extension SectionSnapshot {
  /// The distance between the labels of items appended at the end.
  @inlinable internal static var _labelStep: UInt64 { 1 << 32 }

  /// The fewest new items whose labels go in bulk (their hashes kept by the uniqueness check,
  /// one call to the label map); for fewer, the arrays cost more than they save.
  @inlinable internal static var _bulkRun: Int { 65 }

  /// `count` increasing labels that fit between the entries at `rank - 1` and `rank`.
  ///
  /// When the gap between the two neighbours is too small, it relabels a window of neighbours
  /// around `rank`, doubling the window until the labels can be spread with room to spare (the
  /// list-labeling scheme of Itai, Konheim and Rodeh), so relabeling stays rare and local.
  ///
  /// - Complexity: O(log *n*) when there is room; amortized O(log² *n*) otherwise.
  @inlinable internal mutating func _labelsForInsertion(count newCount: Int, atRank rank: Int)
    -> [UInt64]
  {
    let total = count
    let lower: UInt64 = rank > 0 ? _tree.entry(atRank: rank - 1).label : 0
    if rank == total {
      let (span, tooWide) = Self._labelStep.multipliedReportingOverflow(by: UInt64(newCount))
      let (end, overflow) = lower.addingReportingOverflow(span)
      if !tooWide && !overflow && end < .max {
        return (1...newCount).map { lower + Self._labelStep * UInt64($0) }
      }
    }
    let upper: UInt64 = rank < total ? _tree.entry(atRank: rank).label : .max
    let gap = (upper - lower) / UInt64(newCount + 1)
    if gap >= 1 { return (1...newCount).map { lower + gap * UInt64($0) } }
    return _relabelWindow(around: rank, making: newCount)
  }

  @inlinable internal mutating func _relabelWindow(around rank: Int, making newCount: Int)
    -> [UInt64]
  {
    let total = count
    var width = Swift.max(16, 2 * newCount)
    while true {
      let low = Swift.max(0, rank - width / 2)
      let high = Swift.min(total, rank + width / 2)
      let lower: UInt64 = low > 0 ? _tree.entry(atRank: low - 1).label : 0
      let upper: UInt64 = high < total ? _tree.entry(atRank: high).label : .max
      let slots = UInt64(high - low + newCount)
      let gap = (upper - lower) / (slots + 1)
      if gap >= UInt64(width) || (low == 0 && high == total) {
        precondition(gap >= 1, "no room for \(slots) labels in a 64-bit label space")
        var next = lower
        for index in low..<high {
          if index == rank { next += gap * UInt64(newCount) }
          next += gap
          let label = next
          let entry = _tree.update(atRank: index) { $0.label = label }
          _labels[entry.item]!.label = label
        }
        let first = lower + gap * UInt64(rank - low)
        return (1...newCount).map { first + gap * UInt64($0) }
      }
      width *= 2
    }
  }

  /// Inserts a run of entries (labels to be assigned) so that the first lands at `rank`.
  ///
  /// The run's shallowest entries are at its first entry's level and are children of `parent`
  /// (nil: roots); a deeper entry's parent is the latest entry one level up before it. Each
  /// entry's label, level and parent go into the label map. The caller has checked that the
  /// run's items are new, except into an empty snapshot: there the label map is built as the
  /// check (one hash per item), and a repeated item throws before anything changes. `hashes`
  /// are the run's items' hashes in order, when the check kept them: the label map's writes
  /// then use them wherever the table or log they go to hashes with the same seed.
  ///
  /// - Throws: `SnapshotError.duplicateItems` when the snapshot is empty and the run repeats an
  ///   item.
  /// - Complexity: O(*k* + log *n*) amortized, O(*k*) into an empty snapshot (relabeling a
  ///   crowded window of neighbours adds amortized O(log² *n*)).
  @inlinable internal mutating func _insertRun<Run: Collection>(
    _ run: Run, atRank rank: Int, parent: Item?, hashes: _LabelHashes? = nil
  ) throws(SnapshotError) where Run.Element == _Entry<Item> {
    guard let first = run.first else { return }
    // A run of siblings (what `append` and `insert` add) has one level and one parent for all,
    // and its items in an array already: no parent to work out for each entry.
    let siblings = run as? _SiblingRun<Item>
    if _tree.isEmpty {
      try _build(run, siblings: siblings, parent: parent)
      return
    }
    var parents = _RunParents(baseLevel: first.level)
    // The labels all fall between the same two neighbours: the run goes into the tree in one
    // walk down it.
    let labels = _labelsForInsertion(count: run.count, atRank: rank)
    var entries: [_Entry<Item>] = []
    entries.reserveCapacity(labels.count)
    for (index, var entry) in run.enumerated() {
      entry.label = labels[index]
      entries.append(entry)
    }
    _tree.insert(run: entries)
    if entries.count >= Self._bulkRun, let siblings {
      // In bulk, and all at one level under `parent`.
      _labels.setLabels(of: siblings.items, hashes: hashes) { index in
        _Place(label: entries[index].label, level: siblings.level, parent: parent)
      }
      return
    }
    if entries.count >= Self._bulkRun {
      // In bulk: one append to a log, and one reservation in a table.
      var items: [Item] = []
      var parentOffsets: [Int] = []
      items.reserveCapacity(entries.count)
      parentOffsets.reserveCapacity(entries.count)
      for (index, entry) in entries.enumerated() {
        parentOffsets.append(parents.next(level: entry.level, at: index) ?? -1)
        items.append(entry.item)
      }
      _labels.setLabels(of: items, hashes: hashes) { index in
        let entry = entries[index]
        let offset = parentOffsets[index]
        return _Place(
          label: entry.label, level: entry.level,
          parent: offset < 0 ? parent : entries[offset].item)
      }
      return
    }
    for (index, entry) in entries.enumerated() {
      let offset = parents.next(level: entry.level, at: index)
      _labels.setLabel(
        _Place(
          label: entry.label, level: entry.level, parent: offset.map { entries[$0].item } ?? parent),
        for: entry.item, hashes: hashes, at: index)
    }
  }

  /// Fills an empty snapshot with `run`, as `_insertRun` does: one pass gives each entry its
  /// label and moves it into its leaf; then the labels go into a new table in batches (the
  /// uniqueness check), and a repeated item throws before anything here changes.
  ///
  /// - Complexity: O(*k*) for the *k* entries of the run.
  @inlinable internal mutating func _build<Run: Collection>(
    _ run: Run, siblings: _SiblingRun<Item>?, parent: Item?
  ) throws(SnapshotError) where Run.Element == _Entry<Item> {
    var builder = _OrderTree<Item>.Builder()
    var label: UInt64 = 0
    var table = _LabelTable<Item, _Place<Item>>(minimumCapacity: run.count)
    let items: [Item]
    let repeated: [Int]
    if let siblings {
      for var entry in run {
        label += Self._labelStep
        entry.label = label
        builder.append(entry)
      }
      items = siblings.items
      let level = siblings.level
      // Roots take a literal nil: a copy of a nil `parent` still calls a retain, one a root.
      if let parent {
        repeated = table.updateValues(forKeys: items) { index in
          _Place(label: Self._labelStep * UInt64(index + 1), level: level, parent: parent)
        }
      } else {
        repeated = table.updateValues(forKeys: items) { index in
          _Place(label: Self._labelStep * UInt64(index + 1), level: level, parent: nil)
        }
      }
    } else {
      // Each entry's level and the offset of its parent in the run (-1: `parent`), plain data
      // that the table's writes turn into places.
      var parents = _RunParents(baseLevel: run.first?.level ?? 0)
      var runItems: [Item] = []
      var shapes: [(level: Int32, parent: Int)] = []
      runItems.reserveCapacity(run.count)
      shapes.reserveCapacity(run.count)
      for var entry in run {
        label += Self._labelStep
        entry.label = label
        shapes.append((entry.level, parents.next(level: entry.level, at: runItems.count) ?? -1))
        runItems.append(entry.item)
        builder.append(entry)
      }
      items = runItems
      repeated = table.updateValues(forKeys: items) { index in
        let shape = shapes[index]
        return _Place(
          label: Self._labelStep * UInt64(index + 1), level: shape.level,
          parent: shape.parent < 0 ? parent : items[shape.parent])
      }
    }
    if !repeated.isEmpty {
      throw .duplicateItems(repeated.map { SnapshotError.text(items[$0]) })
    }
    _tree = builder.finish()
    _labels = _LabelMap(base: table)
  }

  /// Removes the entries at `ranks` and returns them.
  ///
  /// With `keepingLabels`, the label map still names the removed items' old labels, for a caller
  /// that puts the same items back at once (a move) and so writes their labels only once.
  ///
  /// - Complexity: O(*k* log *n*).
  @discardableResult
  @inlinable internal mutating func _removeRun(_ ranks: Range<Int>, keepingLabels: Bool = false)
    -> [_Entry<Item>]
  {
    var removed: [_Entry<Item>] = []
    removed.reserveCapacity(ranks.count)
    _tree.forEach(in: ranks) {
      removed.append($0); return true
    }
    for entry in removed {
      _tree.remove(label: entry.label)
      if !keepingLabels { _labels[entry.item] = nil }
    }
    return removed
  }

  /// Gives each entry of a run, from its level and expansion, its visibility in a place where
  /// the run's shallowest entries (at `baseLevel`) are visible exactly when `rootVisible`.
  @inlinable internal static func _assignVisibility(
    _ run: inout [_Entry<Item>], baseLevel: Int32, rootVisible: Bool
  ) {
    var limit =
      rootVisible ? _VisibilityLimit(visibleAt: baseLevel) : _VisibilityLimit(hiddenAt: baseLevel)
    for index in run.indices {
      run[index].isVisible = limit.visit(level: run[index].level, isExpanded: run[index].isExpanded)
    }
  }

  /// Throws the uniqueness error when `items` repeat one another or name an item already here
  /// (other than those `except` says may be reused).
  ///
  /// Into an empty snapshot it checks nothing: `_insertRun` does, as it builds the label map.
  /// With `distinct`, the caller vouches that `items` do not repeat one another (names made
  /// distinct by construction), and only the snapshot is asked: one lookup an item, no set.
  ///
  /// Returns the items' hashes for `_insertRun(_:atRank:parent:hashes:)` when there are at
  /// least `_bulkRun` of them, else nil.
  @discardableResult
  @inlinable internal func _checkNew(
    _ items: [Item], distinct: Bool = false, except: (Item) -> Bool = { _ in false }
  ) throws(SnapshotError) -> _LabelHashes? {
    guard !_tree.isEmpty else { return nil }
    // The offsets of the items that repeat an earlier one or that the snapshot holds, in order
    // (an item may be both: it is reported once).
    var duplicates: [Int] = []
    if distinct {
      assert(Set(items).count == items.count, "items said to be distinct repeat")
    } else if items.count <= 16 {
      // A few items: compared pairwise, with no set to allocate and hash into.
      for (index, item) in items.enumerated() where items[..<index].contains(item) {
        duplicates.append(index)
      }
    } else {
      var seen = Set<Item>(minimumCapacity: items.count)
      for (index, item) in items.enumerated() where !seen.insert(item).inserted {
        duplicates.append(index)
      }
    }
    let repeats = duplicates.count
    let keepsHashes = items.count >= Self._bulkRun
    var hashes: [Int] = []
    if keepsHashes { hashes.reserveCapacity(items.count) }
    // In batches, so that the lookups' memory misses overlap in a large snapshot.
    let seed = _labels.forEachLabel(of: items[...]) { index, hash, label in
      if keepsHashes { hashes.append(hash) }
      if !label.isAbsent && !except(items[index]) { duplicates.append(index) }
    }
    if !duplicates.isEmpty {
      if repeats > 0 && repeats < duplicates.count {
        duplicates.sort()
        duplicates = duplicates.enumerated().filter { $0 == 0 || duplicates[$0 - 1] != $1 }
          .map(\.element)
      }
      throw .duplicateItems(duplicates.map { SnapshotError.text(items[$0]) })
    }
    guard keepsHashes, let seed else { return nil }
    return _LabelHashes(seed: seed, values: hashes)
  }
}
