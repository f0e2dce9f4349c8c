/// The slots of a `_LabelTable`: a fixed capacity, a power of two.
///
/// A slot, laid out by hand, is a value (`absent` when empty), then a key beside a present value.
/// When the value leaves 4 bytes of padding before the key (a `_Place` of String items does),
/// they hold a tag, 32 bits of the key's hash, compared before the key: a probe that passes
/// another item's slot mostly skips a String comparison.
@usableFromInline
internal final class _LabelTableStorage<Item: Hashable & Sendable, Value: _LabelValue>:
  @unchecked Sendable
{
  // Unchecked: a table writes its storage only while it holds it alone (copy on write).
  /// The slots, cache-line aligned inside `allocation`, a plain malloc block (glibc reuses it).
  @usableFromInline internal let slots: UnsafeMutableRawPointer
  @usableFromInline internal let allocation: UnsafeMutableRawPointer
  /// The capacity less one: a hash masked with it is a slot index.
  @usableFromInline internal let mask: Int
  @usableFromInline internal let seed: Int
  /// Unchecked: a checked access (`swift_beginAccess`) on every write would weigh on a build.
  @exclusivity(unchecked) @usableFromInline internal var count: Int
  /// The most items held before it grows: 3/4 of the slots, up to 7/8 when made for a count.
  @usableFromInline internal let maxCount: Int
  /// Deinitializes the slots, made by the initializer where it is specialized: a generic class's
  /// deinit runs unspecialized, a value witness call or two per slot.
  @usableFromInline internal let destroy: (_LabelTableStorage) -> Void

  @inlinable internal static var keyOffset: Int {
    let alignment = MemoryLayout<Item>.alignment
    return (MemoryLayout<Value>.size + alignment - 1) / alignment * alignment
  }

  /// The offset of a slot's tag; slots have one when the padding before the key holds it.
  @inlinable internal static var tagOffset: Int { (MemoryLayout<Value>.size + 3) / 4 * 4 }
  @inlinable internal static var hasTag: Bool { tagOffset + 4 <= keyOffset }
  @inlinable internal static var alignment: Int {
    Swift.max(MemoryLayout<Value>.alignment, MemoryLayout<Item>.alignment)
  }
  /// The distance from one slot to the next.
  @inlinable internal static var stride: Int {
    (keyOffset + MemoryLayout<Item>.size + alignment - 1) / alignment * alignment
  }

  /// Empty storage of `capacity` slots (a power of two, at least 8) for `maxCount` items or 3/4
  /// of the slots, the more; hashing with `seed` or its own.
  @inlinable internal init(capacity: Int, seed: Int? = nil, maxCount: Int = 0) {
    assert(capacity >= 8 && capacity & (capacity - 1) == 0 && Self.alignment <= 16)
    allocation = .allocate(byteCount: capacity * Self.stride + 48, alignment: 16)
    let slots = allocation.alignedUp(toMultipleOf: 64)
    for index in 0..<capacity {
      (slots + index &* Self.stride).initializeMemory(as: Value.self, to: .absent)
    }
    self.slots = slots
    mask = capacity - 1
    self.seed = seed ?? _LabelHash.seed(address: slots)
    count = 0
    self.maxCount = Swift.max(capacity / 4 * 3, maxCount)
    destroy = { $0.deinitializeSlots() }
  }

  @inlinable internal convenience init(capacityFor count: Int) {
    self.init(capacity: Self.capacity(for: count, eighths: 7), maxCount: count)
  }
  deinit {
    if !_isPOD(Item.self) || !_isPOD(Value.self) { destroy(self) }
    allocation.deallocate()
  }

  /// Deinitializes every occupied slot's key and value (an empty slot's `absent` holds nothing).
  @inlinable internal func deinitializeSlots() {
    for index in 0...mask where isOccupied(index) {
      slotKey(index).deinitialize(count: 1)
      slotValue(index).deinitialize(count: 1)
    }
  }

  /// The smallest capacity that holds `count` items at most `eighths`/8 full.
  @inlinable internal static func capacity(for count: Int, eighths: Int = 6) -> Int {
    var capacity = 8
    while capacity / 8 * eighths < count { capacity *= 2 }
    return capacity
  }

  /// The start of slot `index`, its value; then the key of an occupied slot (addresses used
  /// inside the storage's own methods only).
  @inlinable internal func slot(_ index: Int) -> UnsafeMutableRawPointer {
    slots + index &* Self.stride
  }
  @inlinable internal func slotValue(_ index: Int) -> UnsafeMutablePointer<Value> {
    slot(index).assumingMemoryBound(to: Value.self)
  }
  @inlinable internal func slotKey(_ index: Int) -> UnsafeMutablePointer<Item> {
    (slot(index) + Self.keyOffset).assumingMemoryBound(to: Item.self)
  }

  /// The tag of an occupied slot, or 0 when slots have none: raw loads and stores, since the
  /// bytes lie inside the stride of memory bound to `Value`.
  @inlinable internal func tag(at index: Int) -> UInt32 {
    Self.hasTag ? slot(index).load(fromByteOffset: Self.tagOffset, as: UInt32.self) : 0
  }

  /// Puts `item` and its `tag` into slot `index`, which holds no key.
  @inlinable internal func initializeKey(_ index: Int, to item: consuming Item, tag: UInt32) {
    (slot(index) + Self.keyOffset).initializeMemory(as: Item.self, to: item)
    if Self.hasTag {
      slot(index).storeBytes(of: tag, toByteOffset: Self.tagOffset, as: UInt32.self)
    }
  }

  @inlinable internal func isOccupied(_ index: Int) -> Bool { !slotValue(index).pointee.isAbsent }
  @inlinable internal func hash(_ item: Item) -> Int { _LabelHash.hash(item, seed: seed) }

  /// The tag of a hash: bits the slot index does not use.
  @inlinable
  internal static func tag(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

  /// The slot that holds `item`, or the empty slot where its probe ends (`found` false), `hash`
  /// when given being the item's: O(1) expected.
  @inlinable @inline(__always)
  internal func find(_ item: Item, hash: Int?) -> (index: Int, found: Bool) {
    assert(hash == nil || hash == self.hash(item), "a hash under this storage's seed")
    let hash = hash ?? self.hash(item)
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

  /// Sets `item`'s value and returns the one it replaced, where the caller has made room
  /// (`hash`, when given, is the item's under `seed`).
  @inlinable internal func update(_ item: Item, _ value: Value, hash: Int? = nil) -> Value? {
    let hash = hash ?? self.hash(item)
    let (index, found) = find(item, hash: hash)
    if found { return exchange(&slotValue(index).pointee, with: value) }
    assert(count < maxCount, "room made before an insertion")
    initializeKey(index, to: item, tag: Self.tag(hash))
    slotValue(index).initialize(to: value)
    count += 1
    return nil
  }

  /// Removes `item`, which this storage holds, and returns its value; the later slots of its
  /// cluster that may move back do (backward-shift deletion), so no probe stops early.
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

  /// Calls `body` with each item and its value, in slot order: O(capacity).
  @inlinable internal func forEach(_ body: (Item, Value) throws -> Void) rethrows {
    for index in 0...mask where isOccupied(index) {
      try body(slotKey(index).pointee, slotValue(index).pointee)
    }
  }

  /// A copy with room for `count` items: slot for slot when this capacity holds them, else
  /// rehashed into larger storage with the same seed, in O(capacity + new capacity).
  @inlinable internal func copy(capacityFor count: Int) -> _LabelTableStorage {
    if count <= maxCount {
      let copy = _LabelTableStorage(capacity: mask + 1, seed: seed, maxCount: maxCount)
      for index in 0...mask where isOccupied(index) {
        copy.initializeKey(index, to: slotKey(index).pointee, tag: tag(at: index))
        copy.slotValue(index).pointee = slotValue(index).pointee
      }
      copy.count = self.count
      return copy
    }
    let copy = _LabelTableStorage(capacity: Self.capacity(for: count), seed: seed)
    forEach { item, value in _ = copy.update(item, value) }
    return copy
  }
}
