extension Command {
  /// The transaction and history commands: batches, `last`, `log`, `undo`, `redo`
  /// (`Session+Transactions.swift` runs them).
  public enum TransactionCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `begin [--empty]`: starts a batch, from the current section snapshot or an empty one.
    case begin(empty: Bool)
    /// `apply`: applies the batch as one transaction.
    case apply
    /// `discard`: drops the batch.
    case discard
    /// `last [--full]`: reprints the last transaction; `--full` prints every change however
    /// many (text) and the whole section snapshots (JSON).
    case last(full: Bool)
    /// `log`: lists the transactions.
    case log
    /// `undo`: steps back one transaction.
    case undo
    /// `redo`: steps forward one transaction.
    case redo

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .begin: return "begin"
      case .apply: return "apply"
      case .discard: return "discard"
      case .last: return "last"
      case .log: return "log"
      case .undo: return "undo"
      case .redo: return "redo"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .begin(let empty): return empty ? "begin --empty" : "begin"
      case .last(let full): return full ? "last --full" : "last"
      case .apply, .discard, .log, .undo, .redo: return name
      }
    }
  }
}
