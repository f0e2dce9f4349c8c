import OutlineLanguage
import OutlineShell

/// The `emit` scenario: `--emit-html` and `--emit-swift` (issue 16) against the plain text run of
/// the same script.
///
/// The goal: a 10,000-command script on a 10,000-item outline emits its page and its Swift
/// test in under a few seconds (3 s here) each (release).
enum EmitScenario: Scenario {
  static let name = "emit"
  static let summary = "--emit-html and --emit-swift of a script, against its plain text run"

  static func run(_ plan: Plan) -> [Goal] {
    let commands = plan.quick ? 1_000 : 10_000
    let runs = plan.quick ? 3 : 5
    Report.heading(
      "\(name): \(Report.count(commands)) commands on a 10,000-item outline, three ways",
      [
        "The script of 6. (100 expanded roots of 99 children, then the \"with taps\" cycle:",
        "append, insert, move, collapse or expand, delete), run by the shell (Shell, output",
        "kept in memory, the script read from a memory file system) as `outline --no-banner FILE`",
        "(text), `outline --emit-html FILE` and `outline --emit-swift FILE`. The three",
        "alternate, \(runs) rounds after a warm-up: median [min–max]; ratio: against the text",
        "run of the same round (the floor: parsing, running and printing every command).",
      ])
    let script =
      ScriptScenario.outlineScript() + "\n"
      + ScriptScenario.editScript(commands: commands, taps: true) + "\n"
    var bytes = [0, 0, 0]
    let modes: [(String, (inout ShellOptions) -> Void)] = [
      ("text", { $0.noBanner = true }),
      ("--emit-html", { $0.emitHTML = true }),
      ("--emit-swift", { $0.emitSwift = true }),
    ]
    let samples = Measure.interleavedSamples(
      runs: runs,
      modes.enumerated().map { index, mode in
        {
          let run = timeShell(script, configure: mode.1)
          bytes[index] = run.bytes
          return run.seconds
        }
      })
    var rows: [[String]] = []
    for (index, mode) in modes.enumerated() {
      let ratios = zip(samples[index], samples[0]).map { $0 / $1 }
      rows.append([
        mode.0, Report.spread(samples[index], Report.time), Report.spread(ratios, Report.ratio),
        Report.bytes(bytes[index]),
      ])
    }
    Report.table(["run", "time", "ratio to text", "output"], rows)
    let scale = 10_000 / Double(commands)
    return [1, 2].map { index -> Goal in
      let seconds = Measure.median(of: samples[index]) * scale
      return Goal(
        name, "\(modes[index].0) of 10,000 commands on 10,000 items < 3 s", met: seconds < 3,
        Report.time(seconds) + (plan.quick ? " (scaled from \(Report.count(commands)))" : "")
          + ", \(Report.ratio(Measure.median(of: zip(samples[index], samples[0]).map { $0 / $1 })))"
          + " the text run")
    } + bigStepGoals(plan, modes: modes)
  }

  /// One command that appends 10,000 items: a step whose every row changes, which a page and a
  /// test must turn out in time linear in its rows (a run of insertions walked back item by item
  /// once took 2 s at 4,000 items, 4× for each doubling).
  private static func bigStepGoals(
    _ plan: Plan, modes: [(String, (inout ShellOptions) -> Void)]
  ) -> [Goal] {
    let items = 10_000
    let runs = plan.quick ? 3 : 5
    Report.heading(
      "\(name): one command appending \(Report.count(items)) items, three ways",
      [
        "`append I0 I1 … I9999` into an empty outline, run as above (text, --emit-html,",
        "--emit-swift), \(runs) rounds after a warm-up: median [min–max]; ratio: against the",
        "text run of the same round.",
      ])
    let script = "append " + (0..<items).map { "I\($0)" }.joined(separator: " ") + "\n"
    let samples = Measure.interleavedSamples(
      runs: runs, modes.map { mode in { timeShell(script, configure: mode.1).seconds } })
    Report.table(
      ["run", "time", "ratio to text"],
      modes.enumerated().map { index, mode in
        [
          mode.0, Report.spread(samples[index], Report.time),
          Report.spread(zip(samples[index], samples[0]).map { $0 / $1 }, Report.ratio),
        ]
      })
    return [1, 2].map { index in
      let seconds = Measure.median(of: samples[index])
      return Goal(
        name, "\(modes[index].0) of one 10,000-item append < 0.5 s", met: seconds < 0.5,
        Report.time(seconds))
    }
  }

  /// Keeps the lines a shell writes, counting their bytes.
  final class CountingConsole: Console {
    var bytes = 0
    func output(_ line: String) { bytes += line.utf8.count + 1 }
    func error(_ line: String) { bytes += line.utf8.count + 1 }
  }

  /// The seconds a shell takes to run `script` as a file with the options `configure` sets,
  /// and the bytes it wrote.
  static func timeShell(_ script: String, configure: (inout ShellOptions) -> Void)
    -> (seconds: Double, bytes: Int)
  {
    var options = ShellOptions()
    options.scripts = [.file("bench.outline")]
    options.historyPath = nil
    configure(&options)
    let console = CountingConsole()
    let files = MemoryFileSystem(["bench.outline": script])
    var status = ExitStatus.success
    let seconds = Measure.seconds {
      let shell = Shell(options: options, console: console, fileSystem: files)
      status = shell.run(
        input: { fatalError("the benchmark reads no standard input") }, interactive: false)
    }
    precondition(status == .success, "the emit benchmark's script failed: \(status)")
    return (seconds, console.bytes)
  }
}
