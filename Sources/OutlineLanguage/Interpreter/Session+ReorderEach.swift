import Diffable

/// Several items, one command (SPEC §4, "Several items, one transaction"): `indent`, `outdent`
/// and `move` of several items, and `outdent --in-place`.
///
/// UIKit reorders one item a gesture, so a reorder of several items is one reorder per item
/// through `canReorderItem`, `willReorder` and `didReorder`, as `expand A B` is one tap per
/// item: each reorder that changes rows is a step of its own (`Outcome.steps`), and the history
/// keeps the command as one change, so `undo` takes back all of it. A reorder that fails (a
/// refusing handler, an item that cannot go there) puts back the state before the first, so
/// the command changes nothing.
///
/// The items keep their relative order: they are taken in the outline's order, whatever the
/// order typed, and an item inside the subtree of another one named goes along with it rather
/// than on its own (except for `outdent --in-place`, which takes each in turn). Each is placed
/// beside the one placed before it, so that items already where the command puts them are not
/// moved: `outdent` and `move … before` go last first (each right before the next), `move …
/// after` first first, and `move` to a parent or to the roots puts the items after the last
/// child (or root) that is not moved.
extension Session {
  /// Runs `reorderEach`: checks every item, plans the reorders, and runs them one by one.
  ///
  /// - Throws: `unknownItem`, `unknownParent`; `notVisible` before any handler is asked;
  ///   `invalidMove` (`cannotIndent`, `cannotOutdent`, a move into the moved subtree) or
  ///   `refused` when any item's reorder fails, after putting everything back.
  /// - Complexity: O(*k* (*d* + log *n*) log *n*) for *k* items at depth at most *d* in a
  ///   section of *n* items, plus the transactions the reorders make.
  func reorderEach(
    _ items: [String], _ reordering: Command.Reordering, into outcome: inout Outcome
  ) throws(CommandError) {
    for item in items { try requireItem(item) }
    switch reordering {
    case .move(.before(let anchor)), .move(.after(let anchor)): try requireItem(anchor)
    case .move(.into(let parent)): try requireParent(parent)
    case .move, .indent, .outdent, .outdentInPlace: break
    }
    try requireVisible(.reorderEach(items, reordering))
    if case .move(let destination) = reordering, let anchor = destination.anchor,
      items.count > 1, items.contains(anchor)
    {
      throw CommandError(because: .anchorAmongMoved(anchor))
    }
    let moving = reordering == .outdentInPlace ? items : outermostInOrder(items)
    var steps = GestureSteps(from: dataSource.snapshot())
    var done: [Reorder] = []
    defer { outcome.effect = .reorders(done) }
    let name = Command.InteractionCommand.reorderEach(items, reordering).name
    var held = HeldItems()
    func drop(_ item: String, to destination: SectionSnapshot<String>.Destination)
      throws(CommandError)
    {
      let section = dataSource.section(containing: item)
      let wasHidden = section.map { (try? !dataSource.snapshot(for: $0).isVisible(item)) ?? false }
      // A collapsed leaf this drop makes a parent opens first, in code (`Session+Opening`).
      let opening = opening(for: destination, in: outline, held: &held)
      done.append(
        Reorder(item, to: destination, wasHidden: wasHidden ?? false, opening: opening))
      if let opening { try open(opening) }
      try perform(
        { () throws(SnapshotError) in
          // Checked as one gesture above: `outdent --in-place` may drop a later item under a
          // collapsed one before its own turn.
          try dataSource.reorder(item, to: destination, checkingVisibility: false)
        },
        in: &steps, refusal: refused(name, item, .reorder))
    }
    do throws(CommandError) {
      switch reordering {
      case .indent:
        for item in moving {
          guard let previous = try previousSibling(of: item) else {
            throw CommandError(because: .cannotIndent(item))
          }
          try drop(item, to: .lastChild(of: previous))
        }
      case .outdent:
        // Last first: each lands right after its parent's subtree, before the ones outdented
        // after it.
        for item in moving.reversed() {
          guard let parent = try? outline.parent(of: item) else {
            throw CommandError(because: .cannotOutdent(item))
          }
          try drop(item, to: .after(parent))
        }
      case .outdentInPlace:
        for item in moving {
          guard let parent = try? outline.parent(of: item) else {
            throw CommandError(because: .cannotOutdent(item))
          }
          let siblings = try self.siblings(of: item)
          let index = siblings.firstIndex(of: item)!
          for later in siblings[(index + 1)...] { try drop(later, to: .lastChild(of: item)) }
          try drop(item, to: .after(parent))
        }
      case .move(.after(let anchor)):
        // Each item right after the one placed before it, the first after the anchor.
        var previous = anchor
        for item in moving {
          try drop(item, to: .after(previous))
          previous = item
        }
      case .move(.into), .move(.toRoot):
        // After the last child (or root) that stays, each item after the one before it: items
        // already at the end, in order, are not moved at all.
        let parent: String? = if case .move(.into(let parent)) = reordering { parent } else { nil }
        let siblings: [String]
        if let parent {
          do throws(SnapshotError) {
            siblings = try outline.children(of: parent)
          } catch {
            throw failure(error)
          }
        } else {
          siblings = outline.rootItems
        }
        let named = Set(moving)
        var previous = siblings.last { !named.contains($0) }
        for item in moving {
          if let previous {
            try drop(item, to: .after(previous))
          } else if let parent {
            try drop(item, to: .firstChild(of: parent))
          } else if let first = outline.rootItems.first, first != item {
            try drop(item, to: .before(first))
          }
          previous = item
        }
      case .move(let destination):
        // Before an item: last first, each right before the one placed after it.
        var next: String?
        for item in moving.reversed() {
          try drop(item, to: next.map { .before($0) } ?? destination.destination)
          next = item
        }
      }
    } catch {
      dataSource.apply(steps.initial)
      throw error
    }
    if steps.steps.isEmpty {
      // Nothing moved, so nothing needed opening.
      dataSource.apply(steps.initial)
      outcome.note = "nothing moved: every item is already there"
      return
    }
    finish(steps, into: &outcome)
    // The openings changed no row, but the state before the first drop: one drop's change runs
    // from before them, so that `undo` closes them again (several drops' change already does).
    if steps.steps.count == 1, done.contains(where: { $0.opening != nil }),
      let transaction = outcome.transaction
    {
      outcome.transaction = transaction.starting(from: steps.initial)
    }
    noteHeld(held, in: &outcome)
  }

  /// `items` in the outline's order, without repeats and without an item that lies in the
  /// subtree of another one of them (it moves with that one).
  ///
  /// - Complexity: O(*k* log *k* + *k* *d* log *n*) for *k* items at depth at most *d*.
  func outermostInOrder(_ items: [String]) -> [String] {
    let outline = outline
    let named = Set(items)
    var seen: Set<String> = []
    var kept: [(index: Int, item: String)] = []
    for item in items where seen.insert(item).inserted {
      var ancestor = try? outline.parent(of: item)
      var inside = false
      while let current = ancestor {
        if named.contains(current) {
          inside = true
          break
        }
        ancestor = try? outline.parent(of: current)
      }
      if !inside, let index = outline.index(of: item) { kept.append((index, item)) }
    }
    return kept.sorted { $0.index < $1.index }.map(\.item)
  }
}
