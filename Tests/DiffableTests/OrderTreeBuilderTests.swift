import XCTest

@testable import Diffable

/// A snapshot built in bulk (appended into an empty one) is a well-formed B-tree at every size
/// around the builder's leaf and node boundaries, and takes edits afterwards.
final class OrderTreeBuilderTests: XCTestCase {
  func testBulkBuiltTreesAreWellFormedAtEverySizeAroundTheBoundaries() throws {
    let leaf = _OrderTree<Int>.Builder.leafTarget
    let node = _OrderNode<Int>.maxChildCount * 3 / 4
    let sizes = Set(
      [1, 2, leaf - 1, leaf, leaf + 1, leaf * node - 1, leaf * node, leaf * node + 1, 5_000]
        + (1...4).map { leaf * node * node + $0 - 2 })
    for size in sizes.sorted() {
      var snapshot = SectionSnapshot<Int>()
      try snapshot.append(Array(0..<size))
      let root = try XCTUnwrap(snapshot._tree.root, "size \(size)")
      var leafDepths: Set<Int> = []
      let (count, _) = check(root, isRoot: true, depth: 0, leafDepths: &leafDepths, size: size)
      XCTAssertEqual(count, size)
      XCTAssertEqual(leafDepths.count, 1, "size \(size): every leaf at one depth")
      XCTAssertEqual(snapshot.items, Array(0..<size), "size \(size)")
      snapshot._checkInvariants()
      // Edits after the build: an insert in the middle and one at each end.
      var expected = Array(0..<size)
      try snapshot.insert([-1], before: size / 2)
      expected.insert(-1, at: size / 2)
      try snapshot.insert([-2], before: 0)
      expected.insert(-2, at: expected.firstIndex(of: 0)!)
      try snapshot.append([-3])
      expected.append(-3)
      snapshot._checkInvariants()
      XCTAssertEqual(snapshot.items, expected, "size \(size)")
      XCTAssertEqual(snapshot.index(of: -1), expected.firstIndex(of: -1), "size \(size)")
    }
  }

  /// Checks a node's summary against its elements and returns its entry count and last label.
  private func check(
    _ node: _OrderNode<Int>, isRoot: Bool, depth: Int, leafDepths: inout Set<Int>, size: Int
  ) -> (count: Int, lastLabel: UInt64) {
    XCTAssertFalse(node.isOverfull, "size \(size): overfull node")
    if !isRoot { XCTAssertFalse(node.isUnderfull, "size \(size): underfull node at \(depth)") }
    if node.isLeaf {
      leafDepths.insert(depth)
      let entries = Array(node.entries)
      XCTAssertEqual(node.count, entries.count)
      XCTAssertEqual(node.visibleCount, entries.filter(\.isVisible).count)
      XCTAssertEqual(node.lastLabel, entries.last?.label)
      XCTAssertTrue(node.isFlat)
      XCTAssertEqual(node.minLevel, 0)
      return (entries.count, node.lastLabel)
    }
    var count = 0
    var last: UInt64 = 0
    for child in node.children {
      let (childCount, childLast) = check(
        child, isRoot: false, depth: depth + 1, leafDepths: &leafDepths, size: size)
      XCTAssertGreaterThan(childLast, last, "size \(size): labels out of order")
      count += childCount
      last = childLast
    }
    XCTAssertEqual(node.count, count, "size \(size): count summary")
    XCTAssertEqual(node.visibleCount, count, "size \(size): every bulk-built root is visible")
    XCTAssertEqual(node.lastLabel, last)
    return (count, last)
  }
}
