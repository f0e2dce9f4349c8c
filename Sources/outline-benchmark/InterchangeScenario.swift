import OutlineLanguage

/// The `interchange` scenario: OPML, Markdown and text files through the session — `load`, `save`,
/// `import`, `export` — against the native `load` and `save` of the same outline, measured in the
/// same rounds.
///
/// The goal: importing and exporting 100,000 items in each format within 3× of the
/// native `load`/`save` of the same outline. Where `formats` times the format layer alone
/// (bytes to `OutlineDocument` and back), this times the whole command a user types: reading
/// the file from a file system in memory, parsing, making identifiers, building the snapshot,
/// applying it (the transaction included), and the other way round.
enum InterchangeScenario: Scenario {
  static let name = "interchange"
  static let summary = "load, save, import, export of OPML/Markdown/text through the session"

  /// The ratio to native `load`/`save` the issue allows.
  static let allowed = 3.0

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): Session.run of load, save, import and export of n items in a format",
      [
        "The outline of the formats scenario (n/100 expanded roots of 99 children, texts",
        "\"R12\", \"R12.34\"), in a file system in memory. load F.ext and import F.ext run in a",
        "fresh session (import into its empty section); save F.ext and export F.ext from a",
        "session holding the outline. native: load F.json into a fresh session and save F.json",
        "of the same outline, in the same rounds. Cells: median [min–max]; × is over native",
        "load (for load and import) or native save (for save and export).",
      ])
    var rows: [[String]] = []
    var goals: [Goal] = []
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    for size in sizes {
      let runs = plan.runs(at: size)
      let files = MemoryFileSystem()
      let source = Session(fileSystem: files)
      let options = ScriptOptions { outcome, _ in
        precondition(outcome.ok, "the interchange benchmark's command failed: \(outcome.command)")
      }
      // The outline, written once in every format by the session itself.
      let document = FormatsScenario.outline(items: size)
      files.files["set-up.opml"] = try! OutlineFormat.opml.write(document)
      _ = source.runScript("load set-up.opml", file: "set-up", options: options)
      for file in ["bench.json", "bench.opml", "bench.md", "bench.txt"] {
        _ = source.runScript("save \(file)", file: "set-up", options: options)
      }
      func fresh(_ command: String) -> () -> Double {
        {
          let session = Session(fileSystem: files)
          return Measure.seconds { _ = session.runScript(command, file: "b", options: options) }
        }
      }
      func held(_ command: String) -> () -> Double {
        { Measure.seconds { _ = source.runScript(command, file: "b", options: options) } }
      }
      var bodies = [fresh("load bench.json"), held("save bench.json")]
      for ext in ["opml", "md", "txt"] {
        bodies += [
          fresh("load bench.\(ext)"), held("save out.\(ext)"), fresh("import bench.\(ext)"),
          held("export out.\(ext)"),
        ]
      }
      let samples = Measure.interleavedSamples(runs: runs, bodies)
      let medians = samples.map { Measure.median(of: $0) }
      let (load, save) = (medians[0], medians[1])
      rows.append([
        Report.size(size), "native", Report.spread(samples[0]), Report.spread(samples[1]), "", "",
        "",
      ])
      for (index, ext) in ["opml", "md", "txt"].enumerated() {
        let base = 2 + 4 * index
        let ratios = [
          medians[base] / load, medians[base + 1] / save, medians[base + 2] / load,
          medians[base + 3] / save,
        ]
        rows.append([
          Report.size(size), ext, Report.spread(samples[base]), Report.spread(samples[base + 1]),
          Report.spread(samples[base + 2]), Report.spread(samples[base + 3]),
          ratios.map(Report.ratio).joined(separator: " / "),
        ])
        if size == sizes.last {
          goals.append(
            Goal(
              name, "\(ext): load, save, import, export within \(Report.ratio(allowed)) of native",
              met: ratios.allSatisfy { $0 <= allowed },
              "load/save/import/export " + ratios.map(Report.ratio).joined(separator: " / ")
                + " at \(Report.size(size))",
              judged: size == 100_000))
        }
      }
    }
    Report.table(
      ["size", "format", "load", "save", "import", "export", "× native l / s / i / e"], rows)
    return goals
  }
}
