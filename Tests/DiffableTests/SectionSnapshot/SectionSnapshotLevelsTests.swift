import XCTest

@testable import Diffable

/// `SectionSnapshot(preorder:levels:expanded:)`, the one-pass build a save file uses: the same
/// snapshot as appending each item to its parent and expanding, and a repeated item refused.
final class SectionSnapshotLevelsTests: XCTestCase {
  func testTheSameSnapshotAsAppendingToParents() throws {
    let built = try SectionSnapshot(
      preorder: ["Food", "Fruit", "Apple", "Pear", "Veg", "Drinks", "Tea"],
      levels: [0, 1, 2, 2, 1, 0, 1], expanded: [true, false, true, false, true, false, false])
    var appended = SectionSnapshot<String>()
    try appended.append(["Food", "Drinks"])
    try appended.append(["Fruit", "Veg"], to: "Food")
    try appended.append(["Apple", "Pear"], to: "Fruit")
    try appended.append(["Tea"], to: "Drinks")
    appended.expand(["Food", "Apple", "Veg"])
    XCTAssertEqual(built.rows, appended.rows)
    XCTAssertTrue(built == appended)
    XCTAssertEqual(built.visibleItems, ["Food", "Fruit", "Veg", "Drinks"])
    XCTAssertTrue(try built.isExpanded("Apple"), "an expanded item under a collapsed one")
    XCTAssertTrue(try built.isExpanded("Veg"), "an expanded leaf")
    XCTAssertEqual(try built.parent(of: "Pear"), "Fruit")
    XCTAssertEqual(try built.level(of: "Tea"), 1)
    built._checkInvariants()
  }

  func testADeepChainAndAnEmptySnapshot() throws {
    let count = 5_000
    let chain = try SectionSnapshot(
      preorder: (0..<count).map(String.init), levels: (0..<count).map(Int32.init),
      expanded: Array(repeating: true, count: count))
    XCTAssertEqual(chain.visibleCount, count)
    XCTAssertEqual(try chain.level(of: "4999"), 4_999)
    XCTAssertEqual(try chain.parent(of: "4999"), "4998")
    let empty = try SectionSnapshot<String>(preorder: [], levels: [], expanded: [])
    XCTAssertEqual(empty.count, 0)
  }

  func testARepeatedItemThrows() {
    XCTAssertThrowsError(
      try SectionSnapshot(
        preorder: ["A", "B", "A"], levels: [0, 1, 0], expanded: [false, false, false])
    ) { error in
      XCTAssertEqual(error as? SnapshotError, .duplicateItems(["A"]))
    }
  }
}
