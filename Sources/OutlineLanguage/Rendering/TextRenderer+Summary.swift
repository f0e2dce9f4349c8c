extension TextRenderer {
  /// Appends the summary of a block of more than `summaryLimit` changes: `TITLE: N changes`,
  /// then for each kind of change its count, its first change and its last.
  ///
  /// ```text
  /// rows: 1002 changes  (a summary: "last --full" lists every one)
  ///   - 1 removed: 4 Old
  ///   + 1000 inserted: 0 A0 … 999 A999
  ///   ~ 1 moved: 7 -> 2 Pear
  /// ```
  ///
  /// Removals and insertions come in offset order, so the first and last are the lowest and
  /// highest rows (or offsets in `items`) the kind touched; moves in the order of their
  /// insertions.
  ///
  /// - Parameters:
  ///   - title: `rows` or `section NAME`.
  ///   - count: The number of changes, each move counted once.
  ///   - removals: The removals, moves' removals included.
  ///   - insertions: The insertions, moves' insertions included.
  ///   - moves: Each move's old and new offset.
  ///   - old: The item at an old offset.
  ///   - new: The item at a new offset.
  ///   - lines: Where the lines go.
  /// - Complexity: O(*k*), where *k* is the number of changes; `old` and `new` are called at
  ///   most six times.
  func appendSummary(
    _ title: String, count: Int, removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)], moves: [(from: Int, to: Int)],
    old: (Int) -> RowLabel, new: (Int) -> RowLabel, to lines: inout [String]
  ) {
    lines.append(
      title + ": \(count) changes" + paint("  (a summary: \"last --full\" lists every one)", .dim))
    let removed = removals.filter { $0.associatedWith == nil }.map(\.offset)
    let inserted = insertions.filter { $0.associatedWith == nil }.map(\.offset)
    summarize("- ", "removed", removed, item: old, .removal, to: &lines)
    summarize("+ ", "inserted", inserted, item: new, .insertion, to: &lines)
    guard let first = moves.first, let last = moves.last else { return }
    var text = "~ \(moves.count) moved: " + moved(first, old: old, new: new)
    if moves.count > 1 { text += " … " + moved(last, old: old, new: new) }
    lines.append("  " + paint(text, .move))
  }

  /// `OLD -> NEW ITEM`: a move's old row (its offset beside where it differs) and its new row
  /// and item.
  private func moved(
    _ move: (from: Int, to: Int), old: (Int) -> RowLabel, new: (Int) -> RowLabel
  ) -> String {
    old(move.from).row + " -> " + new(move.to).text
  }

  /// `  MARK COUNT KIND: FIRST … LAST`, each end a row and its item (and its offset where it
  /// differs), painted in `style`; nothing when `offsets` is empty.
  private func summarize(
    _ mark: String, _ kind: String, _ offsets: [Int], item: (Int) -> RowLabel, _ style: Style,
    to lines: inout [String]
  ) {
    guard let first = offsets.first, let last = offsets.last else { return }
    var text = mark + "\(offsets.count) \(kind): " + item(first).text
    if offsets.count > 1 { text += " … " + item(last).text }
    lines.append("  " + paint(text, style))
  }
}
