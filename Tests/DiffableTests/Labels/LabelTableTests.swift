import OutlineTestSupport
import XCTest

@testable import Diffable

/// The label table against `Dictionary`: random writes and removals (with keys that collide, so
/// clusters wrap around and removals shift them back), copies that write, and the values it
/// lends.
final class LabelTableTests: XCTestCase {
  /// A key whose hash the test chooses: `bucket` alone is hashed, so many keys share a slot.
  private struct Key: Hashable, Sendable, CustomStringConvertible {
    var bucket: Int
    var id: Int
    func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
    var description: String { "\(bucket)/\(id)" }
  }

  /// A value of 12 bytes: the slot keeps a tag in the 4 bytes before the key.
  private struct Short: _LabelValue, Equatable {
    var label: UInt64
    var extra: UInt32
    static var absent: Short { Short(label: 0, extra: 0) }
    var isAbsent: Bool { label == 0 }
  }

  func testRandomWritesAndRemovalsMatchADictionary() {
    XCTAssertFalse(_LabelTableStorage<Key, UInt64>.hasTag)
    checkAgainstADictionary { UInt64($0) }
  }

  func testRandomWritesAndRemovalsMatchADictionaryWithTags() {
    XCTAssertTrue(_LabelTableStorage<Key, Short>.hasTag)
    XCTAssertTrue(_LabelTableStorage<String, _Place<String>>.hasTag)
    checkAgainstADictionary { Short(label: UInt64($0), extra: UInt32($0 % 7)) }
  }

  func testSlotsAreCacheLineAlignedInsideAPlainBlock() {
    for count in [1, 100, 10_000] {
      let storage = _LabelTable<Int, UInt64>(minimumCapacity: count).storage!
      XCTAssertEqual(UInt(bitPattern: storage.slots) % 64, 0)
      XCTAssertLessThan(storage.allocation.distance(to: storage.slots), 64)
    }
  }

  private func checkAgainstADictionary<Value: _LabelValue & Equatable>(
    _ make: (Int) -> Value
  ) {
    for buckets in [3, 40, 1_000_000] {
      let seed = UInt64.random(in: 0...UInt64.max)
      var random = SplitMix64(seed: seed)
      var table = _LabelTable<Key, Value>()
      var model: [Key: Value] = [:]
      for step in 0..<6_000 {
        let key = Key(
          bucket: Int.random(in: 0..<buckets, using: &random),
          id: .random(in: 0..<600, using: &random))
        if Int.random(in: 0..<3, using: &random) == 0 {
          XCTAssertEqual(table.removeValue(forKey: key), model.removeValue(forKey: key))
        } else {
          let value = make(step + 1)
          XCTAssertEqual(
            table.updateValue(value, forKey: key), model.updateValue(value, forKey: key))
        }
        if step % 500 == 0 {
          XCTAssertEqual(table.dictionary, model, "seed \(seed), \(buckets) buckets, step \(step)")
        }
      }
      XCTAssertEqual(table.count, model.count)
      XCTAssertEqual(table.dictionary, model, "seed \(seed), \(buckets) buckets")
      for bucket in 0..<min(buckets, 50) {
        for id in 0..<600 {
          let key = Key(bucket: bucket, id: id)
          XCTAssertEqual(table[key], model[key], "seed \(seed): \(key)")
        }
      }
      // Remove everything: every probe still ends at an empty slot.
      for key in model.keys { XCTAssertEqual(table.removeValue(forKey: key), model[key]) }
      XCTAssertEqual(table.count, 0)
      XCTAssertNil(table[Key(bucket: 0, id: 0)])
    }
  }

  func testCopiesShareStorageUntilOneWrites() {
    var table = _LabelTable<Int, UInt64>(minimumCapacity: 100)
    for item in 0..<100 { table[item] = UInt64(item + 1) }
    var copy = table
    XCTAssertTrue(copy.storage === table.storage)
    copy[5] = 500
    copy[200] = 201
    copy[7] = nil
    XCTAssertFalse(copy.storage === table.storage)
    XCTAssertEqual(table[5], 6)
    XCTAssertNil(table[200])
    XCTAssertEqual(table[7], 8)
    XCTAssertEqual(table.count, 100)
    XCTAssertEqual(copy[5], 500)
    XCTAssertEqual(copy[200], 201)
    XCTAssertNil(copy[7])
    XCTAssertEqual(copy.count, 100)
    // A table held alone writes in place.
    // (Its identity, not a reference: a reference kept here would be a second holder.)
    let storage = copy.storage.map(ObjectIdentifier.init)
    copy[6] = 600
    XCTAssertEqual(copy.storage.map(ObjectIdentifier.init), storage)
  }

  /// A table reads the same while another copy of it writes, grows and removes.
  func testACopysWritesLeaveTheTableAsItWas() {
    var table = _LabelTable<String, UInt64>()
    for item in 0..<50 { table["item \(item)"] = UInt64(item + 1) }
    var copy = table
    for item in 0..<5_000 { copy["other \(item)"] = 1 }
    for item in 0..<50 { copy["item \(item)"] = nil }
    XCTAssertEqual(table.read("item 7") { $0 }, 8)
    XCTAssertNil(table.read("other 1") { $0 })
    XCTAssertFalse(table.contains("other 1"))
    XCTAssertEqual(copy.count, 5_000)
  }

  func testGrowingAndReservingKeepEveryValue() {
    var table = _LabelTable<Int, UInt64>()
    XCTAssertNil(table.storage, "an empty table allocates nothing")
    table.reserveCapacity(1_000)
    let reserved = table.storage.map(ObjectIdentifier.init)
    for item in 0..<1_000 { table[item] = UInt64(item + 1) }
    XCTAssertEqual(
      table.storage.map(ObjectIdentifier.init), reserved, "reserved room holds 1,000 items")
    for item in 1_000..<50_000 { table[item] = UInt64(item + 1) }
    XCTAssertEqual(table.count, 50_000)
    XCTAssertTrue((0..<50_000).allSatisfy { table[$0] == UInt64($0 + 1) })
    var seen = 0
    table.forEach { item, value in
      if value == UInt64(item + 1) { seen += 1 }
    }
    XCTAssertEqual(seen, 50_000)
  }

  func testATableKeepsItsSeedWhenItGrowsOrIsCopied() {
    // A log's index and its base hash an item once between them: their seeds must never drift.
    var table = _LabelTable<String, UInt64>(seed: 42)
    XCTAssertEqual(table.seed, 42)
    for item in 0..<5_000 { table["\(item)"] = UInt64(item + 1) }
    XCTAssertEqual(table.seed, 42, "grown")
    var copy = table
    copy["new"] = 1
    XCTAssertEqual(copy.seed, 42, "copied on write")
    copy.reserveCapacity(100_000)
    XCTAssertEqual(copy.seed, 42, "reserved")
    for item in 0..<5_000 {
      let hash = _LabelHash.hash("\(item)", seed: 42)
      XCTAssertEqual(copy.read("\(item)", hash: hash) { $0 }, UInt64(item + 1))
    }
    XCTAssertNil(copy.read("absent", hash: _LabelHash.hash("absent", seed: 42)) { $0 })
    XCTAssertNil(_LabelTable<String, UInt64>().seed, "no storage, no seed")
  }

  /// Replacing a value in a full table keeps its storage; only a new item makes it grow.
  func testReplacingInAFullTableDoesNotGrowIt() {
    var table = _LabelTable<Int, UInt64>(minimumCapacity: 12)
    for item in 0..<12 { table[item] = 1 }
    XCTAssertEqual(table.storage?.maxCount, 12, "full")
    let storage = table.storage.map(ObjectIdentifier.init)
    table[5] = 2
    XCTAssertEqual(table.storage.map(ObjectIdentifier.init), storage)
    XCTAssertEqual(table[5], 2)
    table[12] = 3
    XCTAssertNotEqual(table.storage.map(ObjectIdentifier.init), storage)
    XCTAssertEqual(table.count, 13)
    XCTAssertTrue((0..<13).allSatisfy { table[$0] != nil })
  }

  /// A table made for a known count (a build) holds it up to 7/8 full rather than doubling its
  /// slots past 3/4; its next new item grows it to the usual 3/4, every value kept.
  func testATableMadeForACountFillsUpToSevenEighths() {
    var table = _LabelTable<Int, UInt64>(minimumCapacity: 100)
    XCTAssertEqual(table.storage?.mask, 127, "100 items in 128 slots, not 256")
    XCTAssertEqual(table.storage?.maxCount, 100)
    let storage = table.storage.map(ObjectIdentifier.init)
    for item in 0..<100 { table[item] = UInt64(item + 1) }
    XCTAssertEqual(table.storage.map(ObjectIdentifier.init), storage, "room for all 100")
    var copy = table
    copy[5] = nil
    XCTAssertEqual(copy.storage?.maxCount, 100, "a copy keeps the limit")
    table[100] = 101
    XCTAssertEqual(table.storage?.mask, 255)
    XCTAssertEqual(table.storage?.maxCount, 192)
    XCTAssertTrue((0...100).allSatisfy { table[$0] == UInt64($0 + 1) })
    XCTAssertTrue((0..<100).allSatisfy { copy[$0] == ($0 == 5 ? nil : UInt64($0 + 1)) })
    let lighter = _LabelTable<Int, UInt64>(minimumCapacity: 90)
    XCTAssertEqual(lighter.storage?.maxCount, 96, "3/4 of the slots when that is more")
  }

  /// Keys and values are released with the table, and a removal releases its key.
  func testReleasesWhatItHolds() {
    weak var weakKey: Box?
    weak var weakRemoved: Box?
    do {
      var table = _LabelTable<Box, UInt64>()
      let key = Box()
      let removed = Box()
      weakKey = key
      weakRemoved = removed
      table[key] = 1
      table[removed] = 2
      for _ in 0..<100 { table[Box()] = 3 }
      table[removed] = nil
      XCTAssertEqual(table.count, 101)
      _ = table
    }
    XCTAssertNil(weakKey)
    XCTAssertNil(weakRemoved)
  }

  private final class Box: Hashable, @unchecked Sendable {
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}
