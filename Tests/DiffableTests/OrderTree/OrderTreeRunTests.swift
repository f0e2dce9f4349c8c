import XCTest

@testable import Diffable

/// A run of new items goes into the order tree in one walk (`_OrderTree.insert(run:)`): at the
/// start, the middle and the end of trees of every height, runs from one item to many leaves'
/// worth leave a well-formed B-tree, the right items in order, and every kept version as it was.
final class OrderTreeRunTests: XCTestCase {
  func testRunsOfEverySizeLeaveAWellFormedTreeAndKeptVersionsUnchanged() throws {
    let leaf = _OrderNode<Int>.maxLeafCount
    let runSizes = [1, 2, leaf - 1, leaf, leaf + 1, 3 * leaf + 5, leaf * leaf + 3, 5_000]
    for size in [1, leaf, leaf * leaf, 3_000] {
      for runSize in runSizes {
        for place in ["start", "middle", "end"] {
          var snapshot = SectionSnapshot<Int>()
          try snapshot.append(Array(0..<size))
          let kept = snapshot
          let run = Array(100_000..<(100_000 + runSize))
          var expected = Array(0..<size)
          switch place {
          case "start":
            try snapshot.insert(run, before: 0)
            expected.insert(contentsOf: run, at: 0)
          case "middle":
            try snapshot.insert(run, before: size / 2)
            expected.insert(contentsOf: run, at: size / 2)
          default:
            try snapshot.append(run)
            expected.append(contentsOf: run)
          }
          let context = "size \(size), run \(runSize), \(place)"
          XCTAssertEqual(_TreeAudit.audit(snapshot).problems, [], context)
          XCTAssertEqual(snapshot.items, expected, context)
          snapshot._checkInvariants()
          XCTAssertEqual(kept.items, Array(0..<size), context)
          XCTAssertEqual(_TreeAudit.audit(kept).problems, [], context)
          XCTAssertEqual(
            snapshot.index(of: run[runSize / 2]), expected.firstIndex(of: run[runSize / 2]))
        }
      }
    }
  }

  /// Many small appends under different parents, each copy kept: every version reads its own
  /// items, levels and parents, and the tree stays well formed (leaves grow in place only when no
  /// kept version shares them).
  func testManySmallAppendsKeepEveryVersion() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<50))
    var versions: [(snapshot: SectionSnapshot<Int>, items: [Int])] = []
    var next = 1_000
    for step in 0..<400 {
      let parent = step % 3 == 0 ? step % 50 : next - 1
      let run = Array(next..<(next + 1 + step % 8))
      next += run.count
      try snapshot.append(run, to: parent)
      for item in run {
        XCTAssertEqual(try snapshot.parent(of: item), parent)
        XCTAssertEqual(try snapshot.level(of: item), try snapshot.level(of: parent) + 1)
      }
      if step % 7 == 0 { versions.append((snapshot, snapshot.items)) }
    }
    XCTAssertEqual(_TreeAudit.audit(snapshot).problems, [])
    snapshot._checkInvariants()
    for (offset, version) in versions.enumerated() {
      XCTAssertEqual(version.snapshot.items, version.items, "version \(offset)")
      XCTAssertEqual(_TreeAudit.audit(version.snapshot).problems, [], "version \(offset)")
    }
  }
}
