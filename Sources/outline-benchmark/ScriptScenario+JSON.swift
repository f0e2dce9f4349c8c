import OutlineLanguage

extension ScriptScenario {
  /// The edits in `--json` against the same edits in text.
  ///
  /// At each size up to 100k, 6,000 edits (the `edits` cycle of the table above) on an outline
  /// of 100 expanded roots, through `Session.runScript`, each outcome rendered as text
  /// (`TextRenderer`) or as its `--json` line. Text and JSON runs alternate (a warm-up round,
  /// then k rounds), so that a drift of the machine's speed touches both alike.
  ///
  /// - Returns: The goal: `--json` within 3× the text run at every size.
  static func jsonAgainstText(_ plan: Plan) -> [Goal] {
    let commands = 6_000
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    let runs = plan.quick ? 3 : 7
    Report.heading(
      "\(name): \(Report.count(commands)) edits in --json against the same in text",
      [
        "The outline: 100 expanded roots of size/100 − 1 children; the \"edits\" cycle above.",
        "Each command is parsed, run and rendered: as text (TextRenderer, no color) or as its",
        "--json line (Outcome.json, serialized). Text and JSON alternate, \(runs) rounds after a",
        "warm-up: median [min–max]; ratio: JSON / text within each round. Output: bytes",
        "written, a newline a line; per command, the mean line. A JSON line carries the",
        "change only (SPEC §2), so its size must not grow with the outline.",
      ])
    var rows: [[String]] = []
    var worst = 0.0
    for size in sizes {
      let children = size / 100 - 1
      let setUp = outlineScript(children: children)
      let script = editScript(commands: commands, taps: false, children: children)
      var bytes = (text: 0, json: 0)
      let samples = Measure.interleavedSamples(
        runs: runs,
        [
          {
            let run = timeScript(setUp, script, rendering: .text)
            bytes.text = run.bytes
            return run.seconds
          },
          {
            let run = timeScript(setUp, script, rendering: .json)
            bytes.json = run.bytes
            return run.seconds
          },
        ])
      let ratios = zip(samples[1], samples[0]).map { $0 / $1 }
      worst = max(worst, Measure.median(of: ratios))
      rows.append([
        Report.size(size), Report.spread(samples[0], Report.time),
        Report.spread(samples[1], Report.time),
        Report.spread(ratios, Report.ratio), Report.bytes(bytes.text), Report.bytes(bytes.json),
        "\(bytes.json / commands) B",
      ])
    }
    Report.table(
      ["size", "text", "--json", "ratio", "text output", "JSON output", "JSON per command"], rows)
    return [
      Goal(
        name, "\(Report.count(commands)) edits in --json within 3× the text run",
        met: worst <= 3, Report.ratio(worst) + " at worst (median of the rounds' ratios)")
    ]
  }
}

extension ScriptScenario {
  /// An outline 100,000 levels deep in `--json` (issue 14): the chain built by one `append` a
  /// level, then `show`, `save` and `undo`, every outcome rendered as its JSON line.
  ///
  /// - Returns: The goal: the 100,000-level script in under 10 s (a quick run builds 10,000
  ///   levels and does not judge it).
  static func deepChainInJSON(_ plan: Plan) -> [Goal] {
    let depth = plan.quick ? 10_000 : 100_000
    Report.heading(
      "\(name): a chain \(Report.count(depth)) levels deep, in --json",
      [
        "append c0, then append cN to cN-1 for every level, then show, save deep.json (files",
        "in memory) and undo, through Session.runScript, each outcome rendered as its --json",
        "line. One run (the set-up is the measurement); the largest line is reported.",
      ])
    var lines = ["append c0"]
    lines.reserveCapacity(depth + 3)
    for level in 1..<depth { lines.append("append c\(level) to c\(level - 1)") }
    let chain = lines.joined(separator: "\n")
    let session = Session(fileSystem: MemoryFileSystem())
    var bytes = 0
    var largest = (bytes: 0, command: "")
    var failures = 0
    let options = ScriptOptions { outcome, _ in
      if !outcome.ok { failures += 1 }
      let size = outcome.json.serialized.utf8.count
      bytes += size + 1
      if size > largest.bytes { largest = (size, outcome.command) }
    }
    var rows: [[String]] = []
    var total = 0.0
    for (step, script) in [
      ("the chain", chain), ("show", "show"), ("save", "save deep.json"), ("undo", "undo"),
    ] {
      let before = bytes
      let seconds = Measure.seconds { _ = session.runScript(script, file: step, options: options) }
      total += seconds
      rows.append([step, Report.time(seconds), Report.bytes(bytes - before)])
    }
    precondition(failures == 0, "the deep chain failed \(failures) times")
    Report.table(["step", "time", "JSON output"], rows)
    print("largest line: \(Report.count(largest.bytes)) B, \(largest.command.prefix(40))")
    return [
      Goal(
        name, "a 100,000-level chain in --json (append, show, save, undo) < 10 s", met: total < 10,
        Report.time(total) + (plan.quick ? " (\(Report.count(depth)) levels)" : ""),
        judged: !plan.quick)
    ]
  }
}
