import Diffable

extension Session {
  /// Runs a flat snapshot command: `NSDiffableDataSourceSnapshot`'s item API on
  /// `dataSource.snapshot()`, applied at once with `apply(_:animatingDifferences:)`, or in a
  /// batch on its flat working copy (`Batch.flat`), which `apply` applies.
  ///
  /// As in UIKit, the flat snapshot holds only the visible rows: an item hidden under a
  /// collapsed item is not in it (`unknownItem`), and an edit that flattens a section holding
  /// hidden items (its items become the visible rows) would drop them, which is refused unless
  /// the command says `--flatten`. `move-item` is the app's code, so no reorder handler runs.
  /// Reloads and reconfigures change no row: the outcome reports them (`Outcome.marks`) as the
  /// applied snapshot records them. `apply --reload-data` applies the current state, or the
  /// batch's, with `applySnapshotUsingReloadData(_:)`: no difference animated.
  ///
  /// - Throws: `unknownItem` for an item not in the flat snapshot (absent, or hidden);
  ///   `unknownSection` for `to-section` or `reload-sections` of an absent section;
  ///   `duplicateItem` for an item named twice; `invalidMove` for an item placed next to itself;
  ///   `refused` for an edit that would drop hidden items, and in a batch that edited the
  ///   section snapshot. Nothing changes then.
  /// - Complexity: O(*k* (*s* + log *n*)) for *k* items and *s* sections, plus the apply; the
  ///   first edit of a section holding a tree flattens it, O(*v*) in its visible items, and
  ///   O(*n*) when it held hidden items (the check of what would be dropped).
  func execute(_ command: Command.FlatCommand, into outcome: inout Outcome) throws(CommandError) {
    guard let call = FlatCall(command) else {
      try applyReloadingData(into: &outcome)
      return
    }
    outcome.effect = .flat([call])
    let start = try flatWorkingCopy()
    for item in call.existingItems { try requireRow(item, in: start, marking: call.marking) }
    var flat = start
    do {
      try call.perform(on: &flat)
    } catch {
      throw failure(error)
    }
    if !command.flattens { try refuseAddingHidden(call.addedItems, command.name, in: start) }
    if !command.flattens { try refuseDroppingHidden(command.name, from: start, to: flat) }
    if let warning = Self.alreadyThereWarning(call, in: start) { outcome.warnings.append(warning) }
    let flattened = Self.flattenedSections(from: start, to: flat)
    outcome.effect = .flat([call], flattened: flattened)
    // A move to where the item is changes nothing: said as `move` says it.
    var unchanged: String?
    if case .moveItem(let item, _) = call, flat == start { unchanged = "\(item) is already there" }
    guard batch != nil else {
      outcome.marks = FlatMarks(of: flat)
      outcome.note =
        unchanged ?? Self.flattenedNote(flattened, adding: call.addedItems)
      show(dataSource.apply(flat), in: &outcome)
      return
    }
    batch!.flat = flat
    batch!.working = flat.sectionSnapshot(for: batch!.section)
    outcome.note =
      (unchanged.map { $0 + "\n" } ?? "")
      + "in the batch's flat snapshot: \(Self.count(flat.numberOfItems, "row")) (apply makes "
      + "the transaction)" + Self.marksNote(FlatMarks(of: flat))
      + (Self.flattenedNote(flattened, adding: call.addedItems).map { "\n" + $0 } ?? "")
  }

  /// `apply --reload-data`: `applySnapshotUsingReloadData(_:)` of the batch's flat snapshot
  /// (closing the batch), or of `dataSource.snapshot()`; a batch that edited the section
  /// snapshot is refused (`apply` applies it).
  ///
  /// The change, if any, goes to the history (`historyChange`) and is summed up in the note,
  /// not shown as a transaction: the collection view reloads its data, animating nothing.
  ///
  /// - Throws: `refused` in a batch that edited its section snapshot, which
  ///   `applySnapshotUsingReloadData(_:)` cannot take.
  func applyReloadingData(into outcome: inout Outcome) throws(CommandError) {
    outcome.effect = .reloadData
    if let open = batch, open.flat == nil, open.sectionEdited {
      throw CommandError(because: .reloadDataInSectionBatch(section: open.section))
    }
    let flat = try flatWorkingCopy()
    let contentsBefore = batch?.contents
    batch = nil
    outcome.marks = FlatMarks(of: flat)
    let transaction = dataSource.apply(flat, animatingDifferences: false)
    if !transaction.isEmpty { outcome.historyChange = transaction }
    if let contentsBefore { forgetContents(addedSince: contentsBefore) }
    let final = transaction.finalSnapshot
    outcome.note =
      "no difference animated: the collection view reloads all its data, "
      + Self.count(final.numberOfItems, "row") + " in "
      + Self.count(final.numberOfSections, "section")
      + (transaction.isEmpty
        ? " (the state is unchanged)" : " (" + Self.summary(of: transaction) + ")")
  }

  /// The flat snapshot a flat command edits: the batch's working copy (taken now from
  /// `dataSource.snapshot()` when the batch has none yet, with the batch's section emptied
  /// after `begin --empty`), or `dataSource.snapshot()`.
  ///
  /// - Throws: `refused` in a batch that edited its section snapshot.
  func flatWorkingCopy() throws(CommandError) -> Snapshot<String, String> {
    guard let open = batch else { return dataSource.snapshot() }
    if let flat = open.flat { return flat }
    guard !open.sectionEdited else {
      throw CommandError(because: .mixedBatch(section: open.section, flatFirst: false))
    }
    var flat = dataSource.snapshot()
    if open.startedEmpty {
      flat.deleteItems((try? flat.itemIdentifiers(inSection: open.section)) ?? [])
    }
    return flat
  }

  /// Throws unless `item` is on a visible row of `flat`: `unknownItem` for an absent item
  /// (Apple's message for a reload or a reconfigure when `marking` says which), or one hidden
  /// under a collapsed item.
  ///
  /// - Complexity: O(*s* + log *n*); O(*d* log *n*) more for a hidden item at depth *d*.
  func requireRow(_ item: String, in flat: Snapshot<String, String>, marking: FlatCall.Marking?)
    throws(CommandError)
  {
    guard flat.sectionIdentifier(containingItem: item) == nil else { return }
    if let hidden = Self.hiddenRow(of: item, in: flat) {
      throw CommandError(because: .notInFlatSnapshot(hidden))
    }
    switch marking {
    case .reload: throw failure(.reloadItemNotFound(item))
    case .reconfigure: throw failure(.reconfigureItemNotFound(item))
    case nil: throw failure(.flatItemNotFound(item))
    }
  }

  /// Where `item` is hidden in `flat`'s sections: nil when it is on a visible row or absent.
  ///
  /// - Complexity: O(*s* + log *n*); O(*d* log *n*) more for a hidden item at depth *d*.
  static func hiddenRow(of item: String, in flat: Snapshot<String, String>) -> HiddenRow? {
    guard flat.sectionIdentifier(containingItem: item) == nil else { return nil }
    for name in flat.sectionIdentifiers {
      let outline = flat.sectionSnapshot(for: name)
      if outline.contains(item) { return HiddenRow.find(item, .tap, in: outline, section: name) }
    }
    return nil
  }

  /// The warning for an `append-items` or `insert-items` of items `flat` holds already: UIKit
  /// moves them into place (iOS 15), and logs the call as a bug in the app; nil for any other
  /// call, and when every item is new.
  ///
  /// - Complexity: O(*k* (*s* + log *n*)) for *k* items and *s* sections.
  static func alreadyThereWarning(_ call: FlatCall, in flat: Snapshot<String, String>)
    -> String?
  {
    let apple: String
    switch call {
    case .appendItems: apple = "appendItems"
    case .insertItems: apple = "insertItems"
    default: return nil
    }
    let there = call.addedItems.filter { flat.sectionIdentifier(containingItem: $0) != nil }
    guard !there.isEmpty else { return nil }
    let one = there.count == 1
    return words(there) + (one ? " is" : " are") + " already in the snapshot: " + apple
      + " moves " + (one ? "it" : "them") + " into place, and UIKit logs this as a bug in the "
      + "app (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS, a costlier "
      + "update); moveItem (move-item) is the call that moves an item"
  }

  /// The items of `outline` on no visible row, in `items` order.
  ///
  /// - Complexity: O(1) when every item is visible, else O(*n*) in its items.
  static func hiddenItems(of outline: SectionSnapshot<String>) -> [String] {
    guard outline.count > outline.visibleCount else { return [] }
    let visible = Set(outline.visibleItems)
    return outline.items.filter { !visible.contains($0) }
  }

  /// Throws `refused` when an item that `append-items` or `insert-items` adds is hidden under a
  /// collapsed item: `dataSource.snapshot()` does not hold it, so UIKit adds it as a new item,
  /// and the apply drops it from its place with the rest of its section's hidden items.
  ///
  /// - Complexity: O(*k* (*s* + log *n*)) for *k* visible or new items; O(*n*) more for a
  ///   hidden one (its section's hidden items, for the message).
  func refuseAddingHidden(
    _ items: [String], _ command: String, in flat: Snapshot<String, String>
  ) throws(CommandError) {
    for item in items {
      guard let hidden = Self.hiddenRow(of: item, in: flat) else { continue }
      let dropped = Self.hiddenItems(of: flat.sectionSnapshot(for: hidden.section))
      throw CommandError(
        because: .addsHiddenItem(hidden, command: command, sectionHides: dropped))
    }
  }

  /// The sections of `start` whose items had a hierarchy that `end` no longer has (applying a
  /// flat snapshot makes a section's items roots), each with the hidden items it held.
  ///
  /// - Complexity: O(*s*) in the sections, plus O(*r*) in the root items of those that had
  ///   children, and O(*n*) for each such section of *n* items that had hidden ones.
  static func flattenedSections(
    from start: Snapshot<String, String>, to end: Snapshot<String, String>
  ) -> [FlattenedSection] {
    start.sectionIdentifiers.compactMap { name in
      let old = start.sectionSnapshot(for: name)
      guard old.rootItems.count < old.count else { return nil }
      let new = end.sectionSnapshot(for: name)
      guard new.rootItems.count == new.count else { return nil }
      return FlattenedSection(name, dropped: hiddenItems(of: old))
    }
  }

  /// The note on the sections a flat edit flattened, or nil: `section main now flat: …`; with
  /// `--flatten`, the hidden items the apply dropped, and those of `added` that were hidden,
  /// which the command added again as new items.
  ///
  /// - Complexity: O(*f*) in the sections and items of `flattened`, plus O(*k*) in `added`.
  static func flattenedNote(_ flattened: [FlattenedSection], adding added: [String]) -> String? {
    guard !flattened.isEmpty else { return nil }
    var note =
      "section\(flattened.count == 1 ? "" : "s") " + words(flattened.map(\.section))
      + " now flat: a flat snapshot has no hierarchy, so its items are roots (as in UIKit)"
    let hidden = flattened.flatMap(\.dropped)
    guard !hidden.isEmpty else { return note }
    note += "\ndropped the hidden items, as UIKit does: " + words(hidden)
    let hiddenSet = Set(hidden)
    let readded = added.filter { hiddenSet.contains($0) }
    if !readded.isEmpty {
      note +=
        "\n" + words(readded) + (readded.count == 1 ? " was" : " were")
        + " hidden, so not in dataSource.snapshot(): added again as new"
        + (readded.count == 1 ? " item" : " items")
    }
    return note
  }

  /// Throws `refused` when a section of `start` held hidden items that `end` no longer holds
  /// anywhere: the flat edit turned the section into its visible rows, as applying
  /// `dataSource.snapshot()` does in UIKit.
  ///
  /// - Complexity: O(*s*) for sections without hidden items; O(*n*) for each flattened section
  ///   of *n* items that had hidden ones.
  func refuseDroppingHidden(
    _ command: String, from start: Snapshot<String, String>, to end: Snapshot<String, String>
  ) throws(CommandError) {
    var dropped: [(section: String, hidden: [String])] = []
    for name in start.sectionIdentifiers {
      let old = start.sectionSnapshot(for: name)
      guard old.count > old.visibleCount else { continue }
      let new = end.sectionSnapshot(for: name)
      // A section the edit left alone is still its tree, with its hidden items.
      guard new.count == new.visibleCount else { continue }
      let hidden = Self.hiddenItems(of: old).filter { !end.contains($0) }
      if !hidden.isEmpty { dropped.append((name, hidden)) }
    }
    if !dropped.isEmpty {
      throw CommandError(because: .wouldDropHidden(command: command, sections: dropped))
    }
  }

  /// `; marked so far: reload A, reconfigure B`: a batch's marks, for its note.
  static func marksNote(_ marks: FlatMarks) -> String {
    var parts: [String] = []
    if !marks.reloadedItems.isEmpty { parts.append("reload " + words(marks.reloadedItems)) }
    if !marks.reconfiguredItems.isEmpty {
      parts.append("reconfigure " + words(marks.reconfiguredItems))
    }
    if !marks.reloadedSections.isEmpty {
      parts.append("reload section " + words(marks.reloadedSections))
    }
    return parts.isEmpty ? "" : "; marked so far: " + parts.joined(separator: ", ")
  }
}

extension FlatCall {
  /// The call a flat command makes; nil for `apply --reload-data`, which makes none.
  init?(_ command: Command.FlatCommand) {
    switch command {
    case .appendItems(let items, let section, _): self = .appendItems(items, toSection: section)
    case .insertItems(let items, let placement, _): self = .insertItems(items, placement)
    case .deleteItems(let items, _): self = .deleteItems(items)
    case .moveItem(let item, let placement, _): self = .moveItem(item, placement)
    case .reloadItems(let items): self = .reloadItems(items)
    case .reconfigureItems(let items): self = .reconfigureItems(items)
    case .reloadSections(let sections): self = .reloadSections(sections)
    case .applyReloadingData: return nil
    }
  }

  /// The items the call adds (or moves, when they are in the flat snapshot already).
  var addedItems: [String] {
    switch self {
    case .appendItems(let items, _), .insertItems(let items, _): return items
    default: return []
    }
  }

  /// The items the call names that must be in the flat snapshot already (not those it adds).
  var existingItems: [String] {
    switch self {
    case .appendItems, .reloadSections: return []
    case .insertItems(_, let placement): return [placement.anchor]
    case .deleteItems(let items), .reloadItems(let items), .reconfigureItems(let items):
      return items
    case .moveItem(let item, let placement): return [item, placement.anchor]
    }
  }

  /// What a call that marks items marks them for.
  enum Marking { case reload, reconfigure }

  /// Whether the call marks items for reloading or reconfiguring, and which.
  var marking: Marking? {
    switch self {
    case .reloadItems: return .reload
    case .reconfigureItems: return .reconfigure
    default: return nil
    }
  }

  /// Makes the call on `flat`.
  ///
  /// - Complexity: as the `Snapshot` member it calls.
  func perform(on flat: inout Snapshot<String, String>) throws(SnapshotError) {
    switch self {
    case .appendItems(let items, let section): try flat.appendItems(items, toSection: section)
    case .insertItems(let items, .before(let anchor)):
      try flat.insertItems(items, beforeItem: anchor)
    case .insertItems(let items, .after(let anchor)): try flat.insertItems(items, afterItem: anchor)
    case .deleteItems(let items): flat.deleteItems(items)
    case .moveItem(let item, .before(let other)): try flat.moveItem(item, beforeItem: other)
    case .moveItem(let item, .after(let other)): try flat.moveItem(item, afterItem: other)
    case .reloadItems(let items): try flat.reloadItems(items)
    case .reconfigureItems(let items): try flat.reconfigureItems(items)
    case .reloadSections(let sections): try flat.reloadSections(sections)
    }
  }
}
