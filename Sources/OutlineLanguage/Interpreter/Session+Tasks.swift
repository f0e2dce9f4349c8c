import Diffable

extension Session {
  /// `check ITEM...`, `uncheck ITEM...`: makes each item a task that is done (`[x]`) or not
  /// (`[ ]`), an item that was no task included; `attr ITEM _status --delete` makes it no task.
  ///
  /// The state is the item's `_status` attribute (`checked`, `unchecked`), as OmniOutliner
  /// writes it in OPML and a Markdown list item's box is read into (`TaskBox`). It is content,
  /// not identity: the visible items that changed are reconfigured in one apply
  /// (`reconfigureItems(_:)`), as `retitle` reconfigures one; an item already so is left alone.
  ///
  /// - Throws: `unknownItem` for an item the section does not have; `refused` when the
  ///   section's file is indented text, which has no task boxes (`refuseUnholdable`). Nothing
  ///   changes then.
  /// - Complexity: O(*k* (log *n* + *a*)) for *k* items with *a* attributes, plus the apply.
  func check(_ items: [String], checked: Bool, into outcome: inout Outcome) throws(CommandError) {
    for item in items where !outline.contains(item) { throw failure(.itemNotFound(item)) }
    var seen: Set<String> = []
    let changed = items.filter { seen.insert($0).inserted && contents[$0].taskState != checked }
    let word = checked ? "checked" : "unchecked"
    guard !changed.isEmpty else {
      outcome.note =
        (items.count == 1 ? "\(Quoting.word(items[0])) is" : "the items are")
        + " already \(word): nothing changed"
      return
    }
    try refuseUnholdable(
      Attribute(name: "_status", value: word),
      change: "\(checked ? "check" : "uncheck") \(Quoting.word(changed[0]))")
    for item in changed { contents[item].taskState = checked }
    let snapshot = dataSource.snapshot()
    let visible = changed.filter { snapshot.indexOfItem($0) != nil }
    let hidden = changed.count - visible.count
    guard batch == nil else {
      outcome.note =
        "in the batch: \(Self.count(changed.count, "item")) \(word) at once, and no cell is "
        + "reconfigured (apply makes the transaction)"
      return
    }
    if hidden > 0 {
      outcome.note =
        "\(Self.count(hidden, "hidden item")) \(word): no cell is reconfigured for "
        + (hidden == 1 ? "it" : "them") + " (reconfigureItems takes visible items only)"
    }
    guard !visible.isEmpty else { return }
    try reconfigure(visible, of: snapshot, into: &outcome)
  }
}

extension Session {
  /// Makes each of `items`, just added to a section read from Markdown (in the outline's
  /// order), a task that is not done when the list it joins is a task list.
  ///
  /// The list is a task list when the sibling the item is written beside is a task: its
  /// previous sibling, else its next, passing over the items added with it (`insert A B before
  /// X` looks at X for both). A new item in a task list is a task, as a checklist's new row
  /// is, so that `show` and `check` see the box a save writes (`- [ ] `), not only the file
  /// after a reload.
  ///
  /// An item that is already a task, or that has a line of a file (a pasted or imported one,
  /// which keeps its own box), is left as it is; so is every item of a section with no
  /// Markdown file, which is no file's list.
  ///
  /// - Complexity: O(*k* log *n*) for *k* items.
  func giveTaskBoxes(to items: [String]) {
    guard contents.sources[section]?.format == .markdown else { return }
    let outline = self.outline
    let added = Set(items)
    var inTaskList: [String: Bool] = [:]
    for item in items {
      // The sibling first: in a list that is no task list, that is all it looks up.
      let before = (try? outline.previousSibling(of: item)) ?? nil
      let isTaskList: Bool
      if let before, let known = inTaskList[before] {
        isTaskList = known  // added just before it, into the same list
      } else if let before, !added.contains(before) {
        isTaskList = contents[before].taskState != nil
      } else {
        // A first child: its first next sibling not added with it (once a run: the items
        // after it in the run are decided by it).
        var after = Self.nextSibling(of: item, in: outline)
        while let next = after, added.contains(next) {
          after = Self.nextSibling(of: next, in: outline)
        }
        isTaskList = after.map { contents[$0].taskState != nil } ?? false
      }
      inTaskList[item] = isTaskList
      guard isTaskList else { continue }
      let content = contents[item]
      guard content.taskState == nil, content.sourceNode == nil else { continue }
      contents[item].taskState = false
    }
  }

  /// `item`'s next sibling in `outline`: the row after its subtree, when at its level.
  ///
  /// - Complexity: O(log *n*).
  private static func nextSibling(of item: String, in outline: SectionSnapshot<String>)
    -> String?
  {
    guard let level = try? outline.level(of: item),
      let end = outline.descendantRanges(of: item)?.items.upperBound, end < outline.count,
      outline.row(at: end).level == level
    else { return nil }
    return outline.row(at: end).item
  }
}
