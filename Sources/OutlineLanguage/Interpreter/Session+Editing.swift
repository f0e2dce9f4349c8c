import Diffable

extension Session {
  /// Runs an editing command: the section snapshot API on `snapshot(for:)`, applied at once, or
  /// in a batch on its working copy (with a note in place of the transaction).
  func execute(_ command: Command.EditingCommand, into outcome: inout Outcome)
    throws(CommandError)
  {
    switch command {
    case .append(let items, let parent):
      // Apple's `append(_:to:)`, which leaves the parent's expansion as it is.
      outcome.effect = .edit([.append(items, to: parent)])
      outcome.transaction = try edit { outline throws(SnapshotError) in
        try outline.append(items, to: parent)
      }
      giveTaskBoxes(to: items)
    case .insert(let items, .before(let anchor)):
      outcome.effect = .edit([.insert(items, .before(anchor))])
      outcome.transaction = try edit { outline throws(SnapshotError) in
        try outline.insert(items, before: anchor)
      }
      giveTaskBoxes(to: items)
    case .insert(let items, .after(let anchor)):
      outcome.effect = .edit([.insert(items, .after(anchor))])
      outcome.transaction = try edit { outline throws(SnapshotError) in
        try outline.insert(items, after: anchor)
      }
      giveTaskBoxes(to: items)
    case .insertSnapshot(let name, let placement):
      try insertSnapshot(name, placement, into: &outcome)
    case .delete(let items):
      outcome.effect = .edit([.delete(items)])
      outcome.transaction = try edit { outline throws(SnapshotError) in try outline.delete(items) }
    case .deleteAll:
      outcome.effect = .edit([.deleteAll])
      outcome.transaction = try edit { outline throws(SnapshotError) in outline.deleteAll() }
    case .childSnapshot(let parent, let includingParent, let name):
      let child: SectionSnapshot<String>
      do {
        child = try outline.snapshot(of: parent, includingParent: includingParent)
      } catch {
        throw failure(error)
      }
      if let name { keptSnapshots[name] = child }
      outcome.result = .lines(try Self.describeLines(of: child))
    case .replaceChildren(let parent, let name):
      try replaceChildren(of: parent, with: name, into: &outcome)
    case .appendTitled(let texts, let parent):
      try appendTitled(texts, to: parent, into: &outcome)
    case .insertTitled(let texts, let placement):
      try insertTitled(texts, placement, into: &outcome)
    case .retitle(let item, let title):
      try retitle(item, to: title, into: &outcome)
    case .cut(let items):
      try keep(items, cutting: true, into: &outcome)
    case .copy(let items):
      try keep(items, cutting: false, into: &outcome)
    case .paste(let target):
      try paste(target, into: &outcome)
    case .note(let item, let text):
      try note(item, text, into: &outcome)
    case .attr(let item, let edit):
      try attr(item, edit, into: &outcome)
    case .check(let items, let checked):
      try check(items, checked: checked, into: &outcome)
    case .reveal(let items):
      try reveal(items, into: &outcome)
      outcome.effect = .rebuild
    case .filter(let search):
      try filter(search, into: &outcome)
      outcome.effect = .rebuild
    case .rename(let item, let new): try rename(item, to: new, into: &outcome)
    case .duplicate(let item, let new): try duplicate([item], as: new, into: &outcome)
    case .duplicateEach(let items): try duplicate(items, as: nil, into: &outcome)
    case .sort(let parent, let reverse): try sort(parent, reverse: reverse, into: &outcome)
    case .focus(let target): try focus(on: target, into: &outcome)
    case .unfocus: unfocus(into: &outcome)
    }
    noteBatch(into: &outcome)
  }

  /// In a batch, notes that the edit went to the working copy (unless the outcome says
  /// something already).
  func noteBatch(into outcome: inout Outcome) {
    if let batch, outcome.note == nil, outcome.result == nil, outcome.reconfigured.isEmpty {
      outcome.note =
        "in the batch: \(Self.count(batch.working.count, "item")) (apply makes the transaction)"
    }
  }

  /// Applies `edited` as the current section's snapshot, or, in a batch, makes it the working
  /// copy (no transaction until `apply`): the one path by which an edit reaches the data source.
  ///
  /// - Returns: The transaction, nil when nothing changed or in a batch.
  /// - Throws: A library error as a command error (`failure(_:)`), nothing changed.
  func commit(_ edited: SectionSnapshot<String>) throws(CommandError)
    -> Transaction<String, String>?
  {
    if let open = batch {
      if open.flat != nil {
        throw CommandError(because: .mixedBatch(section: open.section, flatFirst: true))
      }
      // Identifiers are unique across sections, in the working copy too: an item of another
      // section is refused now rather than at `apply`. O(n) per edit when other sections hold
      // items (they cannot change while the batch is open).
      let others = dataSource.snapshot().sectionIdentifiers.filter { $0 != open.section }
        .map { dataSource.snapshot(for: $0) }.filter { $0.count > 0 }
      if !others.isEmpty {
        for item in edited.items where others.contains(where: { $0.contains(item) }) {
          throw failure(.duplicateItems([item]))
        }
      }
      batch!.working = edited
      batch!.sectionEdited = true
      return nil
    }
    do {
      return Self.nonEmpty(try dataSource.apply(edited, to: section))
    } catch {
      throw failure(error)
    }
  }

  /// Edits a copy of the current section snapshot with `body` and commits it.
  ///
  /// - Returns: The transaction, nil when the edit changed nothing.
  func edit(_ body: (inout SectionSnapshot<String>) throws(SnapshotError) -> Void)
    throws(CommandError) -> Transaction<String, String>?
  {
    var edited = outline
    do {
      try body(&edited)
    } catch {
      throw failure(error)
    }
    return try commit(edited)
  }
}
