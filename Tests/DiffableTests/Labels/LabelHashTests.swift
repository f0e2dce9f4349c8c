import OutlineTestSupport
import XCTest

@testable import Diffable

/// The label table's hash of integer identifiers (a seeded mixer, not `Hasher`): tables of them
/// match a dictionary, and identifiers that share their low bits, or run in sequence, still
/// spread over the slots.
final class LabelHashTests: XCTestCase {
  func testIntegerIdentifiersTakeTheMixerAndOthersTakeHasher() {
    let seed = 12_345
    XCTAssertEqual(_LabelHash.hash(42 as Int, seed: seed), _LabelHash.mix(42 ^ 12_345))
    XCTAssertEqual(_LabelHash.hash(42 as UInt64, seed: seed), _LabelHash.mix(42 ^ 12_345))
    XCTAssertEqual(_LabelHash.hash(42 as UInt, seed: seed), _LabelHash.mix(42 ^ 12_345))
    XCTAssertEqual(_LabelHash.hash(42 as Int64, seed: seed), _LabelHash.mix(42 ^ 12_345))
    XCTAssertEqual(_LabelHash.hash(-1 as Int, seed: 0), _LabelHash.mix(UInt64.max))
    XCTAssertEqual(_LabelHash.hash("42", seed: seed), "42"._rawHashValue(seed: seed))
    XCTAssertEqual(
      _LabelHash.hash(42 as Int32, seed: seed), (42 as Int32)._rawHashValue(seed: seed))
  }

  func testTheMixerIsNotTheIdentityAndAvalanches() {
    // One flipped input bit flips about half of the output's bits, on average over many inputs.
    var random = SplitMix64(seed: 7)
    var flipped = 0
    let trials = 2_000
    for _ in 0..<trials {
      let bits = random.next()
      let bit = UInt64(1) << (random.next() % 64)
      flipped += (_LabelHash.mix(bits) ^ _LabelHash.mix(bits ^ bit)).nonzeroBitCount
    }
    let mean = Double(flipped) / Double(trials)
    XCTAssertEqual(mean, 32, accuracy: 1.5)
  }

  func testRandomIntWritesAndRemovalsMatchADictionary() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    var table = _LabelTable<Int, UInt64>()
    var model: [Int: UInt64] = [:]
    for step in 0..<20_000 {
      // Keys spaced 2^20 apart share every bit a slot index uses.
      let key = Int.random(in: 0..<3_000, using: &random) << 20
      if Int.random(in: 0..<3, using: &random) == 0 {
        XCTAssertEqual(table.removeValue(forKey: key), model.removeValue(forKey: key))
      } else {
        let value = UInt64(step + 1)
        XCTAssertEqual(table.updateValue(value, forKey: key), model.updateValue(value, forKey: key))
      }
    }
    XCTAssertEqual(table.dictionary, model, "seed \(seed)")
    for key in model.keys { XCTAssertEqual(table.removeValue(forKey: key), model[key]) }
    XCTAssertEqual(table.count, 0)
  }

  func testIdentifiersThatShareTheirLowBitsStillSpread() {
    for (name, keys) in [
      ("spaced 2^20 apart", (0..<50_000).map { $0 << 20 }),
      ("in sequence", Array(0..<50_000)),
      ("spaced 2^32 apart, negative", (0..<50_000).map { -($0 << 32) }),
    ] {
      var table = _LabelTable<Int, UInt64>()
      for (index, key) in keys.enumerated() { table[key] = UInt64(index + 1) }
      let (mean, longest) = displacement(of: table)
      // A table at most 3/4 full whose hashes look random: a mean near 1.5 slots (Knuth's
      // analysis of linear probing); identity-like hashes put these keys in one cluster.
      XCTAssertLessThan(mean, 3, name)
      XCTAssertLessThan(longest, 200, name)
    }
  }

  /// How far items sit from the slot their hash names: the mean and the longest.
  private func displacement(of table: _LabelTable<Int, UInt64>) -> (mean: Double, longest: Int) {
    guard let storage = table.storage else { return (0, 0) }
    var total = 0
    var longest = 0
    for index in 0...storage.mask where storage.isOccupied(index) {
      let ideal = storage.hash(storage.slotKey(index).pointee) & storage.mask
      let distance = (index - ideal) & storage.mask
      total += distance
      longest = max(longest, distance)
    }
    return (Double(total) / Double(storage.count), longest)
  }
}
