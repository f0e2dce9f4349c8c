import Synchronization

/// A hash table from item to label value that lends a value in place to a closure: the label
/// map's table, and a log's base.
///
/// Not `Dictionary`, which lends no value in place: a value that comes from either of two places
/// (a table or a log) is copied out, and `parent(of:)` would retain the parent it returns.
///
/// Open addressing with linear probing, at most 3/4 full, key and value side by side in a slot;
/// an empty slot holds an `absent` value and no key; a removal shifts its cluster's later slots
/// back (no tombstones). Items hash as `_LabelHash` says, with a seed chosen at the first
/// allocation and kept (a log's index shares its base's). Copies share storage until one writes.
@usableFromInline
internal struct _LabelTable<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// nil: an empty table that never held an item (no allocation).
  @usableFromInline internal var storage: _LabelTableStorage<Item, Value>?

  @inlinable internal init() { storage = nil }

  /// An empty table with room for `count` items before it grows, up to 7/8 full: O(`count`).
  @inlinable internal init(minimumCapacity count: Int) {
    storage = count > 0 ? _LabelTableStorage(capacityFor: count) : nil
  }

  /// An empty table that hashes with `seed` for as long as it lives.
  @inlinable internal init(seed: Int) { storage = _LabelTableStorage(capacity: 8, seed: seed) }

  /// The seed this table hashes with, or nil when it holds no storage (and no items).
  @inlinable internal var seed: Int? { storage?.seed }
  @inlinable internal var count: Int { storage?.count ?? 0 }

  /// Reads `item`'s value in place with `body`, or returns nil when the table does not hold it
  /// (`hash`, when given: the item's under `seed`): O(1) expected, one hash at most.
  @inlinable @inline(__always)
  internal func read<Part>(
    _ item: Item, hash: Int? = nil, _ body: (borrowing Value) -> Part
  ) -> Part? {
    guard let (index, found) = storage?.find(item, hash: hash), found else { return nil }
    return body(storage.unsafelyUnwrapped.slotValue(index).pointee)
  }

  /// Loads the first byte of the slot where each probe for `hashes` starts, so that their cache
  /// misses overlap before any probe waits for one; the bytes go to a store the optimizer keeps.
  @inlinable internal func touch(_ hashes: Slice<UnsafeMutableBufferPointer<Int>>) {
    guard let storage else { return }
    var touched: UInt8 = 0
    for hash in hashes { touched ^= storage.slot(hash & storage.mask).load(as: UInt8.self) }
    // Stored rarely (labels' low bytes are mostly 0), so that threads do not contend for it.
    if touched == 0xA5 { _labelTouches.store(touched, ordering: .relaxed) }
  }

  /// Sets `item`'s value (never `absent`), as the subscript does, and returns the value it
  /// replaced; `hash`, when given, is the item's under this table's `seed`.
  @discardableResult
  @inlinable internal mutating func updateValue(
    _ value: Value, forKey item: Item, hash: Int? = nil
  ) -> Value? {
    assert(!value.isAbsent, "a table holds present values only")
    assert(hash == nil || storage != nil, "a hash under a seed this table does not have")
    // Uniqueness first, with no binding of the storage (a binding retains it, on every write).
    if isKnownUniquelyReferenced(&storage)
      && storage.unsafelyUnwrapped.count < storage.unsafelyUnwrapped.maxCount
    {
      return storage.unsafelyUnwrapped.update(item, value, hash: hash)
    }
    // Full, shared or empty: room for one more only if `item` is new.
    makeUnique(growingFor: storage?.find(item, hash: hash).found == true ? 0 : 1)
    return storage.unsafelyUnwrapped.update(item, value, hash: hash)
  }

  /// Sets `value(i)` for `items[i]`, for each `i` from `start` on in order, as that many
  /// `updateValue(_:forKey:)` calls would, in batches of 16 whose slots are touched first, and
  /// returns each `i` whose item the table held already; `hashes`, when of this table's seed,
  /// are the items': O(*k*) expected for *k* items, plus O(*n*) when the table grows.
  @discardableResult
  @inlinable internal mutating func updateValues(
    forKeys items: [Item], from start: Int = 0, hashes: _LabelHashes? = nil,
    _ value: (Int) -> Value
  ) -> [Int] {
    guard start < items.count else { return [] }
    reserveCapacity(count + items.count - start)
    let storage = storage.unsafelyUnwrapped
    let known = hashes?.seed == storage.seed ? hashes?.values : nil
    var replaced: [Int] = []
    // Each item copied once, hashed as that copy, which then moves into its slot.
    withUnsafeTemporaryAllocation(of: Item.self, capacity: 16) { batchItems in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { batch in
        for first in stride(from: start, to: items.count, by: 16) {
          let end = Swift.min(first + 16, items.count)
          for index in first..<end {
            let item = items[index]
            batch[index - first] = known?[index] ?? storage.hash(item)
            batchItems.initializeElement(at: index - first, to: item)
          }
          touch(batch[0..<(end - first)])
          for index in first..<end {
            let item = batchItems.moveElement(from: index - first)
            if storage.update(item, value(index), hash: batch[index - first]) != nil {
              replaced.append(index)
            }
          }
        }
      }
    }
    return replaced
  }

  /// Removes `item` and returns its value, or nil when the table does not hold it: O(1)
  /// expected, O(*n*) on the first write to storage that another table shares.
  @discardableResult
  @inlinable internal mutating func removeValue(forKey item: Item) -> Value? {
    guard read(item, { _ in () }) != nil else { return nil }
    makeUnique(growingFor: 0)
    return storage.unsafelyUnwrapped.remove(item)
  }

  /// Makes room for `count` items in all before the table grows: O(*n*) when it grows.
  @inlinable internal mutating func reserveCapacity(_ count: Int) {
    makeUnique(growingFor: Swift.max(0, count - self.count))
  }

  /// Calls `body` with each item and its value, in no set order: O(capacity).
  @inlinable internal func forEach(_ body: (Item, Value) throws -> Void) rethrows {
    try storage?.forEach(body)
  }

  /// Gives this table storage of its own with room for `extra` more items.
  @inlinable internal mutating func makeUnique(growingFor extra: Int) {
    let unique = isKnownUniquelyReferenced(&storage)
    guard let current = storage else {
      storage = _LabelTableStorage(capacityFor: Swift.max(extra, 1))
      return
    }
    let needed = current.count + extra
    if unique && needed <= current.maxCount { return }
    storage = current.copy(capacityFor: needed)
  }
}

/// Where `_LabelTable.touch(_:)` leaves the bytes it loaded: a store the optimizer must keep.
@usableFromInline internal let _labelTouches = Atomic<UInt8>(0)
