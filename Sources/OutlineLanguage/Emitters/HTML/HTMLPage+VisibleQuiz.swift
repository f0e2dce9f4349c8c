import Diffable

extension HTMLPage {
  /// The part of a gesture's question that asks what `visibleItems` holds after it: nil
  /// unless the gesture showed or hid a row other than a child of an item it tapped (whose
  /// `shouldExpandItem` or `shouldCollapseItem` UIKit called), the rows a learner most often
  /// mispredicts.
  ///
  /// - Complexity: O(*k* (*s* + log *n*)) in the rows shown or hidden, then that of
  ///   `visibleQuiz`.
  static func gestureRows(of outcome: Outcome, change: SectionChanges) -> Quiz? {
    guard case let (before, after, combined, offsets)? = flatChange(of: outcome), !offsets.isEmpty,
      !change.sections.isEmpty,
      // A reorder or drop whose every change a move pairs shows or hides no row: nothing to
      // read, no state copied out of the outcome.
      offsets.removals.contains(where: { $0.associatedWith == nil })
        || offsets.insertions.contains(where: { $0.associatedWith == nil }),
      let beforeState = outcome.before, let afterState = outcome.after
    else { return nil }
    let tapped = outcome.handlers.compactMap { call -> String? in
      switch call {
      case .shouldExpandItem(let item, _), .shouldCollapseItem(let item, _): return item
      default: return nil
      }
    }
    // The common tap: the rows shown or hidden are the tapped item's children, found from
    // the offsets and one pass over its rows, with no item of the difference read.
    if tapped.count == 1,
      showsOrHidesOnlyChildren(
        of: tapped[0], offsets: offsets, rows: (before, after),
        states: (beforeState, afterState))
    {
      return nil
    }
    let difference = flatChanges(of: outcome, combined: combined)
    // Each shown or hidden row, as a removal or insertion that no move pairs.
    let flipped =
      difference.removals.filter { $0.associatedWith == nil }.map(\.item)
      + difference.insertions.filter { $0.associatedWith == nil }.map(\.item)
    guard !flipped.isEmpty else { return nil }
    func parent(of item: String) -> String? {
      for state in [afterState, beforeState] {
        for section in state.sections where section.outline.contains(item) {
          return (try? section.outline.parent(of: item)) ?? nil
        }
      }
      return nil
    }
    guard flipped.contains(where: { item in !tapped.contains { $0 == parent(of: item) } })
    else { return nil }
    return visibleQuiz(
      before: before, after: after, difference: difference, change: change,
      state: afterState)
  }

  /// Whether the rows a tap on `item` showed or hid (`offsets`, between the flat snapshots
  /// `rows`) are one run just after its row, of its first children (each then has `item` for
  /// its parent in the state after, as in the state before for hidden rows).
  ///
  /// The run's offsets say how many; the children are the rows just after `item` in its
  /// section at one level deeper: consecutive children have no descendants between them, so
  /// they are also the rows shown just after it. Hidden rows are the same children before
  /// when the two states' rows after `item` are the same (`SectionSnapshot.commonLength`,
  /// which skips the storage they share), else when their items are.
  ///
  /// - Complexity: O(*s* + log *n* + *k*) for *k* rows, *s* sections and *n* items in `item`'s
  ///   section; O(*k* log *n*) for hidden rows whose levels or flags differ between the states.
  static func showsOrHidesOnlyChildren(
    of item: String, offsets: OffsetChanges,
    rows: (before: Snapshot<String, String>, after: Snapshot<String, String>),
    states: (before: SessionState, after: SessionState)
  ) -> Bool {
    let shown = offsets.removals.isEmpty
    guard shown || offsets.insertions.isEmpty else { return false }
    let run = shown ? offsets.insertions : offsets.removals
    guard let row = (shown ? rows.after : rows.before).indexOfItem(item),
      run.enumerated().allSatisfy({ $1.offset == row + 1 + $0 && $1.associatedWith == nil }),
      let after = firstChildren(of: item, count: run.count, in: states.after)
    else { return false }
    if shown { return true }
    guard let before = sectionIndex(of: item, in: states.before),
      before.index + run.count < before.outline.count
    else { return false }
    let children = (before.index + 1)..<(before.index + 1 + run.count)
    let level = before.outline.row(at: before.index).level
    // The same rows (items, levels and flags) after the same level: the same first children.
    if level == after.level,
      before.outline.commonLength(
        from: children.lowerBound, with: after.outline, from: after.index + 1, limit: run.count)
        == run.count
    {
      return true
    }
    // Else, in one walk: each row one level deeper than `item` before, and the item after.
    var same = true
    var offset = after.index + 1
    before.outline.forEachRow(in: children) { row in
      same = row.level == level + 1 && row.item == after.outline.item(at: offset)
      offset += 1
      return same
    }
    return same
  }

  /// The first section snapshot of `state` that holds `item`, with its index there.
  ///
  /// - Complexity: O(*s* + log *n*) for *s* sections and *n* items in `item`'s section.
  static func sectionIndex(
    of item: String, in state: SessionState
  ) -> (outline: SectionSnapshot<String>, index: Int)? {
    for name in state.snapshot.sectionIdentifiers {
      let outline = state.outline(of: name)
      if let index = outline.index(of: item) { return (outline, index) }
    }
    return nil
  }

  /// Where `parent`'s first children are in `state`: its section snapshot, index and level.
  ///
  /// Nil unless the `count` items just after it are each one level deeper; the rows are read
  /// in place (`SectionSnapshot.forEachRow(in:)`).
  ///
  /// - Complexity: O(*s* + log *n* + *k*) for *k* = `count`.
  static func firstChildren(
    of parent: String, count: Int, in state: SessionState
  ) -> (outline: SectionSnapshot<String>, index: Int, level: Int)? {
    guard let (outline, index) = sectionIndex(of: parent, in: state), index + count < outline.count
    else { return nil }
    // The parent's row first, then each of the `count` rows after it.
    var level: Int? = nil
    var deeper = true
    outline.forEachRow(in: index..<(index + 1 + count)) { row in
      guard let parentLevel = level else {
        level = row.level
        return true
      }
      deeper = row.level == parentLevel + 1
      return deeper
    }
    guard deeper, let level else { return nil }
    return (outline, index, level)
  }

  /// What `visibleItems` holds after a step that changed only expansion: the items whose
  /// visibility changed and the items nearest the first of them in its section, hidden ones
  /// too, each visible after or not.
  ///
  /// - Complexity: O(*k* + *s* + *c* (*s* + log *n*)) when no item moved or changed section,
  ///   *k* being the number of rows shown or hidden, *s* the number of sections, *c* that of
  ///   choices and *n* a section's items: only the first changes of each section are looked
  ///   up; O(*k* (*s* + log *n*) + *k* log *k*) otherwise.
  static func visibleQuiz(
    before: Snapshot<String, String>, after: Snapshot<String, String>, difference: FlatChanges,
    change: SectionChanges, state: SessionState
  ) -> Quiz? {
    var flipped = Set<String>()
    var hashed = false
    func isFlipped(_ item: String) -> Bool {
      if !hashed {
        for (_, item, _) in difference.removals { flipped.insert(item) }
        for (_, item, _) in difference.insertions { flipped.insert(item) }
        hashed = true
      }
      return flipped.contains(item)
    }
    // With no item moved, added or removed, the rows are in tree order on both sides.
    let inTreeOrder =
      change.order == nil
      && change.sections.allSatisfy { $0.removals.isEmpty && $0.insertions.isEmpty }
    var chosen: [(place: (Int, Int), item: String)] = []
    for (position, section) in change.sections.enumerated() {
      guard chosen.count < maxChoices else { break }
      let outline = state.outline(of: section.section)
      if outline.count <= maxChoices - chosen.count {
        for offset in 0..<outline.count {
          chosen.append(((position, offset), outline.item(at: offset)))
        }
        continue
      }
      let room = maxChoices - chosen.count
      let limit = min(maxChanged, room)
      let picked =
        (inTreeOrder
          ? firstChanged(
            of: section.section, in: outline, before: before, after: after,
            difference: difference, limit: limit)
          : nil)
        ?? allChanged(in: outline, difference: difference).prefix(limit)
      var offsets = Set(picked.map(\.0))
      let centre = picked.first?.0 ?? 0
      var distance = 1
      while offsets.count < room, centre - distance >= 0 || centre + distance < outline.count {
        for offset in [centre - distance, centre + distance]
        where offsets.count < room && offset >= 0 && offset < outline.count
          && !isFlipped(outline.item(at: offset))
        {
          offsets.insert(offset)
        }
        distance += 1
      }
      for offset in offsets { chosen.append(((position, offset), outline.item(at: offset))) }
    }
    guard !chosen.isEmpty else { return nil }
    chosen.sort { $0.place < $1.place }
    return Quiz(
      kind: .visible,
      choices: chosen.map { ($0.item, after.indexOfItem($0.item) == nil ? "no" : "yes") })
  }

  /// Every item of `difference` that `outline` holds, with its index there, by index.
  ///
  /// - Complexity: O(*k* log *n* + *k* log *k*) for *k* changes.
  static func allChanged(
    in outline: SectionSnapshot<String>, difference: FlatChanges
  ) -> ArraySlice<(Int, String)> {
    var seen = Set<String>()
    var found: [(Int, String)] = []
    for (_, item, _) in difference.removals + difference.insertions {
      guard seen.insert(item).inserted, let index = outline.index(of: item) else { continue }
      found.append((index, item))
    }
    return found.sorted { $0.0 < $1.0 }[...]
  }

  /// The first `limit` items of `difference` in `section` (whose outline is `outline`), with
  /// their indices, by index; nil when the changes are not in tree order after all.
  ///
  /// When no item moved, was added or removed, each side's changes are in tree order (the
  /// removals as the rows before, the insertions as the rows after) and each section's are a
  /// run of offsets: the first few of each side, merged, are the section's first few.
  ///
  /// - Complexity: O(*k* + *s* + *l* log *n*) for *k* changes, *s* sections and *l* = `limit`.
  static func firstChanged(
    of section: String, in outline: SectionSnapshot<String>,
    before: Snapshot<String, String>, after: Snapshot<String, String>,
    difference: FlatChanges, limit: Int
  ) -> ArraySlice<(Int, String)>? {
    func rows(of snapshot: Snapshot<String, String>) -> Range<Int>? {
      var start = 0
      for name in snapshot.sectionIdentifiers {
        let count = (try? snapshot.numberOfItems(inSection: name)) ?? 0
        if name == section { return start..<(start + count) }
        start += count
      }
      return nil
    }
    func first(
      _ changes: [(offset: Int, item: String, associatedWith: Int?)], in rows: Range<Int>?
    ) -> [(Int, String)]? {
      var found: [(Int, String)] = []
      guard let rows else { return found }
      for change in changes where change.offset >= rows.lowerBound {
        guard change.offset < rows.upperBound, found.count < limit else { break }
        guard change.associatedWith == nil, let index = outline.index(of: change.item),
          found.last.map({ $0.0 < index }) ?? true
        else { return nil }
        found.append((index, change.item))
      }
      return found
    }
    guard let removed = first(difference.removals, in: rows(of: before)),
      let inserted = first(difference.insertions, in: rows(of: after))
    else { return nil }
    var merged: [(Int, String)] = []
    var (r, i) = (0, 0)
    while merged.count < limit, r < removed.count || i < inserted.count {
      if i == inserted.count || r < removed.count && removed[r].0 < inserted[i].0 {
        merged.append(removed[r])
        r += 1
      } else {
        if r < removed.count && removed[r].0 == inserted[i].0 { r += 1 }
        merged.append(inserted[i])
        i += 1
      }
    }
    return merged[...]
  }
}
