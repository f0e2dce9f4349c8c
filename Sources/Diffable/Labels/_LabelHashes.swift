/// Items' hashes under one seed, in the order of the items a batched lookup was given
/// (`_LabelMap.forEachLabel(of:_:)`): a write of the same items to a table or log of that seed
/// hashes none of them again.
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
