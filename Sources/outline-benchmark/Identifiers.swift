/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64), so every
/// run of the benchmark sees the same inputs.
///
/// The same generator as the tests' `SplitMix64` (in `OutlineTestSupport`, which an executable
/// does not depend on).
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// Int.random(in: 0..<10, using: &random)  // the same number on every run
/// ```
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Identifiers shaped like real ones: version-4 UUID strings, made from a seeded generator instead
/// of Foundation's `UUID()`, so the same seed gives the same identifiers on every run.
///
/// ```swift
/// Identifiers.uuids(count: 1, seed: 1)  // ["…-…-4…-…-…"]: 36 characters, the same every run
/// ```
enum Identifiers {
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// `count` UUID strings from the generator seeded with `seed`.
  ///
  /// - Complexity: O(*count*).
  static func uuids(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    return uuids(count: count, using: &random)
  }

  /// `count` UUID strings drawn from `random`.
  ///
  /// - Complexity: O(*count*).
  static func uuids(count: Int, using random: inout SplitMix64) -> [String] {
    var result: [String] = []
    result.reserveCapacity(count)
    for _ in 0..<count { result.append(uuid(using: &random)) }
    return result
  }

  /// One UUID string (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, lower case): 122 random bits, so
  /// identifiers drawn from one generator do not repeat in practice (a repeat would make the
  /// snapshot throw `duplicateItems`).
  ///
  /// - Complexity: O(1).
  static func uuid(using random: inout SplitMix64) -> String {
    let high = (random.next() & ~0xF000) | 0x4000  // version 4
    let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
    return String(unsafeUninitializedCapacity: 36) { buffer in
      var written = 0
      for nibble in 0..<32 {
        if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
          buffer[written] = UInt8(ascii: "-")
          written += 1
        }
        let word = nibble < 16 ? high : low
        let shift = UInt64(60 - 4 * (nibble % 16))
        buffer[written] = hexDigits[Int((word >> shift) & 0xF)]
        written += 1
      }
      return written
    }
  }
}
