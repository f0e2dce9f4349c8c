import OutlineLanguage

/// The `kept-file` scenario: a no-op `load F; save F` of a real-shaped Markdown file, which gives
/// the file back byte for byte through its kept lines (`SourceTextWriter`), against `load F`
/// and a native save of the same outline, measured in the same run.
///
/// The goal (31, speed): a no-op load + save of a 100,000-item Markdown file within 2×
/// of load + native save.
enum KeptFileScenario: Scenario {
  static let name = "kept-file"
  static let summary = "no-op load + save of a Markdown file, against load + native save"

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): load F.md then save F.md (the file written back whole), against save x.json",
      [
        "The file: n/100 \"## R12\" headings, each with a paragraph and 99 list items, one in",
        "ten with a line of its own under it (a README's shape). Both columns load the file into",
        "a fresh session (Session.runScript, in memory); \"kept\" then saves it over itself, in",
        "Markdown, \"native\" to the JSON save file. Medians of k interleaved runs, spread",
        "(min–max) in brackets; × is kept over native.",
      ])
    var rows: [[String]] = []
    var goals: [Goal] = []
    let options = ScriptOptions { outcome, _ in
      precondition(outcome.ok, "the kept-file benchmark's command failed: \(outcome.command)")
    }
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    for size in sizes {
      let runs = plan.runs(at: size)
      let files = MemoryFileSystem()
      let file = readme(items: size)
      files.files["F.md"] = file
      let samples = Measure.interleavedSamples(
        runs: runs,
        [
          {
            let session = Session(fileSystem: files)
            return Measure.seconds {
              _ = session.runScript("load F.md\nsave F.md", file: "b", options: options)
            }
          },
          {
            let session = Session(fileSystem: files)
            return Measure.seconds {
              _ = session.runScript("load F.md\nsave x.json", file: "b", options: options)
            }
          },
        ])
      precondition(files.files["F.md"] == file, "a no-op save changed the file")
      let (kept, native) = (Measure.median(of: samples[0]), Measure.median(of: samples[1]))
      rows.append([
        Report.size(size), Report.bytes(file.count), "\(runs)", Report.spread(samples[0]),
        Report.spread(samples[1]), Report.ratio(kept / native),
      ])
      if size == sizes.last {
        goals.append(
          Goal(
            name, "no-op load + save of 100,000 Markdown items ≤ 2× load + native save",
            met: kept <= 2 * native, Report.ratio(kept / native), judged: size == 100_000))
      }
    }
    Report.table(["size", "file", "k", "kept [spread]", "native [spread]", "×"], rows)
    return goals
  }

  /// A README of about `items` items: headings with a paragraph and a list each.
  static func readme(items: Int) -> [UInt8] {
    var text = "# Notes\n\nFront text.\n\n"
    for root in 0..<max(1, items / 100) {
      text += "## R\(root)\n\nAbout R\(root).\n\n"
      for child in 0..<98 {
        text += "- R\(root).\(child)\n"
        if child % 10 == 0 { text += "  more about R\(root).\(child)\n" }
      }
      text += "\n"
    }
    return Array(text.utf8)
  }
}
