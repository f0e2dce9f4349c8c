import Diffable

extension ReferenceSession {
  /// `expand`/`collapse`: with `force`, set or clear the flags (no rules); otherwise a tap on
  /// each item in turn, as SEMANTICS.md's disclosure action describes.
  ///
  /// Every item must be in the outline (`unknownItem`, before anything). A tap on an item already
  /// in the wanted state does nothing. A tap that expands asks the `no-expand` rules (`refused`),
  /// then, for an item with no children, the first `lazy` rule matching it supplies its children
  /// (unless they repeat an item), which must be new everywhere (`duplicateItem`). A tap that
  /// collapses asks the `no-collapse` rules. Without `force`, every item must be visible when
  /// its turn comes, the taps before it done (`notVisible`, before any rule is asked).
  mutating func toggle(_ items: [String], expanding: Bool, force: Bool) throws(Failure) {
    for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
    var edited = outline
    if force {
      if expanding { edited.expand(items) } else { edited.collapse(items) }
      try commit(edited)
      return
    }
    var flags = outline
    for item in items {
      try requireVisible(item, in: flags)
      if expanding { flags.expand([item]) } else { flags.collapse([item]) }
    }
    for item in items {
      let isExpanded = try attempt { () throws(SnapshotError) in try edited.isExpanded(item) }
      if isExpanded == expanding { continue }
      if expanding {
        guard allows(.noExpand, item) else { throw Failure(.refused) }
        let hasChildren = try attempt { () throws(SnapshotError) in try edited.hasChildren(item) }
        if !hasChildren, let children = lazyChildren(of: item),
          Set(children).count == children.count
        {
          var loaded = ReferenceOutline<String>()
          try attempt { () throws(SnapshotError) in try loaded.append(children) }
          try attempt { () throws(SnapshotError) in
            try edited.replace(childrenOf: item, using: loaded)
          }
        }
        edited.expand([item])
      } else {
        guard allows(.noCollapse, item) else { throw Failure(.refused) }
        edited.collapse([item])
      }
      try commit(edited)
    }
  }

  /// `move`, `drag`, `indent`, `outdent`: reorders, refused by the `no-reorder` rules.
  ///
  /// A user drags only a visible item and drops it only beside or into a visible one
  /// (`notVisible`, after the unknown items and before the rules).
  mutating func executeReordering(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    switch command {
    case .move(let item, let target):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      let destination: ReferenceOutline<String>.Destination
      switch target {
      case .before(let anchor):
        guard outline.contains(anchor) else { throw Failure(.unknownItem) }
        destination = .before(anchor)
      case .after(let anchor):
        guard outline.contains(anchor) else { throw Failure(.unknownItem) }
        destination = .after(anchor)
      case .into(let parent):
        guard outline.contains(parent) else { throw Failure(.unknownParent) }
        destination = .lastChild(of: parent)
      case .toRoot:
        destination = .lastRoot
      }
      try requireVisible(item, in: outline)
      switch target {
      case .before(let anchor), .after(let anchor), .into(let anchor):
        try requireVisible(anchor, in: outline)
      case .toRoot:
        break
      }
      try reorder(item, to: destination)
    case .drag(let source, let destination):
      try drag(from: source, to: destination)
    case .indent(let item):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      try requireVisible(item, in: outline)
      let siblings = try attempt { () throws(SnapshotError) in try outline.siblings(of: item) }
      let index = siblings.firstIndex(of: item)!
      guard index > 0 else { throw Failure(.invalidMove) }
      try reorder(item, to: .lastChild(of: siblings[index - 1]))
    case .outdent(let item):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      try requireVisible(item, in: outline)
      let parent = try attempt { () throws(SnapshotError) in try outline.parent(of: item) }
      guard let parent else { throw Failure(.invalidMove) }
      try reorder(item, to: .after(parent))
    default:
      preconditionFailure("not a reordering command: \(command)")
    }
  }

  /// `notVisible` when a collapsed ancestor hides `item` (known to be in `outline`).
  func requireVisible(_ item: String, in outline: ReferenceOutline<String>) throws(Failure) {
    let visible = try attempt { () throws(SnapshotError) in try outline.isVisible(item) }
    guard visible else { throw Failure(.notVisible) }
  }

  /// Asks the `no-reorder` rules, then moves `item`.
  ///
  /// An invalid destination fails after the rules are asked; a move to where the item is
  /// changes nothing. The man page: "a collapsed
  /// item with no children that a command gives its first children (`indent`, `move … to`,
  /// `outdent --in-place`, `append --titled … to`) opens on them", unless a `no-expand` rule
  /// names it.
  mutating func reorder(_ item: String, to destination: ReferenceOutline<String>.Destination)
    throws(Failure)
  {
    guard allows(.noReorder, item) else { throw Failure(.refused) }
    var edited = outline
    switch destination {
    case .firstChild(let parent), .lastChild(let parent):
      if (try? edited.hasChildren(parent)) == false, (try? edited.isExpanded(parent)) == false,
        allows(.noExpand, parent)
      {
        edited.expand([parent])
      }
    case .before, .after, .lastRoot:
      break
    }
    try attempt { () throws(SnapshotError) in try edited.move(item, to: destination) }
    try commit(edited)
  }

  /// `drag ROW ROW`: the bounds, then the `no-reorder` rules, then
  /// `ReferenceOutline.dragged(from:to:)`, which is written from SEMANTICS.md's sentence.
  ///
  /// In a focus the rows are the view's, as `show` numbers them (SPEC §4: rows "see ITEM's
  /// descendants"): both must be rows of the view, the destination counted once the dragged
  /// item's visible descendants are hidden; the drag is then the section's, from the view's
  /// first row on. The dragged item becomes the current item.
  mutating func drag(from source: Int, to destination: Int) throws(Failure) {
    var offset = 0
    if focus != nil {
      let rows = viewVisibleItems
      guard source >= 0, source < rows.count else { throw Failure(.invalidMove) }
      let item = rows[source]
      let hidden = rows[(source + 1)...].prefix { ancestors(of: $0, in: outline).contains(item) }
      guard destination >= 0, destination < rows.count - hidden.count else {
        throw Failure(.invalidMove)
      }
      offset = outline.visibleItems.firstIndex(of: rows[0])!
    }
    guard source >= 0, offset + source < outline.visibleCount,
      let dropped = outline.dragged(from: offset + source, to: offset + destination)
    else { throw Failure(.invalidMove) }
    let item = outline.visibleItem(at: offset + source)
    guard allows(.noReorder, item) else { throw Failure(.refused) }
    try commit(dropped)
    made = item
  }
}
