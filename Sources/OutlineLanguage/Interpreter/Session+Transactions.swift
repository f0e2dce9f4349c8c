import Diffable

extension Session {
  /// Runs a transaction or history command: `begin [--empty]`, `apply`, `discard`,
  /// `last [--full]`, `log`, `undo`, `redo`.
  ///
  /// `begin` copies the current section snapshot (or, with `--empty`, starts from an empty one,
  /// as an app that rebuilds its snapshot from its model does); while the batch is open, queries
  /// and edits see the working copy, and user interactions are refused. `apply` applies the
  /// working copy as one transaction (the flat working copy, with its reload and reconfigure
  /// marks, when flat snapshot commands edited it: `Session+Flat.swift`); `discard` drops it.
  ///
  /// The history keeps every change's transaction, whose flat snapshots share storage with the
  /// data source's (a step costs O(log *n*) memory). `undo` applies the state before the last
  /// change and `redo` the state after it, each as a transaction of its own; a new change clears
  /// what can be redone. With nothing to undo or redo, or no change yet, the command notes it.
  func execute(_ command: Command.TransactionCommand, into outcome: inout Outcome)
    throws(CommandError)
  {
    switch command {
    case .begin(let empty):
      if let batch {
        throw CommandError(because: .batchAlreadyOpen(section: batch.section))
      }
      batch = Batch(
        section: section, working: empty ? SectionSnapshot() : outline, contents: contents,
        startedEmpty: empty)
      outcome.note =
        "batch started on section \(Quoting.word(section))"
        + (empty ? " from an empty snapshot" : "")
        + ": edits go to a working copy until apply or discard"
    case .apply:
      guard let open = batch else { throw CommandError(because: .noBatch) }
      batch = nil
      if let flat = open.flat {
        outcome.marks = FlatMarks(of: flat)
        show(dataSource.apply(flat), in: &outcome)
        if outcome.transaction == nil, outcome.marks.isEmpty {
          outcome.note = "the batch changed nothing"
        }
      } else {
        do {
          outcome.transaction = Self.nonEmpty(try dataSource.apply(open.working, to: open.section))
          if outcome.transaction == nil { outcome.note = "the batch changed nothing" }
        } catch {
          throw failure(error)
        }
      }
      forgetContents(addedSince: open.contents)
    case .discard:
      guard let open = batch else {
        throw CommandError(because: .noBatch)
      }
      batch = nil
      contents = open.contents
      outcome.note =
        "batch discarded (its working copy held \(Self.count(open.working.count, "item")))"
    case .last(let full):
      guard let change = history.last else {
        outcome.note = "no change yet"
        return
      }
      guard !change.reloadsData else {
        // applySnapshotUsingReloadData makes no transaction, as its own outcome shows.
        outcome.note =
          "last change: \(change.command): no transaction, no difference animated (the "
          + "collection view reloaded its data; \(Self.summary(of: change.transaction)))"
        return
      }
      outcome.transaction = change.transaction
      outcome.inFull = full
      outcome.note = "last change: \(change.command)"
    case .log:
      outcome.result = .lines(
        history.enumerated().map { index, change in
          var summary = Self.summary(of: change.transaction)
          if change.reparented > 0 { summary += ", \(change.reparented) re-parented" }
          if change.reconfigured > 0 { summary += ", \(change.reconfigured) reconfigured" }
          return "\(historyDropped + index + 1): \(change.command)  (\(summary))"
        })
    case .undo, .redo:
      try refuseDuringBatch()
      let undoing = command == .undo
      guard let change = undoing ? history.popLast() : undone.popLast() else {
        outcome.note = undoing ? "nothing to undo" : "nothing to redo"
        if undoing, historyDropped > 0 {
          // Older changes were dropped, not never made: say why they cannot be undone.
          let kept = max(historyLimit, 1)
          outcome.note! +=
            kept == 1
            ? ": only the last change is kept" : ": only the last \(kept) changes are kept"
        }
        return
      }
      let target = undoing ? change.transaction.initialSnapshot : change.transaction.finalSnapshot
      let sectionsBefore = dataSource.snapshot().sectionIdentifiers
      outcome.transaction = Self.nonEmpty(dataSource.apply(target))
      if outcome.transaction != nil || target.sectionIdentifiers != sectionsBefore {
        outcome.effect = .restore
      }
      contents = undoing ? change.contents.before : change.contents.after
      let current = undoing ? change.sections.before : change.sections.after
      let sectionBefore = section
      section = target.indexOfSection(current) != nil ? current : target.sectionIdentifiers[0]
      if undoing { undone.append(change) } else { history.append(change) }
      outcome.note = (undoing ? "undid: " : "redid: ") + change.command
      // The prompt shows the section too, but a script's reader sees only the output.
      if section != sectionBefore {
        outcome.note! += " (now editing section \(Quoting.word(section)))"
      }
    }
  }

  /// `+2 −1 rows, 1 moved`: a transaction in a few words (`log` adds `, 1 re-parented` and
  /// `, 1 reconfigured`).
  static func summary(of transaction: Transaction<String, String>) -> String {
    let moved = transaction.removalOffsets.filter { $0.associatedWith != nil }.count
    let inserted = transaction.insertionOffsets.count - moved
    let removed = transaction.removalOffsets.count - moved
    var parts = ["+\(inserted) −\(removed) rows"]
    if moved > 0 { parts.append("\(moved) moved") }
    return parts.joined(separator: ", ")
  }
}

extension Command {
  /// Whether a transaction the command makes is a new step of the history (`undo`, `redo` and
  /// `last` replay steps rather than make them).
  var isRecordedInHistory: Bool {
    switch self {
    case .transactions(.last), .transactions(.undo), .transactions(.redo): return false
    default: return true
    }
  }
}
