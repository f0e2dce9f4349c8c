import Diffable

/// The `stdlib` scenario: the public `differenceInferringMoves(from:)` against the standard
/// library's `difference(from:).inferringMoves()`, which it replaces, on the same inputs.
///
/// Both produce a `CollectionDifference` with moves associated, so both are timed to that point.
/// The standard library's Myers diff is O(*n* *D*) (*D* the number of changes) where ours is
/// O(*n* + *d* log *d*): on a shuffle, *D* is about 2*n*, so shuffles stop at 3k (past it, one run
/// of the standard library's diff takes many seconds) and the other inputs at 10k.
/// Building a `CollectionDifference` costs both sides alike (its initializer validates and sorts
/// the changes in unspecialized generic code), so the table also times that initializer on our
/// changes. Goals: ours faster on every row, and the same number of changes as the standard
/// library's (which is minimal).
enum StandardLibraryScenario: Scenario {
  static let name = "stdlib"
  static let summary = "differenceInferringMoves(from:) against difference(from:).inferringMoves()"

  /// How the new side is made from the old one.
  enum Change: String, CaseIterable {
    case moved = "(a) 1% moved"
    case edited = "(b) 10% deleted, 10% inserted, 1% moved"
    case shuffled = "(c) shuffle"
  }

  /// One row of a table: a size, an identifier type and the samples of both, round by round.
  private struct Row {
    let size: Int
    let type: String
    let ours: [Double]
    let initializer: [Double]
    let standard: [Double]
    let changes: Int
    let standardChanges: Int
    let moves: Int

    /// The standard library's time over ours, round by round.
    var speedUps: [Double] { zip(standard, ours).map { $0 / $1 } }
  }

  /// The sizes: 1k and 10k (shuffles 1k and 3k) in a full run; in a quick one, 10k for the
  /// few-moves rows only.
  private static func sizes(_ plan: Plan, _ change: Change) -> [Int] {
    switch change {
    case .moved: [1_000, 10_000]
    case .edited: plan.quick ? [1_000] : [1_000, 10_000]
    case .shuffled: plan.quick ? [1_000] : [1_000, 3_000]
    }
  }

  /// The timed rounds at `size`: fewer above 1k, where a standard library shuffle takes seconds.
  private static func runs(_ plan: Plan, at size: Int) -> Int {
    plan.quick ? 3 : size <= 1_000 ? 11 : 5
  }

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): differenceInferringMoves(from:) vs difference(from:).inferringMoves()",
      [
        "ours: new.differenceInferringMoves(from: old); std: new.difference(from: old)"
          + ".inferringMoves();",
        "the same old and new arrays for both, each result a CollectionDifference with moves.",
        "Sizes and rounds of its own (k = 11 at 1k and 5 above; 3 in a quick run), interleaved",
        "after a warm-up: median [min–max] of the rounds;",
        "speed-up: std / ours within each round, median [min–max].",
        "init: of ours, CollectionDifference.init on our changes alone (validates and sorts",
        "them, unspecialized: any CollectionDifference pays it; std builds two, unvalidated).",
        "changes: removals + insertions (ours; std's when different). moves: associated pairs.",
        "Myers is O(n·D), D ≈ 2n on a shuffle: shuffles stop at 3k (std: seconds a run;",
        "10k, extrapolated: 10–30 s a run), the others at 10k."
          + (plan.quick ? " Quick run: 10k for (a) only." : ""),
      ])
    var goals: [Goal] = []
    var slowest: (speedUp: Double, label: String)?
    var mismatches: [String] = []
    for change in Change.allCases {
      print("-- \(change.rawValue)")
      var rows: [Row] = []
      var walls: [(size: Int, seconds: Double)] = []
      for size in sizes(plan, change) {
        let runs = runs(plan, at: size)
        let wall = Measure.seconds {
          rows.append(measure(Array(0..<(size + size / 10)), change, runs: runs, type: "Int"))
          rows.append(
            measure(
              Identifiers.uuids(count: size + size / 10, seed: 7), change, runs: runs,
              type: "String"))
        }
        walls.append((size, wall))
      }
      Report.table(
        ["size", "ids", "ours", "init", "std", "speed-up", "changes", "moves"],
        rows.map { row in
          [
            Report.size(row.size), row.type, Report.spread(row.ours, Report.time),
            Report.time(Measure.median(of: row.initializer)),
            Report.spread(row.standard, Report.time),
            Report.spread(row.speedUps, Report.ratio),
            Report.count(row.changes)
              + (row.changes == row.standardChanges ? "" : " (std \(row.standardChanges))"),
            Report.count(row.moves),
          ]
        })
      Report.wallTimes(walls)
      print("")
      for row in rows {
        let label = "\(change.rawValue.prefix(3)) \(Report.size(row.size)) \(row.type)"
        let speedUp = Measure.median(of: row.speedUps)
        if slowest == nil || speedUp < slowest!.speedUp { slowest = (speedUp, label) }
        if row.changes != row.standardChanges { mismatches.append(label) }
      }
    }
    if let slowest {
      goals.append(
        Goal(
          name, "faster than difference(from:).inferringMoves() on every row",
          met: slowest.speedUp > 1,
          "least speed-up \(Report.ratio(slowest.speedUp)) (\(slowest.label))"))
    }
    goals.append(
      Goal(
        name, "as many changes as the standard library (minimal)", met: mismatches.isEmpty,
        mismatches.isEmpty ? "every row" : "differs: " + mismatches.joined(separator: ", ")))
    return goals
  }

  /// Measures one row: `ids` holds the old side's *n* identifiers and then fresh ones.
  private static func measure<ID: Hashable>(
    _ ids: [ID], _ change: Change, runs: Int, type: String
  ) -> Row {
    let size = ids.count * 10 / 11
    let old = Array(ids[..<size])
    var random = SplitMix64(seed: 0x57D_11B)
    let new: [ID]
    switch change {
    case .moved:
      var moved = old
      for _ in 0..<(size / 100) {
        let id = moved.remove(at: Int.random(in: 0..<moved.count, using: &random))
        moved.insert(id, at: Int.random(in: 0...moved.count, using: &random))
      }
      new = moved
    case .edited:
      new = DiffScenario.makeNew(from: old, fresh: ids[size...], .edited, using: &random)
    case .shuffled:
      new = old.shuffled(using: &random)
    }

    var ours: CollectionDifference<ID>?
    var standard: CollectionDifference<ID>?
    // Our changes in the order our conversion passes them: removals, then insertions, ascending.
    let changes =
      Array(new.differenceInferringMoves(from: old).removals)
      + new.differenceInferringMoves(from: old).insertions
    let samples = Measure.interleavedSamples(
      runs: runs,
      [
        {
          var difference: CollectionDifference<ID>?
          let seconds = Measure.seconds {
            difference = new.differenceInferringMoves(from: old)
            blackHole(difference!.count)
          }
          ours = difference  // the previous result is freed here, outside the timed part
          return seconds
        },
        {
          var difference: CollectionDifference<ID>?
          let seconds = Measure.seconds {
            difference = CollectionDifference(changes)
            blackHole(difference!.count)
          }
          blackHole(difference!.count)
          return seconds
        },
        {
          var difference: CollectionDifference<ID>?
          let seconds = Measure.seconds {
            difference = new.difference(from: old).inferringMoves()
            blackHole(difference!.count)
          }
          standard = difference
          return seconds
        },
      ])
    let moves = ours!.removals.count {
      if case .remove(_, _, .some) = $0 { true } else { false }
    }
    return Row(
      size: size, type: type, ours: samples[0], initializer: samples[1], standard: samples[2],
      changes: ours!.count,
      standardChanges: standard!.count, moves: moves)
  }
}
