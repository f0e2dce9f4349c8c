extension SectionSnapshot {
  /// Where `item`'s descendants are: their offsets in `items` and the visible rows among them.
  ///
  /// No Apple counterpart: an app reads `snapshot(of:)`, which copies the subtree. An outliner
  /// that narrows its view to one item (a focus, or hoist) numbers the item's visible
  /// descendants from 0 with this: row *r* of the view is `visibleItem(at: rows.lowerBound + r)`.
  ///
  /// ```swift
  /// // Food (expanded): Apple, Pear; Drinks
  /// snapshot.descendantRanges(of: "Food")  // (items: 1..<3, rows: 1..<3)
  /// ```
  ///
  /// The rows are those of the whole snapshot: none when `item` is collapsed or hidden.
  ///
  /// - Returns: The two ranges, nil when `item` is absent.
  /// - Complexity: O(log *n*).
  @inlinable package func descendantRanges(of item: Item) -> (items: Range<Int>, rows: Range<Int>)?
  {
    guard let found = _locate(item) else { return nil }
    let end = _subtreeEnd(ofRank: found.rank, level: found.entry.level)
    let first = _tree.visibleCount(before: found.rank + 1)
    let last = _tree.visibleCount(before: end)
    return (found.rank + 1..<end, first..<last)
  }
}
