import Diffable
import XCTest

// Subtrees: inserting snapshots, replacing children, child snapshots.
extension SectionSnapshotRulesTests {
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
}
