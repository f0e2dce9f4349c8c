import Diffable

extension Session {
  /// `section add|use|delete|move`: the data source's sections, as `NSDiffableDataSourceSnapshot`
  /// edits them, applied at once; `sections` lists them.
  ///
  /// Deleting the current section makes the first remaining one current; deleting the last one
  /// leaves an empty `main`. All but `sections` are refused while a batch is open.
  func execute(_ command: Command.SectionCommand, into outcome: inout Outcome)
    throws(CommandError)
  {
    if command != .list { try refuseDuringBatch() }
    var flat = dataSource.snapshot()
    do throws(SnapshotError) {
      switch command {
      case .list:
        outcome.result = .items(flat.sectionIdentifiers)
        outcome.note = "current section: \(Quoting.word(section))"
        return
      case .add(let names):
        outcome.effect = .sections([.append(names)])
        try flat.appendSections(names)
        outcome.note = "added section\(names.count == 1 ? "" : "s") " + Self.words(names)
      case .use(let name):
        guard flat.indexOfSection(name) != nil else { throw SnapshotError.sectionNotFound(name) }
        section = name
        outcome.note = "now editing section \(Quoting.word(name))"
        return
      case .delete(let name):
        outcome.effect = .sections([.delete([name])])
        guard flat.indexOfSection(name) != nil else { throw SnapshotError.sectionNotFound(name) }
        flat.deleteSections([name])
        outcome.note = "deleted section \(Quoting.word(name))"
        if flat.numberOfSections == 0 {
          try flat.appendSections(["main"])
          outcome.effect = .sections([.delete([name]), .keepOne("main")])
          outcome.note! += ", the only one: an empty section main takes its place"
        }
        if name == section {
          section = flat.sectionIdentifiers[0]
          if section != name { outcome.note! += "; now editing section \(Quoting.word(section))" }
        }
      case .move(let name, let placement):
        outcome.effect = .sections([.move(name, placement)])
        switch placement {
        case .before(let other): try flat.moveSection(name, beforeSection: other)
        case .after(let other): try flat.moveSection(name, afterSection: other)
        }
      }
    } catch {
      throw failure(error)
    }
    show(dataSource.apply(flat), in: &outcome)
  }
}
