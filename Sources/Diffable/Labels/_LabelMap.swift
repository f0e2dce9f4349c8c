/// Every item's label in the order tree: a plain dictionary built in bulk, and a log of what
/// changed since, shared by every version.
///
/// Strategy: a snapshot is built mostly in bulk (appending many items into an empty snapshot)
/// and then edited an item at a time, while every version stays alive in transactions and undo
/// history. A plain `Dictionary` is the fastest to build and to read, but copying it for each
/// version costs O(*n*), and a persistent hash trie copies a path of wide nodes per write (about
/// 1.4 KB for each label, and a move relabels every item of the moved subtree). So the labels sit
/// in a `Dictionary` that only the newest version changes, and the writes go into a `_LabelLog`
/// that the versions share: each write appends one record (12 bytes, plus the index entry of a
/// newly written item), and a version reads the log as of its own `epoch`, the number of
/// records it has seen. The newest version (the one whose epoch is the log's length) appends in
/// place; a write to an older one (a branch, after an undo say) starts a log of its own on top
/// of the shared one.
///
/// When a log holds as many records as its base had items, the newest version folds the records
/// into the base dictionary in place and goes on with a new log, while the old log keeps each
/// written item's earlier label for the versions that still read it (`_LabelLog.seal()`): O(*r*)
/// once every *r* ≥ *n* writes, and history holds a second copy of the base only at a
/// checkpoint, one in eight seals, which bounds how many sealed logs an old version reads. A branch
/// that grows as long, or a chain of logs deeper than `maxDepth`, is folded into a new
/// dictionary of its own instead: O(*n*), as rare.
///
/// Lookups read the log (one hash, then the item's records newest first, back to the version's
/// epoch), then the base, under the log's lock. A version built in bulk and not written since
/// reads its dictionary directly, with no lock. A removed item has a `0` label in the log (real
/// labels start at 1).
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// The labels of a version built in bulk and not written since, read without a lock; nil once
  /// this version writes (its root log then owns the dictionary).
  @usableFromInline internal var frozen: [Item: Value]?
  /// The labels of a version that has written, or nil (with `frozen` nil: an empty map).
  @usableFromInline internal var log: _LabelLog<Item, Value>?
  /// How many of `log`'s records this version sees.
  @usableFromInline internal var epoch: Int

  /// An empty map.
  @inlinable internal init() {
    frozen = nil
    log = nil
    epoch = 0
  }

  /// A map holding `base`.
  @inlinable internal init(base: [Item: Value]) {
    frozen = base
    log = nil
    epoch = 0
  }

  /// The deepest chain of logs a write may start; past it, the next write folds the chain.
  @inlinable internal static var maxDepth: Int { 4 }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: Reading: O(1) expected for the newest version; an older one also steps over
  ///   each later write of `item` (O(*w*)), each log of its chain (at most 4) and each log
  ///   sealed since, up to the next checkpoint (one lookup each, at most
  ///   `_LabelLog.checkpointInterval`). Writing: O(1) amortized; sealing a log is O(*r*) once
  ///   every *r* ≥ *n* writes; the first write to an older version starts a log, and past
  ///   `maxDepth` logs folds the chain into a new dictionary, O(*n*).
  @inlinable internal subscript(item: Item) -> Value? {
    get {
      if let frozen { return frozen[item] }
      return log?.label(of: item, at: epoch)
    }
    set {
      let label = newValue ?? .absent
      if let log, log.append(item, label, ifAt: epoch) {
        epoch += 1
        if epoch >= Swift.max(256, log.baseCount) {
          if log.parent == nil {
            self.log = log.seal()
            epoch = 0
          } else {
            fold()
          }
        }
        return
      }
      // No log yet, or an older version, which branches off: a new log, on top of this
      // version's unless the chain is already `maxDepth` deep (then on a folded base). A frozen
      // dictionary becomes the new root's base (copied at its first seal only if another
      // version still holds it).
      if let log, log.depth < Self.maxDepth {
        self.log = _LabelLog(parent: log, at: epoch)
      } else {
        self.log = _LabelLog(base: dictionary)
        frozen = nil
      }
      epoch = 0
      let appended = self.log!.append(item, label, ifAt: epoch)
      assert(appended, "a new log takes its first record")
      epoch += 1
    }
  }

  /// Every label this version sees, as a dictionary.
  ///
  /// - Complexity: O(*n* + *r*), for the *r* records and originals consulted.
  @inlinable internal var dictionary: [Item: Value] {
    frozen ?? log?.dictionary(at: epoch) ?? [:]
  }

  /// Puts this version's labels into a new dictionary of its own, with an empty log on it.
  ///
  /// - Complexity: O(*n* + *r*).
  @inlinable internal mutating func fold() {
    self = _LabelMap(base: dictionary)
  }

  /// The number of items with a label.
  ///
  /// - Complexity: O(*n* + *r*): for invariant checks.
  @inlinable internal var liveCount: Int { dictionary.count }
}
