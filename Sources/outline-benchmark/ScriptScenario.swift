import OutlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// The `script` scenario: the `outline` shell's speed — a script of edit commands through the
/// interpreter, and the executable's start-up.
///
/// The issue's goals: 100,000 edit commands on a 10,000-item outline in under 2 s (release), and
/// start-up to the first prompt under 50 ms.
enum ScriptScenario: Scenario {
  static let name = "script"
  static let summary = "outline commands through the interpreter; the executable's start-up"

  static func run(_ plan: Plan) -> [Goal] {
    let commands = plan.quick ? 10_000 : 100_000
    Report.heading(
      "\(name): \(commands) commands on a 10,000-item outline, through Session.runScript",
      [
        "The outline: 100 expanded roots of 99 children. \"edits\" cycles through append … to,",
        "insert … after, move … before (a reorder: three handler calls) and delete; \"with taps\"",
        "adds collapse/expand of a root (a disclosure tap on ~100 children: ~100 rows change).",
        "Each command is parsed, run and makes its transaction; \"+ text\" also renders it",
        "(TextRenderer, no color), as the executable prints it; \"parsing\" is the",
        "CommandParser.parse(line:) of every line alone. Median of 3 runs after a",
        "warm-up, each on a fresh session. Start-up: `outline -q -c count`, spawn to exit.",
      ])
    let setUp = outlineScript()
    var rows: [[String]] = []
    var editsWithText = 0.0
    for taps in [false, true] {
      let script = editScript(commands: commands, taps: taps)
      let lines = script.split(separator: "\n").map(String.init)
      let parsing = Measure.median(runs: 3) {
        Measure.seconds { for line in lines { blackHole(CommandParser.parse(line: line).count) } }
      }
      let quiet = Measure.median(runs: 3) { timeScript(setUp, script, rendering: .none).seconds }
      let rendered = Measure.median(runs: 3) {
        timeScript(setUp, script, rendering: .text).seconds
      }
      if !taps { editsWithText = rendered }
      rows.append([
        taps ? "with taps" : "edits", "\(commands)", Report.time(parsing), Report.time(quiet),
        Report.time(rendered),
        Report.time(rendered / Double(commands)),
      ])
    }
    Report.table(
      ["script", "commands", "parsing", "interpreter", "+ text", "per command"], rows)
    let startUp = measureStartUp()
    print("start-up (outline -q -c count, median of 9): " + describe(startUp))
    let executable = measureExecutable(setUp, editScript(commands: commands, taps: false))
    print(
      "the edits as a script file (outline -q FILE > /dev/null, set-up included, median of 3): "
        + describe(executable))
    let scaled = editsWithText * 100_000 / Double(commands)
    let goals = [
      Goal(
        name, "100,000 edit commands on 10,000 items < 2 s", met: scaled < 2,
        Report.time(scaled) + (plan.quick ? " (scaled from \(commands))" : "")),
      goal("start-up < 50 ms", startUp) { $0 < 0.05 },
      goal("the edits as a script file, exit 0", executable) { _ in true },
    ]
    return goals.compactMap { $0 } + jsonAgainstText(plan) + deepChainInJSON(plan)
  }

  /// A goal on a run of the executable: nil when it is not beside the benchmark, `failed` when a
  /// run did not exit 0 (its time would be the time to crash).
  private static func goal(
    _ target: String, _ timing: Result<Double, any Error>?, met: (Double) -> Bool
  ) -> Goal? {
    switch timing {
    case nil: nil
    case .success(let seconds)?: Goal(name, target, met: met(seconds), Report.time(seconds))
    case .failure(let error)?: Goal(name, target, .failed, "\(error)")
    }
  }

  /// A timing as the table line shows it.
  private static func describe(_ timing: Result<Double, any Error>?) -> String {
    switch timing {
    case nil: "not found"
    case .success(let seconds)?: Report.time(seconds)
    case .failure(let error)?: "FAILED: \(error)"
    }
  }

  /// How a timed script's outcomes are rendered.
  enum Rendering {
    /// Not at all: the interpreter alone.
    case none
    /// As text, by `TextRenderer` without color.
    case text
    /// As `--json` lines.
    case json
  }

  /// The seconds the edits take after the set-up, in a fresh session, and the bytes of output
  /// they rendered (a newline after each line included).
  static func timeScript(_ setUp: String, _ edits: String, rendering: Rendering)
    -> (seconds: Double, bytes: Int)
  {
    let session = Session()
    // As the executable runs it without --swift, --emit-swift or --emit-html.
    session.recordsStates = false
    let renderer = TextRenderer(color: false)
    var bytes = 0
    var failures = 0
    var timing = false
    let options = ScriptOptions { outcome, _ in
      if !outcome.ok { failures += 1 }
      guard timing else { return }
      switch rendering {
      case .none: break
      case .text: bytes += renderer.lines(for: outcome).reduce(0) { $0 + $1.utf8.count + 1 }
      case .json: bytes += outcome.json.serialized.utf8.count + 1
      }
    }
    _ = session.runScript(setUp, file: "set-up", options: options)
    timing = true
    let seconds = Measure.seconds {
      _ = session.runScript(edits, file: "edits", options: options)
    }
    precondition(failures == 0, "the benchmark script failed \(failures) times")
    blackHole(bytes)
    return (seconds, bytes)
  }

  /// 100 roots `R0`… with `children` children `R0.0`… each, all expanded: by default 99,
  /// 10,000 items.
  static func outlineScript(children: Int = 99) -> String {
    var lines: [String] = ["append " + (0..<100).map { "R\($0)" }.joined(separator: " ")]
    for root in 0..<100 {
      lines.append(
        "append " + (0..<children).map { "R\(root).\($0)" }.joined(separator: " ")
          + " to R\(root)")
    }
    lines.append("expand --force " + (0..<100).map { "R\($0)" }.joined(separator: " "))
    return lines.joined(separator: "\n")
  }

  /// `commands` commands in a fixed cycle (of five with `taps`, else four), each valid where it
  /// runs on `outlineScript(children:)`'s outline.
  ///
  /// A tap collapses a root and the next tap expands it again, so that at most one root is
  /// collapsed and each move, which a user makes on visible rows only, finds its rows shown.
  static func editScript(commands: Int, taps: Bool, children: Int = 99) -> String {
    var lines: [String] = []
    lines.reserveCapacity(commands)
    var collapsed: Int?
    var step = 0
    while lines.count < commands {
      let root = (step * 37) % 100
      var other = (step * 53 + 11) % 100
      if other == collapsed { other = (other + 1) % 100 }
      let child = (step * 7) % children
      switch lines.count % (taps ? 5 : 4) {
      case 0: lines.append("append N\(step) to R\(root)")
      case 1: lines.append("insert M\(step) after R\(other).\(child)")
      case 2: lines.append("move N\(step) before R\(other).\((child + 3) % children)")
      case 3 where taps:
        if let shut = collapsed {
          lines.append("expand R\(shut)")
          collapsed = nil
        } else {
          lines.append("collapse R\(root)")
          collapsed = root
        }
      default:
        lines.append("delete M\(step)")
        step += 1
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The `outline` executable beside this one, if it is there.
  private static var outlinePath: String? {
    let me = CommandLine.arguments[0]
    guard let slash = me.lastIndex(of: "/") else { return nil }
    let path = String(me[..<slash]) + "/outline"
    return access(path, X_OK) == 0 ? path : nil
  }

  /// The median seconds `outline --no-banner -c count` takes as a process (spawn to exit), or nil when
  /// the executable is not beside this one.
  private static func measureStartUp() -> Result<Double, any Error>? {
    guard let path = outlinePath else { return nil }
    return Result {
      try Measure.median(runs: 9) {
        try spawn(path, ["--no-banner", "--history", "/dev/null", "-c", "count"])
      }
    }
  }

  /// The median seconds `outline --no-banner FILE > /dev/null` takes on the set-up and the
  /// edits (not `-q`, which prints nothing but errors and results).
  ///
  /// The two are one script file: what a user running the script waits, output written
  /// included. Nil when the executable is not beside this one or the file cannot be written.
  private static func measureExecutable(_ setUp: String, _ edits: String)
    -> Result<Double, any Error>?
  {
    guard let path = outlinePath else { return nil }
    var template = Array("/tmp/outline-benchmark-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { return nil }
    let file = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    defer { unlink(file) }
    let text = setUp + "\n" + edits + "\n"
    let written = text.utf8CString.withUnsafeBufferPointer { bytes in
      write(descriptor, bytes.baseAddress, bytes.count - 1)
    }
    close(descriptor)
    guard written == text.utf8.count else { return nil }
    return Result { try Measure.median(runs: 3) { try spawn(path, ["--no-banner", file]) } }
  }

  /// The seconds the process `path arguments` takes, spawn to exit, its output to /dev/null.
  ///
  /// - Throws: `ProcessFailure` when it cannot start, or ends other than by exiting with 0.
  private static func spawn(_ path: String, _ arguments: [String]) throws(ProcessFailure)
    -> Double
  {
    var failure: ProcessFailure?
    let seconds = Measure.seconds {
      var pid: pid_t = 0
      var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      defer { posix_spawn_file_actions_destroy(&actions) }
      guard posix_spawn(&pid, path, &actions, nil, &argv, environ) == 0 else {
        failure = ProcessFailure(description: "cannot start \(path)")
        return
      }
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      if status != 0 { failure = ProcessFailure(arguments, waitStatus: status) }
    }
    if let failure { throw failure }
    return seconds
  }
}

/// A run of the executable that does not count: it could not start, or did not exit with 0.
struct ProcessFailure: Error, CustomStringConvertible {
  let description: String

  init(description: String) { self.description = description }

  /// The failure of `outline arguments` from its `waitpid` status.
  init(_ arguments: [String], waitStatus status: Int32) {
    let signal = status & 0x7f
    let how = signal == 0 ? "exited with \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    description = "outline \(arguments.joined(separator: " ")) \(how)"
  }
}
