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
