extension CommandCatalog {
  /// The types an iOS developer's code names and what a diffable data source replaces
  /// (WWDC19: no `performBatchUpdates`, no `reloadData`): what `help NAME` answers, before any
  /// command whose Apple API merely mentions the name (`append-items` names
  /// `NSDiffableDataSourceSnapshot`, yet `help NSDiffableDataSourceSnapshot` is the whole flat
  /// snapshot, not that one command).
  static let typeAnswers: [FlatAPIAnswer] = [
    FlatAPIAnswer(
      name: "NSDiffableDataSourceSnapshot",
      lines: [
        "NSDiffableDataSourceSnapshot: the flat snapshot (WWDC19): sections of items with no",
        "  hierarchy; dataSource.snapshot() holds every section's visible rows. The flat",
        "  commands (help flat) edit it and apply it, each on its own or gathered by begin …",
        "  apply; the section commands (help sections) are its appendSections, deleteSections",
        "  and moveSection. help NAME for any of its methods (help appendItems).",
      ], see: []),
    FlatAPIAnswer(
      name: "NSDiffableDataSourceSectionSnapshot",
      lines: [
        "NSDiffableDataSourceSectionSnapshot: one section's tree (iOS 14): items with parents",
        "  and expansion. The editing commands (help editing) edit snapshot(for:) and apply it",
        "  to the section at once; the queries (help queries) read it; begin … apply edits a",
        "  copy, and begin --empty a new NSDiffableDataSourceSectionSnapshot(). help NAME for",
        "  any of its methods (help append(_:to:)).",
      ], see: []),
    FlatAPIAnswer(
      name: "CollectionDifference",
      lines: [
        "CollectionDifference: Swift's type of a transaction's difference. rows: lists the",
        "  transaction's (+ an insertion, - a removal, ~ the two associated: a move), each",
        "  section NAME: its section transaction's; --json and --emit-swift give them whole.",
        "  An app replays one with backingStore.applying(difference)",
        "  (examples/reorder-backing-store.outline).",
      ], see: ["last"]),
    FlatAPIAnswer(
      name: "performBatchUpdates(_:completion:)",
      lines: [
        "performBatchUpdates(_:completion:): what a diffable data source replaces: the app",
        "  applies a snapshot, and the data source works out the insertions, removals and moves",
        "  (the transaction's rows:). Several edits as one update: begin, the edits, apply.",
      ], see: ["begin", "apply"]),
    FlatAPIAnswer(
      name: "reloadData()",
      lines: [
        "reloadData(): the collection view's; with a diffable data source, apply --reload-data",
        "  (applySnapshotUsingReloadData, iOS 15) sets the state with no difference animated.",
      ], see: ["apply --reload-data"]),
  ]

  /// The answer of `answers` for `word`: by its name exactly, then by base name (`itemIdentifiers`
  /// is not `itemIdentifiers(inSection:)`'s base when an answer has the name itself), then
  /// ignoring case, then as a call that leaves out defaulted arguments (`apply(_:to:)` is
  /// `apply(_:to:animatingDifferences:completion:)`).
  ///
  /// - Complexity: O(*a*) in the answers.
  static func answer(for word: String, among answers: [FlatAPIAnswer]) -> FlatAPIAnswer? {
    if let exact = answers.first(where: { $0.name == word }) { return exact }
    if let byBase = answers.first(where: { baseName(of: $0.name) == word }) { return byBase }
    let lowered = word.lowercased()
    if let any = answers.first(where: {
      $0.name.lowercased() == lowered || baseName(of: $0.name).lowercased() == lowered
    }) {
      return any
    }
    // The fewest labels left out: `apply(_:)` is `apply(_:animatingDifferences:completion:)`.
    guard let labels = argumentLabels(of: word) else { return nil }
    return answers.filter { answer in
      guard baseName(of: answer.name) == baseName(of: word),
        let full = argumentLabels(of: answer.name)
      else { return false }
      return full.starts(with: labels)
    }.min { argumentLabels(of: $0.name)!.count < argumentLabels(of: $1.name)!.count }
  }
}
