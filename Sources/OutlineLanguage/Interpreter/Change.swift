import Diffable

/// One step of a session's history: a command and the transaction it made.
public struct Change: Sendable {
  /// The command's source text; for one that named rows (`@N`, `@N..M`) or `.`, the command
  /// as it ran, with the identifiers they named: `indent @3` is recorded as `indent Apple`.
  public let command: String
  /// What it did; its initial and final snapshots are the states `undo` and `redo` return to.
  public let transaction: Transaction<String, String>
  /// The current section before and after it (a `load` or `section delete` changes it), which
  /// `undo` and `redo` restore with the snapshots.
  public let sections: (before: String, after: String)
  /// The item contents and section heads before and after it, which `undo` and `redo` restore:
  /// a `retitle` changes them and no snapshot.
  public let contents: (before: Contents, after: Contents)
  /// How many items changed parent (`SectionTransaction.hierarchyChanges`), counted when the
  /// change is recorded, so that `log` reads no transaction's tree.
  public let reparented: Int
  /// How many items' contents (a title, note or attribute) changed with no row moving, counted
  /// when the change is recorded, so that `log` names what a `note` or `retitle` did.
  public let reconfigured: Int
  /// Whether it was an `apply --reload-data` (`applySnapshotUsingReloadData(_:)`): its
  /// transaction is what `undo` and `redo` return to, but the collection view animated no
  /// difference, so `last` shows none.
  public let reloadsData: Bool
  /// Whether it changed the order of the sections kept on both sides, worked out when the
  /// change is recorded, so that dropping it from a full history reads no section list
  /// (`Session.forEachSavedPart(of:_:)`).
  let movesSectionOrder: Bool
}
