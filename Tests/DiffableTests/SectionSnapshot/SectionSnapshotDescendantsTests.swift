import XCTest

@testable import Diffable

/// `SectionSnapshot.descendantRanges(of:)`: a subtree's offsets in `items` and its visible rows,
/// against the same ranges counted naively from `rows`, on seeded random forests large enough to
/// span several B-tree nodes.
final class SectionSnapshotDescendantsTests: XCTestCase {
  func testTheRangesOfASmallOutline() throws {
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple", "Pear"], to: "Food")
    XCTAssertEqual(outline.descendantRanges(of: "Food")?.items, 1..<3)
    XCTAssertEqual(outline.descendantRanges(of: "Food")?.rows, 1..<1, "collapsed: no rows")
    outline.expand(["Food"])
    XCTAssertEqual(outline.descendantRanges(of: "Food")?.rows, 1..<3)
    XCTAssertEqual(outline.descendantRanges(of: "Apple")?.items, 2..<2, "a leaf")
    XCTAssertEqual(outline.descendantRanges(of: "Drinks")?.rows, 4..<4, "after its own row")
    XCTAssertNil(outline.descendantRanges(of: "Tea"))
  }

  func testTheRangesMatchANaiveCountOnRandomForests() throws {
    var random = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...UInt64.max, using: &random)
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<6 {
      var outline = SectionSnapshot<String>()
      var items: [String] = []
      for index in 0..<250 {
        let item = "i\(index)"
        let parent =
          items.isEmpty || Bool.random(using: &generator)
          ? nil : items.randomElement(using: &generator)
        try outline.append([item], to: parent)
        items.append(item)
      }
      outline.expand(items.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 })
      let rows = outline.rows
      for (rank, row) in rows.enumerated() {
        var end = rank + 1
        while end < rows.count && rows[end].level > row.level { end += 1 }
        let visibleBefore = rows[..<(rank + 1)].filter(\.isVisible).count
        let visibleInside = rows[(rank + 1)..<end].filter(\.isVisible).count
        let ranges = try XCTUnwrap(outline.descendantRanges(of: row.item))
        XCTAssertEqual(ranges.items, (rank + 1)..<end, "\(row.item), seed \(seed)")
        XCTAssertEqual(
          ranges.rows, visibleBefore..<(visibleBefore + visibleInside), "\(row.item), seed \(seed)")
      }
    }
  }
}

/// A small seeded generator (SplitMix64), so that a failure names a seed that reproduces it.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
