import Diffable

/// A batch opened by `begin`: edits go to a working copy of one section's snapshot and make no
/// transaction until `apply` applies them as one.
public struct Batch: Sendable {
  /// The section the batch edits.
  public let section: String
  /// The working copy.
  public var working: SectionSnapshot<String>
}

extension Session {
  /// `begin [--empty]`, `apply`, `discard`.
  ///
  /// `begin` copies the current section snapshot (or, with `--empty`, starts from an empty one,
  /// as an app that rebuilds its snapshot from its model does); while the batch is open, queries
  /// and edits see the working copy, and user interactions are refused. `apply` applies the
  /// working copy as one transaction; `discard` drops it.
  func executeBatch(_ command: Command, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .begin(let empty):
      if let batch {
        throw CommandError(.refused, "a batch is already open on section \"\(batch.section)\"")
      }
      batch = Batch(section: section, working: empty ? SectionSnapshot() : outline)
      outcome.note =
        "batch started on section \(Quoting.word(section))"
        + (empty ? " from an empty snapshot" : "")
        + ": edits go to a working copy until apply or discard"
    case .apply:
      guard let open = batch else { throw CommandError(.refused, "no batch is open (\"begin\")") }
      batch = nil
      do {
        outcome.transaction = Self.nonEmpty(try dataSource.apply(open.working, to: open.section))
        if outcome.transaction == nil { outcome.note = "the batch changed nothing" }
      } catch {
        throw failure(error)
      }
    case .discard:
      guard let open = batch else {
        throw CommandError(.refused, "no batch is open (\"begin\")")
      }
      batch = nil
      outcome.note =
        "batch discarded (its working copy held \(Self.count(open.working.count, "item")))"
    default:
      preconditionFailure("not a batch command: \(command)")
    }
  }
}

extension Command {
  /// Whether the command simulates a user's interaction with the applied outline (through the
  /// handlers), which a batch's working copy cannot take.
  var isUserInteraction: Bool {
    switch self {
    case .expand(_, let force), .collapse(_, let force): return !force
    case .move, .drag, .indent, .outdent: return true
    default: return false
    }
  }

  /// Whether a transaction the command makes is a new step of the history (`undo`, `redo` and
  /// `last` replay steps rather than make them).
  var isRecordedInHistory: Bool {
    switch self {
    case .last, .undo, .redo: return false
    default: return true
    }
  }
}
