import OrderedCollections

extension SectionSnapshot {
  /// A place in the tree to move an item to.
  public enum Destination: Hashable, Sendable {
    /// The previous sibling of the item: same parent and level, right before it.
    case before(Item)
    /// The next sibling of the item: same parent and level, right after its whole subtree.
    case after(Item)
    /// The first child of the item.
    case firstChild(of: Item)
    /// The last child of the item.
    case lastChild(of: Item)
    /// The last root.
    case lastRoot
  }

  /// Moves `item`, with its whole subtree and the descendants' expansion, to `destination`.
  ///
  /// Apple's section snapshot has no move: this is what a reorder (a user's drag, or the data
  /// source's `reorder`) does to the tree. The moved item keeps its own expansion flag.
  ///
  /// ```swift
  /// try snapshot.move("Pear", to: .before("Apple"))
  /// ```
  ///
  /// - Returns: Whether anything changed (moving an item to where it already is changes nothing).
  /// - Throws: `SnapshotError.itemNotFound` when `item` or the destination's item is absent;
  ///   `SnapshotError.invalidMove` when the destination is inside the moved subtree.
  /// - Complexity: O(*k* log *n*), where *k* is the size of the moved subtree.
  @discardableResult
  @inlinable public mutating func move(_ item: Item, to destination: Destination)
    throws(SnapshotError)
    -> Bool
  {
    try _move(item, to: destination) != nil
  }

  /// `move(_:to:)`, answering where the subtree went: its old ranks and the rank it starts at
  /// now; nil when nothing changed.
  ///
  /// `named`: the code named `item` as the one to move (a flat snapshot's `moveItem`), which
  /// the journal records for the transaction's difference.
  @inlinable internal mutating func _move(
    _ item: Item, to destination: Destination, named: Bool = false
  )
    throws(SnapshotError) -> (block: Range<Int>, destination: Int)?
  {
    // Here rather than in `move(_:to:)`: the data source's drags call this one directly.
    _settle()  // in place, before any read walks a copy
    guard let moving = _locate(item) else { throw .itemNotFound(SnapshotError.text(item)) }
    let block = moving.rank..<_subtreeEnd(ofRank: moving.rank, level: moving.entry.level)
    let anchor: Item?
    switch destination {
    case .before(let other), .after(let other), .firstChild(let other), .lastChild(let other):
      anchor = other
    case .lastRoot:
      anchor = nil
    }
    if let anchor {
      guard let found = _locate(anchor) else { throw .itemNotFound(SnapshotError.text(anchor)) }
      if block.contains(found.rank) {
        throw .invalidMove(
          "cannot move \(SnapshotError.text(item)) into its own subtree"
            + (anchor == item ? "" : " (\(SnapshotError.text(anchor)))"))
      }
    }
    // Where the block goes, as a rank in the sequence without the block. A destination is never
    // inside the block, so a place after it moves up by the block's length. Deciding this
    // before anything is written keeps a move that changes nothing from writing labels.
    let (place, level, visible, parent) = _place(destination)
    assert(place <= block.lowerBound || place >= block.upperBound, "a place inside the block")
    let rank = place >= block.upperBound ? place - block.count : place
    if rank == block.lowerBound && level == moving.entry.level { return nil }
    var rest = self
    // The items go back in at once, and inserting them writes their new labels.
    let run = rest._removeRun(block, keepingLabels: true)
    var moved = run
    for index in moved.indices { moved[index].level += level - moving.entry.level }
    Self._assignVisibility(&moved, baseLevel: level, rootVisible: visible)
    try rest._insertRun(moved, atRank: rank, parent: parent)
    self = rest
    _didChange(.move(block: block, destination: rank, named: named))
    return (block, rank)
  }

  /// The rank, level, root visibility and parent of an insertion at `destination`, whose item
  /// exists.
  @inlinable internal func _place(_ destination: Destination) -> (
    rank: Int, level: Int32, visible: Bool, parent: Item?
  ) {
    switch destination {
    case .before(let other):
      let found = _locate(other)!
      return (found.rank, found.entry.level, found.entry.isVisible, _labels[other]!.parent)
    case .after(let other):
      let found = _locate(other)!
      return (
        _subtreeEnd(ofRank: found.rank, level: found.entry.level), found.entry.level,
        found.entry.isVisible, _labels[other]!.parent
      )
    case .firstChild(let other):
      let found = _locate(other)!
      return (
        found.rank + 1, found.entry.level + 1, found.entry.isVisible && found.entry.isExpanded,
        other
      )
    case .lastChild(let other):
      let found = _locate(other)!
      return (
        _subtreeEnd(ofRank: found.rank, level: found.entry.level), found.entry.level + 1,
        found.entry.isVisible && found.entry.isExpanded, other
      )
    case .lastRoot:
      return (count, 0, true, nil)
    }
  }
}
