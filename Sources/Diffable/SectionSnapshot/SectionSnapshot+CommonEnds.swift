import OrderedCollections

extension SectionSnapshot {
  /// The lengths of the longest common prefix and the longest common suffix of `self`'s rows and
  /// `other`'s (the same item at the same level with the same expansion flag), which do not
  /// overlap: outside them, the two snapshots differ only in `prefix..<count - suffix`.
  ///
  /// Storage the two share (a snapshot and an edited copy of it share every node off the edit's
  /// path) is skipped whole, so that the region an edit touched is found without reading the
  /// rows around it. Visibility is not compared: it follows from the levels and flags.
  ///
  /// - Complexity: O((*d* + 1) log *n*) when the two share all storage outside *d* rows at each
  ///   end's first difference, as one edit leaves them; O(*n*) at most.
  @inlinable package func commonEnds(with other: SectionSnapshot) -> (prefix: Int, suffix: Int) {
    let limit = Swift.min(count, other.count)
    let prefix = _tree.commonLength(with: other._tree, fromEnd: false, limit: limit)
    let suffix = _tree.commonLength(with: other._tree, fromEnd: true, limit: limit - prefix)
    return (prefix, suffix)
  }

  /// How many rows from rank `start` of `self` on are the same (item, level and expansion
  /// flag) as those from rank `otherStart` of `other` on, at most `limit`.
  ///
  /// Storage the two share is skipped whole, as in `commonEnds(with:)`: the rows a move
  /// shifted between its source and destination are not read.
  ///
  /// - Complexity: O((*d* + 1) log *n*) when the two share all storage past *d* rows from
  ///   each start; O(*n*) at most.
  @inlinable package func commonLength(
    from start: Int, with other: SectionSnapshot, from otherStart: Int, limit: Int
  ) -> Int {
    _tree.commonLength(
      with: other._tree, fromEnd: false,
      limit: Swift.min(limit, count - start, other.count - otherStart),
      starts: (start, otherStart))
  }

  /// The row at rank `index`.
  ///
  /// - Complexity: O(log *n*).
  @inlinable package func row(at index: Int) -> Row {
    let entry = _tree.entry(atRank: index)
    return Row(
      item: entry.item, level: Int(entry.level), isExpanded: entry.isExpanded,
      isVisible: entry.isVisible)
  }

  /// Calls `body` with the row at each rank of `ranks`, in `items` order, until it returns
  /// false: `rows(in:)` read in place, with no array built.
  ///
  /// - Complexity: O(log *n* + *k*), where *k* is the number of rows visited.
  @inlinable package func forEachRow(in ranks: Range<Int>, _ body: (Row) -> Bool) {
    _tree.forEach(in: ranks) { entry in
      body(
        Row(
          item: entry.item, level: Int(entry.level), isExpanded: entry.isExpanded,
          isVisible: entry.isVisible))
    }
  }

  /// The rows at `ranks`, in `items` order.
  ///
  /// - Complexity: O(log *n* + *k*), where *k* is the number of ranks.
  @inlinable package func rows(in ranks: Range<Int>) -> [Row] {
    var result: [Row] = []
    result.reserveCapacity(ranks.count)
    _tree.forEach(in: ranks) { entry in
      result.append(
        Row(
          item: entry.item, level: Int(entry.level), isExpanded: entry.isExpanded,
          isVisible: entry.isVisible))
      return true
    }
    return result
  }
}
