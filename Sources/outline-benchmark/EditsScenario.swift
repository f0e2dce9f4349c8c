import Diffable

/// The `edits` scenario: single edits on an *n*-item outline, each with its transaction.
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
      "\(name): one edit + apply + transaction.difference, median time per edit",
      [
        "Outline: r roots × 10 children × 10 leaves (3 levels, 111 items per root); roots",
        "expanded, children collapsed. append: a new leaf under a random root or child; insert:",
        "a new item before a random item; move: a random child reordered before another child",
        "(it carries its 10 leaves); expand / collapse: toggleDisclosure of a child with 10",
        "leaves; delete: a random leaf. \(editsPerRun) edits per run (expand/collapse: up to half",
        "the children), undone untimed after each run so the shape stays. The sizes are measured",
        "in rounds, each round one run of every edit at every size, so that a change in the",
        "machine's speed falls on all sizes alike; cells: median ×vs 1k.",
      ])
    var sessions: [EditSession] = []
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var session: EditSession?
      let wall = Measure.seconds {
        session = EditSession(OutlineFixture(approximately: size, seed: 1))
      }
      sessions.append(session!)
      walls.append((size, wall))
    }
    let rounds = plan.runs(at: plan.sizes[0])
    let medians = Measure.interleavedMedians(runs: rounds, sessions.flatMap(runs(on:)))
    var rows: [[String]] = []
    var perSize: [[Double]] = []
    for (index, size) in plan.sizes.enumerated() {
      let row = Array(medians[(index * columns.count)..<((index + 1) * columns.count)])
      perSize.append(row)
      let cells = row.enumerated().map { Report.timeAndGrowth($1, base: perSize[0][$0]) }
      rows.append([Report.size(size), "\(rounds)"] + cells)
    }
    Report.table(["size", "k"] + columns, rows)
    for (size, session) in zip(plan.sizes, sessions) {
      print("\(Report.size(size)): \(session.fixture.shape)")
    }
    Report.wallTimes(walls, "set-up time per size")

    let judged = plan.largest == 1_000_000
    let growth = columns.indices.map { perSize.last![$0] / perSize[0][$0] }
    let worst = growth.indices.max { growth[$0] < growth[$1] }!
    let detail = zip(columns, growth).map { "\($0) \(Report.ratio($1))" }.joined(separator: ", ")
    return [
      Goal(
        name, "each edit at 1M ≤ 3× its time at 1k (logarithmic)", met: growth[worst] <= 3,
        "\(Report.size(plan.largest))/1k: \(detail)", judged: judged)
    ]
  }

  /// One timed run of each edit on `session`, in `columns` order; each returns the seconds per
  /// edit.
  ///
  /// After each run the edits are undone, untimed (added items deleted, deleted leaves appended
  /// back), so every size keeps its shape however many runs it gets; moves and disclosure
  /// toggles do not change the shape. Expand picks distinct collapsed children, and collapse,
  /// which runs right after it, closes the same ones.
  private static func runs(on session: EditSession) -> [() -> Double] {
    let count = editsPerRun
    let append = {
      let targets = (0..<count).map { _ in (session.newID(), session.randomParent()) }
      let seconds = Measure.seconds {
        for (item, parent) in targets {
          blackHole(session.appendLeaf(item, to: parent).difference.count)
        }
      }
      for (item, _) in targets { _ = session.delete(item) }
      return seconds / Double(count)
    }
    let insert = {
      let targets = (0..<count).map { _ in (session.newID(), session.randomItem()) }
      let seconds = Measure.seconds {
        for (item, other) in targets {
          blackHole(session.insert(item, before: other).difference.count)
        }
      }
      for (item, _) in targets { _ = session.delete(item) }
      return seconds / Double(count)
    }
    let move = {
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
    let toggled = min(count, session.fixture.children.count / 2)
    var items: [String] = []
    let expand = {
      var chosen = Set<String>()
      while chosen.count < toggled { chosen.insert(session.randomChild()) }
      items = Array(chosen)
      return Measure.seconds {
        for item in items { blackHole(session.toggle(item).difference.count) }
      } / Double(toggled)
    }
    let collapse = {
      Measure.seconds {
        for item in items { blackHole(session.toggle(item).difference.count) }
      } / Double(toggled)
    }
    let delete = {
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
    return [append, insert, move, expand, collapse, delete]
  }
}
