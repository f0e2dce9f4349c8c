import OutlineTestSupport
import XCTest

@testable import Diffable

/// `parent(of:)` and `level(of:)` answer from the label map, `previousSibling(of:)` from the
/// order tree; every edit that changes an item's parent must leave the new version's answers
/// right and every older copy's as they were.
final class SectionSnapshotParentTests: XCTestCase {
  /// Each item's previous sibling as the pre-order and levels say: the latest item at its
  /// level since its parent.
  private func expectedPreviousSiblings(_ snapshot: SectionSnapshot<Int>) -> [Int: Int?] {
    var result: [Int: Int?] = [:]
    var lastAtLevel: [Int] = []  // the latest item at each level, down to the current one
    snapshot._tree.forEach(in: 0..<snapshot.count) { entry in
      let level = Int(entry.level)
      result[entry.item] = level < lastAtLevel.count ? lastAtLevel[level] : nil
      lastAtLevel.removeSubrange(min(level, lastAtLevel.count)...)
      lastAtLevel.append(entry.item)
      return true
    }
    return result
  }

  private func checkPreviousSiblings(
    _ snapshot: SectionSnapshot<Int>, _ context: @autoclosure () -> String
  ) {
    for (item, previous) in expectedPreviousSiblings(snapshot) {
      XCTAssertEqual(
        try snapshot.previousSibling(of: item), previous,
        "\(context()): previous sibling of \(item)")
    }
  }

  func testPreviousSiblingAmongManySiblingsAndDeepSubtrees() throws {
    // 3,000 roots (many tree nodes), every tenth with a chain of descendants three deep and a
    // second child: a previous sibling is found across other siblings' subtrees.
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<3_000))
    var next = 3_000
    for root in stride(from: 0, to: 3_000, by: 10) {
      try snapshot.append([next], to: root)
      try snapshot.append([next + 1], to: next)
      try snapshot.append([next + 2], to: next + 1)
      try snapshot.append([next + 3], to: root)
      next += 4
    }
    snapshot.expand([0, 3_000])  // expansion changes no sibling
    checkPreviousSiblings(snapshot, "built")
    XCTAssertEqual(try snapshot.previousSibling(of: 0), nil)
    XCTAssertEqual(try snapshot.previousSibling(of: 11), 10)
    XCTAssertEqual(try snapshot.previousSibling(of: 3_003), 3_000)
    XCTAssertEqual(try snapshot.previousSibling(of: 3_000), nil)
  }

  func testPreviousSiblingOfAnAbsentItemThrowsAndChangesNothing() {
    var snapshot = SectionSnapshot<Int>()
    try! snapshot.append([1, 2])
    let before = snapshot
    XCTAssertThrowsError(try snapshot.previousSibling(of: 9)) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("9"))
    }
    XCTAssertEqual(snapshot, before)
    XCTAssertEqual(snapshot.items, [1, 2])
  }

  /// Each item's parent and level as the order tree's pre-order and levels say: an item's
  /// parent is the latest item one level up before it.
  private func expected(_ snapshot: SectionSnapshot<Int>) -> [Int: (parent: Int?, level: Int)] {
    var result: [Int: (parent: Int?, level: Int)] = [:]
    var ancestors: [Int] = []
    snapshot._tree.forEach(in: 0..<snapshot.count) { entry in
      let level = Int(entry.level)
      ancestors.removeSubrange(level...)
      result[entry.item] = (ancestors.last, level)
      ancestors.append(entry.item)
      return true
    }
    return result
  }

  private func check(
    _ snapshot: SectionSnapshot<Int>, against expected: [Int: (parent: Int?, level: Int)],
    _ context: @autoclosure () -> String
  ) {
    XCTAssertEqual(snapshot.count, expected.count, context())
    for (item, place) in expected {
      XCTAssertEqual(try snapshot.parent(of: item), place.parent, "\(context()): parent of \(item)")
      XCTAssertEqual(try snapshot.level(of: item), place.level, "\(context()): level of \(item)")
    }
  }

  func testParentsAfterEveryKindOfMoveOnOldAndNewCopies() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var random = SplitMix64(seed: seed)
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<20))
    var next = 20
    for parent in 0..<20 {
      try snapshot.append(Array(next..<(next + 4)), to: parent)
      next += 4
    }
    // Every version kept, with what its parents were when it was made.
    var kept: [(snapshot: SectionSnapshot<Int>, expected: [Int: (parent: Int?, level: Int)])] =
      []
    for step in 0..<400 {
      let items = snapshot.items
      let item = items.randomElement(using: &random)!
      let other = items.randomElement(using: &random)!
      let context = "DIFFABLE_SEED=\(seed) step \(step)"
      switch step % 9 {
      case 0: try? snapshot.move(item, to: .before(other))
      case 1: try? snapshot.move(item, to: .after(other))
      case 2: try? snapshot.move(item, to: .firstChild(of: other))
      case 3: try? snapshot.move(item, to: .lastChild(of: other))
      case 4: try? snapshot.move(item, to: .lastRoot)
      case 5:
        // A subtree moved out and back in (drag): delete it, insert it after another item.
        if let subtree = try? snapshot.snapshot(of: item, includingParent: true),
          !subtree.items.contains(other)
        {
          try snapshot.delete([item])
          try snapshot.insert(subtree, after: other)
        }
      case 6:
        // New children replace an item's children (its old children leave).
        var children = SectionSnapshot<Int>()
        try children.append([next, next + 1])
        try children.append([next + 2], to: next)
        next += 3
        try snapshot.replace(childrenOf: item, using: children)
      case 7:
        try snapshot.append([next], to: other)
        try snapshot.insert([next + 1], before: item)
        next += 2
      default:
        // Deleting a subtree: its descendants go too.
        if snapshot.count > 40 { try snapshot.delete([item]) }
      }
      let now = expected(snapshot)
      check(snapshot, against: now, context)
      checkPreviousSiblings(snapshot, context)
      if step % 3 == 0 { kept.append((snapshot, now)) }
    }
    for (index, version) in kept.enumerated() {
      check(version.snapshot, against: version.expected, "DIFFABLE_SEED=\(seed) kept \(index)")
    }
  }
}
