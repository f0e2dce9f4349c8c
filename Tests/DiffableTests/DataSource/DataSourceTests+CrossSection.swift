import OutlineTestSupport
import XCTest

@testable import Diffable

// Reorders and drags into another section (SEMANTICS.md, reordering).
extension DataSourceTests {
  /// Sections S1 [A, B] and S2 [C, D], every item reorderable, the handler calls recorded.
  private func twoSections() throws -> (DataSource<String, String>, calls: () -> [String]) {
    let dataSource = DataSource<String, String>()
    var first = SectionSnapshot<String>()
    try first.append(["A", "B"])
    var second = SectionSnapshot<String>()
    try second.append(["C", "D"])
    try dataSource.apply(first, to: "S1")
    try dataSource.apply(second, to: "S2")
    var calls: [String] = []
    dataSource.reorderingHandlers.canReorderItem = {
      calls.append("can \($0)")
      return true
    }
    dataSource.reorderingHandlers.willReorder = { _ in calls.append("will") }
    dataSource.reorderingHandlers.didReorder = { _ in calls.append("did") }
    return (dataSource, { calls })
  }

  /// The changes in `CollectionDifference`'s order: removals last first, then insertions.
  private func changes(_ difference: CollectionDifference<String>) -> [String] {
    difference.map { change in
      switch change {
      case .remove(let offset, let item, let partner):
        return "-\(offset) \(item)" + (partner.map { "→\($0)" } ?? "")
      case .insert(let offset, let item, let partner):
        return "+\(offset) \(item)" + (partner.map { "←\($0)" } ?? "")
      }
    }
  }

  /// SEMANTICS.md's example: A dragged from (0, 0) to (1, 1).
  func testADragIntoAnotherSectionIsSemanticsExample() throws {
    let (dataSource, calls) = try twoSections()
    let transaction = try XCTUnwrap(
      dataSource.drag(fromRow: 0, in: "S1", toRow: 1, in: "S2").transaction)
    XCTAssertEqual(dataSource.snapshot(for: "S1").items, ["B"])
    XCTAssertEqual(dataSource.snapshot(for: "S2").items, ["C", "A", "D"])
    XCTAssertEqual(changes(transaction.difference), ["-0 A→2", "+2 A←0"])
    XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["S1", "S2"])
    XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["-0 A"])
    XCTAssertEqual(changes(transaction.sectionTransactions[1].difference), ["+1 A"])
    XCTAssertEqual(calls(), ["can A", "will", "did"])
    XCTAssertEqual(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
      transaction.finalSnapshot.itemIdentifiers)
    XCTAssertEqual(dataSource.snapshot(), transaction.finalSnapshot)
  }

  func testAReorderIntoAnotherSectionTakesItsPlaceThere() throws {
    let (dataSource, _) = try twoSections()
    let transaction = try XCTUnwrap(
      dataSource.reorder("D", toSection: "S1", at: .before("B")).transaction)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["A", "D", "B", "C"])
    XCTAssertEqual(changes(transaction.difference), ["-3 D→1", "+1 D←3"])
    XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["S1", "S2"])
    XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+1 D"])
    XCTAssertEqual(changes(transaction.sectionTransactions[1].difference), ["-1 D"])
  }

  func testIntoAnEmptySectionAndPastTheLastRow() throws {
    let (dataSource, _) = try twoSections()
    try dataSource.apply(SectionSnapshot(), to: "Empty")
    let into = try XCTUnwrap(
      dataSource.drag(fromRow: 1, in: "S1", toRow: 0, in: "Empty").transaction)
    XCTAssertEqual(dataSource.snapshot(for: "Empty").items, ["B"])
    XCTAssertEqual(changes(into.difference), ["-1 B→3", "+3 B←1"])
    try dataSource.drag(fromRow: 0, in: "S2", toRow: 1, in: "Empty")
    XCTAssertEqual(dataSource.snapshot(for: "Empty").rootItems, ["B", "C"])
    XCTAssertThrowsError(try dataSource.drag(fromRow: 0, in: "S1", toRow: 3, in: "Empty"))
    XCTAssertThrowsError(try dataSource.drag(fromRow: 0, in: "S1", toRow: 0, in: "Nowhere"))
  }

  /// Dropped right below an expanded parent with children, the item becomes its first child;
  /// an expanded item dragged across is collapsed first, and keeps its subtree.
  func testADragAcrossReparentsByNeighboursAndCollapsesTheItem() throws {
    let dataSource = DataSource<String, String>()
    var food = SectionSnapshot<String>()
    try food.append(["Food", "Snacks"])
    try food.append(["Apple"], to: "Food")
    food.expand(["Food"])
    var drinks = SectionSnapshot<String>()
    try drinks.append(["Drinks"])
    try drinks.append(["Tea", "Coffee"], to: "Drinks")
    drinks.expand(["Drinks"])
    try dataSource.apply(food, to: "Food")
    try dataSource.apply(drinks, to: "Drinks")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Rows: Food 0, Apple 1, Snacks 2 | Drinks 3, Tea 4, Coffee 5.
    let transaction = try XCTUnwrap(
      dataSource.drag(fromRow: 0, in: "Drinks", toRow: 1, in: "Food").transaction)
    let joined = dataSource.snapshot(for: "Food")
    XCTAssertEqual(joined.items, ["Food", "Drinks", "Tea", "Coffee", "Apple", "Snacks"])
    XCTAssertEqual(try joined.parent(of: "Drinks"), "Food")
    XCTAssertEqual(try joined.isExpanded("Drinks"), false)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Apple", "Snacks"])
    XCTAssertEqual(
      changes(transaction.difference), ["-5 Coffee", "-4 Tea", "-3 Drinks→1", "+1 Drinks←3"])
    XCTAssertEqual(
      changes(transaction.sectionTransactions[0].difference), ["+1 Drinks", "+2 Tea", "+3 Coffee"])
    XCTAssertEqual(
      changes(transaction.sectionTransactions[1].difference), ["-2 Coffee", "-1 Tea", "-0 Drinks"])
    XCTAssertEqual(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
      transaction.finalSnapshot.itemIdentifiers)
  }

  func testARefusedOrInvalidMoveAcrossChangesNothing() throws {
    let (dataSource, calls) = try twoSections()
    dataSource.reorderingHandlers.canReorderItem = { $0 != "A" }
    let before = dataSource.snapshot()
    let refused = try dataSource.reorder("A", toSection: "S2", at: .lastRoot)
    guard case .refused = refused else { return XCTFail("expected .refused, got \(refused)") }
    let dragged = try dataSource.drag(fromRow: 0, in: "S1", toRow: 0, in: "S2")
    guard case .refused = dragged else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertThrowsError(try dataSource.reorder("B", toSection: "S2", at: .before("A"))) {
      XCTAssertEqual($0 as? SnapshotError, .itemNotFound("A"))
    }
    XCTAssertThrowsError(try dataSource.reorder("B", toSection: "S3", at: .lastRoot)) {
      XCTAssertEqual($0 as? SnapshotError, .sectionNotFound("S3"))
    }
    XCTAssertEqual(dataSource.snapshot(), before)
    XCTAssertEqual(dataSource.snapshot(for: "S1").items, ["A", "B"])
    XCTAssertEqual(calls(), [])
  }
}
