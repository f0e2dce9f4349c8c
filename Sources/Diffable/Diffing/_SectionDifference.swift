import OrderedCollections

// The two differences a transaction reports for one section: of the section snapshot's `items`
// (hidden items included) and of its visible rows (what the flat snapshot holds).
//
// Strategy: when the new snapshot is the old one plus exactly one recorded edit (its journal
// names the old version), the differences follow from the edit's offsets: only the windows the
// edit touched are looked at, so a single edit costs O(k log n), k being what it touched.
// Otherwise both sequences are diffed whole by `_Diffing` in O(n log n). Both routes give the
// same result: outside the windows nothing moved, and `_Diffing`'s canonical longest increasing
// subsequence keeps a common prefix and suffix (the model tests compare the two routes).

@usableFromInline internal struct _SectionDifference: Sendable, Equatable {
  /// The difference of `items`.
  @usableFromInline internal var items: _OffsetDifference
  /// The difference of the visible rows.
  @usableFromInline internal var rows: _OffsetDifference
  /// Where an item may have changed parent: what the transaction's `hierarchyChanges` reads.
  @usableFromInline internal var reparenting: _Reparenting = .none

  @inlinable internal static var empty: _SectionDifference {
    _SectionDifference(items: _OffsetDifference.empty, rows: _OffsetDifference.empty)
  }

  @inlinable internal init(
    items: _OffsetDifference, rows: _OffsetDifference, reparenting: _Reparenting = .none
  ) {
    self.items = items
    self.rows = rows
    self.reparenting = reparenting
  }

  /// The differences from `old` to `new`.
  ///
  /// - Complexity: O(*k* log *n*) when `new` is `old` with one edit touching *k* entries;
  ///   O(*n* log *n*) otherwise.
  @inlinable internal init<Item>(from old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>) {
    if old._version == new._version {
      self = .empty
    } else if case .edited(let base, let change) = new._journal, base == old._version {
      self.init(change: change, from: old, to: new)
    } else {
      self.init(wholeFrom: old, to: new)
    }
  }

  /// Diffs everything.
  ///
  /// When every item is visible on both sides (a flat list, or an outline fully expanded), the
  /// rows are the items and one diff serves for both.
  @inlinable internal init<Item>(
    wholeFrom old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>
  ) {
    items = _Diffing.difference(from: old, to: new)
    reparenting = .all
    if old.count == old.visibleCount && new.count == new.visibleCount {
      rows = items
    } else {
      rows = _Diffing.difference(from: old.visibleItems, to: new.visibleItems)
    }
  }

  @inlinable internal init<Item>(
    change: _Change, from old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>
  ) {
    switch change {
    case .windows(let windows):
      self.init(items: .empty, rows: .empty)
      for window in windows { add(window, from: old, to: new) }
      // Only a replacement can hold an item that was there before in another place: an
      // insertion holds new items, a removal none, a visibility change the same places.
      let replaced = windows.filter { $0.kind == .replacement && !$0.new.isEmpty }.map(\.new)
      if !replaced.isEmpty { reparenting = .ranks(replaced) }
    case .move(let block, let destination, let named):
      self.init(moving: block, to: destination, from: old, to: new, preferringBlock: named)
    }
  }

  @inlinable internal mutating func add<Item>(
    _ window: _Window, from old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>
  ) {
    let oldRow = old._tree.visibleCount(before: window.old.lowerBound)
    let newRow = new._tree.visibleCount(before: window.new.lowerBound)
    switch window.kind {
    case .insertion:
      items.insertions.append(contentsOf: window.new.map { .init(offset: $0) })
      var row = newRow
      new._tree.forEachVisible(in: window.new) { _, _ in
        rows.insertions.append(.init(offset: row))
        row += 1
      }
    case .removal:
      items.removals.append(contentsOf: window.old.map { .init(offset: $0) })
      var row = oldRow
      old._tree.forEachVisible(in: window.old) { _, _ in
        rows.removals.append(.init(offset: row))
        row += 1
      }
    case .visibility:
      // The same items at the same ranks: rows appear or disappear, none move.
      var oldRanks: [Int] = []
      old._tree.forEachVisible(in: window.old) { _, rank in oldRanks.append(rank) }
      var newRanks: [Int] = []
      new._tree.forEachVisible(in: window.new) { _, rank in newRanks.append(rank) }
      var i = 0
      var j = 0
      while i < oldRanks.count || j < newRanks.count {
        if j == newRanks.count || (i < oldRanks.count && oldRanks[i] < newRanks[j]) {
          rows.removals.append(.init(offset: oldRow + i))
          i += 1
        } else if i == oldRanks.count || newRanks[j] < oldRanks[i] {
          rows.insertions.append(.init(offset: newRow + j))
          j += 1
        } else {
          i += 1
          j += 1
        }
      }
    case .replacement:
      let oldEntries = old._entries(in: window.old)
      let newEntries = new._entries(in: window.new)
      items.append(
        _Diffing.difference(from: oldEntries.map(\.item), to: newEntries.map(\.item)),
        oldBase: window.old.lowerBound, newBase: window.new.lowerBound)
      rows.append(
        _Diffing.difference(
          from: oldEntries.lazy.filter(\.isVisible).map(\.item),
          to: newEntries.lazy.filter(\.isVisible).map(\.item)),
        oldBase: oldRow, newBase: newRow)
    }
  }

  /// The difference of removing `item`'s subtree from `old`, to join another section.
  ///
  /// Its entries are removals, and so are those of its rows that `old` shows. Whatever else was
  /// done to the snapshot before (a drag collapses the item first) changes nothing outside the
  /// subtree.
  ///
  /// - Complexity: O(*k* + log *n*), where *k* is the size of the subtree.
  @inlinable internal init<Item>(removingSubtreeOf item: Item, from old: SectionSnapshot<Item>) {
    guard let found = old._locate(item) else {
      self = .empty
      return
    }
    let block = found.rank..<old._subtreeEnd(ofRank: found.rank, level: found.entry.level)
    let firstRow = old._tree.visibleCount(before: block.lowerBound)
    let rowCount = old._tree.visibleCount(before: block.upperBound) - firstRow
    items = .init(removals: block.map { .init(offset: $0) }, insertions: [])
    rows = .init(
      removals: (firstRow..<(firstRow + rowCount)).map { .init(offset: $0) }, insertions: [])
  }

  /// A subtree `block` (old offsets) that moved to start at new offset `destination`.
  ///
  /// With `reportingBlock`, the block is reported as the move whatever its size: a reorder is
  /// the user moving that item, and UIKit reports the item the user moved (SEMANTICS.md,
  /// reordering). Without it, the smaller side moves, the difference a diff would give; on a
  /// tie, the block when `preferringBlock` (the code named its item: `moveItem(B, beforeItem:
  /// A)` reports B), else as `blockMove` says.
  @inlinable internal init<Item>(
    moving block: Range<Int>, to destination: Int,
    from old: SectionSnapshot<Item>, to new: SectionSnapshot<Item>, reportingBlock: Bool = false,
    preferringBlock: Bool = false
  ) {
    let start = block.lowerBound
    let size = block.count
    // The block's root is the only entry whose parent can change: its descendants move with it.
    reparenting = size > 0 ? .ranks([destination..<(destination + 1)]) : .none
    // The entries the block jumped over: old offsets, and their new start.
    let forward = destination > start
    let jumped = forward ? block.upperBound..<(destination + size) : destination..<start
    items = Self.blockMove(
      blockStart: start, size: size, jumpedStart: jumped.lowerBound, jumpedSize: jumped.count,
      forward: forward, reportingBlock: reportingBlock, preferringBlock: preferringBlock)

    let wasVisible = size > 0 && old._tree.entry(atRank: start).isVisible
    let isVisible = size > 0 && new._tree.entry(atRank: destination).isVisible
    let oldRow = old._tree.visibleCount(before: start)
    let oldBlockRows = old._tree.visibleCount(before: block.upperBound) - oldRow
    let newRow = new._tree.visibleCount(before: destination)
    let newBlockRows = new._tree.visibleCount(before: destination + size) - newRow
    switch (wasVisible, isVisible) {
    case (false, false):
      rows = .empty
    case (true, false):
      rows = .init(
        removals: (oldRow..<(oldRow + oldBlockRows)).map { .init(offset: $0) }, insertions: [])
    case (false, true):
      rows = .init(
        removals: [], insertions: (newRow..<(newRow + newBlockRows)).map { .init(offset: $0) })
    case (true, true):
      // The block's first rows survive: all of them, or only its root when its expansion was
      // toggled on the way (a drag collapses the item first); the others are removed or
      // inserted. Of the survivors and the jumped rows, the smaller side moves.
      let kept = Swift.min(oldBlockRows, newBlockRows)
      let jumpedRow = old._tree.visibleCount(before: jumped.lowerBound)
      let jumpedRows = old._tree.visibleCount(before: jumped.upperBound) - jumpedRow
      let newJumpedStart = forward ? start : destination + size
      let newJumpedRow = new._tree.visibleCount(before: newJumpedStart)
      var removals = ((oldRow + kept)..<(oldRow + oldBlockRows)).map {
        _OffsetDifference.Change(offset: $0)
      }
      var insertions = ((newRow + kept)..<(newRow + newBlockRows)).map {
        _OffsetDifference.Change(offset: $0)
      }
      if jumpedRows > 0 {
        let reportBlock =
          reportingBlock || kept < jumpedRows
          || (kept == jumpedRows && (forward || preferringBlock))
        let (from, to, count) =
          reportBlock ? (oldRow, newRow, kept) : (jumpedRow, newJumpedRow, jumpedRows)
        removals.append(
          contentsOf: (0..<count).map { .init(offset: from + $0, associatedWith: to + $0) })
        insertions.append(
          contentsOf: (0..<count).map { .init(offset: to + $0, associatedWith: from + $0) })
        removals.sort { $0.offset < $1.offset }
        insertions.sort { $0.offset < $1.offset }
      }
      rows = .init(removals: removals, insertions: insertions)
    }
  }

  /// The minimal difference of a block of `size` elements moving over `jumpedSize` others.
  ///
  /// The smaller side is reported as moved; on a tie, the block when `preferringBlock`, else the
  /// side that comes first in the old order (as `_Diffing`'s canonical subsequence keeps the one
  /// starting earliest in new order).
  @inlinable internal static func blockMove(
    blockStart: Int, size: Int, jumpedStart: Int, jumpedSize: Int, forward: Bool,
    reportingBlock: Bool = false, preferringBlock: Bool = false
  ) -> _OffsetDifference {
    guard size > 0, jumpedSize > 0 else { return .empty }
    // New starts: moving forward, the jumped run shifts back onto the block's old start.
    let blockNewStart = forward ? blockStart + jumpedSize : jumpedStart
    let jumpedNewStart = forward ? blockStart : jumpedStart + size
    let reportBlock =
      reportingBlock || size < jumpedSize
      || (size == jumpedSize && (forward || preferringBlock))
    let (from, to, count) =
      reportBlock
      ? (blockStart, blockNewStart, size) : (jumpedStart, jumpedNewStart, jumpedSize)
    return _OffsetDifference(
      removals: (0..<count).map { .init(offset: from + $0, associatedWith: to + $0) },
      insertions: (0..<count).map { .init(offset: to + $0, associatedWith: from + $0) })
  }
}
