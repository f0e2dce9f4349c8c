import Diffable

extension Session {
  /// Runs a user interaction: disclosure taps through the section snapshot handlers, reorders
  /// and drags through `canReorderItem`, `willReorder` and `didReorder`.
  ///
  /// A batch's working copy takes no interaction (`--force` is no interaction: it edits).
  func execute(_ command: Command.InteractionCommand, into outcome: inout Outcome)
    throws(CommandError)
  {
    if batch != nil, command.isUserInteraction {
      throw CommandError(because: .interactionInBatch(command: command.name))
    }
    switch command {
    case .expand(let items, let force):
      try toggle(items, expanding: true, force: force, into: &outcome)
      noteBatch(into: &outcome)
    case .collapse(let items, let force):
      try toggle(items, expanding: false, force: force, into: &outcome)
      noteBatch(into: &outcome)
    case .move(let item, .intoSection(let name, let placement)):
      try requireItem(item)
      guard dataSource.index(for: name) != nil else { throw failure(.sectionNotFound(name)) }
      if let anchor = placement?.anchor, !dataSource.snapshot(for: name).contains(anchor) {
        throw failure(.itemNotFound(anchor))
      }
      try requireVisible(command)
      let place: SectionSnapshot<String>.Destination
      switch placement {
      case .before(let anchor)?: place = .before(anchor)
      case .after(let anchor)?: place = .after(anchor)
      case nil: place = .lastRoot
      }
      outcome.effect = .reorderAcross(item, toSection: name, at: place)
      try interact("move", item, into: &outcome) { () throws(SnapshotError) in
        try dataSource.reorder(item, toSection: name, at: place)
      }
    case .move(let item, let destination):
      try requireItem(item)
      switch destination {
      case .before(let anchor), .after(let anchor): try requireItem(anchor)
      case .into(let parent): try requireParent(parent)
      case .toRoot, .intoSection: break
      }
      try requireVisible(command)
      try reorder(item, to: destination.destination, verb: "move", into: &outcome)
    case .dragAcross(let from, let to):
      // A user touches only what they see: a focus shows none of its section's other rows.
      if focus != nil, from.section == section || to.section == section {
        throw CommandError(because: .dragAcrossInFocus(focus: focusPath))
      }
      let rows = dataSource.snapshot(for: from.section)
      let item =
        from.row >= 0 && from.row < rows.visibleCount ? rows.visibleItem(at: from.row) : nil
      let name = item ?? "row \(from.row) of \(Quoting.word(from.section))"
      outcome.effect = .dragAcross(from: from, to: to)
      try drag(name, lifting: item, into: &outcome) { () throws(SnapshotError) in
        try dataSource.drag(fromRow: from.row, in: from.section, toRow: to.row, in: to.section)
      }
      // A drag names rows: the item on the dragged row is the one it moved.
      madeItem = item
    case .drag(let typedSource, let typedDestination):
      // In a focus the rows are the view's; the data source and every printer take the
      // section's, as UIKit numbers them.
      let (source, destination) = try sectionRows(
        ofDragFrom: typedSource, to: typedDestination)
      if source != typedSource || destination != typedDestination {
        outcome.parsed = .interactions(.drag(from: source, to: destination))
      }
      let rows = outline
      let item = source >= 0 && source < rows.visibleCount ? rows.visibleItem(at: source) : nil
      outcome.effect = .drag(fromRow: source, toRow: destination)
      try drag(item ?? "row \(source)", lifting: item, into: &outcome) {
        () throws(SnapshotError) in
        try dataSource.drag(in: section, fromRow: source, toRow: destination)
      }
      madeItem = item
    case .indent(let item):
      try requireItem(item)
      try requireVisible(command)
      guard let previous = try previousSibling(of: item) else {
        throw CommandError(because: .cannotIndent(item))
      }
      try reorder(item, to: .lastChild(of: previous), verb: "indent", into: &outcome)
    case .outdent(let item):
      try requireItem(item)
      try requireVisible(command)
      guard let parent = try? outline.parent(of: item) else {
        throw CommandError(because: .cannotOutdent(item))
      }
      try reorder(item, to: .after(parent), verb: "outdent", into: &outcome)
    case .expandAll(let item):
      try setAll(expanded: true, under: item, into: &outcome)
      outcome.effect = .rebuild
      noteBatch(into: &outcome)
    case .collapseAll(let item):
      try setAll(expanded: false, under: item, into: &outcome)
      outcome.effect = .rebuild
      noteBatch(into: &outcome)
    case .expandToDepth(let depth):
      try expand(toDepth: depth, into: &outcome)
      outcome.effect = .rebuild
      noteBatch(into: &outcome)
    case .shift(let item, let direction):
      try requireItem(item)
      try requireVisible(command)
      try shift(item, direction, into: &outcome)
    case .reorderEach(let items, let reordering):
      try reorderEach(items, reordering, into: &outcome)
    }
  }

  /// `expand`/`collapse`: a disclosure tap on each item in turn, or with `force` a programmatic
  /// `expand(_:)`/`collapse(_:)` and apply (no handlers).
  ///
  /// An item already in the wanted state is skipped with a note and no handler call. Each tap
  /// that changes rows is a transaction of its own (`Outcome.steps`); the history records the
  /// command as one change. Unknown items are an error before anything happens, and so is a tap
  /// on a row a collapsed ancestor hides (`notVisible`, the taps before it counted as done); a
  /// refused tap undoes the taps before it.
  func toggle(_ items: [String], expanding: Bool, force: Bool, into outcome: inout Outcome)
    throws(CommandError)
  {
    for item in items { try requireItem(item) }
    if !force,
      let hidden = HiddenRow.tapping(items, expanding: expanding, in: outline, section: section)
    {
      throw CommandError(because: .notVisible(hidden))
    }
    let state = expanding ? "expanded" : "collapsed"
    // The items skipped because they were in that state already, in the order of `items`.
    var already: [String] = []
    if force {
      already = items.filter { isExpanded($0, in: outline) == expanding }
      var edited = outline
      if expanding { edited.expand(items) } else { edited.collapse(items) }
      outcome.effect = .edit([expanding ? .expand(items) : .collapse(items)])
      outcome.transaction = try commit(edited)
    } else {
      var steps = GestureSteps(from: dataSource.snapshot())
      var taps: [String] = []
      // What the command tapped, refused or failed tap included (set once: assigning it at
      // each tap would copy the list each time).
      defer { if !taps.isEmpty { outcome.effect = .taps(taps) } }
      for item in items {
        if isExpanded(item, in: outline) == expanding {
          already.append(item)
          continue
        }
        taps.append(item)
        // A refused tap undoes the taps before it, so that the command fails as a whole.
        try perform(
          { () throws(SnapshotError) in try dataSource.toggleDisclosure(of: item) }, in: &steps,
          refusal: refused(expanding ? "expand" : "collapse", item, expanding ? .expand : .collapse)
        )
      }
      // Each tap is a transaction of its own, as UIKit applies each; the history keeps the
      // command as one step, so that `undo` undoes all of it.
      finish(steps, into: &outcome)
    }
    var notes = already.map { "\($0) is already \(state)" }
    // A leaf's disclosure changes no row: say what did change.
    let final = outline
    let skipped = Set(already)
    for item in items where !skipped.contains(item) && (try? final.hasChildren(item)) == false {
      if isExpanded(item, in: final) == expanding {
        notes.append("\(item) has no children: only its expanded state changed")
      }
    }
    if !notes.isEmpty { outcome.note = notes.joined(separator: "\n") }
  }

  /// `move ITEM up|down`: a reorder that drops the item (with its subtree) before its previous
  /// sibling or after its next one.
  ///
  /// - Throws: `unknownItem`; `invalidMove` when there is no sibling that way (the first or last
  ///   child, or root); `refused` when a `no-reorder` rule names the item.
  /// - Complexity: O((*d* + *k*) log *n*) for an item at depth *d* with *k* descendants.
  func shift(_ item: String, _ direction: Command.Direction, into outcome: inout Outcome)
    throws(CommandError)
  {
    try requireItem(item)
    let outline = outline
    let index = outline.index(of: item)!
    let level = (try? outline.level(of: item)) ?? 0
    var sibling: String?
    switch direction {
    case .up where index > 0:
      // The row above is the previous sibling, one of its descendants, or the parent.
      var above: String? = outline.item(at: index - 1)
      while let candidate = above, let candidateLevel = try? outline.level(of: candidate),
        candidateLevel > level
      {
        above = try? outline.parent(of: candidate)
      }
      if let above, (try? outline.level(of: above)) == level { sibling = above }
    case .down:
      let end = index + 1 + ((try? outline.snapshot(of: item).count) ?? 0)
      if end < outline.count, (try? outline.level(of: outline.item(at: end))) == level {
        sibling = outline.item(at: end)
      }
    case .up:
      break
    }
    guard let sibling else {
      throw CommandError(because: .cannotShift(item, direction))
    }
    try reorder(
      item, to: direction == .up ? .before(sibling) : .after(sibling), verb: "move",
      into: &outcome)
  }

  /// Throws `notVisible` when the user's gesture `command` needs a row that a collapsed
  /// ancestor hides (`Command.InteractionCommand.hiddenRow(in:)`), before any handler is asked.
  func requireVisible(_ command: Command.InteractionCommand) throws(CommandError) {
    // The applied section's rows, as `state` holds them: what the user sees.
    let hidden = command.hiddenRow(in: section, dataSource.snapshot(for: section)) {
      [dataSource] in dataSource.snapshot(for: $0)
    }
    if let hidden {
      throw CommandError(because: .notVisible(hidden))
    }
  }

  /// Whether `item` (known to be in `outline`) is expanded.
  func isExpanded(_ item: String, in outline: SectionSnapshot<String>) -> Bool {
    (try? outline.isExpanded(item)) ?? false
  }

  /// The sibling just before `item` (the root before it, for a root), which `indent` makes its
  /// parent; nil for a first child.
  ///
  /// - Complexity: O(log *n*) for *n* items in the section, however many siblings it has.
  func previousSibling(of item: String) throws(CommandError) -> String? {
    do {
      return try outline.previousSibling(of: item)
    } catch {
      throw failure(error)
    }
  }

  /// The items that share `item`'s parent (the roots for a root), in order, `item` included.
  ///
  /// - Complexity: O(*c* log *n*) for *c* siblings, not the size of the parent's subtree.
  func siblings(of item: String) throws(CommandError) -> [String] {
    let outline = outline
    do {
      return try outline.children(of: try outline.parent(of: item))
    } catch {
      throw failure(error)
    }
  }

  /// Runs a reorder or drag of `item` through the data source's reordering handlers: its
  /// transaction, a refusal naming the rule, or a note that the item is already there.
  func interact(
    _ verb: String, _ item: String, unchanged: String = "is already there",
    into outcome: inout Outcome,
    _ interaction: () throws(SnapshotError) -> InteractionResult<String, String>
  ) throws(CommandError) {
    let result: InteractionResult<String, String>
    do {
      result = try interaction()
    } catch {
      throw failure(error)
    }
    switch result {
    case .applied(let transaction): outcome.transaction = Self.nonEmpty(transaction)
    case .refused: throw refused(verb, item, .reorder)
    case .unchanged: outcome.note = "\(item) \(unchanged)"
    }
  }

  /// Reorders `item` to `destination` through the data source's reordering handlers.
  ///
  /// A collapsed leaf that the drop makes a parent is expanded in code first
  /// (`Session+Opening.swift`): the outcome's transaction then runs from before that expansion,
  /// so that it holds both, and `undo` takes both back.
  func reorder(
    _ item: String, to destination: SectionSnapshot<String>.Destination, verb: String,
    into outcome: inout Outcome
  ) throws(CommandError) {
    var held = HeldItems()
    let opening: String?
    switch destination {
    case .firstChild, .lastChild:
      opening = self.opening(for: destination, in: dataSource.snapshot(for: section), held: &held)
    case .before, .after, .lastRoot:
      opening = nil
    }
    outcome.effect = .reorder(item, to: destination, opening: opening)
    guard let opening else {
      try interact(verb, item, into: &outcome) { () throws(SnapshotError) in
        try dataSource.reorder(item, to: destination)
      }
      noteHeld(held, in: &outcome)
      return
    }
    let initial = dataSource.snapshot()
    try open(opening)
    try interact(verb, item, into: &outcome) { () throws(SnapshotError) in
      try dataSource.reorder(item, to: destination)
    }
    // A failed reorder throws, and the session puts the state back; one that changed nothing
    // leaves nothing opened either.
    if let transaction = outcome.transaction {
      outcome.transaction = transaction.starting(from: initial)
    } else {
      dataSource.apply(initial)
    }
  }
}
