import Diffable

/// The outline the edit, lookup and memory scenarios work on: *r* roots, each with 10 children,
/// each with 10 leaves (three levels, 111 items per root), the roots expanded and the children
/// collapsed, so 11*r* rows are visible.
///
/// The identifiers are UUID strings from a seeded generator, held in one array (roots, then
/// children, then leaves) so a parent is found by arithmetic: child *j* belongs to root *j*/10,
/// leaf *l* to child *l*/10.
///
/// ```swift
/// let fixture = OutlineFixture(approximately: 1_000, seed: 1)
/// fixture.snapshot.count         // 999: 9 roots × 111
/// fixture.snapshot.visibleCount  // 99: the roots and their children
/// ```
struct OutlineFixture {
  /// The children of each parent.
  static let fanOut = 10

  /// The number of roots.
  let rootCount: Int
  /// Every identifier: `rootCount` roots, then 10 children per root, then 10 leaves per child.
  let ids: [String]
  /// The outline itself.
  let snapshot: SectionSnapshot<String>

  /// An outline of about `count` items (the nearest multiple of 111).
  ///
  /// - Complexity: O(*n* log *n*): one `append` per parent.
  init(approximately count: Int, seed: UInt64) {
    let fanOut = Self.fanOut
    rootCount = max(1, (count + 55) / 111)
    ids = Identifiers.uuids(count: rootCount * 111, seed: seed)
    var snapshot = SectionSnapshot<String>()
    try! snapshot.append(Array(ids[0..<rootCount]))
    for root in 0..<rootCount {
      let first = rootCount + root * fanOut
      try! snapshot.append(Array(ids[first..<(first + fanOut)]), to: ids[root])
    }
    let childCount = rootCount * fanOut
    for child in 0..<childCount {
      let first = rootCount + childCount + child * fanOut
      try! snapshot.append(Array(ids[first..<(first + fanOut)]), to: ids[rootCount + child])
    }
    snapshot.expand(Array(ids[0..<rootCount]))
    self.snapshot = snapshot
  }

  /// The number of items.
  var count: Int { ids.count }
  /// The children (level 1), each with 10 leaves.
  var children: ArraySlice<String> { ids[rootCount..<(rootCount * 11)] }
  /// The leaves (level 2).
  var leaves: ArraySlice<String> { ids[(rootCount * 11)...] }
  /// The roots and the children: the items that have children.
  var parents: ArraySlice<String> { ids[..<(rootCount * 11)] }

  /// The shape, for the output.
  var shape: String {
    "\(Report.count(rootCount)) roots × 10 children × 10 leaves = \(Report.count(count)) items, "
      + "3 levels; roots expanded, children collapsed "
      + "(\(Report.count(snapshot.visibleCount)) visible rows)"
  }
}
