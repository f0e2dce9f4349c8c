import Diffable

extension TextRenderer {
  /// The lines `outcome` prints on standard output in `mode` (`OutputMode`).
  ///
  /// `full` is `lines(for:)`. `brief` prints the handler calls that refused, then one line for
  /// the command's change (`briefLine(for:)`) and the focus it left if it changed the focus, or
  /// its note when it changed nothing, then its result. `quiet` prints only a result (`say`'s
  /// text is one), not the number that adding a rule answers. `last`, which asks to see a
  /// change, prints in full in every mode.
  ///
  /// - Complexity: O(*k*) in the changes and handler calls, O(*n*) for a result of *n* lines.
  public func lines(for outcome: Outcome, mode: OutputMode) -> [String] {
    lines(for: outcome, mode: mode, handlerLines: nil)
  }

  /// `lines(for:mode:)` with each handler call's `description` given in `handlerLines`, as
  /// `lines(for:handlerLines:)` takes them.
  ///
  /// - Complexity: O(*k*) in the changes and handler calls, O(*n*) for a result of *n* lines.
  package func lines(for outcome: Outcome, mode: OutputMode, handlerLines: [String]?)
    -> [String]
  {
    if mode == .full || outcome.isLastQuery {
      return lines(for: outcome, handlerLines: handlerLines)
    }
    var lines: [String] = []
    if mode == .brief {
      for (index, call) in outcome.handlers.enumerated() where call.refused {
        lines.append(paint(handlerLines?[index] ?? call.description, .handler))
      }
      if let line = briefLine(for: outcome) {
        lines.append(line)
        // An edit that took the focus's item away says where the focus went, in the
        // prompt's words.
        if let change = outcome.focusChange {
          let path = Session.pathText(titles: change.titles)
          lines.append(paint(path.isEmpty ? "unfocused" : "focus: \(path)", .dim))
        }
      } else if let note = outcome.note {
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
          lines.append(paint(String(line), .dim))
        }
      }
    }
    // Adding a rule answers its number, a confirmation of an edit, which quiet leaves out.
    if mode == .quiet, case .rules(.add)? = outcome.parsed { return lines }
    lines.append(contentsOf: resultLines(for: outcome))
    return lines
  }

  /// `brief`'s line for a command that changed something: what it did, then how many rows
  /// changed; nil when it changed nothing.
  ///
  /// ```text
  /// appended Kiwi to Food: 1 row inserted
  /// moved Apple before Pear: 1 row moved
  /// deleted Pear: 1 row removed
  /// deleted Food: 1 row removed (4 items removed)
  /// collapsed Food: 2 rows removed
  /// loaded notes.opml: 120 rows inserted, 3 removed, 1 moved, 2 retitled
  /// appended Kiwi to Food: no row changed (1 item inserted)
  /// indented Pear: 1 item re-parented, no row moved
  /// moved Pear to Food: 1 row moved, 1 re-parented
  /// undid delete Food: 1 row inserted (4 items inserted)
  /// retitled Aple → Apple
  /// ```
  ///
  /// The command is the past tense of its name and its canonical arguments (`Command.brief`).
  /// The counts are those of the visible rows, summed over the command's steps (`expand A B`
  /// is two); a move is one row moved, not a removal and an insertion. An item retitled in
  /// place is counted as retitled (`reconfigureItems`), no row. When the items of the
  /// sections changed otherwise than the rows (hidden items, a move in `items` alone), their
  /// counts follow in parentheses. Items that changed parent (`hierarchyChanges`) are counted
  /// as re-parented, as `log` counts them. `undo` and `redo` name the command they stepped over.
  ///
  /// - Complexity: O(*k*) in the changes; O(*n*) in the items after a change found by a whole
  ///   diff (a batch, `undo`, a `load`), whose re-parented items are found by comparing every
  ///   item (`SectionTransaction.hierarchyChanges`).
  public func briefLine(for outcome: Outcome) -> String? {
    guard outcome.ok, let command = outcome.parsed else { return nil }
    if case .editing(.retitle(let item, let text)) = command {
      return "retitled " + Quoting.word(item) + " → " + Quoting.word(text)
    }
    // `undo` and `redo` say which command they stepped over, as their note does.
    var subject = Quoting.visible(command.brief)
    if case .transactions(.undo) = command, let note = outcome.note { subject = note }
    if case .transactions(.redo) = command, let note = outcome.note { subject = note }
    subject = subject.replacing("undid: ", with: "undid ", maxReplacements: 1)
      .replacing("redid: ", with: "redid ", maxReplacements: 1)
    let transactions =
      outcome.steps.isEmpty
      ? outcome.transaction.map { [$0] } ?? [] : outcome.steps.map(\.transaction)
    let reconfigured = outcome.reconfigured.count
    let reloaded = outcome.marks.reloadedItems.count
    let reloadedSections = outcome.marks.reloadedSections.count
    let changed = !(outcome.reconfiguredCounts?.parts.isEmpty ?? true)
    guard
      !transactions.isEmpty || reconfigured > 0 || changed || reloaded > 0
        || reloadedSections > 0
    else { return nil }
    var rows = ChangeCounts()
    var items = ChangeCounts()
    var reparented = 0
    for transaction in transactions {
      rows.add(removals: transaction.removalOffsets, insertions: transaction.insertionOffsets)
      for section in transaction.sectionTransactions {
        items.add(removals: section.removalOffsets, insertions: section.insertionOffsets)
        reparented += section.hierarchyChanges.count
      }
    }
    var counts = rows.parts(noun: "row")
    if reparented > 0 {
      // A change of parent alone (an indent, `outdent --in-place`) moves no row.
      counts.append(
        counts.isEmpty
          ? Session.count(reparented, "item") + " re-parented, no row moved"
          : "\(reparented) re-parented")
    }
    if let changes = outcome.reconfiguredCounts {
      // `edit` or a file read over the outline: each item by what changed in it, hidden or not.
      counts += changes.parts
    } else if reconfigured > 0 {
      // A title changed (retitle) reads as retitled; a note or an attribute as what changed; a
      // task box or reconfigure-items as what the data source did.
      var text =
        outcome.marks.reconfiguredItems.isEmpty
        ? "\(reconfigured) retitled" : "\(reconfigured) reconfigured"
      if case .editing(.note) = command { text = "note changed" }
      if case .editing(.attr) = command { text = "attribute changed" }
      if case .editing(.check) = command { text = "\(reconfigured) reconfigured" }
      counts.append(text)
    }
    if reloaded > 0 { counts.append("\(reloaded) reloaded") }
    if reloadedSections > 0 {
      counts.append(Session.count(reloadedSections, "section") + " reloaded")
    }
    var text = counts.isEmpty ? "no row changed" : counts.joined(separator: ", ")
    // Items the rows do not show: hidden under a collapsed parent, or moved in `items` alone.
    if items != rows, !items.parts(noun: "item").isEmpty {
      text += " (" + items.parts(noun: "item").joined(separator: ", ") + ")"
    }
    return subject + ": " + text
  }
}

/// How many rows (or items) a change inserted, removed and moved: a move counted once.
private struct ChangeCounts: Equatable {
  var inserted = 0
  var removed = 0
  var moved = 0

  mutating func add(
    removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)]
  ) {
    let moves = insertions.count { $0.associatedWith != nil }
    moved += moves
    inserted += insertions.count - moves
    removed += removals.count - moves
  }

  /// `N NOUNs inserted`, `N removed`, `N moved`, those that are not zero, the noun after the
  /// first count only: `1 row inserted, 2 moved`.
  func parts(noun: String) -> [String] {
    let counts = [(inserted, "inserted"), (removed, "removed"), (moved, "moved")]
    return counts.filter { $0.0 > 0 }.enumerated().map { index, count in
      guard index == 0 else { return "\(count.0) \(count.1)" }
      return "\(count.0) \(noun)\(count.0 == 1 ? "" : "s") \(count.1)"
    }
  }
}

extension Outcome {
  /// Whether the outcome answers `last`, which shows a change on purpose.
  var isLastQuery: Bool {
    if case .transactions(.last)? = parsed { return true }
    return false
  }
}

extension HandlerCall {
  /// Whether the handler refused: a `should…` or `canReorderItem` that answered false.
  public var refused: Bool {
    switch self {
    case .shouldExpandItem(_, let result), .shouldCollapseItem(_, let result),
      .canReorderItem(_, let result):
      return !result
    default: return false
    }
  }
}
