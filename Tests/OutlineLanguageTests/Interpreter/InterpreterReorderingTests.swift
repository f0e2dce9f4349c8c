import Diffable
import OutlineLanguage
import XCTest

/// `move`, `drag`, `indent` and `outdent`: reorders through `canReorderItem`, `willReorder` and
/// `didReorder`, refused by `no-reorder` rules.
final class InterpreterReorderingTests: XCTestCase {
  func testMoveCallsTheReorderingHandlersInOrder() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "move Pear before Apple")
    XCTAssertEqual(
      outcome.handlers, [.canReorderItem("Pear", result: true), .willReorder, .didReorder])
    let transaction = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Food", "Pear", "Apple", "Drinks"])
    XCTAssertEqual(transaction.difference.count, 2, "one removal and one insertion")
    XCTAssertEqual(transaction.removalOffsets.count, 1)
    XCTAssertNotNil(transaction.removalOffsets[0].associatedWith)
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Drinks", "Water"])
  }

  func testMoveToAParentAndToRoot() throws {
    let session = foodSession()
    run(session, "expand Food Drinks")
    run(session, "move Water to Food")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Water", "Drinks"])
    XCTAssertEqual(try session.outline.parent(of: "Water"), "Food")
    run(session, "move Apple to-root")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Apple"])
    run(session, "move Drinks after Apple")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Apple", "Drinks"])
  }

  func testMovingToWhereItIsIsANote() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    let outcome = run(session, "move Apple before Pear")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(outcome.note, "Apple is already there")
    XCTAssertEqual(outcome.handlers, [.canReorderItem("Apple", result: true)])
  }

  func testMoveErrors() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    assertFails(
      session, "move Food to Apple", .invalidMove,
      "Invalid move: cannot move Food into its own subtree (Apple)")
    assertFails(session, "move Apple to Fod", .unknownParent)
    assertFails(session, "move Nope before Food", .unknownItem)
    assertFails(session, "move Apple after Nope", .unknownItem)
  }

  func testANoReorderRuleRefusesMoveWithTheRule() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    run(session, "rule no-collapse X\nrule no-reorder A?ple")
    let outcome = assertFails(
      session, "move Apple to-root", .refused,
      "move of \"Apple\" refused by rule 2: no-reorder A?ple")
    XCTAssertEqual(outcome.handlers, [.canReorderItem("Apple", result: false)])
  }

  func testDragMovesAVisibleRow() throws {
    let session = foodSession()
    let outcome = run(session, "drag 1 0")
    XCTAssertEqual(
      outcome.handlers, [.canReorderItem("Drinks", result: true), .willReorder, .didReorder])
    XCTAssertEqual(session.outline.rootItems, ["Drinks", "Food"])
    XCTAssertEqual(
      try XCTUnwrap(outcome.transaction).finalSnapshot.itemIdentifiers, ["Drinks", "Food"])
  }

  func testDragErrors() {
    let session = foodSession()
    assertFails(
      session, "drag 5 0", .invalidMove, "Invalid move: row 5 is not a visible row (0..<2)")
    assertFails(session, "drag 0 2", .invalidMove)
    run(session, "rule no-reorder Food")
    assertFails(
      session, "drag 0 1", .refused, "drag of \"Food\" refused by rule 1: no-reorder Food")
  }

  func testIndentMakesTheLastChildOfThePreviousSibling() throws {
    let session = foodSession()
    run(session, "expand Food Drinks")
    let outcome = run(session, "indent Drinks")
    XCTAssertEqual(outcome.handlers.map(\.name), ["canReorderItem", "willReorder", "didReorder"])
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(try session.outline.parent(of: "Drinks"), "Food")
    XCTAssertEqual(try session.outline.level(of: "Water"), 2)
    run(session, "indent Pear")
    XCTAssertEqual(try session.outline.parent(of: "Pear"), "Apple")
  }

  func testIndentWithoutAPreviousSiblingIsInvalidMove() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    assertFails(
      session, "indent Food", .invalidMove,
      "Invalid move: cannot indent \"Food\": it has no previous sibling")
    assertFails(session, "indent Apple", .invalidMove)
    assertFails(session, "indent Nope", .unknownItem)
  }

  func testOutdentMakesTheNextSiblingOfTheParent() throws {
    let session = foodSession()
    run(session, "expand Food Drinks")
    run(session, "outdent Apple")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Drinks", "Water"])
    XCTAssertEqual(session.outline.rootItems, ["Food", "Apple", "Drinks"])
  }

  func testOutdentOfARootIsInvalidMove() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    assertFails(
      session, "outdent Food", .invalidMove, "Invalid move: cannot outdent \"Food\": it is a root")
    run(session, "rule no-reorder *")
    assertFails(session, "outdent Apple", .refused)
  }
}
