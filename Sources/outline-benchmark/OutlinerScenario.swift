import Diffable
import OutlineLanguage

/// Scenario 8: the outliner's bulk moves through the interpreter, at sizes up to 1M items.
///
/// The outline: one root `List` with *n*/10 children `item K` in a shuffled order, each with
/// nine leaves `note K.J`; everything collapsed. Each timed run starts from that state (put
/// back untimed) and runs one command on a `Session`, parsing, rules, the apply and the
/// transaction included:
///
/// - `filter 7.3`: matches every tenth leaf of every tenth child, about *n*/100 items (their
///   parents and `List` are expanded);
/// - `expand --all`: every parent, *n*/10 + 1 of them;
/// - `sort List`: *n*/10 children (100,000 at 1M) in natural order, with their subtrees.
///
/// Each is one transaction whose cost should be one pass over what it touches (sorting's
/// comparisons aside): its median is shown as a ratio to a floor measured in the same rounds,
/// a plain pass over the outline's rows (`forEachRow`). The goal: the ratios do not grow with
/// the outline (1M against 10k within ×3; a cost that grew as *n*² would be ×100).
enum OutlinerScenario: Scenario {
  static let name = "outliner"
  static let summary = "filter, expand --all and sort of n/10 children, against a pass over rows"

  static let commands = ["filter 7.3", "expand --all", "sort List"]

  /// How much the ratio to the floor may grow from 10k to the largest size.
  static let allowedGrowth = 3.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "8. outliner: median time of one command, and its ratio to a pass over the rows",
      [
        "One root with n/10 shuffled children of nine leaves each, all collapsed; each run starts",
        "from that state (untimed) and times Session.run of the command. floor: forEachRow over",
        "the whole outline, in the same rounds (interleaved). cells: median (ratio to the floor).",
      ])
    var rows: [[String]] = []
    var ratios: [Int: [Double]] = [:]
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var medians: [Double] = []
      let wall = Measure.seconds { medians = measure(size: size, runs: plan.runs(at: size)) }
      walls.append((size, wall))
      let floor = medians[0]
      ratios[size] = medians.dropFirst().map { $0 / floor }
      rows.append(
        [Report.size(size), "\(plan.runs(at: size))", Report.time(floor)]
          + medians.dropFirst().map { "\(Report.time($0)) (\(Report.ratio($0 / floor)))" })
    }
    Report.table(["size", "k", "floor"] + commands, rows)
    Report.wallTimes(walls)

    let base = ratios[10_000] ?? ratios[plan.sizes[0]]!
    let last = ratios[plan.largest]!
    let growth = zip(last, base).map { $0 / $1 }
    let detail = zip(commands, growth).map { "\($0) \(Report.ratio($1))" }.joined(separator: ", ")
    return [
      Goal(
        name, "one pass: ratio to the floor, 1M against 10k, within ×3",
        met: growth.allSatisfy { $0 <= allowedGrowth },
        "\(Report.size(plan.largest))/10k: \(detail)", judged: plan.largest == 1_000_000)
    ]
  }

  /// The outline of `size` items (about), all collapsed.
  static func outline(size: Int) -> SectionSnapshot<String> {
    let children = max(1, size / 10)
    var random = SplitMix64(seed: 0x0071_1E)
    let order = (0..<children).shuffled(using: &random)
    var outline = SectionSnapshot<String>()
    try! outline.append(["List"])
    try! outline.append(order.map { "item \($0)" }, to: "List")
    for child in order {
      try! outline.append((0..<9).map { "note \(child).\($0)" }, to: "item \(child)")
    }
    return outline
  }

  /// The median seconds of the floor, then of each command, at `size`.
  private static func measure(size: Int, runs: Int) -> [Double] {
    let start = outline(size: size)
    let session = Session()
    session.historyLimit = 1
    try! session.dataSource.apply(start, to: "main")
    let floor = {
      Measure.seconds {
        var count = 0
        session.outline.forEachRow { _ in
          count += 1
          return true
        }
        blackHole(count)
      }
    }
    let bodies = commands.map { command in
      {
        try! session.dataSource.apply(start, to: "main")
        var outcome: Outcome?
        let seconds = Measure.seconds { outcome = session.run(command) }
        precondition(outcome?.error == nil && outcome?.transaction != nil, "\(command) failed")
        return seconds
      }
    }
    return Measure.interleavedMedians(runs: runs, [floor] + bodies)
  }
}
