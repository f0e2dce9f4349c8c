import Diffable
import OutlineLanguage

/// The `search` scenario: `find --regex` over titles and over notes, and `filter --regex`,
/// through the interpreter, against a hashing pass over the outline's titles.
///
/// The outline is the `outliner` scenario's (one root `List`, *n*/10 shuffled children `item K`
/// of nine leaves `note K.J`, all collapsed), loaded from an OPML file in memory in which every
/// item has a note (`_note="remark K.J"`), so that `--in notes` reads *n* notes. The pattern
/// `7\.3` matches about *n*/100 items by title (`note 7.3`, `note 17.3`, …), and as many by
/// note. Each timed run is one `Session.run` of the command (parsing, the search, and for
/// `filter` the apply and its transaction); `filter` starts from the collapsed outline, put
/// back untimed.
///
/// The floor, measured in the same rounds: a walk of the rows that looks up each item's title
/// and inserts it into a `[String: Int]`, the least a search that reads every title pays.
/// SPEC §4's goal: commands that visit every item are linear, within ×3 of that pass (judged at
/// 1M), and their ratio to it does not grow from 10k to 1M beyond ×3.
enum SearchScenario: Scenario {
  static let name = "search"
  static let summary = "find --regex over titles and notes, filter --regex, against a pass"

  static let commands = [
    #"find "7\.3" --regex"#, #"find "7\.3" --regex --in notes"#, #"filter "7\.3" --regex"#,
  ]

  /// The most a search may cost, as a multiple of the hashing pass over the titles, at 1M.
  static let allowedRatio = 3.0
  /// How much that ratio may grow from 10k to the largest size.
  static let allowedGrowth = 3.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): median time of one search [spread], and its ratio to a pass over the titles",
      [
        "The outliner scenario's outline, loaded from OPML with a note on every item, all",
        "collapsed. hash: forEachRow looking up each item's title and inserting it into a",
        "[String: Int]; measured in the same rounds (interleaved). cells: median [min–max]",
        "(ratio of medians to the hash).",
      ])
    var rows: [[String]] = []
    var ratios: [Int: [Double]] = [:]
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      var samples: [[Double]] = []
      let wall = Measure.seconds { samples = measure(size: size, runs: plan.runs(at: size)) }
      walls.append((size, wall))
      let floor = Measure.median(of: samples[0])
      let timed = Array(samples.dropFirst())
      ratios[size] = timed.map { Measure.median(of: $0) / floor }
      rows.append(
        [Report.size(size), "\(plan.runs(at: size))", Report.spread(samples[0])]
          + timed.map { Report.spread($0) + " (\(Report.ratio(Measure.median(of: $0) / floor)))" })
    }
    Report.table(["size", "k", "hash"] + commands, rows)
    Report.wallTimes(walls)

    let base = ratios[10_000] ?? ratios[plan.sizes[0]]!
    let last = ratios[plan.largest]!
    let growth = zip(last, base).map { $0 / $1 }
    let judged = plan.largest == 1_000_000
    let detail = zip(commands, growth).map { "\($0) \(Report.ratio($1))" }
      .joined(separator: ", ")
    return [
      Goal(
        name, "linear: ratio to the hashing pass, 1M against 10k, within ×3",
        met: growth.allSatisfy { $0 <= allowedGrowth },
        "\(Report.size(plan.largest))/10k: \(detail)", judged: judged)
    ]
      + zip(commands, last).map { command, ratio in
        Goal(
          name, "\(command): at most ×3 a hashing pass over the titles at 1M",
          met: ratio <= allowedRatio, "\(Report.ratio(ratio)) at \(Report.size(plan.largest))",
          judged: judged)
      }
  }

  /// The outliner scenario's outline of `size` items (about) as OPML, every item with a note.
  static func opml(size: Int) -> String {
    let children = max(1, size / 10)
    var random = SplitMix64(seed: 0x0071_1E)
    let order = (0..<children).shuffled(using: &random)
    var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    text += "<opml version=\"2.0\">\n<head><title>search</title></head>\n<body>\n"
    text += "<outline text=\"List\" _note=\"remark list\">\n"
    for child in order {
      text += "<outline text=\"item \(child)\" _note=\"remark \(child)\">"
      for leaf in 0..<9 {
        text += "<outline text=\"note \(child).\(leaf)\" _note=\"remark \(child).\(leaf)\"/>"
      }
      text += "</outline>\n"
    }
    text += "</outline>\n</body>\n</opml>\n"
    return text
  }

  /// Every sample of the hashing pass, then of each command, at `size`.
  private static func measure(size: Int, runs: Int) -> [[Double]] {
    let files = MemoryFileSystem(["search.opml": opml(size: size)])
    let session = Session(fileSystem: files)
    session.historyLimit = 1
    session.recordsStates = false
    precondition(session.run("load search.opml").ok, "the outline loads")
    files.files = [:]
    let start = session.outline
    let floor = {
      let contents = session.contents
      return Measure.seconds {
        var titles: [String: Int] = [:]
        titles.reserveCapacity(start.count)
        var count = 0
        start.forEachRow { row in
          titles[contents.title(of: row.item)] = count
          count += 1
          return true
        }
        blackHole(titles.count)
      }
    }
    let bodies = commands.map { command in
      {
        try! session.dataSource.apply(start, to: "main")
        var outcome: Outcome?
        let seconds = Measure.seconds { outcome = session.run(command) }
        precondition(outcome?.error == nil, "\(command) failed")
        if let found = outcome?.result?.items {
          precondition(!found.isEmpty, "\(command) found nothing")
        } else {
          precondition(outcome?.transaction != nil, "\(command) changed nothing")
        }
        return seconds
      }
    }
    return Measure.interleavedSamples(runs: runs, [floor] + bodies)
  }
}
