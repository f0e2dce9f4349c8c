import OutlineTestSupport
import XCTest

@testable import Diffable

/// `SectionSnapshot.commonEnds(with:)`, which `--emit-html` uses to read only the rows a step
/// changed: after random edits of a large snapshot, the prefix and suffix it finds by skipping
/// shared storage are those a plain comparison of the rows finds.
final class SectionSnapshotCommonEndsTests: XCTestCase {
  /// The common prefix and suffix of two row arrays, row by row (level, flag and item).
  func plainCommonEnds(_ a: [SectionSnapshot<Int>.Row], _ b: [SectionSnapshot<Int>.Row])
    -> (prefix: Int, suffix: Int)
  {
    func same(_ x: SectionSnapshot<Int>.Row, _ y: SectionSnapshot<Int>.Row) -> Bool {
      x.item == y.item && x.level == y.level && x.isExpanded == y.isExpanded
    }
    let limit = min(a.count, b.count)
    var prefix = 0
    while prefix < limit, same(a[prefix], b[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix, same(a[a.count - 1 - suffix], b[b.count - 1 - suffix]) {
      suffix += 1
    }
    return (prefix, suffix)
  }

  func testCommonEndsMatchARowByRowComparisonAfterRandomEdits() throws {
    var generator = SplitMix64(seed: SplitMix64.seed())
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<40))
    for root in 0..<40 {
      try snapshot.append(Array((1000 + root * 50)..<(1000 + root * 50 + 49)), to: root)
    }
    snapshot.expand(Array(0..<40))
    var next = 10_000
    for round in 0..<300 {
      let old = snapshot
      let items = snapshot.items
      let target = items[Int.random(in: 0..<items.count, using: &generator)]
      switch Int.random(in: 0..<7, using: &generator) {
      case 0:
        try snapshot.insert([next, next + 1], after: target)
        next += 2
      case 1:
        try snapshot.append([next], to: target)
        next += 1
      case 2:
        if items.count > 100 { try snapshot.delete([target]) }
      case 3:
        let other = items[Int.random(in: 0..<items.count, using: &generator)]
        if other != target, (try? snapshot.parent(of: other)) != target {
          try? snapshot.move(target, to: .before(other))
        }
      case 4: snapshot.collapse([target])
      case 5: snapshot.expand([target])
      default:
        // Several edits at once, far apart.
        try snapshot.insert([next], before: items[0])
        try snapshot.append([next + 1])
        next += 2
      }
      let found = snapshot.commonEnds(with: old)
      let expected = plainCommonEnds(snapshot.rows, old.rows)
      XCTAssertEqual(found.prefix, expected.prefix, "round \(round), \(generator)")
      XCTAssertEqual(found.suffix, expected.suffix, "round \(round), \(generator)")
      XCTAssertEqual(
        snapshot.rows(in: found.prefix..<(snapshot.count - found.suffix)),
        Array(snapshot.rows[found.prefix..<(snapshot.count - found.suffix)]))
    }
    let unrelated = SectionSnapshot<Int>()
    XCTAssertTrue(snapshot.commonEnds(with: unrelated) == (0, 0))
    XCTAssertTrue(snapshot.commonEnds(with: snapshot) == (snapshot.count, 0))
  }

  /// `commonLength(from:with:from:limit:)` after random moves and edits: from random ranks on
  /// both sides (the ranks a move shifted among them), the length it finds by skipping shared
  /// storage is that of a row-by-row comparison.
  func testCommonLengthFromRanksMatchesARowByRowComparison() throws {
    var generator = SplitMix64(seed: SplitMix64.seed())
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<40))
    for root in 0..<40 {
      try snapshot.append(Array((1000 + root * 50)..<(1000 + root * 50 + 49)), to: root)
    }
    snapshot.expand(Array(0..<40))
    var next = 10_000
    for round in 0..<300 {
      let old = snapshot
      let items = snapshot.items
      let target = items[Int.random(in: 0..<items.count, using: &generator)]
      let other = items[Int.random(in: 0..<items.count, using: &generator)]
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        try snapshot.insert([next], after: target)
        next += 1
      case 1: snapshot.collapse([target])
      default:
        if other != target, (try? snapshot.parent(of: other)) != target {
          try? snapshot.move(target, to: .before(other))
        }
      }
      let oldRows = old.rows
      let newRows = snapshot.rows
      for _ in 0..<8 {
        let start = Int.random(in: 0...oldRows.count, using: &generator)
        let shift = Int.random(in: -60...60, using: &generator)
        let otherStart = min(max(start + shift, 0), newRows.count)
        let limit = Int.random(in: 0...oldRows.count, using: &generator)
        var expected = 0
        while expected < limit, start + expected < oldRows.count,
          otherStart + expected < newRows.count,
          oldRows[start + expected].item == newRows[otherStart + expected].item,
          oldRows[start + expected].level == newRows[otherStart + expected].level,
          oldRows[start + expected].isExpanded == newRows[otherStart + expected].isExpanded
        {
          expected += 1
        }
        let found = old.commonLength(
          from: start, with: snapshot, from: otherStart, limit: limit)
        XCTAssertEqual(found, expected, "round \(round), \(start), \(otherStart), \(generator)")
      }
      if let offset = (0..<newRows.count).randomElement(using: &generator) {
        XCTAssertEqual(snapshot.row(at: offset), newRows[offset])
      }
    }
  }
}
