import OutlineLanguage

/// The `matching` scenario: `diff A B` of two Markdown files and `edit` of an outline (an editor
/// that changes one line), against `load` of one file, measured in the same run.
///
/// The goals (31, speed): `diff` of two 100,000-item files within 3× of loading one;
/// `edit` of a 100,000-item outline within 3× of a load. Both go through the matching rule
/// (`OutlineMatching`) and the data source's own diff.
enum MatchingScenario: Scenario {
  static let name = "matching"
  static let summary = "diff of two files and edit of an outline, against load of one file"

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): diff A B and edit (the matching rule), against load A, of n-item Markdown",
      [
        "The outline: FormatsScenario's (n/100 expanded roots of 99 children). B is A with one",
        "line in 1,000 retitled and one root's subtree moved to the end. \"load\" is",
        "Session.run(\"load A.md\") into a fresh session, in memory; \"diff\" is",
        "Session.run(\"diff A.md B.md\") in a fresh session (both files read, matched, the",
        "transaction made); \"edit\" is Session.run(\"edit\") on a session holding A, through an",
        "editor that changes one line (the Markdown written, read back, matched and applied).",
        "Medians of k interleaved runs, spread (min–max) in brackets; × is over load's median.",
      ])
    var rows: [[String]] = []
    var goals: [Goal] = []
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    for size in sizes {
      let runs = plan.runs(at: size)
      let document = FormatsScenario.outline(items: size)
      let files = MemoryFileSystem()
      files.files["A.md"] = try! OutlineFormat.markdown.write(document)
      files.files["B.md"] = try! OutlineFormat.markdown.write(changed(document))
      let options = ScriptOptions { outcome, _ in
        precondition(outcome.ok, "the matching benchmark's command failed: \(outcome.command)")
      }
      let editor = OneLineEditor()
      let samples = Measure.interleavedSamples(
        runs: runs,
        [
          {
            let session = Session(fileSystem: files)
            return Measure.seconds {
              _ = session.runScript("load A.md", file: "b", options: options)
            }
          },
          {
            let session = Session(fileSystem: files)
            return Measure.seconds {
              _ = session.runScript("diff A.md B.md", file: "b", options: options)
            }
          },
          {
            let session = Session(fileSystem: files)
            session.editor = editor
            session.recordsStates = false
            _ = session.runScript("load A.md", file: "b", options: options)
            return Measure.seconds { _ = session.runScript("edit", file: "b", options: options) }
          },
        ])
      let (load, diff, edit) = (
        Measure.median(of: samples[0]), Measure.median(of: samples[1]),
        Measure.median(of: samples[2])
      )
      rows.append([
        Report.size(size), "\(runs)", Report.spread(samples[0]), Report.spread(samples[1]),
        Report.ratio(diff / load), Report.spread(samples[2]), Report.ratio(edit / load),
      ])
      if size == sizes.last {
        let judged = size == 100_000
        goals.append(
          Goal(
            name, "diff of two 100,000-item files ≤ 3× load of one", met: diff <= 3 * load,
            Report.ratio(diff / load), judged: judged))
        goals.append(
          Goal(
            name, "edit of a 100,000-item outline (one line changed) ≤ 3× load",
            met: edit <= 3 * load, Report.ratio(edit / load), judged: judged))
      }
    }
    Report.table(
      ["size", "k", "load [spread]", "diff [spread]", "× load", "edit [spread]", "× load"], rows)
    return goals
  }

  /// `document` with one text in 1,000 changed and the first root's subtree moved to the end.
  static func changed(_ document: OutlineDocument) -> OutlineDocument {
    var nodes = document.nodes
    for index in stride(from: 7, to: nodes.count, by: 1_000) where nodes[index].level > 0 {
      nodes[index].text += " (changed)"
    }
    let firstSubtree = nodes.firstIndex { $0.level == 0 && $0.text != nodes[0].text } ?? 0
    nodes = Array(nodes[firstSubtree...] + nodes[..<firstSubtree])
    return OutlineDocument(nodes: nodes)
  }
}

/// An editor that changes the text of the second line and exits.
final class OneLineEditor: TextEditor {
  func edit(_ text: [UInt8], suffix: String) throws(FileError) -> EditedText {
    var bytes = text
    if let end = bytes.firstIndex(of: 0x0A), let next = bytes[(end + 1)...].firstIndex(of: 0x0A) {
      bytes.insert(contentsOf: Array(" (edited)".utf8), at: next)
    }
    return EditedText(path: "benchmark.md", status: 0, bytes: bytes)
  }

  func discard(_ edited: EditedText) {}
}
