import Diffable

/// Scenario 2: single edits on an *n*-item outline, each with its transaction.
///
/// Each edit is what an app does: `snapshot(for:)`, one edit, `apply(_:to:)`, then reading
/// `transaction.difference` (which builds the `CollectionDifference`). Moves go through
/// `reorder(_:to:)` and disclosure through `toggleDisclosure(of:)`, so the handlers run too.
/// The goal: a 1M-item outline no more than 3× slower per edit than a 1k one (logarithmic).
enum EditsScenario: Scenario {
  static let name = "edits"
  static let summary = "single edits with their transactions, through the data source"

  /// The edits each timed run makes; the run's time divided by this is one sample.
  static let editsPerRun = 100

  /// The edits, in the order they run (deletions last, so every other edit finds its targets).
  static let columns = [
    "append leaf", "insert before", "move (reorder)", "expand", "collapse", "delete leaf",
  ]

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "2. edits: one edit + apply + transaction.difference, median time per edit",
      [
        "Outline: r roots × 10 children × 10 leaves (3 levels, 111 items per root); roots",
        "expanded, children collapsed. append: a new leaf under a random root or child; insert:",
        "a new item before a random item; move: a random child reordered before another child",
        "(it carries its 10 leaves); expand / collapse: toggleDisclosure of a child with 10",
        "leaves; delete: a random leaf. \(editsPerRun) edits per run (expand/collapse: up to half",
        "the children), undone untimed after each run so the shape stays; cells: median ×vs 1k.",
      ])
    var medians: [[Double]] = []
    var rows: [[String]] = []
    var shapes: [String] = []
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var row: [Double] = []
      var shape = ""
      let wall = Measure.seconds {
        let session = EditSession(OutlineFixture(approximately: size, seed: 1))
        shape = session.fixture.shape
        row = measure(session, runs: plan.runs(at: size))
      }
      walls.append((size, wall))
      shapes.append("\(Report.size(size)): \(shape)")
      medians.append(row)
      let cells = row.enumerated().map { Report.timeAndGrowth($1, base: medians[0][$0]) }
      rows.append([Report.size(size), "\(plan.runs(at: size))"] + cells)
    }
    Report.table(["size", "k"] + columns, rows)
    for shape in shapes { print(shape) }
    Report.wallTimes(walls)

    let judged = plan.largest == 1_000_000
    let growth = columns.indices.map { medians.last![$0] / medians[0][$0] }
    let worst = growth.indices.max { growth[$0] < growth[$1] }!
    let detail = zip(columns, growth).map { "\($0) \(Report.ratio($1))" }.joined(separator: ", ")
    return [
      Goal(
        name, "each edit at 1M ≤ 3× its time at 1k (logarithmic)", met: growth[worst] <= 3,
        "\(Report.size(plan.largest))/1k: \(detail)", judged: judged)
    ]
  }

  /// The median seconds per edit of each kind, in `columns` order.
  ///
  /// After each timed run the edits are undone, untimed (added items deleted, deleted leaves
  /// appended back), so every size keeps its shape however many runs it gets; moves and
  /// disclosure toggles do not change the shape.
  private static func measure(_ session: EditSession, runs: Int) -> [Double] {
    let count = editsPerRun
    let append = Measure.median(runs: runs) {
      let targets = (0..<count).map { _ in (session.newID(), session.randomParent()) }
      let seconds = Measure.seconds {
        for (item, parent) in targets {
          blackHole(session.appendLeaf(item, to: parent).difference.count)
        }
      }
      for (item, _) in targets { _ = session.delete(item) }
      return seconds / Double(count)
    }
    let insert = Measure.median(runs: runs) {
      let targets = (0..<count).map { _ in (session.newID(), session.randomItem()) }
      let seconds = Measure.seconds {
        for (item, other) in targets {
          blackHole(session.insert(item, before: other).difference.count)
        }
      }
      for (item, _) in targets { _ = session.delete(item) }
      return seconds / Double(count)
    }
    let move = Measure.median(runs: runs) {
      let targets = (0..<count).map { _ in
        let item = session.randomChild()
        var other = session.randomChild()
        while other == item { other = session.randomChild() }
        return (item, other)
      }
      return Measure.seconds {
        for (item, other) in targets {
          blackHole(session.move(item, before: other)?.difference.count ?? 0)
        }
      } / Double(count)
    }
    // Each run expands distinct collapsed children, then collapses the same ones.
    var expand: [Double] = []
    var collapse: [Double] = []
    let toggled = min(count, session.fixture.children.count / 2)
    for run in 0...runs {
      var chosen = Set<String>()
      while chosen.count < toggled { chosen.insert(session.randomChild()) }
      let items = Array(chosen)
      let expanding = Measure.seconds {
        for item in items { blackHole(session.toggle(item).difference.count) }
      }
      let collapsing = Measure.seconds {
        for item in items { blackHole(session.toggle(item).difference.count) }
      }
      if run > 0 {  // run 0 warms up
        expand.append(expanding / Double(toggled))
        collapse.append(collapsing / Double(toggled))
      }
    }
    let delete = Measure.median(runs: runs) {
      var targets: [String: String] = [:]
      while targets.count < count {
        let (leaf, parent) = session.randomLeaf()
        targets[leaf] = parent
      }
      let seconds = Measure.seconds {
        for leaf in targets.keys { blackHole(session.delete(leaf).difference.count) }
      }
      for (leaf, parent) in targets { _ = session.appendLeaf(leaf, to: parent) }
      return seconds / Double(count)
    }
    return [
      append, insert, move, Measure.median(of: expand), Measure.median(of: collapse), delete,
    ]
  }
}
