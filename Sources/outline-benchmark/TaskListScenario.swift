import OutlineLanguage

/// The `task-list` scenario: single edits on a Markdown task list read from a file, whose items
/// all have a content (their line, their box), as a person makes them in a session.
///
/// Each edit changes one item's content (an `append` makes the new item a task), which the
/// undo history and the state before the command hold too; kept in a dictionary, every such
/// edit copied all *n* contents. The goal: an edit of a 10× or 100× larger list costs no more
/// than 3× as much (its contents' change is O(log *n*), and so is the rest of the command).
enum TaskListScenario: Scenario {
  static let name = "task-list"
  static let summary = "append, check, note, retitle on a Markdown task list, per edit"

  /// The edits each timed run makes; the run's time divided by this is one sample.
  static let editsPerRun = 100

  /// The edits, one command each.
  static let columns = ["append", "check", "note", "retitle"]

  /// The most an edit of the largest list may cost, as a multiple of its cost on 1k tasks:
  /// an edit that copied every content would cost 10× at 10k, 100× at 100k.
  static let allowedGrowth = 3.0

  /// The timed runs at `size`: at least 11, since a run of 100 edits takes a millisecond or
  /// two, and fewer leave the medians to the noise of a shared machine.
  static func runs(_ plan: Plan, at size: Int) -> Int { max(plan.runs(at: size), 11) }

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): one command through Session.run, median time per edit [spread] and ×vs 1k",
      [
        "The file: n tasks `- [ ] task K`, one in three done, loaded from memory (`load`;",
        "history limit 100, states not recorded: an interactive session). append: `append",
        "\"new K\"`, a new task after the last; check (or uncheck, so that each changes it),",
        "note, retitle: a random task.",
        "\(editsPerRun) commands per run; each run of appends is undone untimed after it, so",
        "the list keeps its size. Runs interleaved across the edits, one size at a time.",
      ])
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    var rows: [[String]] = []
    var perSize: [[Double]] = []
    for size in sizes {
      let samples = Measure.interleavedSamples(runs: runs(plan, at: size), runs(on: size))
      let medians = samples.map(Measure.median(of:))
      perSize.append(medians)
      let cells = samples.indices.map {
        Report.spread(samples[$0].map { $0 / Double(editsPerRun) })
          + " " + Report.ratio(medians[$0] / perSize[0][$0])
      }
      rows.append([Report.size(size), "\(runs(plan, at: size))"] + cells)
    }
    Report.table(["size", "k"] + columns, rows)

    let growth = columns.indices.map { perSize.last![$0] / perSize[0][$0] }
    let detail = zip(columns, growth).map { "\($0) \(Report.ratio($1))" }
      .joined(separator: ", ")
    return [
      Goal(
        name,
        "an edit of \(Report.size(sizes.last!)) tasks ≤ \(Report.ratio(allowedGrowth)) one of 1k",
        met: growth.allSatisfy { $0 <= allowedGrowth },
        "\(Report.size(sizes.last!))/1k: \(detail)", judged: sizes.count > 1)
    ]
  }

  /// A task list of `size` tasks, one in three done.
  static func file(size: Int) -> String {
    (0..<size).map { "- [\($0 % 3 == 0 ? "x" : " ")] task \($0)\n" }.joined()
  }

  /// One timed run of each edit on a task list of `size` tasks, in `columns` order; each
  /// returns the seconds of its `editsPerRun` commands.
  private static func runs(on size: Int) -> [() -> Double] {
    let session = Session(fileSystem: MemoryFileSystem(["tasks.md": file(size: size)]))
    session.recordsStates = false
    succeed(session.run("load tasks.md"))
    var random = SplitMix64(seed: UInt64(size))
    var done = (0..<size).map { $0 % 3 == 0 }
    var appended = 0
    var round = 0
    /// The seconds `commands` take, each run as a person's command.
    func timed(_ commands: [String]) -> Double {
      Measure.seconds { for command in commands { succeed(session.run(command)) } }
    }
    /// Tasks to edit, at random.
    func tasks() -> [Int] {
      (0..<editsPerRun).map { _ in Int.random(in: 0..<size, using: &random) }
    }
    let append = {
      let commands = (0..<editsPerRun).map { _ in
        appended += 1
        return "append \"new \(appended)\""
      }
      let seconds = timed(commands)
      for _ in commands { succeed(session.run("undo")) }
      return seconds
    }
    // Each command changes its task: done ones are unchecked.
    let check = {
      timed(
        tasks().map { task in
          done[task].toggle()
          return "\(done[task] ? "check" : "uncheck") \"task \(task)\""
        })
    }
    let note = {
      round += 1
      return timed(tasks().map { "note \"task \($0)\" \"note \(round)\"" })
    }
    let retitle = {
      timed(tasks().map { "retitle \"task \($0)\" \"Task \($0), round \(round)\"" })
    }
    return [append, check, note, retitle]
  }

  /// Stops the benchmark when a command failed: its figures would time an error.
  private static func succeed(_ outcome: Outcome) {
    precondition(outcome.ok, "the task-list benchmark's command failed: \(outcome.command)")
  }
}
