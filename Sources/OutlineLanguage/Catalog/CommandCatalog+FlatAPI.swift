extension CommandCatalog {
  /// An Apple name of the flat API (`NSDiffableDataSourceSnapshot`) or of the data source
  /// (`UICollectionViewDiffableDataSource`: `snapshot()`, `apply`, its index path queries) that
  /// no catalog entry names: what `help NAME` answers, saying which command or query does it,
  /// or that `outline` has none and what to use.
  struct FlatAPIAnswer: Sendable {
    /// The name with its argument labels (`itemIdentifiers(inSection:)`); `help` also takes
    /// its base name (`itemIdentifiers`) when no other answer has that base.
    var name: String
    /// The answer's lines.
    var lines: [String]
    /// The entries whose lines follow the answer (`apply`).
    var see: [String]
  }

  /// The flat API's and the data source's names that no entry's Apple API names, in Apple's
  /// documentation order, the data source's index path queries last (`help sectionIdentifier`
  /// is the flat snapshot's `sectionIdentifier(containingItem:)`).
  static let flatAPIAnswers: [FlatAPIAnswer] = [
    FlatAPIAnswer(
      name: "UICollectionViewDiffableDataSource",
      lines: [
        "UICollectionViewDiffableDataSource: the session's data source, headless (no",
        "  collection view): each command applies its snapshots to it (apply(_:to:) for a",
        "  section snapshot, apply(_:) for the flat one), and the user's taps and drags",
        "  (help interactions) run its sectionSnapshotHandlers and reorderingHandlers.",
      ], see: []),
    FlatAPIAnswer(
      name: "UITableViewDiffableDataSource",
      lines: [
        "UITableViewDiffableDataSource: outline's data source is a collection view's; a table",
        "  view's has the flat snapshot (help flat) but no section snapshots and no handlers.",
      ], see: []),
    FlatAPIAnswer(
      name: "sectionSnapshotHandlers",
      lines: [
        "sectionSnapshotHandlers: the data source's handlers of the user's taps on a",
        "  disclosure triangle: shouldExpandItem, willExpandItem, shouldCollapseItem,",
        "  willCollapseItem and snapshotForExpandingParent (help NAME for each); the rules",
        "  (help rules) set what they answer.",
      ], see: ["expand", "collapse"]),
    FlatAPIAnswer(
      name: "apply(_:to:animatingDifferences:completion:)",
      lines: [
        "apply(_:to:animatingDifferences:completion:): each edit of a section snapshot",
        "  (help editing) applies it to its section at once, and apply applies a batch's;",
        "  outline has no completion handler: the next command runs after the apply.",
      ], see: ["apply"]),
    FlatAPIAnswer(
      name: "NSDiffableDataSourceSectionTransaction",
      lines: [
        "NSDiffableDataSourceSectionTransaction: a change prints one for each section it",
        "  touched, as section NAME: after the rows: of the transaction, its difference of the",
        "  section snapshot's items (hidden ones included); last reprints the last change.",
      ], see: ["last"]),
    FlatAPIAnswer(
      name: "initialSnapshot",
      lines: [
        "initialSnapshot: the state before a change: show, visible and the other queries",
        "  read it before the command; undo takes the section back to it.",
      ], see: ["last", "undo"]),
    FlatAPIAnswer(
      name: "finalSnapshot",
      lines: [
        "finalSnapshot: the state after a change: show, visible and the other queries read",
        "  it after the command.",
      ], see: ["last"]),
    FlatAPIAnswer(
      name: "difference",
      lines: [
        "difference: what a change prints: rows: is the transaction's difference of the",
        "  visible rows, all sections (+ inserted, - removed, ~ moved, with offsets); each",
        "  section NAME: is its section transaction's, of the section snapshot's items.",
      ], see: ["last"]),
    FlatAPIAnswer(
      name: "sectionTransactions",
      lines: [
        "sectionTransactions: a change prints one section NAME: list for each section it",
        "  touched, after its rows:.",
      ], see: ["last"]),
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
      name: "applySnapshotUsingReloadData(_:)",
      lines: [
        "applySnapshotUsingReloadData(_:): the async overload of",
        "  applySnapshotUsingReloadData(_:completion:), which apply --reload-data calls.",
      ], see: ["apply --reload-data"]),
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
    FlatAPIAnswer(
      name: "itemIdentifier(for:)",
      lines: [
        "itemIdentifier(for:): the item on a row: @N names the item on row N of the current",
        "  section (IndexPath(item: N, section: S)), as show numbers the rows; show --visible",
        "  lists them.",
      ], see: ["show"]),
    FlatAPIAnswer(
      name: "indexPath(for:)",
      lines: [
        "indexPath(for:): outline has no query for it; show --visible numbers the current",
        "  section's rows (the row is the index path's item), sections numbers the sections",
        "  in order (its section), and each transaction names a row as SECTION:ROW.",
      ], see: ["show", "sections"]),
    FlatAPIAnswer(
      name: "sectionIdentifier(for:)",
      lines: [
        "sectionIdentifier(for:): outline has no query for it; sections lists them in order:",
        "  the section at index N is the one listed Nth (from 0).",
      ], see: ["sections"]),
    FlatAPIAnswer(
      name: "index(for:)",
      lines: [
        "index(for:): a section's index: outline has no query for it; sections lists them in",
        "  order, from 0. (index ITEM is the section snapshot's index(of:).)",
      ], see: ["sections"]),
  ]

  /// The answer for `word`, among the types' answers (`typeAnswers`) and then the flat API's:
  /// as `answer(for:among:)` matches it.
  ///
  /// - Complexity: O(*a*) in the answers (about thirty).
  static func flatAPIAnswer(for word: String) -> FlatAPIAnswer? {
    answer(for: word, among: typeAnswers) ?? answer(for: word, among: flatAPIAnswers)
  }

  /// The argument labels of `name` (`apply(_:to:)`: `_`, `to`), or nil when it is no Swift
  /// name with labels (no parentheses, or a label without its colon: `snapshot(for)`).
  static func argumentLabels(of name: String) -> [Substring]? {
    guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return nil }
    let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
    guard inside.isEmpty || inside.hasSuffix(":") else { return nil }
    return inside.split(separator: ":")
  }
}
