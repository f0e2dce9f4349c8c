import Diffable
import OutlineLanguage
import XCTest

/// `move ITEM up|down`: a reorder that swaps an item with a sibling, through the reordering
/// handlers.
final class InterpreterShiftTests: XCTestCase {
  func testUpAndDownSwapWithASiblingAsAReorder() {
    let session = foodSession()
    run(session, "append Seed to Apple\nexpand --all")
    let up = run(session, "move Pear up")
    XCTAssertEqual(up.handlers.map(\.name), ["canReorderItem", "willReorder", "didReorder"])
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Seed", "Drinks", "Water"])
    let down = run(session, "move Food down")
    XCTAssertEqual(session.outline.items, ["Drinks", "Water", "Food", "Pear", "Apple", "Seed"])
    // The item moves with its subtree, in the section's items and in the visible rows.
    XCTAssertEqual(
      down.transaction?.sectionTransactions[0].difference.removedItems,
      ["Food", "Pear", "Apple", "Seed"])
    XCTAssertEqual(down.transaction?.difference.removedItems, ["Food", "Pear", "Apple", "Seed"])
    run(session, "move Food up")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks"])
  }

  func testUpSkipsThePreviousSiblingsDescendants() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    run(session, "append Seed to Apple")
    run(session, "move Pear up")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Seed", "Drinks", "Water"])
  }

  func testNoSiblingThatWayIsAnInvalidMoveThatChangesNothing() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    assertFails(
      session, "move Apple up", .invalidMove,
      "Invalid move: cannot move Apple up: it is the first of its siblings (no previous sibling)")
    assertFails(
      session, "move Pear down", .invalidMove,
      "Invalid move: cannot move Pear down: it is the last of its siblings (no next sibling)")
    assertFails(session, "move Food up", .invalidMove)
    assertFails(session, "move Water down", .invalidMove)
    assertFails(session, "move Nope down", .unknownItem)
  }

  func testARuleRefusesAndABatchDoesNotTakeIt() {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "rule no-reorder Pear")
    let refused = assertFails(session, "move Pear up", .refused)
    XCTAssertEqual(refused.handlers.map(\.name), ["canReorderItem"])
    run(session, "begin")
    assertFails(session, "move Drinks up", .refused)
  }
}
