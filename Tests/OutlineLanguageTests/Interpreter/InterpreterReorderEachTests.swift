import Diffable
import OutlineLanguage
import XCTest

/// Several items, one command: `indent`, `outdent`, `move` of several items (one reorder per
/// item through the handlers, one step of the history), `outdent --in-place`, `duplicate` and
/// `delete` of several items or a row range; a failure on any item changes nothing.
final class InterpreterReorderEachTests: XCTestCase {
  /// `Food (Apple Pear Kiwi) Drinks (Water)`, all expanded.
  private func fruitSession() -> Session {
    let session = foodSession()
    run(session, "append Kiwi to Food\nexpand Food Drinks")
    return session
  }

  func testIndentOfSeveralKeepsTheirOrderUnderTheFirstOnesPreviousSibling() throws {
    let session = fruitSession()
    let outcome = run(session, "indent Kiwi Pear")
    XCTAssertEqual(outcome.parsed, .interactions(.reorderEach(["Kiwi", "Pear"], .indent)))
    XCTAssertEqual(try session.outline.parent(of: "Pear"), "Apple")
    XCTAssertEqual(try session.outline.parent(of: "Kiwi"), "Apple")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(
      outcome.effect,
      .reorders([
        Reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"),
        Reorder("Kiwi", to: .lastChild(of: "Apple")),
      ]))
    XCTAssertEqual(
      outcome.handlers,
      [
        .canReorderItem("Pear", result: true), .willReorder, .didReorder,
        .canReorderItem("Kiwi", result: true), .willReorder, .didReorder,
      ])
    XCTAssertEqual(outcome.steps.count, 2)
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks"])
    XCTAssertEqual(try session.outline.parent(of: "Kiwi"), "Food", "one undo takes all back")
  }

  func testOutdentOfSeveralKeepsTheirOrderAfterTheParent() throws {
    let session = fruitSession()
    run(session, "outdent @2..3")  // Pear, Kiwi
    XCTAssertEqual(session.outline.rootItems, ["Food", "Pear", "Kiwi", "Drinks"])
  }

  func testOutdentInPlaceKeepsTheReadingOrderAndAdoptsTheLaterSiblings() throws {
    let session = fruitSession()
    let before = session.outline.items
    let outcome = run(session, "outdent --in-place Apple")
    XCTAssertEqual(session.outline.items, before, "no item changes place in items")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Apple", "Drinks"])
    XCTAssertEqual(try session.outline.parent(of: "Pear"), "Apple")
    XCTAssertEqual(try session.outline.parent(of: "Kiwi"), "Apple")
    XCTAssertEqual(
      outcome.effect,
      .reorders([
        Reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"),
        Reorder("Kiwi", to: .lastChild(of: "Apple")),
        Reorder("Apple", to: .after("Food")),
      ]))
    XCTAssertEqual(outcome.parsed?.description, "outdent --in-place Apple")
    // Plain outdent stays Workflowy's: after the parent's subtree.
    let plain = fruitSession()
    run(plain, "outdent Apple")
    XCTAssertEqual(plain.outline.items, ["Food", "Pear", "Kiwi", "Apple", "Drinks", "Water"])
  }

  /// The command's items are checked once, before its first reorder: an item that an earlier
  /// reorder put under a collapsed parent still takes its turn.
  func testOutdentInPlaceOfAnItemThatAnEarlierStepHidGoesThrough() {
    let session = Session()
    run(session, "append Food\nappend Apple Pear Plum to Food\nappend Seed to Apple\nexpand Food")
    // Apple's step puts Pear and Plum under the collapsed Apple; then Plum leaves it.
    let outcome = run(session, "outdent --in-place Apple Plum")
    // The record says which turn moved an item no row showed (the emitted test passes it so).
    XCTAssertEqual(
      outcome.effect,
      .reorders([
        Reorder("Pear", to: .lastChild(of: "Apple")), Reorder("Plum", to: .lastChild(of: "Apple")),
        Reorder("Apple", to: .after("Food")),
        Reorder("Plum", to: .after("Apple"), wasHidden: true),
      ]))
    XCTAssertEqual(session.outline.rootItems, ["Food", "Apple", "Plum"])
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Seed", "Pear", "Plum"])
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple", "Plum"])
  }

  func testMoveOfSeveralKeepsTheirOrderAtEveryDestination() {
    var session = fruitSession()
    run(session, "move Kiwi Apple after Water")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Drinks", "Water", "Apple", "Kiwi"])
    session = fruitSession()
    run(session, "move Kiwi Apple before Pear")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Kiwi", "Pear", "Drinks", "Water"])
    session = fruitSession()
    run(session, "move Apple Kiwi to Drinks")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Drinks", "Water", "Apple", "Kiwi"])
    session = fruitSession()
    run(session, "move Apple Kiwi to-root")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Apple", "Kiwi"])
  }

  func testADescendantOfAnotherItemNamedGoesAlongWithIt() {
    let session = fruitSession()
    run(session, "move Apple Food Pear to-root")
    XCTAssertEqual(session.outline.items, ["Drinks", "Water", "Food", "Apple", "Pear", "Kiwi"])
    let copies = fruitSession()
    run(copies, "duplicate Apple Food")
    XCTAssertEqual(
      copies.outline.items,
      [
        "Food", "Apple", "Pear", "Kiwi", "Food (2)", "Apple (2)", "Pear (2)", "Kiwi (2)",
        "Drinks", "Water",
      ])
  }

  func testDuplicateOfSeveralIsOneTransactionAndTheFirstCopyIsCurrent() throws {
    let session = fruitSession()
    let outcome = run(session, "duplicate @1 @3")
    XCTAssertEqual(outcome.parsed, .editing(.duplicateEach(["Apple", "Kiwi"])))
    XCTAssertEqual(
      session.outline.items,
      ["Food", "Apple", "Apple (2)", "Pear", "Kiwi", "Kiwi (2)", "Drinks", "Water"])
    XCTAssertEqual(session.currentItem, "Apple (2)")
    XCTAssertEqual(outcome.note, "copied 2 items as \"Apple (2)\", \"Kiwi (2)\"")
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
  }

  func testDeleteOfARowRange() {
    let session = fruitSession()
    run(session, "delete @1..3")
    XCTAssertEqual(session.outline.items, ["Food", "Drinks", "Water"])
  }

  func testAFailureOnAnyItemChangesNothing() {
    let session = fruitSession()
    run(session, "rule no-reorder Kiwi")
    let history = session.history.count
    // Pear indents under Apple, then Apple cannot: it is the first child.
    assertFails(session, "indent Pear Apple", .invalidMove)
    assertFails(session, "outdent Apple Food", .invalidMove)
    assertFails(session, "outdent --in-place Drinks", .invalidMove)
    assertFails(
      session, "move Apple Pear to Apple", .invalidMove,
      "Invalid move: Apple is one of the items moved, so it cannot be where they go")
    // Drinks goes into Apple first; then Food cannot go inside its own subtree: undone.
    assertFails(session, "move Food Drinks to Apple", .invalidMove)
    assertFails(session, "move Apple Nope after Water", .unknownItem)
    assertFails(session, "duplicate Apple Nope", .unknownItem)
    assertFails(session, "indent @2..9", .unknownItem)
    assertFails(session, "move Apple Kiwi to-root", .refused)
    assertFails(session, "outdent --in-place Pear", .refused)
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(session.history.count, history, "failures add nothing to the history")
  }

  func testAHiddenItemIsNotVisibleBeforeAnyHandlerIsAsked() {
    let session = fruitSession()
    run(session, "collapse Drinks")
    let outcome = assertFails(session, "indent Pear Water", .notVisible)
    XCTAssertEqual(outcome.handlers, [])
  }

  func testSeveralItemsWhereOneIsTakenIsASyntaxError() {
    for line in ["move A B up", "move A B to-section S", "duplicate A B as C"] {
      XCTAssertEqual(CommandParser.parse(line: line)[0].error?.code, .syntax, line)
    }
    XCTAssertEqual(
      CommandParser.parse(line: "move A B up")[0].error?.message,
      "\"move … up\" takes one item")
    XCTAssertEqual(CommandParser.parse(line: "indent --in-place A")[0].error?.code, .syntax)
  }

  func testTheCanonicalTextParsesBack() throws {
    for text in [
      "indent A B", "outdent A B", "outdent --in-place A", "move A B after C",
      "move A B to-root", "duplicate A B",
    ] {
      let command = try CommandParser.parse(command: text)
      XCTAssertEqual(command.description, text)
      XCTAssertEqual(try CommandParser.parse(command: command.description), command)
    }
  }
}
