import Diffable

/// One step of a session's history: a command and the transaction it made.
public struct Change: Sendable {
  /// The command's source text.
  public let command: String
  /// What it did; its initial and final snapshots are the states `undo` and `redo` return to.
  public let transaction: Transaction<String, String>
  /// The current section before and after it (a `load` or `section delete` changes it), which
  /// `undo` and `redo` restore with the snapshots.
  public let sections: (before: String, after: String)
}

extension Session {
  /// `last`, `log`, `undo`, `redo`.
  ///
  /// The history keeps every change's transaction, whose flat snapshots share storage with the
  /// data source's (a step costs O(log *n*) memory). `undo` applies the state before the last
  /// change and `redo` the state after it, each as a transaction of its own; a new change clears
  /// what can be redone. With nothing to undo or redo, or no change yet, the command notes it.
  func executeHistory(_ command: Command, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .last:
      guard let change = history.last else {
        outcome.note = "no change yet"
        return
      }
      outcome.transaction = change.transaction
      outcome.note = "last change: \(change.command)"
    case .log:
      outcome.result = .lines(
        history.enumerated().map { index, change in
          "\(historyDropped + index + 1): \(change.command)  (\(Self.summary(of: change.transaction)))"
        })
    case .undo, .redo:
      if let batch {
        throw CommandError(
          .refused, "a batch is open on section \"\(batch.section)\": apply or discard it first")
      }
      let undoing = command == .undo
      guard let change = undoing ? history.popLast() : undone.popLast() else {
        outcome.note = undoing ? "nothing to undo" : "nothing to redo"
        return
      }
      let target = undoing ? change.transaction.initialSnapshot : change.transaction.finalSnapshot
      outcome.transaction = Self.nonEmpty(dataSource.apply(target))
      let current = undoing ? change.sections.before : change.sections.after
      section = target.indexOfSection(current) != nil ? current : target.sectionIdentifiers[0]
      if undoing { undone.append(change) } else { history.append(change) }
      outcome.note = (undoing ? "undid: " : "redid: ") + change.command
    default:
      preconditionFailure("not a history command: \(command)")
    }
  }

  /// `+2 −1 rows, 1 moved`: a transaction in a few words.
  static func summary(of transaction: Transaction<String, String>) -> String {
    let moved = transaction.removalOffsets.filter { $0.associatedWith != nil }.count
    let inserted = transaction.insertionOffsets.count - moved
    let removed = transaction.removalOffsets.count - moved
    var parts = ["+\(inserted) −\(removed) rows"]
    if moved > 0 { parts.append("\(moved) moved") }
    return parts.joined(separator: ", ")
  }
}
