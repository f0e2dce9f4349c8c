import Synchronization

/// The label writes that versions of a `_LabelMap` share, on top of a base dictionary or of an
/// older log.
///
/// Strategy: an append-only list of records, one per write, where a version is simply a prefix of
/// the list: the version whose `epoch` is *e* sees the first *e* records. Each record keeps the
/// written label and the index of the same item's previous record, and `latest` points at each
/// item's newest record, so a reader at epoch *e* starts there and steps back past the records
/// at *e* and after. Only the newest version appends (`append(_:_:ifAt:)` checks its epoch under
/// the lock).
///
/// A log sits on one of two things:
/// - a *root* log sits on a base: the labels as they were when it started. While the root is
///   current it holds the base dictionary itself. When it has as many records as the base has
///   items, the newest version *seals* it: the records are written into the base dictionary in
///   place, the base passes to a new root (the `successor`), and the sealed root keeps only each
///   written item's label from before its first record (its *original*). An old version still
///   reads its own labels (records, then originals, then the successors' originals, down to the
///   current base). Sealing writes in place, so kept history holds a second copy of the base
///   only at a checkpoint (or while a version built in bulk holds the first base).
/// - Every `checkpointInterval`-th sealed root is a *checkpoint*: it keeps the base as it left it
///   and no successor. An old version then reads through at most that many roots, and does not
///   keep later logs alive. The checkpoint shares the base's storage: the successor's own seal
///   copies it (O(*n*), once per `checkpointInterval` × *n* writes), and only if an old version
///   still holds the checkpoint.
/// - a *branch* log sits on its `parent` as of `parentEpoch`: an older version that writes
///   starts one, and reads fall through to the parent when the branch knows nothing of an item.
///
/// The log is shared between values that may live on different threads, so every access takes
/// the lock; records are never changed once written (sealing only relinks each item's first
/// record to its original), so a reader sees the same labels whatever is appended after its
/// epoch.
@usableFromInline
internal final class _LabelLog<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  @usableFromInline internal struct State {
    /// Each item's newest record.
    @usableFromInline internal var latest: [Item: Int32] = [:]
    /// The label each record wrote (`0`: the item was removed).
    @usableFromInline internal var labels: [Value] = []
    /// The index of the same item's previous record; for an item's first record, -1, or in a
    /// sealed root `-2 - k` where `originals[k]` is the item's label before the log.
    @usableFromInline internal var previous: [Int32] = []
    /// A current root's base, every label as of the log's start; nil in a branch or once sealed.
    @usableFromInline internal var base: [Item: Value]?
    /// A sealed root's labels from before each written item's first record (`0`: absent).
    @usableFromInline internal var originals: [Value] = []
    /// The root that took over the base when this one was sealed; nil in a checkpoint.
    @usableFromInline internal var successor: _LabelLog?
    /// A checkpoint's labels as of its end (the base as it handed it over), for the items it
    /// never wrote.
    @usableFromInline internal var checkpoint: [Item: Value]?

    @inlinable internal init(base: [Item: Value]?) {
      self.base = base
    }

    /// The label of `item` among the first `epoch` records, or from before the log (`0`: the item
    /// is absent); nil when the log wrote nothing for it before `epoch` and has no base to ask:
    /// the parent, or the successor, knows.
    ///
    /// - Complexity: O(1) expected, plus one step per record of `item` at `epoch` or later.
    @inlinable internal func answer(for item: Item, at epoch: Int) -> Value? {
      guard let newest = latest[item] else { return unwritten(item) }
      var index = Int(newest)
      while index >= epoch {
        let earlier = Int(previous[index])
        if earlier < 0 {
          if earlier <= -2 { return originals[-2 - earlier] }
          return unwritten(item)
        }
        index = earlier
      }
      return labels[index]
    }

    /// The label of an item the log has not written (`0`: absent): from the base, or from the
    /// checkpoint; nil in a branch or a sealed root that is not a checkpoint.
    @inlinable internal func unwritten(_ item: Item) -> Value? {
      if let base { return base[item] ?? .absent }
      if let checkpoint { return checkpoint[item] ?? .absent }
      return nil
    }

    /// The index of the first record in the chain that ends at `newest`.
    @inlinable internal func firstRecord(from newest: Int32) -> Int {
      var index = Int(newest)
      while previous[index] >= 0 { index = Int(previous[index]) }
      return index
    }
  }

  /// The log this one branched off, or nil for a root.
  @usableFromInline internal let parent: _LabelLog?
  /// How many of the parent's records this log's versions see.
  @usableFromInline internal let parentEpoch: Int
  /// The number of logs in the chain, this one included.
  @usableFromInline internal let depth: Int
  /// The number of items in the root's base when the root started.
  @usableFromInline internal let baseCount: Int
  /// For a root, how many roots were sealed before it since the last checkpoint (or since the
  /// first root); 0 in a branch.
  @usableFromInline internal let sealsSinceCheckpoint: Int
  @usableFromInline internal let state: Mutex<State>

  /// How many roots a line of successors seals before one is a checkpoint: the most roots an old
  /// version reads through.
  @inlinable internal static var checkpointInterval: Int { 8 }

  /// A root log on `base`, after `sealsSinceCheckpoint` sealed roots.
  @inlinable internal init(base: [Item: Value], sealsSinceCheckpoint: Int = 0) {
    parent = nil
    parentEpoch = 0
    depth = 1
    baseCount = base.count
    self.sealsSinceCheckpoint = sealsSinceCheckpoint
    state = Mutex(State(base: base))
  }

  /// An empty branch on top of `parent` as of `parentEpoch`.
  @inlinable internal init(parent: _LabelLog, at parentEpoch: Int) {
    self.parent = parent
    self.parentEpoch = parentEpoch
    depth = parent.depth + 1
    baseCount = parent.baseCount
    sealsSinceCheckpoint = 0
    state = Mutex(State(base: nil))
  }

  /// The label of `item` as the version at `epoch` sees it, or nil when it is absent.
  ///
  /// - Complexity: O(1) expected, plus one step per later write of `item`, plus the same in each
  ///   parent consulted and one lookup per root sealed since, up to the next checkpoint (at most
  ///   `checkpointInterval`).
  @inlinable internal func label(of item: Item, at epoch: Int) -> Value? {
    // Most reads end here, in a root that holds its base or in a log that wrote the item: one
    // lock, and no reference to another log taken (each costs a retain and a release).
    if let label = state.withLock({ $0.answer(for: item, at: epoch) }) {
      return label.isAbsent ? nil : label
    }
    return labelBelow(item, at: epoch)
  }

  /// The label of `item` as the version at `epoch` sees it, when this log knows nothing of it:
  /// from the parent as of `parentEpoch`, or from a sealed root's successor.
  ///
  /// - Complexity: as `label(of:at:)`.
  @inlinable internal func labelBelow(_ item: Item, at epoch: Int) -> Value? {
    var next = below(at: epoch)
    while true {
      if let label = next.log.state.withLock({ $0.answer(for: item, at: next.epoch) }) {
        return label.isAbsent ? nil : label
      }
      next = next.log.below(at: next.epoch)
    }
  }

  /// The log that answers for the items this one knows nothing of, and the epoch to read it at:
  /// the parent as of `parentEpoch`, or for a sealed root, its successor from the start (an item
  /// it never wrote has the label it had when the successor started).
  @inlinable internal func below(at epoch: Int) -> (log: _LabelLog, epoch: Int) {
    if let parent { return (parent, parentEpoch) }
    return (state.withLock { $0.successor! }, 0)
  }

  /// Appends a record that `item` has `label`, when `epoch` is the number of records (the writer
  /// is the newest version) and the log is not sealed; returns whether it did.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable internal func append(_ item: Item, _ label: Value, ifAt epoch: Int) -> Bool {
    state.withLock { state in
      // A root without its base is sealed.
      guard state.labels.count == epoch, epoch < Int(Int32.max), parent != nil || state.base != nil
      else { return false }
      // One hash: the item's newest record becomes this one, and this one points at it.
      state.previous.append(state.latest.updateValue(Int32(epoch), forKey: item) ?? -1)
      state.labels.append(label)
      return true
    }
  }

  /// Makes room for `count` more records, when a version at `epoch` is the newest: a bulk
  /// write (a pasted or copied subtree) then grows the item index once, not once per doubling.
  ///
  /// - Complexity: O(*r*) for the *r* records when the index grows, else O(1).
  @inlinable internal func reserve(_ count: Int, at epoch: Int) {
    state.withLock { state in
      guard state.labels.count == epoch else { return }
      state.latest.reserveCapacity(state.latest.count + count)
      state.labels.reserveCapacity(epoch + count)
      state.previous.reserveCapacity(epoch + count)
    }
  }

  /// Seals this root: writes its records into the base in place and hands the base to a new
  /// root, which it returns.
  ///
  /// Only the newest version may seal (it sees every record); versions at earlier epochs go on
  /// reading this log through the originals it keeps. Every `checkpointInterval`-th seal makes
  /// this root a checkpoint, which keeps the base it hands over instead of the successor.
  ///
  /// - Complexity: O(*r*) for the *r* records; the base is copied (O(*n*)) only when something
  ///   else still shares its storage: a checkpoint an old version holds (once per
  ///   `checkpointInterval` seals), or the first root's base still held by a version built in
  ///   bulk.
  @inlinable internal func seal() -> _LabelLog {
    state.withLock { state in
      precondition(parent == nil && state.base != nil, "only a current root is sealed")
      var base = state.base.take()!
      var originals: [Value] = []
      originals.reserveCapacity(state.latest.count)
      for (item, newest) in state.latest {
        let label = state.labels[Int(newest)]
        let original =
          label.isAbsent ? base.removeValue(forKey: item) : base.updateValue(label, forKey: item)
        state.previous[state.firstRecord(from: newest)] = Int32(-2 - originals.count)
        originals.append(original ?? .absent)
      }
      // Old versions keep the records: give back the room kept for appending.
      state.labels = state.labels.withUnsafeBufferPointer { Array($0) }
      state.previous = state.previous.withUnsafeBufferPointer { Array($0) }
      state.originals = originals
      if sealsSinceCheckpoint + 1 == Self.checkpointInterval {
        state.checkpoint = base
        return _LabelLog(base: base)
      }
      let successor = _LabelLog(base: base, sealsSinceCheckpoint: sealsSinceCheckpoint + 1)
      state.successor = successor
      return successor
    }
  }

  /// Every label the version at `epoch` sees, as a dictionary.
  ///
  /// - Complexity: O(*n* + *r*), for the *r* records and originals of this log, its parents and
  ///   the roots sealed since.
  @inlinable internal func dictionary(at epoch: Int) -> [Item: Value] {
    var labels = parent?.dictionary(at: parentEpoch) ?? startDictionary()
    state.withLock { state in
      for (item, _) in state.latest {
        guard let label = state.answer(for: item, at: epoch) else { continue }
        labels[item] = label.isAbsent ? nil : label
      }
    }
    return labels
  }

  /// A root's labels as of its start: the base, or for a sealed root, the base at the next
  /// checkpoint or the current one, with the originals of each root sealed on the way put back,
  /// newest first.
  ///
  /// - Complexity: O(*n* + *o*) for the *o* originals on the way.
  @inlinable internal func startDictionary() -> [Item: Value] {
    var sealed: [_LabelLog] = []
    var log = self
    var labels: [Item: Value]
    while true {
      let (base, checkpoint, successor) = log.state.withLock {
        ($0.base, $0.checkpoint, $0.successor)
      }
      if let base {
        labels = base
        break
      }
      sealed.append(log)
      if let checkpoint {
        labels = checkpoint
        break
      }
      log = successor!
    }
    for log in sealed.reversed() {
      log.state.withLock { state in
        for (item, newest) in state.latest {
          let original = state.originals[-2 - Int(state.previous[state.firstRecord(from: newest)])]
          labels[item] = original.isAbsent ? nil : original
        }
      }
    }
    return labels
  }
}
