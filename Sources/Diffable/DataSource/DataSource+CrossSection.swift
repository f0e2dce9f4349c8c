import OrderedCollections

extension DataSource {
  /// Simulates the user dropping `item` (with its subtree) into another section, at
  /// `destination` there, through the reordering handlers.
  ///
  /// UIKit lets a reorder cross sections: the item leaves its section snapshot and joins the
  /// other's, keeping its subtree and the descendants' expansion. The transaction has a section
  /// transaction for each of the two sections (a removal in one, an insertion in the other),
  /// and its flat difference moves the item's visible rows from one to the other (SEMANTICS.md).
  /// With `section` the item's own section, it is `reorder(_:to:)`.
  ///
  /// ```swift
  /// // Sections S1 [A, B] and S2 [C, D]
  /// try dataSource.reorder("A", toSection: "S2", at: .before("D"))
  /// // S1 [B], S2 [C, A, D]; difference: A removed at 0, inserted at 2, associated
  /// ```
  ///
  /// - Parameters:
  ///   - item: The item the user moves, in any section.
  ///   - section: The section it joins.
  ///   - destination: Where in `section`: an item of `section` to go before or after, a parent
  ///     of `section` to become the first or last child of, or `.lastRoot`.
  /// As within a section, a user drags only a row they see: an item that a collapsed ancestor
  /// hides is refused before `canReorderItem` is asked.
  ///
  /// - Returns: The transaction; `.refused` when `canReorderItem` is missing or answers no.
  /// - Throws: `SnapshotError.itemNotFound` when no section holds `item` or `section` does not
  ///   hold the destination's item; `SnapshotError.sectionNotFound` for an unknown `section`;
  ///   `SnapshotError.notVisible` when a collapsed ancestor hides `item`.
  /// - Complexity: O((*k* + *v*) log *n* + *s*), where *k* is the size of the moved subtree, *v*
  ///   the rows of the two sections and *s* the number of sections.
  @discardableResult
  @inlinable public func reorder(
    _ item: Item, toSection section: Section, at destination: SectionSnapshot<Item>.Destination
  ) throws(SnapshotError) -> InteractionResult<Section, Item> {
    guard let source = self.section(containing: item) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    guard _state._sections[section] != nil else {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    if source == section { return try reorder(item, to: destination) }
    try _requireVisible(item, in: snapshot(for: source))
    // As within a section: the handler is asked first, then the destination is checked.
    guard reorderingHandlers.canReorderItem?(item) ?? false else { return .refused }
    try _checkDestination(destination, in: snapshot(for: section))
    return .applied(
      try _commitCrossSectionMove(
        item, from: source, outline: snapshot(for: source), to: section, at: destination))
  }

  /// Simulates the user dragging the visible row `source` of `sourceSection` to row
  /// `destination` of `destinationSection`, re-parenting it by its new neighbours there.
  ///
  /// As a drag within a section (`drag(in:fromRow:toRow:)`): after `canReorderItem`, an
  /// expanded parent is collapsed as the drag lifts it, without the disclosure handlers, as a
  /// change of its own (`DragResult.lift`) that the drop's transaction starts from (an expanded
  /// leaf keeps its flag, and nothing is lifted); dropped right below an expanded parent with
  /// children it becomes that parent's first child, else it takes
  /// the level of the row above, after that row's subtree; at row 0 it becomes the first root.
  /// `destination` counts the destination section's rows with the item among them, so it runs
  /// from 0 to the section's row count; dropped past the last row, the item is appended as the
  /// section's last root.
  ///
  /// - Returns: The lift's collapse, if any, and the drop: `.refused` (nothing lifted) when
  ///   `canReorderItem` is missing or answers no.
  /// - Throws: `SnapshotError.sectionNotFound` for an unknown section;
  ///   `SnapshotError.invalidMove` when a row is out of range. Nothing changes then.
  /// - Complexity: O((*k* + *v*) log *n* + *s*), as `reorder(_:toSection:at:)`.
  @discardableResult
  @inlinable public func drag(
    fromRow source: Int, in sourceSection: Section, toRow destination: Int,
    in destinationSection: Section
  ) throws(SnapshotError) -> DragResult<Section, Item> {
    if sourceSection == destinationSection {
      return try drag(in: sourceSection, fromRow: source, toRow: destination)
    }
    for section in [sourceSection, destinationSection] where _state._sections[section] == nil {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    var outline = snapshot(for: sourceSection)
    guard source >= 0, source < outline.visibleCount else {
      throw .invalidMove("row \(source) is not a visible row (0..<\(outline.visibleCount))")
    }
    let target = snapshot(for: destinationSection)
    let rows = target.visibleCount
    guard destination >= 0, destination <= rows else {
      throw .invalidMove("row \(destination) is not a place to drop (0...\(rows))")
    }
    let item = outline.visibleItem(at: source)
    guard reorderingHandlers.canReorderItem?(item) ?? false else {
      return DragResult(lift: nil, drop: .refused)
    }
    let place: SectionSnapshot<Item>.Destination
    if destination == rows {
      place = .lastRoot
    } else if destination == 0 {
      place = .before(target.visibleItem(at: 0))
    } else {
      let above = target.visibleItem(at: destination - 1)
      let opensBelow = try target.isExpanded(above)
      let hasChildren = try target.hasChildren(above)
      place = opensBelow && hasChildren ? .firstChild(of: above) : .after(above)
    }
    var lift: Transaction<Section, Item>?
    let isParent = try outline.hasChildren(item)
    let isExpanded = try outline.isExpanded(item)
    if isParent && isExpanded {
      outline.collapse([item])
      lift = _lift(outline, in: sourceSection)
    }
    return DragResult(
      lift: lift,
      drop: .applied(
        try _commitCrossSectionMove(
          item, from: sourceSection, outline: outline, to: destinationSection, at: place)))
  }

  /// Throws unless `destination`'s item is in `outline`.
  @inlinable internal func _checkDestination(
    _ destination: SectionSnapshot<Item>.Destination, in outline: SectionSnapshot<Item>
  ) throws(SnapshotError) {
    switch destination {
    case .before(let other), .after(let other), .firstChild(let other), .lastChild(let other):
      guard outline.contains(other) else { throw .itemNotFound(SnapshotError.text(other)) }
    case .lastRoot:
      break
    }
  }

  /// Moves `item`'s subtree from `outline` (the source section's snapshot, possibly with the
  /// item collapsed) into `section` at `destination`, and commits it between `willReorder` and
  /// `didReorder`.
  @inlinable internal func _commitCrossSectionMove(
    _ item: Item, from source: Section, outline: SectionSnapshot<Item>, to section: Section,
    at destination: SectionSnapshot<Item>.Destination
  ) throws(SnapshotError) -> Transaction<Section, Item> {
    let subtree = try outline.snapshot(of: item, includingParent: true)
    var remaining = outline
    try remaining.delete([item])
    var joined = snapshot(for: section)
    switch destination {
    case .before(let other): try joined.insert(subtree, before: other)
    case .after(let other): try joined.insert(subtree, after: other)
    case .firstChild(let parent), .lastChild(let parent):
      let children = try joined.snapshot(of: parent).rootItems
      if children.isEmpty {
        try joined.replace(childrenOf: parent, using: subtree)
      } else if case .firstChild = destination {
        try joined.insert(subtree, before: children[0])
      } else {
        try joined.insert(subtree, after: children[children.count - 1])
      }
    case .lastRoot:
      if let last = joined.rootItems.last {
        try joined.insert(subtree, after: last)
      } else {
        joined = subtree
      }
    }
    return _commitReorder(
      _crossSectionTransaction(
        item, from: source, remaining: remaining, to: section, joined: joined))
  }

  /// The transaction of a subtree leaving `source` (now `remaining`) for `section` (now
  /// `joined`): each section's difference is its removals or insertions, and the flat
  /// difference moves the rows visible on both sides, removing or inserting the others.
  @inlinable internal func _crossSectionTransaction(
    _ item: Item, from source: Section, remaining: SectionSnapshot<Item>, to section: Section,
    joined: SectionSnapshot<Item>
  ) -> Transaction<Section, Item> {
    let initial = _state
    var final = initial
    final._sections[source] = remaining._pristine
    final._sections[section] = joined._pristine
    final._clearMarks()
    let left = _SectionDifference(
      removingSubtreeOf: item, from: initial._sections[source]!)
    let entered = _SectionDifference(from: initial._sections[section]!, to: joined)
    // Global row offsets: the source's rows in the initial state, the destination's in the final.
    let oldBase = _rowBase(of: source, in: initial)
    let newBase = _rowBase(of: section, in: final)
    let oldRows = initial._sections[source]!
    let removedItems = left.rows.removals.map { oldRows.visibleItem(at: $0.offset) }
    var newOffsets: [Item: Int] = [:]
    for change in entered.rows.insertions {
      newOffsets[joined.visibleItem(at: change.offset)] = newBase + change.offset
    }
    var oldOffsets: [Item: Int] = [:]
    let removals = zip(left.rows.removals, removedItems).map { change, item in
      oldOffsets[item] = oldBase + change.offset
      return _OffsetDifference.Change(
        offset: oldBase + change.offset, associatedWith: newOffsets[item])
    }
    let insertions = entered.rows.insertions.map { change in
      _OffsetDifference.Change(
        offset: newBase + change.offset,
        associatedWith: oldOffsets[joined.visibleItem(at: change.offset)])
    }
    let transactions = [
      SectionTransaction(
        section: source, initial: initial._sections[source]!, final: final._sections[source]!,
        difference: left.items),
      SectionTransaction(
        section: section, initial: initial._sections[section]!, final: final._sections[section]!,
        difference: entered.items, reparenting: entered.reparenting),
    ]
    let order = { (transaction: SectionTransaction<Section, Item>) in
      final.indexOfSection(transaction.sectionIdentifier) ?? 0
    }
    return Transaction(
      initial: initial, final: final,
      difference: _OffsetDifference(removals: removals, insertions: insertions),
      sectionTransactions: transactions.sorted { order($0) < order($1) })
  }
}
