import Diffable

/// The `diff` scenario: the full diff of two arbitrary snapshots, against the floor of a plain
/// Heckel pass.
///
/// The diff is measured through the public path that runs it: a data source holding snapshot A
/// is given a freshly built snapshot B (not derived from A), so it cannot use an edit journal and
/// diffs both sequences whole. The floor is the least any hashing diff does: one `Dictionary`
/// insertion per old identifier and one lookup per new one. Goal: the diff within 2× of the floor;
/// and for the edited case, about 1% of the items reported as moves.
enum DiffScenario: Scenario {
  static let name = "diff"
  static let summary = "full diff of two unrelated snapshots against a plain Heckel pass"

  /// How B is made from A.
  enum Change: String, CaseIterable {
    case edited = "(a) 10% deleted, 10% inserted, 1% moved"
    case reversed = "(b) full reversal"
    case shuffled = "(c) shuffle"
  }

  /// One row of a table: a size, an identifier type and what was measured.
  private struct Row {
    let size: Int
    let type: String
    let apply: Double
    let floor: Double
    let read: Double
    let moves: Int
  }

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): DataSource.apply of an unrelated snapshot (full diff) vs a Heckel floor",
      [
        "A and B are flat (all items roots, all visible), built by append into empty snapshots.",
        "apply: a data source holding A applies B and its transaction's removalOffsets are read;",
        "every item is visible, so one _Diffing pass serves for items and rows.",
        "floor: Dictionary old id → index, one lookup per new id, counting matches.",
        "apply, floor and read run interleaved, round after round: medians of the same rounds.",
        "read: A.items + B.items, the arrays apply reads out of the two trees.",
        "engine/floor: one _Diffing pass against the floor, (apply − read) / floor.",
        "growth: apply ×vs the 1k row of the same id type. moves: removals with an association.",
      ])
    var goals: [Goal] = []
    for change in Change.allCases {
      print("-- \(change.rawValue)")
      var rows: [Row] = []
      var walls: [(size: Int, seconds: Double)] = []
      for size in plan.sizes {
        let runs = plan.runs(at: size)
        let wall = Measure.seconds {
          rows.append(measure(Array(0..<(size + size / 10)), change, runs: runs, type: "Int"))
          rows.append(
            measure(
              Identifiers.uuids(count: size + size / 10, seed: 5), change, runs: runs,
              type: "String"))
        }
        walls.append((size, wall))
      }
      Report.table(
        [
          "size", "ids", "apply", "floor", "apply/floor", "read", "engine/floor", "growth", "moves",
        ],
        rows.map { row in
          let base = rows.first { $0.type == row.type }!
          return [
            Report.size(row.size), row.type, Report.time(row.apply), Report.time(row.floor),
            Report.ratio(row.apply / row.floor), Report.time(row.read),
            Report.ratio((row.apply - row.read) / row.floor),
            Report.ratio(row.apply / base.apply),
            "\(Report.count(row.moves)) (\(Report.significant(percent(row.moves, row.size)))%)",
          ]
        })
      Report.wallTimes(walls)
      print("")
      let worst = rows.max { $0.apply / $0.floor < $1.apply / $1.floor }!
      goals.append(
        Goal(
          name, "\(change.rawValue): diff ≤ 2× floor", met: worst.apply / worst.floor <= 2,
          "worst \(Report.ratio(worst.apply / worst.floor)) (\(Report.size(worst.size)) "
            + "\(worst.type))"))
      if change == .edited {
        let shares = rows.map { percent($0.moves, $0.size) }
        goals.append(
          Goal(
            name, "\(change.rawValue): ≈1% reported as moves (0.9–1.1%)",
            met: shares.allSatisfy { (0.9...1.1).contains($0) },
            "\(Report.significant(shares.min()!))–\(Report.significant(shares.max()!))%"))
      }
    }
    return goals
  }

  /// Measures one row: `ids` holds A's *n* identifiers and then fresh ones for insertions.
  private static func measure<ID: Hashable & Sendable>(
    _ ids: [ID], _ change: Change, runs: Int, type: String
  ) -> Row {
    let size = ids.count * 10 / 11
    let old = Array(ids[..<size])
    var random = SplitMix64(seed: 0xD1FF)
    let new = makeNew(from: old, fresh: ids[size...], change, using: &random)
    var a = SectionSnapshot<ID>()
    try! a.append(old)
    var b = SectionSnapshot<ID>()
    try! b.append(new)

    var moves = 0
    let applyRun = { () -> Double in
      let dataSource = DataSource<Int, ID>()
      try! dataSource.apply(a, to: 0)
      var transaction: Transaction<Int, ID>?
      let seconds = Measure.seconds {
        let applied = try! dataSource.apply(b, to: 0)
        blackHole(applied.removalOffsets.count)
        transaction = applied
      }
      moves = transaction!.sectionTransactions[0].removalOffsets.count {
        $0.associatedWith != nil
      }
      return seconds
    }
    let floorRun = { Measure.seconds { blackHole(heckelFloor(old, new)) } }
    let readRun = { Measure.seconds { blackHole(a.items.count + b.items.count) } }
    let medians = Measure.interleavedMedians(runs: runs, [applyRun, floorRun, readRun])
    let (apply, floor, read) = (medians[0], medians[1], medians[2])
    return Row(size: size, type: type, apply: apply, floor: floor, read: read, moves: moves)
  }

  /// B, made from A.
  ///
  /// For the edited case every surviving item gets its old offset as a sort key, moved and fresh
  /// items a random one, and B is the items sorted by key: O(*n* log *n*), no array shuffling.
  static func makeNew<ID>(
    from old: [ID], fresh: ArraySlice<ID>, _ change: Change, using random: inout SplitMix64
  ) -> [ID] {
    switch change {
    case .reversed:
      return old.reversed()
    case .shuffled:
      return old.shuffled(using: &random)
    case .edited:
      let count = old.count
      let picked = Array(0..<count).shuffled(using: &random)
      var fate = [UInt8](repeating: 0, count: count)  // 0 stays, 1 deleted, 2 moved
      for index in picked[..<(count / 10)] { fate[index] = 1 }
      for index in picked[(count / 10)..<(count / 10 + count / 100)] { fate[index] = 2 }
      var keyed: [(key: Double, id: ID)] = []
      keyed.reserveCapacity(count)
      let span = Double(count)
      for (index, id) in old.enumerated() {
        switch fate[index] {
        case 0: keyed.append((Double(index), id))
        case 1: continue
        default: keyed.append((Double.random(in: 0..<span, using: &random), id))
        }
      }
      for id in fresh.prefix(count / 10) {
        keyed.append((Double.random(in: 0..<span, using: &random), id))
      }
      keyed.sort { $0.key < $1.key }
      return keyed.map(\.id)
    }
  }

  /// The floor: a plain Heckel pass (old id → offset, one lookup per new id), counting matches.
  @inline(never)
  private static func heckelFloor<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
    var offsets = [ID: Int](minimumCapacity: old.count)
    for (offset, id) in old.enumerated() { offsets[id] = offset }
    var matches = 0
    for id in new where offsets[id] != nil { matches += 1 }
    return matches
  }

  private static func percent(_ part: Int, _ whole: Int) -> Double {
    100 * Double(part) / Double(whole)
  }
}
