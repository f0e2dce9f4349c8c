import HashTreeCollections

/// Every item's label in the order tree: a plain dictionary built in bulk, and a persistent
/// overlay of what changed since.
///
/// Strategy: a snapshot is built mostly in bulk (appending many items into an empty snapshot)
/// and then edited an item at a time, while every version stays alive in transactions and undo
/// history. A plain `Dictionary` is the fastest to build and to read, but copying it for each
/// version costs O(*n*); a persistent hash trie (`TreeDictionary`) shares structure between
/// versions but is several times slower to build and copies a path of wide nodes per edit. So the
/// bulk of the labels sits in a `Dictionary` that is never mutated once built (versions share it),
/// and each edit goes into a `TreeDictionary` overlay, which stays small. When the overlay grows
/// past a quarter of the base, the two are merged into a new base: O(*n*) once every *n*/4 edits,
/// O(1) amortized per edit.
///
/// Lookups read the overlay, then the base: two hashes at most. A removed item is shadowed by a
/// `0` label in the overlay (real labels start at 1).
@usableFromInline
internal struct _LabelMap<Item: Hashable & Sendable>: Sendable {
  /// The labels as of the last merge, never mutated after it is built.
  @usableFromInline internal var base: [Item: UInt64]
  /// The changes since: a label, or `0` for an item that is gone.
  @usableFromInline internal var overlay: TreeDictionary<Item, UInt64>

  /// An empty map.
  @inlinable internal init() {
    base = [:]
    overlay = [:]
  }

  /// A map holding `base`, which becomes the shared base.
  @inlinable internal init(base: [Item: UInt64]) {
    self.base = base
    overlay = [:]
  }

  /// The label of `item`, or nil; setting nil removes it.
  ///
  /// - Complexity: O(1) expected to read; O(log *k*) expected to write, where *k* is the size of
  ///   the overlay, and O(*n*) once every *n*/4 writes (the merge).
  @inlinable internal subscript(item: Item) -> UInt64? {
    get {
      if let label = overlay[item] { return label == 0 ? nil : label }
      return base[item]
    }
    set {
      overlay[item] = newValue ?? 0
      if overlay.count > Swift.max(64, base.count / 4) { merge() }
    }
  }

  /// Folds the overlay into a new base.
  ///
  /// - Complexity: O(*n* + *k*).
  @inlinable internal mutating func merge() {
    var merged = base
    merged.reserveCapacity(base.count + overlay.count)
    for (item, label) in overlay {
      if label == 0 { merged[item] = nil } else { merged[item] = label }
    }
    base = merged
    overlay = [:]
  }

  /// The number of items with a label.
  ///
  /// - Complexity: O(*n* + *k*): for invariant checks.
  @inlinable internal var liveCount: Int {
    base.keys.reduce(0) { $0 + (overlay[$1] == nil ? 1 : 0) }
      + overlay.reduce(0) { $0 + ($1.value == 0 ? 0 : 1) }
  }
}
