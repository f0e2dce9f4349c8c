import Diffable
import XCTest

// Deleting, expanding and collapsing, and empty item lists.
extension SectionSnapshotRulesTests {
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
}
