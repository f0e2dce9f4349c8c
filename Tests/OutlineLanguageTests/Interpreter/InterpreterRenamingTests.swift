import Diffable
import OutlineLanguage
import XCTest

/// `rename` and `duplicate`: new identifiers, so new items to the data source (SPEC §3,
/// "Outline editing").
final class InterpreterRenamingTests: XCTestCase {
  func testRenameIsARemovalAndAnInsertionInPlaceKeepingChildrenAndExpansion() {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "rename Food Groceries")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(session.outline.items, ["Groceries", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(session.outline.expandedItems, ["Groceries"])
    XCTAssertEqual(try session.outline.parent(of: "Apple"), "Groceries")
    let transaction = outcome.transaction!
    XCTAssertEqual(moves(transaction.removalOffsets), ["0->nil"])
    XCTAssertEqual(moves(transaction.insertionOffsets), ["0->nil"])
    let section = transaction.sectionTransactions[0].difference
    XCTAssertEqual(section.removedItems, ["Food"])
    XCTAssertEqual(section.insertedItems, ["Groceries"])
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(session.outline.expandedItems, ["Food"])
  }

  func testRenameKeepsAnOwnTitleAndTheDefaultTitleFollows() {
    let session = foodSession()
    run(session, "retitle Pear \"Conference pear\"")
    run(session, "rename Pear P1\nrename Apple A1")
    XCTAssertEqual(session.contents.title(of: "P1"), "Conference pear")
    XCTAssertEqual(session.contents.title(of: "A1"), "A1")
    run(session, "undo\nundo")
    XCTAssertEqual(session.contents.title(of: "Pear"), "Conference pear")
    XCTAssertEqual(session.contents.items.keys.sorted(), ["Pear"])
  }

  func testRenameToATakenIdentifierFailsAndChangesNothing() {
    let session = foodSession()
    run(session, "section add Other\nsection use Other\nappend Elsewhere\nsection use main")
    assertFails(session, "rename Apple Pear", .duplicateItem)
    assertFails(session, "rename Apple Drinks", .duplicateItem)
    assertFails(session, "rename Apple Elsewhere", .duplicateItem)
    assertFails(session, "rename Aple Fruit", .unknownItem)
    XCTAssertEqual(run(session, "rename Apple Apple").note, "Apple is already its identifier")
  }

  func testRenameInABatchTakesNamesFreedInTheWorkingCopy() {
    let session = foodSession()
    run(session, "begin\ndelete Pear\nrename Apple Pear")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Drinks", "Water"])
    let applied = run(session, "apply")
    XCTAssertEqual(
      applied.transaction?.sectionTransactions[0].difference.removedItems, ["Apple"])
  }

  func testDuplicateCopiesTheSubtreeRightAfterItWithOneSuffix() {
    let session = foodSession()
    run(session, "expand Food\nappend Seed to Apple\nexpand --force Apple")
    let outcome = run(session, "duplicate Food")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(
      session.outline.items,
      [
        "Food", "Apple", "Seed", "Pear", "Food (2)", "Apple (2)", "Seed (2)", "Pear (2)", "Drinks",
        "Water",
      ])
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple", "Food (2)", "Apple (2)"])
    XCTAssertEqual(
      outcome.transaction?.sectionTransactions[0].insertionOffsets.map(\.offset), [4, 5, 6, 7])
    XCTAssertEqual(
      outcome.note, "copied 4 items as \"Food (2)\", \"Apple (2)\", \"Seed (2)\", \"Pear (2)\"")
    // A copy reads as its original.
    XCTAssertEqual(session.contents.title(of: "Apple (2)"), "Apple")
    run(session, "undo")
    XCTAssertEqual(session.outline.count, 6)
    XCTAssertEqual(session.contents.items, [:])
  }

  func testDuplicatePicksTheFirstSuffixFreeForTheWholeSubtree() {
    let session = foodSession()
    run(session, "append \"Pear (2)\" \"Food (3)\"")
    run(session, "duplicate Food")
    XCTAssertEqual(
      session.outline.rootItems, ["Food", "Food (4)", "Drinks", "Pear (2)", "Food (3)"])
    XCTAssertEqual(session.outline.items[2...3], ["Pear", "Food (4)"])
    XCTAssertEqual(try session.outline.parent(of: "Apple (4)"), "Food (4)")
  }

  func testDuplicateAsNewNamesTheCopy() {
    let session = foodSession()
    run(session, "retitle Apple \"Red apple\"")
    run(session, "duplicate Food as Market")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Market", "Drinks"])
    XCTAssertEqual(try session.outline.parent(of: "Apple (2)"), "Market")
    XCTAssertEqual(session.contents.title(of: "Market"), "Market")
    XCTAssertEqual(session.contents.title(of: "Apple (2)"), "Red apple")
    run(session, "duplicate Water as Soda")
    XCTAssertEqual(try session.outline.parent(of: "Soda"), "Drinks")
  }

  func testDuplicateFailuresChangeNothing() {
    let session = foodSession()
    assertFails(session, "duplicate Food as Drinks", .duplicateItem)
    assertFails(session, "duplicate Nope", .unknownItem)
  }

  func testDuplicateSkipsASuffixTakenInAnotherSectionOrByTheNewName() {
    let session = foodSession()
    run(session, "section add Archive\nsection use Archive\nappend \"Pear (2)\"\nsection use main")
    run(session, "duplicate Food")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Food (3)", "Drinks"])
    XCTAssertEqual(try session.outline.parent(of: "Pear (3)"), "Food (3)")
    // NEW is the name the suffix would give a descendant: the next suffix is taken.
    run(session, "duplicate Drinks as \"Water (2)\"")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Food (3)", "Drinks", "Water (2)"])
    XCTAssertEqual(try session.outline.parent(of: "Water (3)"), "Water (2)")
    XCTAssertEqual(session.dataSource.snapshot(for: "Archive").items, ["Pear (2)"])
  }
}
