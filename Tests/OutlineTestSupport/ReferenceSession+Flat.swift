extension ReferenceSession {
  /// Runs a flat snapshot command on each section's visible rows.
  ///
  /// As SPEC §4 and the interpreter's documented decisions have it: outside a batch on the
  /// sections, at once; in a batch on its flat working copy (`batchFlat`: the sections as they were at `begin`, the
  /// batch's section as its working copy), which `apply` makes the sections. A batch whose
  /// section snapshot was edited refuses a flat command, and one a flat command edited
  /// refuses a section snapshot edit (`commit`).
  ///
  /// An item the command names that must exist is on a visible row (else `unknownItem`); one
  /// that `append-items` or `insert-items` adds may not be hidden (`refused` unless `flatten`). A
  /// section the edit touches (the one it adds to, inserts in, or takes an item from, hidden
  /// copies included) becomes its remaining visible rows, as roots: none expanded when it had a
  /// hierarchy, else each keeps its flag but those the command inserts; its hidden
  /// items that end nowhere would be dropped, which is `refused` unless `flatten`. Reloads and
  /// reconfigures change nothing.
  mutating func executeFlat(_ command: ReferenceCommand) throws(Failure) {
    guard batch != nil else {
      var working = sections
      try flatEdit(command, on: &working)
      sections = working
      return
    }
    var working: [Section]
    if let flat = batchFlat {
      working = flat
    } else {
      guard !batchEdited else { throw Failure(.refused) }
      working = sections
      working[position(of: current)!].outline = outline
    }
    try flatEdit(command, on: &working)
    batchFlat = working
    batch = working[position(of: current)!].outline
  }

  /// Makes the flat command's edit on `sections`.
  func flatEdit(_ command: ReferenceCommand, on sections: inout [Section]) throws(Failure) {
    func position(of name: String) -> Int? { sections.firstIndex { $0.name == name } }
    var rows = sections.map(\.outline.visibleItems)
    func holder(_ item: String) -> Int? { rows.firstIndex { $0.contains(item) } }
    func requireRow(_ item: String) throws(Failure) {
      if holder(item) == nil { throw Failure(.unknownItem) }
    }
    // An item hidden under a collapsed item is not in the flat snapshot: adding it would add a
    // new item and drop it from its place, `refused` unless `flatten`.
    func refuseAddingHidden(_ items: [String], flatten: Bool) throws(Failure) {
      guard !flatten else { return }
      for item in items where holder(item) == nil {
        if sections.contains(where: { $0.outline.contains(item) }) { throw Failure(.refused) }
      }
    }
    var touched = Set<Int>()
    var inserted: [String] = []
    let flatten: Bool
    switch command {
    case .reloadItems(let items, _):
      for item in items { try requireRow(item) }
      return
    case .reloadSections(let names):
      for name in names where position(of: name) == nil { throw Failure(.unknownSection) }
      return
    case .appendItems(let items, let section, let flat):
      flatten = flat
      let target: Int
      if let section {
        guard let index = position(of: section) else { throw Failure(.unknownSection) }
        target = index
      } else {
        target = sections.count - 1
      }
      guard Set(items).count == items.count else { throw Failure(.duplicateItem) }
      try refuseAddingHidden(items, flatten: flat)
      for (index, section) in sections.enumerated()
      where items.contains(where: section.outline.contains) {
        touched.insert(index)
        rows[index].removeAll { items.contains($0) }
      }
      touched.insert(target)
      rows[target] += items
      inserted = items
    case .deleteItems(let items, let flat):
      flatten = flat
      for item in items { try requireRow(item) }
      for item in items {
        let index = holder(item)!
        touched.insert(index)
        rows[index].removeAll { $0 == item }
      }
    case .insertItems(let items, let place, let flat):
      flatten = flat
      let anchor: String
      switch place {
      case .before(let other), .after(let other): anchor = other
      }
      // As `append-items`: an item already in the snapshot moves.
      try requireRow(anchor)
      guard Set(items).count == items.count else { throw Failure(.duplicateItem) }
      guard !items.contains(anchor) else { throw Failure(.invalidMove) }
      try refuseAddingHidden(items, flatten: flat)
      for (index, section) in sections.enumerated()
      where items.contains(where: section.outline.contains) {
        touched.insert(index)
        rows[index].removeAll { items.contains($0) }
      }
      let to = holder(anchor)!
      var at = rows[to].firstIndex(of: anchor)!
      if case .after = place { at += 1 }
      rows[to].insert(contentsOf: items, at: at)
      touched.insert(to)
      inserted = items
    case .moveItem(let item, let place, let flat):
      flatten = flat
      try requireRow(item)
      let anchor: String
      switch place {
      case .before(let other), .after(let other): anchor = other
      }
      try requireRow(anchor)
      guard item != anchor else { throw Failure(.invalidMove) }
      let from = holder(item)!
      rows[from].removeAll { $0 == item }
      let to = holder(anchor)!
      var at = rows[to].firstIndex(of: anchor)!
      if case .after = place { at += 1 }
      rows[to].insert(item, at: at)
      touched.formUnion([from, to])
      inserted = [item]
    default:
      return
    }
    let kept = Set(rows.joined())
    let dropped = touched.flatMap { index in
      let outline = sections[index].outline
      let visible = Set(outline.visibleItems)
      return outline.items.filter { !visible.contains($0) && !kept.contains($0) }
    }
    if !dropped.isEmpty, !flatten { throw Failure(.refused) }
    var allTitles: [String: String] = [:]
    var allAttributes: [String: [Attribute]] = [:]
    for section in sections {
      allTitles.merge(section.titles) { first, _ in first }
      allAttributes.merge(section.attributes) { first, _ in first }
    }
    for index in touched.sorted() {
      let outline = sections[index].outline
      let expanded =
        outline.rootItems.count == outline.count
        ? Set(outline.expandedItems).subtracting(inserted) : []
      sections[index].outline = ReferenceOutline(
        roots: rows[index].map { .init($0) }, expanded: expanded.intersection(rows[index]))
    }
    for index in sections.indices {
      let outline = sections[index].outline
      sections[index].titles = allTitles.filter { outline.contains($0.key) }
      sections[index].attributes = allAttributes.filter { outline.contains($0.key) }
    }
  }
}

extension ReferenceSession {
  /// `apply --reload-data`, as SPEC §4's flat snapshot group has it: "the current state, or a
  /// batch's, applied with no difference animated".
  ///
  /// Outside a batch the current state is applied again: nothing changes. A batch's flat
  /// working copy becomes the sections, as `apply` makes it; a batch that no flat command
  /// edited is `dataSource.snapshot()` (with its section emptied after `begin --empty`), and
  /// its content changes land; a batch whose section snapshot was edited has no flat snapshot
  /// to apply (`refused`, the batch stays open). The report is the rows and sections after,
  /// whether a section snapshot changed, and the rows whose items came or went.
  mutating func applyReloadingData() throws(Failure) {
    let before = sections.map(\.outline)
    let rowsBefore = Set(sections.flatMap(\.outline.visibleItems))
    if batch != nil {
      if let flat = batchFlat {
        applyFlat(flat)
      } else {
        guard !batchEdited else { throw Failure(.refused) }
        let index = position(of: current)!
        if batchStartedEmpty { sections[index].outline = ReferenceOutline() }
        let outline = sections[index].outline
        sections[index].titles = (batchTitles ?? [:]).filter { outline.contains($0.key) }
        sections[index].attributes = (batchAttributes ?? [:]).filter { outline.contains($0.key) }
      }
      closeBatch()
    }
    let rows = sections.flatMap(\.outline.visibleItems)
    reloaded = Reload(
      rows: rows.count, sections: sections.count, changed: sections.map(\.outline) != before,
      inserted: rows.filter { !rowsBefore.contains($0) }.count,
      removed: rowsBefore.subtracting(rows).count)
  }
}
