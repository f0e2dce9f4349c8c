import Diffable

/// Draws an `Outcome` for a person: what the `outline` executable prints without `--json`.
///
/// A change prints its handler calls, then its transaction: the flat difference (`rows:`, the
/// visible rows of all sections) and each touched section's difference of `items`:
///
/// ```text
/// shouldCollapseItem(Food) -> true
/// willCollapseItem(Food)
/// rows:
///   - 1 Apple
/// section main: no change to items
/// ```
///
/// `- 1 Apple` is a removal at old offset 1, `+ 3 Kiwi` an insertion at new offset 3, and
/// `~ 2 -> 0 Pear` a move (a removal at 2 associated with an insertion at 0). With `color`,
/// removals are red, insertions green, moves yellow, hidden items and notes dim, `error:` red,
/// `warning:` yellow. A warning (`Outcome.warnings`) is a line of its own on standard error
/// (`warningLines(for:)`), `warning: the text before the list is not kept (lines 1–9, 6 lines)`,
/// never dim.
///
/// A block of more than `summaryLimit` changes prints a summary instead, so that loading a
/// million items prints a few lines, not a million: the count of each kind of change with its
/// first and last (`last --full`, an outcome `inFull`, prints every change):
///
/// ```text
/// rows: 1000 changes  (a summary: "last --full" lists every one)
///   + 1000 inserted: 0 A0 … 999 A999
/// ```
///
/// No line carries a control character of its own: identifiers are quoted with their control
/// characters escaped (`Quoting.word`), and every other text (a message, a `say` line, a
/// `describe` line) is printed through `Quoting.visible`, so an identifier loaded from a file or
/// typed in a script cannot send a terminal escape sequence. The only escapes are the colors'.
public struct TextRenderer: Sendable {
  /// Whether to color with ANSI escapes.
  public var color: Bool

  /// Creates a renderer.
  public init(color: Bool) { self.color = color }

  /// The most changes a block (`rows:` or a section) lists one a line; a block of more prints
  /// a summary, unless the outcome is `inFull`.
  public static let summaryLimit = 50

  /// The warnings `outcome` prints on standard error, in every output mode (SPEC §4): one line
  /// each, `warning: TEXT`.
  ///
  /// - Complexity: O(*w*) in the warnings' length.
  public func warningLines(for outcome: Outcome) -> [String] {
    outcome.warnings.map { paint("warning:", .warning) + " " + Quoting.visible($0) }
  }

  /// The lines `outcome` prints on standard output.
  ///
  /// Its handler calls, note, result and transaction, those it has. Warnings and errors go to
  /// standard error, through `warningLines(for:)` and `errorLine`.
  ///
  /// - Complexity: O(*k*) in the changes and handler calls, O(*n*) for a result of *n* lines.
  public func lines(for outcome: Outcome) -> [String] {
    lines(for: outcome, handlerLines: nil)
  }

  /// `lines(for:)` with each handler call's `description` given in `handlerLines` (one per
  /// call of `outcome.handlers`, in order), so that a caller that also writes them elsewhere
  /// (the playground's step) describes each call once; nil describes them here.
  ///
  /// - Complexity: O(*k*) in the changes and handler calls, O(*n*) for a result of *n* lines.
  package func lines(for outcome: Outcome, handlerLines: [String]?) -> [String] {
    func line(_ index: Int) -> String {
      paint(handlerLines?[index] ?? outcome.handlers[index].description, .handler)
    }
    var lines: [String] = []
    lines.reserveCapacity(outcome.handlers.count + 6)
    // A command of several steps prints each step's handler calls, then its transaction.
    var printed = 0
    for step in outcome.steps {
      // Counts that overrun `handlers` (an outcome built by other code) print what there is.
      let end = min(printed + max(step.handlerCount, 0), outcome.handlers.count)
      for index in printed..<end { lines.append(line(index)) }
      printed = end
      if let lifted = step.lifted {
        lines.append("lift: \(Quoting.word(lifted)) collapses (no handler asked)")
      }
      append(step.transaction, full: outcome.inFull, to: &lines)
    }
    for index in printed..<outcome.handlers.count { lines.append(line(index)) }
    if let note = outcome.note {
      for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(paint(String(line), .dim))
      }
    }
    lines.append(contentsOf: resultLines(for: outcome))
    if let transaction = outcome.transaction, outcome.steps.isEmpty {
      append(transaction, full: outcome.inFull, to: &lines)
    }
    if !outcome.reconfigured.isEmpty {
      lines.append(
        "reconfigured: " + outcome.reconfigured.map(Quoting.word).joined(separator: " ")
          + paint("  (same identifier, new content: no row removed or inserted)", .dim))
    }
    if !outcome.hiddenRetitled.isEmpty {
      lines.append(
        "retitled while hidden: " + outcome.hiddenRetitled.map(Quoting.word).joined(separator: " ")
          + paint("  (no cell to reconfigure: a hidden item has none)", .dim))
    }
    if !outcome.marks.reloadedItems.isEmpty {
      lines.append(
        "reloaded: " + outcome.marks.reloadedItems.map(Quoting.word).joined(separator: " ")
          + paint(
            "  (a new cell for each, from the cell provider: no row removed or inserted)", .dim))
    }
    if !outcome.marks.reloadedSections.isEmpty {
      lines.append(
        "reloaded sections: "
          + outcome.marks.reloadedSections.map(Quoting.word).joined(separator: " ")
          + paint("  (every cell of each made anew)", .dim))
    }
    return lines
  }

  /// The Swift a command stands for (`SwiftCode`), as `--swift` prints it: code in blue,
  /// comments dim.
  public func swiftLines(_ lines: [String]) -> [String] {
    lines.map { line in
      paint(line, line.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") ? .dim : .code)
    }
  }

  /// The commands a failure left unrun on its line (`ScriptOptions.notRun`), in one wording
  /// for every front end: `FILE:LINE: note: 2 commands not run: append C; show`, or without
  /// the location as `errorLine` writes it; at most `notRunShown` commands are named, then
  /// `…`.
  ///
  /// - Complexity: O(*m*) in the named commands' length.
  public func notRunLine(_ commands: [String], at location: SourceLocation?) -> String {
    let named = commands.prefix(Self.notRunShown).map { Quoting.visible($0) }
    let list =
      named.joined(separator: "; ") + (commands.count > Self.notRunShown ? "; …" : "")
    return (location.map { Quoting.visible("\($0): ") } ?? "") + paint("note:", .dim) + " "
      + "\(commands.count) command\(commands.count == 1 ? "" : "s") not run: " + list
  }

  /// How many of the commands a failure left unrun `notRunLine` names.
  public static let notRunShown = 3

  /// `FILE:LINE: error: MESSAGE`, or `error: MESSAGE` without a location.
  public func errorLine(_ error: CommandError, at location: SourceLocation?) -> String {
    (location.map { Quoting.visible("\($0): ") } ?? "") + paint("error:", .error) + " "
      + Quoting.visible(error.message)
  }

  /// The answer of `outcome`'s query, none without one; an empty answer of `note ITEM`,
  /// `attr ITEM` or `rules` says so (`Apple has no note`, `(none)`), in every output mode,
  /// where the JSON result stays an empty list.
  ///
  /// - Complexity: O(*n*) for a result of *n* lines.
  public func resultLines(for outcome: Outcome) -> [String] {
    guard let result = outcome.result else { return [] }
    if case .lines(let lines) = result, lines.isEmpty {
      switch outcome.parsed {
      case .editing(.note(let item, nil))?:
        return [paint("\(Quoting.word(item)) has no note", .dim)]
      case .editing(.attr(let item, nil))?:
        return [paint("\(Quoting.word(item)) has no attributes", .dim)]
      case .rules(.list)?:
        return ["(none)"]
      default: break
      }
    }
    return lines(for: result)
  }

  /// A query's answer.
  func lines(for result: QueryResult) -> [String] {
    switch result {
    case .items(let items):
      return [items.isEmpty ? "(none)" : items.map(Quoting.word).joined(separator: " ")]
    case .number(let number): return [String(number)]
    case .bool(let value): return [value ? "true" : "false"]
    case .item(let item): return [item.map(Quoting.word) ?? "none"]
    case .lines(let lines): return lines.map(Quoting.visible)
    case .text(let text): return [Quoting.visible(text)]
    case .file(let text):
      // Split on the bytes: in a String "\r\n" is one Character, which "\n" does not match. A
      // line's "\r" ending is the terminal's newline; any other control character a file holds
      // is escaped, so that a file loaded from anywhere cannot send a terminal escape.
      var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { line in
          let body = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
          return Quoting.visible(String(decoding: body, as: UTF8.self))
        }
      if lines.last == "" { lines.removeLast() }
      return lines
    case .diff(let diff):
      guard !diff.isEmpty else { return [paint("no change: the outlines are the same", .dim)] }
      var lines: [String] = []
      if let transaction = diff.transaction { append(transaction, full: false, to: &lines) }
      for change in diff.contentChanges {
        lines.append(
          paint("~ ", .move) + Quoting.word(change.item) + paint(": ", .dim)
            + Quoting.visible(change.summary))
      }
      if !diff.reconfigured.isEmpty {
        lines.append(
          "reconfigured: " + diff.reconfigured.map(Quoting.word).joined(separator: " ")
            + paint("  (same identifier, new content: no row removed or inserted)", .dim))
      }
      return lines
    case .tree(let tree):
      guard !tree.isEmpty else { return [paint("(empty)", .dim)] }
      let width = TreeLine.rowWidth(of: tree)
      return tree.map { line in
        let text = line.text(rowWidth: width)
        return line.row == nil ? paint(text, .dim) : Quoting.visible(text)
      }
    }
  }

  /// Appends the transaction's lines to `lines`: `rows:` and one block per section transaction,
  /// each summarised when it has more than `summaryLimit` changes, unless `full`, then the
  /// section's items that changed parent.
  ///
  /// Rows are numbered as `show` and `drag` number them: `rows:` by the row in the section
  /// (`NAME:ROW` when the data source has more than one section), with the flat offset beside
  /// where the two differ (`+ s2:0 X  (flat 2)`); a section's block by the visible row (`·` for
  /// a hidden item), with the offset in `items` beside where they differ (`+ · Apple  (index 1)`).
  private func append(
    _ transaction: Transaction<String, String>, full: Bool, to lines: inout [String]
  ) {
    let initial = transaction.initialSnapshot
    let final = transaction.finalSnapshot
    let oldRows = RowNumbering(initial)
    let newRows = RowNumbering(final)
    append(
      "rows", empty: "none", removals: transaction.removalOffsets,
      insertions: transaction.insertionOffsets,
      old: { (initial.itemIdentifier(at: $0) ?? "?", oldRows.row(atFlatOffset: $0)) },
      new: { (final.itemIdentifier(at: $0) ?? "?", newRows.row(atFlatOffset: $0)) },
      beside: "flat", full: full, to: &lines)
    for section in transaction.sectionTransactions {
      let before = section.initialSnapshot
      let after = section.finalSnapshot
      append(
        "section " + Quoting.word(section.sectionIdentifier), empty: "no change to items",
        removals: section.removalOffsets, insertions: section.insertionOffsets,
        old: { offset in
          let item = before.item(at: offset)
          let row = before.visibleIndex(of: item)
          return (item, (row.map(String.init) ?? "·", row == offset))
        },
        new: { offset in
          let item = after.item(at: offset)
          let row = after.visibleIndex(of: item)
          return (item, (row.map(String.init) ?? "·", row == offset))
        }, beside: "index", full: full, to: &lines)
      appendHierarchy(
        section.hierarchyChanges, in: section.sectionIdentifier, full: full, to: &lines)
    }
  }

  /// Appends `TITLE:` and one line per change (removals, insertions, then moves, each by
  /// offset), or `TITLE: EMPTY`; more than `summaryLimit` changes and not `full`, a summary.
  ///
  /// `old` and `new` give the item at an offset and its row as printed; the offset is printed
  /// beside, after `beside`, where it differs from the row.
  ///
  /// - Complexity: O(*k*), where *k* is the number of changes; the items of a summary's first
  ///   and last changes only are looked up.
  private func append(
    _ title: String, empty: String, removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)], old: (Int) -> (item: String, row: Row),
    new: (Int) -> (item: String, row: Row), beside: String, full: Bool,
    to lines: inout [String]
  ) {
    guard !removals.isEmpty || !insertions.isEmpty else {
      lines.append(title + ": " + empty)
      return
    }
    var moves: [(from: Int, to: Int)] = []
    for insertion in insertions {
      if let from = insertion.associatedWith { moves.append((from, insertion.offset)) }
    }
    let count = removals.count + insertions.count - moves.count
    guard full || count <= Self.summaryLimit else {
      appendSummary(
        title, count: count, removals: removals, insertions: insertions, moves: moves,
        old: { RowLabel(offset: $0, old($0), beside: beside) },
        new: { RowLabel(offset: $0, new($0), beside: beside) }, to: &lines)
      return
    }
    lines.append(title + ":")
    for removal in removals where removal.associatedWith == nil {
      let (item, row) = old(removal.offset)
      lines.append(
        change("- " + row.text, item, Self.beside(beside, row, removal.offset), .removal))
    }
    for insertion in insertions where insertion.associatedWith == nil {
      let (item, row) = new(insertion.offset)
      lines.append(
        change("+ " + row.text, item, Self.beside(beside, row, insertion.offset), .insertion))
    }
    for move in moves {
      let from = old(move.from).row
      let (item, to) = new(move.to)
      let note = from.isOffset && to.isOffset ? "" : "  (\(beside) \(move.from) -> \(move.to))"
      lines.append(change("~ " + from.text + " -> " + to.text, item, note, .move))
    }
  }

  /// `  (KIND OFFSET)` unless `row` is the offset, else nothing.
  static func beside(_ kind: String, _ row: Row, _ offset: Int) -> String {
    row.isOffset ? "" : "  (\(kind) \(offset))"
  }

  /// `  MARK ITEM`, then `note` dim, painted in `style`.
  ///
  /// Built in one string, since a transaction can print many of these. The quoted item holds no
  /// control character, so nothing needs escaping.
  private func change(_ mark: String, _ item: String, _ note: String, _ style: Style) -> String {
    var text = "  "
    if color { text += style.escape }
    text += mark
    text += " "
    text += Quoting.word(item)
    if color { text += Style.reset }
    if !note.isEmpty { text += color ? Style.dim.escape + note + Style.reset : note }
    return text
  }

  /// The ANSI styles the renderer uses.
  enum Style: String {
    case removal = "31"
    case insertion = "32"
    case move = "33"
    case handler = "36"
    case code = "34"
    case dim = "2"
    case error = "1;31"
    case warning = "1;33"

    /// The escape that starts the style.
    var escape: String { "\u{1B}[" + rawValue + "m" }
    /// The escape that ends any style.
    static let reset = "\u{1B}[0m"
  }

  /// `text` in `style`, or as it is without color; its own control characters escaped.
  func paint(_ text: String, _ style: Style) -> String {
    let text = Quoting.visible(text)
    return color ? style.escape + text + Style.reset : text
  }
}
