import XCTest

@testable import Diffable

/// Inserting many times at one place exhausts the gap between two labels and forces the label
/// window to be spread again; the order and the map must survive it.
final class LabelingTests: XCTestCase {
  func testRepeatedInsertsAtOnePlaceRelabelAndKeepOrder() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append([0, 1])
    for item in 2..<400 { try snapshot.insert([item], before: 1) }
    snapshot._checkInvariants()
    XCTAssertEqual(snapshot.items, [0] + Array(2..<400) + [1])
    for item in 400..<800 { try snapshot.insert([item], after: 0) }
    snapshot._checkInvariants()
    XCTAssertEqual(snapshot.items.count, 800)
    try snapshot.delete(Array(2..<700))
    snapshot._checkInvariants()
    XCTAssertEqual(snapshot.items, [0] + Array(700..<800).reversed() + [1])
    for item in snapshot.items {
      XCTAssertEqual(snapshot.index(of: item), snapshot.items.firstIndex(of: item))
    }
  }

  func testRepeatedPrependsRelabelTheFront() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append([0])
    for item in 1..<300 { try snapshot.insert([item], before: item - 1) }
    snapshot._checkInvariants()
    XCTAssertEqual(snapshot.items, Array((0..<300).reversed()))
  }
}
