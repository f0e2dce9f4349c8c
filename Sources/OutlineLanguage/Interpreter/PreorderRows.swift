import Diffable

/// An outline's rows in pre-order, as `SectionSnapshot(preorder:levels:expanded:)` takes them:
/// what `sort` and `duplicate` build a snapshot from in one pass.
struct PreorderRows {
  private(set) var items: [String] = []
  private(set) var levels: [Int32] = []
  private(set) var expanded: [Bool] = []

  init(capacity: Int) {
    items.reserveCapacity(capacity)
    levels.reserveCapacity(capacity)
    expanded.reserveCapacity(capacity)
  }

  /// Appends one row.
  mutating func append(_ item: String, level: Int, expanded isExpanded: Bool) {
    items.append(item)
    levels.append(Int32(level))
    expanded.append(isExpanded)
  }

  /// Appends the rows of `family` with its roots in `order` (indices into its roots), each
  /// with its subtree, one level deeper than `level` (-1: as roots).
  ///
  /// - Complexity: O(*k*) for *k* items.
  mutating func append(
    _ family: SectionSnapshot<String>, rootsInOrder order: [Int], below level: Int
  ) {
    let rows = family.rows
    var blocks: [Range<Int>] = []
    for (index, row) in rows.enumerated() where row.level == 0 {
      if let last = blocks.last { blocks[blocks.count - 1] = last.lowerBound..<index }
      blocks.append(index..<rows.count)
    }
    for block in order.map({ blocks[$0] }) {
      for row in rows[block] {
        append(row.item, level: row.level + level + 1, expanded: row.isExpanded)
      }
    }
  }

  /// The snapshot of the rows.
  ///
  /// - Throws: `duplicateItems` when an item comes twice.
  /// - Complexity: O(*n*) expected.
  func snapshot() throws(SnapshotError) -> SectionSnapshot<String> {
    try SectionSnapshot(preorder: items, levels: levels, expanded: expanded)
  }
}
