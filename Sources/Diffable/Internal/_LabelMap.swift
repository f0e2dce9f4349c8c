/// Every item's label in the order tree: a plain dictionary built in bulk, and a log of what
/// changed since, shared by every version.
///
/// Strategy: a snapshot is built mostly in bulk (appending many items into an empty snapshot)
/// and then edited an item at a time, while every version stays alive in transactions and undo
/// history. A plain `Dictionary` is the fastest to build and to read, but copying it for each
/// version costs O(*n*), and a persistent hash trie copies a path of wide nodes per write (about
/// 1.4 KB for each label, and a move relabels every item of the moved subtree). So the bulk of the
/// labels sits in a `Dictionary` that is never mutated once built (versions share it), and the
/// writes since go into a `_LabelLog` that the versions share too: each write appends one record
/// (about 40 bytes), and a version reads the log as of its own `epoch`, the number of records it
/// has seen. The newest version (the one whose epoch is the log's length) appends in place; a
/// write to an older one (a branch, after an undo say) starts a log of its own on top of the
/// shared one.
///
/// When a log holds as many records as the base has items, or a chain of logs grows deeper than
/// `maxDepth`, the next write folds everything into a new base: O(*n*) once every *n* writes or
/// so, O(1) amortized per write.
///
/// Lookups read the log (one hash, then the item's records newest first, back to the version's
/// epoch), then the base. A removed item has a `0` label in the log (real labels start at 1).
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable>: Sendable {
  /// The labels as of the last merge, never mutated after it is built.
  @usableFromInline internal var base: [Item: UInt64]
  /// The changes since, or nil when there are none.
  @usableFromInline internal var log: _LabelLog<Item>?
  /// How many of `log`'s records this version sees.
  @usableFromInline internal var epoch: Int

  /// An empty map.
  @inlinable internal init() {
    self.init(base: [:])
  }

  /// A map holding `base`, which becomes the shared base.
  @inlinable internal init(base: [Item: UInt64]) {
    self.base = base
    log = nil
    epoch = 0
  }

  /// The deepest chain of logs a write may start; past it, the next write merges.
  @inlinable internal static var maxDepth: Int { 4 }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: Reading: O(1) expected, plus O(*w*) for *w* later writes of `item` when this
  ///   is an older version, and O(*d*) for a chain of *d* ≤ 4 logs. Writing: O(1) amortized;
  ///   O(*n*) when it merges, once every *n* writes or so, and O(1) more for the first write
  ///   to an older version (a new log).
  @inlinable internal subscript(item: Item) -> UInt64? {
    get {
      if let log, let label = log.label(of: item, at: epoch) { return label == 0 ? nil : label }
      return base[item]
    }
    set {
      let label = newValue ?? 0
      if let log, log.append(item, label, ifAt: epoch) {
        epoch += 1
        if epoch >= Swift.max(256, base.count) { merge() }
        return
      }
      // No log yet, or an older version, which branches off: a new log, on top of this
      // version's unless the chain is already `maxDepth` deep (then on a merged base).
      if let log, log.depth < Self.maxDepth {
        self.log = _LabelLog(parent: log, at: epoch)
      } else {
        merge()
        self.log = _LabelLog(parent: nil, at: 0)
      }
      epoch = 0
      let appended = self.log!.append(item, label, ifAt: epoch)
      assert(appended, "a new log takes its first record")
      epoch += 1
    }
  }

  /// Folds the log into a new base, as this version sees it.
  ///
  /// - Complexity: O(*n* + *r*), for the *r* records of the chain of logs.
  @inlinable internal mutating func merge() {
    guard let log else { return }
    var merged = base
    log.apply(at: epoch, to: &merged)
    base = merged
    self.log = nil
    epoch = 0
  }

  /// The number of items with a label.
  ///
  /// - Complexity: O(*n* + *r*): for invariant checks.
  @inlinable internal var liveCount: Int {
    var copy = self
    copy.merge()
    return copy.base.count
  }
}
