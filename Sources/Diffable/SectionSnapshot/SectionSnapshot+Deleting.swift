import OrderedCollections

extension SectionSnapshot {
  /// Removes each of `items` with all its descendants.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.delete(_:)`. Naming an item twice, or a parent
  /// and its child, is fine. Every item is checked before anything is deleted.
  ///
  /// ```swift
  /// try snapshot.delete(["Food"])  // Food, Apple and Pear go
  /// ```
  ///
  /// - Throws: `SnapshotError.deleteItemNotFound` for the first absent item.
  /// - Complexity: O((*k* + *d*) log *n*), where *k* is the number of items named and *d* the
  ///   number of items removed with their subtrees.
  @inlinable public mutating func delete(_ items: [Item]) throws(SnapshotError) {
    _settle()  // in place, before any read walks a copy
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(items.count)
    for item in items {
      guard let found = _locate(item) else {
        throw .deleteItemNotFound(SnapshotError.text(item))
      }
      ranges.append(found.rank..<_subtreeEnd(ofRank: found.rank, level: found.entry.level))
    }
    guard !ranges.isEmpty else { return }
    let merged = Self._merge(ranges)
    for range in merged.reversed() { _removeRun(range) }
    var removedBefore = 0
    let windows = merged.map { range -> _Window in
      defer { removedBefore += range.count }
      let start = range.lowerBound - removedBefore
      return _Window(kind: .removal, old: range, new: start..<start)
    }
    _didChange(.windows(_Windows(windows)))
  }

  /// Removes every item and every expansion flag.
  ///
  /// Mirrors `NSDiffableDataSourceSectionSnapshot.deleteAll()`.
  ///
  /// - Complexity: O(1) (the old storage is released as its last owner lets go).
  @inlinable public mutating func deleteAll() {
    let total = count
    _pending = nil  // nothing left to expand
    _tree = _OrderTree()
    _labels = _LabelMap()
    _didChange(
      total == 0 ? .windows(_Windows([])) : .window(.removal, old: 0..<total, new: 0..<0))
  }

  /// Sorts ranges and merges those that overlap or touch (nested subtrees, repeated items).
  @inlinable internal static func _merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
    let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in sorted {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
