import Diffable
import OutlineLanguage
import XCTest

/// `Session`'s editing commands: each is the section snapshot API applied at once, with its
/// transaction; each library error becomes its SPEC code with Apple's message, nothing changed.
final class InterpreterEditingTests: XCTestCase {
  func testAppendToAnEmptySessionCreatesRootsInMain() throws {
    let session = Session()
    let outcome = run(session, "append Food Drinks")
    let transaction = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(offsets(transaction.insertionOffsets), [0, 1])
    let section = try XCTUnwrap(transaction.sectionTransactions.first)
    XCTAssertEqual(section.sectionIdentifier, "main")
    XCTAssertEqual(section.finalSnapshot.items, ["Food", "Drinks"])
    XCTAssertEqual(offsets(section.insertionOffsets), [0, 1])
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main"])
  }

  func testAppendUnderACollapsedParentChangesItemsButNoRows() throws {
    let session = foodSession()
    let transaction = try XCTUnwrap(run(session, "append Kiwi to Food").transaction)
    XCTAssertEqual(transaction.insertionOffsets.count, 0)
    XCTAssertEqual(transaction.removalOffsets.count, 0)
    let section = try XCTUnwrap(transaction.sectionTransactions.first)
    XCTAssertEqual(
      section.finalSnapshot.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(offsets(section.insertionOffsets), [3])
  }

  func testInsertBeforeAndAfterTakeTheAnchorsLevelAndAfterSkipsTheSubtree() throws {
    let session = foodSession()
    run(session, "insert Kiwi before Pear")
    let transaction = try XCTUnwrap(run(session, "insert Tea after Food").transaction)
    XCTAssertEqual(
      session.outline.items, ["Food", "Apple", "Kiwi", "Pear", "Tea", "Drinks", "Water"])
    XCTAssertEqual(session.outline.rootItems, ["Food", "Tea", "Drinks"])
    XCTAssertEqual(offsets(transaction.insertionOffsets), [1])  // rows: Food Tea Drinks
    XCTAssertEqual(offsets(transaction.sectionTransactions[0].insertionOffsets), [4])
  }

  func testDeleteRemovesTheSubtree() throws {
    let session = foodSession()
    let transaction = try XCTUnwrap(run(session, "delete Food").transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Drinks"])
    XCTAssertEqual(offsets(transaction.removalOffsets), [0])
    XCTAssertEqual(offsets(transaction.sectionTransactions[0].removalOffsets), [0, 1, 2])
    XCTAssertEqual(session.outline.items, ["Drinks", "Water"])
  }

  func testDeleteAllEmptiesTheSectionAndKeepsIt() throws {
    let session = foodSession()
    let transaction = try XCTUnwrap(run(session, "delete-all").transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, [])
    XCTAssertEqual(session.outline.count, 0)
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main"])
    XCTAssertNil(run(session, "delete-all").transaction, "deleting nothing changes nothing")
  }

  func testAppendingAnExistingItemIsDuplicateItem() {
    let session = foodSession()
    assertFails(
      session, "append Kiwi Apple", .duplicateItem,
      "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple"
        + " (Apple is already in section main)")
    assertFails(
      session, "append Kiwi Kiwi", .duplicateItem,
      "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Kiwi"
        + " (Kiwi is named twice)")
  }

  func testAppendToAnUnknownParentIsUnknownParentWithASuggestion() {
    assertFails(
      foodSession(), "append Kiwi to Fod", .unknownParent,
      #"Parent item identifier does not exist in section snapshot: Fod (did you mean "Food"?)"#)
  }

  func testInsertAgainstAnUnknownItemIsUnknownItem() {
    let session = foodSession()
    assertFails(
      session, "insert Kiwi before Aple", .unknownItem,
      #"Item identifier to insert before does not exist in section snapshot: Aple (did you mean "Apple"?)"#
    )
    assertFails(session, "insert Kiwi after Zzzzzz", .unknownItem)
  }

  func testDeleteWithAnUnknownItemDeletesNothing() {
    let outcome = assertFails(foodSession(), "delete Apple Nope", .unknownItem)
    XCTAssertEqual(outcome.error?.message, "Failed to find index of item Nope in section snapshot")
  }

  func testDeleteWithAMistypedItemSuggestsTheCloseOnesAndDeletesNothing() {
    let session = foodSession()
    run(session, "append Pears Peach")
    assertFails(
      session, "delete Pea Food", .unknownItem,
      #"Failed to find index of item Pea in section snapshot (did you mean "Pear", "Pears" or "Peach"?)"#
    )
    // A prefix that is too far for an edit.
    assertFails(
      session, "delete Dri Food", .unknownItem,
      #"Failed to find index of item Dri in section snapshot (did you mean "Drinks"?)"#)
  }

  func testChildSnapshotKeepsANamedSnapshotToInsertAndReplaceWith() throws {
    let session = foodSession()
    let child = run(session, "child-snapshot Food --including-parent as kept")
    XCTAssertEqual(child.result, .lines(["-*Food", "  - Apple", "  - Pear"]))
    XCTAssertNil(child.transaction)
    XCTAssertEqual(session.keptSnapshots["kept"]?.items, ["Food", "Apple", "Pear"])
    run(session, "delete Food")
    run(session, "insert @kept after Drinks")
    XCTAssertEqual(session.outline.items, ["Drinks", "Water", "Food", "Apple", "Pear"])
    run(session, "child-snapshot Food as fruit")
    // The kept children still exist in the outline: attaching them elsewhere clashes.
    assertFails(session, "replace-children Drinks with @fruit", .duplicateItem)
    run(session, "delete Apple Pear")
    run(session, "replace-children Drinks with @fruit")
    XCTAssertEqual(session.outline.items, ["Drinks", "Apple", "Pear", "Food"])
    assertFails(session, "replace-children Drinks with @nope", .unknownItem)
    assertFails(session, "child-snapshot Nope", .unknownParent)
    assertFails(session, "insert @fruit before Food", .duplicateItem)
  }

  func testChildSnapshotOfAnUnknownParentKeepsNothing() {
    let session = foodSession()
    assertFails(session, "child-snapshot Nope as kept", .unknownParent)
    XCTAssertNil(session.keptSnapshots["kept"])
  }
}
