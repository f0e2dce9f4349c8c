import Diffable
import XCTest

// Inserting items: append(_:to:), insert(_:before:), insert(_:after:).
extension SectionSnapshotRulesTests {
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
}
