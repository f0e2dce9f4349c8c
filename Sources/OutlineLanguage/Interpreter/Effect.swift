import Diffable

/// What a command did to the data source, as the interpreter decided it: the record that
/// `--swift`, `--emit-swift` and `--emit-html` print, so that none of them parses the command
/// again or works out a second time where an item went.
///
/// ```swift
/// session.run("indent Pear").effect      // .reorder("Pear", to: .lastChild(of: "Apple"))
/// session.run("append --titled Tea").effect  // .edit([.append(["Tea (2)"], to: nil)])
/// ```
///
/// A failed command, a query, a rule and a file command that changes no snapshot have `.none`.
public enum Effect: Equatable, Sendable {
  /// Nothing the data source's API stands for.
  case none
  /// Section snapshot calls on the edited section's snapshot, in order: applied at once, or to
  /// the batch's working copy while a batch is open.
  case edit([SnapshotCall])
  /// The app's own code built the edited section's snapshot from its model and applied it
  /// once (`reveal`, `filter`, `sort --roots`, `import`, `expand --all`, …): the state after
  /// is what it built.
  case rebuild
  /// `reconfigureItems(_:)` of these items: a content change with no row change.
  case reconfigure([String])
  /// The app's code built the edited section's snapshot anew from a text (a file loaded over
  /// the outline, an `edit`), giving each line the identifier of the old item the matching rule
  /// found for it, applied it once, then reconfigured the items whose content changed (those of
  /// them that are visible, as `reconfigureItems(_:)` takes).
  case rebuildMatching(reconfigured: [String])
  /// The user's disclosure taps, in order, one for each item whose state the command changed
  /// (the handler calls are the outcome's, a transaction for each tap that changed rows).
  case taps([String])
  /// The user's reorder of an item to a place in its section, as the interpreter resolved it
  /// (`move`, `indent`, `outdent`, `move up|down`); `opening` is the collapsed leaf the drop
  /// gives its first child, which the editor expanded in code just before it.
  case reorder(
    String, to: SectionSnapshot<String>.Destination, opening: String? = nil)
  /// Several reorders through the reordering handlers, in order, as one command
  /// (`indent A B`, `outdent --in-place A`, `move A B to P`): each item with the destination
  /// the interpreter resolved for it when its turn came, the failed one included.
  case reorders([Reorder])
  /// The user's drag of an item into another section, at a place there.
  case reorderAcross(String, toSection: String, at: SectionSnapshot<String>.Destination)
  /// The user's drag from one visible row of the edited section to another.
  case drag(fromRow: Int, toRow: Int)
  /// The user's drag from a visible row of one section to a row of another.
  case dragAcross(from: Command.SectionRow, to: Command.SectionRow)
  /// `NSDiffableDataSourceSnapshot` calls on the data source's sections, applied at once.
  case sections([SectionCall])
  /// The state after was applied whole, as an app applies a state it kept (`undo`, `redo`,
  /// `load`).
  case restore
  /// `NSDiffableDataSourceSnapshot` item calls on `dataSource.snapshot()`, applied at once; in
  /// a batch, on its flat working copy (`Batch.flat`); and the sections the calls left flat.
  case flat([FlatCall], flattened: [FlattenedSection] = [])
  /// `applySnapshotUsingReloadData(_:)` of `dataSource.snapshot()`, or of the batch's flat
  /// working copy (its section snapshot's visible items, when no flat command ran in it).
  case reloadData
}

/// One call of `NSDiffableDataSourceSnapshot`'s item API, as a flat snapshot command made it.
public enum FlatCall: Equatable, Sendable {
  /// `appendItems(_:toSection:)`; nil: the last section.
  case appendItems([String], toSection: String?)
  /// `insertItems(_:beforeItem:)` or `insertItems(_:afterItem:)`.
  case insertItems([String], Command.Placement)
  /// `deleteItems(_:)`.
  case deleteItems([String])
  /// `moveItem(_:beforeItem:)` or `moveItem(_:afterItem:)`.
  case moveItem(String, Command.Placement)
  /// `reloadItems(_:)`.
  case reloadItems([String])
  /// `reconfigureItems(_:)`.
  case reconfigureItems([String])
  /// `reloadSections(_:)`.
  case reloadSections([String])
}

/// A section whose items had a hierarchy that a flat snapshot command's result no longer has:
/// a flat snapshot holds no hierarchy, so applying it makes the section's items roots.
public struct FlattenedSection: Equatable, Sendable {
  /// The section's identifier.
  public var section: String
  /// The items that were hidden under collapsed items, which the flat snapshot did not hold:
  /// the apply dropped them (`--flatten`), in `items` order.
  public var dropped: [String]

  /// Creates the record of a flattened section.
  public init(_ section: String, dropped: [String]) {
    self.section = section
    self.dropped = dropped
  }
}

/// One call of `NSDiffableDataSourceSectionSnapshot`'s API, as an edit made it.
public enum SnapshotCall: Equatable, Sendable {
  /// `append(_:to:)`.
  case append([String], to: String?)
  /// `insert(_:before:)` or `insert(_:after:)`.
  case insert([String], Command.Placement)
  /// `insert(_:before:)` or `insert(_:after:)` of a section snapshot.
  case insertSnapshot(SnapshotOperand, Command.Placement)
  /// `delete(_:)`.
  case delete([String])
  /// `deleteAll()`.
  case deleteAll
  /// `replace(childrenOf:using:)`.
  case replaceChildren(of: String, using: SnapshotOperand)
  /// `expand(_:)`.
  case expand([String])
  /// `collapse(_:)`.
  case collapse([String])
}

/// One call of `NSDiffableDataSourceSnapshot`'s section API, as a section command made it.
public enum SectionCall: Equatable, Sendable {
  /// `appendSections(_:)`.
  case append([String])
  /// `appendSections(_:)` of the section that outline keeps when the last one is deleted.
  case keepOne(String)
  /// `deleteSections(_:)`.
  case delete([String])
  /// `moveSection(_:beforeSection:)` or `moveSection(_:afterSection:)`.
  case move(String, Command.Placement)
}

/// A section snapshot that a call takes.
public enum SnapshotOperand: Equatable, Sendable {
  /// The snapshot kept as `@NAME`.
  case kept(String)
  /// The item's children, with their subtrees and expansion, as they were before the calls:
  /// `snapshot(of:)` taken first.
  case childrenOf(String)
  /// The item's children, with their subtrees and expansion, as the calls leave them: a
  /// snapshot the app builds from its model (the state after the command holds it).
  case built(of: String)
  /// What `paste` inserts: the subtrees cut or copied, under the identifiers they are pasted
  /// with, as the app builds them from what it kept.
  case pasted(SectionSnapshot<String>)
}

/// One reorder of several: an item and where it was dropped.
public struct Reorder: Equatable, Sendable {
  /// The item the user dragged.
  public var item: String
  /// Where it was dropped, as `DataSource.reorder(_:to:)` takes it.
  public var destination: SectionSnapshot<String>.Destination
  /// Whether a collapsed ancestor hid the item when its turn came: an earlier reorder of the
  /// same command put it there, so it moved unchecked
  /// (`DataSource.reorder(_:to:checkingVisibility:)`).
  public var wasHidden: Bool
  /// The collapsed leaf the drop gives its first child, which the editor expanded in code just
  /// before it, so that the item stays on a row.
  public var opening: String?

  /// Creates a reorder.
  public init(
    _ item: String, to destination: SectionSnapshot<String>.Destination, wasHidden: Bool = false,
    opening: String? = nil
  ) {
    self.item = item
    self.destination = destination
    self.wasHidden = wasHidden
    self.opening = opening
  }
}
