import XCTest

@testable import Diffable

final class LabelMapTests: XCTestCase {
  func testOverlayShadowsBaseAndRemovalsHideItems() {
    var map = _LabelMap<String>(base: ["A": 1, "B": 2])
    map["A"] = 10
    map["B"] = nil
    map["C"] = 3
    XCTAssertEqual(map["A"], 10)
    XCTAssertNil(map["B"])
    XCTAssertEqual(map["C"], 3)
    XCTAssertEqual(map.liveCount, 2)
    map["B"] = 20
    XCTAssertEqual(map["B"], 20)
    XCTAssertEqual(map.liveCount, 3)
  }

  func testMergeKeepsEveryLabelAndEmptiesTheOverlay() {
    var map = _LabelMap<Int>(
      base: Dictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, UInt64($0 + 1)) }))
    var expected = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, UInt64($0 + 1)) })
    for step in 0..<600 {
      let item = (step * 7919) % 1_500
      if step % 3 == 0 {
        map[item] = nil
        expected[item] = nil
      } else {
        map[item] = UInt64(step + 5_000)
        expected[item] = UInt64(step + 5_000)
      }
      XCTAssertLessThanOrEqual(map.overlay.count, max(64, map.base.count / 4), "merged in time")
    }
    for item in 0..<1_500 { XCTAssertEqual(map[item], expected[item], "item \(item)") }
    XCTAssertEqual(map.liveCount, expected.count)
    map.merge()
    XCTAssertTrue(map.overlay.isEmpty)
    XCTAssertEqual(map.base, expected)
  }

  func testCopiesAreIndependent() {
    let original = _LabelMap<String>(base: ["A": 1])
    var copy = original
    copy["A"] = nil
    copy["B"] = 2
    XCTAssertEqual(original["A"], 1)
    XCTAssertNil(original["B"])
    XCTAssertNil(copy["A"])
  }
}
