import Diffable

/// Scenario 3: queries of random items of an *n*-item outline.
///
/// `index(of:)`, `parent(of:)`, `level(of:)` and `contains` each look an identifier up in the
/// label map and, but for `contains`, walk the order tree; none may scan. The goal: no linear
/// growth (1M/1k would be ×1000); judged met at ≤ ×10, which leaves room for cache misses.
enum LookupsScenario: Scenario {
  static let name = "lookups"
  static let summary = "index(of:), parent(of:), level(of:), contains of random items"

  /// The queries each timed run makes.
  static let queriesPerRun = 10_000

  static let columns = ["index(of:)", "parent(of:)", "level(of:)", "contains"]

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "3. lookups: median time per query of a random item",
      [
        "The outline of scenario 2; \(Report.count(queriesPerRun)) random items per run (the same",
        "items for every query kind); cells: median ×vs 1k.",
      ])
    var medians: [[Double]] = []
    var rows: [[String]] = []
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var row: [Double] = []
      let wall = Measure.seconds {
        row = measure(OutlineFixture(approximately: size, seed: 1), runs: plan.runs(at: size))
      }
      walls.append((size, wall))
      medians.append(row)
      let cells = row.enumerated().map { Report.timeAndGrowth($1, base: medians[0][$0]) }
      rows.append([Report.size(size), "\(plan.runs(at: size))"] + cells)
    }
    Report.table(["size", "k"] + columns, rows)
    Report.wallTimes(walls)

    let growth = columns.indices.map { medians.last![$0] / medians[0][$0] }
    let detail = zip(columns, growth).map { "\($0) \(Report.ratio($1))" }.joined(separator: ", ")
    return [
      Goal(
        name, "no linear growth: 1M/1k ≤ ×10 (linear: ×1000)", met: growth.max()! <= 10,
        "\(Report.size(plan.largest))/1k: \(detail)", judged: plan.largest == 1_000_000)
    ]
  }

  /// The median seconds per query of each kind, in `columns` order.
  private static func measure(_ fixture: OutlineFixture, runs: Int) -> [Double] {
    let snapshot = fixture.snapshot
    var random = SplitMix64(seed: 0x100C)
    let queries = (0..<queriesPerRun).map { _ in fixture.ids.randomElement(using: &random)! }
    let perQuery = Double(queries.count)
    let index = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(snapshot.index(of: item)!) }
      } / perQuery
    }
    let parent = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(try! snapshot.parent(of: item) == nil ? 0 : 1) }
      } / perQuery
    }
    let level = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(try! snapshot.level(of: item)) }
      } / perQuery
    }
    let contains = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(snapshot.contains(item) ? 1 : 0) }
      } / perQuery
    }
    return [index, parent, level, contains]
  }
}
