import Diffable

extension SwiftCode {
  /// A flat snapshot command, in WWDC19's `NSDiffableDataSourceSnapshot` API.
  ///
  /// The calls on `snapshot`, `dataSource.snapshot()`, then `apply(_:animatingDifferences:)`
  /// (written `dataSource.apply(snapshot)`, animating as by default); in a batch, the calls on
  /// the batch's `snapshot`, declared by its first flat command, which `apply` applies.
  /// `apply --reload-data` is `applySnapshotUsingReloadData(_:)`. A reconfigure says, in a
  /// comment, why it keeps the cell.
  static func flat(_ command: Command.FlatCommand, _ outcome: Outcome, _ before: SessionState)
    -> [String]
  {
    let inBatch = before.batch != nil
    let name = "snapshot"
    var lines = inBatch ? flatStart(before, name: name) : []
    switch outcome.effect {
    case .flat(let calls, let flattened):
      if !inBatch { lines.append("var snapshot = dataSource.snapshot()") }
      lines += flatCalls(calls, on: name)
      if !inBatch {
        lines.append("dataSource.apply(snapshot)")
        if outcome.ok {
          lines += flattenedComments(flattened, adding: calls.flatMap(\.addedItems))
        }
      }
      if case .reconfigureItems = command { lines += reconfigureComment() }
      if case .reloadItems = command {
        lines.append(comment("reloadItems: a new cell for each item, from the cell provider"))
      }
    case .reloadData:
      lines.append(
        "dataSource.applySnapshotUsingReloadData(\(inBatch ? name : "dataSource.snapshot()"))"
          + "  // no difference animated: reloadData")
    default:
      break
    }
    return lines
  }

  /// For each section the apply left flat, a comment saying so, with the hidden items it
  /// dropped (`--flatten`) and those of `added` among them (a hidden item is not in
  /// `dataSource.snapshot()`, so `appendItems` of it adds a new item).
  ///
  /// - Complexity: O(*f* + *k*) in the sections and items of `flattened` and the *k* items
  ///   added.
  static func flattenedComments(_ flattened: [FlattenedSection], adding added: [String])
    -> [String]
  {
    let added = Set(added)
    var lines: [String] = []
    for section in flattened {
      let dropped = section.dropped
      lines.append(
        comment(
          "a flat snapshot has no hierarchy: section \(Quoting.word(section.section))'s items "
            + "are roots now"
            + (dropped.isEmpty
              ? "" : "; the hidden items it held are dropped: " + Session.words(dropped))))
      let readded = dropped.filter { added.contains($0) }
      if !readded.isEmpty {
        lines.append(
          comment(
            Session.words(readded) + " hidden, so not in dataSource.snapshot(): added as new"))
      }
    }
    return lines
  }

  /// Why `reconfigureItems` keeps the cell, as comment lines.
  static func reconfigureComment() -> [String] {
    [
      comment("reconfigureItems keeps each item's cell: the cell provider configures the same"),
      comment("cell again (no new cell, no cross-fade; its state stays), where reloadItems asks"),
      comment("for a new one. Cheaper, and what iOS 15 recommends for a content change."),
    ]
  }

  /// In a batch, the first flat command's declaration of the flat snapshot, `name` (`--swift`'s
  /// `snapshot`, the emitted test's `flatSnapshot`); nothing once the batch has it.
  ///
  /// After `begin`, `dataSource.snapshot()`. After `begin --empty` with one section, WWDC19's
  /// code: a new `NSDiffableDataSourceSnapshot` and `appendSections`; with several,
  /// `dataSource.snapshot()` with the batch's section emptied (a new snapshot would drop the
  /// other sections).
  static func flatStart(_ before: SessionState, name: String) -> [String] {
    guard let batch = before.batch, batch.flat == nil else { return [] }
    guard batch.startedEmpty else {
      return ["var \(name) = dataSource.snapshot()  // the batch edits the flat snapshot"]
    }
    let section = literal(batch.section)
    if before.sections.count == 1 {
      return [
        "var \(name) = NSDiffableDataSourceSnapshot<String, String>()  // begin --empty",
        "\(name).appendSections([\(section)])",
      ]
    }
    return [
      "var \(name) = dataSource.snapshot()  // the batch edits the flat snapshot",
      "\(name).deleteItems(\(name).itemIdentifiers(inSection: \(section)))  // begin --empty",
    ]
  }

  /// The `NSDiffableDataSourceSnapshot` calls of a flat command's effect, on `name`.
  static func flatCalls(_ calls: [FlatCall], on name: String) -> [String] {
    calls.map { call in
      switch call {
      case .appendItems(let items, let section?):
        return "\(name).appendItems(\(array(items)), toSection: \(literal(section)))"
      case .appendItems(let items, nil):
        return "\(name).appendItems(\(array(items)))  // to the last section"
      case .insertItems(let items, .before(let anchor)):
        return "\(name).insertItems(\(array(items)), beforeItem: \(literal(anchor)))"
      case .insertItems(let items, .after(let anchor)):
        return "\(name).insertItems(\(array(items)), afterItem: \(literal(anchor)))"
      case .deleteItems(let items): return "\(name).deleteItems(\(array(items)))"
      case .moveItem(let item, .before(let other)):
        return "\(name).moveItem(\(literal(item)), beforeItem: \(literal(other)))"
      case .moveItem(let item, .after(let other)):
        return "\(name).moveItem(\(literal(item)), afterItem: \(literal(other)))"
      case .reloadItems(let items): return "\(name).reloadItems(\(array(items)))"
      case .reconfigureItems(let items): return "\(name).reconfigureItems(\(array(items)))"
      case .reloadSections(let sections): return "\(name).reloadSections(\(array(sections)))"
      }
    }
  }

  /// The assertions on what `name` marks before it is applied, as the outcome reports them.
  static func markChecks(_ marks: FlatMarks, on name: String) -> [String] {
    var lines: [String] = []
    if !marks.reloadedItems.isEmpty {
      lines.append("XCTAssertEqual(\(name).reloadedItemIdentifiers, \(array(marks.reloadedItems)))")
    }
    if !marks.reconfiguredItems.isEmpty {
      lines.append(
        "XCTAssertEqual(\(name).reconfiguredItemIdentifiers, \(array(marks.reconfiguredItems)))")
    }
    if !marks.reloadedSections.isEmpty {
      lines.append(
        "XCTAssertEqual(\(name).reloadedSectionIdentifiers, \(array(marks.reloadedSections)))")
    }
    return lines
  }
}
