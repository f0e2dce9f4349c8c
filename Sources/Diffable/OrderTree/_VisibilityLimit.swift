/// The visibility of entries met one after another in pre-order, from one number.
///
/// `level` is the deepest level at which the next entry is visible: an entry at level *l* is
/// visible when *l* ≤ `level` (its parent, the latest entry at *l* − 1, and every ancestor above
/// are expanded and visible). After a visible entry at *l* it is *l* + 1 when the entry is
/// expanded and *l* when not; after a hidden one it stays (the break is above it). A stack of
/// per-level flags says the same, with an array to trim at every entry.
///
/// ```swift
/// var limit = _VisibilityLimit(visibleAt: 0)
/// limit.visit(level: 0, isExpanded: false)  // true: a root
/// limit.visit(level: 1, isExpanded: false)  // false: its parent is collapsed
/// ```
@usableFromInline internal struct _VisibilityLimit {
  @usableFromInline internal var level: Int32

  /// A start where entries at `level` (and shallower) are visible.
  @inlinable internal init(visibleAt level: Int32) { self.level = level }

  /// A start where nothing at `level` or deeper is visible.
  @inlinable internal init(hiddenAt level: Int32) { self.level = level - 1 }

  /// Whether the next entry, at `level`, is visible; moves on past it.
  ///
  /// - Complexity: O(1).
  @inlinable internal mutating func visit(level entryLevel: Int32, isExpanded: Bool) -> Bool {
    guard entryLevel <= level else { return false }
    level = isExpanded ? entryLevel &+ 1 : entryLevel
    return true
  }
}
