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
  ///
  /// The walk holds the nodes unretained (`_CommonFrontier`) while `a` and `b` hold the trees.
  @inlinable internal static func commonLength(
    _ a: Node?, _ b: Node?, fromEnd: Bool, limit: Int, starts: (Int, Int)? = nil
  ) -> Int {
    guard let a, let b, limit > 0 else { return 0 }
    typealias Frontier = _CommonFrontier<Item>
    return withUnsafeTemporaryAllocation(of: Frontier.Level.self, capacity: 2 * Frontier.maxDepth) {
      levels in
      let base = levels.baseAddress!
      var left = Frontier(a, fromEnd: fromEnd, levels: base)
      var right = Frontier(b, fromEnd: fromEnd, levels: base + Frontier.maxDepth)
      if let starts {
        precondition(!fromEnd, "a common length from given ranks is read forward")
        guard starts.0 < a.count, starts.1 < b.count else { return 0 }
        left.descend(to: starts.0)
        right.descend(to: starts.1)
      }
      var common = 0
      while common < limit, let x = left.node, let y = right.node {
        let (xIsLeaf, xCount) = x._withUnsafeGuaranteedRef { ($0.isLeaf, $0.count) }
        if left.used == 0, right.used == 0, x.toOpaque() == y.toOpaque(), common + xCount <= limit {
          common += xCount
          left.advance()
          right.advance()
          continue
        }
        let (yIsLeaf, yCount) = y._withUnsafeGuaranteedRef { ($0.isLeaf, $0.count) }
        if !xIsLeaf && (yIsLeaf || xCount >= yCount) {
          left.open()
          continue
        }
        if !yIsLeaf {
          right.open()
          continue
        }
        // Two leaves, compared in place: no entry (nor its item) is copied or retained.
        let differs = x._withUnsafeGuaranteedRef { x in
          y._withUnsafeGuaranteedRef { y in
            x.entries.withElements { xs in
              y.entries.withElements { ys in
                while left.used < xs.count, right.used < ys.count, common < limit {
                  let i = fromEnd ? xs.count - 1 - left.used : left.used
                  let j = fromEnd ? ys.count - 1 - right.used : right.used
                  guard
                    xs[i].level == ys[j].level && xs[i].isExpanded == ys[j].isExpanded
                      && xs[i].item == ys[j].item
                  else { return true }
                  common += 1
                  left.used += 1
                  right.used += 1
                }
                return false
              }
            }
          }
        }
        if differs { return common }
        if left.used == xCount { left.advance() }
        if right.used == yCount { right.advance() }
      }
      return common
    }
  }
}
