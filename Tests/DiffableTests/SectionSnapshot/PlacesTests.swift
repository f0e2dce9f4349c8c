import OutlineTestSupport
import XCTest

@testable import Diffable

/// A section's places are labels alone while every item is a root, and move to full places when
/// the first item gets a parent: every answer the same on both sides of the move, in the version
/// that moved and in the copies that did not.
final class PlacesTests: XCTestCase {
  func testSlotsOfLabelsAloneAreHalfAsWide() {
    XCTAssertEqual(_LabelTableStorage<Int, UInt64>.stride, 16)
    XCTAssertEqual(_LabelTableStorage<Int, _Place<Int>>.stride, 32)
    // A String key keeps its tag: a probe compares the tag before the String.
    XCTAssertTrue(_LabelTableStorage<String, UInt64>.hasTag)
    XCTAssertEqual(_LabelTableStorage<String, UInt64>.stride, 32)
    XCTAssertEqual(_LabelTableStorage<String, _Place<String>>.stride, 48)
  }

  func testRootsKeepLabelsAloneUntilAnItemGetsAParent() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<100))
    try snapshot.insert([200], after: 5)
    try snapshot.append(Array(100..<180))
    try snapshot.delete([7, 120])
    XCTAssertFalse(snapshot._labels.hasParents)
    let before = snapshot
    let indices = snapshot.items.map { snapshot.index(of: $0) }

    try snapshot.append([300], to: 9)
    XCTAssertTrue(snapshot._labels.hasParents)
    XCTAssertEqual(try snapshot.parent(of: 300), 9)
    XCTAssertEqual(try snapshot.level(of: 300), 1)
    XCTAssertEqual(snapshot.index(of: 300), snapshot.index(of: 9)! + 1)
    for (offset, item) in before.items.enumerated() {
      XCTAssertEqual(try snapshot.parent(of: item), nil)
      XCTAssertEqual(try snapshot.level(of: item), 0)
      XCTAssertEqual(snapshot.index(of: item), indices[offset]! + (offset > 9 ? 1 : 0))
    }
    // The copy taken before still holds labels alone, and answers as it did.
    XCTAssertFalse(before._labels.hasParents)
    XCTAssertFalse(before.contains(300))
    XCTAssertEqual(before.items.map { before.index(of: $0) }, indices)
  }

  func testAMovedSubtreeOfRootsAndChildrenGetsEveryPlace() throws {
    var subtree = SectionSnapshot<Int>()
    try subtree.append(Array(1000..<1040))
    for parent in 1000..<1010 { try subtree.append([parent + 100, parent + 200], to: parent) }
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<100))
    let copy = snapshot
    // 60 items in one run, roots and children: written in bulk, then moved to places.
    try snapshot.insert(subtree, after: 50)
    XCTAssertTrue(snapshot._labels.hasParents)
    for parent in 1000..<1010 {
      XCTAssertEqual(try snapshot.parent(of: parent + 100), parent)
      XCTAssertEqual(try snapshot.level(of: parent + 200), 1)
      XCTAssertEqual(try snapshot.parent(of: parent), nil)
    }
    XCTAssertEqual(snapshot.items, Array(0...50) + subtree.items + Array(51..<100))
    XCTAssertEqual(copy.items, Array(0..<100))
    XCTAssertFalse(copy._labels.hasParents)
  }

  func testAVersionWithALogMovesToPlacesAndOthersKeepTheirs() throws {
    var snapshot = SectionSnapshot<String>()
    try snapshot.append((0..<300).map { "r\($0)" })
    let original = snapshot
    // A shared table: these writes go to a log on top of it.
    try snapshot.append((0..<70).map { "s\($0)" })
    try snapshot.insert(["x"], before: "r3")
    XCTAssertNotNil(snapshot._labels.roots.log)
    let seed = snapshot._labels.roots.labels.seed
    var child = snapshot
    try child.append(["c"], to: "s1")
    XCTAssertTrue(child._labels.hasParents)
    XCTAssertEqual(child._labels.tree.labels.seed, seed, "hashes kept for a write stay good")
    XCTAssertEqual(try child.parent(of: "c"), "s1")
    var expected = snapshot.items
    expected.insert("c", at: expected.firstIndex(of: "s1")! + 1)
    XCTAssertEqual(child.items, expected)
    XCTAssertEqual(snapshot.items.count, 371)
    XCTAssertFalse(snapshot._labels.hasParents)
    XCTAssertEqual(original.items, (0..<300).map { "r\($0)" })
  }

  func testARepeatedItemChangesNothingAndKeepsLabelsAlone() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<100))
    let before = snapshot
    XCTAssertThrowsError(try snapshot.append(Array(100..<200) + [5]))
    XCTAssertThrowsError(try snapshot.append([5], to: 3))
    XCTAssertEqual(snapshot, before)
    XCTAssertFalse(snapshot._labels.hasParents)
    XCTAssertEqual(snapshot.items, Array(0..<100))
  }

  func testEmptyingASectionGoesBackToLabelsAlone() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append([1, 2])
    try snapshot.append([3], to: 1)
    XCTAssertTrue(snapshot._labels.hasParents)
    snapshot.deleteAll()
    XCTAssertFalse(snapshot._labels.hasParents)
    try snapshot.append([4, 5])
    XCTAssertEqual(try snapshot.parent(of: 5), nil)
    XCTAssertFalse(snapshot._labels.hasParents)
  }
}
