import OutlineTestSupport
import XCTest

@testable import Diffable

// A user touches only what they see: the simulated gestures refuse an item on no row. In the
// pantry, Drinks is collapsed: Tea (expanded) and Green are hidden.
extension DataSourceTests {
  func testTapOnAHiddenItemThrowsNotVisibleAsksNoHandlerAndChangesNothing() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    // Green would expand, Tea (expanded) would collapse: neither is tapped.
    assertFails(
      dataSource, with: .notVisible("Green"),
      message: "Item identifier is on no visible row (a collapsed ancestor hides it): Green"
    ) { try dataSource.toggleDisclosure(of: "Green") }
    assertFails(dataSource, with: .notVisible("Tea")) {
      try dataSource.toggleDisclosure(of: "Tea")
    }
    XCTAssertEqual(recorder.calls, [])
    XCTAssertEqual(recorder.currents, [])
  }

  func testTapOnAnItemItsAncestorsTapRevealedGoesThrough() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    try dataSource.toggleDisclosure(of: "Drinks")
    let collapsed = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Tea").transaction)
    XCTAssertEqual(
      collapsed.finalSnapshot.itemIdentifiers,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea", "Snacks"])
    XCTAssertEqual(
      recorder.calls,
      [
        "shouldExpand Drinks", "willExpand Drinks", "snapshotForExpandingParent Drinks",
        "shouldCollapse Tea", "willCollapse Tea",
      ])
  }

  func testReorderOfAHiddenItemThrowsNotVisibleAsksNoHandlerAndChangesNothing() throws {
    let dataSource = try pantrySource()
    var calls: [String] = []
    dataSource.reorderingHandlers.canReorderItem = {
      calls.append("canReorder \($0)"); return true
    }
    dataSource.reorderingHandlers.willReorder = { _ in calls.append("willReorder") }
    dataSource.reorderingHandlers.didReorder = { _ in calls.append("didReorder") }
    assertFails(dataSource, with: .notVisible("Green")) {
      try dataSource.reorder("Green", to: .before("Food"))
    }
    assertFails(dataSource, with: .notVisible("Tea")) {
      try dataSource.reorder("Tea", to: .lastRoot)
    }
    try dataSource.apply(try outline(["-Elsewhere"]), to: "other")
    assertFails(dataSource, with: .notVisible("Tea")) {
      try dataSource.reorder("Tea", toSection: "other", at: .before("Elsewhere"))
    }
    XCTAssertEqual(calls, [])
  }

  func testReorderOfAVisibleItemUnderACollapsedParentGoesThroughAndHidesIt() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // The destination is a place in the tree: the item lands hidden, as on a collapsed folder.
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Snacks", to: .lastChild(of: "Drinks")).transaction)
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, pantryRows.dropLast())
    XCTAssertFalse(try dataSource.snapshot(for: "main").isVisible("Snacks"))
  }

  func testReorderWithoutTheVisibilityCheckMovesAHiddenItem() throws {
    let dataSource = try pantrySource()
    var asked: [String] = []
    dataSource.reorderingHandlers.canReorderItem = {
      asked.append($0); return true
    }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Green", to: .before("Food"), checkingVisibility: false)
        .transaction)
    XCTAssertEqual(asked, ["Green"])
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Green"] + pantryRows)
  }
}
