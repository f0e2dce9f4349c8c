import Diffable
import OutlineTestSupport
import XCTest

// The visual description, and the reference model on the fixture.
extension SectionSnapshotRulesTests {
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
}
