import Diffable
import OutlineLanguage
import XCTest

/// The flat snapshot (SPEC §4): `NSDiffableDataSourceSnapshot`'s item API on
/// `dataSource.snapshot()`, one transaction a command or a batch's, reloads and reconfigures as
/// the snapshot records them, and the refusal to drop hidden items without `--flatten`.
final class InterpreterFlatTests: XCTestCase {
  /// `main` [Food (collapsed) > Apple, Pear; Drinks] and `s2` [Tea, Coffee].
  func flatSession(file: StaticString = #filePath, line: UInt = #line) -> Session {
    let session = Session()
    run(
      session,
      """
      append Food Drinks
      append Apple Pear to Food
      section add s2
      append-items Tea Coffee
      """, file: file, line: line)
    return session
  }

  /// Runs `command`, which must fail with `code` (and `message`), and checks that every
  /// section, the batch, the history and the current section are as they were.
  @discardableResult
  func assertRefused(
    _ session: Session, _ command: String, _ code: CommandError.Code, _ message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Outcome {
    let before = session.state
    let sections = before.sections.map { ($0.name, $0.outline.visualDescriptionLines()) }
    let history = session.history.count
    let outcome = session.run(command)
    XCTAssertEqual(
      outcome.error?.code, code, outcome.error?.message ?? "ok", file: file, line: line)
    if let message {
      XCTAssertEqual(outcome.error?.message, message, file: file, line: line)
    }
    XCTAssertNil(outcome.transaction, file: file, line: line)
    XCTAssertEqual(outcome.marks, FlatMarks(), file: file, line: line)
    let after = session.state
    XCTAssertTrue(
      after.snapshot == before.snapshot, "flat snapshot changed", file: file, line: line)
    XCTAssertEqual(
      after.sections.map(\.name), sections.map(\.0), "sections changed", file: file, line: line)
    for ((name, outline), (_, lines)) in zip(after.sections, sections) {
      XCTAssertEqual(
        outline.visualDescriptionLines(), lines, "section \(name) changed", file: file, line: line)
    }
    XCTAssertEqual(
      after.batch?.flat.map(\.itemIdentifiers), before.batch?.flat.map(\.itemIdentifiers),
      file: file, line: line)
    XCTAssertEqual(
      after.batch?.working.visualDescriptionLines(),
      before.batch?.working.visualDescriptionLines(), file: file, line: line)
    XCTAssertEqual(session.history.count, history, "a step was recorded", file: file, line: line)
    XCTAssertEqual(after.section, before.section, file: file, line: line)
    return outcome
  }

  // MARK: Each command

  func testAppendItemsGoesToTheLastSectionAsUIKitDoes() {
    let session = flatSession()
    XCTAssertEqual(
      session.dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Tea", "Coffee"])
    let outcome = run(session, "append-items Milk")
    XCTAssertEqual(outcome.effect, .flat([.appendItems(["Milk"], toSection: nil)]))
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"), ["Tea", "Coffee", "Milk"])
    XCTAssertEqual(changes(outcome.transaction!.difference), ["+4 Milk"])
    XCTAssertEqual(outcome.transaction?.sectionTransactions.map(\.sectionIdentifier), ["s2"])
  }

  func testAppendItemsToASectionWithoutHiddenItems() {
    let session = flatSession()
    run(session, "expand Food")
    let outcome = run(session, "append-items Milk to-section main")
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "main"),
      ["Food", "Apple", "Pear", "Drinks", "Milk"])
    XCTAssertEqual(changes(outcome.transaction!.difference), ["+4 Milk"])
    XCTAssertEqual(
      outcome.note,
      "section main now flat: a flat snapshot has no hierarchy, so its items are roots (as in UIKit)"
    )
    XCTAssertEqual(session.dataSource.snapshot(for: "main").rootItems.count, 5)
  }

  func testInsertDeleteAndMoveItems() {
    let session = flatSession()
    run(session, "insert-items Milk Juice after Tea")
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"),
      ["Tea", "Milk", "Juice", "Coffee"])
    run(session, "insert-items Water before Tea")
    let delete = run(session, "delete-items Milk Juice")
    XCTAssertEqual(changes(delete.transaction!.difference), ["-4 Milk", "-5 Juice"])
    let move = run(session, "move-item Coffee before Water")
    XCTAssertEqual(move.handlers, [], "app code: no reorder handler")
    XCTAssertEqual(move.effect, .flat([.moveItem("Coffee", .before("Water"))]))
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"),
      ["Coffee", "Water", "Tea"])
    run(session, "move-item Tea after Coffee")
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"),
      ["Coffee", "Tea", "Water"])
  }

  /// Where the two items swap places, either move is as small: the transaction reports the
  /// item the command named (as UIKit reports a dragged item), in both differences.
  func testAMoveReportsTheItemTheCommandNamed() {
    let session = Session()
    run(session, "append-items A B C")
    let move = run(session, "move-item B before A")
    XCTAssertEqual(changes(move.transaction!.difference), ["-1 B ->0", "+0 B <-1"])
    XCTAssertEqual(
      move.transaction!.sectionTransactions.map { changes($0.difference) },
      [["-1 B ->0", "+0 B <-1"]])
    let insert = run(session, "insert-items C before A")
    XCTAssertEqual(changes(insert.transaction!.difference), ["-2 C ->1", "+1 C <-2"])
    let append = run(session, "append-items B")
    XCTAssertEqual(changes(append.transaction!.difference), ["-0 B ->2", "+2 B <-0"])
    XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, ["C", "A", "B"])
  }

  /// UIKit moves an item that `appendItems` or `insertItems` names again, and logs the call as
  /// a bug in the app: the command warns, naming the items, and moves them all the same.
  func testAddingAnItemTheSnapshotHoldsWarnsAndMovesIt() {
    let session = Session()
    let fresh = run(session, "append-items Everest K2 Denali")
    XCTAssertEqual(fresh.warnings, [], "new items")
    let append = run(session, "append-items Everest Lhotse")
    XCTAssertEqual(
      append.warnings,
      [
        "Everest is already in the snapshot: appendItems moves it into place, and UIKit logs "
          + "this as a bug in the app (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_"
          + "EXISTS, a costlier update); moveItem (move-item) is the call that moves an item"
      ])
    XCTAssertTrue(append.ok)
    XCTAssertEqual(
      session.dataSource.snapshot().itemIdentifiers, ["K2", "Denali", "Everest", "Lhotse"])
    let insert = run(session, "insert-items Lhotse Denali before K2")
    XCTAssertEqual(insert.warnings.count, 1)
    XCTAssertTrue(
      insert.warnings[0].hasPrefix(
        "Lhotse Denali are already in the snapshot: insertItems moves them into place,"),
      insert.warnings[0])
    XCTAssertEqual(
      session.dataSource.snapshot().itemIdentifiers, ["Lhotse", "Denali", "K2", "Everest"])
    XCTAssertEqual(run(session, "move-item K2 before Lhotse").warnings, [])
    // A rebuild from an empty snapshot adds every item anew.
    run(session, "begin --empty")
    XCTAssertEqual(run(session, "append-items Everest K2").warnings, [])
    XCTAssertEqual(run(session, "append-items K2").warnings.count, 1, "K2 is in the new one")
  }

  func testMoveItemAcrossSectionsTouchesBoth() {
    let session = flatSession()
    run(session, "rule no-reorder *")
    run(session, "expand --force Food")
    let outcome = run(session, "move-item Drinks after Tea")
    XCTAssertEqual(outcome.handlers, [], "no canReorderItem: the app's code moves it")
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "main"),
      ["Food", "Apple", "Pear"])
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"),
      ["Tea", "Drinks", "Coffee"])
    XCTAssertEqual(
      outcome.transaction?.sectionTransactions.map(\.sectionIdentifier), ["main", "s2"])
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").rootItems, ["Food", "Apple", "Pear"],
      "a flat snapshot has no hierarchy")
  }

  func testReloadsAndReconfiguresAreReportedAsTheSnapshotRecordsThem() {
    let session = flatSession()
    let history = session.history.count
    let reload = run(session, "reload-items Coffee Tea")
    XCTAssertEqual(reload.marks.reloadedItems, ["Coffee", "Tea"])
    XCTAssertNil(reload.transaction, "no row changes")
    XCTAssertEqual(reload.effect, .flat([.reloadItems(["Coffee", "Tea"])]))
    let reconfigure = run(session, "reconfigure-items Food")
    XCTAssertEqual(reconfigure.marks.reconfiguredItems, ["Food"])
    XCTAssertEqual(reconfigure.reconfigured, ["Food"])
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items, ["Food", "Apple", "Pear", "Drinks"],
      "a reconfigure changes no item: the hidden ones stay")
    let sections = run(session, "reload-sections s2 main")
    XCTAssertEqual(sections.marks.reloadedSections, ["s2", "main"])
    XCTAssertEqual(session.history.count, history, "a reload changes no state")
    XCTAssertEqual(session.dataSource.snapshot().reloadedItemIdentifiers, [], "consumed by apply")
  }

  func testReloadsAndReconfiguresKeepHiddenItemsWithNoFlatten() throws {
    let session = flatSession()
    let items = ["Food", "Apple", "Pear", "Drinks"]
    for command in [
      "reload-items Food", "reconfigure-items Drinks", "reload-sections main",
      "apply --reload-data",
    ] {
      let outcome = run(session, command)
      XCTAssertNil(outcome.error, command)
      XCTAssertEqual(session.dataSource.snapshot(for: "main").items, items, command)
      XCTAssertEqual(try session.dataSource.snapshot(for: "main").isExpanded("Food"), false)
    }
    run(session, "begin")
    run(session, "reload-items Food")
    run(session, "apply --reload-data")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items, items, "a batch of reloads drops nothing")
  }

  func testAMoveToWhereTheItemIsSaysSoAsMoveDoes() {
    let session = Session()
    run(session, "append-items X Y")
    let history = session.history.count
    let outcome = run(session, "move-item X before Y")
    XCTAssertEqual(outcome.note, "X is already there")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(session.history.count, history, "nothing changed")
    run(session, "begin")
    XCTAssertEqual(
      run(session, "move-item Y after X").note,
      "Y is already there\nin the batch's flat snapshot: 2 rows (apply makes the transaction)")
  }

  // MARK: Hidden items

  func testAnEditThatWouldDropHiddenItemsIsRefusedUnlessFlatten() {
    let session = flatSession()
    let message =
      "append-items would apply dataSource.snapshot(), which holds only the visible rows: "
      + "section main hides 2 items (Apple Pear) under collapsed items, which UIKit would drop; "
      + "expand them first, or add --flatten to drop them as UIKit does"
    assertRefused(session, "append-items Milk to-section main", .refused, message)
    assertRefused(session, "delete-items Drinks", .refused)
    assertRefused(session, "move-item Tea before Drinks", .refused)
    assertRefused(session, "insert-items Milk after Food", .refused)
    let outcome = run(session, "delete-items Drinks --flatten")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, ["Food"])
    XCTAssertEqual(
      changes(outcome.transaction!.sectionTransactions[0].difference),
      ["-1 Apple", "-2 Pear", "-3 Drinks"])
  }

  func testAHiddenItemIsNotInTheFlatSnapshot() {
    let session = flatSession()
    let message =
      "Apple is not in dataSource.snapshot(): it is hidden under collapsed Food, and the flat "
      + "snapshot holds only the visible rows (expand Food first)"
    assertRefused(session, "reload-items Apple", .unknownItem, message)
    assertRefused(session, "reconfigure-items Pear", .unknownItem)
    assertRefused(session, "move-item Tea after Apple --flatten", .unknownItem)
    assertRefused(session, "delete-items Apple --flatten", .unknownItem)
  }

  func testAddingAHiddenItemIsRefusedUnlessFlatten() {
    let session = flatSession()
    let message =
      "Apple is not in dataSource.snapshot(): it is hidden under collapsed Food, so append-items "
      + "would add it as a new item, and the apply would drop section main's 2 hidden items "
      + "(Apple Pear) as UIKit does; expand Food first, or add --flatten to go ahead"
    assertRefused(session, "append-items Apple", .refused, message)
    assertRefused(session, "append-items Apple to-section main", .refused)
    assertRefused(session, "insert-items Milk Pear after Tea", .refused)
    assertRefused(session, "insert-items Apple before Drinks", .refused)
    run(session, "begin")
    assertRefused(session, "append-items Pear", .refused)
    run(session, "discard")
    let outcome = run(session, "append-items Apple --flatten")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, ["Food", "Drinks"])
    XCTAssertEqual(session.dataSource.snapshot(for: "s2").items, ["Tea", "Coffee", "Apple"])
    XCTAssertEqual(
      outcome.note,
      "section main now flat: a flat snapshot has no hierarchy, so its items are roots (as in "
        + "UIKit)\ndropped the hidden items, as UIKit does: Apple Pear\nApple was hidden, so "
        + "not in dataSource.snapshot(): added again as new item")
  }

  // MARK: Errors

  func testUnknownItemsDuplicatesAndSectionsChangeNothing() {
    let session = flatSession()
    assertRefused(
      session, "reload-items Tee", .unknownItem,
      "Attempted to reload item identifier that does not exist in the snapshot: Tee "
        + "(did you mean \"Tea\"?)")
    // Apple's reconfigureItems says "reconfigure" where reloadItems says "reload".
    assertRefused(
      session, "reconfigure-items Tee", .unknownItem,
      "Attempted to reconfigure item identifier that does not exist in the snapshot: Tee "
        + "(did you mean \"Tea\"?)")
    assertRefused(session, "delete-items Tea Nope", .unknownItem)
    assertRefused(session, "insert-items Milk before Nope", .unknownItem)
    assertRefused(session, "move-item Nope before Tea", .unknownItem)
    assertRefused(
      session, "append-items Milk Milk", .duplicateItem,
      "Fatal: supplied item identifiers are not unique. Duplicate identifiers: Milk "
        + "(Milk is named twice)")
    assertRefused(session, "insert-items Tea after Tea", .invalidMove)
    assertRefused(
      session, "append-items Milk to-section s3", .unknownSection,
      "Section identifier was not found in the snapshot: s3 (did you mean \"s2\"?)")
    assertRefused(session, "reload-sections s3", .unknownSection)
  }

  // MARK: Batches

  func testABatchGathersFlatCommandsIntoOneTransaction() {
    let session = flatSession()
    run(session, "section use s2")
    run(session, "begin")
    let inBatch = run(session, "append-items Milk")
    XCTAssertNil(inBatch.transaction)
    XCTAssertEqual(
      inBatch.note, "in the batch's flat snapshot: 5 rows (apply makes the transaction)")
    run(session, "move-item Milk before Tea")
    let reconfigure = run(session, "reconfigure-items Coffee")
    XCTAssertEqual(reconfigure.marks, FlatMarks(), "reported at apply")
    XCTAssertEqual(session.outline.items, ["Milk", "Tea", "Coffee"], "queries see the batch")
    XCTAssertEqual(session.dataSource.snapshot(for: "s2").items, ["Tea", "Coffee"])
    let apply = run(session, "apply")
    XCTAssertEqual(changes(apply.transaction!.difference), ["+2 Milk"])
    XCTAssertEqual(apply.marks.reconfiguredItems, ["Coffee"])
    XCTAssertNil(session.batch)
    run(session, "undo")
    XCTAssertEqual(session.dataSource.snapshot(for: "s2").items, ["Tea", "Coffee"])
  }

  func testBeginEmptyStartsTheFlatSnapshotWithTheSectionEmptied() {
    let session = flatSession()
    run(session, "begin --empty")
    run(session, "append-items Everest K2 to-section main")
    let apply = run(session, "apply")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, ["Everest", "K2"])
    XCTAssertEqual(
      changes(apply.transaction!.difference), ["-0 Food", "-1 Drinks", "+0 Everest", "+1 K2"])
  }

  func testABatchTakesSectionEditsOrFlatCommandsNotBoth() {
    let session = flatSession()
    run(session, "begin")
    run(session, "append Milk")
    assertRefused(
      session, "append-items Juice", .refused,
      "this batch edits the section snapshot of \"main\": a flat snapshot command cannot join "
        + "it; apply or discard it first")
    run(session, "discard")
    run(session, "begin")
    run(session, "reload-items Tea")
    assertRefused(
      session, "append Juice", .refused,
      "this batch edits the flat snapshot (dataSource.snapshot()): a section snapshot edit "
        + "cannot join it; apply or discard it first")
    run(session, "apply")
  }

  // MARK: Reload data

  func testApplyReloadDataInASectionSnapshotBatchSaysToApplyAndKeepsTheBatch() {
    let session = flatSession()
    let items = session.dataSource.snapshot(for: "main").items
    run(session, "begin")
    run(session, "append Milk")
    assertRefused(
      session, "apply --reload-data", .refused,
      "apply --reload-data is applySnapshotUsingReloadData(_:), which takes an "
        + "NSDiffableDataSourceSnapshot, and this batch edits the section snapshot of \"main\": "
        + "use apply (apply(_:to:)); apply --reload-data after it reloads the applied state "
        + "with no difference animated")
    // The batch is still open, its working copy as it was: what the message says works.
    XCTAssertEqual(session.batch?.working.items, items + ["Milk"])
    run(session, "apply")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, items + ["Milk"])
    let reload = run(session, "apply --reload-data")
    XCTAssertTrue(reload.reloadsData)
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, items + ["Milk"])
  }

  func testApplyReloadDataOfTheCurrentStateChangesNothing() {
    let session = flatSession()
    let history = session.history.count
    let outcome = run(session, "apply --reload-data")
    XCTAssertTrue(outcome.reloadsData)
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(
      outcome.note,
      "no difference animated: the collection view reloads all its data, 4 rows in 2 sections "
        + "(the state is unchanged)")
    XCTAssertEqual(session.history.count, history)
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items, ["Food", "Apple", "Pear", "Drinks"])
  }

  func testApplyReloadDataOfABatchIsAStepWithNoAnimatedDifference() {
    let session = flatSession()
    run(session, "begin")
    run(session, "delete-items Tea")
    run(session, "reload-items Coffee")
    let outcome = run(session, "apply --reload-data")
    XCTAssertNil(session.batch)
    XCTAssertNil(outcome.transaction, "no difference is animated")
    XCTAssertEqual(outcome.marks.reloadedItems, ["Coffee"])
    XCTAssertEqual(
      outcome.note,
      "no difference animated: the collection view reloads all its data, 3 rows in 2 sections "
        + "(+0 −1 rows)")
    XCTAssertEqual(session.history.last?.command, "apply --reload-data")
    run(session, "undo")
    XCTAssertEqual(
      try session.dataSource.snapshot().itemIdentifiers(inSection: "s2"), ["Tea", "Coffee"])
  }

  func testLastAfterApplyReloadDataSaysSoAndShowsNoTransaction() {
    let session = flatSession()
    run(session, "begin")
    run(session, "delete-items Tea")
    run(session, "apply --reload-data")
    let last = run(session, "last")
    XCTAssertNil(last.transaction, "applySnapshotUsingReloadData makes no transaction")
    XCTAssertEqual(
      last.note,
      "last change: apply --reload-data: no transaction, no difference animated (the "
        + "collection view reloaded its data; +0 −1 rows)")
    XCTAssertEqual(
      last.json.serialized,
      #"{"command": "last", "ok": true, "handlers": [], "transaction": null, "note": "last "#
        + #"change: apply --reload-data: no transaction, no difference animated (the "#
        + #"collection view reloaded its data; +0 −1 rows)"}"#)
    run(session, "append-items Juice")
    XCTAssertNotNil(run(session, "last").transaction, "an animated change's transaction")
  }

  func testApplyReloadDataWithoutABatchIsNotTheBatchApply() {
    let session = flatSession()
    assertRefused(session, "apply", .refused, "no batch is open (\"begin\")")
  }

  /// A difference as `-1 Apple`, `+3 Kiwi`, moves with `->`/`<-`.
  func changes(_ difference: CollectionDifference<String>) -> [String] {
    var lines: [String] = []
    for case .remove(let offset, let item, let other) in difference.removals {
      lines.append("-\(offset) \(item)" + (other.map { " ->\($0)" } ?? ""))
    }
    for case .insert(let offset, let item, let other) in difference.insertions {
      lines.append("+\(offset) \(item)" + (other.map { " <-\($0)" } ?? ""))
    }
    return lines
  }
}
