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

    /// The line of `change`, whose offsets are named `beside` (`flat`, `index`).
    init(_ change: PanelChange, beside: String) {
      mark = change.mark.rawValue
      row = (change.from.map { $0.text + " -> " } ?? "") + change.row.text
      item = change.item
      if let from = change.from, let fromOffset = change.fromOffset {
        note =
          from.isOffset && change.row.isOffset ? "" : "\(beside) \(fromOffset) -> \(change.offset)"
      } else {
        note = change.row.isOffset ? "" : "\(beside) \(change.offset)"
      }
    }

    init(mark: String, row: String, item: String, note: String) {
      self.mark = mark
      self.row = row
      self.item = item
      self.note = note
    }
  }

  /// A row of the panel as numbers, before it is written (`ChangeLine`, or the page's JSON).
  struct PanelRow {
    /// The section written before the row (`NAME:ROW`), nil for the row alone.
    var section: String?
    /// The row; nil for a hidden item, written `·`.
    var row: Int?
    /// Whether the row is the offset the difference carries (then it is not written beside).
    var isOffset: Bool

    /// The row as the panel writes it: `3`, `s2:3` or `·`.
    var text: String {
      guard let row else { return "·" }
      return (section.map { Quoting.word($0) + ":" } ?? "") + String(row)
    }
  }

  /// One change of a difference as numbers: what a `ChangeLine` says, before it is written.
  struct PanelChange {
    /// What happened to the row.
    enum Mark: String {
      case removed = "-"
      case inserted = "+"
      case moved = "~"
    }

    /// What happened to the row.
    var mark: Mark
    /// The item.
    var item: String
    /// For a move, the row it left.
    var from: PanelRow?
    /// The row: before the change for a removal, after it otherwise.
    var row: PanelRow
    /// For a move, the offset it left.
    var fromOffset: Int?
    /// The offset the difference carries: before the change for a removal, after it otherwise.
    var offset: Int
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
    var rows: [ChangeLine] = []
    forEachFlatChange(of: transaction) { rows.append(ChangeLine($0, beside: "flat")) }
    let sections = transaction.sectionTransactions.map { section in
      var lines: [ChangeLine] = []
      forEachChange(of: section) { lines.append(ChangeLine($0, beside: "index")) }
      return (section.sectionIdentifier, lines)
    }
    return TransactionLines(rows: rows, sections: sections)
  }

  /// Calls `body` with each change of the transaction's flat difference, in the panel's order.
  ///
  /// - Complexity: O(*k* (*s* + log *n*) + *s*), where *k* is the number of changes, *n* the
  ///   number of rows and *s* the number of sections.
  static func forEachFlatChange(
    of transaction: Transaction<String, String>, _ body: (PanelChange) -> Void
  ) {
    let initial = transaction.initialSnapshot
    let final = transaction.finalSnapshot
    let oldRows = TextRenderer.RowNumbering(initial)
    let newRows = TextRenderer.RowNumbering(final)
    func row(_ numbering: TextRenderer.RowNumbering, _ offset: Int) -> PanelRow {
      let place = numbering.place(atFlatOffset: offset)
      return PanelRow(section: place.section, row: place.row, isOffset: place.row == offset)
    }
    forEachChange(
      removals: transaction.removalOffsets, insertions: transaction.insertionOffsets,
      old: { (initial.itemIdentifier(at: $0) ?? "?", row(oldRows, $0)) },
      new: { (final.itemIdentifier(at: $0) ?? "?", row(newRows, $0)) }, body)
  }

  /// Calls `body` with each change of a section transaction's difference of items, in the
  /// panel's order.
  ///
  /// - Complexity: O(*k* log *n*), where *k* is the number of changes and *n* the number of
  ///   items.
  static func forEachChange(
    of section: SectionTransaction<String, String>, _ body: (PanelChange) -> Void
  ) {
    let before = section.initialSnapshot
    let after = section.finalSnapshot
    func row(_ snapshot: SectionSnapshot<String>, _ offset: Int) -> (String, PanelRow) {
      let (item, row) = snapshot.visibleRow(at: offset)
      return (item, PanelRow(section: nil, row: row, isOffset: row == offset))
    }
    forEachChange(
      removals: section.removalOffsets, insertions: section.insertionOffsets,
      old: { row(before, $0) }, new: { row(after, $0) }, body)
  }

  /// The changes of one difference: removals and insertions that are not moves, each by
  /// ascending offset, then moves by their new offset.
  ///
  /// - Complexity: O(*k* log *k*) and *k* calls of `old` or `new`, where *k* is the number of
  ///   changes.
  static func forEachChange(
    removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)],
    old: (Int) -> (item: String, row: PanelRow),
    new: (Int) -> (item: String, row: PanelRow), _ body: (PanelChange) -> Void
  ) {
    for removal in removals.sorted(by: { $0.offset < $1.offset })
    where removal.associatedWith == nil {
      let (item, row) = old(removal.offset)
      body(PanelChange(mark: .removed, item: item, row: row, offset: removal.offset))
    }
    let sortedInsertions = insertions.sorted { $0.offset < $1.offset }
    for insertion in sortedInsertions where insertion.associatedWith == nil {
      let (item, row) = new(insertion.offset)
      body(PanelChange(mark: .inserted, item: item, row: row, offset: insertion.offset))
    }
    for insertion in sortedInsertions {
      guard let from = insertion.associatedWith else { continue }
      let fromRow = old(from).row
      let (item, to) = new(insertion.offset)
      body(
        PanelChange(
          mark: .moved, item: item, from: fromRow, row: to, fromOffset: from,
          offset: insertion.offset))
    }
  }
}
