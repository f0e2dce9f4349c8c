import Diffable

// The `tree` scenario: `parent(of:)` beside an `[id: parent]` lookup, ListKit's.

extension TreeScenario {
  /// `parent(of:)` beside what ListKit's is, one lookup in an `[id: parent]` dictionary: with the
  /// parent read (`sinkBits`, as the side-by-side run with ListKit reads it), which the goal
  /// judges, and only tested against nil, shown beside it.
  struct ParentPair {
    let size: Int
    let type: String
    let ours: Double
    let theirs: Double
    let oursTested: Double
    let theirsTested: Double
    /// `parent(of:)` on an edited copy, the parent read.
    ///
    /// The copy gained one new root while the original lives, so it reads its labels through a
    /// log (see StorageAndDiffing.md). Shown, not judged: ListKit has no such state (its first
    /// write to a copy copies every dictionary).
    let oursEdited: Double
  }

  /// Measures `parent(of:)` × 1,000 and as many `[id: parent]` lookups, interleaved, on the
  /// appends outline at 10k and 100k (the sizes the goal names), after the table: timed among
  /// the table's rows, the dictionary's allocation moved the 1M rows measured after it.
  ///
  /// A test against nil favours the dictionary, which keeps no entry for a root and so answers
  /// from the key alone, where `parent(of:)` reads the parent beside the item's label; reading
  /// the parent is what a caller of either does with it.
  static func measureParentPairs(_ plan: Plan) -> [ParentPair] {
    func pair<ID: QueriedID>(_ size: Int, _ type: String, _ ids: [ID]) -> ParentPair {
      var random = SplitMix64(seed: 0x9A1)
      var built = SectionSnapshot<ID>()
      buildByAppends(ids, into: &built)
      var parents: [ID: ID] = [:]
      for item in ids {
        if let parent = try! built.parent(of: item) { parents[item] = parent }
      }
      // Constants, so the closures capture both alike: a captured `var` is boxed, and each read
      // of it is checked for exclusive access and copies the value out of the box.
      var copy = built
      try! copy.append([ID.fresh])
      let (snapshot, parentsOf, edited) = (built, parents, copy)
      let queries = (0..<queriesPerRun).map { _ in ids.randomElement(using: &random)! }
      let medians = Measure.interleavedMedians(
        runs: plan.runs(at: size),
        [
          { timed(queries) { (try! snapshot.parent(of: $0))?.sinkBits ?? 0 } },
          { timed(queries) { parentsOf[$0]?.sinkBits ?? 0 } },
          { timed(queries) { try! snapshot.parent(of: $0) == nil ? 0 : 1 } },
          { timed(queries) { parentsOf[$0] == nil ? 0 : 1 } },
          { timed(queries) { (try! edited.parent(of: $0))?.sinkBits ?? 0 } },
        ])
      return ParentPair(
        size: size, type: type, ours: medians[0], theirs: medians[1], oursTested: medians[2],
        theirsTested: medians[3], oursEdited: medians[4])
    }
    var pairs: [ParentPair] = []
    for size in [10_000, 100_000] where plan.sizes.contains(size) {
      pairs.append(pair(size, "Int", Array(0..<size)))
      pairs.append(pair(size, "String", Identifiers.uuids(count: size, seed: 8)))
    }
    print("")
    print(
      "-- parent(of:) ×1,000 beside an [id: parent] lookup (ListKit's parent(of:)), interleaved")
    Report.table(
      [
        "size", "ids", "parent(of:), read", "[id: parent], read", "ratio", "parent(of:) == nil",
        "[id: parent] == nil", "ratio", "edited copy, read", "ratio",
      ],
      pairs.map {
        [
          Report.size($0.size), $0.type, Report.time($0.ours), Report.time($0.theirs),
          Report.ratio($0.ours / $0.theirs), Report.time($0.oursTested),
          Report.time($0.theirsTested), Report.ratio($0.oursTested / $0.theirsTested),
          Report.time($0.oursEdited), Report.ratio($0.oursEdited / $0.theirs),
        ]
      })
    return pairs
  }
}
