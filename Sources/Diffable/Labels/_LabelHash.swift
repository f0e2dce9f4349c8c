/// How a `_LabelTable` hashes an item.
///
/// Integer identifiers (`Int`, `UInt`, `Int64`, `UInt64`, whose equality is equality of their
/// bits) hash with a seeded 64-bit mixer, MurmurHash3's finalizer applied to the bits xored with
/// the seed: a few multiplies and shifts where the standard library's `Hasher` runs SipHash-1-3,
/// and the hash was a third of a warm `parent(of:)` on 10k `Int` items. The mixer is a bijection
/// of 64 bits with full avalanche, and the seed mixes a per-process random value into each
/// storage's address, so no fixed set of identifiers collides in every table. Other items hash
/// with `Hasher` (String equality is canonical equivalence, which only `Hasher` respects).
@usableFromInline internal enum _LabelHash {
  /// A random value chosen once per process (by `Hasher`'s random seeding; fixed when
  /// `SWIFT_DETERMINISTIC_HASHING` is set).
  @usableFromInline internal static let processSeed: Int = {
    var hasher = Hasher()
    hasher.combine(0x6F75_746C_696E_65 as UInt64)
    return hasher.finalize()
  }()

  /// The seed of storage whose slots start at `address`.
  ///
  /// - Complexity: O(1).
  @inlinable internal static func seed(address: UnsafeMutableRawPointer) -> Int {
    Int(bitPattern: UInt(bitPattern: address)) ^ processSeed
  }

  /// The hash of `item` under `seed`.
  ///
  /// - Complexity: O(1) for integer identifiers; as `Hasher` otherwise (O(length) for a String).
  @inlinable @inline(__always)
  internal static func hash<Item: Hashable>(_ item: Item, seed: Int) -> Int {
    // (Int and UInt only where they are 64 bits wide: elsewhere they go to Hasher.)
    if MemoryLayout<Item>.size == 8
      && (Item.self == Int.self || Item.self == UInt.self || Item.self == Int64.self
        || Item.self == UInt64.self)
    {
      return mix(unsafeBitCast(item, to: UInt64.self) ^ UInt64(truncatingIfNeeded: seed))
    }
    return item._rawHashValue(seed: seed)
  }

  /// MurmurHash3's 64-bit finalizer: every input bit flips each output bit with probability
  /// about 1/2.
  @inlinable @inline(__always) internal static func mix(_ bits: UInt64) -> Int {
    var z = bits
    z = (z ^ (z &>> 33)) &* 0xFF51_AFD7_ED55_8CCD
    z = (z ^ (z &>> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return Int(bitPattern: UInt(truncatingIfNeeded: z ^ (z &>> 33)))
  }
}
