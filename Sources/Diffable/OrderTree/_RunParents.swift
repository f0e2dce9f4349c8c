/// The parent of each entry of a run in pre-order, entry after entry, as the offset in the run
/// of the entry it is a child of.
///
/// The run's shallowest entries (at `baseLevel`) have the parent the run is inserted under (nil
/// here); a deeper entry's parent is the latest entry one level up.
///
/// ```swift
/// var parents = _RunParents(baseLevel: 1)
/// parents.next(level: 1, at: 0)  // nil: the run's parent (Apple)
/// parents.next(level: 2, at: 1)  // 0: Apple (its seed)
/// parents.next(level: 1, at: 2)  // nil (Pear)
/// ```
@usableFromInline internal struct _RunParents {
  @usableFromInline internal let baseLevel: Int32
  /// The offset of the latest entry at each depth above the latest entry's, shallowest first.
  ///
  /// Slots at or below the latest entry's depth are stale, and never read: in pre-order, an
  /// entry is at most one deeper than the one before it, so its parent's slot was written since.
  @usableFromInline internal var ancestors: [Int] = []
  /// The offset and depth of the latest entry: written into `ancestors` only when the next entry
  /// is its child, so that a run of siblings writes no slot at all.
  @usableFromInline internal var latest = -1
  @usableFromInline internal var latestDepth = -1

  @inlinable internal init(baseLevel: Int32) { self.baseLevel = baseLevel }

  /// The offset of the parent of the entry at `level` and `offset`, the next entry of the run,
  /// or nil when its parent is the run's.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable @inline(__always) internal mutating func next(level: Int32, at offset: Int) -> Int? {
    let depth = Int(level - baseLevel)
    // A run out of pre-order (deeper by more than one) would read a stale slot: it traps.
    precondition(depth >= 0 && depth <= latestDepth + 1, "a level skips a depth")
    let result: Int?
    if depth == latestDepth + 1 && depth > 0 {
      if depth - 1 < ancestors.count {
        ancestors[depth - 1] = latest
      } else {
        ancestors.append(latest)
      }
      result = latest
    } else {
      result = depth == 0 ? nil : ancestors[depth - 1]
    }
    latest = offset
    latestDepth = depth
    return result
  }
}
