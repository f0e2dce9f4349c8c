import Diffable

/// The `difference` scenario: reading `transaction.difference` after a shuffle applied to a data
/// source, against the Heckel floor of the same two arrays.
///
/// `DataSource.apply` keeps its difference as offsets; reading `difference` builds the
/// `CollectionDifference`: it looks up every changed element and hands the changes to the
/// standard library. After a shuffle nearly every item is a change. The table also times the
/// standard library's validating `CollectionDifference(_:)` alone on the same changes (what any
/// caller that builds one from changes pays). Goal: reading `difference` within 3× of the floor.
enum DifferenceScenario: Scenario {
  static let name = "difference"
  static let summary = "reading transaction.difference after a shuffle against a Heckel pass"

  private struct Row {
    let size: Int
    let type: String
    let read: Double
    let apply: Double
    let validating: Double?
    let floor: Double
    let changes: Int
  }

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): reading transaction.difference after a shuffle, vs a Heckel floor",
      [
        "A: n flat items (0..<n, or UUID strings); B: A shuffled (seeded). A data source holding A",
        "applies B (apply: timed alone); read: transaction.difference read from that transaction",
        "(lazy: built on each read) and its count taken; init: CollectionDifference(_:) alone,",
        "the standard library's validating initializer, on the same changes (built untimed;",
        "up to 100k: at 1M one run takes about a minute);",
        "floor: Dictionary old id → index, one lookup per new id. Interleaved rounds; cells:",
        "median (×floor).",
      ])
    var rows: [Row] = []
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      let runs = plan.runs(at: size)
      let wall = Measure.seconds {
        rows.append(measure(Array(0..<size), type: "Int", runs: runs))
        rows.append(measure(Identifiers.uuids(count: size, seed: 9), type: "String", runs: runs))
      }
      walls.append((size, wall))
    }
    func cell(_ seconds: Double, _ floor: Double) -> String {
      "\(Report.time(seconds)) (\(Report.ratio(seconds / floor)))"
    }
    Report.table(
      ["size", "ids", "changes", "read difference", "apply", "init alone", "floor"],
      rows.map { row in
        [
          Report.size(row.size), row.type, Report.count(row.changes), cell(row.read, row.floor),
          cell(row.apply, row.floor), row.validating.map { cell($0, row.floor) } ?? "not timed",
          Report.time(row.floor),
        ]
      })
    Report.wallTimes(walls)
    let worst = rows.max { $0.read / $0.floor < $1.read / $1.floor }!
    return [
      Goal(
        name, "reading difference after a shuffle ≤ 3× the Heckel floor",
        met: worst.read / worst.floor <= 3,
        "worst \(Report.ratio(worst.read / worst.floor)) (\(Report.size(worst.size)) "
          + "\(worst.type)); init alone up to "
          + Report.ratio(
            rows.compactMap { row in row.validating.map { $0 / row.floor } }.max() ?? 0))
    ]
  }

  private static func measure<ID: Hashable & Sendable>(_ old: [ID], type: String, runs: Int)
    -> Row
  {
    var random = SplitMix64(seed: 0xD1FF)
    let new = old.shuffled(using: &random)
    var a = SectionSnapshot<ID>()
    try! a.append(old)
    var b = SectionSnapshot<ID>()
    try! b.append(new)
    let dataSource = DataSource<Int, ID>()
    try! dataSource.apply(a, to: 0)
    let transaction = try! dataSource.apply(b, to: 0)
    let changes = Array(transaction.difference)
    let readRun = { () -> Double in
      Measure.seconds { blackHole(transaction.difference.count) }
    }
    let applyRun = { () -> Double in
      let source = DataSource<Int, ID>()
      try! source.apply(a, to: 0)
      return Measure.seconds { blackHole(try! source.apply(b, to: 0).removalOffsets.count) }
    }
    let initRun = { () -> Double in
      Measure.seconds { blackHole(CollectionDifference(changes)!.count) }
    }
    let floorRun = { Measure.seconds { blackHole(heckelFloor(old, new)) } }
    // The validating initializer alone takes about a minute a run at 1M: timed up to 100k.
    let timesInit = old.count <= 100_000
    let medians = Measure.interleavedMedians(
      runs: runs, [readRun, applyRun, floorRun] + (timesInit ? [initRun] : []))
    return Row(
      size: old.count, type: type, read: medians[0], apply: medians[1],
      validating: timesInit ? medians[3] : nil, floor: medians[2], changes: changes.count)
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
}
