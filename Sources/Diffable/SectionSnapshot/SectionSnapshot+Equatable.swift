import OrderedCollections

extension SectionSnapshot: Equatable {
  /// Whether both snapshots hold the same items in the same order, at the same levels, with the
  /// same expansion flags.
  ///
  /// - Complexity: O(1) when one is an unedited copy of the other; O(*n*) otherwise.
  @inlinable public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
    if lhs._version == rhs._version || lhs._tree.isIdentical(to: rhs._tree) { return true }
    guard lhs.count == rhs.count, lhs.visibleCount == rhs.visibleCount else { return false }
    let left = lhs._entries(in: 0..<lhs.count)
    var index = 0
    var equal = true
    rhs._tree.forEach(in: 0..<rhs.count) { entry in
      let other = left[index]
      index += 1
      equal =
        other.item == entry.item && other.level == entry.level
        && other.isExpanded == entry.isExpanded
      return equal
    }
    return equal
  }
}
