import Diffable

extension Session {
  /// `save FILE` and `load FILE`.
  ///
  /// `save` writes every section, the rules, the kept snapshots and the current section
  /// (`SaveFile`) through `fileSystem.replace`, which is atomic. `load` reads and checks the
  /// whole file first; only a file with no problem replaces the session's sections (as one
  /// transaction, no handlers called: a history step that `undo` reverts), rules, kept snapshots
  /// and current section. Both are refused while a batch is open.
  ///
  /// - Throws: `io` for a file that cannot be read or written, or whose contents are not a
  ///   consistent save file, naming the problem.
  func executeFile(_ command: Command, into outcome: inout Outcome) throws(CommandError) {
    if let batch {
      throw CommandError(
        .refused, "a batch is open on section \"\(batch.section)\": apply or discard it first")
    }
    switch command {
    case .save(let path):
      let flat = dataSource.snapshot()
      let file = SaveFile(
        section: section,
        sections: flat.sectionIdentifiers.map { ($0, dataSource.snapshot(for: $0)) },
        rules: rules.rules,
        snapshots: keptSnapshots.keys.sorted().map { ($0, keptSnapshots[$0]!) })
      do {
        try fileSystem.replace(path, with: Array(file.text.utf8))
      } catch {
        throw CommandError(.io, "cannot save \(Quoting.word(path)): \(error.reason)")
      }
      let items = file.sections.reduce(0) { $0 + $1.outline.count }
      outcome.note =
        "saved \(items) item\(items == 1 ? "" : "s") in \(file.sections.count) "
        + "section\(file.sections.count == 1 ? "" : "s") to \(Quoting.word(path))"
    case .load(let path):
      let file: SaveFile
      do {
        file = try SaveFile(reading: try fileSystem.contents(of: path))
      } catch let error as FileError {
        throw CommandError(.io, "cannot load \(Quoting.word(path)): \(error.reason)")
      } catch let error as LoadProblem {
        throw CommandError(.io, "cannot load \(Quoting.word(path)): \(error.message)")
      } catch {
        throw CommandError(.io, "cannot load \(Quoting.word(path)): \(error)")
      }
      outcome.transaction = shown(dataSource.apply(Self.flatSnapshot(of: file)))
      var loadedRules = RuleSet()
      for rule in file.rules { loadedRules.add(rule) }
      rules = loadedRules
      keptSnapshots = Dictionary(uniqueKeysWithValues: file.snapshots.map { ($0.name, $0.outline) })
      section = file.section
      if outcome.transaction == nil {
        outcome.note = "loaded \(Quoting.word(path)): the outline is as it was"
      }
    default:
      preconditionFailure("not a file command: \(command)")
    }
  }

  /// The flat snapshot whose sections hold `file`'s outlines, trees and expansion included.
  ///
  /// Built on a scratch data source with no handlers; `SaveFile` has already checked that the
  /// identifiers are unique across sections, so no apply can fail.
  static func flatSnapshot(of file: SaveFile) -> Snapshot<String, String> {
    let scratch = DataSource<String, String>()
    for (name, outline) in file.sections {
      do {
        try scratch.apply(outline, to: name)
      } catch {
        preconditionFailure("a checked save file cannot clash: \(error)")
      }
    }
    return scratch.snapshot()
  }
}
