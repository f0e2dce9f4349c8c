import Diffable

/// The `build` scenario: `SectionSnapshot.append` of *n* identifiers into an empty snapshot.
///
/// The goal is 10,000 String identifiers in about 1 ms (Apple measured 1.2 ms for
/// `NSDiffableDataSourceSectionSnapshot`); Int identifiers are shown beside them.
enum BuildScenario: Scenario {
  static let name = "build"
  static let summary = "SectionSnapshot.append of n identifiers into an empty snapshot"

  /// Apple's measurement for 10,000 Strings, the bar the goal is judged against.
  static let appleSeconds = 1.2e-3

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): SectionSnapshot.append of n ids into an empty snapshot",
      [
        "String ids are 36-character UUID strings from a seeded generator; Int ids are 0..<n.",
        "Median of k runs after a warm-up; growth is against the 1k row.",
      ])
    var rows: [[String]] = []
    var base: (strings: Double, ints: Double)?
    var tenThousand: Double?
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      let runs = plan.runs(at: size)
      var strings = 0.0
      var ints = 0.0
      let wall = Measure.seconds {
        strings = measureAppend(Identifiers.uuids(count: size, seed: 1), runs: runs)
        ints = measureAppend(Array(0..<size), runs: runs)
      }
      walls.append((size, wall))
      if base == nil { base = (strings, ints) }
      if size == 10_000 { tenThousand = strings }
      rows.append([
        Report.size(size), "\(runs)",
        Report.timeAndGrowth(strings, base: base!.strings),
        Report.time(strings / Double(size)),
        Report.timeAndGrowth(ints, base: base!.ints),
        Report.time(ints / Double(size)),
      ])
    }
    Report.table(
      ["size", "k", "String: median ×vs 1k", "per item", "Int: median ×vs 1k", "per item"], rows)
    Report.wallTimes(walls)
    guard let tenThousand else { return [] }
    return [
      Goal(
        name, "10,000 Strings appended in ≈ 1 ms (Apple: 1.2 ms)",
        met: tenThousand <= appleSeconds, Report.time(tenThousand))
    ]
  }

  /// The median seconds `append(ids)` takes into an empty snapshot; each snapshot is freed
  /// outside the timed part.
  private static func measureAppend<ID: Hashable & Sendable>(_ ids: [ID], runs: Int) -> Double {
    var previous = SectionSnapshot<ID>()
    return Measure.median(runs: runs) {
      blackHole(previous.count)
      previous = SectionSnapshot()
      var snapshot = SectionSnapshot<ID>()
      let seconds = Measure.seconds { try! snapshot.append(ids) }
      previous = snapshot
      return seconds
    }
  }
}
