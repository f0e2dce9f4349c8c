import Diffable

extension SwiftCode {
  /// The Swift of an outliner's bulk command (`expand --all`, `--depth`, `reveal`, `filter`,
  /// `rename`, `duplicate`, `sort`, `import`): app code, one snapshot and one apply.
  ///
  /// A change of expansion alone is `expand(_:)` and `collapse(_:)` of the items whose state
  /// changed; a change of items is the snapshot the app builds from its model (UIKit has no
  /// rename, copy or sort), then the apply. In a batch, the working copy changes, with no apply.
  ///
  /// - Complexity: O(*n*) in the items of the section.
  static func rebuilt(
    _ what: String, _ before: SwiftState, _ after: SwiftState,
    command: Command.EditingCommand? = nil
  ) -> [String] {
    let section = before.editedSection
    let old = before.outline
    let new = after.outline
    let lines = [comment(what + ": the app's own code, one apply and no handler calls")]
    if old.items == new.items {
      let wasExpanded = Set(old.expandedItems)
      let isExpanded = Set(new.expandedItems)
      let expanded = new.expandedItems.filter { !wasExpanded.contains($0) }
      let collapsed = old.expandedItems.filter { !isExpanded.contains($0) }
      guard !expanded.isEmpty || !collapsed.isEmpty else {
        return lines + [comment("nothing to change")]
      }
      var calls: [String] = []
      if !expanded.isEmpty { calls.append("snapshot.expand(\(array(expanded)))") }
      if !collapsed.isEmpty { calls.append("snapshot.collapse(\(array(collapsed)))") }
      if before.batchSection != nil { return lines + calls }
      return lines + ["var snapshot = dataSource.snapshot(for: \(literal(section)))"] + calls
        + ["dataSource.apply(snapshot, to: \(literal(section)))"]
    }
    if let calls = subtreeCalls(command, before, after) {
      // Calls on the one subtree the command changed, each a section snapshot call.
      if before.batchSection != nil { return lines + ["do {"] + calls.map { "  " + $0 } + ["}"] }
      return lines + ["var snapshot = dataSource.snapshot(for: \(literal(section)))"] + calls
        + ["dataSource.apply(snapshot, to: \(literal(section)))"]
    }
    let building = SwiftTestEmitter.building(new)
    if before.batchSection != nil {
      return lines + ["snapshot = {"] + building.map { "  " + $0 } + ["  return snapshot", "}()"]
    }
    return lines + building + ["dataSource.apply(snapshot, to: \(literal(section)))"]
  }

  /// The section snapshot calls of `rename`, `duplicate` and `sort PARENT`, which change one
  /// subtree, on `snapshot`; nil for the other commands (the app rebuilds the snapshot) and for
  /// one that changed nothing.
  ///
  /// - `rename ITEM NEW`: as the session does it, `insert(_:before:)` of NEW, `delete(_:)` of
  ///   ITEM, its children put back with `replace(childrenOf:using:)` and its expansion.
  /// - `duplicate ITEM`: `insert(_:after:)` of the copy, and its descendants, built as a
  ///   snapshot of their own, by `replace(childrenOf:using:)`.
  /// - `sort PARENT`: the children in their new order with their subtrees, built as a snapshot,
  ///   by `replace(childrenOf:using:)`.
  ///
  /// - Complexity: O(*k*) in the items of the subtree.
  static func subtreeCalls(
    _ command: Command.EditingCommand?, _ before: SwiftState, _ after: SwiftState
  ) -> [String]? {
    let old = before.outline
    let new = after.outline
    switch command {
    case .rename(let item, let name):
      guard old.contains(item), new.contains(name), !new.contains(item) else { return nil }
      let hasChildren = !((try? old.children(of: item)) ?? []).isEmpty
      var calls: [String] = []
      if hasChildren { calls.append("let children = snapshot.snapshot(of: \(literal(item)))") }
      calls.append("snapshot.insert(\(array([name])), before: \(literal(item)))")
      calls.append("snapshot.delete(\(array([item])))")
      if hasChildren {
        calls.append("snapshot.replace(childrenOf: \(literal(name)), using: children)")
      }
      if (try? new.isExpanded(name)) == true { calls.append("snapshot.expand(\(array([name])))") }
      return calls
    case .duplicate(let item, _):
      // `try?` flattens: nil is a root's parent (the item is known to be there).
      guard old.contains(item), let siblings = try? new.children(of: try? old.parent(of: item)),
        let at = siblings.firstIndex(of: item), at + 1 < siblings.count,
        !old.contains(siblings[at + 1])
      else { return nil }
      let copy = siblings[at + 1]
      var calls = ["snapshot.insert(\(array([copy])), after: \(literal(item)))"]
      calls += replacingChildren(of: copy, in: new)
      if (try? new.isExpanded(copy)) == true { calls.append("snapshot.expand(\(array([copy])))") }
      return calls
    case .sort(.some(let parent), _):
      guard old.contains(parent), (try? old.children(of: parent)) != (try? new.children(of: parent))
      else { return nil }
      return replacingChildren(of: parent, in: new)
    default:
      return nil
    }
  }

  /// `parent`'s descendants in `outline` built as a snapshot of their own (`children`), then
  /// `replace(childrenOf:using:)`; nothing for a leaf.
  private static func replacingChildren(
    of parent: String, in outline: SectionSnapshot<String>
  ) -> [String] {
    guard let descendants = try? outline.snapshot(of: parent), descendants.count > 0 else {
      return []
    }
    return SwiftTestEmitter.building(descendants, as: "children")
      + ["snapshot.replace(childrenOf: \(literal(parent)), using: children)"]
  }
}
