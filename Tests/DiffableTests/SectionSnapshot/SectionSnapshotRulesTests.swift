import Diffable
import OutlineTestSupport
import XCTest

/// One test per rule of SEMANTICS.md's "Section snapshot: the tree", "Section snapshot: edits"
/// and "Errors", each with the exact expected values.
///
/// The fixture most tests start from:
///
/// ```
/// Food
///   Fruit
///     Apple
///     Pear
///   Bread
/// Drinks
///   Tea
/// ```
final class SectionSnapshotRulesTests: XCTestCase {
  typealias Snapshot = SectionSnapshot<String>

  // MARK: - Fixtures

  /// The fixture above, with `expanded` expanded.
  private func pantry(expanded: [String] = []) throws -> Snapshot {
    var snapshot = Snapshot()
    try snapshot.append(["Food", "Drinks"])
    try snapshot.append(["Fruit", "Bread"], to: "Food")
    try snapshot.append(["Apple", "Pear"], to: "Fruit")
    try snapshot.append(["Tea"], to: "Drinks")
    snapshot.expand(expanded)
    return snapshot
  }

  /// A snapshot drawn as `"  +Item"` lines (see `SectionSnapshot.init(drawing:)`).
  private func outline(_ lines: [String]) throws(SnapshotError) -> Snapshot {
    try Snapshot(drawing: lines)
  }

  /// A snapshot with the same content as `snapshot` but storage of its own.
  private func rebuilt(_ snapshot: Snapshot) throws -> Snapshot {
    try outline(
      snapshot.items.map { item in
        String(repeating: "  ", count: try snapshot.level(of: item))
          + (try snapshot.isExpanded(item) ? "+" : "-") + item
      })
  }

  /// Checks that `body` throws exactly `expected`, whose message is `message`, and leaves
  /// `snapshot` as it was.
  private func assertFails(
    _ snapshot: Snapshot, with expected: SnapshotError, message: String,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Snapshot) throws(SnapshotError) -> Void
  ) throws {
    var edited = snapshot
    let before = snapshot
    let same = try rebuilt(snapshot)
    do {
      try body(&edited)
      XCTFail("expected \(expected), nothing thrown", file: file, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: file, line: line)
      XCTAssertEqual(error.message, message, file: file, line: line)
      XCTAssertEqual("\(error)", message, file: file, line: line)
    }
    edited._checkInvariants()
    XCTAssertEqual(edited, before, "changed by a failed call", file: file, line: line)
    XCTAssertEqual(edited, same, "changed by a failed call", file: file, line: line)
    XCTAssertEqual(edited.items, before.items, file: file, line: line)
    XCTAssertEqual(edited.visibleItems, before.visibleItems, file: file, line: line)
    XCTAssertEqual(edited.expandedItems, before.expandedItems, file: file, line: line)
    XCTAssertEqual(
      edited.visualDescriptionLines(), before.visualDescriptionLines(), file: file, line: line)
  }

  /// Checks that `body` changes nothing and throws nothing.
  private func assertNoOp(
    _ snapshot: Snapshot, file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Snapshot) throws(SnapshotError) -> Void
  ) throws {
    var edited = snapshot
    try body(&edited)
    edited._checkInvariants()
    XCTAssertEqual(edited, snapshot, file: file, line: line)
    XCTAssertEqual(edited, try rebuilt(snapshot), file: file, line: line)
    XCTAssertEqual(
      edited.visualDescriptionLines(), snapshot.visualDescriptionLines(), file: file, line: line)
  }

  // MARK: - The tree

  func testEmptySnapshotHasNothing() {
    let snapshot = Snapshot()
    XCTAssertEqual(snapshot.items, [])
    XCTAssertEqual(snapshot.rootItems, [])
    XCTAssertEqual(snapshot.visibleItems, [])
    XCTAssertEqual(snapshot.expandedItems, [])
    XCTAssertEqual(snapshot.count, 0)
    XCTAssertEqual(snapshot.visibleCount, 0)
    XCTAssertEqual(snapshot.visualDescriptionLines(), [])
    XCTAssertEqual(snapshot, Snapshot())
  }

  func testItemsListEveryItemInDepthFirstPreOrder() throws {
    // Built breadth first, listed depth first.
    let snapshot = try pantry()
    XCTAssertEqual(snapshot.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea"])
    XCTAssertEqual(snapshot.count, 7)
    XCTAssertEqual((0..<7).map(snapshot.item(at:)), snapshot.items)
  }

  func testRootItemsAreTheLevelZeroItemsInOrder() throws {
    XCTAssertEqual(try pantry().rootItems, ["Food", "Drinks"])
  }

  func testLevelOfRootIsZeroAndChildIsOneDeeper() throws {
    let snapshot = try pantry()
    XCTAssertEqual(
      try snapshot.items.map { item throws(SnapshotError) in try snapshot.level(of: item) },
      [0, 1, 2, 2, 1, 0, 1])
  }

  func testParentOfRootIsNilAndOfChildIsItsParent() throws {
    let snapshot = try pantry()
    XCTAssertEqual(
      try snapshot.items.map { item throws(SnapshotError) in try snapshot.parent(of: item) },
      [nil, "Food", "Fruit", "Fruit", "Food", nil, "Drinks"])
  }

  func testIndexCountsHiddenItemsAndIsNilWhenAbsent() throws {
    let snapshot = try pantry()  // everything collapsed: only Food and Drinks visible
    XCTAssertEqual(snapshot.index(of: "Food"), 0)
    XCTAssertEqual(snapshot.index(of: "Pear"), 3)
    XCTAssertEqual(snapshot.index(of: "Drinks"), 5)
    XCTAssertEqual(snapshot.index(of: "Tea"), 6)
    XCTAssertNil(snapshot.index(of: "Cheese"))
    XCTAssertEqual(snapshot.visibleIndex(of: "Drinks"), 1)
    XCTAssertNil(snapshot.visibleIndex(of: "Tea"))
    XCTAssertNil(snapshot.visibleIndex(of: "Cheese"))
  }

  func testNewItemsStartCollapsed() throws {
    let snapshot = try pantry()
    XCTAssertEqual(snapshot.expandedItems, [])
    for item in snapshot.items { XCTAssertFalse(try snapshot.isExpanded(item), item) }
  }

  func testLeafCanBeExpanded() throws {
    var snapshot = try pantry()
    snapshot.expand(["Tea"])
    XCTAssertTrue(try snapshot.isExpanded("Tea"))
    XCTAssertEqual(snapshot.expandedItems, ["Tea"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Drinks"])
  }

  func testCollapsingParentKeepsDescendantsFlags() throws {
    var snapshot = try pantry(expanded: ["Food", "Fruit"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
    snapshot.collapse(["Food"])
    XCTAssertEqual(snapshot.expandedItems, ["Fruit"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Drinks"])
    snapshot.expand(["Food"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
  }

  func testDeletedItemLosesItsFlagAndComesBackCollapsed() throws {
    var snapshot = try pantry(expanded: ["Drinks", "Fruit"])
    try snapshot.delete(["Drinks", "Food"])
    XCTAssertEqual(snapshot.expandedItems, [])
    try snapshot.append(["Drinks"])
    try snapshot.append(["Fruit"], to: "Drinks")
    XCTAssertFalse(try snapshot.isExpanded("Drinks"))
    XCTAssertFalse(try snapshot.isExpanded("Fruit"))
    XCTAssertEqual(snapshot.visibleItems, ["Drinks"])
  }

  func testVisibleWhenEveryAncestorIsExpandedWhateverItsOwnFlag() throws {
    // Fruit is expanded but Food is not: Apple stays hidden; Food collapsed is still visible.
    var snapshot = try pantry(expanded: ["Fruit"])
    XCTAssertTrue(try snapshot.isVisible("Food"))
    XCTAssertFalse(try snapshot.isVisible("Fruit"))
    XCTAssertFalse(try snapshot.isVisible("Apple"))
    snapshot.expand(["Food"])
    XCTAssertTrue(try snapshot.isVisible("Apple"))
    snapshot.collapse(["Fruit"])
    XCTAssertTrue(try snapshot.isVisible("Fruit"))
    XCTAssertFalse(try snapshot.isVisible("Apple"))
    XCTAssertFalse(try snapshot.isVisible("Tea"))
  }

  func testVisibleItemsAreTheVisibleItemsInItemsOrder() throws {
    let snapshot = try pantry(expanded: ["Food", "Drinks"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Fruit", "Bread", "Drinks", "Tea"])
    XCTAssertEqual(snapshot.visibleCount, 5)
    XCTAssertEqual((0..<5).map(snapshot.visibleItem(at:)), snapshot.visibleItems)
    XCTAssertEqual(snapshot.visibleIndex(of: "Tea"), 4)
    XCTAssertNil(snapshot.visibleIndex(of: "Apple"))
  }

  func testExpandedItemsListTheFlagsInItemsOrder() throws {
    let snapshot = try pantry(expanded: ["Tea", "Fruit", "Food"])
    XCTAssertEqual(snapshot.expandedItems, ["Food", "Fruit", "Tea"])
  }

  func testCopyIsIndependentOfTheOriginal() throws {
    let original = try pantry(expanded: ["Food"])
    var copy = original
    try copy.append(["Cheese"], to: "Food")
    try copy.delete(["Drinks"])
    copy.expand(["Fruit"])
    copy.collapse(["Food"])
    XCTAssertEqual(original.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea"])
    XCTAssertEqual(original.visibleItems, ["Food", "Fruit", "Bread", "Drinks"])
    XCTAssertEqual(original.expandedItems, ["Food"])
    XCTAssertEqual(copy.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Cheese"])
    XCTAssertEqual(copy.expandedItems, ["Fruit"])
    XCTAssertNotEqual(copy, original)
    original._checkInvariants()
    copy._checkInvariants()
    // And the other way round.
    var second = original
    var third = second
    second.deleteAll()
    XCTAssertEqual(third, original)
    try third.insert(["Milk"], before: "Tea")
    XCTAssertEqual(second.items, [])
    XCTAssertEqual(original.count, 7)
  }

  func testEqualSnapshotsHaveSameItemsLevelsAndFlags() throws {
    XCTAssertEqual(try pantry(), try pantry())
    XCTAssertEqual(try pantry(expanded: ["Food"]), try pantry(expanded: ["Food"]))
    // Built differently, equal.
    var other = Snapshot()
    try other.append(["Drinks"])
    try other.insert(["Food"], before: "Drinks")
    try other.append(["Tea"], to: "Drinks")
    try other.append(["Bread"], to: "Food")
    try other.insert(["Fruit"], before: "Bread")
    try other.append(["Pear"], to: "Fruit")
    try other.insert(["Apple"], before: "Pear")
    XCTAssertEqual(other, try pantry())
  }

  func testSnapshotsDifferingInOneRespectAreNotEqual() throws {
    // A flag, even on a hidden leaf.
    XCTAssertNotEqual(try pantry(), try pantry(expanded: ["Apple"]))
    // A level: the same items in the same order.
    XCTAssertNotEqual(try outline(["-A", "  -B"]), try outline(["-A", "-B"]))
    // The order.
    XCTAssertNotEqual(try outline(["-A", "-B"]), try outline(["-B", "-A"]))
    // The items.
    XCTAssertNotEqual(try outline(["-A", "-B"]), try outline(["-A", "-C"]))
    XCTAssertNotEqual(try outline(["-A", "-B"]), try outline(["-A"]))
    // Equal after edits that cancel out.
    var edited = try pantry()
    try edited.append(["X"], to: "Pear")
    try edited.delete(["X"])
    edited.expand(["Food"])
    edited.collapse(["Food"])
    XCTAssertEqual(edited, try pantry())
  }

  // MARK: - Edits

  func testAppendToNilAddsRootsAtTheVeryEnd() throws {
    var snapshot = try pantry()
    try snapshot.append(["Cheese", "Wine"])
    XCTAssertEqual(
      snapshot.items,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea", "Cheese", "Wine"])
    XCTAssertEqual(snapshot.rootItems, ["Food", "Drinks", "Cheese", "Wine"])
    XCTAssertEqual(try snapshot.level(of: "Wine"), 0)
    XCTAssertNil(try snapshot.parent(of: "Wine"))
  }

  func testAppendToParentAddsLastChildrenAfterLastChildsSubtree() throws {
    var snapshot = try pantry()
    try snapshot.append(["Cake"], to: "Fruit")
    try snapshot.append(["Rice", "Oats"], to: "Food")
    XCTAssertEqual(
      snapshot.items,
      ["Food", "Fruit", "Apple", "Pear", "Cake", "Bread", "Rice", "Oats", "Drinks", "Tea"])
    XCTAssertEqual(try snapshot.parent(of: "Oats"), "Food")
    XCTAssertEqual(try snapshot.level(of: "Oats"), 1)
    XCTAssertEqual(try snapshot.parent(of: "Cake"), "Fruit")
    XCTAssertEqual(try snapshot.level(of: "Cake"), 2)
  }

  func testAppendToCollapsedParentIsHidden() throws {
    var snapshot = try pantry()
    try snapshot.append(["Milk"], to: "Drinks")
    XCTAssertFalse(try snapshot.isExpanded("Drinks"))
    XCTAssertFalse(try snapshot.isVisible("Milk"))
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Drinks"])
  }

  func testAppendToExpandedParentIsVisibleAndKeepsItExpanded() throws {
    var snapshot = try pantry(expanded: ["Drinks"])
    try snapshot.append(["Milk"], to: "Drinks")
    XCTAssertTrue(try snapshot.isExpanded("Drinks"))
    XCTAssertTrue(try snapshot.isVisible("Milk"))
    XCTAssertFalse(try snapshot.isExpanded("Milk"))
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Drinks", "Tea", "Milk"])
  }

  func testAppendUnderExpandedParentOfHiddenItemIsHidden() throws {
    // Fruit is expanded but hidden (Food collapsed): its new child is hidden too.
    var snapshot = try pantry(expanded: ["Fruit"])
    try snapshot.append(["Plum"], to: "Fruit")
    XCTAssertFalse(try snapshot.isVisible("Plum"))
    snapshot.expand(["Food"])
    XCTAssertTrue(try snapshot.isVisible("Plum"))
    XCTAssertEqual(
      snapshot.visibleItems, ["Food", "Fruit", "Apple", "Pear", "Plum", "Bread", "Drinks"])
  }

  func testInsertBeforeMakesSiblingsRightBefore() throws {
    var snapshot = try pantry(expanded: ["Food"])
    try snapshot.insert(["Fig", "Kiwi"], before: "Pear")
    try snapshot.insert(["Soup"], before: "Fruit")
    try snapshot.insert(["Cheese"], before: "Food")
    XCTAssertEqual(
      snapshot.items,
      ["Cheese", "Food", "Soup", "Fruit", "Apple", "Fig", "Kiwi", "Pear", "Bread", "Drinks", "Tea"])
    XCTAssertEqual(try snapshot.parent(of: "Fig"), "Fruit")
    XCTAssertEqual(try snapshot.level(of: "Kiwi"), 2)
    XCTAssertEqual(try snapshot.parent(of: "Soup"), "Food")
    XCTAssertNil(try snapshot.parent(of: "Cheese"))
    XCTAssertEqual(
      snapshot.visibleItems, ["Cheese", "Food", "Soup", "Fruit", "Bread", "Drinks"])
  }

  func testInsertAfterGoesAfterWholeSubtree() throws {
    var snapshot = try pantry()
    try snapshot.insert(["Soup"], after: "Fruit")
    try snapshot.insert(["Cheese", "Wine"], after: "Food")
    try snapshot.insert(["Juice"], after: "Tea")
    XCTAssertEqual(
      snapshot.items,
      [
        "Food", "Fruit", "Apple", "Pear", "Soup", "Bread", "Cheese", "Wine", "Drinks", "Tea",
        "Juice",
      ])
    XCTAssertEqual(try snapshot.parent(of: "Soup"), "Food")
    XCTAssertNil(try snapshot.parent(of: "Wine"))
    XCTAssertEqual(try snapshot.parent(of: "Juice"), "Drinks")
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Cheese", "Wine", "Drinks"])
  }

  func testInsertedSiblingsOfHiddenItemAreHidden() throws {
    var snapshot = try pantry(expanded: ["Fruit"])
    try snapshot.insert(["Fig"], before: "Apple")
    try snapshot.insert(["Kiwi"], after: "Pear")
    XCTAssertFalse(try snapshot.isVisible("Fig"))
    XCTAssertFalse(try snapshot.isVisible("Kiwi"))
    snapshot.expand(["Food"])
    XCTAssertEqual(
      snapshot.visibleItems, ["Food", "Fruit", "Fig", "Apple", "Pear", "Kiwi", "Bread", "Drinks"])
  }

  func testInsertSnapshotBeforeKeepsSubtreesAndExpansion() throws {
    var snapshot = try pantry(expanded: ["Food"])
    let dairy = try outline(["+Dairy", "  -Milk", "  +Cheese", "    -Brie", "-Eggs"])
    try snapshot.insert(dairy, before: "Bread")
    XCTAssertEqual(
      snapshot.visualDescriptionLines(),
      [
        "+*Food",
        "  -*Fruit",
        "    - Apple",
        "    - Pear",
        "  +*Dairy",
        "    -*Milk",
        "    +*Cheese",
        "      -*Brie",
        "  -*Eggs",
        "  -*Bread",
        "-*Drinks",
        "  - Tea",
      ])
    XCTAssertEqual(try snapshot.parent(of: "Eggs"), "Food")
    XCTAssertEqual(try snapshot.parent(of: "Brie"), "Cheese")
  }

  func testInsertSnapshotAfterGoesAfterWholeSubtree() throws {
    var snapshot = try pantry()
    let dairy = try outline(["+Dairy", "  -Milk"])
    try snapshot.insert(dairy, after: "Fruit")
    try snapshot.insert(try outline(["-Wine"]), after: "Food")
    XCTAssertEqual(
      snapshot.visualDescriptionLines(),
      [
        "-*Food",
        "  - Fruit",
        "    - Apple",
        "    - Pear",
        "  + Dairy",
        "    - Milk",
        "  - Bread",
        "-*Wine",
        "-*Drinks",
        "  - Tea",
      ])
  }

  func testReplaceChildrenRemovesAllDescendantsAndAttachesSnapshotRoots() throws {
    var snapshot = try pantry(expanded: ["Food", "Fruit", "Pear"])
    try snapshot.replace(childrenOf: "Food", using: try outline(["-Rice", "+Soup", "  -Leek"]))
    XCTAssertEqual(
      snapshot.visualDescriptionLines(),
      ["+*Food", "  -*Rice", "  +*Soup", "    -*Leek", "-*Drinks", "  - Tea"])
    // The removed items lost their flags.
    XCTAssertEqual(snapshot.expandedItems, ["Food", "Soup"])
    XCTAssertFalse(snapshot.contains("Apple"))
    XCTAssertFalse(snapshot.contains("Fruit"))
  }

  func testReplaceChildrenKeepsParentsOwnFlag() throws {
    var collapsed = try pantry()
    try collapsed.replace(childrenOf: "Drinks", using: try outline(["-Milk"]))
    XCTAssertFalse(try collapsed.isExpanded("Drinks"))
    XCTAssertEqual(collapsed.visualDescriptionLines().suffix(2), ["-*Drinks", "  - Milk"])
    var expanded = try pantry(expanded: ["Drinks"])
    try expanded.replace(childrenOf: "Drinks", using: try outline(["-Milk"]))
    XCTAssertTrue(try expanded.isExpanded("Drinks"))
    XCTAssertEqual(expanded.visualDescriptionLines().suffix(2), ["+*Drinks", "  -*Milk"])
  }

  func testReplaceChildrenOfLeafAttachesASubtree() throws {
    var snapshot = try pantry(expanded: ["Food"])
    try snapshot.replace(childrenOf: "Bread", using: try outline(["-Rye", "-Spelt"]))
    XCTAssertEqual(
      snapshot.items,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Rye", "Spelt", "Drinks", "Tea"])
    XCTAssertEqual(try snapshot.parent(of: "Spelt"), "Bread")
    XCTAssertEqual(try snapshot.level(of: "Rye"), 2)
  }

  func testReplaceChildrenWithEmptySnapshotLeavesParentChildless() throws {
    var snapshot = try pantry(expanded: ["Food", "Fruit"])
    try snapshot.replace(childrenOf: "Food", using: Snapshot())
    XCTAssertEqual(snapshot.items, ["Food", "Drinks", "Tea"])
    XCTAssertEqual(snapshot.expandedItems, ["Food"])
    XCTAssertEqual(snapshot.visualDescriptionLines(), ["+*Food", "-*Drinks", "  - Tea"])
  }

  func testReplaceChildrenMayReuseTheParentsOwnDescendants() throws {
    // The old descendants go first, so the new snapshot may hold them again, with its flags.
    var snapshot = try pantry(expanded: ["Food", "Fruit"])
    try snapshot.replace(childrenOf: "Food", using: try outline(["-Pear", "+Bread", "  -Apple"]))
    XCTAssertEqual(
      snapshot.visualDescriptionLines(),
      ["+*Food", "  -*Pear", "  +*Bread", "    -*Apple", "-*Drinks", "  - Tea"])
    XCTAssertEqual(snapshot.expandedItems, ["Food", "Bread"])
  }

  func testReplaceChildrenWithSameChildrenChangesNothing() throws {
    let snapshot = try pantry(expanded: ["Food", "Pear"])
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Food", using: try snapshot.snapshot(of: "Food"))
    }
  }

  func testDeleteRemovesEachItemWithAllItsDescendants() throws {
    var snapshot = try pantry(expanded: ["Food"])
    try snapshot.delete(["Fruit", "Tea"])
    XCTAssertEqual(snapshot.items, ["Food", "Bread", "Drinks"])
    XCTAssertFalse(snapshot.contains("Apple"))
    XCTAssertEqual(snapshot.visualDescriptionLines(), ["+*Food", "  -*Bread", "-*Drinks"])
  }

  func testDeleteNamingAnItemTwiceOrAParentAndItsChildIsFine() throws {
    var twice = try pantry()
    try twice.delete(["Tea", "Tea"])
    XCTAssertEqual(twice.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
    var nested = try pantry()
    try nested.delete(["Apple", "Food", "Fruit"])
    XCTAssertEqual(nested.items, ["Drinks", "Tea"])
    var childFirst = try pantry()
    try childFirst.delete(["Pear", "Fruit", "Pear"])
    XCTAssertEqual(childFirst.items, ["Food", "Bread", "Drinks", "Tea"])
  }

  func testDeleteAllEmptiesItemsAndExpansion() throws {
    var snapshot = try pantry(expanded: ["Food", "Tea"])
    snapshot.deleteAll()
    XCTAssertEqual(snapshot.items, [])
    XCTAssertEqual(snapshot.expandedItems, [])
    XCTAssertEqual(snapshot.visibleCount, 0)
    XCTAssertEqual(snapshot, Snapshot())
    try snapshot.append(["Food"])
    XCTAssertFalse(try snapshot.isExpanded("Food"))
  }

  func testExpandAndCollapseSetAndClearFlags() throws {
    var snapshot = try pantry()
    snapshot.expand(["Food", "Drinks", "Food"])
    XCTAssertEqual(snapshot.expandedItems, ["Food", "Drinks"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Fruit", "Bread", "Drinks", "Tea"])
    snapshot.collapse(["Drinks"])
    XCTAssertEqual(snapshot.expandedItems, ["Food"])
    XCTAssertEqual(snapshot.visibleItems, ["Food", "Fruit", "Bread", "Drinks"])
    snapshot.collapse(["Bread"])  // not expanded: nothing to clear
    XCTAssertEqual(snapshot.expandedItems, ["Food"])
  }

  func testExpandAndCollapseIgnoreUnknownItems() throws {
    let snapshot = try pantry(expanded: ["Drinks"])
    try assertNoOp(snapshot) { $0.expand(["Cheese"]) }
    try assertNoOp(snapshot) { $0.collapse(["Cheese"]) }
    var partly = snapshot
    partly.expand(["Cheese", "Food"])
    XCTAssertEqual(partly.expandedItems, ["Food", "Drinks"])
    partly.collapse(["Wine", "Drinks"])
    XCTAssertEqual(partly.expandedItems, ["Food"])
  }

  func testEmptyItemListIsANoOpEvenForAnUnknownDestination() throws {
    let snapshot = try pantry(expanded: ["Food"])
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in try snapshot.append([]) }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.append([], to: "Cheese")
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.insert([String](), before: "Cheese")
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.insert([String](), after: "Cheese")
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.insert(Snapshot(), before: "Cheese")
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.insert(Snapshot(), after: "Cheese")
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Cheese", using: Snapshot())
    }
    try assertNoOp(snapshot) { snapshot throws(SnapshotError) in try snapshot.delete([]) }
    try assertNoOp(snapshot) { $0.expand([]) }
    try assertNoOp(snapshot) { $0.collapse([]) }
    var empty = Snapshot()
    try empty.append([], to: "Cheese")
    try empty.replace(childrenOf: "Cheese", using: Snapshot())
    XCTAssertEqual(empty, Snapshot())
  }

  func testSnapshotOfParentRebasesLevelsAndKeepsExpansion() throws {
    let snapshot = try pantry(expanded: ["Fruit", "Apple"])
    let food = try snapshot.snapshot(of: "Food")
    XCTAssertEqual(
      food.visualDescriptionLines(), ["+*Fruit", "  +*Apple", "  -*Pear", "-*Bread"])
    XCTAssertEqual(food.rootItems, ["Fruit", "Bread"])
    XCTAssertEqual(try food.level(of: "Pear"), 1)
    XCTAssertNil(try food.parent(of: "Fruit"))
    XCTAssertEqual(food.expandedItems, ["Fruit", "Apple"])
    food._checkInvariants()
  }

  func testSnapshotOfParentIncludingParentHasItAsTheSingleRoot() throws {
    let snapshot = try pantry(expanded: ["Food", "Pear"])
    let fruit = try snapshot.snapshot(of: "Fruit", includingParent: true)
    XCTAssertEqual(fruit.visualDescriptionLines(), ["-*Fruit", "  - Apple", "  + Pear"])
    XCTAssertEqual(fruit.rootItems, ["Fruit"])
    XCTAssertEqual(try fruit.level(of: "Apple"), 1)
    let food = try snapshot.snapshot(of: "Food", includingParent: true)
    XCTAssertEqual(
      food.visualDescriptionLines(),
      ["+*Food", "  -*Fruit", "    - Apple", "    + Pear", "  -*Bread"])
  }

  func testSnapshotOfLeafIsEmptyOrTheParentAlone() throws {
    let snapshot = try pantry(expanded: ["Tea"])
    let empty = try snapshot.snapshot(of: "Tea")
    XCTAssertEqual(empty, Snapshot())
    XCTAssertEqual(empty.items, [])
    let alone = try snapshot.snapshot(of: "Tea", includingParent: true)
    XCTAssertEqual(alone.items, ["Tea"])
    XCTAssertEqual(alone.visualDescriptionLines(), ["+*Tea"])
    XCTAssertEqual(try alone.level(of: "Tea"), 0)
  }

  func testSnapshotOfParentIsIndependentOfTheOriginal() throws {
    var snapshot = try pantry()
    var food = try snapshot.snapshot(of: "Food")
    try food.append(["Cake"], to: "Fruit")
    try snapshot.delete(["Apple"])
    XCTAssertEqual(food.items, ["Fruit", "Apple", "Pear", "Cake", "Bread"])
    XCTAssertEqual(snapshot.items, ["Food", "Fruit", "Pear", "Bread", "Drinks", "Tea"])
  }

  func testVisualDescriptionOfTheSemanticsExample() throws {
    var snapshot = Snapshot()
    try snapshot.append(["Food", "Drinks"])
    try snapshot.append(["Apple"], to: "Food")
    snapshot.expand(["Food"])
    XCTAssertEqual(snapshot.visualDescriptionLines(), ["+*Food", "  -*Apple", "-*Drinks"])
    let lines = snapshot.visualDescription().split(separator: "\n").map(String.init)
    XCTAssertEqual(Array(lines.dropFirst().dropLast()), ["+*Food", "  -*Apple", "-*Drinks"])
    XCTAssertEqual(snapshot.description, snapshot.visualDescription())
  }

  func testVisualDescriptionMarksHiddenItemsAndExpandedLeaves() throws {
    let snapshot = try pantry(expanded: ["Fruit", "Apple", "Drinks"])
    XCTAssertEqual(
      snapshot.visualDescriptionLines(),
      [
        "-*Food",
        "  + Fruit",
        "    + Apple",
        "    - Pear",
        "  - Bread",
        "+*Drinks",
        "  -*Tea",
      ])
  }

  func testReferenceModelAgreesOnTheFixture() throws {
    var reference = ReferenceOutline<String>()
    try reference.append(["Food", "Drinks"])
    try reference.append(["Fruit", "Bread"], to: "Food")
    try reference.append(["Apple", "Pear"], to: "Fruit")
    try reference.append(["Tea"], to: "Drinks")
    reference.expand(["Food", "Apple"])
    let snapshot = try pantry(expanded: ["Food", "Apple"])
    XCTAssertEqual(reference.visualDescriptionLines(), snapshot.visualDescriptionLines())
    XCTAssertEqual(reference.items, snapshot.items)
    XCTAssertEqual(reference.visibleItems, snapshot.visibleItems)
  }

  // MARK: - Errors

  func testAppendOfPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    let snapshot = try pantry(expanded: ["Food"])
    try assertFails(
      snapshot, with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Tea"], to: "Food") }
    try assertFails(
      snapshot, with: .duplicateItems(["Food", "Pear"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Food, Pear"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Cheese", "Food", "Pear"]) }
  }

  func testAppendOfRepeatedItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Milk"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Milk"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Milk", "Juice", "Milk"]) }
    // Into an empty snapshot as well.
    try assertFails(
      Snapshot(), with: .duplicateItems(["A"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: A"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["A", "B", "A"]) }
  }

  func testInsertBeforeOfPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Bread"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Bread"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Bread"], before: "Tea") }
    // Even the destination itself.
    try assertFails(
      try pantry(), with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Tea"], before: "Tea") }
  }

  func testInsertAfterOfRepeatedItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Kiwi"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Kiwi"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Kiwi", "Kiwi"], after: "Pear") }
  }

  func testInsertSnapshotHoldingPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    let dairy = try outline(["-Dairy", "  -Apple", "  -Milk", "-Tea"])
    try assertFails(
      try pantry(), with: .duplicateItems(["Apple", "Tea"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple, Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(dairy, before: "Bread") }
    try assertFails(
      try pantry(), with: .duplicateItems(["Apple", "Tea"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple, Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(dairy, after: "Bread") }
  }

  func testReplaceChildrenWithItemFromElsewhereThrowsUniquenessAndLeavesSnapshotUnchanged()
    throws
  {
    // Tea lives under Drinks: UIKit would corrupt its tree, we throw.
    try assertFails(
      try pantry(expanded: ["Food"]), with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Food", using: try self.outline(["-Apple", "-Tea"]))
    }
  }

  func testReplaceChildrenMakingAnItemItsOwnDescendantThrowsUniqueness() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Fruit"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Fruit"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Fruit", using: try self.outline(["-Fruit"]))
    }
    // An ancestor under its descendant.
    try assertFails(
      try pantry(), with: .duplicateItems(["Food"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Food"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Apple", using: try self.outline(["-Food"]))
    }
  }

  func testAppendToMissingParentThrowsAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(expanded: ["Food"]), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Brie"], to: "Cheese") }
    try assertFails(
      Snapshot(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Brie"], to: "Cheese") }
  }

  func testAppendToMissingParentIsReportedBeforeDuplicates() throws {
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Tea", "Tea"], to: "Cheese") }
  }

  func testReplaceChildrenOfMissingParentThrowsAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Cheese", using: try self.outline(["-Brie"]))
    }
    // Reported before the uniqueness of the snapshot's items.
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Cheese", using: try self.outline(["-Tea"]))
    }
  }

  func testSnapshotOfMissingParentThrows() throws {
    let snapshot = try pantry()
    for includingParent in [false, true] {
      XCTAssertThrowsError(try snapshot.snapshot(of: "Cheese", includingParent: includingParent)) {
        error in
        XCTAssertEqual(error as? SnapshotError, .parentNotFound("Cheese"))
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "Parent item identifier does not exist in section snapshot: Cheese")
      }
    }
  }

  func testInsertBeforeMissingItemThrowsAndLeavesSnapshotUnchanged() throws {
    let message = "Item identifier to insert before does not exist in section snapshot: Cheese"
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], before: "Cheese")
    }
    // Reported before the uniqueness of the new items.
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Tea", "Tea"], before: "Cheese")
    }
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in
      try snapshot.insert(try self.outline(["-Tea"]), before: "Cheese")
    }
    try assertFails(Snapshot(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], before: "Cheese")
    }
  }

  func testInsertAfterMissingItemThrowsAndLeavesSnapshotUnchanged() throws {
    let message = "Item identifier to insert after does not exist in section snapshot: Cheese"
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], after: "Cheese")
    }
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Food"], after: "Cheese")
    }
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in
      try snapshot.insert(try self.outline(["-Brie"]), after: "Cheese")
    }
  }

  func testDeleteOfMissingItemThrowsBeforeDeletingAnything() throws {
    try assertFails(
      try pantry(expanded: ["Food"]), with: .deleteItemNotFound("Cheese"),
      message: "Failed to find index of item Cheese in section snapshot"
    ) { snapshot throws(SnapshotError) in try snapshot.delete(["Apple", "Drinks", "Cheese"]) }
    // The first absent item is named.
    try assertFails(
      try pantry(), with: .deleteItemNotFound("Wine"),
      message: "Failed to find index of item Wine in section snapshot"
    ) { snapshot throws(SnapshotError) in try snapshot.delete(["Tea", "Wine", "Cheese"]) }
  }

  func testLevelOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().level(of: "Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testIsExpandedOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().isExpanded("Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testIsVisibleOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().isVisible("Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testParentOfMissingItemThrowsChildNotFound() throws {
    XCTAssertThrowsError(try pantry().parent(of: "Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .childNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Child item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testContainsAndIndexOfMissingItemAnswerFalseAndNil() throws {
    let snapshot = try pantry()
    XCTAssertFalse(snapshot.contains("Cheese"))
    XCTAssertNil(snapshot.index(of: "Cheese"))
    XCTAssertTrue(snapshot.contains("Tea"))
    XCTAssertFalse(Snapshot().contains("Tea"))
    XCTAssertNil(Snapshot().index(of: "Tea"))
  }

  func testErrorMessagesNameNonStringIdentifiers() throws {
    var numbers = SectionSnapshot<Int>()
    try numbers.append([1, 2])
    XCTAssertThrowsError(try numbers.append([3], to: 42)) { error in
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Parent item identifier does not exist in section snapshot: 42")
    }
    XCTAssertThrowsError(try numbers.append([2, 1])) { error in
      XCTAssertEqual(error as? SnapshotError, .duplicateItems(["2", "1"]))
    }
    XCTAssertEqual(numbers.items, [1, 2])
  }
}
