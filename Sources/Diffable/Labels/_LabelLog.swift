import Synchronization

/// The label writes that versions of a `_LabelMap` share, on top of a base table or a log.
///
/// An append-only list of records, one per write: the version whose `epoch` is *e* sees the
/// first *e* records, and only the newest version appends. Each record keeps its label and the
/// index of the same item's previous record; `latest` points at each item's newest, so a reader
/// at *e* starts there and steps back past the records at *e* and after. A *root* log sits on its
/// `base` (the labels as it started, never written); a *branch*, started by an older version that
/// writes, on its `parent` as of `parentEpoch`. Appending and finding a record take the lock;
/// a record's label, written once before any version sees it, is read in place after.
@usableFromInline
internal final class _LabelLog<Item: Hashable & Sendable, Value: _LabelValue>:
  @unchecked Sendable
{
  // Unchecked: each chunk and record is written once, under the lock, before it is read.
  @usableFromInline internal struct State {
    /// The index of each item's newest record, hashing with the log's `seed`.
    @usableFromInline internal var latest: _LabelTable<Item, Int32>
    /// The index of the same item's previous record (-1: none), one per record.
    @usableFromInline internal var previous: [Int32] = []

    @inlinable internal init(seed: Int) { latest = _LabelTable(seed: seed) }

    /// The newest record before `epoch` of the chain that ends at `newest`, or -1 (the base, or
    /// the parent, knows), a step per record of the chain at `epoch` or later.
    @inlinable internal func record(before epoch: Int, from newest: Int32) -> Int {
      var index = Int(newest)
      while index >= epoch { index = Int(previous[index]) }
      return index
    }
  }

  /// The log this one branched off (nil for a root), as of `parentEpoch` records.
  @usableFromInline internal let parent: _LabelLog?
  @usableFromInline internal let parentEpoch: Int
  /// The root's labels as of its start, never written: the table that most reads end in.
  @usableFromInline internal let base: _LabelTable<Item, Value>
  /// The number of logs in the chain, this one included.
  @usableFromInline internal let depth: Int
  /// The seed of the root's base, which every index of the chain shares: a read hashes once.
  @usableFromInline internal let seed: Int
  @usableFromInline internal let state: Mutex<State>
  /// The label each record wrote (`absent`: removed), in 28 chunks that never move, allocated as
  /// filled: chunk *k* holds 16 × 2^*k* records (in all, more than an `Int32` counts).
  @usableFromInline internal let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>

  /// An empty log on the root `base` (its labels as the log starts), or a branch on `parent` as
  /// of `parentEpoch` (`base` then being the parent's).
  @inlinable internal init(
    base: _LabelTable<Item, Value>, parent: _LabelLog? = nil, at parentEpoch: Int = 0
  ) {
    self.parent = parent
    self.parentEpoch = parentEpoch
    self.base = base
    depth = (parent?.depth ?? 0) + 1
    // A base without storage holds nothing, and any seed does.
    seed = parent?.seed ?? base.seed ?? _LabelHash.processSeed
    state = Mutex(State(seed: seed))
    chunks = .allocate(capacity: 28)
    chunks.initialize(repeating: nil, count: 28)
  }

  deinit {
    let count = state.withLock { $0.previous.count }
    for chunk in 0..<28 where chunks[chunk] != nil {
      chunks[chunk]!.deinitialize(count: Swift.min(16 << chunk, count - (16 << chunk - 16)))
      chunks[chunk]!.deallocate()
    }
    chunks.deallocate()
  }

  /// The label of record `index` (an address used inside the log's and the map's reads only).
  @inlinable internal func record(_ index: Int) -> UnsafeMutablePointer<Value> {
    // Chunk k starts at record 16 × (2^k − 1): shifted by 16, the records before it are 2^(k+4).
    let shifted = index &+ 16
    let chunk = Int.bitWidth &- 5 &- shifted.leadingZeroBitCount
    return chunks[chunk].unsafelyUnwrapped + (shifted &- 16 &<< chunk)
  }

  /// Appends a record that `item` has `label` (`hash`: the item's, when given), under the lock.
  @inlinable internal func append(_ item: Item, _ label: Value, hash: Int?, to state: inout State) {
    let index = state.previous.count
    state.previous.append(state.latest.updateValue(Int32(index), forKey: item, hash: hash) ?? -1)
    if (index + 16) & (index + 15) == 0 {  // the first record of a chunk
      let chunk = Int.bitWidth - 5 - (index + 16).leadingZeroBitCount
      chunks[chunk] = .allocate(capacity: 16 << chunk)
    }
    record(index).initialize(to: label)
  }

  /// Whether a version at `epoch` should fold: at max(256, items in the root's base) records.
  @inlinable internal func isFull(at epoch: Int) -> Bool { epoch >= Swift.max(256, base.count) }

  /// The address of `item`'s label as the version at `epoch` sees it, or nil when it is absent
  /// (`hash`, when given: the item's under `seed`): a record's (the lock gives out its index
  /// only) or a base slot's, used inside the map's read and `read` only; out of line, as reads
  /// inline their callers.
  ///
  /// - Complexity: O(1) expected, at most one hash, and a lock per log consulted plus one step
  ///   per later write of `item` in it (at most `_LabelMap.maxDepth` logs).
  @inlinable @inline(never)
  internal func label(of item: Item, hash: Int?, at epoch: Int) -> UnsafePointer<Value>? {
    let hash = hash ?? _LabelHash.hash(item, seed: seed)
    let index = state.withLock { state in
      state.latest.read(item, hash: hash) { state.record(before: epoch, from: $0) } ?? -1
    }
    if index >= 0 { return record(index).pointee.isAbsent ? nil : UnsafePointer(record(index)) }
    if let parent { return parent.label(of: item, hash: hash, at: parentEpoch) }
    guard let (slot, found) = base.storage?.find(item, hash: hash), found else { return nil }
    return UnsafePointer(base.storage.unsafelyUnwrapped.slotValue(slot))
  }

  /// Reads with `body` the label `label(of:hash:at:)` finds, out of line, or returns nil.
  @inlinable @inline(never)
  internal func read<Part>(
    _ item: Item, hash: Int?, at epoch: Int, _ body: (borrowing Value) -> Part
  ) -> Part? {
    label(of: item, hash: hash, at: epoch).map { body($0.pointee) }
  }

  /// Appends a record that `item` has `label` when `epoch` is the number of records (the writer
  /// is the newest version), in O(1) amortized; returns whether it did.
  @inlinable internal func append(
    _ item: Item, _ label: Value, hash: Int? = nil, ifAt epoch: Int
  ) -> Bool {
    state.withLock { state in
      guard state.previous.count == epoch, epoch < Int(Int32.max) else { return false }
      append(item, label, hash: hash, to: &state)
      return true
    }
  }

  /// Appends a record that `items[i]` has `label(i)` for each `i` from `start` on, under one
  /// lock, when `epoch` is the number of records; returns whether it did (all, or none).
  @inlinable internal func append(
    _ items: [Item], from start: Int, hashes: _LabelHashes?, ifAt epoch: Int,
    _ label: (Int) -> Value
  ) -> Bool {
    state.withLock { state in
      let count = items.count - start
      guard state.previous.count == epoch, epoch + count < Int(Int32.max) else { return false }
      state.latest.reserveCapacity(state.latest.count + count)
      state.previous.reserveCapacity(epoch + count)
      let hashes = hashes?.seed == seed ? hashes?.values : nil
      for index in start..<items.count {
        append(items[index], label(index), hash: hashes?[index], to: &state)
      }
      return true
    }
  }

  /// Every label the version at `epoch` sees, as a table of its own: O(*n* + *r*), for the *r*
  /// records of this log and its parents.
  @inlinable internal func table(at epoch: Int) -> _LabelTable<Item, Value> {
    var labels = parent?.table(at: parentEpoch) ?? base
    state.withLock { state in
      labels.reserveCapacity(labels.count + state.latest.count)
      state.latest.forEach { item, newest in
        let index = state.record(before: epoch, from: newest)
        guard index >= 0 else { return }
        let label = record(index).pointee
        _ =
          label.isAbsent
          ? labels.removeValue(forKey: item) : labels.updateValue(label, forKey: item)
      }
    }
    return labels
  }
}
