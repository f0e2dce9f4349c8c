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
  /// `ancestors[d]`: the latest entry at depth `d` of the run, while a deeper one is possible.
  @usableFromInline internal var ancestors: [Item] = []

  @inlinable internal init(baseLevel: Int32, parent: Item?) {
    self.baseLevel = baseLevel
    self.parent = parent
  }

  /// The parent of `entry`, the next entry of the run.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable internal mutating func next(_ entry: _Entry<Item>) -> Item? {
    let depth = Int(entry.level - baseLevel)
    if depth < ancestors.count { ancestors.removeSubrange(depth...) }
    let result = depth == 0 ? parent : ancestors[depth - 1]
    ancestors.append(entry.item)
    return result
  }
}
