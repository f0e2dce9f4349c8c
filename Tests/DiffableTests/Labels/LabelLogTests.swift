import XCTest

@testable import Diffable

/// A log keeps its records in chunks that never move (16, 32, 64, … records): a version reads
/// the records it sees at each chunk's ends, in place, after later writes have added chunks.
final class LabelLogTests: XCTestCase {
  func testVersionsReadRecordsAtChunkEndsAfterLaterChunks() {
    checkRecordsAtChunkEnds(item: { "item \($0)" })
  }

  /// Integer items, which a table and a log each read where they find the label.
  func testIntegerVersionsReadRecordsAtChunkEndsAfterLaterChunks() {
    checkRecordsAtChunkEnds(item: { $0 })
  }

  /// 1,000 items in a shared table, then 700 writes to one log (no fold before 1,000 records),
  /// versions kept on both sides of each chunk's first record; each reads every item's parent,
  /// level and label after the last write.
  func checkRecordsAtChunkEnds<Item: Hashable & Sendable>(item: (Int) -> Item) {
    typealias Map = _LabelMap<Item, _Place<Item>>
    func place(_ value: Int) -> _Place<Item> {
      _Place(label: UInt64(value + 1), level: Int32(value % 5), parent: item(value + 10_000))
    }
    var table = _LabelTable<Item, _Place<Item>>()
    var expected: [Item: Int] = [:]
    for index in 0..<1_000 {
      table.updateValue(place(index), forKey: item(index))
      expected[item(index)] = index
    }
    var map = Map(base: table)
    var kept: [(map: Map, expected: [Item: Int])] = [(map, expected)]
    let ends: Set = [15, 16, 17, 47, 48, 49, 111, 112, 113, 239, 240, 241, 495, 496, 497]
    for step in 0..<700 {
      let written = item((step * 7) % 1_100)  // some new, some removed, some written again
      if step % 9 == 4 {
        map[written] = nil
        expected[written] = nil
      } else {
        map[written] = place(20_000 + step)
        expected[written] = 20_000 + step
      }
      if ends.contains(map.epoch) { kept.append((map, expected)) }
    }
    kept.append((map, expected))
    XCTAssertEqual(map.epoch, 700, "one log, no fold")
    XCTAssertEqual(kept.count, ends.count + 2)
    for (index, version) in kept.enumerated() {
      for number in 0..<1_100 {
        let value = version.expected[item(number)]
        let read = version.map.read(item(number)) { ($0.parent, $0.level) }
        XCTAssertEqual(read?.0, value.map { item($0 + 10_000) }, "version \(index), item \(number)")
        XCTAssertEqual(read?.1, value.map { Int32($0 % 5) })
        XCTAssertEqual(version.map[item(number)]?.label, value.map { UInt64($0 + 1) })
      }
    }
  }
}
