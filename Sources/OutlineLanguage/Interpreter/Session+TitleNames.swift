import Diffable

/// Items named by the title `show` draws (SPEC §4, "An editor a person keeps"): where a command
/// names an item that exists and no identifier is the word typed, a title that exactly one item
/// of the view has (the section's items, or the focus's descendants, as rows count them) names
/// that item; a title several items share is an `unknownItem` error that lists their rows.
/// Identifiers always win: a word that is an identifier anywhere in the data source is never
/// read as a title.
///
/// ```text
/// outline> load notes.opml          # an item "Finish Calendar" whose identifier differs
/// outline> indent "Finish Calendar"
/// ```
///
/// The common path pays nothing: a command runs as parsed, and only when it fails because an
/// item or parent was not found (`unknownItem`, `unknownParent`; or `expect error` sees such a
/// failure) is its text read again with titles, as rows are (`Session+Rows.swift`). The failed
/// run changed nothing (the session puts everything back after a failure), so the command then
/// runs again on the same state, holding identifiers, as `log` and every printer record it.
extension Session {
  /// Whether `outcome` failed (or its `expect error` saw a failure) because an item or parent
  /// it named was not found: the failure a title could mend.
  static func missedAnItem(_ outcome: Outcome) -> Bool {
    guard let code = outcome.error?.code ?? outcome.expectedFailure?.error.code else {
      return false
    }
    return code == .unknownItem || code == .unknownParent
  }

  /// `parsed` read again with its words that are no identifier read as titles, and run; nil
  /// when no word named an item by its title (the first outcome stands), or when an `expect
  /// error` met a title several items share (its command fails either way).
  ///
  /// - Returns: The outcome of the command with identifiers; an `unknownItem` outcome that
  ///   lists the rows of the items when a title names several.
  /// - Complexity: O(*t* log *n*) per word looked up, for *t* items that have a title of
  ///   their own, plus a second parse and run.
  func runNamingByTitle(_ parsed: ParsedCommand) -> Outcome? {
    var renamed = false
    var ambiguous: (title: String, items: [String])?
    let reread = CommandParser.parse(
      line: parsed.source, resolver: { [unowned self] in resolve($0) },
      titles: { [unowned self] word in
        guard !isIdentifier(word) else { return nil }
        let items = self.items(titled: word)
        if items.count == 1 {
          renamed = true
          return items[0]
        }
        if items.count > 1, ambiguous == nil { ambiguous = (word, items) }
        return nil
      })
    guard reread.count == 1, reread[0].rowFailure == nil else { return nil }
    if let ambiguous {
      if parsed.command?.isExpectation ?? false { return nil }
      var outcome = Outcome(command: parsed.source)
      outcome.error = CommandError(
        because: .ambiguousTitle(ambiguous.title, items: ambiguous.items.map { ($0, row(of: $0)) }))
      return outcome
    }
    guard renamed else { return nil }
    return run(
      reread[0].result, source: parsed.source, namedRows: true, firstItem: reread[0].firstItem)
  }

  /// Whether `word` is an identifier in the outline the commands see (the batch's working copy
  /// while a batch is open) or in another section.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  func isIdentifier(_ word: String) -> Bool {
    outline.contains(word) || (dataSource.section(containing: word).map { $0 != section } ?? false)
  }

  /// The items of the view whose own title is `title`, in the outline's order.
  ///
  /// - Complexity: O(*t* log *n*) for *t* items with a title of their own, in a section of *n*
  ///   items.
  func items(titled title: String) -> [String] {
    let outline = outline
    let inFocus = focus.flatMap { outline.descendantRanges(of: $0)?.items }
    var found: [(index: Int, item: String)] = []
    for (item, content) in contents.items where content.title == title {
      guard let index = outline.index(of: item) else { continue }
      if focus != nil, !(inFocus?.contains(index) ?? false) { continue }
      found.append((index, item))
    }
    return found.sorted { $0.index < $1.index }.map(\.item)
  }

  /// The view's row of `item`, as `show` numbers it; nil when hidden.
  ///
  /// - Complexity: O(log *n*).
  func row(of item: String) -> Int? {
    outline.visibleIndex(of: item).map { $0 - viewRows.lowerBound }
  }
}
