/// The labels of a `_LabelMap` version that no other version shares: a plain dictionary in a heap
/// block of its own, which that version reads and writes in place.
///
/// A version built in bulk, or built by edits while no copy of it was kept (a snapshot filled by
/// many small appends), holds its labels here: one hash per read and per write, with no log and
/// no lock. A copy shares the table; the first write to either then finds it shared and goes to
/// a log (`_LabelMap`), so the table itself is never written while another version can see it.
///
/// The dictionary is the block's header, reached through its address: a class's stored property
/// is checked for exclusive access at run time on every read, which would cost each lookup as much
/// as the lock it avoids; the table is only written while uniquely referenced.
@usableFromInline
internal final class _LabelTable<Item: Hashable & Sendable, Value: _LabelValue>:
  ManagedBuffer<[Item: Value], Void>
{
  /// A table holding `labels`.
  @inlinable internal static func make(_ labels: [Item: Value]) -> _LabelTable {
    unsafeDowncast(create(minimumCapacity: 0) { _ in labels }, to: _LabelTable.self)
  }

  /// The dictionary, read and written in place (`ManagedBuffer` destroys it with the block).
  @inlinable internal var labels: UnsafeMutablePointer<[Item: Value]> {
    withUnsafeMutablePointerToHeader { $0 }
  }
}
