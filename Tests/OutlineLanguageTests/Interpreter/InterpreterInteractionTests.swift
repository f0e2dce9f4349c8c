import Diffable
import OutlineLanguage
import XCTest

/// `expand` and `collapse`: disclosure taps through the section snapshot handlers, the rules
/// that refuse or load them, and the `--force` form that calls no handler.
final class InterpreterInteractionTests: XCTestCase {
  func testExpandCallsShouldWillAndSnapshotForExpandingParentInOrder() throws {
    let session = foodSession()
    let outcome = run(session, "expand Food")
    XCTAssertEqual(
      outcome.handlers,
      [
        .shouldExpandItem("Food", result: true), .willExpandItem("Food"),
        .snapshotForExpandingParent(
          "Food", current: roots(["Apple", "Pear"]), result: roots(["Apple", "Pear"])),
      ])
    XCTAssertEqual(
      outcome.handlers.map(\.name),
      ["shouldExpandItem", "willExpandItem", "snapshotForExpandingParent"])
    let transaction = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertEqual(offsets(transaction.insertionOffsets), [1, 2])
    XCTAssertEqual(transaction.sectionTransactions[0].difference.count, 0, "items unchanged")
    XCTAssertEqual(session.outline.expandedItems, ["Food"])
  }

  func testCollapseCallsShouldAndWillCollapse() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "collapse Food")
    XCTAssertEqual(
      outcome.handlers, [.shouldCollapseItem("Food", result: true), .willCollapseItem("Food")])
    XCTAssertEqual(offsets(try XCTUnwrap(outcome.transaction).removalOffsets), [1, 2])
  }

  func testExpandingAnExpandedItemIsANoteWithoutHandlers() {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "expand Food")
    XCTAssertEqual(outcome.note, "Food is already expanded")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(run(session, "collapse Drinks").note, "Drinks is already collapsed")
  }

  func testExpandingALeafChangesOnlyItsFlag() throws {
    let session = foodSession()
    XCTAssertNotNil(run(session, "expand Drinks").transaction)
    let leaf = run(session, "expand Water")
    let transaction = try XCTUnwrap(leaf.transaction, "the expanded flag is a change")
    XCTAssertEqual(transaction.insertionOffsets.count, 0)
    XCTAssertEqual(session.outline.expandedItems, ["Drinks", "Water"])
  }

  /// Two taps are two transactions, as UIKit applies each tap (SPEC §2, `--json`); the history
  /// keeps the command as one step, so `undo` undoes both.
  func testExpandingSeveralItemsMakesATransactionPerTap() throws {
    let session = foodSession()
    let changes = session.history.count
    let outcome = run(session, "expand Food Drinks")
    XCTAssertEqual(outcome.handlers.count, 6)
    XCTAssertEqual(outcome.steps.map(\.handlerCount), [3, 3])
    let (first, second) = (outcome.steps[0].transaction, outcome.steps[1].transaction)
    XCTAssertEqual(first.initialSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(offsets(first.insertionOffsets), [1, 2])
    XCTAssertEqual(second.initialSnapshot, first.finalSnapshot)
    XCTAssertEqual(offsets(second.insertionOffsets), [4])
    XCTAssertEqual(
      outcome.transaction?.finalSnapshot.itemIdentifiers, second.finalSnapshot.itemIdentifiers)
    XCTAssertEqual(session.history.count, changes + 1)
    run(session, "undo")
    XCTAssertEqual(session.outline.expandedItems, [])
  }

  func testExpandOfAnUnknownItemFailsBeforeAnyHandler() {
    let session = foodSession()
    let outcome = assertFails(
      session, "expand Food Fodo", .unknownItem,
      #"Item identifier does not exist in section snapshot: Fodo (did you mean "Food"?)"#)
    XCTAssertEqual(outcome.handlers, [])
    assertFails(session, "collapse Nope", .unknownItem)
    assertFails(session, "expand --force Nope", .unknownItem)
  }

  func testARefusedExpandNamesTheRuleAndChangesNothing() {
    let session = foodSession()
    run(session, "rule no-expand Food")
    let outcome = assertFails(
      session, "expand Food", .refused, "expand of \"Food\" refused by rule 1: no-expand Food")
    XCTAssertEqual(outcome.handlers, [.shouldExpandItem("Food", result: false)])
  }

  func testARefusedCollapseMatchesAGlob() {
    let session = Session()
    run(session, "append Favourites Recent\nappend A to Favourites\nexpand Favourites")
    run(session, #"rule no-collapse "Fav*""#)
    let outcome = assertFails(
      session, "collapse Favourites", .refused,
      "collapse of \"Favourites\" refused by rule 1: no-collapse Fav*")
    XCTAssertEqual(outcome.handlers, [.shouldCollapseItem("Favourites", result: false)])
  }

  func testARefusalLaterInTheCommandUndoesTheEarlierTaps() {
    let session = foodSession()
    run(session, "rule no-expand Drinks")
    let outcome = assertFails(session, "expand Food Drinks", .refused)
    XCTAssertEqual(outcome.handlers.map(\.name).last, "shouldExpandItem")
    XCTAssertEqual(session.outline.expandedItems, [])
  }

  func testALazyRuleLoadsChildrenOnTheFirstExpand() throws {
    let session = Session()
    run(session, "append Later Other\nrule lazy Later A B")
    let outcome = run(session, "expand Later")
    XCTAssertEqual(
      outcome.handlers.last,
      .snapshotForExpandingParent("Later", current: roots([]), result: roots(["A", "B"])))
    let transaction = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Later", "A", "B", "Other"])
    XCTAssertEqual(offsets(transaction.sectionTransactions[0].insertionOffsets), [1, 2])
    XCTAssertEqual(try session.outline.parent(of: "B"), "Later")
  }

  func testALazyRuleLeavesExistingChildrenAlone() {
    let session = foodSession()
    run(session, "rule lazy Food Kiwi")
    let outcome = run(session, "expand Food")
    if case .snapshotForExpandingParent(_, let current, let result) = outcome.handlers.last {
      XCTAssertEqual(result, current)
    } else {
      XCTFail("\(outcome.handlers)")
    }
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
  }

  func testALazyChildThatAlreadyExistsIsDuplicateItem() {
    let session = foodSession()
    run(session, "expand Drinks")
    run(session, "rule lazy Water Apple")
    let outcome = assertFails(session, "expand Water", .duplicateItem)
    XCTAssertEqual(outcome.handlers.map(\.name).count, 3)
  }

  func testForceCallsNoHandlerAndIgnoresRules() throws {
    let session = foodSession()
    run(session, "rule no-expand *")
    let outcome = run(session, "expand --force Food Drinks")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(
      try XCTUnwrap(outcome.transaction).finalSnapshot.itemIdentifiers,
      ["Food", "Apple", "Pear", "Drinks", "Water"])
    let again = run(session, "expand --force Food")
    XCTAssertNil(again.transaction)
    XCTAssertEqual(again.note, "Food is already expanded")
    XCTAssertNotNil(run(session, "collapse --force Food").transaction)
  }
}
