import Diffable
import XCTest

// The tree: order, levels, parents, flags, visibility, copies and equality.
extension SectionSnapshotRulesTests {
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
}
