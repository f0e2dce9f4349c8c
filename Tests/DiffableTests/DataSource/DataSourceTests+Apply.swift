import OutlineTestSupport
import XCTest

@testable import Diffable

// Apply.
extension DataSourceTests {
  func testApplyStoresTheTreeAndTheFlatSnapshotHoldsExactlyTheVisibleItems() throws {
    let dataSource = Source()
    let tree = try pantry()
    let transaction = try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main"), tree)
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(), tree.visualDescriptionLines())
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows)
    XCTAssertEqual(try dataSource.snapshot().itemIdentifiers(inSection: "main"), pantryRows)
    XCTAssertEqual(dataSource.snapshot().numberOfItems, 7)
    XCTAssertFalse(dataSource.snapshot().contains("Tea"), "a hidden item is not a row")
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, pantryRows)
    XCTAssertEqual(transaction.initialSnapshot.numberOfSections, 0)
    XCTAssertEqual(insertions(transaction), (0..<7).map { Change(offset: $0) })
    XCTAssertEqual(removals(transaction), [])
    assertReplays(transaction)
  }

  func testApplyToAMissingSectionAddsItAtTheEnd() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-A"]), to: "a")
    try dataSource.apply(try outline(["-B"]), to: "b")
    try dataSource.apply(try outline(["-C"]), to: "c")
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["a", "b", "c"])
    // Applying to an existing section keeps its place.
    try dataSource.apply(try outline(["-A2"]), to: "a")
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["a", "b", "c"])
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["A2", "B", "C"])
  }

  func testSnapshotForSectionReturnsACopyOfTheStoredTree() throws {
    let dataSource = try pantrySource()
    var copy = dataSource.snapshot(for: "main")
    XCTAssertEqual(copy, try pantry())
    try copy.append(["Extra"], to: "Drinks")
    copy.collapse(["Food"])
    try copy.delete(["Apple"])
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows)
  }

  func testATakenCopyIsNotChangedByLaterApplies() throws {
    let dataSource = try pantrySource()
    let copy = dataSource.snapshot(for: "main")
    let flat = dataSource.snapshot()
    try dataSource.toggleDisclosure(of: "Food")
    try dataSource.apply(try outline(["-Other"]), to: "main")
    XCTAssertEqual(copy, try pantry())
    XCTAssertEqual(copy.visualDescriptionLines(), try pantry().visualDescriptionLines())
    XCTAssertEqual(flat.itemIdentifiers, pantryRows)
  }

  func testApplyingTheStoredSnapshotAgainChangesNothing() throws {
    let dataSource = try pantrySource()
    let transaction = try dataSource.apply(dataSource.snapshot(for: "main"), to: "main")
    XCTAssertTrue(transaction.isEmpty)
    XCTAssertEqual(removals(transaction), [])
    XCTAssertEqual(insertions(transaction), [])
    XCTAssertTrue(transaction.sectionTransactions.allSatisfy { $0.difference.isEmpty })
    XCTAssertEqual(transaction.initialSnapshot, transaction.finalSnapshot)
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
  }

  func testSnapshotForUnknownSectionIsEmpty() throws {
    let dataSource = try pantrySource()
    XCTAssertEqual(dataSource.snapshot(for: "nowhere").items, [])
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["main"])
  }

  func testSectionFilledThroughAFlatSnapshotGivesItsItemsAsRoots() throws {
    let dataSource = Source()
    var flat = Snapshot<String, String>()
    try flat.appendSections(["list"])
    try flat.appendItems(["A", "B", "C"])
    dataSource.apply(flat)
    let tree = dataSource.snapshot(for: "list")
    XCTAssertEqual(tree.items, ["A", "B", "C"])
    XCTAssertEqual(tree.rootItems, ["A", "B", "C"])
    XCTAssertEqual(tree.visibleItems, ["A", "B", "C"])
    XCTAssertEqual(tree.expandedItems, [])
    XCTAssertEqual(tree.visualDescriptionLines(), ["-*A", "-*B", "-*C"])
  }

  func testApplyingAFlatSnapshotKeepsTheTreeOfAnUnchangedSection() throws {
    let dataSource = try pantrySource()
    var flat = dataSource.snapshot()
    try flat.appendSections(["more"])
    try flat.appendItems(["M"], toSection: "more")
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows + ["M"])
    XCTAssertEqual(insertions(transaction), [Change(offset: 7)])
    XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["more"])
    assertReplays(transaction)
  }

  func testApplyingAFreshlyBuiltSnapshotLosesExpansion() throws {
    let dataSource = try pantrySource()
    // The same items, built anew and nothing expanded.
    let fresh = try outline([
      "-Food", "  -Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks", "  -Tea",
      "    -Green", "-Snacks",
    ])
    let transaction = try dataSource.apply(fresh, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, [])
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Snacks"])
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    // The tree did not change its items, only its expansion.
    XCTAssertTrue(transaction.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(removals(transaction), [1, 2, 3, 4].map { Change(offset: $0) })
    assertReplays(transaction)
  }

  func testStartingFromSnapshotForKeepsExpansion() throws {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    try tree.append(["Cake"], to: "Food")
    try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, ["Food", "Fruit", "Tea"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Cake", "Drinks", "Snacks"])
  }
}
