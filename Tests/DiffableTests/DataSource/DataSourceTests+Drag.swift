import OutlineTestSupport
import XCTest

@testable import Diffable

// Drag: re-parenting by neighbours.
extension DataSourceTests {
  func testDragBelowAnExpandedParentWithChildrenMakesTheFirstChild() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 2)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Fruit")
    XCTAssertEqual(
      tree.visualDescriptionLines(),
      [
        "+*Food", "  +*Fruit", "    -*Snacks", "    -*Apple", "    -*Pear", "  -*Bread",
        "-*Drinks", "  + Tea", "    - Green",
      ])
    XCTAssertEqual(dataSource.indexPath(for: "Snacks"), IndexPath(indexes: [0, 2]))
  }

  func testDragBelowAnExpandedRootWithChildrenMakesItsFirstChild() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 1)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(tree.items.prefix(3), ["Food", "Snacks", "Fruit"])
    XCTAssertEqual(try tree.level(of: "Snacks"), 1)
  }

  func testDragBelowALeafTakesItsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Row above: Pear (level 2).
    try dataSource.drag(in: "main", fromRow: 6, toRow: 4)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Fruit")
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Apple", "Pear", "Snacks", "Bread", "Drinks", "Tea", "Green"])
    XCTAssertEqual(dataSource.indexPath(for: "Snacks"), IndexPath(indexes: [0, 4]))
  }

  func testDragBelowTheLastChildOfAnExpandedParentTakesTheChildsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Row above: Bread (level 1): the root Snacks becomes Food's last child.
    try dataSource.drag(in: "main", fromRow: 6, toRow: 5)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Snacks", "Drinks", "Tea", "Green"])
  }

  /// The pantry with its leaf Bread (row 4) expanded, every item reorderable.
  func pantrySourceWithBreadExpanded() throws -> Source {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    tree.expand(["Bread"])
    try dataSource.apply(tree, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    return dataSource
  }

  func testDragBelowAnExpandedLeafTakesItsLevelRatherThanBecomingAChild() throws {
    let dataSource = try pantrySourceWithBreadExpanded()
    try dataSource.drag(in: "main", fromRow: 6, toRow: 5)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(try tree.level(of: "Snacks"), 1)
    XCTAssertFalse(try tree.hasChildren("Bread"))
  }

  func testDragBelowACollapsedParentGoesAfterItsWholeSubtreeAtItsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Apple (row 2) below Drinks (collapsed, with hidden Tea and Green).
    try dataSource.drag(in: "main", fromRow: 2, toRow: 5)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Apple"), nil)
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Pear", "Bread", "Drinks", "Tea", "Green", "Apple", "Snacks"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Pear", "Bread", "Drinks", "Apple", "Snacks"])
    XCTAssertEqual(dataSource.indexPath(for: "Apple"), IndexPath(indexes: [0, 5]))
  }

  func testDragToTheTopMakesTheFirstRoot() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 3, toRow: 0)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(tree.rootItems, ["Pear", "Food", "Drinks", "Snacks"])
    XCTAssertEqual(try tree.level(of: "Pear"), 0)
  }

  func testARootDroppedAfterNestedRowsAtTheEndStaysARoot() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-A", "+B", "  -B1", "  -B2"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 0, toRow: 3).transaction)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      ["+*B", "  -*B1", "  -*B2", "-*A"])
    XCTAssertEqual(removals(transaction), [Change(offset: 0, associatedWith: 3)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 3, associatedWith: 0)])
    assertReplays(transaction)
  }

  func testANestedItemDroppedAfterNestedRowsAtTheEndTakesTheLevelAbove() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["+A", "  -A1", "+B", "  -B1", "  -B2"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 1, toRow: 4)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      ["+*A", "+*B", "  -*B1", "  -*B2", "  -*A1"])
  }

  func testTheDraggedItemKeepsItsSubtreeAndItsDescendantsExpansion() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Drinks (collapsed; Tea expanded under it) dropped below Fruit: Fruit's first child.
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 5, toRow: 2).transaction)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      [
        "+*Food", "  +*Fruit", "    -*Drinks", "      + Tea", "        - Green", "    -*Apple",
        "    -*Pear", "  -*Bread", "-*Snacks",
      ])
    assertReplays(transaction)
    // Expanding it shows the subtree as it was.
    try dataSource.toggleDisclosure(of: "Drinks")
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Drinks", "Tea", "Green", "Apple", "Pear", "Bread", "Snacks"])
  }

  /// SEMANTICS: "Dragging an expanded parent collapses it first, without consulting the
  /// handlers", and "for one dragged item, `difference` is exactly one removal and one
  /// insertion of that item": the collapse is a change of its own (the lift), after
  /// `canReorderItem`, and the drop's transaction starts from it.
  func testDraggingAnExpandedParentLiftsItCollapsedThenDropsItsRowAlone() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    var order: [String] = []
    var heldAtWill: Snapshot<String, String>?
    var heldAtDid: Snapshot<String, String>?
    dataSource.reorderingHandlers.canReorderItem = {
      // Asked before the lift: the row is still expanded.
      order.append("can \($0) expanded: \((try? dataSource.snapshot(for: "main").isExpanded($0))!)")
      return true
    }
    dataSource.reorderingHandlers.willReorder = { _ in
      order.append("will")
      heldAtWill = dataSource.snapshot()
    }
    dataSource.reorderingHandlers.didReorder = { _ in
      order.append("did")
      heldAtDid = dataSource.snapshot()
    }
    // Fruit collapsed leaves 5 rows; row 4 is the last.
    let result = try dataSource.drag(in: "main", fromRow: 1, toRow: 4)
    XCTAssertEqual(recorder.calls, [], "no disclosure handler is asked")
    XCTAssertEqual(order, ["can Fruit expanded: true", "will", "did"])

    // The lift: Apple and Pear go, nothing else; the items stay, Fruit is collapsed.
    let lift = try XCTUnwrap(result.lift)
    XCTAssertEqual(lift.initialSnapshot.itemIdentifiers, pantryRows)
    XCTAssertEqual(
      lift.finalSnapshot.itemIdentifiers, ["Food", "Fruit", "Bread", "Drinks", "Snacks"])
    XCTAssertEqual(removals(lift), [Change(offset: 2), Change(offset: 3)])
    XCTAssertEqual(insertions(lift), [])
    XCTAssertEqual(lift.sectionTransactions.map(\.sectionIdentifier), ["main"])
    let liftedSection = lift.sectionTransactions[0]
    XCTAssertTrue(try liftedSection.initialSnapshot.isExpanded("Fruit"))
    XCTAssertFalse(try liftedSection.finalSnapshot.isExpanded("Fruit"))
    XCTAssertEqual(removals(liftedSection), [])
    XCTAssertEqual(insertions(liftedSection), [])
    assertReplays(lift)

    // The drop starts from the lift: one removal and one insertion of Fruit, associated.
    let drop = try XCTUnwrap(result.transaction)
    XCTAssertEqual(drop.initialSnapshot, lift.finalSnapshot)
    XCTAssertEqual(
      drop.finalSnapshot.itemIdentifiers, ["Food", "Bread", "Drinks", "Snacks", "Fruit"])
    XCTAssertEqual(removals(drop), [Change(offset: 1, associatedWith: 4)])
    XCTAssertEqual(insertions(drop), [Change(offset: 4, associatedWith: 1)])
    XCTAssertEqual(drop.sectionTransactions.map(\.sectionIdentifier), ["main"])
    let dropped = drop.sectionTransactions[0]
    XCTAssertFalse(try dropped.initialSnapshot.isExpanded("Fruit"))
    // Over the section's items, hidden ones included: Fruit, with Apple and Pear under it.
    XCTAssertEqual(
      removals(dropped),
      [
        Change(offset: 1, associatedWith: 6), Change(offset: 2, associatedWith: 7),
        Change(offset: 3, associatedWith: 8),
      ])
    XCTAssertEqual(
      insertions(dropped),
      [
        Change(offset: 6, associatedWith: 1), Change(offset: 7, associatedWith: 2),
        Change(offset: 8, associatedWith: 3),
      ])
    assertReplays(drop)
    // willReorder sees the lifted state, didReorder the dropped one.
    XCTAssertEqual(heldAtWill, drop.initialSnapshot)
    XCTAssertEqual(heldAtDid, drop.finalSnapshot)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      [
        "+*Food", "  -*Bread", "-*Drinks", "  + Tea", "    - Green", "-*Snacks", "-*Fruit",
        "  - Apple", "  - Pear",
      ])
    XCTAssertEqual(dataSource.indexPath(for: "Fruit"), IndexPath(indexes: [0, 4]))
  }

  func testARefusedDragOfAnExpandedParentLiftsNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in false }
    dataSource.reorderingHandlers.willReorder = { _ in XCTFail("willReorder after a refusal") }
    let before = state(of: dataSource)
    let result = try dataSource.drag(in: "main", fromRow: 1, toRow: 4)
    guard case .refused = result.drop else { return XCTFail("expected .refused, got \(result)") }
    XCTAssertNil(result.lift)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testDraggingAnExpandedParentOntoItsOwnRowLiftsItAndDropsNothing() throws {
    let dataSource = try pantrySource()
    var dropped = false
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { _ in dropped = true }
    let result = try dataSource.drag(in: "main", fromRow: 1, toRow: 1)
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers, ["Food", "Fruit", "Bread", "Drinks", "Snacks"])
    XCTAssertFalse(try dataSource.snapshot(for: "main").isExpanded("Fruit"))
    let lift = try XCTUnwrap(result.lift)
    XCTAssertEqual(removals(lift), [Change(offset: 2), Change(offset: 3)])
    assertReplays(lift)
    guard case .unchanged = result.drop else {
      return XCTFail("expected .unchanged, got \(result)")
    }
    XCTAssertFalse(dropped, "a drop that changes nothing makes no reorder")
  }

  /// A section of one row collapses a dragged expanded item too.
  ///
  /// SEMANTICS: "Dragging an expanded parent collapses it first". A section of one row must
  /// behave like `testDraggingAnExpandedParentOntoItsOwnRowLiftsItAndDropsNothing`.
  func testDraggingTheOnlyRowWhenExpandedCollapsesIt() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["+A", "  -A1"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 0)
    let lift = try XCTUnwrap(result.lift, "the lift collapses the only row")
    XCTAssertEqual(removals(lift), [Change(offset: 1)])
    guard case .unchanged = result.drop else {
      return XCTFail("expected .unchanged, got \(result)")
    }
    XCTAssertFalse(try dataSource.snapshot(for: "main").isExpanded("A"))
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["A"])
  }

  /// An expanded leaf dragged lifts nothing and keeps its flag.
  ///
  /// SEMANTICS: "Dragging an expanded parent collapses it first"; a leaf has nothing to
  /// collapse. An expanded leaf is not lifted: it keeps its flag, and the drop is the drag's
  /// only change, starting from the rows as they were.
  func testDraggingAnExpandedLeafLiftsNothingAndKeepsItsFlag() throws {
    let dataSource = try pantrySourceWithBreadExpanded()
    let rows = dataSource.snapshot().itemIdentifiers
    let result = try dataSource.drag(in: "main", fromRow: 4, toRow: 0)
    XCTAssertNil(result.lift, "a leaf's collapse would change no row")
    let drop = try XCTUnwrap(result.transaction)
    XCTAssertEqual(drop.initialSnapshot.itemIdentifiers, rows)
    XCTAssertEqual(removals(drop), [Change(offset: 4, associatedWith: 0)])
    XCTAssertEqual(insertions(drop), [Change(offset: 0, associatedWith: 4)])
    assertReplays(drop)
    XCTAssertTrue(try dataSource.snapshot(for: "main").isExpanded("Bread"))

    // Onto its own row: nothing changes at all.
    let before = state(of: dataSource)
    let still = try dataSource.drag(in: "main", fromRow: 0, toRow: 0)
    XCTAssertNil(still.lift)
    guard case .unchanged = still.drop else { return XCTFail("expected .unchanged, got \(still)") }
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testDragOntoItsOwnPlaceIsUnchanged() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let before = state(of: dataSource)
    let result = try dataSource.drag(in: "main", fromRow: 6, toRow: 6)
    guard case .unchanged = result.drop else {
      return XCTFail("expected .unchanged, got \(result)")
    }
    XCTAssertNil(result.lift)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testDragInASectionOfOneRowIsUnchanged() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-Only"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 0)
    guard case .unchanged = result.drop else {
      return XCTFail("expected .unchanged, got \(result)")
    }
    XCTAssertNil(result.lift)
  }
}
