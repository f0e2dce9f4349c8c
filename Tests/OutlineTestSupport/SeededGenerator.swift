#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64), so a
/// failing random test can be replayed from the seed it prints.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// Int.random(in: 0..<10, using: &random)  // the same number on every run
/// print(random)  // SplitMix64(seed: 42)
/// ```
public struct SplitMix64: RandomNumberGenerator, CustomStringConvertible {
  /// The seed the generator started from.
  public let seed: UInt64
  private var state: UInt64

  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  public var description: String { "SplitMix64(seed: \(seed))" }

  /// The seed in the environment variable `name` (decimal, or hexadecimal after `0x`), else one
  /// taken from the clock.
  public static func seed(fromEnvironment name: String = "DIFFABLE_SEED") -> UInt64 {
    if let text = getenv(name).map({ String(cString: $0) }) {
      let trimmed = text.trimmingWhitespace()
      let parsed =
        trimmed.hasPrefix("0x")
        ? UInt64(trimmed.dropFirst(2), radix: 16) : UInt64(trimmed)
      guard let parsed else { preconditionFailure("\(name)=\(text) is not a UInt64 seed") }
      return parsed
    }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_007
      &+ UInt64(truncatingIfNeeded: now.tv_nsec)
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
