import Diffable

/// The `lookups` scenario: queries of random items of an *n*-item outline.
///
/// `index(of:)`, `parent(of:)`, `level(of:)` and `contains` each look an identifier up in the
/// label map and, but for `contains`, walk the order tree; none may scan. The goal: no linear
/// growth. Linear would be ×1000 from 1k to 1M and log *n* about ×2; random lookups in a large
/// structure also miss the caches, which a plain `Dictionary` lookup (shown beside them) suffers
/// too. Judged met at ≤ ×32 (√1000): clearly sublinear.
enum LookupsScenario: Scenario {
  static let name = "lookups"
  static let summary = "index(of:), parent(of:), level(of:), contains of random items"

  /// The queries each timed run makes.
  static let queriesPerRun = 10_000

  static let columns = ["index(of:)", "parent(of:)", "level(of:)", "contains", "contains, bulk"]

  /// The growth from 1k to 1M at or below which a query counts as not linear.
  static let sublinearGrowth = 32.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): median time per query of a random item",
      [
        "The outline of the edits scenario; \(Report.count(queriesPerRun)) random items per run",
        "(the same items for every query kind); cells: median ×vs 1k. contains, bulk: the same ids",
        "appended in one call to an empty snapshot and never edited (its labels are a plain hash",
        "table, read with no lock). Dictionary: a Swift [String: Int] of the same ids answering the",
        "same queries, for the memory hierarchy's share.",
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
    Report.table(["size", "k"] + columns + ["Dictionary"], rows)
    Report.wallTimes(walls)

    let growth = medians[0].indices.map { medians.last![$0] / medians[0][$0] }
    let detail = zip(columns + ["Dictionary"], growth).map { "\($0) \(Report.ratio($1))" }
      .joined(separator: ", ")
    return [
      Goal(
        name, "no linear growth: 1M/1k ≤ ×32 (linear: ×1000)",
        met: growth.prefix(columns.count).allSatisfy { $0 <= sublinearGrowth },
        "\(Report.size(plan.largest))/1k: \(detail)", judged: plan.largest == 1_000_000)
    ]
  }

  /// The median seconds per query of each kind, in `columns` order, then of the `Dictionary`.
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
    var flat = SectionSnapshot<String>()
    try! flat.append(fixture.ids)
    let bulkContains = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(flat.contains(item) ? 1 : 0) }
      } / perQuery
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(fixture.ids.count)
    for (offset, id) in fixture.ids.enumerated() { positions[id] = offset }
    let dictionary = Measure.median(runs: runs) {
      Measure.seconds {
        for item in queries { blackHole(positions[item]!) }
      } / perQuery
    }
    return [index, parent, level, contains, bulkContains, dictionary]
  }
}
