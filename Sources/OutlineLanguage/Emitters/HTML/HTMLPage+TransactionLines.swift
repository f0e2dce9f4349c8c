import Diffable

extension HTMLPage {
  /// One change of a transaction as the page's transaction panel lists it, numbered as the
  /// text output numbers it (`TextRenderer`): removals, then insertions, each in ascending
  /// order, then moves.
  ///
  /// In the flat difference a row is its row in its section (`NAME:ROW` when the data source
  /// has more than one section), with the flat offset beside where the two differ; in a
  /// section's difference of items it is the visible row (`·` for a hidden item), with the
  /// offset in `items` beside where they differ.
  ///
  /// ```swift
  /// // Sections recents (4 rows) and outline; `append Fruit` in outline:
  /// // ChangeLine(mark: "+", row: "outline:3", item: "Fruit", note: "flat 7")
  /// ```
  struct ChangeLine: Equatable {
    /// `-` removed, `+` inserted, `~` moved.
    var mark: String
    /// The row, or for a move `OLD -> NEW`.
    var row: String
    /// The item.
    var item: String
    /// The offset beside (`flat 7`, `index 2`, `flat 2 -> 6`), empty where it is the row.
    var note: String
  }

  /// A transaction's changes as the panel lists them: the flat difference and each section's.
  struct TransactionLines: Equatable {
    /// The flat difference: the visible rows of every section.
    var rows: [ChangeLine]
    /// Each section transaction's difference of items.
    var sections: [(section: String, lines: [ChangeLine])]

    static func == (lhs: TransactionLines, rhs: TransactionLines) -> Bool {
      lhs.rows == rhs.rows && lhs.sections.elementsEqual(rhs.sections) { $0 == $1 }
    }
  }

  /// The panel's lines of `transaction`.
  ///
  /// - Complexity: O(*k* log *n* + *s*), where *k* is the number of changes, *n* the number of
  ///   items of a section and *s* the number of sections.
  static func lines(of transaction: Transaction<String, String>) -> TransactionLines {
    let initial = transaction.initialSnapshot
    let final = transaction.finalSnapshot
    let oldRows = TextRenderer.RowNumbering(initial)
    let newRows = TextRenderer.RowNumbering(final)
    let rows = lines(
      removals: transaction.removalOffsets, insertions: transaction.insertionOffsets,
      old: { (initial.itemIdentifier(at: $0) ?? "?", oldRows.row(atFlatOffset: $0)) },
      new: { (final.itemIdentifier(at: $0) ?? "?", newRows.row(atFlatOffset: $0)) },
      beside: "flat")
    let sections = transaction.sectionTransactions.map { section in
      let before = section.initialSnapshot
      let after = section.finalSnapshot
      func row(_ snapshot: SectionSnapshot<String>, _ offset: Int) -> (String, TextRenderer.Row) {
        let item = snapshot.item(at: offset)
        let row = snapshot.visibleIndex(of: item)
        return (item, (row.map(String.init) ?? "·", row == offset))
      }
      return (
        section.sectionIdentifier,
        lines(
          removals: section.removalOffsets, insertions: section.insertionOffsets,
          old: { row(before, $0) }, new: { row(after, $0) }, beside: "index")
      )
    }
    return TransactionLines(rows: rows, sections: sections)
  }

  /// The lines of one difference: removals and insertions that are not moves, each by
  /// ascending offset, then moves by their new offset.
  static func lines(
    removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)],
    old: (Int) -> (item: String, row: TextRenderer.Row),
    new: (Int) -> (item: String, row: TextRenderer.Row), beside: String
  ) -> [ChangeLine] {
    var lines: [ChangeLine] = []
    func note(_ row: TextRenderer.Row, _ offset: Int) -> String {
      row.isOffset ? "" : "\(beside) \(offset)"
    }
    for removal in removals.sorted(by: { $0.offset < $1.offset })
    where removal.associatedWith == nil {
      let (item, row) = old(removal.offset)
      lines.append(
        ChangeLine(mark: "-", row: row.text, item: item, note: note(row, removal.offset)))
    }
    let sortedInsertions = insertions.sorted { $0.offset < $1.offset }
    for insertion in sortedInsertions where insertion.associatedWith == nil {
      let (item, row) = new(insertion.offset)
      lines.append(
        ChangeLine(mark: "+", row: row.text, item: item, note: note(row, insertion.offset)))
    }
    for insertion in sortedInsertions {
      guard let from = insertion.associatedWith else { continue }
      let fromRow = old(from).row
      let (item, to) = new(insertion.offset)
      let note = fromRow.isOffset && to.isOffset ? "" : "\(beside) \(from) -> \(insertion.offset)"
      lines.append(
        ChangeLine(mark: "~", row: fromRow.text + " -> " + to.text, item: item, note: note))
    }
    return lines
  }
}
