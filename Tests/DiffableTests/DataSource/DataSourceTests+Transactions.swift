import OutlineTestSupport
import XCTest

@testable import Diffable

// Transactions.
extension DataSourceTests {
  func testOneDraggedLeafIsOneRemovalAndOneInsertionAssociatedWithEachOther() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 6, toRow: 1).transaction)
    let difference = transaction.difference
    XCTAssertEqual(difference.removals.count, 1)
    XCTAssertEqual(difference.insertions.count, 1)
    guard case .remove(let from, let removed, let removedTo)? = difference.removals.first,
      case .insert(let to, let inserted, let insertedFrom)? = difference.insertions.first
    else { return XCTFail("expected one removal and one insertion, got \(difference)") }
    XCTAssertEqual([removed, inserted], ["Snacks", "Snacks"])
    XCTAssertEqual(from, 6)
    XCTAssertEqual(to, 1)
    XCTAssertEqual(removedTo, to)
    XCTAssertEqual(insertedFrom, from)
    // The WWDC backing-store recipe.
    var backingStore = transaction.initialSnapshot.itemIdentifiers
    if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
    XCTAssertEqual(backingStore, transaction.finalSnapshot.itemIdentifiers)
    XCTAssertEqual(backingStore, dataSource.snapshot().itemIdentifiers)
    assertReplays(transaction)
  }

  func testOneReorderedLeafIsOneAssociatedPairToo() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Apple", to: .after("Bread")).transaction)
    XCTAssertEqual(removals(transaction), [Change(offset: 2, associatedWith: 4)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 4, associatedWith: 2)])
    XCTAssertEqual(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
      transaction.finalSnapshot.itemIdentifiers)
  }

  func testSectionTransactionCarriesBothSectionSnapshotsAndTheDifferenceOfAllItems() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Drinks is collapsed: it moves with its hidden Tea and Green.
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Drinks", to: .before("Food")).transaction)
    XCTAssertEqual(transaction.sectionTransactions.count, 1)
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(section.sectionIdentifier, "main")
    XCTAssertEqual(section.initialSnapshot, try pantry())
    XCTAssertEqual(section.finalSnapshot, dataSource.snapshot(for: "main"))
    XCTAssertEqual(
      section.finalSnapshot.items,
      ["Drinks", "Tea", "Green", "Food", "Fruit", "Apple", "Pear", "Bread", "Snacks"])
    // The three moved items (hidden ones included) are reported as moves.
    XCTAssertEqual(
      removals(section),
      [
        Change(offset: 5, associatedWith: 0), Change(offset: 6, associatedWith: 1),
        Change(offset: 7, associatedWith: 2),
      ])
    XCTAssertEqual(
      insertions(section),
      [
        Change(offset: 0, associatedWith: 5), Change(offset: 1, associatedWith: 6),
        Change(offset: 2, associatedWith: 7),
      ])
    XCTAssertEqual(
      Set(
        section.difference.insertions.map { change -> String in
          guard case .insert(_, let item, _) = change else { return "" }
          return item
        }), ["Drinks", "Tea", "Green"])
    // The flat difference has only the visible row.
    XCTAssertEqual(removals(transaction), [Change(offset: 5, associatedWith: 0)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 0, associatedWith: 5)])
    assertReplays(transaction)
  }

  func testSectionDifferenceCountsHiddenItemsThatAFlatDifferenceDoesNot() throws {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    try tree.delete(["Drinks"])
    let transaction = try dataSource.apply(tree, to: "main")
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(removals(section), [5, 6, 7].map { Change(offset: $0) })
    XCTAssertEqual(insertions(section), [])
    XCTAssertEqual(removals(transaction), [Change(offset: 5)])
    XCTAssertEqual(insertions(transaction), [])
    assertReplays(transaction)
  }

  func testSectionDifferenceInfersMovesForAReappliedTree() throws {
    let dataSource = try pantrySource()
    // A freshly built tree (no journal): the move is found by diffing.
    let moved = try outline([
      "-Snacks", "+Food", "  +Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks",
      "  +Tea", "    -Green",
    ])
    let transaction = try dataSource.apply(moved, to: "main")
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(removals(section), [Change(offset: 8, associatedWith: 0)])
    XCTAssertEqual(insertions(section), [Change(offset: 0, associatedWith: 8)])
    XCTAssertEqual(removals(transaction), [Change(offset: 6, associatedWith: 0)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 0, associatedWith: 6)])
    assertReplays(transaction)
  }

  func testExpandAndCollapseHaveAnEmptySectionDifferenceButANonEmptyFlatDifference() throws {
    let dataSource = try pantrySource()
    let expand = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(expand.sectionTransactions.count, 1)
    XCTAssertTrue(expand.sectionTransactions[0].difference.isEmpty)
    XCTAssertNotEqual(
      expand.sectionTransactions[0].initialSnapshot, expand.sectionTransactions[0].finalSnapshot)
    XCTAssertEqual(insertions(expand), [Change(offset: 6), Change(offset: 7)])
    XCTAssertEqual(removals(expand), [])
    XCTAssertFalse(expand.isEmpty)
    assertReplays(expand)

    let collapse = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Food").transaction)
    XCTAssertTrue(collapse.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(removals(collapse), [1, 2, 3, 4].map { Change(offset: $0) })
    XCTAssertEqual(insertions(collapse), [])
    assertReplays(collapse)

    // Programmatic expansion gives the same kind of transaction.
    var tree = dataSource.snapshot(for: "main")
    tree.expand(["Food"])
    let programmatic = try dataSource.apply(tree, to: "main")
    XCTAssertTrue(programmatic.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(insertions(programmatic), [1, 2, 3, 4].map { Change(offset: $0) })
  }
}
