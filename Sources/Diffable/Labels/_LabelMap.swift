/// Every item's label in the order tree: a table built in bulk, and a log of what changed
/// since, shared by every version.
///
/// Strategy: a snapshot is built mostly in bulk (appending many items into an empty snapshot) and
/// then edited an item at a time, while every version stays alive in transactions and undo history.
/// A plain hash table is the fastest to build and to read, but copying it for each version costs
/// O(*n*), and a persistent hash trie copies a path of wide nodes per write (and a move relabels
/// every item of the moved subtree). So the labels sit in a `_LabelTable` that only a version
/// holding it alone changes, and the writes of versions that share it go into a `_LabelLog` on top
/// of it that those versions share: each write appends one record (a label, 4 bytes of chain, plus
/// the index entry of a newly written item), and a version reads the log as of its own `epoch`, the
/// number of records it has seen. The newest version (the one whose epoch is the log's length)
/// appends in place; a write to an older one (a branch, after an undo say) starts a log of its own
/// on top of the shared one.
///
/// When a log holds as many records as its root's base had items (at least 256), or a chain of
/// logs would grow deeper than `maxDepth`, the version that writes folds its labels into a new
/// table of its own, which takes its next writes in place: O(*n* + *r*) once every
/// *r* ≥ max(256, *n*) writes. The old log keeps its base for the versions that
/// still read it, so kept history holds one table per fold.
///
/// A version that no other version shares keeps no log at all: its labels are a table stored in
/// the map itself, read and written in place with one hash and no lock (a snapshot built in bulk,
/// or by many small appends while no copy was kept). Copies of the map share a
/// `_LabelTableToken` beside the table, so a write finds out whether another version sees the
/// table; its first write after a copy finds the token shared and starts a log on top of the
/// table.
///
/// Reads lend a label only to a closure (`read(_:_:)`): from the table in place, so that
/// `parent(of:)` on a version with a table retains nothing, as with one plain dictionary lookup;
/// through a log, a copy taken under its lock.
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// The labels of a version that has shared no write with another version, while `tableToken`
  /// is non-nil; empty otherwise (a log then holds the labels).
  @usableFromInline internal var table: _LabelTable<Item, Value>
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
    table = _LabelTable()
    tableToken = nil
    log = nil
    epoch = 0
  }

  /// A map holding `base`.
  @inlinable internal init(base: _LabelTable<Item, Value>) {
    table = base
    tableToken = _LabelTableToken()
    log = nil
    epoch = 0
  }

  /// A map holding the labels of `base`.
  ///
  /// - Complexity: O(*n*).
  @inlinable internal init(base: [Item: Value]) {
    var table = _LabelTable<Item, Value>(minimumCapacity: base.count)
    for (item, value) in base { table[item] = value }
    self.init(base: table)
  }

  /// The deepest chain of logs a write may start; past it, the next write folds the chain.
  @inlinable internal static var maxDepth: Int { 4 }

  /// Reads `item`'s label in place with `body`, or returns nil when it is absent: a part of the
  /// label that `body` returns is copied, the label is not.
  ///
  /// - Complexity: O(1) expected, one hash, for a version with a table; through a log, O(1)
  ///   expected for the newest version; an older one also steps over each later write of `item`
  ///   (O(*w*)) and each log of its chain (at most `maxDepth`).
  @inlinable @inline(__always)
  internal func read<Part>(_ item: Item, _ body: (borrowing Value) -> Part) -> Part? {
    if tableToken != nil { return table.read(item, body) }
    return log?.read(item, at: epoch, body) ?? nil
  }

  /// Whether `item` has a label.
  ///
  /// - Complexity: as `read(_:_:)`.
  @inlinable internal func contains(_ item: Item) -> Bool { read(item) { _ in () } != nil }

  /// `read(_:_:)` for many items at once, faster in a large map.
  ///
  /// Calls `body` with the index of each of `items` in turn, its hash under `seed` (for a write
  /// of the same items that follows: `_LabelHashes`) and its label read in place, `absent` when
  /// it has none. Returns the seed, or nil for an empty map.
  ///
  /// In a map too large for the cache each lookup waits for memory. So the items go in batches
  /// of 16: the items of a batch are hashed, then the slot each probe starts at is touched, then
  /// each is looked up with its hash. The batch's misses overlap, where one by one each lookup
  /// would wait for its own.
  ///
  /// - Complexity: as `read(_:_:)` for each item.
  @discardableResult
  @inlinable internal func forEachLabel(
    of items: ArraySlice<Item>,
    _ body: (_ index: Int, _ hash: Int, _ label: borrowing Value) -> Void
  ) -> Int? {
    // The table the lookups end in, and the seed every table they consult hashes with.
    let (table, seed) = tableToken != nil ? (table, table.seed) : (log?.rootBase, log?.seed)
    guard let table, let seed else {
      for index in items.indices { body(index, 0, .absent) }  // an empty map
      return nil
    }
    let batch = 16
    withUnsafeTemporaryAllocation(of: Int.self, capacity: batch) { hashes in
      var start = items.startIndex
      while start < items.endIndex {
        let end = Swift.min(start + batch, items.endIndex)
        for index in start..<end {
          hashes[index - start] = _LabelHash.hash(items[index], seed: seed)
        }
        // A loop of its own, a few instructions a slot: the processor has every touch of the
        // batch in flight at once (between two String hashes it held two at most).
        var touched: UInt8 = 0
        for offset in 0..<(end - start) { touched ^= table.touch(hashes[offset]) }
        _keepTouches(touched)
        for index in start..<end {
          let hash = hashes[index - start]
          let found: Void?
          if tableToken != nil {
            found = table.read(items[index], hash: hash) { body(index, hash, $0) }
          } else {
            found = log.unsafelyUnwrapped.read(items[index], hash: hash, at: epoch) {
              body(index, hash, $0)
            }
          }
          if found == nil { body(index, hash, .absent) }
        }
        start = end
      }
    }
    return seed
  }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: Reading: as `read(_:_:)`. Writing: O(1) expected, one hash, to a table no
  ///   other version holds (once, O(*n*), when a log that started on a copy still shares its
  ///   storage); O(1) amortized to a log; folding a full log is O(*n* + *r*) once every
  ///   *r* ≥ max(256, *n*) writes; the first write to an older version starts a log, and past `maxDepth` logs folds
  ///   the chain into a new table, O(*n*).
  @inlinable internal subscript(item: Item) -> Value? {
    get { read(item) { copy $0 } }
    set { setLabel(newValue, for: item) }
  }

  /// The seed the tables and logs this version reads hash with, or nil for an empty map.
  @inlinable internal var seed: Int? { tableToken != nil ? table.seed : log?.seed }

  /// Sets `item`'s label, or removes it (nil), as the subscript does; `hashes`, when given, hold
  /// the item's hash at `index` (a batched lookup made them), which the table or log that takes
  /// the write uses when it hashes with their seed.
  ///
  /// - Complexity: as the subscript's setter.
  @inlinable internal mutating func setLabel(
    _ newValue: Value?, for item: Item, hashes: _LabelHashes? = nil, at index: Int = 0
  ) {
    if isKnownUniquelyReferenced(&tableToken) {
      // No other version sees the table: the write goes straight into it.
      if let newValue {
        table.updateValue(
          newValue, forKey: item, hash: hashes?.hash(at: index, under: table.seed))
      } else {
        table.removeValue(forKey: item)
      }
      return
    }
    if tableToken == nil && log == nil {
      // An empty map starts a table of its own.
      if let newValue {
        var table = _LabelTable<Item, Value>()
        table[item] = newValue
        self = _LabelMap(base: table)
      }
      return
    }
    let label = newValue ?? .absent
    if let log,
      log.append(item, label, hash: hashes?.hash(at: index, under: log.seed), ifAt: epoch)
    {
      epoch += 1
      if log.isFull(at: epoch) { fold() }
      return
    }
    // An older version, which branches off: a new log on top of this version's, unless the
    // chain is already `maxDepth` deep (then its labels fold into a table of its own, which
    // takes the write in place). A shared table becomes a new root log's base, its storage
    // still shared with the versions that hold it.
    if let log {
      guard log.depth < Self.maxDepth else {
        fold()
        table[item] = newValue
        return
      }
      self.log = _LabelLog(parent: log, at: epoch)
    } else {
      self.log = _LabelLog(base: table)
      table = _LabelTable()
      tableToken = nil
    }
    epoch = 0
    let log = self.log.unsafelyUnwrapped
    let appended = log.append(
      item, label, hash: hashes?.hash(at: index, under: log.seed), ifAt: epoch)
    assert(appended, "a new log takes its first record")
    epoch += 1
  }

  /// Sets the labels of `items`, `labels[i]` for `items[i]`, as that many subscript writes would;
  /// `hashes`, when given, hold the items' hashes in order (see `setLabel(_:for:hashes:at:)`).
  ///
  /// The first write goes alone (it may start a log); the rest go into the table held alone
  /// (`_LabelTable.updateValues(_:forKeys:from:hashes:)`, in batches whose misses overlap), or
  /// into the log's newest version in one append
  /// (`_LabelLog.append(_:_:from:hashes:ifAt:)`: one lock, and the index's misses overlap).
  ///
  /// - Complexity: O(*k*) amortized for *k* items, plus a fold as the subscript's setter says.
  @inlinable internal mutating func setLabels(
    of items: [Item], to labels: [Value], hashes: _LabelHashes?
  ) {
    assert(items.count == labels.count, "one label an item")
    guard let first = items.first else { return }
    setLabel(labels[0], for: first, hashes: hashes, at: 0)
    guard items.count > 1 else { return }
    if isKnownUniquelyReferenced(&tableToken) {
      table.updateValues(labels, forKeys: items, from: 1, hashes: hashes)
      return
    }
    if tableToken == nil, let log,
      log.append(items, labels, from: 1, hashes: hashes, ifAt: epoch)
    {
      epoch += items.count - 1
      if log.isFull(at: epoch) { fold() }
      return
    }
    for index in 1..<items.count {
      setLabel(labels[index], for: items[index], hashes: hashes, at: index)
    }
  }

  /// Every label this version sees, as a table (shared with this version's, when it has one).
  ///
  /// - Complexity: O(1) for a version with a table; O(*n* + *r*) through a log, for its *r*
  ///   records and its parents'.
  @inlinable internal var labels: _LabelTable<Item, Value> {
    tableToken != nil ? table : log?.table(at: epoch) ?? _LabelTable()
  }

  /// Every label this version sees, as a dictionary: for checks and tests.
  ///
  /// - Complexity: O(*n* + *r*).
  @inlinable internal var dictionary: [Item: Value] { labels.dictionary }

  /// Puts this version's labels into a new table of its own.
  ///
  /// - Complexity: O(*n* + *r*).
  @inlinable internal mutating func fold() {
    self = _LabelMap(base: labels)
  }

  /// The number of items with a label.
  ///
  /// - Complexity: O(*n* + *r*): for invariant checks.
  @inlinable internal var liveCount: Int { labels.count }
}
