import Diffable

// The `tree` scenario: one size's measurements, the query loops and the appends fixture.

extension TreeScenario {
  /// Measures one size for one identifier type; `ids` holds *n* distinct identifiers.
  static func measure<ID: QueriedID>(_ ids: [ID], type: String, runs: Int)
    -> Row
  {
    let size = ids.count
    var random = SplitMix64(seed: 0x7EE)

    // Many small appends, and the queries on what they built.
    var built = SectionSnapshot<ID>()
    let calls = buildByAppends(ids, into: &built)
    // Building 1M items by appends, or expanding all their roots, takes seconds: fewer runs.
    let longRuns = size >= 1_000_000 ? min(runs, 3) : runs
    let appends = Measure.median(runs: longRuns) {
      var snapshot = SectionSnapshot<ID>()
      let seconds = Measure.seconds { _ = buildByAppends(ids, into: &snapshot) }
      blackHole(snapshot.count)
      return seconds
    }
    let insertFloor = Measure.median(runs: longRuns) {
      var positions: [ID: Int] = [:]
      let seconds = Measure.seconds {
        for (offset, id) in ids.enumerated() { positions[id] = offset }
      }
      blackHole(positions.count)
      return seconds
    }
    let positions = offsets(ids)
    let queries = (0..<queriesPerRun).map { _ in ids.randomElement(using: &random)! }
    let ours = Measure.interleavedMedians(runs: runs, queryLoops(built, positions, queries))
    let (parent, level, lookupFloor) = (ours[0], ours[1], ours[2])
    // Bulk expand and collapse: n/10 collapsed roots × 9 leaves.
    let (collapsed, roots) = expandOutline(ids)
    let rootCount = roots.count
    var expanded = collapsed
    expanded.expand(roots)
    blackHole(expanded.visibleCount)
    let fixed = Array(roots.shuffled(using: &random).prefix(fixedK))
    var kept = SectionSnapshot<ID>()
    /// `change` on a copy of `start`: the call alone, or the call then `visibleCount` (the walk).
    func timedChange(
      _ start: SectionSnapshot<ID>, runs: Int, walked: Bool,
      _ change: @escaping (inout SectionSnapshot<ID>) -> Void
    ) -> Double {
      Measure.median(runs: runs) {
        var copy = start
        let seconds = Measure.seconds {
          change(&copy)
          if walked { blackHole(copy.visibleCount) }
        }
        blackHole(copy.visibleCount)
        kept = copy
        return seconds
      }
    }
    let expandAll = timedChange(collapsed, runs: longRuns, walked: false) { $0.expand(roots) }
    let expandAllWalked = timedChange(collapsed, runs: longRuns, walked: true) { $0.expand(roots) }
    let collapseAllWalked = timedChange(expanded, runs: longRuns, walked: true) {
      $0.collapse(roots)
    }
    let expandFixed = timedChange(collapsed, runs: runs, walked: true) { $0.expand(fixed) }
    let expandAllThenRows = timedChange(collapsed, runs: longRuns, walked: false) {
      $0.expand(roots)
      blackHole($0.visibleItems.count)
    }
    let preorder = collapsed.items
    var parents: [ID: ID] = [:]
    for item in preorder {
      if let parent = try! collapsed.parent(of: item) { parents[item] = parent }
    }
    let listKitLeast = Measure.median(runs: longRuns) {
      Measure.seconds {
        var expandedItems = Set<ID>()
        expandedItems.formUnion(roots)
        var isVisible: [ID: Bool] = [:]
        isVisible.reserveCapacity(preorder.count)
        for item in preorder { isVisible[item] = parents[item] == nil }
        blackHole(isVisible.count + expandedItems.count)
      }
    }
    blackHole(kept.count)
    let setUnion = Measure.median(runs: runs) {
      var set = Set<ID>()
      let seconds = Measure.seconds { set.formUnion(roots) }
      blackHole(set.count)
      return seconds
    }
    let rootsFloor = Measure.median(runs: runs) {
      Measure.seconds {
        for root in roots { blackHole(positions[root]!) }
      }
    }
    return Row(
      size: size, type: type, parent: parent, level: level, lookupFloor: lookupFloor,
      appends: appends, appendCalls: calls, insertFloor: insertFloor, roots: rootCount,
      expandAll: expandAll, expandAllWalked: expandAllWalked,
      collapseAllWalked: collapseAllWalked, expandAllThenRows: expandAllThenRows,
      listKitLeast: listKitLeast, expandFixed: expandFixed,
      rootsFloor: rootsFloor, setUnion: setUnion)
  }

  /// The timed loops over `queries` of `snapshot`: `parent(of:)` (the parent read), `level(of:)`,
  /// and their floor, a lookup of the same ids in `positions`.
  ///
  /// The closures capture parameters, constants alike: a captured `var` is boxed, and each read
  /// of it is checked for exclusive access.
  static func queryLoops<ID: QueriedID>(
    _ snapshot: SectionSnapshot<ID>, _ positions: [ID: Int], _ queries: [ID]
  ) -> [() -> Double] {
    [
      { timed(queries) { (try! snapshot.parent(of: $0))?.sinkBits ?? 0 } },
      { timed(queries) { try! snapshot.level(of: $0) } },
      { timed(queries) { positions[$0]! } },
    ]
  }

  /// Each of `ids` (distinct) to its offset.
  static func offsets<ID: Hashable>(_ ids: [ID]) -> [ID: Int] {
    Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
  }

  /// The seconds `answer` takes for every query, in one loop.
  ///
  /// Always inlined, with a closure that does not escape: the optimizer then sees each answer
  /// inside the loop, as in a caller's own loop, instead of calling a closure once per query.
  @inline(__always)
  static func timed<ID>(_ queries: [ID], _ answer: (ID) -> Int) -> Double {
    var sum = 0
    let seconds = Measure.seconds { for item in queries { sum &+= answer(item) } }
    blackHole(sum)
    return seconds
  }

  /// Builds the appends outline of `ids` into the empty `snapshot`, one `append(_:to:)` call
  /// per parent: n/20 roots, 3 children per root, 8 leaves under each of the first n/10
  /// children (what is left over goes in as roots' children); returns the number of calls.
  @discardableResult
  static func buildByAppends<ID: Hashable & Sendable>(
    _ ids: [ID], into snapshot: inout SectionSnapshot<ID>
  ) -> Int {
    let size = ids.count
    let rootCount = max(1, size / 20)
    let childCount = min(3 * rootCount, size - rootCount)
    try! snapshot.append(Array(ids[..<rootCount]))
    var calls = 1
    var next = rootCount
    for root in 0..<rootCount where next < rootCount + childCount {
      let end = min(next + 3, rootCount + childCount)
      try! snapshot.append(Array(ids[next..<end]), to: ids[root])
      next = end
      calls += 1
    }
    var child = rootCount
    while next < size {
      let end = min(next + 8, size)
      try! snapshot.append(Array(ids[next..<end]), to: ids[child])
      next = end
      child += 1
      calls += 1
    }
    return calls
  }
}

/// An identifier type of the `tree` scenario: something to read from an answer, so that reading
/// the parent `parent(of:)` returns is timed (its count for a String, as the side-by-side run
/// with ListKit reads it; the value for an Int).
protocol QueriedID: Hashable & Sendable {
  var sinkBits: Int { get }
  /// An identifier that no fixture holds.
  static var fresh: Self { get }
}

extension Int: QueriedID {
  var sinkBits: Int { self }
  static var fresh: Int { -1 }
}

extension String: QueriedID {
  var sinkBits: Int { utf8.count }
  static var fresh: String { "fresh" }
}
