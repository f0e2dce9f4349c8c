import OrderedCollections

extension DataSource {
  /// Simulates the user tapping `item`'s outline disclosure.
  ///
  /// An expanded item asks `shouldCollapseItem`, then calls `willCollapseItem`, collapses and
  /// applies. A collapsed item asks `shouldExpandItem`, calls `willExpandItem`, then
  /// `snapshotForExpandingParent` with its current children (whose answer replaces them unless it
  /// is returned unchanged), expands and applies. A should-handler that answers no stops it all.
  /// A will-handler may apply a snapshot of its own (children loaded in `willExpandItem`, or
  /// unloaded in `willCollapseItem`): the tap then works on what the data source holds after it.
  ///
  /// A user taps only a row they see: an item that a collapsed ancestor hides is refused before
  /// any handler is asked (`SnapshotError.notVisible`). Code expands a hidden item with
  /// `SectionSnapshot.expand(_:)` and `apply(_:to:)`, which ask no handler.
  ///
  /// ```swift
  /// // Food (collapsed) > Apple > Seeds
  /// try dataSource.toggleDisclosure(of: "Food")   // .applied: Apple shows
  /// try dataSource.toggleDisclosure(of: "Seeds")  // throws .notVisible("Seeds"): Apple hides it
  /// ```
  ///
  /// - Returns: The transaction; `.refused`; `.unchanged` when a will-handler removed the item.
  /// - Throws: `SnapshotError.itemNotFound` when no section holds `item`;
  ///   `SnapshotError.notVisible` when a collapsed ancestor hides it; the uniqueness error when
  ///   the expanding-parent snapshot holds an item found elsewhere. Nothing changes then.
  /// - Complexity: O((1 + *v*) log *n*) where *v* is the number of rows shown or hidden, when the
  ///   children are kept or the item had none; O(*n* log *n*) when it had children and they are
  ///   replaced.
  @discardableResult
  @inlinable public func toggleDisclosure(of item: Item) throws(SnapshotError) -> InteractionResult<
    Section, Item
  > {
    guard let section = section(containing: item) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    let shown = snapshot(for: section)
    try _requireVisible(item, in: shown)
    let handlers = sectionSnapshotHandlers
    let expanding = try !shown.isExpanded(item)
    if expanding {
      guard handlers.shouldExpandItem?(item) ?? true else { return .refused }
      handlers.willExpandItem?(item)
    } else {
      guard handlers.shouldCollapseItem?(item) ?? true else { return .refused }
      handlers.willCollapseItem?(item)
    }
    // The will-handler may apply (loading or unloading the children, say): the tap works on
    // what the data source holds now, and `snapshotForExpandingParent` gets the children it holds.
    guard let section = self.section(containing: item) else { return .unchanged }
    var outline = snapshot(for: section)
    if expanding {
      let current = try outline.snapshot(of: item)
      let children = handlers.snapshotForExpandingParent?(item, current) ?? current
      outline._setExpanded([item], true)
      if children != current { try outline.replace(childrenOf: item, using: children) }
    } else {
      outline._setExpanded([item], false)
    }
    return .applied(try apply(outline, to: section))
  }

  /// Simulates the user dropping `item` (with its subtree) at `destination`, through the
  /// reordering handlers: `canReorderItem`, then `willReorder` with the transaction before it is
  /// committed, then `didReorder` after.
  ///
  /// A user drags only a row they see: an item that a collapsed ancestor hides is refused before
  /// `canReorderItem` is asked (`SnapshotError.notVisible`). The destination names a place in
  /// the tree, as `SectionSnapshot.move(_:to:)` does; under a collapsed parent the item lands
  /// hidden. Code moves a hidden item by editing `snapshot(for:)` and applying it.
  ///
  /// - Returns: The transaction; `.refused` when `canReorderItem` is missing or answers no;
  ///   `.unchanged` when the item is already there.
  /// - Throws: `SnapshotError.itemNotFound` when `item` or the destination's item is not in the
  ///   same section; `SnapshotError.notVisible` when a collapsed ancestor hides `item`;
  ///   `SnapshotError.invalidMove` when the destination is in `item`'s subtree.
  /// - Complexity: O(*k* log *n*), where *k* is the size of the moved subtree.
  @discardableResult
  @inlinable public func reorder(_ item: Item, to destination: SectionSnapshot<Item>.Destination)
    throws(SnapshotError) -> InteractionResult<Section, Item>
  {
    try reorder(item, to: destination, checkingVisibility: true)
  }

  /// `reorder(_:to:)`, moving a hidden item too when `checkingVisibility` is false.
  ///
  /// For an outline editor's move of several items replayed as one reorder each, whose items
  /// were all on rows when the move began: an earlier reorder may put a later item under a
  /// collapsed parent before its own turn (`outdent --in-place` of a collapsed item and its
  /// next sibling). A user's own drag is checked.
  ///
  /// - Complexity: O(*k* log *n*), where *k* is the size of the moved subtree.
  @discardableResult
  @inlinable public func reorder(
    _ item: Item, to destination: SectionSnapshot<Item>.Destination, checkingVisibility: Bool
  ) throws(SnapshotError) -> InteractionResult<Section, Item> {
    guard let section = section(containing: item) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    var outline = snapshot(for: section)
    if checkingVisibility { try _requireVisible(item, in: outline) }
    guard reorderingHandlers.canReorderItem?(item) ?? false else { return .refused }
    guard let moved = try outline._move(item, to: destination) else { return .unchanged }
    return .applied(_commitReorder(outline, in: section, moved: moved))
  }

  /// Simulates the user dragging the visible row `source` of `section` so that it lands at row
  /// `destination` (counted in the final rows), re-parenting it by its new neighbours as UIKit
  /// does.
  ///
  /// `canReorderItem` is asked first. An expanded parent is then collapsed as the drag lifts
  /// it, without the disclosure handlers, and that collapse is applied as a change of its own
  /// (`DragResult.lift`); the drop's transaction starts from it, so that its `difference` is
  /// one removal and one insertion of the item, and the data source holds the collapsed item
  /// when `willReorder` is called. `destination` counts the rows once the item is collapsed.
  /// An expanded leaf has nothing to collapse: it keeps its flag, and nothing is lifted.
  ///
  /// Dropped right below an expanded parent with children, the item becomes its first child;
  /// otherwise it takes the level of the row above, after that row's subtree; at the top it
  /// becomes the first root; a root dropped at the very end, after nested rows, stays a root. The
  /// item keeps its subtree and its descendants' expansion.
  ///
  /// ```swift
  /// // A (expanded) > A1, A2; B; C: rows A, A1, A2, B, C
  /// let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 1)
  /// result.lift           // A1 and A2 removed: A collapsed, no handler asked
  /// result.transaction    // initial rows A, B, C; A removed at 0, inserted at 1
  /// ```
  ///
  /// - Returns: The lift's collapse, if any, and the drop: `.refused` (nothing lifted) when
  ///   `canReorderItem` is missing or answers no; `.unchanged` when the item lands where it was.
  /// - Throws: `SnapshotError.sectionNotFound` for an unknown section;
  ///   `SnapshotError.invalidMove` when a row is out of range. Nothing changes then.
  /// - Complexity: O((*k* + *v*) log *n*), where *k* is the size of the moved subtree and *v* the
  ///   number of rows its collapse hides.
  @discardableResult
  @inlinable public func drag(in section: Section, fromRow source: Int, toRow destination: Int)
    throws(SnapshotError) -> DragResult<Section, Item>
  {
    guard _state._sections[section] != nil else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    var outline = snapshot(for: section)
    let rows = outline.visibleCount
    guard source >= 0, source < rows else {
      throw .invalidMove("row \(source) is not a visible row (0..<\(rows))")
    }
    let item = outline.visibleItem(at: source)
    // Only a parent's collapse hides rows: an expanded leaf keeps its flag and lifts nothing.
    let isExpanded = try outline.isExpanded(item)
    let isParent = try outline.hasChildren(item)
    let lifts = isExpanded && isParent
    if lifts { outline._setExpanded([item], false) }
    // The final rows: the visible ones once the item is collapsed. `destination` counts them.
    let finalRows = outline.visibleCount
    guard destination >= 0, destination < finalRows else {
      // Rows that the collapse hid are not counted: say so, or the range contradicts `show`.
      let collapsing =
        finalRows == rows ? "" : " once the drag's lift collapses \(SnapshotError.text(item))"
      throw .invalidMove(
        "row \(destination) is not a visible row\(collapsing) (0..<\(finalRows))")
    }
    guard reorderingHandlers.canReorderItem?(item) ?? false else {
      return DragResult(lift: nil, drop: .refused)
    }
    let lift = lifts ? _lift(outline, in: section) : nil
    // The rows without the dragged one, as the user sees them while dropping.
    func remaining(_ index: Int) -> Item {
      outline.visibleItem(at: index < source ? index : index + 1)
    }
    let target: SectionSnapshot<Item>.Destination
    if finalRows == 1 {
      return DragResult(lift: lift, drop: .unchanged)
    } else if destination == 0 {
      target = .before(remaining(0))
    } else {
      let above = remaining(destination - 1)
      let aboveHasChildren = try outline.hasChildren(above)
      let aboveLevel = try outline.level(of: above)
      let itemLevel = try outline.level(of: item)
      if try outline.isExpanded(above) && aboveHasChildren {
        target = .firstChild(of: above)
      } else if itemLevel == 0 && destination == finalRows - 1 && aboveLevel > 0 {
        target = .lastRoot
      } else {
        target = .after(above)
      }
    }
    guard let moved = try outline._move(item, to: target) else {
      return DragResult(lift: lift, drop: .unchanged)
    }
    return DragResult(
      lift: lift, drop: .applied(_commitReorder(outline, in: section, moved: moved)))
  }

  /// Applies `collapsed`, `section`'s section snapshot with a dragged item collapsed, as the
  /// lift of a drag: a change of its own, with no handler called.
  ///
  /// - Complexity: O((1 + *v*) log *n*), where *v* is the number of rows the collapse hides.
  @inlinable internal func _lift(_ collapsed: SectionSnapshot<Item>, in section: Section)
    -> Transaction<Section, Item>
  {
    let transaction = _transaction(from: _state, applying: collapsed, to: section)
    _state = transaction.finalSnapshot
    return transaction
  }

  /// Throws `SnapshotError.notVisible` when a collapsed ancestor hides `item` (known to be in
  /// `outline`): a user's gesture needs it on a row.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal func _requireVisible(_ item: Item, in outline: SectionSnapshot<Item>)
    throws(SnapshotError)
  {
    guard try outline.isVisible(item) else { throw .notVisible(SnapshotError.text(item)) }
  }

  /// Applies a reordered snapshot between `willReorder` and `didReorder`.
  ///
  /// `moved` is where the item's subtree went (its old ranks, its new first rank): the
  /// transaction reports that subtree as the move, as UIKit reports the item the user dragged,
  /// even where a smaller difference exists (moving Eggs past Pantry reports Eggs, never Pantry).
  @inlinable internal func _commitReorder(
    _ outline: SectionSnapshot<Item>, in section: Section,
    moved: (block: Range<Int>, destination: Int)
  ) -> Transaction<Section, Item> {
    let old = snapshot(for: section)
    let difference = _SectionDifference(
      moving: moved.block, to: moved.destination, from: old, to: outline, reportingBlock: true)
    return _commitReorder(
      _transaction(from: _state, applying: outline, to: section, difference: difference))
  }

  /// Commits a reorder's transaction between `willReorder` (the data source still holding the
  /// initial state) and `didReorder`.
  @inlinable internal func _commitReorder(_ transaction: Transaction<Section, Item>)
    -> Transaction<Section, Item>
  {
    reorderingHandlers.willReorder?(transaction)
    _state = transaction.finalSnapshot
    reorderingHandlers.didReorder?(transaction)
    return transaction
  }
}
