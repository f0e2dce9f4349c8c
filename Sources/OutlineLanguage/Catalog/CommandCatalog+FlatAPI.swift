extension CommandCatalog {
  /// An Apple name of the flat API (`NSDiffableDataSourceSnapshot` and the data source's
  /// `snapshot()` and `apply`) that no catalog entry names: what `help NAME` answers, saying
  /// which command or query does it, or that `outline` has none and what to use.
  struct FlatAPIAnswer: Sendable {
    /// The name with its argument labels (`itemIdentifiers(inSection:)`); `help` also takes
    /// its base name (`itemIdentifiers`) when no other answer has that base.
    var name: String
    /// The answer's lines.
    var lines: [String]
    /// The entries whose lines follow the answer (`apply`).
    var see: [String]
  }

  /// The flat API's names that no entry's Apple API names, in Apple's documentation order.
  static let flatAPIAnswers: [FlatAPIAnswer] = [
    FlatAPIAnswer(
      name: "snapshot()",
      lines: [
        "snapshot(): dataSource.snapshot(), the flat snapshot of every section's visible rows;",
        "  the flat commands (help flat) edit it and apply it. To read it: sections, then",
        "  visible in each section (section use NAME).",
      ], see: []),
    FlatAPIAnswer(
      name: "apply(_:animatingDifferences:completion:)",
      lines: [
        "apply(_:animatingDifferences:completion:): apply (a batch), and each flat command on",
        "  its own; outline has no completion handler: the next command runs after the apply.",
      ], see: ["apply"]),
    FlatAPIAnswer(
      name: "deleteAllItems()",
      lines: [
        "deleteAllItems(): outline has no command for it (it deletes every section too, and a",
        "  session always has one). To rebuild a section from nothing: begin --empty, the",
        "  append-items of what it holds, then apply; delete-items ITEM... deletes some items.",
      ], see: []),
    FlatAPIAnswer(
      name: "insertSections(_:beforeSection:)",
      lines: [
        "insertSections(_:beforeSection:): outline has no command for it: section add NAME",
        "  appends the section, then section move NAME before OTHER puts it in place.",
      ], see: ["section add", "section move"]),
    FlatAPIAnswer(
      name: "insertSections(_:afterSection:)",
      lines: [
        "insertSections(_:afterSection:): outline has no command for it: section add NAME",
        "  appends the section, then section move NAME after OTHER puts it in place.",
      ], see: ["section add", "section move"]),
    FlatAPIAnswer(
      name: "itemIdentifiers",
      lines: [
        "itemIdentifiers: outline has no query for the whole flat snapshot; visible lists the",
        "  current section's rows (itemIdentifiers(inSection:)): run it in each section, in the",
        "  order sections lists them.",
      ], see: ["visible", "sections"]),
    FlatAPIAnswer(
      name: "itemIdentifiers(inSection:)",
      lines: [
        "itemIdentifiers(inSection:): visible, in the current section (section use NAME first)."
      ], see: ["visible"]),
    FlatAPIAnswer(
      name: "numberOfItems",
      lines: [
        "numberOfItems: outline has no query for it; visible lists each section's rows, and a",
        "  flat command's output counts them (\"rows\"). count counts the section snapshot's",
        "  items, hidden ones included.",
      ], see: ["visible"]),
    FlatAPIAnswer(
      name: "numberOfItems(inSection:)",
      lines: [
        "numberOfItems(inSection:): outline has no query for it; visible lists the current",
        "  section's rows (count counts its items, hidden ones included).",
      ], see: ["visible", "count"]),
    FlatAPIAnswer(
      name: "numberOfSections",
      lines: ["numberOfSections: outline has no query for it; sections lists them."],
      see: ["sections"]),
    FlatAPIAnswer(
      name: "sectionIdentifier(containingItem:)",
      lines: [
        "sectionIdentifier(containingItem:): outline has no query for it; each transaction",
        "  names a row's section (S2:1), and contains ITEM answers in the current section.",
      ], see: ["contains"]),
    FlatAPIAnswer(
      name: "indexOfItem(_:)",
      lines: [
        "indexOfItem(_:): outline has no query for it; a transaction gives each row's flat",
        "  offset (flat 3), show --visible numbers the current section's rows, and index ITEM",
        "  is index(of:) in the section snapshot's items (hidden ones counted).",
      ], see: ["show", "index"]),
    FlatAPIAnswer(
      name: "indexOfSection(_:)",
      lines: ["indexOfSection(_:): outline has no query for it; sections lists them in order."],
      see: ["sections"]),
  ]

  /// The answer for `word`: by its name exactly, then by base name (`itemIdentifiers` is not
  /// `itemIdentifiers(inSection:)`'s base when an answer has the name itself), then ignoring
  /// case.
  ///
  /// - Complexity: O(*a*) in the answers (about a dozen).
  static func flatAPIAnswer(for word: String) -> FlatAPIAnswer? {
    if let exact = flatAPIAnswers.first(where: { $0.name == word }) { return exact }
    if let byBase = flatAPIAnswers.first(where: { baseName(of: $0.name) == word }) {
      return byBase
    }
    let lowered = word.lowercased()
    return flatAPIAnswers.first {
      $0.name.lowercased() == lowered || baseName(of: $0.name).lowercased() == lowered
    }
  }
}
