import OrderedCollections

extension SectionSnapshot {
  /// A section snapshot built in one pass from its items in pre-order, each with its level and
  /// expansion flag: the way a save file lists an outline.
  ///
  /// Apple's section snapshot has no such initializer (an app builds one with `append(_:to:)`);
  /// tools that read a whole saved outline use it, within this package, instead of one append
  /// per parent. Levels must describe a forest: the first item's level is 0 and each level is at
  /// most one more than the level before it (the caller checks; a broken level traps).
  ///
  /// ```swift
  /// let food = try SectionSnapshot(
  ///   preorder: ["Food", "Apple", "Drinks"], levels: [0, 1, 0], expanded: [true, false, false])
  /// food.visibleItems  // ["Food", "Apple", "Drinks"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The identifiers in depth-first pre-order.
  ///   - levels: Each item's depth, 0 for a root.
  ///   - expanded: Each item's expansion flag (a leaf may be expanded, as in Apple's snapshot).
  /// - Throws: `SnapshotError.duplicateItems` when an item comes twice, before anything is built.
  /// - Complexity: O(*n*) expected, where *n* is the number of items: one hash of each.
  @inlinable package init(preorder items: [Item], levels: [Int32], expanded: [Bool])
    throws(SnapshotError)
  {
    precondition(items.count == levels.count && items.count == expanded.count)
    self.init()
    var run: [_Entry<Item>] = []
    run.reserveCapacity(items.count)
    var limit = _VisibilityLimit(visibleAt: 0)
    var deepest: Int32 = 0  // the deepest level the next item may have
    for index in items.indices {
      let level = levels[index]
      precondition(level >= 0 && level <= deepest, "a level skips a depth")
      let visible = limit.visit(level: level, isExpanded: expanded[index])
      deepest = level + 1
      run.append(
        _Entry(
          label: 0, item: items[index], level: level, isExpanded: expanded[index],
          isVisible: visible))
    }
    try _insertRun(run, atRank: 0, parent: nil)
  }
}
