/// The labels a `_LabelLog` has written, one per record, in chunks that never move: the address
/// of a record stays valid while the log lives, whatever is appended after it.
///
/// Chunk *k* holds 16 × 2^*k* records, so a log of *r* records has about log₂(*r*/16) chunks
/// and a small log (a copy edited once) allocates 16 slots, not a page.
@usableFromInline
internal final class _LabelRecords<Value: _LabelValue>: @unchecked Sendable {
  // Unchecked: the log appends under its lock; a record is read only through an address handed
  // out under that lock after the record was written, and never written again.

  // Unchecked: the log's lock already makes every access exclusive (a checked access costs a
  // call into the runtime on each append and lookup).
  @exclusivity(unchecked) @usableFromInline internal var chunks: [UnsafeMutablePointer<Value>] =
    []
  @exclusivity(unchecked) @usableFromInline internal var count = 0

  @inlinable internal init() {}

  deinit {
    for (index, chunk) in chunks.enumerated() {
      let size = Self.firstChunkSize << index
      chunk.deinitialize(count: Swift.min(size, count - (size - Self.firstChunkSize)))
      chunk.deallocate()
    }
  }

  @inlinable internal static var firstChunkSize: Int { 16 }

  /// The address of record `index` (below `count`).
  ///
  /// - Complexity: O(1).
  @inlinable internal func address(_ index: Int) -> UnsafeMutablePointer<Value> {
    // Chunk k starts at record 16 × (2^k − 1): the records before it, shifted by 16, are the
    // powers of two below 16 × 2^(k+1).
    let shifted = index + Self.firstChunkSize
    let chunk =
      (Int.bitWidth - 1 - shifted.leadingZeroBitCount) - Self.firstChunkSize.trailingZeroBitCount
    return chunks[chunk] + (shifted - (Self.firstChunkSize << chunk))
  }

  /// Appends `value` as the next record.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable internal func append(_ value: Value) {
    if count == Self.firstChunkSize * ((1 << chunks.count) - 1) {
      chunks.append(.allocate(capacity: Self.firstChunkSize << chunks.count))
    }
    address(count).initialize(to: value)
    count += 1
  }
}
