import Synchronization

/// The label writes that versions of a `_LabelMap` share, on top of a base table or a log.
///
/// An append-only list of records, one per write: the version whose `epoch` is *e* sees the
/// first *e* records, and only the newest version appends. Each record keeps its label and the
/// index of the same item's previous record; `latest` points at each item's newest, so a reader
/// at *e* starts there and steps back past the records at *e* and after. A *root* log sits on its
/// `base` (the labels as it started, never written); a *branch*, started by an older version that
/// writes, on its `parent` as of `parentEpoch`. Appending and reading a record take the lock.
@usableFromInline
internal final class _LabelLog<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  @usableFromInline internal struct State {
    /// The index of each item's newest record, hashing with the log's `seed`.
    @usableFromInline internal var latest: _LabelTable<Item, Int32>
    /// The label each record wrote (`absent`: removed), and the index of the same item's
    /// previous record (-1: none).
    @usableFromInline internal var records: [Value] = []
    @usableFromInline internal var previous: [Int32] = []

    @inlinable internal init(seed: Int) { latest = _LabelTable(seed: seed) }

    /// Appends the next record, that `item` has `label` (`hash`: the item's, when given).
    @inlinable internal mutating func append(_ item: Item, _ label: Value, hash: Int?) {
      let previous = latest.updateValue(Int32(self.previous.count), forKey: item, hash: hash)
      self.previous.append(previous ?? -1)
      records.append(label)
    }

    /// The label in the newest record before `epoch` of the chain that ends at `newest`, or nil
    /// (the base, or the parent, knows), a step per record of the chain at `epoch` or later.
    @inlinable internal func label(before epoch: Int, from newest: Int32) -> Value? {
      var index = Int(newest)
      while index >= epoch {
        index = Int(previous[index])
        if index < 0 { return nil }
      }
      return records[index]
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

  /// A root log on `base`.
  @inlinable internal init(base: _LabelTable<Item, Value>) {
    parent = nil
    parentEpoch = 0
    self.base = base
    depth = 1
    // A base without storage holds nothing, and any seed does.
    seed = base.seed ?? _LabelHash.processSeed
    state = Mutex(State(seed: seed))
  }

  /// An empty branch on top of `parent` as of `parentEpoch`.
  @inlinable internal init(parent: _LabelLog, at parentEpoch: Int) {
    self.parent = parent
    self.parentEpoch = parentEpoch
    base = parent.base
    depth = parent.depth + 1
    seed = parent.seed
    state = Mutex(State(seed: seed))
  }

  /// Whether a version at `epoch` should fold: at max(256, items in the root's base) records.
  @inlinable internal func isFull(at epoch: Int) -> Bool { epoch >= Swift.max(256, base.count) }

  /// Reads `item`'s label as the version at `epoch` sees it with `body`, or returns nil when it
  /// is absent; `hash`, when given, is the item's under `seed`.
  ///
  /// - Complexity: O(1) expected, one hash at most, plus one step per later write of `item` in
  ///   each log of the chain consulted (at most `_LabelMap.maxDepth`).
  @inlinable internal func read<Part>(
    _ item: Item, hash: Int?, at epoch: Int, _ body: (borrowing Value) -> Part
  ) -> Part? {
    let hash = hash ?? _LabelHash.hash(item, seed: seed)
    // Most reads end in this log's record or the root's base: one lock, and no other log
    // retained.
    let label = state.withLock { state in
      state.latest.read(item, hash: hash) { state.label(before: epoch, from: $0) } ?? nil
    }
    if let label { return label.isAbsent ? nil : body(label) }
    guard let parent else { return base.read(item, hash: hash, body) }
    return parent.read(item, hash: hash, at: parentEpoch, body)
  }

  /// Appends a record that `item` has `label` when `epoch` is the number of records (the writer
  /// is the newest version), in O(1) amortized; returns whether it did.
  @inlinable internal func append(
    _ item: Item, _ label: Value, hash: Int? = nil, ifAt epoch: Int
  ) -> Bool {
    state.withLock { state in
      guard state.previous.count == epoch, epoch < Int(Int32.max) else { return false }
      state.append(item, label, hash: hash)
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
        state.append(items[index], label(index), hash: hashes?[index])
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
        guard let label = state.label(before: epoch, from: newest) else { return }
        _ =
          label.isAbsent
          ? labels.removeValue(forKey: item) : labels.updateValue(label, forKey: item)
      }
    }
    return labels
  }
}
