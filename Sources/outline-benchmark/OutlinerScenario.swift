import Diffable
import OutlineLanguage

/// The `outliner` scenario: the outliner's bulk moves through the interpreter, at sizes up to 1M
/// items.
///
/// The outline: one root `List` with *n*/10 children `item K` in a shuffled order, each with
/// nine leaves `note K.J`; everything collapsed. Each timed run starts from that state (put
/// back untimed) and runs one command on a `Session`, parsing, rules, the apply and the
/// transaction included:
///
/// - `filter 7.3`: matches every tenth leaf of every tenth child, about *n*/100 items (their
///   parents and `List` are expanded);
/// - `expand --all`: every parent, *n*/10 + 1 of them;
/// - `sort List`: *n*/10 children (100,000 at 1M) in natural order, with their subtrees;
/// - `duplicate Archive`: the same outline with a second root, `Archive`, holding *n*/10 items
///   more (*n*/100 children of nine leaves each), copied whole under new identifiers (a fresh
///   session each run, so that no earlier copy's titles are kept);
/// - `cut Archive` then `paste after List`: the same subtree moved by the clipboard, whose
///   goal is SPEC §4's: within ×3 of `duplicate` of it at the largest size;
/// - `indent @R..S`: *n*/100 neighbouring children of `List` from the middle on (with `List`
///   expanded, untimed), each into the sibling before the first, one reorder each among *n*/10
///   siblings: O(log *n*) each and one pass for the command's transaction, so its ratio to the
///   hashing pass should not grow (a reorder that read every sibling would grow as *n*²).
///
/// Each is one transaction whose cost should be one pass over what it touches (sorting's
/// comparisons aside): its median is shown as a ratio to two floors measured in the same
/// rounds, over the rows it touches (the whole outline for the first three, the copied subtree,
/// as a snapshot of its own, for `duplicate`): a walk (`forEachRow`), and a hashing pass (the
/// walk, each identifier inserted into a `[String: Int]`: what any store of the rows by
/// identifier pays once per row it rebuilds, Apple's snapshot included). The goals:
/// each ratio to the hashing pass at most ×5 at the largest size, and no ratio grows with the
/// outline (1M against 10k within ×3; a cost that grew as *n*² would be ×100).
enum OutlinerScenario: Scenario {
  static let name = "outliner"
  static let summary =
    "filter, expand --all, sort of n/10 children, duplicate of n/10 items, against a pass"

  static let commands = ["filter 7.3", "expand --all", "sort List"]
  static let copy = "duplicate Archive"
  static let clipboard = ["cut Archive", "paste after List"]
  /// The most the cut and paste of the subtree may cost, as a multiple of its `duplicate`.
  static let allowedClipboardRatio = 3.0
  /// `indent` of *n*/100 children of `List` from the middle on, by row (`List` is row 0).
  static func indentCommand(size: Int) -> String {
    let children = max(1, size / 10)
    let count = max(1, min(size / 100, children / 2))
    return "indent @\(children / 2 + 1)..\(children / 2 + count)"
  }

  /// How much the ratio to the floor may grow from 10k to the largest size.
  static let allowedGrowth = 3.0
  /// The most a command may cost, as a multiple of its floor, at the largest size.
  static let allowedRatio = 5.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): median time of one command [spread], and its ratio to a pass over its rows",
      [
        "One root with n/10 shuffled children of nine leaves each, all collapsed; each run starts",
        "from that state (untimed) and times Session.run of the command. walk: forEachRow over",
        "the whole outline; hash: the walk inserting each identifier into a [String: Int]; copy",
        "walk / copy hash: the same over the n/10 items duplicate copies (a snapshot of their",
        "own); all in the same rounds (interleaved). cells: median [min–max] (ratio of medians",
        "to the walk, to the hash). indent: n/100 children of List (expanded) among n/10 (hash).",
      ])
    let names = commands + [copy]
    var rows: [[String]] = []
    var ratios: [Int: [Double]] = [:]
    var clipboardRatios: [Int: Double] = [:]
    var indentRatios: [Int: Double] = [:]
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var samples: [[Double]] = []
      let wall = Measure.seconds { samples = measure(size: size, runs: plan.runs(at: size)) }
      walls.append((size, wall))
      let medians = samples.map(Measure.median(of:))
      let indentSamples = samples.last!
      indentRatios[size] = medians.last! / medians[1]
      let clipboardSamples = samples[samples.count - 2]
      let timed = Array(samples.dropFirst(4).dropLast(2))
      clipboardRatios[size] = Measure.median(of: clipboardSamples) / Measure.median(of: timed.last!)
      let walks = commands.map { _ in medians[0] } + [medians[2]]
      let hashes = commands.map { _ in medians[1] } + [medians[3]]
      ratios[size] = zip(timed, hashes).map { Measure.median(of: $0) / $1 }
      rows.append(
        [Report.size(size), "\(plan.runs(at: size))"] + samples.prefix(4).map { Report.spread($0) }
          + timed.indices.map { index in
            let median = Measure.median(of: timed[index])
            return Report.spread(timed[index]) + " (\(Report.ratio(median / walks[index])), "
              + "\(Report.ratio(median / hashes[index])))"
          } + [
            Report.spread(clipboardSamples)
              + " (\(Report.ratio(clipboardRatios[size]!)) duplicate)",
            Report.spread(indentSamples) + " (\(Report.ratio(indentRatios[size]!)))",
          ])
    }
    Report.table(
      ["size", "k", "walk", "hash", "copy walk", "copy hash"] + names
        + ["cut + paste Archive", "indent n/100"], rows)
    Report.wallTimes(walls)

    let base = ratios[10_000] ?? ratios[plan.sizes[0]]!
    let last = ratios[plan.largest]!
    let growth = zip(last, base).map { $0 / $1 }
    let detail = zip(names, growth).map { "\($0) \(Report.ratio($1))" }.joined(separator: ", ")
    let judged = plan.largest == 1_000_000
    let indentGrowth =
      indentRatios[plan.largest]! / (indentRatios[10_000] ?? indentRatios[plan.sizes[0]]!)
    return [
      Goal(
        name, "one pass: ratio to the hashing pass, 1M against 10k, within ×3",
        met: growth.allSatisfy { $0 <= allowedGrowth },
        "\(Report.size(plan.largest))/10k: \(detail)", judged: judged)
    ]
      + [
        Goal(
          name, "cut and paste of n/10 items: at most ×3 their duplicate at 1M",
          met: clipboardRatios[plan.largest]! <= allowedClipboardRatio,
          "\(Report.ratio(clipboardRatios[plan.largest]!)) at \(Report.size(plan.largest))",
          judged: judged),
        Goal(
          name, "indent of n/100 among n/10 siblings: ratio to the hash, 1M within ×3 of 10k",
          met: indentGrowth <= allowedGrowth,
          "\(Report.size(plan.largest))/10k: \(Report.ratio(indentGrowth))", judged: judged),
      ]
      + zip(names, last).map { command, ratio in
        Goal(
          name, "\(command): at most ×5 a hashing pass over its rows at 1M",
          met: ratio <= allowedRatio, "\(Report.ratio(ratio)) at \(Report.size(plan.largest))",
          judged: judged)
      }
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

  /// `Archive` and its subtree of `size` items (about), as the last root of `outline`:
  /// `size`/10 children `old K` of nine leaves `old K.J`, all collapsed.
  static func appendArchive(size: Int, to outline: inout SectionSnapshot<String>) {
    let children = max(1, size / 10)
    try! outline.append(["Archive"])
    try! outline.append((0..<children).map { "old \($0)" }, to: "Archive")
    for child in 0..<children {
      try! outline.append((0..<9).map { "old \(child).\($0)" }, to: "old \(child)")
    }
  }

  /// Every sample of the walk, the hash, the copy walk, the copy hash, then of each command,
  /// `duplicate`, the cut and paste, and the indent, at `size`.
  private static func measure(size: Int, runs: Int) -> [[Double]] {
    let start = outline(size: size)
    var copyStart = start
    appendArchive(size: size / 10, to: &copyStart)
    let archive = try! copyStart.snapshot(of: "Archive", includingParent: true)
    let session = Session()
    session.historyLimit = 1
    try! session.dataSource.apply(start, to: "main")
    func pass(_ outline: SectionSnapshot<String>) -> Double {
      Measure.seconds {
        var count = 0
        outline.forEachRow { _ in
          count += 1
          return true
        }
        blackHole(count)
      }
    }
    func hashingPass(_ outline: SectionSnapshot<String>) -> Double {
      Measure.seconds {
        var rows: [String: Int] = [:]
        rows.reserveCapacity(outline.count)
        var count = 0
        outline.forEachRow { row in
          rows[row.item] = count
          count += 1
          return true
        }
        blackHole(rows.count)
      }
    }
    let floors = [
      { pass(session.outline) }, { hashingPass(session.outline) }, { pass(archive) },
      { hashingPass(archive) },
    ]
    let bodies = commands.map { command in
      {
        try! session.dataSource.apply(start, to: "main")
        var outcome: Outcome?
        let seconds = Measure.seconds { outcome = session.run(command) }
        precondition(outcome?.error == nil && outcome?.transaction != nil, "\(command) failed")
        return seconds
      }
    }
    let duplicate = {
      let copying = Session()
      copying.historyLimit = 1
      try! copying.dataSource.apply(copyStart, to: "main")
      var outcome: Outcome?
      let seconds = Measure.seconds { outcome = copying.run(copy) }
      precondition(outcome?.error == nil && outcome?.transaction != nil, "\(copy) failed")
      precondition(copying.outline.count == copyStart.count + archive.count, "\(copy) copied")
      return seconds
    }
    let cutAndPaste = {
      let moving = Session()
      moving.historyLimit = 1
      try! moving.dataSource.apply(copyStart, to: "main")
      var outcomes: [Outcome] = []
      let seconds = Measure.seconds { outcomes = clipboard.map { moving.run($0) } }
      precondition(outcomes.allSatisfy { $0.error == nil }, "\(clipboard) failed")
      precondition(moving.outline.count == copyStart.count, "\(clipboard) lost items")
      return seconds
    }
    var listExpanded = start
    listExpanded.expand(["List"])
    let indentCommand = indentCommand(size: size)
    let indent = {
      try! session.dataSource.apply(listExpanded, to: "main")
      var outcome: Outcome?
      let seconds = Measure.seconds { outcome = session.run(indentCommand) }
      precondition(outcome?.error == nil && outcome?.transaction != nil, "\(indentCommand) failed")
      return seconds
    }
    return Measure.interleavedSamples(
      runs: runs, floors + bodies + [duplicate, cutAndPaste, indent])
  }
}
