import Diffable
import OutlineLanguage

/// The `rows` scenario: a command that names one item by row (`@N`) or as the current item
/// (`.`), against the same command naming it by identifier, in an *n*-item outline.
///
/// Resolving `@N` is the order tree's select of a visible row (`visibleItem(at:)`, O(log *n*))
/// and a second parse of the command's text; `.` is a look-up of the current item. In a focus,
/// `@N` is counted from the focus's first visible descendant, found by the same row count
/// (`descendantRanges(of:)`, O(log *n*)). SPEC §4's goal: a command that touches one item grows
/// within ×3 from 1k to 1M items.
enum RowsScenario: Scenario {
  static let name = "rows"
  static let summary =
    "parent @N (also in a focus) and parent . against parent ITEM, through Session.run"

  /// The commands each timed run makes.
  static let commandsPerRun = 2_000

  static let columns = ["parent ITEM", "parent @N", "parent .", "@N in focus"]

  /// The growth from 1k to 1M a command of one item may have.
  static let allowedGrowth = 3.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): median time per command naming one random visible item",
      [
        "The outline of the edits scenario in a Session; \(Report.count(commandsPerRun)) random",
        "visible rows per run. parent ITEM names the item, parent @N its row, parent . the",
        "current item (set by the parent @N before it), @N in focus parent @N in a focus on",
        "the root with the most descendants; cells: median ×vs 1k.",
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
    let growth = medians[0].indices.map { medians.last![$0] / medians[0][$0] }
    let detail = zip(columns, growth).map { "\($0) \(Report.ratio($1))" }
      .joined(separator: ", ")
    return [
      Goal(
        name, "a command naming one item by row or as . grows 1k→1M ≤ ×3",
        met: growth.dropFirst().allSatisfy { $0 <= allowedGrowth },
        "\(Report.size(plan.largest))/1k: \(detail)", judged: plan.largest == 1_000_000)
    ]
  }

  /// The median seconds per command of each column.
  private static func measure(_ fixture: OutlineFixture, runs: Int) -> [Double] {
    let session = Session()
    session.recordsStates = false
    try! session.dataSource.apply(fixture.snapshot, to: "main")
    let outline = session.outline
    var random = SplitMix64(seed: 0x40)
    let picked = (0..<commandsPerRun).map { _ in
      Int.random(in: 0..<outline.visibleCount, using: &random)
    }
    let byName = picked.map { "parent " + Quoting.word(outline.visibleItem(at: $0)) }
    let byRow = picked.map { "parent @\($0)" }
    let perCommand = Double(picked.count)
    let name = Measure.median(runs: runs) {
      Measure.seconds { for line in byName { blackHole(session.run(line).ok ? 1 : 0) } }
        / perCommand
    }
    let row = Measure.median(runs: runs) {
      Measure.seconds { for line in byRow { blackHole(session.run(line).ok ? 1 : 0) } }
        / perCommand
    }
    let current = Measure.median(runs: runs) {
      Measure.seconds { for _ in byRow { blackHole(session.run("parent .").ok ? 1 : 0) } }
        / perCommand
    }
    precondition(session.run("parent .").ok, "the current item is set")
    return [name, row, current, measureInFocus(session, runs: runs)]
  }

  /// The median seconds per `parent @N` in a focus on the root with the most descendants,
  /// each row a random one of the focus's visible rows.
  private static func measureInFocus(_ session: Session, runs: Int) -> Double {
    var largest: (root: String, size: Int)?
    var current: (root: String, size: Int)?
    session.outline.forEachRow { row in
      if row.level == 0 {
        if let done = current, done.size > largest?.size ?? -1 { largest = done }
        current = (row.item, 0)
      } else {
        current?.size += 1
      }
      return true
    }
    if let done = current, done.size > largest?.size ?? -1 { largest = done }
    guard let root = largest?.root, session.run("focus " + Quoting.word(root)).ok,
      case .items(let visible)? = session.run("visible").result, !visible.isEmpty
    else { preconditionFailure("the fixture has a root with children") }
    var random = SplitMix64(seed: 0x41)
    let byRow = (0..<commandsPerRun).map { _ in
      "parent @\(Int.random(in: 0..<visible.count, using: &random))"
    }
    let time = Measure.median(runs: runs) {
      Measure.seconds { for line in byRow { blackHole(session.run(line).ok ? 1 : 0) } }
        / Double(byRow.count)
    }
    precondition(session.run(byRow[0]).ok, "the rows are the focus's")
    return time
  }
}
