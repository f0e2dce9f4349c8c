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
/// A version that no other version shares keeps no log at all: its labels are a plain dictionary
/// stored in the map itself, read and written in place with one hash and no lock (a snapshot built
/// in bulk, or by many small appends while no copy was kept). Copies of the map share a
/// `_LabelTableToken` beside the dictionary, so a write finds out whether another version sees the
/// dictionary; its first write after a copy finds the token shared and starts a log on top of the
/// dictionary.
///
/// The dictionary is a stored property of the map, not the header of a heap block: a read is then
/// exactly `Dictionary`'s lookup, which the optimizer sees whole (through a pointer to a block,
/// each read also retained the block, and `parent(of:)` retained the parent it returned: four
/// reference-count operations per lookup where a plain dictionary has one pair, measured as
/// 1.2–2.2× slower lookups of String items).
///
/// Lookups through a log read the log (one hash, then the item's records newest first, back to
/// the version's epoch), then the base, under the log's lock. A removed item has a `0` label in
/// the log (real labels start at 1).
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// The labels of a version that has shared no write with another version, while `tableToken`
  /// is non-nil; empty otherwise (a log then holds the labels).
  @usableFromInline internal var table: [Item: Value]
  /// Shared by the copies of a version whose labels are in `table`: written in place while no
  /// other version holds it; nil once this version writes while it is shared, or in an empty map.
  @usableFromInline internal var tableToken: _LabelTableToken?
  /// The labels of a version that wrote while its table was shared, or nil (with `tableToken` nil:
  /// an empty map).
  @usableFromInline internal var log: _LabelLog<Item, Value>?
  /// How many of `log`'s records this version sees.
  @usableFromInline internal var epoch: Int

  /// An empty map.
  @inlinable internal init() {
    table = [:]
    tableToken = nil
    log = nil
    epoch = 0
  }

  /// A map holding `base`.
  @inlinable internal init(base: [Item: Value]) {
    table = base
    tableToken = _LabelTableToken()
    log = nil
    epoch = 0
  }

  /// The deepest chain of logs a write may start; past it, the next write folds the chain.
  @inlinable internal static var maxDepth: Int { 4 }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: Reading: O(1) expected, one hash, for a version with a table; through a log,
  ///   O(1) expected for the newest version; an older one also steps over each later write of
  ///   `item` (O(*w*)), each log of its chain (at most 4) and each log sealed since, up to the
  ///   next checkpoint (one lookup each, at most `_LabelLog.checkpointInterval`). Writing: O(1)
  ///   expected, one hash, to a table no other version holds (once, O(*n*), when a log that
  ///   branched off a copy still shares its dictionary); O(1) amortized to a log; sealing a log
  ///   is O(*r*) once every *r* ≥ *n* writes; the first write to an older version starts a log,
  ///   and past `maxDepth` logs folds the chain into a new dictionary, O(*n*).
  @inlinable internal subscript(item: Item) -> Value? {
    get {
      if tableToken != nil { return table[item] }
      return log?.label(of: item, at: epoch)
    }
    set {
      if isKnownUniquelyReferenced(&tableToken) {
        // No other version sees the table: the write goes straight into the dictionary.
        table[item] = newValue
        return
      }
      if tableToken == nil && log == nil {
        // An empty map starts a table of its own.
        if let newValue { self = _LabelMap(base: [item: newValue]) }
        return
      }
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
      // A shared table, or an older version, which branches off: a new log, on top of this
      // version's unless the chain is already `maxDepth` deep (then on a folded base). A table's
      // dictionary becomes the new root's base (copied at its first seal only if another
      // version still holds it).
      if let log, log.depth < Self.maxDepth {
        self.log = _LabelLog(parent: log, at: epoch)
      } else {
        self.log = _LabelLog(base: dictionary)
        table = [:]
        tableToken = nil
      }
      epoch = 0
      let appended = self.log!.append(item, label, ifAt: epoch)
      assert(appended, "a new log takes its first record")
      epoch += 1
    }
  }

  /// Makes room for `count` more writes to this version: in the table it holds alone, or in
  /// its log when it is the log's newest version; otherwise nothing (the next write starts a
  /// log: reserve after it).
  ///
  /// - Complexity: O(*n*) when the storage grows, else O(1).
  @inlinable internal mutating func reserve(_ count: Int) {
    if isKnownUniquelyReferenced(&tableToken) {
      table.reserveCapacity(table.count + count)
    } else if tableToken == nil, let log {
      log.reserve(count, at: epoch)
    }
  }

  /// Every label this version sees, as a dictionary.
  ///
  /// - Complexity: O(*n* + *r*), for the *r* records and originals consulted.
  @inlinable internal var dictionary: [Item: Value] {
    tableToken != nil ? table : log?.dictionary(at: epoch) ?? [:]
  }

  /// Puts this version's labels into a new table of its own.
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
