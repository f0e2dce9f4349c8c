// Matching by labels: the difference of two section snapshots' items, where the new snapshot's
// label map already knows each of its items' labels.
//
// Passes 1 and 2 of `_Diffing` hash every element twice (old into a dictionary, new looked up
// in it), and each identifier was hashed once more when its snapshot was built. Here each old
// element of the window left after trimming is looked up in the new snapshot's label map (one
// hash), which gives its new label; labels increase along the new items, so the label's new
// offset is found by interpolation in the window's labels (exact at the first probe for a
// snapshot built in bulk, whose labels are evenly spaced; a binary search otherwise). The two
// tables are then the ones `matchedPairs` builds, and passes 3 and 4 run unchanged.

extension _Diffing {
  /// The minimal difference from `old`'s items to `new`'s, moves inferred: the same result as
  /// `difference(from: old.items, to: new.items)`.
  ///
  /// - Complexity: O(*n* + *d* log *d*) expected, where *n* is the number of items on both sides
  ///   and *d* the length of the window left after trimming the common prefix and suffix; one
  ///   hash per old item of the window.
  @inlinable internal static func difference<Item>(
    from old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>
  ) -> _OffsetDifference {
    let oldItems = old.items
    var newItems: [Item] = []
    var newLabels: [UInt64] = []
    newItems.reserveCapacity(new.count)
    newLabels.reserveCapacity(new.count)
    new._storedTree.forEach(in: 0..<new.count) { entry in
      newItems.append(entry.item)
      newLabels.append(entry.label)
      return true
    }
    var prefix = 0
    while prefix < oldItems.count, prefix < newItems.count, oldItems[prefix] == newItems[prefix] {
      prefix += 1
    }
    var oldEnd = oldItems.count
    var newEnd = newItems.count
    while oldEnd > prefix, newEnd > prefix, oldItems[oldEnd - 1] == newItems[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    // Invariant: only old[prefix..<oldEnd] and new[prefix..<newEnd] can differ; an old item of
    // the window can only match a new item of the window (items are unique on each side).
    let oldCount = oldEnd - prefix
    let newCount = newEnd - prefix
    precondition(
      oldCount < Int(Int32.max) && newCount < Int(Int32.max), "diffing 2³¹ elements or more")
    if oldCount == 0 || newCount == 0 {
      return _OffsetDifference(
        removals: (0..<oldCount).map { .init(offset: prefix + $0) },
        insertions: (0..<newCount).map { .init(offset: prefix + $0) })
    }
    var newOfOld = [Int32](repeating: -1, count: oldCount)
    var oldOfNew = [Int32](repeating: -1, count: newCount)
    newLabels.withUnsafeBufferPointer { labels in
      let window = UnsafeBufferPointer(rebasing: labels[prefix..<newEnd])
      new._labels.forEachLabel(of: oldItems[prefix..<oldEnd]) { index, _, place in
        guard !place.isAbsent, let newOffset = offset(of: place.label, in: window) else { return }
        newOfOld[index - prefix] = Int32(truncatingIfNeeded: newOffset)
        oldOfNew[newOffset] = Int32(truncatingIfNeeded: index - prefix)
      }
    }
    // Invariant: `oldOfNew[j] == o` exactly when `newOfOld[o] == j`, and then the window's old
    // item o is its new item j; every other entry is -1.
    return lisDifference(newOfOld: &newOfOld, oldOfNew: &oldOfNew, base: prefix)
  }

  /// The offset of `label` in `labels` (increasing), or nil.
  ///
  /// - Complexity: O(1) when the labels are evenly spaced; O(log *n*) otherwise.
  @inlinable internal static func offset(
    of label: UInt64, in labels: UnsafeBufferPointer<UInt64>
  ) -> Int? {
    guard let first = labels.first, let last = labels.last, first <= label, label <= last else {
      return nil
    }
    var low = 0
    var high = labels.count - 1
    if last > first {
      // Where `label` would be if the labels were evenly spaced: exact for a bulk build.
      let (quotient, _) = (last - first).dividingFullWidth(
        (label - first).multipliedFullWidth(by: UInt64(high)))
      let guess = Int(quotient)
      let found = labels[guess]
      if found == label { return guess }
      if found < label { low = guess + 1 } else { high = guess - 1 }
    }
    // Invariant: if `label` is in `labels`, it is in labels[low...high].
    while low <= high {
      let middle = low + (high - low) / 2
      let found = labels[middle]
      if found == label { return middle }
      if found < label { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}
