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
      let (height, problems) = _TreeAudit.audit(snapshot)
      XCTAssertEqual(problems, [], "size \(size)")
      XCTAssertLessThanOrEqual(height, size <= leaf * node ? 2 : 4, "size \(size)")
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
      XCTAssertEqual(_TreeAudit.audit(snapshot).problems, [], "size \(size), edited")
      XCTAssertEqual(snapshot.items, expected, "size \(size)")
      XCTAssertEqual(snapshot.index(of: -1), expected.firstIndex(of: -1), "size \(size)")
    }
  }
}
