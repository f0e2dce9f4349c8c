/// A hash table from item to label value that lends a value in place to a closure: the label
/// map's table, and a log's base.
///
/// Why not `Dictionary`: a read of a label map has two sources (the table, or a log), and a value
/// that comes out of either of two places must be copied out, so `parent(of:)` would retain the
/// parent it returns (a plain dictionary lookup whose caller only reads the parent retains
/// nothing). Lending the value to the reader's closure instead leaves one load that the caller's
/// use decides (StorageAndDiffing.md has the figures). `Dictionary` lends no values in place, so
/// this table is written here.
///
/// Strategy: open addressing with linear probing, at most 3/4 full, the key and the value side
/// by side in one slot (a probe reads one slot, not a key array and a value array). An empty slot
/// holds an `absent` value and no key; a removal shifts the later slots of its cluster back (no
/// tombstones). Items hash as `_LabelHash` says (integer identifiers with a seeded mixer, others
/// with `Hasher`), with a seed that a table chooses when it first allocates (from the storage's
/// address) and keeps for good: a copy or larger storage keeps it, so a log's index and its base
/// share one seed and a read through the log hashes once. Copies share storage until one writes
/// (copy on write).
@usableFromInline
internal struct _LabelTable<Item: Hashable & Sendable, Value: _LabelValue>: Sendable {
  /// nil: an empty table that never held an item (no allocation).
  @usableFromInline internal var storage: _LabelTableStorage<Item, Value>?

  /// An empty table.
  @inlinable internal init() { storage = nil }

  /// An empty table with room for `count` items before it grows.
  ///
  /// - Complexity: O(`count`).
  @inlinable internal init(minimumCapacity count: Int) {
    storage = count > 0 ? _LabelTableStorage(capacityFor: count) : nil
  }

  /// An empty table that hashes with `seed` for as long as it lives (its storage keeps the seed
  /// when it grows), so that a caller can hash an item once for it and another table of the
  /// same seed.
  ///
  /// - Complexity: O(1).
  @inlinable internal init(seed: Int) {
    storage = _LabelTableStorage(capacity: 8, seed: seed)
  }

  /// The seed this table hashes with, or nil when it holds no storage (and no items).
  @inlinable internal var seed: Int? { storage?.seed }

  /// The number of items.
  @inlinable internal var count: Int { storage?.count ?? 0 }

  /// Reads `item`'s value in place with `body`, or returns nil when the table does not hold it.
  ///
  /// - Complexity: O(1) expected: one hash.
  @inlinable @inline(__always)
  internal func read<Part>(_ item: Item, _ body: (borrowing Value) -> Part) -> Part? {
    storage?.read(item, body)
  }

  /// As `read(_:_:)`, given the item's `hash` under this table's `seed`: no hash.
  @inlinable @inline(__always)
  internal func read<Part>(
    _ item: Item, hash: Int, _ body: (borrowing Value) -> Part
  ) -> Part? {
    storage?.read(item, hash: hash, body)
  }

  /// Whether the table holds `item`.
  ///
  /// - Complexity: O(1) expected: one hash.
  @inlinable internal func contains(_ item: Item) -> Bool { read(item) { _ in () } != nil }

  /// The value of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: O(1) expected; O(*n*) when the table grows, or on the first write to storage
  ///   that another table shares.
  @inlinable internal subscript(item: Item) -> Value? {
    get { read(item) { copy $0 } }
    set {
      if let newValue { updateValue(newValue, forKey: item) } else { removeValue(forKey: item) }
    }
  }

  /// Reads the first byte of the slot where a probe for `hash` starts, so that the memory it
  /// sits in is on its way to the cache: a batched lookup touches several slots before it probes
  /// any, and their misses overlap (`_LabelMap.forEachLabel(of:_:)`).
  ///
  /// - Complexity: O(1).
  @inlinable internal func touch(_ hash: Int) -> UInt8 {
    guard let storage else { return 0 }
    return storage.slot(hash & storage.mask).load(as: UInt8.self)
  }

  /// Sets `item`'s value (never `absent`) and returns the value it replaced; `hash`, when given,
  /// is the item's under this table's `seed` (so never for a table without storage, which has
  /// none; its first storage chooses one).
  ///
  /// - Complexity: as the subscript.
  @discardableResult
  @inlinable internal mutating func updateValue(
    _ value: Value, forKey item: Item, hash: Int? = nil
  ) -> Value? {
    assert(!value.isAbsent, "a table holds present values only")
    assert(hash == nil || storage != nil, "a hash under a seed this table does not have")
    // Uniqueness first: a reference bound to the storage would count as a second holder.
    // (Not `let current = storage`: binding the storage retains and releases it, on every write
    // of a bulk build.)
    if isKnownUniquelyReferenced(&storage)
      && storage.unsafelyUnwrapped.count < storage.unsafelyUnwrapped.maxCount
    {
      return storage.unsafelyUnwrapped.update(item, value, hash: hash)
    }
    // Full, shared or empty: room for one more only if `item` is new (replacing a value in a
    // full table must not double it).
    // (Growing or copying keeps the seed, and with it `hash`.)
    makeUnique(growingFor: storage?.read(item, hash: hash, { _ in () }) == nil ? 1 : 0)
    return storage.unsafelyUnwrapped.update(item, value, hash: hash)
  }

  /// Sets `values[i]` for `items[i]`, for each `i` from `start` on in order, as that many
  /// `updateValue(_:forKey:)` calls would, and returns the `i` of each item the table held
  /// already (its value replaced); `hashes`, when of this table's seed, are the items'.
  ///
  /// The writes go in batches of 16: the batch is hashed, then the slot where each probe starts
  /// is touched, then each is written with its hash, so that in a table too large for the cache
  /// the batch's misses overlap (as `_LabelMap.forEachLabel(of:_:)` does for reads).
  ///
  /// - Complexity: O(*k*) expected for *k* items, plus O(*n*) when the table grows.
  @discardableResult
  @inlinable internal mutating func updateValues(
    _ values: [Value], forKeys items: [Item], from start: Int = 0, hashes: _LabelHashes? = nil
  ) -> [Int] {
    assert(items.count == values.count, "one value an item")
    guard start < items.count else { return [] }
    reserveCapacity(count + items.count - start)
    let storage = storage.unsafelyUnwrapped
    let known = hashes?.seed == storage.seed ? hashes?.values : nil
    var replaced: [Int] = []
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { batch in
      var first = start
      while first < items.count {
        let end = Swift.min(first + 16, items.count)
        for index in first..<end {
          batch[index - first] = known?[index] ?? storage.hash(items[index])
        }
        var touched: UInt8 = 0
        for offset in 0..<(end - first) { touched ^= touch(batch[offset]) }
        _keepTouches(touched)
        for index in first..<end
        where storage.update(items[index], values[index], hash: batch[index - first]) != nil {
          replaced.append(index)
        }
        first = end
      }
    }
    return replaced
  }

  /// Removes `item` and returns its value, or nil when the table does not hold it.
  ///
  /// - Complexity: as the subscript.
  @discardableResult
  @inlinable internal mutating func removeValue(forKey item: Item) -> Value? {
    guard contains(item) else { return nil }
    makeUnique(growingFor: 0)
    return storage.unsafelyUnwrapped.remove(item)
  }

  /// Makes room for `count` items in all before the table grows.
  ///
  /// - Complexity: O(*n*) when the storage grows, else O(1).
  @inlinable internal mutating func reserveCapacity(_ count: Int) {
    makeUnique(growingFor: Swift.max(0, count - self.count))
  }

  /// Calls `body` with each item and its value, in no set order.
  ///
  /// - Complexity: O(capacity).
  @inlinable internal func forEach(_ body: (Item, Value) throws -> Void) rethrows {
    guard let storage else { return }
    try storage.forEach(body)
  }

  /// The items and values as a dictionary: for checks and tests.
  ///
  /// - Complexity: O(*n*).
  @inlinable internal var dictionary: [Item: Value] {
    var dictionary: [Item: Value] = Dictionary(minimumCapacity: count)
    forEach { dictionary[$0] = $1 }
    return dictionary
  }

  /// Gives this table storage of its own with room for `extra` more items.
  @inlinable internal mutating func makeUnique(growingFor extra: Int) {
    // Uniqueness first: a reference bound to the storage would count as a second holder.
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

/// The slots of a `_LabelTable`: a fixed capacity, a power of two.
///
/// A slot is a value, `absent` in an empty slot, then a key, initialized only beside a present
/// value, laid out by hand in raw memory (no key paths: a debug build projects a key path at run
/// time on every access). When the value leaves 4 bytes of padding before the key (a `_Place`
/// of String items does), they hold a tag, 32 bits of the key's hash, which a probe compares
/// before the key: most probes that pass another item's slot then skip a String comparison, a
/// call, at no cost in memory.
@usableFromInline
internal final class _LabelTableStorage<Item: Hashable & Sendable, Value: _LabelValue>:
  @unchecked Sendable
{
  // Unchecked: a table writes its storage only while it holds it alone (copy on write).

  @usableFromInline internal let slots: UnsafeMutableRawPointer
  /// The capacity less one: a hash masked with it is a slot index.
  @usableFromInline internal let mask: Int
  /// This storage's hash seed.
  @usableFromInline internal let seed: Int
  // Unchecked: a stored `var` of a class is otherwise checked for exclusive access at run time
  // on every read and write (swift_beginAccess: a seventh of a bulk build of Int items); the
  // storage is written only by the one table that holds it alone.
  @exclusivity(unchecked) @usableFromInline internal var count: Int

  /// The offset of a slot's key.
  @inlinable internal static var keyOffset: Int {
    let alignment = MemoryLayout<Item>.alignment
    return (MemoryLayout<Value>.size + alignment - 1) / alignment * alignment
  }

  /// The offset of a slot's tag, when it has one.
  @inlinable internal static var tagOffset: Int { (MemoryLayout<Value>.size + 3) / 4 * 4 }

  /// Whether slots have a tag: the padding between the value and the key holds one.
  @inlinable internal static var hasTag: Bool { tagOffset + 4 <= keyOffset }

  /// The alignment of a slot.
  @inlinable internal static var alignment: Int {
    Swift.max(MemoryLayout<Value>.alignment, MemoryLayout<Item>.alignment)
  }

  /// The distance from one slot to the next.
  @inlinable internal static var stride: Int {
    (keyOffset + MemoryLayout<Item>.size + alignment - 1) / alignment * alignment
  }

  /// Empty storage of `capacity` slots (a power of two, at least 8), hashing with `seed`, or with
  /// a seed of its own.
  @inlinable internal init(capacity: Int, seed: Int? = nil) {
    assert(capacity >= 8 && capacity & (capacity - 1) == 0)
    // Aligned to a cache line: a slot of 32 bytes (Int items) then never straddles two.
    let slots = UnsafeMutableRawPointer.allocate(
      byteCount: capacity * Self.stride, alignment: Swift.max(Self.alignment, 64))
    for index in 0..<capacity {
      (slots + index &* Self.stride).initializeMemory(as: Value.self, to: .absent)
      if Self.hasTag {
        slots.storeBytes(
          of: 0, toByteOffset: index &* Self.stride &+ Self.tagOffset, as: UInt32.self)
      }
    }
    self.slots = slots
    mask = capacity - 1
    self.seed = seed ?? _LabelHash.seed(address: slots)
    count = 0
  }

  /// Empty storage with room for `count` items.
  @inlinable internal convenience init(capacityFor count: Int) {
    self.init(capacity: Self.capacity(for: count))
  }

  deinit {
    // A generic class's deinit runs unspecialized: the layout is read once, not once a slot
    // (that was a sixth of a 10k-item build's profile), and plain data needs no walk at all.
    if !_isPOD(Item.self) || !_isPOD(Value.self) {
      let stride = Self.stride
      let keyOffset = Self.keyOffset
      for index in 0...mask {
        let value = (slots + index &* stride).assumingMemoryBound(to: Value.self)
        if !value.pointee.isAbsent {
          (slots + (index &* stride &+ keyOffset)).assumingMemoryBound(to: Item.self)
            .deinitialize(count: 1)
        }
        value.deinitialize(count: 1)
      }
    }
    slots.deallocate()
  }

  /// The smallest capacity that holds `count` items at most 3/4 full.
  @inlinable internal static func capacity(for count: Int) -> Int {
    var capacity = 8
    while capacity / 4 * 3 < count { capacity *= 2 }
    return capacity
  }

  /// The most items this storage holds before it must grow.
  @inlinable internal var maxCount: Int { (mask + 1) / 4 * 3 }

  /// The start of slot `index`: its value.
  @inlinable internal func slot(_ index: Int) -> UnsafeMutableRawPointer {
    slots + index &* Self.stride
  }

  @inlinable internal func slotValue(_ index: Int) -> UnsafeMutablePointer<Value> {
    slot(index).assumingMemoryBound(to: Value.self)
  }

  /// The key of an occupied slot.
  @inlinable internal func slotKey(_ index: Int) -> UnsafeMutablePointer<Item> {
    (slot(index) + Self.keyOffset).assumingMemoryBound(to: Item.self)
  }

  /// The tag of an occupied slot, or 0 when slots have none.
  ///
  /// The tag lies past the value's size but inside its stride, memory bound to `Value`: it is
  /// read and written with raw loads and stores, which bind nothing (a typed `UInt32` pointer
  /// there would bind bytes of the value's memory to a second type).
  @inlinable internal func tag(at index: Int) -> UInt32 {
    Self.hasTag ? slot(index).load(fromByteOffset: Self.tagOffset, as: UInt32.self) : 0
  }

  /// Puts `item` and its `tag` into the key (and the tag) of slot `index`, which holds no key.
  @inlinable internal func initializeKey(_ index: Int, to item: consuming Item, tag: UInt32) {
    (slot(index) + Self.keyOffset).initializeMemory(as: Item.self, to: item)
    if Self.hasTag {
      slot(index).storeBytes(of: tag, toByteOffset: Self.tagOffset, as: UInt32.self)
    }
  }

  @inlinable internal func isOccupied(_ index: Int) -> Bool { !slotValue(index).pointee.isAbsent }

  @inlinable internal func hash(_ item: Item) -> Int { _LabelHash.hash(item, seed: seed) }

  /// The tag of a hash: bits the slot index does not use.
  @inlinable internal static func tag(_ hash: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32)
  }

  /// The slot that holds `item`, or the empty slot where its probe ends (`found` false).
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  internal func find(_ item: Item, hash: Int) -> (index: Int, found: Bool) {
    var index = hash & mask
    let tag = Self.tag(hash)
    while true {
      if !isOccupied(index) { return (index, false) }
      if (!Self.hasTag || self.tag(at: index) == tag) && slotKey(index).pointee == item {
        return (index, true)
      }
      index = (index &+ 1) & mask
    }
  }

  /// Reads `item`'s value in place with `body`, or returns nil; `hash`, when given, is the
  /// item's under `seed`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  internal func read<Part>(
    _ item: Item, hash: Int? = nil, _ body: (borrowing Value) -> Part
  ) -> Part? {
    assert(hash == nil || hash == self.hash(item), "a hash under this storage's seed")
    let (index, found) = find(item, hash: hash ?? self.hash(item))
    guard found else { return nil }
    return body(slotValue(index).pointee)
  }

  /// Sets `item`'s value and returns the one it replaced; the caller has made room.
  ///
  /// `hash`, when given, is the item's under this storage's seed.
  ///
  /// - Complexity: O(1) expected.
  @inlinable internal func update(_ item: Item, _ value: Value, hash: Int? = nil) -> Value? {
    assert(hash == nil || hash == self.hash(item), "a hash under this storage's seed")
    let hash = hash ?? self.hash(item)
    let (index, found) = find(item, hash: hash)
    if found {
      let old = slotValue(index).pointee
      slotValue(index).pointee = value
      return old
    }
    assert(count < maxCount, "room made before an insertion")
    initializeKey(index, to: item, tag: Self.tag(hash))
    slotValue(index).pointee = value
    count += 1
    return nil
  }

  /// Removes `item`, which this storage holds, and returns its value: the later slots of its
  /// cluster that may move back do (backward-shift deletion), so no probe ever stops early.
  ///
  /// - Complexity: O(1) expected.
  @inlinable internal func remove(_ item: Item) -> Value {
    let (index, found) = find(item, hash: hash(item))
    precondition(found, "remove(_:) of an item the table holds")
    let removed = slotValue(index).move()
    slotKey(index).deinitialize(count: 1)
    // The hole's key and value are uninitialized until something moves in, or it closes.
    var hole = index
    var next = (index + 1) & mask
    while isOccupied(next) {
      let ideal = hash(slotKey(next).pointee) & mask
      // `next` may move back to the hole unless its ideal slot lies after the hole.
      if (next - ideal) & mask >= (next - hole) & mask {
        initializeKey(hole, to: slotKey(next).move(), tag: tag(at: next))
        slotValue(hole).initialize(to: slotValue(next).move())
        hole = next
      }
      next = (next + 1) & mask
    }
    slotValue(hole).initialize(to: .absent)
    count -= 1
    return removed
  }

  /// Calls `body` with each item and its value, in slot order.
  ///
  /// - Complexity: O(capacity).
  @inlinable internal func forEach(_ body: (Item, Value) throws -> Void) rethrows {
    for index in 0...mask where isOccupied(index) {
      try body(slotKey(index).pointee, slotValue(index).pointee)
    }
  }

  /// A copy with room for `count` items: slot for slot when this capacity holds them, else
  /// rehashed into larger storage with the same seed.
  ///
  /// - Complexity: O(capacity + new capacity).
  @inlinable internal func copy(capacityFor count: Int) -> _LabelTableStorage {
    if count <= maxCount {
      let copy = _LabelTableStorage(capacity: mask + 1, seed: seed)
      for index in 0...mask where isOccupied(index) {
        copy.initializeKey(index, to: slotKey(index).pointee, tag: tag(at: index))
        copy.slotValue(index).pointee = slotValue(index).pointee
      }
      copy.count = self.count
      return copy
    }
    // The same seed: moving items into storage at least as large, in slot order, leaves them no
    // more clustered than they were (linear probing's total displacement does not depend on the
    // order of insertion).
    let copy = _LabelTableStorage(capacity: Self.capacity(for: count), seed: seed)
    forEach { item, value in _ = copy.update(item, value) }
    return copy
  }
}
