/// Every item's place in the order tree, shared by every version of a section snapshot: a table
/// built in bulk, and a log of the writes since.
///
/// A hash table is the fastest to build and read, but a copy per version costs O(*n*). So a
/// version that no other shares keeps its labels in a `_LabelTable`, read and written in place
/// with one hash and no lock; its copies share a `_LabelTableToken`, and the first write while the
/// table is shared starts a `_LabelLog` on top of it, which the versions that write after share,
/// each reading it as of its `epoch`. An older version that writes (after an undo) starts a branch
/// log, or past `maxDepth` logs folds; a log's newest version folds at max(256, *n*) records.
/// Reads lend a label in place (a table's slot or a log's record): `parent(of:)` retains nothing.
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// The labels, while `tableToken` (shared by the copies of this version) is non-nil; else
  /// `log` holds them, or the map is empty.
  @usableFromInline internal var table = _LabelTable<Item, Value>()
  @usableFromInline internal var tableToken: _LabelTableToken? = nil
  @usableFromInline internal var log: _LabelLog<Item, Value>? = nil
  /// How many of `log`'s records this version sees.
  @usableFromInline internal var epoch = 0

  @inlinable internal init() {}

  /// A map holding `base`.
  @inlinable internal init(base: _LabelTable<Item, Value>) {
    table = base
    tableToken = _LabelTableToken()
  }

  /// The deepest chain of logs a write may start; past it, a write folds the chain.
  @inlinable internal static var maxDepth: Int { 4 }

  /// Reads `item`'s label in place with `body`, or returns nil when it is absent; `hash`, when
  /// given, is the item's under the seed of the tables and logs this version reads.
  ///
  /// - Complexity: O(1) expected, one hash at most; through a log, an older version also steps
  ///   over each later write of `item` in each log of its chain (at most `maxDepth`).
  @inlinable @inline(__always)
  internal func read<Part>(
    _ item: Item, hash: Int? = nil, _ body: (borrowing Value) -> Part
  ) -> Part? {
    // Integer items hold no reference: each place lends the label where it finds it. Others are
    // read at one site, from a slot's or a log's address, so what `body` returns is borrowed.
    if _LabelHash.isInteger(Item.self) {
      if tableToken != nil { return table.read(item, hash: hash, body) }
      return log?.read(item, hash: hash, at: epoch, body) ?? nil
    }
    var label: UnsafePointer<Value>? = nil  // optional chaining: a binding would retain
    if tableToken != nil {
      if let (index, found) = table.storage?.find(item, hash: hash), found {
        label = UnsafePointer(table.storage.unsafelyUnwrapped.slotValue(index))
      }
    } else {
      label = log?.label(of: item, hash: hash, at: epoch)
    }
    return label.map { body($0.pointee) }  // self, borrowed, keeps the place alive
  }

  /// Whether `item` has a label: as `read(_:_:)`.
  @inlinable internal func contains(_ item: Item) -> Bool { read(item) { _ in () } != nil }

  /// Calls `body` with the index of each of `items`, its hash under the returned seed (for a
  /// write of the same items that follows: `_LabelHashes`) and its label (`absent` when it has
  /// none), as `read(_:_:)` for each; returns nil for an empty map; the items go in batches of
  /// 16, hashed, each probe's first slot touched, then looked up: in a map too large for the
  /// cache the misses overlap.
  @discardableResult
  @inlinable internal func forEachLabel(
    of items: ArraySlice<Item>,
    _ body: (_ index: Int, _ hash: Int, _ label: borrowing Value) -> Void
  ) -> Int? {
    let (table, seed) = tableToken != nil ? (table, table.seed) : (log?.base, log?.seed)
    guard let table, let seed else {
      for index in items.indices { body(index, 0, .absent) }
      return nil
    }
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { hashes in
      var start = items.startIndex
      while start < items.endIndex {
        let end = Swift.min(start + 16, items.endIndex)
        for index in start..<end {
          hashes[index - start] = _LabelHash.hash(items[index], seed: seed)
        }
        table.touch(hashes[0..<(end - start)])
        for index in start..<end {
          let hash = hashes[index - start]
          if read(items[index], hash: hash, { body(index, hash, $0) }) == nil {
            body(index, hash, .absent)
          }
        }
        start = end
      }
    }
    return seed
  }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: Reading: as `read(_:_:)`. Writing: O(1) expected to a table no other version
  ///   holds, O(1) amortized to a log; O(*n*) to fold, once every max(256, *n*) writes or when a
  ///   write would chain more than `maxDepth` logs.
  @inlinable internal subscript(item: Item) -> Value? {
    get { read(item) { copy $0 } }
    set { setLabel(newValue, for: item) }
  }

  /// Sets `item`'s label, or removes it (nil), as the subscript's setter does; `hashes`, when
  /// given, hold the item's hash at `index`.
  @inlinable internal mutating func setLabel(
    _ newValue: Value?, for item: Item, hashes: _LabelHashes? = nil, at index: Int = 0
  ) {
    if tableToken == nil && log == nil {  // an empty map
      guard newValue != nil else { return }
      tableToken = _LabelTableToken()
    }
    if isKnownUniquelyReferenced(&tableToken) {
      if let newValue {
        table.updateValue(
          newValue, forKey: item, hash: hashes?.hash(at: index, under: table.seed))
      } else {
        table.removeValue(forKey: item)
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
    // An older version, or a shared table: a new log on top of it (the table's storage still
    // shared with the versions that hold it), unless the chain is `maxDepth` deep.
    if let log {
      guard log.depth < Self.maxDepth else {
        fold()
        return setLabel(newValue, for: item)
      }
      self.log = _LabelLog(base: log.base, parent: log, at: epoch)
    } else {
      self.log = _LabelLog(base: table)
      table = _LabelTable()
      tableToken = nil
    }
    let log = self.log.unsafelyUnwrapped
    let appended = log.append(
      item, label, hash: hashes?.hash(at: index, under: log.seed), ifAt: 0)
    assert(appended, "a new log takes its first record")
    epoch = 1
  }

  /// Sets `label(i)` for `items[i]`, as that many subscript writes would (`hashes`, when given,
  /// in order): after the first, which may start a log, into the table held alone in batches, or
  /// into the log's newest version under one lock.
  ///
  /// - Complexity: O(*k*) amortized for *k* items, plus a fold as the subscript's setter says.
  @inlinable internal mutating func setLabels(
    of items: [Item], hashes: _LabelHashes?, _ label: (Int) -> Value
  ) {
    guard let first = items.first else { return }
    setLabel(label(0), for: first, hashes: hashes, at: 0)
    guard items.count > 1 else { return }
    if isKnownUniquelyReferenced(&tableToken) {
      table.updateValues(forKeys: items, from: 1, hashes: hashes, label)
      return
    }
    if tableToken == nil, let log, log.append(items, from: 1, hashes: hashes, ifAt: epoch, label) {
      epoch += items.count - 1
      if log.isFull(at: epoch) { fold() }
      return
    }
    for index in 1..<items.count {
      setLabel(label(index), for: items[index], hashes: hashes, at: index)
    }
  }

  /// Every label this version sees, as a table (this version's own, when it has one).
  ///
  /// - Complexity: O(1) with a table; O(*n* + *r*) through a log, for its *r* records and its
  ///   parents'.
  @inlinable internal var labels: _LabelTable<Item, Value> {
    tableToken != nil ? table : log?.table(at: epoch) ?? _LabelTable()
  }

  /// Puts this version's labels into a new table of its own: O(*n* + *r*).
  @inlinable internal mutating func fold() { self = _LabelMap(base: labels) }

  /// The number of items with a label, for invariant checks: O(*n* + *r*).
  @inlinable internal var liveCount: Int { labels.count }
}

/// What the copies of a `_LabelMap` version share beside its table, so that a write can tell
/// (`isKnownUniquelyReferenced`) whether another *version* sees the table: the table's storage
/// cannot tell, since a log that started on a copy may hold it too.
@usableFromInline
internal final class _LabelTableToken: Sendable {
  @inlinable internal init() {}
}
