import OutlineTestSupport
import XCTest

@testable import Diffable

// Errors leave the data source unchanged.
extension DataSourceTests {
  func testReorderOfUnknownItemThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .itemNotFound("Nope")) {
      try dataSource.reorder("Nope", to: .before("Food"))
    }
    assertFails(dataSource, with: .itemNotFound("Nope")) {
      try dataSource.reorder("Food", to: .after("Nope"))
    }
  }

  func testReorderIntoItsOwnSubtreeThrowsInvalidMoveAndChangesNothing() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    assertFails(
      dataSource, with: .invalidMove("cannot move Food into its own subtree (Apple)"),
      message: "Invalid move: cannot move Food into its own subtree (Apple)"
    ) { try dataSource.reorder("Food", to: .firstChild(of: "Apple")) }
    assertFails(dataSource, with: .invalidMove("cannot move Food into its own subtree")) {
      try dataSource.reorder("Food", to: .lastChild(of: "Food"))
    }
    assertFails(dataSource, with: .invalidMove("cannot move Drinks into its own subtree (Green)")) {
      try dataSource.reorder("Drinks", to: .after("Green"))
    }
    XCTAssertEqual(reorders, 0)
  }

  func testReorderNextToAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere"]), to: "other")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .itemNotFound("Elsewhere")) {
      try dataSource.reorder("Snacks", to: .after("Elsewhere"))
    }
  }

  func testDragWithRowsOutOfRangeThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .invalidMove("row 7 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 7, toRow: 0)
    }
    assertFails(dataSource, with: .invalidMove("row -1 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: -1, toRow: 0)
    }
    assertFails(dataSource, with: .invalidMove("row 7 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 6, toRow: 7)
    }
    assertFails(dataSource, with: .invalidMove("row -1 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 6, toRow: -1)
    }
    // The lift collapses Fruit: 5 rows remain.
    assertFails(
      dataSource,
      with: .invalidMove("row 5 is not a visible row once the drag's lift collapses Fruit (0..<5)")
    ) {
      try dataSource.drag(in: "main", fromRow: 1, toRow: 5)
    }
  }

  func testDragInUnknownSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .sectionNotFound("nowhere")) {
      try dataSource.drag(in: "nowhere", fromRow: 0, toRow: 1)
    }
  }

  func testApplyingAFreshTreeHoldingAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere", "-Other"]), to: "other")
    let tree = try outline(["-Food", "-Elsewhere"])
    assertFails(
      dataSource, with: .duplicateItems(["Elsewhere"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Elsewhere"
    ) { try dataSource.apply(tree, to: "main") }
    // Also into a new section.
    assertFails(dataSource, with: .duplicateItems(["Apple"])) {
      try dataSource.apply(try! self.outline(["-Apple"]), to: "third")
    }
  }

  func testApplyingAnEditedTreeHoldingAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere", "-Other"]), to: "other")
    // Each single edit (the data source checks only what the edit added).
    var appended = dataSource.snapshot(for: "main")
    try appended.append(["Elsewhere"], to: "Tea")
    var inserted = dataSource.snapshot(for: "main")
    try inserted.insert(try outline(["-New", "  -Other"]), after: "Pear")
    var replaced = dataSource.snapshot(for: "main")
    try replaced.replace(childrenOf: "Drinks", using: try outline(["-Tea", "-Elsewhere"]))
    for tree in [appended, inserted, replaced] {
      assertFails(
        dataSource, with: .duplicateItems([tree.contains("Other") ? "Other" : "Elsewhere"])
      ) {
        try dataSource.apply(tree, to: "main")
      }
    }
    // And after two edits.
    var twice = dataSource.snapshot(for: "main")
    try twice.append(["New"])
    try twice.append(["Elsewhere"], to: "New")
    assertFails(dataSource, with: .duplicateItems(["Elsewhere"])) {
      try dataSource.apply(twice, to: "main")
    }
  }
}
