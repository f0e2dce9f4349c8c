import Diffable
import OutlineLanguage
import XCTest

/// `drag` of an expanded parent (`Session+Drag.swift`): the lift's collapse is a step of its
/// own with no handler of its own, and the drop's transaction starts from it (SEMANTICS.md,
/// "Reordering and transactions").
final class InterpreterDragTests: XCTestCase {
  /// Rows Food, Apple, Pear, Drinks; Food dragged from row 0 to row 1 of the lifted rows
  /// (Food, Drinks): the lift removes Apple and Pear, the drop moves Food alone.
  func testDraggingAnExpandedParentLiftsItAsAStepThenDropsItsRowAlone() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "drag 0 1")
    XCTAssertEqual(
      outcome.handlers, [.canReorderItem("Food", result: true), .willReorder, .didReorder])
    XCTAssertEqual(outcome.steps.count, 2)
    let lift = try XCTUnwrap(outcome.steps.first)
    XCTAssertEqual(lift.lifted, "Food")
    XCTAssertEqual(lift.handlerCount, 1, "canReorderItem is asked before the lift")
    XCTAssertEqual(
      lift.transaction.initialSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertEqual(lift.transaction.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(lift.transaction.removalOffsets.map(\.offset), [1, 2])
    XCTAssertEqual(lift.transaction.insertionOffsets.count, 0)
    let drop = try XCTUnwrap(outcome.steps.last)
    XCTAssertNil(drop.lifted)
    XCTAssertEqual(drop.handlerCount, 2, "willReorder and didReorder")
    XCTAssertEqual(drop.transaction.initialSnapshot, lift.transaction.finalSnapshot)
    XCTAssertEqual(drop.transaction.finalSnapshot.itemIdentifiers, ["Drinks", "Food"])
    XCTAssertEqual(drop.transaction.removalOffsets.map(\.offset), [0])
    XCTAssertEqual(drop.transaction.removalOffsets.map(\.associatedWith), [1])
    XCTAssertEqual(drop.transaction.insertionOffsets.map(\.offset), [1])
    XCTAssertEqual(
      outcome.transaction?.finalSnapshot, drop.transaction.finalSnapshot, "the last step")
    XCTAssertFalse(try session.outline.isExpanded("Food"))

    // The text says the lift, between canReorderItem and the lift's rows.
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: outcome),
      [
        "canReorderItem(Food) -> true", "lift: Food collapses (no handler asked)", "rows:",
        "  - 1 Apple", "  - 2 Pear", "section main: no change to items",
        "willReorder(transaction)", "didReorder(transaction)", "rows:", "  ~ 0 -> 1 Food",
        "section main:", "  ~ 0 -> 1 Food  (index 0 -> 2)", "  ~ · -> · Apple  (index 1 -> 3)",
        "  ~ · -> · Pear  (index 2 -> 4)",
      ])
    // JSON names the lifted item; its first transaction is the lift.
    let json = outcome.json(snapshots: false).serialized
    XCTAssertTrue(json.contains(#""lifted": "Food""#), json)
    XCTAssertTrue(json.contains(#""transactions": ["#), json)

    // Undo takes back the whole drag, lift included.
    run(session, "undo")
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertTrue(try session.outline.isExpanded("Food"))
  }

  /// Dropped where it was, the lifted item stays collapsed: the lift is the only change, and
  /// no reorder handler runs after `canReorderItem`.
  func testADragThatOnlyLiftsLeavesTheItemCollapsedAndSaysSo() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "drag 0 0")
    XCTAssertEqual(outcome.handlers, [.canReorderItem("Food", result: true)])
    XCTAssertEqual(outcome.steps.map(\.lifted), ["Food"])
    XCTAssertEqual(outcome.note, "Food stays where it is, collapsed")
    XCTAssertEqual(outcome.transaction?.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Drinks"])
  }

  /// An expanded leaf has nothing to collapse: no lift step, no `lift:` line, no `lifted`
  /// in JSON; the drop is the drag's one transaction and the leaf keeps its flag, within a
  /// section and across.
  func testDraggingAnExpandedLeafIsTheDropAloneAndKeepsItsFlag() throws {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "expand --force Apple")
    let outcome = run(session, "drag 1 3")
    XCTAssertEqual(outcome.steps.count, 0, "no lift step")
    XCTAssertEqual(
      outcome.handlers, [.canReorderItem("Apple", result: true), .willReorder, .didReorder])
    let drop = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(drop.initialSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertEqual(drop.finalSnapshot.itemIdentifiers, ["Food", "Pear", "Drinks", "Apple"])
    XCTAssertTrue(try session.outline.isExpanded("Apple"))
    let lines = TextRenderer(color: false).lines(for: outcome)
    XCTAssertFalse(lines.contains { $0.hasPrefix("lift:") }, "\(lines)")
    XCTAssertEqual(
      Array(lines.prefix(4)),
      [
        "canReorderItem(Apple) -> true", "willReorder(transaction)", "didReorder(transaction)",
        "rows:",
      ])
    XCTAssertFalse(outcome.json(snapshots: false).serialized.contains("lifted"))

    run(session, "section add Other")
    run(session, "append-items X to-section Other")
    let across = run(session, "drag main:3 Other:1")
    XCTAssertEqual(across.steps.count, 0, "no lift step across sections")
    XCTAssertEqual(
      across.transaction?.finalSnapshot.itemIdentifiers, ["Food", "Pear", "Drinks", "X", "Apple"])
    XCTAssertTrue(try session.dataSource.snapshot(for: "Other").isExpanded("Apple"))
  }

  /// `canReorderItem` answers before the lift: refused, nothing is collapsed.
  func testARefusedDragOfAnExpandedParentLiftsNothing() throws {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "rule no-reorder Food")
    let outcome = assertFails(
      session, "drag 0 1", .refused, "drag of \"Food\" refused by rule 1: no-reorder Food")
    XCTAssertEqual(outcome.handlers, [.canReorderItem("Food", result: false)])
    XCTAssertEqual(outcome.steps.count, 0)
    XCTAssertTrue(try session.outline.isExpanded("Food"))
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple", "Pear", "Drinks"])
  }

  /// A drag into another section lifts the item in its own section first.
  func testADragAcrossSectionsLiftsTheItemInItsSectionFirst() throws {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "section add Other")
    run(session, "append-items X to-section Other")
    let outcome = run(session, "drag main:0 Other:1")
    XCTAssertEqual(outcome.steps.map(\.lifted), ["Food", nil])
    XCTAssertEqual(
      outcome.steps[0].transaction.sectionTransactions.map(\.sectionIdentifier), ["main"])
    let drop = outcome.steps[1].transaction
    XCTAssertEqual(drop.initialSnapshot.itemIdentifiers, ["Food", "Drinks", "X"])
    XCTAssertEqual(drop.finalSnapshot.itemIdentifiers, ["Drinks", "X", "Food"])
    XCTAssertEqual(drop.removalOffsets.map(\.offset), [0])
    XCTAssertEqual(drop.insertionOffsets.map(\.offset), [2])
    run(session, "undo")
    XCTAssertTrue(try session.outline.isExpanded("Food"))
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple", "Pear", "Drinks"])
  }
}
