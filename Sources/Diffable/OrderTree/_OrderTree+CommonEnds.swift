import OrderedCollections

extension _OrderTree {
  /// The number of entries, up to `limit`, that this tree and `other` have in common.
  ///
  /// Counted at their start (or, `fromEnd`, at their end), from ranks `starts` when given
  /// (forward only): same item, level and expansion flag. Nodes the two trees share are skipped
  /// whole, by `commonLength(_:_:fromEnd:limit:starts:)`.
  ///
  /// - Complexity: O((*d* + 1) log *n*) when the two share all storage outside *d* entries
  ///   from each start; O(*n*) at most.
  @inlinable internal func commonLength(
    with other: _OrderTree, fromEnd: Bool, limit: Int, starts: (Int, Int)? = nil
  ) -> Int {
    Self.commonLength(root, other.root, fromEnd: fromEnd, limit: limit, starts: starts)
  }

  /// The number of entries, up to `limit`, that the sequences under `a` and `b` have in common
  /// at their start (or, `fromEnd`, at their end): same item, level and expansion flag.
  ///
  /// Both sequences are walked as a frontier of nodes (`_CommonFrontier`); a node both
  /// frontiers reach at the same point is skipped whole, the larger of two different nodes is
  /// opened first, so that shared subtrees meet at the same height.
  ///
  /// With `starts` (forward only), the sequences begin at those ranks of `a` and `b`: each
  /// frontier starts as the path to its rank, the later siblings on it, so that nodes the two
  /// share after a shifted region (the rows between a move's source and destination) are
  /// skipped whole as well.
  @inlinable internal static func commonLength(
    _ a: Node?, _ b: Node?, fromEnd: Bool, limit: Int, starts: (Int, Int)? = nil
  ) -> Int {
    guard let a, let b, limit > 0 else { return 0 }
    var left = _CommonFrontier(a, fromEnd: fromEnd)
    var right = _CommonFrontier(b, fromEnd: fromEnd)
    if let starts {
      precondition(!fromEnd, "a common length from given ranks is read forward")
      guard starts.0 < a.count, starts.1 < b.count else { return 0 }
      left.descend(to: starts.0)
      right.descend(to: starts.1)
    }
    var common = 0
    while common < limit, let x = left.node, let y = right.node {
      if left.used == 0, right.used == 0, x === y, common + x.count <= limit {
        common += x.count
        left.advance()
        right.advance()
        continue
      }
      if !x.isLeaf && (y.isLeaf || x.count >= y.count) {
        left.open()
        continue
      }
      if !y.isLeaf {
        right.open()
        continue
      }
      let xs = x.entries
      let ys = y.entries
      let xCount = xs.count
      let yCount = ys.count
      while left.used < xCount, right.used < yCount, common < limit {
        let i = fromEnd ? xCount - 1 - left.used : left.used
        let j = fromEnd ? yCount - 1 - right.used : right.used
        // Compared in place: no entry (nor its item) is copied.
        let same = xs.withElement(i) { e in
          ys.withElement(j) { f in
            e.pointee.level == f.pointee.level && e.pointee.isExpanded == f.pointee.isExpanded
              && e.pointee.item == f.pointee.item
          }
        }
        guard same else { return common }
        common += 1
        left.used += 1
        right.used += 1
      }
      if left.used == xCount { left.advance() }
      if right.used == yCount { right.advance() }
    }
    return common
  }
}
