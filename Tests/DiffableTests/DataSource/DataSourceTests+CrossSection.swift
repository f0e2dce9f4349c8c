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
  /// an expanded item dragged across is lifted first (its collapse a change of its own, in its
  /// section), and keeps its subtree; the drop moves its row alone.
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
    let result = try dataSource.drag(fromRow: 0, in: "Drinks", toRow: 1, in: "Food")
    let lift = try XCTUnwrap(result.lift)
    XCTAssertEqual(changes(lift.difference), ["-5 Coffee", "-4 Tea"])
    XCTAssertEqual(lift.sectionTransactions.map(\.sectionIdentifier), ["Drinks"])
    XCTAssertEqual(changes(lift.sectionTransactions[0].difference), [])
    XCTAssertFalse(try lift.finalSnapshot.sectionSnapshot(for: "Drinks").isExpanded("Drinks"))
    let transaction = try XCTUnwrap(result.transaction)
    XCTAssertEqual(transaction.initialSnapshot, lift.finalSnapshot)
    let joined = dataSource.snapshot(for: "Food")
    XCTAssertEqual(joined.items, ["Food", "Drinks", "Tea", "Coffee", "Apple", "Snacks"])
    XCTAssertEqual(try joined.parent(of: "Drinks"), "Food")
    XCTAssertEqual(try joined.isExpanded("Drinks"), false)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Apple", "Snacks"])
    XCTAssertEqual(changes(transaction.difference), ["-3 Drinks→1", "+1 Drinks←3"])
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
    guard case .refused = dragged.drop else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertNil(dragged.lift)
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

extension DataSourceTests {
  /// A reorder of an expanded subtree, and one out of sight, across sections.
  ///
  /// The subtree (no collapse) goes past a section in between, and an item is dropped under a
  /// collapsed parent of another section: every visible row moves with its partner, a row that
  /// disappears is a plain removal. A hidden item is not dragged.
  func testAnExpandedSubtreeAndAnItemDroppedOutOfSightMovedAcrossSections() throws {
    let dataSource = DataSource<String, String>()
    var first = SectionSnapshot<String>()
    try first.append(["P", "Q"])
    try first.append(["p1", "p2"], to: "P")
    try first.append(["q"], to: "Q")
    first.expand(["P"])
    var between = SectionSnapshot<String>()
    try between.append(["x"])
    var last = SectionSnapshot<String>()
    try last.append(["C"])
    try dataSource.apply(first, to: "S1")
    try dataSource.apply(between, to: "X")
    try dataSource.apply(last, to: "S2")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Rows: P 0, p1 1, p2 2, Q 3 | x 4 | C 5.
    let subtree = try XCTUnwrap(dataSource.reorder("P", toSection: "S2", at: .lastRoot).transaction)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Q", "x", "C", "P", "p1", "p2"])
    XCTAssertEqual(
      subtree.removalOffsets.map { "\($0.offset)→\($0.associatedWith ?? -1)" },
      ["0→3", "1→4", "2→5"])
    XCTAssertEqual(subtree.sectionTransactions.map(\.sectionIdentifier), ["S1", "S2"])
    XCTAssertEqual(subtree.sectionTransactions[0].removalOffsets.map(\.offset), [0, 1, 2])
    XCTAssertEqual(subtree.sectionTransactions[1].insertionOffsets.map(\.offset), [1, 2, 3])
    XCTAssertEqual(
      subtree.initialSnapshot.itemIdentifiers.applying(subtree.difference),
      subtree.finalSnapshot.itemIdentifiers)

    // q is hidden under the collapsed Q: no user can drag it.
    XCTAssertThrowsError(try dataSource.reorder("q", toSection: "S2", at: .before("C"))) {
      XCTAssertEqual($0 as? SnapshotError, .notVisible("q"))
    }
    // x joins q under the collapsed Q in S1: its row goes, a plain removal.
    let hidden = try XCTUnwrap(
      dataSource.reorder("x", toSection: "S1", at: .lastChild(of: "Q")).transaction)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Q", "C", "P", "p1", "p2"])
    XCTAssertEqual(dataSource.snapshot(for: "S1").items, ["Q", "q", "x"])
    XCTAssertEqual(hidden.insertionOffsets.count, 0)
    XCTAssertEqual(
      hidden.removalOffsets.map { "\($0.offset)→\($0.associatedWith ?? -1)" }, ["1→-1"])
    XCTAssertEqual(hidden.sectionTransactions.map(\.sectionIdentifier), ["S1", "X"])
    XCTAssertEqual(hidden.sectionTransactions[0].insertionOffsets.map(\.offset), [2])
    XCTAssertEqual(hidden.sectionTransactions[1].removalOffsets.map(\.offset), [0])
  }

  /// As within a section, `canReorderItem` is asked before the destination is checked.
  func testARefusalComesBeforeTheDestinationCheckAcrossSectionsToo() throws {
    let dataSource = DataSource<String, String>()
    var first = SectionSnapshot<String>()
    try first.append(["A", "B"])
    try dataSource.apply(first, to: "S1")
    try dataSource.apply(SectionSnapshot(), to: "S2")
    dataSource.reorderingHandlers.canReorderItem = { $0 != "A" }
    let within = try dataSource.reorder("A", to: .before("Nope"))
    let across = try dataSource.reorder("A", toSection: "S2", at: .before("Nope"))
    guard case .refused = within, case .refused = across else {
      return XCTFail("expected two refusals, got \(within) and \(across)")
    }
  }
}
