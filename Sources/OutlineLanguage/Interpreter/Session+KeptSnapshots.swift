import Diffable

/// The edits that take a kept snapshot (`child-snapshot … as NAME`): `insert @NAME before|after
/// ITEM` and `replace-children PARENT with @NAME`, Apple's `insert(_:before:)`,
/// `insert(_:after:)` and `replace(childrenOf:using:)` with a section snapshot.
extension Session {
  /// `insert @NAME before|after ITEM`: the kept snapshot's items as siblings of ITEM.
  ///
  /// Its roots put into a Markdown task list are tasks, as appended items are
  /// (`giveTaskBoxes(to:)`). The first item added is the current item.
  ///
  /// - Throws: `unknownItem` for NAME or ITEM, `duplicateItem` for an item the section has;
  ///   nothing changes.
  /// - Complexity: O(*k* log *n*) for the *k* items of the kept snapshot.
  func insertSnapshot(
    _ name: String, _ placement: Command.Placement, into outcome: inout Outcome
  ) throws(CommandError) {
    outcome.effect = .edit([.insertSnapshot(.kept(name), placement)])
    let kept = try keptSnapshot(name)
    outcome.transaction = try edit { outline throws(SnapshotError) in
      switch placement {
      case .before(let anchor): try outline.insert(kept, before: anchor)
      case .after(let anchor): try outline.insert(kept, after: anchor)
      }
    }
    giveTaskBoxes(to: kept.rootItems)
    // The first item added is the current item, not the anchor the command named.
    if kept.count > 0 { madeItem = kept.item(at: 0) }
  }

  /// `replace-children PARENT with @NAME`: the kept snapshot becomes PARENT's children.
  ///
  /// A collapsed leaf PARENT given its first children opens on them in the same apply
  /// (`Session+Opening.swift`), as `append --titled`, `indent` and `move … to` open it; a
  /// parent that had children keeps its expansion, and a `no-expand` rule keeps it collapsed
  /// with a note. The first item added is the current item.
  ///
  /// - Throws: `unknownItem` for NAME, `unknownParent` for PARENT, `duplicateItem` for an
  ///   item the section has outside PARENT's subtree; nothing changes.
  /// - Complexity: O((*k* + *c*) log *n*) for the *k* items of the kept snapshot and the *c*
  ///   descendants PARENT had.
  func replaceChildren(of parent: String, with name: String, into outcome: inout Outcome)
    throws(CommandError)
  {
    let call = SnapshotCall.replaceChildren(of: parent, using: .kept(name))
    outcome.effect = .edit([call])
    let kept = try keptSnapshot(name)
    var held = HeldItems()
    let opening = kept.count > 0 ? opening(parent, in: outline, held: &held) : nil
    outcome.effect = .edit([call] + (opening.map { [.expand([$0])] } ?? []))
    outcome.transaction = try edit { outline throws(SnapshotError) in
      try outline.replace(childrenOf: parent, using: kept)
      if let opening { outline.expand([opening]) }
    }
    noteHeld(held, in: &outcome)
    if kept.count > 0 { madeItem = kept.item(at: 0) }
  }

  /// The snapshot kept as `@name`; `unknownItem` when there is none.
  func keptSnapshot(_ name: String) throws(CommandError) -> SectionSnapshot<String> {
    guard let kept = keptSnapshots[name] else {
      let hint = _EditDistance.nearest(to: name, among: keptSnapshots.keys.sorted())
      throw CommandError(because: .noKeptSnapshot(name, hint: hint))
    }
    return kept
  }
}
