import Diffable

extension ReferenceSession {
  /// `indent`, `outdent` and `move` of several items, and `outdent --in-place`, written from
  /// SPEC §4's sentence: one reorder per item (each asking the `no-reorder` rules), the items
  /// in the outline's order with those inside another named item's subtree left to move with
  /// it (for `--in-place`, each item as given), all or nothing.
  ///
  /// `move … after X` places each item after the one before it (the first after X), `move … to
  /// P` and `to-root` likewise after the last child (root) that is not moved (else first);
  /// `move … before X` and `outdent` go last first, each item before the next.
  ///
  /// Checks in order: every item, then the anchor, is in the outline (`unknownItem`, a parent
  /// `unknownParent`); every item, then the anchor, shows (`notVisible`); then, item by item,
  /// whether it can go (`invalidMove`) and the rules (`refused`).
  mutating func reorderEach(_ items: [String], _ reordering: ReferenceCommand.Reordering)
    throws(Failure)
  {
    let outline = outline
    for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
    var anchor: String?
    switch reordering {
    case .move(.before(let item)), .move(.after(let item)):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      anchor = item
    case .move(.into(let parent)):
      guard outline.contains(parent) else { throw Failure(.unknownParent) }
      anchor = parent
    case .move(.toRoot), .indent, .outdent:
      break
    }
    for item in items { try requireVisible(item, in: outline) }
    if let anchor { try requireVisible(anchor, in: outline) }
    // Several items moved beside or into one of them: nowhere to go.
    if let anchor, items.count > 1, items.contains(anchor) { throw Failure(.invalidMove) }
    let saved = self
    do throws(Failure) {
      switch reordering {
      case .indent:
        for item in outermost(items) {
          let siblings = try attempt { () throws(SnapshotError) in
            try self.outline.siblings(of: item)
          }
          let index = siblings.firstIndex(of: item)!
          guard index > 0 else { throw Failure(.invalidMove) }
          try reorder(item, to: .lastChild(of: siblings[index - 1]))
        }
      case .outdent(inPlace: false):
        for item in outermost(items).reversed() {
          let parent = try attempt { () throws(SnapshotError) in try self.outline.parent(of: item) }
          guard let parent else { throw Failure(.invalidMove) }
          try reorder(item, to: .after(parent))
        }
      case .outdent(inPlace: true):
        for item in items {
          let parent = try attempt { () throws(SnapshotError) in try self.outline.parent(of: item) }
          guard let parent else { throw Failure(.invalidMove) }
          let siblings = try attempt { () throws(SnapshotError) in
            try self.outline.siblings(of: item)
          }
          let index = siblings.firstIndex(of: item)!
          for later in siblings[(index + 1)...] { try reorder(later, to: .lastChild(of: item)) }
          try reorder(item, to: .after(parent))
        }
      case .move(.after(let anchor)):
        var previous = anchor
        for item in outermost(items) {
          try reorder(item, to: .after(previous))
          previous = item
        }
      case .move(.into), .move(.toRoot):
        var parent: String?
        if case .move(.into(let item)) = reordering { parent = item }
        let moving = outermost(items)
        let outline = self.outline
        let siblings = outline.items.filter { item in
          let itemParent: String?? = try? outline.parent(of: item)
          return itemParent == .some(parent)
        }
        var previous = siblings.last { !moving.contains($0) }
        for item in moving {
          if let previous {
            try reorder(item, to: .after(previous))
          } else if let parent {
            try reorder(item, to: .firstChild(of: parent))
          } else if let first = self.outline.rootItems.first, first != item {
            try reorder(item, to: .before(first))
          }
          previous = item
        }
      case .move(let target):
        var next: String?
        for item in outermost(items).reversed() {
          let destination: ReferenceOutline<String>.Destination
          switch (next, target) {
          case (let next?, _): destination = .before(next)
          case (nil, .before(let anchor)), (nil, .after(let anchor)), (nil, .into(let anchor)):
            destination = .before(anchor)
          case (nil, .toRoot): destination = .lastRoot
          }
          try reorder(item, to: destination)
          next = item
        }
      }
    } catch {
      self = saved
      throw error
    }
  }

  /// The items named, once each, in the outline's order, without those under another of them.
  func outermost(_ items: [String]) -> [String] {
    let named = Set(items)
    return outline.items.filter { item in
      guard named.contains(item) else { return false }
      var parent = try? outline.parent(of: item)
      while let current = parent {
        if named.contains(current) { return false }
        parent = try? outline.parent(of: current)
      }
      return true
    }
  }
}
