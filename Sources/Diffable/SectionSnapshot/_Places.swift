/// Every item's place in a section snapshot (`_Place`: its label in the order tree, its level and
/// its parent), in a label map: labels alone while every item is a root, places once an item has
/// a parent.
///
/// A flat section, the everyday snapshot, holds only roots, whose level (0) and parent (none) go
/// without saying: a slot of its table holds the item and its label, 16 bytes for an `Int` item
/// against 32 with a level and an optional parent, so a build writes half the memory. The first
/// item given a parent moves the labels into a map of places, once; a section stays there until
/// it is emptied.
@usableFromInline internal struct _Places<Item: Hashable & Sendable>: Sendable {
  /// The labels while every item is a root (`hasParents` false); else empty.
  @usableFromInline internal var roots = _LabelMap<Item, UInt64>()
  /// The places once an item has had a parent (`hasParents`); else empty.
  @usableFromInline internal var tree = _LabelMap<Item, _Place<Item>>()
  @usableFromInline internal var hasParents = false

  @inlinable internal init() {}

  /// The places of `roots`' items, every one a root.
  @inlinable internal init(roots: _LabelTable<Item, UInt64>) { self.roots = _LabelMap(base: roots) }

  /// The places in `tree`.
  @inlinable internal init(tree: _LabelTable<Item, _Place<Item>>) {
    self.tree = _LabelMap(base: tree)
    hasParents = true
  }

  /// Reads `item`'s place with `body` (a root's made for the call while the map holds labels
  /// alone), or returns nil when it is absent.
  ///
  /// - Complexity: as `_LabelMap.read(_:_:)`: O(1) expected.
  @inlinable @inline(__always)
  internal func read<Part>(_ item: Item, _ body: (borrowing _Place<Item>) -> Part) -> Part? {
    if hasParents { return tree.read(item, body) }
    return roots.read(item) { body(_Place(label: $0, level: 0, parent: nil)) }
  }

  /// Whether `item` has a place: O(1) expected.
  @inlinable internal func contains(_ item: Item) -> Bool {
    hasParents ? tree.contains(item) : roots.contains(item)
  }

  /// Calls `body` with the index of each of `items`, its hash under the returned seed and its
  /// place (`absent` when it has none), as `_LabelMap.forEachLabel(of:_:)` does.
  ///
  /// - Complexity: O(1) expected for each item.
  @discardableResult
  @inlinable internal func forEachLabel(
    of items: ArraySlice<Item>,
    _ body: (_ index: Int, _ hash: Int, _ place: borrowing _Place<Item>) -> Void
  ) -> Int? {
    if hasParents { return tree.forEachLabel(of: items, body) }
    return roots.forEachLabel(of: items) { index, hash, label in
      body(index, hash, _Place(label: label, level: 0, parent: nil))
    }
  }

  /// The place of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: as `setPlace(_:for:hashes:at:)`.
  @inlinable internal subscript(item: Item) -> _Place<Item>? {
    get { read(item) { copy $0 } }
    set { setPlace(newValue, for: item) }
  }

  /// Sets `item`'s place, or removes it (nil); `hashes`, when given, hold the item's hash at
  /// `index`.
  ///
  /// - Complexity: as `_LabelMap.setLabel(_:for:hashes:at:)`, plus O(*n*) when it gives the
  ///   first item a parent.
  @inlinable internal mutating func setPlace(
    _ place: _Place<Item>?, for item: Item, hashes: _LabelHashes? = nil, at index: Int = 0
  ) {
    if !hasParents {
      guard let place, place.parent != nil else {
        roots.setLabel(place?.label, for: item, hashes: hashes, at: index)
        return
      }
      moveToPlaces()
    }
    tree.setLabel(place, for: item, hashes: hashes, at: index)
  }

  /// Sets `place(i)` for `items[i]`, as that many `setPlace` calls would (`hashes`, when given,
  /// in order).
  ///
  /// - Complexity: as `_LabelMap.setLabels(of:hashes:_:)`, plus O(*n*) when it gives the first
  ///   item a parent.
  @inlinable internal mutating func setPlaces(
    of items: [Item], hashes: _LabelHashes?, _ place: (Int) -> _Place<Item>
  ) {
    if !hasParents {
      // Written as labels, unless one has a parent: then they are all written again as places.
      var allRoots = true
      roots.setLabels(of: items, hashes: hashes) { index in
        let place = place(index)
        if place.parent != nil { allRoots = false }
        return place.label
      }
      if allRoots { return }
      moveToPlaces()
    }
    tree.setLabels(of: items, hashes: hashes, place)
  }

  /// Moves the labels into a map of places, each a root's, whose table hashes with the labels'
  /// seed (hashes kept for a write that follows stay good): O(*n*).
  @inlinable internal mutating func moveToPlaces() {
    let labels = roots.labels
    var table = labels.seed.map { _LabelTable<Item, _Place<Item>>(seed: $0) } ?? _LabelTable()
    table.reserveCapacity(labels.count + 1)
    labels.forEach { item, label in
      table.updateValue(_Place(label: label, level: 0, parent: nil), forKey: item)
    }
    self = _Places(tree: table)
  }

  /// The number of items with a place, for invariant checks: O(*n* + *r*), as
  /// `_LabelMap.liveCount`.
  @inlinable internal var liveCount: Int { hasParents ? tree.liveCount : roots.liveCount }
}
