/// The parent of each entry of a run in pre-order, entry after entry.
///
/// The run's shallowest entries (at `baseLevel`) have the parent the run is inserted under; a
/// deeper entry's parent is the latest entry one level up.
///
/// ```swift
/// var parents = _RunParents<String>(baseLevel: 1, parent: "Food")
/// parents.next(apple)  // "Food" (level 1)
/// parents.next(seed)   // "Apple" (level 2)
/// ```
@usableFromInline internal struct _RunParents<Item: Hashable & Sendable> {
  @usableFromInline internal let baseLevel: Int32
  @usableFromInline internal let parent: Item?
  /// The latest entry at each depth of the run, shallowest first.
  ///
  /// Slots deeper than the latest entry's are stale, and never read: in pre-order, an entry is
  /// at most one deeper than the one before it, so its parent's slot was written since.
  @usableFromInline internal var ancestors: [Item] = []
  /// The deepest depth the next entry may have: one more than the latest entry's.
  @usableFromInline internal var deepest = 0

  @inlinable internal init(baseLevel: Int32, parent: Item?) {
    self.baseLevel = baseLevel
    self.parent = parent
  }

  /// The parent of `entry`, the next entry of the run.
  ///
  /// - Complexity: O(1) amortized. (The slots are overwritten, not removed: removing the
  ///   deeper ones for each entry was a generic `removeSubrange` call per item, a quarter of
  ///   building a snapshot of 10,000 Strings.)
  @inlinable internal mutating func next(_ entry: _Entry<Item>) -> Item? {
    let depth = Int(entry.level - baseLevel)
    // A run out of pre-order (deeper by more than one) would read a stale slot: it traps.
    precondition(depth >= 0 && depth <= deepest, "a level skips a depth")
    deepest = depth + 1
    let result = depth == 0 ? parent : ancestors[depth - 1]
    if depth < ancestors.count {
      ancestors[depth] = entry.item
    } else {
      ancestors.append(entry.item)
    }
    return result
  }
}
