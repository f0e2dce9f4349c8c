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
  /// Both sequences are walked as a frontier of nodes; a node both frontiers reach at the same
  /// point is skipped whole, the larger of two different nodes is opened first, so that shared
  /// subtrees meet at the same height.
  ///
  /// With `starts` (forward only), the sequences begin at those ranks of `a` and `b`: each
  /// frontier starts as the path to its rank, the later siblings on it, so that nodes the two
  /// share after a shifted region (the rows between a move's source and destination) are
  /// skipped whole as well.
  @inlinable internal static func commonLength(
    _ a: Node?, _ b: Node?, fromEnd: Bool, limit: Int, starts: (Int, Int)? = nil
  ) -> Int {
    guard let a, let b, limit > 0 else { return 0 }
    var left = [a]
    var right = [b]
    // The entries already compared in the leaf on top of each frontier.
    var leftUsed = 0
    var rightUsed = 0
    /// The frontier whose next entry is the one at `rank` of `root`, and how many entries of
    /// the leaf on top come before it.
    func frontier(of root: Node, at rank: Int) -> ([Node], Int) {
      var frontier: [Node] = []
      var node = root
      var rank = rank
      while !node.isLeaf {
        let children = node.children
        var index = 0
        while index < children.count - 1, rank >= children[index].count {
          rank -= children[index].count
          index += 1
        }
        for later in stride(from: children.count - 1, to: index, by: -1) {
          frontier.append(children[later])
        }
        node = children[index]
      }
      frontier.append(node)
      return (frontier, rank)
    }
    if let starts {
      precondition(!fromEnd, "a common length from given ranks is read forward")
      guard starts.0 < a.count, starts.1 < b.count else { return 0 }
      (left, leftUsed) = frontier(of: a, at: starts.0)
      (right, rightUsed) = frontier(of: b, at: starts.1)
    }
    var common = 0
    /// Replaces the node on top of `frontier` by its children, the next one on top.
    func open(_ frontier: inout [Node]) {
      let node = frontier.removeLast()
      if fromEnd {
        frontier.append(contentsOf: node.children)
      } else {
        frontier.append(contentsOf: node.children.reversed())
      }
    }
    while common < limit, let x = left.last, let y = right.last {
      if leftUsed == 0, rightUsed == 0, x === y, common + x.count <= limit {
        common += x.count
        left.removeLast()
        right.removeLast()
        continue
      }
      if !x.isLeaf && (y.isLeaf || x.count >= y.count) {
        open(&left)
        continue
      }
      if !y.isLeaf {
        open(&right)
        continue
      }
      let xs = x.entries
      let ys = y.entries
      while leftUsed < xs.count, rightUsed < ys.count, common < limit {
        let e = fromEnd ? xs[xs.count - 1 - leftUsed] : xs[leftUsed]
        let f = fromEnd ? ys[ys.count - 1 - rightUsed] : ys[rightUsed]
        guard e.level == f.level, e.isExpanded == f.isExpanded, e.item == f.item else {
          return common
        }
        common += 1
        leftUsed += 1
        rightUsed += 1
      }
      if leftUsed == xs.count {
        left.removeLast()
        leftUsed = 0
      }
      if rightUsed == ys.count {
        right.removeLast()
        rightUsed = 0
      }
    }
    return common
  }
}
