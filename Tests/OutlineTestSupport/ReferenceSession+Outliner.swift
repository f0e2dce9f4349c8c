import Diffable

extension ReferenceSession {
  /// The outliner's moves of SPEC §3, written from the man page's sentences: `expand --all`,
  /// `collapse --all` and `expand --depth` set flags in code (a rule holds the item it names),
  /// `reveal` expands the collapsed ancestors (a `no-expand` rule on one refuses), `move ITEM
  /// up|down` reorders before the previous or after the next sibling (none: `invalidMove`; a
  /// hidden item: `notVisible`), and `rename` swaps the identifier in place (taken anywhere:
  /// `duplicateItem`).
  mutating func executeOutliner(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    var edited = outline
    switch command {
    case .all(let item, let expanding):
      if let item, !outline.contains(item) { throw Failure(.unknownItem) }
      // With no item, the view's parents: the focus's descendants with a focus.
      for row in (item == nil ? view : outline).rows where row.hasChildren {
        if let item, row.item != item, !ancestors(of: row.item, in: outline).contains(item) {
          continue
        }
        guard allows(expanding ? .noExpand : .noCollapse, row.item) else { continue }
        if expanding { edited.expand([row.item]) } else { edited.collapse([row.item]) }
      }
    case .depth(let depth):
      for row in view.rows {
        let wanted = row.hasChildren && row.level < depth - 1
        guard row.isExpanded != wanted, allows(wanted ? .noExpand : .noCollapse, row.item)
        else { continue }
        if wanted { edited.expand([row.item]) } else { edited.collapse([row.item]) }
      }
    case .reveal(let items):
      for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
      for item in items {
        for ancestor in ancestors(of: item, in: outline) where !outline.expanded.contains(ancestor)
        {
          guard allows(.noExpand, ancestor) else { throw Failure(.refused) }
          edited.expand([ancestor])
        }
      }
    case .shift(let item, let up):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      try requireVisible(item, in: outline)
      let siblings = try attempt { () throws(SnapshotError) in try outline.siblings(of: item) }
      let index = siblings.firstIndex(of: item)! + (up ? -1 : 1)
      guard siblings.indices.contains(index) else { throw Failure(.invalidMove) }
      try reorder(item, to: up ? .before(siblings[index]) : .after(siblings[index]))
      return
    case .rename(let item, let new):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      guard new != item else { return }
      let elsewhere = sections.contains { $0.name != current && $0.outline.contains(new) }
      guard !outline.contains(new), !elsewhere else { throw Failure(.duplicateItem) }
      try attempt { () throws(SnapshotError) in
        let children = try outline.snapshot(of: item)
        try edited.insert([new], before: item)
        try edited.delete([item])
        try edited.replace(childrenOf: new, using: children)
      }
      if outline.expanded.contains(item) { edited.expand([new]) }
      // The title moves with the item (one that was the identifier follows it).
      if let title = titles.removeValue(forKey: item) { titles[new] = title }
      if focus == item { focus = new }
      if let list = attributes.removeValue(forKey: item) { attributes[new] = list }
      made = new
    default:
      preconditionFailure("not an outliner command: \(command)")
    }
    try commit(edited)
  }

  /// The ancestors of `item`, its parent first.
  func ancestors(of item: String, in outline: ReferenceOutline<String>) -> [String] {
    var result: [String] = []
    var current = try? outline.parent(of: item)
    while let parent = current {
      result.append(parent)
      current = try? outline.parent(of: parent)
    }
    return result
  }
}
