/// How a `_LabelTable` hashes an item.
///
/// 64-bit integer identifiers hash with MurmurHash3's finalizer (a bijection with full
/// avalanche) applied to their bits xored with a seed that mixes a per-process random value into
/// each storage's address: a few multiplies where `Hasher` runs SipHash-1-3, and no fixed set of
/// identifiers collides in every table. Other items hash with `Hasher` (String equality is
/// canonical equivalence, which only `Hasher` respects).
@usableFromInline internal enum _LabelHash {
  /// A random value chosen once per process (by `Hasher`'s random seeding; fixed when
  /// `SWIFT_DETERMINISTIC_HASHING` is set).
  @usableFromInline internal static let processSeed: Int = {
    var hasher = Hasher()
    hasher.combine(0x6F75_746C_696E_65 as UInt64)
    return hasher.finalize()
  }()

  @inlinable internal static func seed(address: UnsafeMutableRawPointer) -> Int {
    Int(bitPattern: UInt(bitPattern: address)) ^ processSeed
  }

  /// The hash of `item` under `seed`: O(1) for integers, O(length) for a String.
  @inlinable @inline(__always)
  internal static func hash<Item: Hashable>(_ item: Item, seed: Int) -> Int {
    if isInteger(Item.self) {
      return mix(unsafeBitCast(item, to: UInt64.self) ^ UInt64(truncatingIfNeeded: seed))
    }
    return item._rawHashValue(seed: seed)
  }

  /// Whether `Item` is a 64-bit integer, which the mixer hashes (a test the optimizer folds).
  @inlinable @inline(__always) internal static func isInteger<Item>(_: Item.Type) -> Bool {
    MemoryLayout<Item>.size == 8
      && (Item.self == Int.self || Item.self == UInt.self || Item.self == Int64.self
        || Item.self == UInt64.self)
  }

  /// MurmurHash3's 64-bit finalizer.
  @inlinable @inline(__always) internal static func mix(_ bits: UInt64) -> Int {
    var z = bits
    z = (z ^ (z &>> 33)) &* 0xFF51_AFD7_ED55_8CCD
    z = (z ^ (z &>> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return Int(bitPattern: UInt(truncatingIfNeeded: z ^ (z &>> 33)))
  }
}

/// Items' hashes under one seed, in the order a batched lookup was given them: a write of the
/// same items to a table or log of that seed hashes none of them again.
@usableFromInline internal struct _LabelHashes {
  @usableFromInline internal let seed: Int
  @usableFromInline internal var values: [Int]

  @inlinable internal init(seed: Int, values: [Int]) {
    self.seed = seed
    self.values = values
  }

  /// The hash at `index` when `seed` is the one a write hashes with, else nil.
  @inlinable internal func hash(at index: Int, under seed: Int?) -> Int? {
    seed == self.seed ? values[index] : nil
  }
}
