import OutlineTestSupport
import XCTest

@testable import Diffable

// A reorder's transaction names the item the user moved (SEMANTICS.md, reordering).
extension DataSourceTests {
  /// A data source holding `items` as roots, all reorderable.
  private func flatSource(_ items: [String]) throws -> DataSource<String, String> {
    let dataSource = DataSource<String, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(items)
    try dataSource.apply(outline, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    return dataSource
  }

  /// The elements a difference reports as moved (removals with a partner).
  private func moved(_ difference: CollectionDifference<String>) -> [String] {
    difference.removals.compactMap { change in
      guard case .remove(_, let element, let partner) = change, partner != nil else { return nil }
      return element
    }
  }

  /// Moving Eggs past its neighbour Pantry has two minimal differences (Eggs moves, or Pantry);
  /// the user moved Eggs, so both differences say Eggs: the example of
  /// `examples/reorder-backing-store.outline`, forward and backward, by reorder and by drag.
  func testAReorderPastOneNeighbourReportsTheMovedItemInBothDirections() throws {
    let items = ["Bread", "Milk", "Eggs", "Pantry"]
    for (item, destination, expected) in [
      (
        "Eggs", SectionSnapshot<String>.Destination.after("Pantry"),
        ["Bread", "Milk", "Pantry", "Eggs"]
      ),
      ("Pantry", .before("Eggs"), ["Bread", "Milk", "Pantry", "Eggs"]),
      ("Milk", .before("Bread"), ["Milk", "Bread", "Eggs", "Pantry"]),
    ] {
      let dataSource = try flatSource(items)
      var seen: [String] = []
      dataSource.reorderingHandlers.didReorder = { seen += self.moved($0.difference) }
      let transaction = try XCTUnwrap(dataSource.reorder(item, to: destination).transaction)
      XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, expected)
      XCTAssertEqual(moved(transaction.difference), [item], "flat difference moving \(item)")
      XCTAssertEqual(
        transaction.sectionTransactions.map { moved($0.difference) }, [[item]],
        "section difference moving \(item)")
      XCTAssertEqual(seen, [item], "didReorder's transaction moving \(item)")
      XCTAssertEqual(items.applying(transaction.difference), expected)

      let dragged = try flatSource(items)
      let from = items.firstIndex(of: item)!
      let to = expected.firstIndex(of: item)!
      let drag = try XCTUnwrap(dragged.drag(in: "main", fromRow: from, toRow: to).transaction)
      XCTAssertEqual(drag.finalSnapshot.itemIdentifiers, expected)
      XCTAssertEqual(moved(drag.difference), [item], "drag of \(item)")
      XCTAssertEqual(drag.sectionTransactions.map { moved($0.difference) }, [[item]])
    }
  }

  /// An expanded parent with three children moved past one item: a smaller difference would
  /// move the one item, but the user moved the parent, and its rows are the ones reported.
  func testAReorderOfABigSubtreeReportsTheSubtreeNotTheSmallerSide() throws {
    let dataSource = DataSource<String, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple", "Pear", "Fig"], to: "Food")
    outline.expand(["Food"])
    try dataSource.apply(outline, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(dataSource.reorder("Food", to: .after("Drinks")).transaction)
    XCTAssertEqual(
      transaction.finalSnapshot.itemIdentifiers, ["Drinks", "Food", "Apple", "Pear", "Fig"])
    XCTAssertEqual(moved(transaction.difference), ["Food", "Apple", "Pear", "Fig"])
    XCTAssertEqual(
      transaction.sectionTransactions.map { moved($0.difference) },
      [["Food", "Apple", "Pear", "Fig"]])
    XCTAssertEqual(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
      transaction.finalSnapshot.itemIdentifiers)
  }

  /// A programmatic move then `apply` is not a user's reorder: the data source diffs, and of two
  /// minimal differences reports the one the standard library's Myers diff reports (the element
  /// first in the old order moves).
  func testAProgrammaticMoveAppliedReportsWhatTheStandardLibraryReports() throws {
    let items = ["Bread", "Milk", "Eggs", "Pantry"]
    for (item, destination) in [
      ("Eggs", SectionSnapshot<String>.Destination.after("Pantry")), ("Pantry", .before("Eggs")),
    ] {
      let dataSource = try flatSource(items)
      var outline = dataSource.snapshot(for: "main")
      try outline.move(item, to: destination)
      let transaction = try dataSource.apply(outline, to: "main")
      let final = transaction.finalSnapshot.itemIdentifiers
      XCTAssertEqual(
        Array(transaction.difference), Array(final.difference(from: items).inferringMoves()))
      XCTAssertEqual(moved(transaction.difference), ["Eggs"])
    }
  }
}
