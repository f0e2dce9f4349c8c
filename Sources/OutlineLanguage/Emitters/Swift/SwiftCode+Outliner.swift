import Diffable

extension SwiftCode {
  /// The Swift of an outliner's bulk command (`expand --all`, `--depth`, `reveal`, `filter`,
  /// `rename`, `duplicate`, `sort`, `import`): app code, one snapshot and one apply.
  ///
  /// The heading comment, then the lines; `awaiting` writes the apply as `await`, for an
  /// `async` test. A change of expansion alone is `expand(_:)` and `collapse(_:)` of the items
  /// whose state changed; a change of items is the snapshot the app builds from its model (UIKit
  /// has no rename, copy or sort), then the apply. In a batch, the working copy changes, with
  /// no apply.
  ///
  /// - Complexity: O(*n*) in the items of the section.
  static func rebuilt(
    _ what: String, _ outcome: Outcome, _ before: SessionState, _ after: SessionState,
    awaiting: Bool = false
  ) -> (heading: String, lines: [String]) {
    let section = before.editedSection
    let old = before.outline
    let new = after.outline
    let heading = comment(what + ": the app's own code, one apply and no handler calls")
    let apply = (awaiting ? "await " : "") + "dataSource.apply(snapshot, to: \(literal(section)))"
    if old.items == new.items {
      let wasExpanded = Set(old.expandedItems)
      let isExpanded = Set(new.expandedItems)
      let expanded = new.expandedItems.filter { !wasExpanded.contains($0) }
      let collapsed = old.expandedItems.filter { !isExpanded.contains($0) }
      guard !expanded.isEmpty || !collapsed.isEmpty else {
        return (heading, [comment("nothing to change")])
      }
      var calls: [String] = []
      if !expanded.isEmpty { calls.append("snapshot.expand(\(array(expanded)))") }
      if !collapsed.isEmpty { calls.append("snapshot.collapse(\(array(collapsed)))") }
      if before.batchSection != nil { return (heading, calls) }
      return (
        heading,
        ["var snapshot = dataSource.snapshot(for: \(literal(section)))"] + calls + [apply]
      )
    }
    if let calls = subtreeCalls(outcome, after) {
      // Calls on the one subtree the command changed, each a section snapshot call.
      if before.batchSection != nil { return (heading, ["do {"] + calls.map { "  " + $0 } + ["}"]) }
      return (
        heading,
        ["var snapshot = dataSource.snapshot(for: \(literal(section)))"] + calls + [apply]
      )
    }
    let building = SwiftTestEmitter.building(new)
    if before.batchSection != nil {
      return (
        heading, ["snapshot = {"] + building.map { "  " + $0 } + ["  return snapshot", "}()"]
      )
    }
    return (heading, building + [apply])
  }

  /// The section snapshot calls of `rename`, `duplicate` and `sort PARENT`, which change one
  /// subtree, on `snapshot`: the calls of the outcome's effect; nil when the command rebuilt
  /// the snapshot or changed nothing.
  ///
  /// - `rename ITEM NEW`: as the session does it, `insert(_:before:)` of NEW, `delete(_:)` of
  ///   ITEM, its children put back with `replace(childrenOf:using:)` and its expansion.
  /// - `duplicate ITEM`: `insert(_:after:)` of the copy, and its descendants, built as a
  ///   snapshot of their own, by `replace(childrenOf:using:)`.
  /// - `sort PARENT`: the children in their new order with their subtrees, built as a snapshot,
  ///   by `replace(childrenOf:using:)`.
  ///
  /// - Complexity: O(*k*) in the items of the subtree.
  static func subtreeCalls(_ outcome: Outcome, _ after: SessionState) -> [String]? {
    guard outcome.ok, case .edit(let calls) = outcome.effect else { return nil }
    return lines(of: calls, after)
  }
}
