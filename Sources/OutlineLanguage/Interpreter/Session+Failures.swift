import Diffable

extension Session {
  /// The command error for a library error, with what the session knows and the library does
  /// not.
  ///
  /// Its code and Apple's message, and a hint after them. The one place every command's item
  /// errors go through:
  ///
  /// - An unknown `..` says that it means the level above only in `focus ..`, and what to type.
  /// - An unknown item or parent that another section holds says which (`Apple is in section
  ///   s2`); any other gets up to three "did you mean" suggestions among the outline's
  ///   identifiers, by edit distance, then by prefix (`suggestionBudget` bounds the search).
  /// - A duplicate identifier says which section holds it (`Apple is already in section main`),
  ///   or that the command names it twice (always, for the flat snapshot's own uniqueness error,
  ///   which is about the call's identifiers).
  /// - An unknown section gets up to three "did you mean" suggestions among the sections.
  ///
  /// ```swift
  /// session.failure(.deleteItemNotFound("Fod")).message
  /// // Failed to find index of item Fod in section snapshot (did you mean "Food"?)
  /// session.failure(.duplicateItems(["Apple"])).message   // in section s2
  /// // Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple
  /// // (Apple is already in section main)
  /// ```
  ///
  /// - Complexity: O(*s* + `suggestionBudget` · *m*) for an unknown item, where *s* is the
  ///   number of sections and *m* the length of the identifier; O(*s* + log *n*) for a duplicate;
  ///   O(min(*s*, `suggestionBudget`) · *m*) for an unknown section.
  func failure(_ error: SnapshotError) -> CommandError {
    var failure = CommandError(error)
    guard let item = error.identifiers.first else { return failure }
    switch failure.code {
    case .unknownItem, .unknownParent:
      if item == "..", !outline.contains(item) {
        // `..` is the level above in `focus ..` alone; an item it names is typed otherwise.
        failure.message +=
          " (\"..\" means the level above only in \"focus ..\": name the item, or its row "
          + "@N; in a focus, \"paste into\" with no item pastes into the focused item)"
      } else if let holder = dataSource.section(containing: item), holder != section {
        failure.message += " (\(Quoting.word(item)) is in section \(Quoting.word(holder)))"
      } else if let titled = identifier(titled: item) {
        // A retitled item, or one a load over the outline matched, answers to its old name.
        failure.message +=
          _EditDistance.hint([titled]).dropLast()
          + " its title is \(Quoting.word(item)))"
      } else {
        failure.message += _EditDistance.hint(
          _EditDistance.suggestions(for: item, among: suggestionCandidates()))
      }
    case .unknownSection:
      let sections = dataSource.snapshot().sectionIdentifiers.prefix(suggestionBudget)
      failure.message += _EditDistance.hint(_EditDistance.suggestions(for: item, among: sections))
    case .duplicateItem:
      if case .itemsNotUnique = error {
        failure.message += " (\(Quoting.word(item)) is named twice)"
      } else if let holder = holder(of: item) {
        failure.message += " (\(Quoting.word(item)) is already in section \(Quoting.word(holder)))"
      } else {
        failure.message += " (\(Quoting.word(item)) is named twice)"
      }
    default:
      break
    }
    return failure
  }

  /// The section that holds `item` as the current command sees it: the current one when its
  /// outline (the batch's working copy in a batch) holds it, else another that holds it.
  ///
  /// - Complexity: O(*s* + log *n*).
  func holder(of item: String) -> String? {
    if outline.contains(item) { return section }
    guard let holder = dataSource.section(containing: item), holder != section else { return nil }
    return holder
  }

  /// The first item of the current outline whose title is `title` and whose identifier is not,
  /// among the first `suggestionBudget` items: commands name items by identifier, and after a
  /// `retitle` (or a `load` that matched an item to a new line) the title is what a person
  /// reads and types.
  ///
  /// - Complexity: O(min(*n*, `suggestionBudget`)), and O(1) when no item has a title of its
  ///   own.
  func identifier(titled title: String) -> String? {
    guard !contents.items.isEmpty else { return nil }
    var found: String?
    var seen = 0
    outline.forEachRow { row in
      seen += 1
      if contents.items[row.item]?.title == title { found = row.item }
      return found == nil && seen < suggestionBudget
    }
    return found
  }

  /// The identifiers "did you mean" looks among: the current outline's in order, then the other
  /// sections', at most `suggestionBudget` in all.
  ///
  /// - Complexity: O(min(*n*, `suggestionBudget`) + *s*).
  func suggestionCandidates() -> [String] {
    var candidates: [String] = []
    func take(_ snapshot: SectionSnapshot<String>) {
      guard candidates.count < suggestionBudget else { return }
      snapshot.forEachRow { row in
        candidates.append(row.item)
        return candidates.count < suggestionBudget
      }
    }
    take(outline)
    for other in dataSource.snapshot().sectionIdentifiers where other != section {
      take(dataSource.snapshot(for: other))
    }
    return candidates
  }
}
