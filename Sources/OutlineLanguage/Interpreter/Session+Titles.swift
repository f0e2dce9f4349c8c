import Diffable

extension Session {
  /// Runs `append --titled TEXT... [to PARENT]`, which adds items by title, opening a
  /// collapsed leaf PARENT on them.
  ///
  /// As a notes app does, each
  /// identifier is its TEXT where that is free in the data source, else the TEXT with the first
  /// free suffix (` (2)`, ` (3)`, …); a suffixed item keeps the TEXT as its title.
  ///
  /// - Complexity: O(*k* log *n*) for *k* texts, plus the append.
  func appendTitled(_ texts: [String], to parent: String?, into outcome: inout Outcome)
    throws(CommandError)
  {
    var allocator = IdentifierAllocator { [self] in isTaken($0) }
    let items = texts.map { allocator.identifier(for: $0) }
    // A notes app shows what it adds: a collapsed leaf PARENT opens in the same apply
    // (`Session+Opening.swift`), where plain `append` keeps Apple's `append(_:to:)`.
    var held = HeldItems()
    let opening = opening(parent, in: outline, held: &held)
    outcome.effect = .edit([.append(items, to: parent)] + (opening.map { [.expand([$0])] } ?? []))
    outcome.transaction = try edit { outline throws(SnapshotError) in
      try outline.append(items, to: parent)
      if let opening { outline.expand([opening]) }
    }
    noteHeld(held, in: &outcome)
    for (item, text) in zip(items, texts) where item != text {
      contents[item] = ItemContent(title: text)
    }
    giveTaskBoxes(to: items)
    // The current item is the first item added, under the identifier it got: a suffixed
    // `TODO (2)`, not the `TODO` whose text it repeats.
    madeItem = items.first
    if let note = allocator.note {
      outcome.note = [note, outcome.note].compactMap { $0 }.joined(separator: "\n")
    }
  }

  /// Runs `insert --titled TEXT... before|after ITEM`: items added by title right before or
  /// after ITEM, each identifier made as `append --titled` makes it.
  ///
  /// - Throws: `unknownItem` for ITEM; nothing changes.
  /// - Complexity: O(*k* log *n*) for *k* texts, plus the insert.
  func insertTitled(
    _ texts: [String], _ placement: Command.Placement, into outcome: inout Outcome
  ) throws(CommandError) {
    var allocator = IdentifierAllocator { [self] in isTaken($0) }
    let items = texts.map { allocator.identifier(for: $0) }
    outcome.effect = .edit([.insert(items, placement)])
    outcome.transaction = try edit { outline throws(SnapshotError) in
      switch placement {
      case .before(let anchor): try outline.insert(items, before: anchor)
      case .after(let anchor): try outline.insert(items, after: anchor)
      }
    }
    for (item, text) in zip(items, texts) where item != text {
      contents[item] = ItemContent(title: text)
    }
    giveTaskBoxes(to: items)
    madeItem = items.first
    outcome.note = allocator.note
  }

  /// `retitle ITEM TEXT`: changes the item's content, not its identity, so the data source
  /// reconfigures the item's cell (`reconfigureItems(_:)`): no row is removed, inserted or moved.
  ///
  /// A title that starts with a task box (`[x] Video`) keeps it as text, with a note that
  /// points to `check`.
  ///
  /// - Throws: `unknownItem`; `refused` when the section's file is Markdown or indented text and
  ///   its item lines cannot hold TEXT (a line break, blanks at either end), which `save` would
  ///   refuse later. Nothing changes.
  /// - Complexity: O(log *n*), and O(*k*) in the title's length.
  func retitle(_ item: String, to title: String, into outcome: inout Outcome)
    throws(CommandError)
  {
    guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
    guard contents.title(of: item) != title else {
      outcome.note = "\(Quoting.word(item)) is already titled \(Quoting.word(title))"
      return
    }
    if let file = sectionFiles[section] {
      let format = file.format ?? OutlineFormat(path: file.path)
      if format == .markdown || format == .text, let problem = Self.lineProblem(title) {
        throw CommandError(
          because: .titleNotInFile(
            item: item, title: title, file: file.path, format: format, problem: problem))
      }
    }
    let oldTitle = contents.title(of: item)
    contents[item].title = title
    // An OPML `title` attribute that said the same follows the text.
    contents[item].retitleAttribute(from: oldTitle, to: title)
    try reconfigureCell(of: item, changed: "title", into: &outcome)
    if let box = ["[ ] ", "[x] ", "[X] "].first(where: { title.hasPrefix($0) }) {
      // A box typed into a title is text; the task state is `check`'s.
      let hint =
        "\(Quoting.word(item))'s title starts with \(Quoting.quote(box)), which is text "
        + "(Markdown writes it escaped): check ITEM or uncheck ITEM marks an item as a task"
      outcome.note = outcome.note.map { $0 + "\n" + hint } ?? hint
    }
  }

  /// What an item's line in a Markdown or text file cannot hold of `title`, in words, or nil:
  /// the reader would not give it back (`SourceLayout.problem(with:)`).
  ///
  /// - Complexity: O(*k*) in the title's length.
  static func lineProblem(_ title: String) -> String? {
    guard SourceLayout.problem(with: title) != nil else { return nil }
    let utf8 = title.utf8
    return utf8.contains(0x0A) || utf8.contains(0x0D)
      ? "a line break" : "blanks at the start or end of a title"
  }

  /// Reconfigures `item`'s cell after its content (`what`: its title, note, attributes) changed.
  ///
  /// `reconfigureItems(_:)` of the flat snapshot, applied. A hidden item has no cell, and a
  /// batch applies later: the note says so and nothing is applied.
  ///
  /// - Complexity: O(log *n*), plus the apply.
  func reconfigureCell(of item: String, changed what: String, into outcome: inout Outcome)
    throws(CommandError)
  {
    // The flat snapshot holds the visible items only, and `reconfigureItems(_:)` takes only
    // those: a hidden item has no cell, so its new content is the app's model alone.
    let snapshot = dataSource.snapshot()
    guard batch != nil || snapshot.indexOfItem(item) != nil else {
      outcome.note =
        "\(Quoting.word(item)) is hidden: its \(what) changed, and no cell is reconfigured "
        + "(reconfigureItems takes visible items only)"
      return
    }
    guard batch == nil else {
      // The data source sees nothing until `apply`: no cell is reconfigured now.
      outcome.note =
        "in the batch: \(Quoting.word(item))'s \(what) changed at once, and no cell is "
        + "reconfigured (apply makes the transaction)"
      return
    }
    try reconfigure([item], of: snapshot, into: &outcome)
  }

  /// Reconfigures the cells of `items`, visible items of `snapshot` (the data source's flat
  /// snapshot), in one apply: `reconfigureItems(_:)`, the outcome's effect.
  ///
  /// - Complexity: that of `reconfigureItems(_:)` and the apply.
  func reconfigure(
    _ items: [String], of snapshot: Snapshot<String, String>, into outcome: inout Outcome
  ) throws(CommandError) {
    var reconfiguring = snapshot
    do {
      try reconfiguring.reconfigureItems(items)
    } catch {
      throw failure(error)
    }
    dataSource.apply(reconfiguring)
    outcome.effect = .reconfigure(items)
  }

  /// Whether `item` is an identifier of any section, hidden or not, or of the open batch's
  /// working copy.
  ///
  /// (The flat snapshot holds the visible items only, so each section snapshot is asked, by
  /// `DataSource.section(containing:)`.)
  ///
  /// - Complexity: O(*s*) for *s* sections.
  func isTaken(_ item: String) -> Bool {
    if let batch, batch.working.contains(item) { return true }
    return dataSource.section(containing: item) != nil
  }
}

/// Makes identifiers from texts (SPEC §3, "Identifier and title"): the text itself where it is
/// free, else the text with the first free suffix ` (2)`, ` (3)`, … — free in the data source
/// and among the identifiers this allocator has already made.
struct IdentifierAllocator {
  /// Whether an identifier is taken outside this allocator.
  let isTaken: (String) -> Bool
  /// The identifiers made so far.
  private var made: Set<String> = []
  /// The next suffix to try for each text that needed one, so that 100,000 items titled "TODO"
  /// cost one probe each, not a scan from 2.
  private var nextSuffix: [String: Int] = [:]
  /// The identifiers that carry a suffix, in the order they were made.
  private(set) var suffixed: [String] = []

  /// Creates an allocator; `isTaken` tells which identifiers the data source holds.
  init(isTaken: @escaping (String) -> Bool) { self.isTaken = isTaken }

  /// Makes room for `count` more identifiers.
  mutating func reserve(_ count: Int) { made.reserveCapacity(made.count + count) }

  /// A free identifier for `text`, from now on taken.
  ///
  /// - Complexity: O(1) lookups on average per text, amortized over the texts.
  mutating func identifier(for text: String) -> String {
    var candidate = text
    if made.contains(candidate) || isTaken(candidate) {
      var suffix = nextSuffix[text] ?? 2
      repeat {
        candidate = "\(text) (\(suffix))"
        suffix += 1
      } while made.contains(candidate) || isTaken(candidate)
      nextSuffix[text] = suffix
      suffixed.append(candidate)
    }
    made.insert(candidate)
    return candidate
  }

  /// `2 identifiers suffixed: "Notes (2)", "TODO (2)"`, nil when none was.
  var note: String? {
    guard !suffixed.isEmpty else { return nil }
    let shown = suffixed.prefix(5).map(Quoting.word).joined(separator: ", ")
    return "\(Session.count(suffixed.count, "identifier")) suffixed, their texts being taken: "
      + shown + (suffixed.count > 5 ? ", …" : "")
  }
}
