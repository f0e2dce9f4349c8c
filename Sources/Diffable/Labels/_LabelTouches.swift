import Synchronization

/// Where a batched lookup leaves the bytes it touched: a store the optimizer must keep, so the
/// reads ahead that feed it stay (see `_LabelTable.touch(_:)`).
@usableFromInline internal let _labelTouches = Atomic<UInt8>(0)

/// Keeps the bytes a batched lookup touched (a relaxed store).
///
/// Stored only when the bytes XOR to one value in 256 (labels' low bytes are mostly 0, so
/// rarely): the loads must still be made to decide, and threads that look up in batches at
/// once do not contend for the atomic's cache line.
@inlinable internal func _keepTouches(_ touched: UInt8) {
  if touched == 0xA5 { _labelTouches.store(touched, ordering: .relaxed) }
}
