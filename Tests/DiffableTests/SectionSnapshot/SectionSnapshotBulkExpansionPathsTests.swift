import OutlineTestSupport
import XCTest

@testable import Diffable

/// The bulk expand's two regimes give the same snapshot: many targets in one call (the walk
/// enters nearly every leaf: one linear pass) and the same targets one call each (each a walk
/// down one path), on a shared copy (nodes copied) and on a snapshot no one shares (nodes
/// written in place), with the copies taken before unchanged.
final class SectionSnapshotBulkExpansionPathsTests: XCTestCase {
  /// A random forest of `count` items, some levels deep (descents of up to 100 levels, each
  /// raising and lowering the walk's visibility limit), a third expanded.
  private func forest(_ count: Int, seed: UInt64) throws -> SectionSnapshot<Int> {
    var random = SplitMix64(seed: seed)
    var lines: [Forest<Int>.Line] = []
    for item in 0..<count {
      let deepest = lines.isEmpty ? 0 : lines.last!.level + 1
      // Mostly shallow; now and then a long descent.
      let level =
        item % 400 < 100 && item >= 400
        ? deepest : Int.random(in: 0...min(deepest, 4), using: &random)
      lines.append(
        .init(item: item, level: level, isExpanded: Int.random(in: 0..<3, using: &random) == 0))
    }
    return try Forest(lines: lines).snapshotByAppending()
  }

  /// Everything a row query can tell about `snapshot`.
  private func rows(_ snapshot: SectionSnapshot<Int>) -> [String] {
    let visible = snapshot.visibleItems
    var lines = [
      "items \(snapshot.items)", "visible \(visible)", "count \(snapshot.visibleCount)",
      "expanded \(snapshot.expandedItems)",
    ]
    for (row, item) in visible.enumerated() where row % 7 == 0 {
      let found = snapshot.visibleIndex(of: item)!
      lines.append("row \(row): \(snapshot.visibleItem(at: row)) \(found)")
    }
    return lines
  }

  func testManyTargetsInOneCallMatchOneCallEach() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var random = SplitMix64(seed: seed)
    // Checked builds check every edit in O(n): a small forest, rebuilt only for large shares.
    let original = try forest(1_000, seed: seed)
    let before = rows(original)
    for share in [2, 4, 20, 200] {
      for expand in [true, false] {
        let targets = (0..<(1_000 / share)).map { _ in Int.random(in: -10..<1_010, using: &random) }
        // One call on a shared copy, one call on a snapshot no one else holds, one call each.
        var shared = original
        expand ? shared.expand(targets) : shared.collapse(targets)
        var unique = share <= 4 ? try forest(1_000, seed: seed) : shared
        if share <= 4 { expand ? unique.expand(targets) : unique.collapse(targets) }
        var oneByOne = original
        for target in targets { expand ? oneByOne.expand([target]) : oneByOne.collapse([target]) }
        let context = "DIFFABLE_SEED=\(seed) 1/\(share) of the items, expand: \(expand)"
        XCTAssertEqual(rows(shared), rows(oneByOne), context)
        XCTAssertEqual(rows(unique), rows(oneByOne), context)
        XCTAssertEqual(shared, oneByOne, context)
        shared._checkInvariants()
        unique._checkInvariants()
        XCTAssertEqual(rows(original), before, "\(context): the copy taken before changed")
      }
    }
  }

  /// Collapsing every root of a deep outline and expanding them again, in one call each, gives
  /// back the outline's rows.
  func testCollapsingAndExpandingEveryRootRoundTrips() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var snapshot = try forest(1_000, seed: seed)
    let roots = snapshot.rootItems
    snapshot.expand(roots)
    let expanded = rows(snapshot)
    snapshot.collapse(roots)
    XCTAssertEqual(snapshot.visibleItems, roots, "DIFFABLE_SEED=\(seed)")
    snapshot.expand(roots)
    XCTAssertEqual(rows(snapshot), expanded, "DIFFABLE_SEED=\(seed)")
  }
}
