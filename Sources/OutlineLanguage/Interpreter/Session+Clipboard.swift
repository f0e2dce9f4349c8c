import Diffable

/// What `cut` or `copy` kept: the items' subtrees as one section snapshot (the outermost
/// items its roots, in the outline's order, with their expansion), and their contents.
struct Clipboard {
  /// The subtrees, under the identifiers they had.
  var subtrees: SectionSnapshot<String>
  /// The contents of the items that had any.
  var contents: [String: ItemContent]
  /// Whether the items were cut and not pasted yet: the first paste puts them back under
  /// their own identifiers; a copy, and every later paste, makes new ones.
  var isCut: Bool
}

/// The clipboard (SPEC §4, "Clipboard"): `cut` is a delete that keeps what it deleted, `copy`
/// keeps copies, and `paste` inserts what was kept. A cut item keeps its identifier, so that
/// `begin; cut X; paste after Y; apply` is a move in the transaction, not a removal and an
/// insertion; a copy pastes under new identifiers, suffixed as `duplicate` names them, and in
/// a section read from Markdown or text writes its original's lines, as the cut item would.
extension Session {
  /// `cut ITEM...` and `copy ITEM...`: keeps the items' subtrees (an item inside another
  /// named one goes with it); `cut` then deletes them, one transaction.
  ///
  /// - Throws: `unknownItem`; nothing changes, and the clipboard keeps what it held.
  /// - Complexity: O(*k* log *n*) for the *k* items of the subtrees, plus the delete.
  func keep(_ items: [String], cutting: Bool, into outcome: inout Outcome) throws(CommandError) {
    for item in items where !outline.contains(item) { throw failure(.itemNotFound(item)) }
    let roots = outermostInOrder(items)
    var names: [String] = []
    var levels: [Int32] = []
    var expanded: [Bool] = []
    var kept: [String: ItemContent] = [:]
    let stored = contents.items
    for root in roots {
      let rows: [SectionSnapshot<String>.Row]
      do {
        rows = try outline.subtreeRows(of: root)
      } catch {
        throw failure(error)
      }
      let base = rows[0].level
      for row in rows {
        names.append(row.item)
        levels.append(Int32(row.level - base))
        expanded.append(row.isExpanded)
        if !stored.isEmpty, let content = stored[row.item] { kept[row.item] = content }
      }
    }
    let subtrees: SectionSnapshot<String>
    do {
      subtrees = try SectionSnapshot(preorder: names, levels: levels, expanded: expanded)
    } catch {
      throw failure(error)
    }
    if cutting {
      outcome.effect = .edit([.delete(roots)])
      outcome.transaction = try edit { outline throws(SnapshotError) in try outline.delete(roots) }
    }
    clipboard = Clipboard(subtrees: subtrees, contents: kept, isCut: cutting)
    outcome.note =
      "\(cutting ? "cut" : "copied") \(Self.count(subtrees.count, "item")) to the clipboard"
  }

  /// `paste before ITEM | after ITEM | into [ITEM]`: inserts the clipboard's subtrees there,
  /// one transaction; what was cut comes back under its own identifiers the first time, a copy
  /// (and every later paste) under the first suffix that leaves every name free.
  ///
  /// A collapsed ITEM pasted into opens on what it got; the pasted roots in a Markdown task list
  /// are tasks (`giveTaskBoxes(to:)`). `paste into` with no item pastes after
  /// the last root (into the focused item in a focus: `inFocus(_:)` rewrote it).
  ///
  /// - Throws: `refused` with nothing kept; `unknownItem` for ITEM; nothing changes, and the
  ///   clipboard keeps what it held.
  /// - Complexity: O(*k* log *n*) for the *k* items pasted, times the suffixes tried.
  func paste(_ target: Command.PasteTarget, into outcome: inout Outcome) throws(CommandError) {
    guard let clipboard else { throw CommandError(because: .emptyClipboard) }
    let place: PastePlace
    switch target {
    case .before(let item): place = .before(item)
    case .after(let item): place = .after(item)
    case .into(let item): place = .into(item)
    case .intoView:
      guard let last = outline.rootItems.last else {
        try pasteIntoEmptySection(clipboard, into: &outcome)
        return
      }
      place = .after(last)
    }
    guard outline.contains(place.anchor) else { throw failure(.itemNotFound(place.anchor)) }
    let kept = clipboard.subtrees.items
    let names = pastedNames(kept, wereCut: clipboard.isCut)
    let pasted = names == kept ? clipboard.subtrees : Self.renamed(clipboard.subtrees, to: names)
    let call: SnapshotCall
    switch place {
    case .before(let item): call = .insertSnapshot(.pasted(pasted), .before(item))
    case .after(let item): call = .insertSnapshot(.pasted(pasted), .after(item))
    case .into(let parent):
      let children = (try? outline.children(of: parent)) ?? []
      call =
        children.last.map { .insertSnapshot(.pasted(pasted), .after($0)) }
        ?? .replaceChildren(of: parent, using: .pasted(pasted))
    }
    // Pasted into a collapsed item, the items would arrive hidden: the item opens on them, in
    // code, as an outliner shows what it pasted.
    var opening: String?
    if case .into(let parent) = place, !isExpanded(parent, in: outline) { opening = parent }
    outcome.effect = .edit([call] + (opening.map { [.expand([$0])] } ?? []))
    outcome.transaction = try edit { outline throws(SnapshotError) in
      switch call {
      case .insertSnapshot(_, .before(let item)): try outline.insert(pasted, before: item)
      case .insertSnapshot(_, .after(let item)): try outline.insert(pasted, after: item)
      case .replaceChildren(let parent, _): try outline.replace(childrenOf: parent, using: pasted)
      default: break
      }
      if let opening { outline.expand([opening]) }
    }
    keepContents(of: clipboard, pastedAs: names)
    // Pasted into a task list, an item that is no line of a file becomes a task, as an
    // appended one does; an item with a line keeps its own box.
    giveTaskBoxes(to: pasted.rootItems)
    outcome.note = "pasted \(Self.count(names.count, "item"))"
  }

  /// `paste into` in an empty section without a focus: the clipboard's subtrees become the
  /// outline, which the app builds anew.
  private func pasteIntoEmptySection(_ clipboard: Clipboard, into outcome: inout Outcome)
    throws(CommandError)
  {
    let kept = clipboard.subtrees.items
    let names = pastedNames(kept, wereCut: clipboard.isCut)
    let pasted = names == kept ? clipboard.subtrees : Self.renamed(clipboard.subtrees, to: names)
    outcome.effect = .rebuild
    outcome.transaction = try edit { outline throws(SnapshotError) in outline = pasted }
    keepContents(of: clipboard, pastedAs: names)
    outcome.note = "pasted \(Self.count(names.count, "item"))"
  }

  /// Gives the pasted items the contents of the clipboard's, makes the first the current item,
  /// and marks the clipboard as pasted once.
  private func keepContents(of clipboard: Clipboard, pastedAs names: [String]) {
    let kept = clipboard.subtrees.items
    contents.reserve(clipboard.contents.count)
    for (old, new) in zip(kept, names) {
      var content = clipboard.contents[old] ?? ItemContent()
      if new != old {
        content.title = content.title ?? old
        // A copy writes its original's lines where it goes; the original keeps its place.
        content.becomeCopy()
      }
      if !content.isDefault || new != old { contents[new] = content }
    }
    madeItem = names.first
    self.clipboard?.isCut = false
  }

  /// The identifiers the clipboard's items are pasted under: their own, for a cut not pasted
  /// yet whose names are all free; else each with the first suffix (` (2)`, ` (3)`, …) that
  /// leaves every name free in the data source.
  private func pastedNames(_ items: [String], wereCut: Bool) -> [String] {
    if wereCut, !items.contains(where: isTakenInEdit) { return items }
    var suffix = 2
    while true {
      let tail = " (\(suffix))"
      let names = items.map { $0 + tail }
      if !names.contains(where: isTakenInEdit) { return names }
      suffix += 1
    }
  }

  /// `snapshot` with its items renamed, position for position, to `names`.
  private static func renamed(_ snapshot: SectionSnapshot<String>, to names: [String])
    -> SectionSnapshot<String>
  {
    var levels: [Int32] = []
    var expanded: [Bool] = []
    levels.reserveCapacity(names.count)
    expanded.reserveCapacity(names.count)
    snapshot.forEachRow { row in
      levels.append(Int32(row.level))
      expanded.append(row.isExpanded)
      return true
    }
    // The names are distinct (distinct items, one suffix), so this cannot fail.
    return (try? SectionSnapshot(preorder: names, levels: levels, expanded: expanded))
      ?? SectionSnapshot()
  }
}

/// Where a paste goes once `paste into` with no item is settled: beside or into an item.
private enum PastePlace {
  case before(String)
  case after(String)
  case into(String)

  /// The item the paste is placed against.
  var anchor: String {
    switch self {
    case .before(let item), .after(let item), .into(let item): item
    }
  }
}
