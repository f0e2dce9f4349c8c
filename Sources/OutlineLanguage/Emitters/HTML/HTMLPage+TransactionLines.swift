import Diffable

extension HTMLPage {
  /// How many changes of one difference the page's transaction panel lists; the step's JSON
  /// carries those and the number of the others, which the panel counts (`… and 60 more`).
  static let listedChanges = 40

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

  /// One side of a difference, read at a list of offsets: each offset's item and row.
  protocol PanelRows {
    /// Calls `body` with each offset's index in `offsets`, its item and its row, in order.
    func forEachRow(at offsets: [Int], _ body: (Int, String, PanelRow) -> Void)
  }

  /// One side of a transaction's flat difference: rows numbered in their sections, the items
  /// of each run of neighbouring offsets read from one descent (`Snapshot.forEachItem(at:)`).
  ///
  /// The sections are numbered (`TextRenderer.RowNumbering`) only when rows are read, and only
  /// when there is more than one: a single section's rows are their flat offsets.
  struct FlatPanelRows: PanelRows {
    var snapshot: Snapshot<String, String>

    init(_ snapshot: Snapshot<String, String>) {
      self.snapshot = snapshot
    }

    /// - Complexity: O(*k* + *r* (*s* + log *n*) + *s*), where *k* is the number of offsets, *r*
    ///   the number of runs of neighbouring ones among them, *n* the number of rows and *s* the
    ///   number of sections.
    func forEachRow(at offsets: [Int], _ body: (Int, String, PanelRow) -> Void) {
      let numbering =
        snapshot.numberOfSections > 1 ? TextRenderer.RowNumbering(snapshot) : nil
      Self.forEachRow(of: snapshot, numbering, at: offsets, body)
    }

    /// `forEachRow(at:_:)` with the snapshot and its numbering passed, not captured: a closure
    /// that captured `self` would copy it for each row.
    ///
    /// Without a numbering each row is its offset.
    static func forEachRow(
      of snapshot: Snapshot<String, String>, _ numbering: TextRenderer.RowNumbering?,
      at offsets: [Int], _ body: (Int, String, PanelRow) -> Void
    ) {
      HTMLPage.forEachItem(of: snapshot, at: offsets) { index, item in
        let offset = offsets[index]
        guard let numbering else {
          body(index, item, PanelRow(section: nil, row: offset, isOffset: true))
          return
        }
        let place = numbering.place(atFlatOffset: offset)
        body(
          index, item,
          PanelRow(section: place.section, row: place.row, isOffset: place.row == offset))
      }
    }
  }

  /// One side of a section transaction's difference of items: each offset's visible row.
  struct SectionPanelRows: PanelRows {
    var snapshot: SectionSnapshot<String>

    /// - Complexity: O(*k* log *n*), where *k* is the number of offsets and *n* the number of
    ///   items.
    func forEachRow(at offsets: [Int], _ body: (Int, String, PanelRow) -> Void) {
      for index in offsets.indices {
        let offset = offsets[index]
        let (item, row) = snapshot.visibleRow(at: offset)
        body(index, item, PanelRow(section: nil, row: row, isOffset: row == offset))
      }
    }
  }

  /// Calls `body` with each change of the transaction's flat difference, in the panel's order.
  ///
  /// The items of each run of neighbouring offsets are read together
  /// (`Snapshot.forEachItem(at:)`): a collapse's or an expansion's rows are one descent of the
  /// tree, not one each.
  ///
  /// - Complexity: O(*k* + *r* (*s* + log *n*) + *s*), where *k* is the number of changes, *r*
  ///   the number of runs of neighbouring offsets among them, *n* the number of rows and *s*
  ///   the number of sections.
  @discardableResult
  static func forEachFlatChange(
    of transaction: Transaction<String, String>, limit: Int = .max,
    _ body: (PanelChange) -> Void
  ) -> Int {
    forEachChange(
      removals: transaction.removalOffsets, insertions: transaction.insertionOffsets,
      old: FlatPanelRows(transaction.initialSnapshot),
      new: FlatPanelRows(transaction.finalSnapshot), limit: limit, body)
  }

  /// The items at `offsets` of `snapshot.itemIdentifiers`, each run of neighbouring offsets read
  /// from one descent (`Snapshot.forEachItem(at:)`); `?` for an offset out of range.
  ///
  /// - Complexity: O(*k* + *r* (*s* + log *n*)), where *k* is the number of offsets and *r* the
  ///   number of runs of neighbouring ones among them.
  static func items(of snapshot: Snapshot<String, String>, at offsets: [Int]) -> [String] {
    var found: [String] = []
    found.reserveCapacity(offsets.count)
    forEachItem(of: snapshot, at: offsets) { found.append($1) }
    return found
  }

  /// Calls `body` with the index in `offsets` and the item of each of them, in order, each run
  /// of neighbouring offsets read from one descent (`Snapshot.forEachItem(at:)`); `?` for an
  /// offset out of range.
  ///
  /// - Complexity: O(*k* + *r* (*s* + log *n*)), where *k* is the number of offsets and *r* the
  ///   number of runs of neighbouring ones among them.
  static func forEachItem(
    of snapshot: Snapshot<String, String>, at offsets: [Int], _ body: (Int, String) -> Void
  ) {
    var start = 0
    while start < offsets.count {
      guard offsets[start] >= 0 else {
        body(start, "?")
        start += 1
        continue
      }
      var end = start + 1
      while end < offsets.count && offsets[end] == offsets[end - 1] + 1 { end += 1 }
      var next = start
      snapshot.forEachItem(at: offsets[start]..<(offsets[start] + end - start)) {
        body(next, $0)
        next += 1
      }
      while next < end {
        body(next, "?")
        next += 1
      }
      start = end
    }
  }

  /// Calls `body` with each change of a section transaction's difference of items, in the
  /// panel's order.
  ///
  /// - Complexity: O(*k* log *n*), where *k* is the number of changes and *n* the number of
  ///   items.
  @discardableResult
  static func forEachChange(
    of section: SectionTransaction<String, String>, limit: Int = .max,
    _ body: (PanelChange) -> Void
  ) -> Int {
    forEachChange(
      removals: section.removalOffsets, insertions: section.insertionOffsets,
      old: SectionPanelRows(snapshot: section.initialSnapshot),
      new: SectionPanelRows(snapshot: section.finalSnapshot), limit: limit, body)
  }

  /// The changes of one difference: removals and insertions that are not moves, each by
  /// ascending offset, then moves by their new offset.
  ///
  /// `old` and `new` read the items and rows at a list of offsets of each side (ascending, but
  /// for the offsets moves left), one answer per offset, in order; each change is handed to
  /// `body` as it is read, with no list of rows built but the rows that moves left. Only the
  /// first `limit` changes are read and handed on; the result is the number of the others.
  ///
  /// - Complexity: O(*k* log *k*) and the reads of min(*k*, `limit`) offsets, where *k* is the
  ///   number of changes.
  static func forEachChange(
    removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)],
    old: some PanelRows, new: some PanelRows, limit: Int = .max,
    _ body: (PanelChange) -> Void
  ) -> Int {
    // Each list in one pass, sorted only when it is not in order already (a difference's
    // offsets ascend).
    var removed: [Int] = []
    removed.reserveCapacity(removals.count)
    for removal in removals where removal.associatedWith == nil { removed.append(removal.offset) }
    if !isAscending(removed) { removed.sort() }
    var left = max(limit, 0)
    var unlisted = 0
    // Keeps the first `left` of `offsets`, counting the others as unlisted.
    func listing(_ offsets: inout [Int]) {
      if offsets.count > left {
        unlisted += offsets.count - left
        offsets.removeLast(offsets.count - left)
      }
      left -= offsets.count
    }
    listing(&removed)
    if !removed.isEmpty {
      old.forEachRow(at: removed) { index, item, row in
        body(PanelChange(mark: .removed, item: item, row: row, offset: removed[index]))
      }
    }
    let sortedInsertions =
      isAscending(insertions, by: \.offset)
      ? insertions : insertions.sorted { $0.offset < $1.offset }
    var inserted: [Int] = []
    inserted.reserveCapacity(sortedInsertions.count)
    var moveFroms: [Int] = []
    var moveTos: [Int] = []
    for insertion in sortedInsertions {
      if let from = insertion.associatedWith {
        moveFroms.append(from)
        moveTos.append(insertion.offset)
      } else {
        inserted.append(insertion.offset)
      }
    }
    listing(&inserted)
    if !inserted.isEmpty {
      new.forEachRow(at: inserted) { index, item, row in
        body(PanelChange(mark: .inserted, item: item, row: row, offset: inserted[index]))
      }
    }
    listing(&moveTos)
    guard !moveTos.isEmpty else { return unlisted }
    moveFroms.removeLast(moveFroms.count - moveTos.count)
    var froms: [PanelRow] = []
    froms.reserveCapacity(moveFroms.count)
    old.forEachRow(at: moveFroms) { _, _, row in froms.append(row) }
    new.forEachRow(at: moveTos) { index, item, row in
      body(
        PanelChange(
          mark: .moved, item: item, from: froms[index], row: row,
          fromOffset: moveFroms[index], offset: moveTos[index]))
    }
    return unlisted
  }

  /// Whether `offsets` ascend (ties allowed: what `sort()` leaves as it is).
  ///
  /// - Complexity: O(*k*) in the offsets.
  static func isAscending(_ offsets: [Int]) -> Bool {
    isAscending(offsets, by: \.self)
  }

  /// Whether `elements` ascend by `key` (ties allowed).
  ///
  /// - Complexity: O(*k*) in the elements.
  static func isAscending<Element>(_ elements: [Element], by key: (Element) -> Int) -> Bool {
    var index = 1
    while index < elements.count {
      if key(elements[index]) < key(elements[index - 1]) { return false }
      index += 1
    }
    return true
  }
}
