import Synchronization

/// The label writes made since a `_LabelMap`'s base was built, shared by every version of the map.
///
/// Strategy: an append-only list of records, one per write, where a version is simply a prefix of
/// the list: the version whose `epoch` is *e* sees the first *e* records. Each record keeps the
/// written label and the index of the same item's previous record, and `latest` points at each
/// item's newest record, so a reader at epoch *e* starts there and steps back past the records
/// at *e* and after. Only the newest version appends (`append(_:_:ifAt:)` checks its epoch under
/// the lock); an older version that writes starts a new log whose `parent` is this one as of its
/// epoch, and reads fall through to the parent when the new log knows nothing of an item.
///
/// The log is shared between values that may live on different threads, so every access takes
/// the lock; records are never changed once written, so a reader sees the same labels whatever
/// is appended after its epoch.
@usableFromInline
internal final class _LabelLog<Item: Hashable & Sendable>: Sendable {
  @usableFromInline internal struct State {
    /// Each item's newest record.
    @usableFromInline internal var latest: [Item: Int32] = [:]
    /// The label each record wrote (`0`: the item was removed).
    @usableFromInline internal var labels: [UInt64] = []
    /// The index of the same item's previous record, or -1.
    @usableFromInline internal var previous: [Int32] = []

    @inlinable internal init() {}

    /// The newest record of `item` among the first `epoch`, or nil.
    ///
    /// - Complexity: O(1) expected, plus one step per record of `item` at `epoch` or later.
    @inlinable internal func record(of item: Item, before epoch: Int) -> Int? {
      guard let newest = latest[item] else { return nil }
      return record(from: newest, before: epoch)
    }

    /// The newest record at or before `newest` in its item's chain among the first `epoch`,
    /// or nil.
    @inlinable internal func record(from newest: Int32, before epoch: Int) -> Int? {
      var index = Int(newest)
      while index >= epoch {
        index = Int(previous[index])
        if index < 0 { return nil }
      }
      return index
    }
  }

  /// The log this one branched off, or nil.
  @usableFromInline internal let parent: _LabelLog?
  /// How many of the parent's records this log's versions see.
  @usableFromInline internal let parentEpoch: Int
  /// The number of logs in the chain, this one included.
  @usableFromInline internal let depth: Int
  @usableFromInline internal let state = Mutex(State())

  /// An empty log on top of `parent` as of `parentEpoch`.
  @inlinable internal init(parent: _LabelLog?, at parentEpoch: Int) {
    self.parent = parent
    self.parentEpoch = parentEpoch
    depth = (parent?.depth ?? 0) + 1
  }

  /// The label of `item` as the version at `epoch` sees it (`0` for a removed item), or nil when
  /// no log in the chain wrote one (the base decides).
  ///
  /// - Complexity: O(1) expected, plus one step per later write of `item`, and the same again in
  ///   each parent log consulted.
  @inlinable internal func label(of item: Item, at epoch: Int) -> UInt64? {
    let found: UInt64? = state.withLock { state in
      state.record(of: item, before: epoch).map { state.labels[$0] }
    }
    if let found { return found }
    return parent?.label(of: item, at: parentEpoch)
  }

  /// Appends a record that `item` has `label`, when `epoch` is the number of records (the writer
  /// is the newest version); returns whether it did.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable internal func append(_ item: Item, _ label: UInt64, ifAt epoch: Int) -> Bool {
    state.withLock { state in
      guard state.labels.count == epoch, epoch < Int(Int32.max) else { return false }
      state.previous.append(state.latest[item] ?? -1)
      state.labels.append(label)
      state.latest[item] = Int32(epoch)
      return true
    }
  }

  /// Writes into `labels` every change the version at `epoch` sees, parents' first.
  ///
  /// - Complexity: O(*r*) for the *r* records of the chain.
  @inlinable internal func apply(at epoch: Int, to labels: inout [Item: UInt64]) {
    parent?.apply(at: parentEpoch, to: &labels)
    state.withLock { state in
      for (item, newest) in state.latest {
        guard let index = state.record(from: newest, before: epoch) else { continue }
        let label = state.labels[index]
        if label == 0 { labels[item] = nil } else { labels[item] = label }
      }
    }
  }
}
