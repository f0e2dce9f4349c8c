import OutlineTestSupport
import XCTest

@testable import Diffable

/// `parent(of:)` and `level(of:)` answer from the label map; every edit that changes an item's
/// parent must leave the new version's answers right and every older copy's as they were.
final class SectionSnapshotParentTests: XCTestCase {
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
      if step % 3 == 0 { kept.append((snapshot, now)) }
    }
    for (index, version) in kept.enumerated() {
      check(version.snapshot, against: version.expected, "DIFFABLE_SEED=\(seed) kept \(index)")
    }
  }
}
