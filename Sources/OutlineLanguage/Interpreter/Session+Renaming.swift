import Diffable

/// `rename` and `duplicate`: the outliner's moves that make new identifiers.
///
/// A diffable data source knows an item by its identifier alone, so a new identifier is a new
/// item: `rename` shows a removal and an insertion, never a move, and `duplicate` inserts a
/// copy whose every item has an identifier of its own. The content goes with them: a renamed
/// item keeps its title (one that was the identifier follows it), and a copy reads as the
/// original does.
extension Session {
  /// `rename ITEM NEW`: a new identifier in the same place, keeping the children, the
  /// expansion and the title.
  ///
  /// - Throws: `unknownItem`; `duplicateItem` when NEW is an identifier anywhere in the data
  ///   source.
  /// - Complexity: O(*k* log *n*) for an item with *k* descendants, plus the transaction's diff.
  func rename(_ item: String, to new: String, into outcome: inout Outcome) throws(CommandError) {
    try requireItem(item)
    guard new != item else {
      outcome.note = "\(Quoting.word(item)) is already its identifier"
      return
    }
    guard !isTakenInEdit(new) else { throw failure(.duplicateItems([new])) }
    var calls: [SnapshotCall] = [.insert([new], .before(item)), .delete([item])]
    outcome.transaction = try edit { outline throws(SnapshotError) in
      let children = try outline.snapshot(of: item)
      let expanded = try outline.isExpanded(item)
      try outline.insert([new], before: item)
      try outline.delete([item])
      try outline.replace(childrenOf: new, using: children)
      if children.count > 0 { calls.append(.replaceChildren(of: new, using: .childrenOf(item))) }
      if expanded {
        outline.expand([new])
        calls.append(.expand([new]))
      }
    }
    outcome.effect = .edit(calls)
    contents.move(item, to: new)
    madeItem = new
    // The focus follows its item to the new identifier: the same place, a new name.
    if focus == item { focus = new }
  }

  /// `duplicate ITEM... [as NEW]`: a copy of each item's subtree right after it, with its
  /// expansion, all in one transaction.
  ///
  /// The copy of each item is named with one suffix for the whole subtree, the first that
  /// leaves every new identifier free: `Food (2)`, `Apple (2)`, … (with `as NEW`, which takes
  /// one item, the copy of ITEM is NEW and its descendants take the suffix). Each copy keeps
  /// the original's content, so a copy of `Food` reads `Food`; the copy named NEW is titled
  /// NEW. In a section read from Markdown or text, a copy writes its original's lines (its
  /// marker, its blocks) where it is, re-indented (`ItemContent.becomeCopy()`). Of several items, one inside the subtree of another is copied with it, not again;
  /// the first copy becomes the current item.
  ///
  /// - Throws: `unknownItem`; `duplicateItem` when NEW is taken.
  /// - Complexity: O(*k* log *n*) for subtrees of *k* items in all, times the suffixes tried:
  ///   each subtree is read once and its entries inserted renamed
  ///   (`SectionSnapshot.insertCopy(ofSubtreeOf:as:distinct:)`), one transaction for all.
  func duplicate(_ items: [String], as new: String?, into outcome: inout Outcome)
    throws(CommandError)
  {
    for item in items where !outline.contains(item) { throw failure(.itemNotFound(item)) }
    if let new, isTakenInEdit(new) { throw failure(.duplicateItems([new])) }
    // Identifiers are unique across sections: the other sections are asked here, the outline
    // by `insertCopy`, which refuses a taken name and changes nothing.
    let others = dataSource.snapshot().sectionIdentifiers.filter { $0 != section }
      .map { dataSource.snapshot(for: $0) }.filter { $0.count > 0 }
    var edited = outline
    var calls: [SnapshotCall] = []
    var copies: [(rows: [SectionSnapshot<String>.Row], names: [String])] = []
    for item in outermostInOrder(items) {
      let rows: [SectionSnapshot<String>.Row]
      do {
        rows = try edited.subtreeRows(of: item)
      } catch {
        throw failure(.itemNotFound(item))
      }
      let names = try copySubtree(rows, as: new, into: &edited, avoiding: others)
      let copy = names[0]
      calls.append(.insert([copy], .after(item)))
      if rows.count > 1 { calls.append(.replaceChildren(of: copy, using: .built(of: copy))) }
      if rows[0].isExpanded { calls.append(.expand([copy])) }
      copies.append((rows, names))
    }
    outcome.transaction = try commit(edited)
    outcome.effect = .edit(calls)
    madeItem = copies.first?.names.first
    let names = copies.flatMap(\.names)
    contents.reserve(names.count)
    for (rows, names) in copies {
      for (index, (row, name)) in zip(rows, names).enumerated() {
        // One lookup of the original's content: its title, or its identifier when it has none.
        var content = contents[row.item]
        content.title = index == 0 && new != nil ? nil : content.title ?? row.item
        // A copy writes its original's lines where it goes; the original keeps its place.
        content.becomeCopy()
        contents[name] = content
      }
    }
    let shown = names.prefix(5).map(Quoting.word).joined(separator: ", ")
    outcome.note =
      "copied \(Self.count(names.count, "item")) as \(shown)\(names.count > 5 ? ", …" : "")"
  }

  /// Inserts into `edited` a copy of the subtree whose rows are `rows`, right after it, under
  /// the first suffix that leaves every name free in `edited` and in `others` (the copy of
  /// the subtree's root named `new` when given), and returns the names.
  ///
  /// - Complexity: O(*k* log *n*) for *k* rows, times the suffixes tried.
  private func copySubtree(
    _ rows: [SectionSnapshot<String>.Row], as new: String?,
    into edited: inout SectionSnapshot<String>, avoiding others: [SectionSnapshot<String>]
  ) throws(CommandError) -> [String] {
    let item = rows[0].item
    var suffix = 2
    while true {
      // Concatenated, not interpolated: a short name stays a small string, with no buffer.
      let tail = " (\(suffix))"
      let names = rows.indices.map { index in
        index == 0 && new != nil ? new! : rows[index].item + tail
      }
      // The suffixed names differ from each other (their items do); only NEW may repeat one.
      let free =
        !(new != nil && names.dropFirst().contains(new!))
        && !names.contains { name in others.contains { $0.contains(name) } }
      if free {
        do {
          try edited.insertCopy(ofSubtreeOf: item, as: names, distinct: true)
          return names
        } catch .duplicateItems {
          // A name the outline holds: the next suffix.
        } catch {
          throw failure(error)
        }
      }
      suffix += 1
    }
  }

  /// Whether an edit of the current outline may not give an item the identifier `item`: the
  /// outline holds it (the batch's working copy, in a batch), or another section does.
  ///
  /// - Complexity: O(*s* + log *n*).
  func isTakenInEdit(_ item: String) -> Bool { holder(of: item) != nil }
}
