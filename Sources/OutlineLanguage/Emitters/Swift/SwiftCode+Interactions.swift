import Diffable

extension SwiftCode {
  /// A tap, reorder or drag: a comment saying what the user did, then the handler calls.
  ///
  /// The calls are those UIKit makes to the handlers the app installed. `--force` is the app's
  /// own code: `expand(_:)` or `collapse(_:)` and `apply`, with no handler.
  static func interaction(
    _ command: Command.InteractionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> [String] {
    let parts = interactionParts(command, outcome, before, after)
    let section = before.editedSection
    return parts.head + parts.calls.map { handlerCall($0, section: section) } + parts.tail
  }

  /// `interaction`'s lines in three parts: those before the handler calls, the calls, and
  /// those after them.
  static func interactionParts(
    _ command: Command.InteractionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> (head: [String], calls: [HandlerCall], tail: [String]) {
    let section = before.editedSection
    var lines: [String]
    switch command {
    case .expandAll, .collapseAll, .expandToDepth:
      let (heading, lines) = rebuilt(command.description, outcome, before, after)
      return ([heading] + lines, [], [])
    case .shift(let item, let direction):
      let way = direction == .up ? "above" : "below"
      guard let destination = reorderDestination(outcome.effect) else {
        // Refused before any reorder: no handler runs.
        let why =
          outcome.error?.code == .invalidMove
          ? "there is no sibling \(way) it to drag it over"
          : "outline finds no reorder to make"
        return (
          [
            comment(
              "The user would drag \(Quoting.word(item)) \(way) its sibling, but \(why): "
                + "UIKit calls no handler")
          ], [], []
        )
      }
      if let caveat = reorderCaveat(item, outcome, before, after) {
        lines = [
          comment(
            "reorder(\(literal(item)), to: \(destinationText(destination))) moves "
              + "\(Quoting.word(item)) \(way) its sibling: \(caveat); UIKit calls:")
        ]
      } else {
        lines = [
          comment(
            "The user drags \(Quoting.word(item)) \(way) its sibling, a reorder to "
              + "\(destinationText(destination)); UIKit calls:")
        ]
      }
    case .expand(let items, true), .collapse(let items, true):
      let verb = command.name
      lines = ["snapshot.\(verb)(\(array(items)))"]
      if before.batchSection == nil {
        lines.insert("var snapshot = dataSource.snapshot(for: \(literal(section)))", at: 0)
        lines.append("dataSource.apply(snapshot, to: \(literal(section)))")
      }
      return (lines, [], [])
    case .expand(let items, false), .collapse(let items, false):
      let words = items.map { Quoting.word($0) }.joined(separator: ", then ")
      lines = [comment("The user taps the outline disclosure of \(words); UIKit calls:")]
    case .move(let item, let destination):
      if let caveat = reorderCaveat(item, outcome, before, after),
        let call = reorderCall(outcome.effect)
      {
        lines = [comment("\(call): \(caveat); UIKit calls:")]
      } else {
        lines = [
          comment(
            "The user drags \(Quoting.word(item)) and drops it \(destination.description); "
              + "UIKit calls:")
        ]
      }
    case .drag(let from, let to):
      lines = dragLines(
        "The user drags row \(from) of \(Quoting.word(section)) to row \(to)", outcome)
    case .dragAcross(let from, let to):
      lines = dragLines(
        "The user drags row \(from.row) of \(Quoting.word(from.section)) to row \(to.row) of "
          + "\(Quoting.word(to.section))", outcome)
    case .reorderEach:
      var drops = "no reorder"
      if case .reorders(let reorders) = outcome.effect, !reorders.isEmpty {
        drops = reorders.map { Quoting.word($0.item) + " to " + destinationText($0.destination) }
          .joined(separator: ", then ")
      }
      lines = [
        comment(
          "An outline editor's \(command.description) is one reorder per item, in order: "
            + "\(drops); UIKit calls:")
      ]
    case .indent(let item), .outdent(let item):
      guard let destination = reorderDestination(outcome.effect) else {
        // Refused before any reorder: no handler runs.
        return (
          [
            comment(
              "An outline editor's \(command.name) of \(Quoting.word(item)) makes no reorder: "
                + "UIKit calls no handler")
          ], [], []
        )
      }
      lines = [
        comment(
          "An outline editor's \(command.name) of \(Quoting.word(item)) is a reorder to "
            + "\(destinationText(destination)); UIKit calls:")
      ]
    }
    if outcome.ok {
      lines = openingLines(outcome.effect, section: section) + lines
    }
    // Refused before UIKit would ask any handler (an unknown item, a row that is not there):
    // the sentence says so rather than end on calls that do not follow.
    if !outcome.ok, outcome.handlers.isEmpty, let last = lines.last,
      last.hasSuffix("; UIKit calls:")
    {
      lines[lines.count - 1] = String(last.dropLast(":".count)) + " no handler"
    }
    var tail: [String] = []
    if outcome.ok {
      if outcome.transaction != nil {
        tail.append(appliedComment)
      } else if let note = outcome.note {
        tail.append(comment("no change: \(note)"))
      }
    }
    return (lines, outcome.handlers, tail)
  }

  /// The comment after the handler calls of a gesture that changed the rows: worked out once.
  static let appliedComment = comment("then UIKit applies the change and animates the rows")

  /// The code that expanded the collapsed leaves a reorder gave their first children, before
  /// the drops (`Session+Opening.swift`): no handler, no row changes.
  static func openingLines(_ effect: Effect, section: String) -> [String] {
    let openings: [(item: String, parent: String)]
    switch effect {
    case .reorder(let item, _, let opening?): openings = [(item, opening)]
    case .reorders(let reorders):
      openings = reorders.compactMap { reorder in reorder.opening.map { (reorder.item, $0) } }
    default: openings = []
    }
    return openings.flatMap { item, parent in
      [
        comment(
          "\(Quoting.word(parent)) has no children yet: the editor expands it in code (no "
            + "handler) before \(Quoting.word(item)) is dropped under it, so that it stays on a row"
        ),
        "var snapshot = dataSource.snapshot(for: \(literal(section)))",
        "snapshot.expand(\(array([parent])))",
        "dataSource.apply(snapshot, to: \(literal(section)))",
      ]
    }
  }

  /// One handler call as the Swift UIKit runs: the closure the app installed, called.
  static func handlerCall(_ call: HandlerCall, section: String) -> String {
    var line = ""
    write(call, to: &line)
    return line
  }

  /// Writes `handlerCall(call, section:)` to `line`: a string, or the page's JSON.
  ///
  /// - Complexity: O(*m*) in the call's identifiers.
  static func write<Text: SwiftText>(_ call: HandlerCall, to line: inout Text) {
    // The handlers' path and name written one after the other, and the answer's comment a
    // literal: no string is built for the call.
    func called(
      _ handlers: String, _ handler: String, _ item: String, returning result: Bool? = nil
    ) {
      line.appendSource(handlers)
      line.appendSource(handler)
      line.appendSource("?(")
      line.appendLiteral(item)
      switch result {
      case nil: line.appendSource(")")
      case true?: line.appendSource(")  // true")
      case false?: line.appendSource(")  // false")
      }
    }
    let sectionHandlers = "dataSource.sectionSnapshotHandlers."
    let reordering = "dataSource.reorderingHandlers."
    switch call {
    case .shouldExpandItem(let item, let result):
      called(sectionHandlers, "shouldExpandItem", item, returning: result)
    case .willExpandItem(let item):
      called(sectionHandlers, "willExpandItem", item)
    case .snapshotForExpandingParent(let item, let current, let result):
      line.appendSource(sectionHandlers)
      line.appendSource("snapshotForExpandingParent?(")
      line.appendLiteral(item)
      line.appendSource(", current)  // current: ")
      line.appendItems(of: current)
      line.appendSource(", returns ")
      line.appendItems(of: result)
    case .shouldCollapseItem(let item, let result):
      called(sectionHandlers, "shouldCollapseItem", item, returning: result)
    case .willCollapseItem(let item):
      called(sectionHandlers, "willCollapseItem", item)
    case .canReorderItem(let item, let result):
      called(reordering, "canReorderItem", item, returning: result)
    case .willReorder:
      line.appendSource(reordering)
      line.appendSource("willReorder?(transaction)")
    case .didReorder:
      line.appendSource(reordering)
      line.appendSource("didReorder?(transaction)")
    }
  }

  /// The comment of a drag that `gesture` describes: with a lift, what it did before the drop.
  static func dragLines(_ gesture: String, _ outcome: Outcome) -> [String] {
    guard let lifted = outcome.steps.first?.lifted else {
      return [comment(gesture + "; UIKit calls:")]
    }
    let item = Quoting.word(lifted)
    return [
      comment(
        "\(gesture): lifting \(item) collapses it first, a change UIKit applies on its own with "
          + "no handler (a drag is no tap on the disclosure: no shouldCollapseItem, no "
          + "willCollapseItem);"),
      comment("then the drop, whose transaction starts from \(item) collapsed; UIKit calls:"),
    ]
  }

  /// What a reorder (`move`) of `item` does that a user's drag would not, as a clause of
  /// `--swift`'s comment; nil when a drag would do the same.
  ///
  /// A reorder keeps an expanded parent expanded, its rows moving with it, where a drag
  /// collapses it first; and it may put the item under a collapsed parent, where a drag drops by
  /// its neighbours and cannot.
  static func reorderCaveat(
    _ item: String, _ outcome: Outcome, _ before: SessionState, _ after: SessionState
  ) -> String? {
    guard outcome.ok, outcome.transaction != nil else { return nil }
    let word = Quoting.word(item)
    let outline = before.outline
    if (try? outline.isExpanded(item)) == true, (try? outline.hasChildren(item)) == true {
      return
        "\(word) stays expanded, so its rows move with it (a user's drag would collapse "
        + "\(word) first and move its row alone: see drag)"
    }
    let moved = after.outline
    guard moved.contains(item), (try? moved.isVisible(item)) == false,
      let parent = try? moved.parent(of: item)
    else { return nil }
    return
      "\(word) goes under collapsed \(Quoting.word(parent)) and is hidden (a user's drag "
      + "drops by its neighbours and cannot drop under a collapsed row)"
  }

  /// The reorder a `move` made, as the simulation's Swift call: `reorder("A", to: .after("B"))`.
  static func reorderCall(_ effect: Effect) -> String? {
    switch effect {
    case .reorder(let item, let destination, _):
      return "reorder(\(literal(item)), to: \(destinationText(destination)))"
    case .reorderAcross(let item, let section, let destination):
      return
        "reorder(\(literal(item)), toSection: \(literal(section)), at: "
        + "\(destinationText(destination)))"
    default:
      return nil
    }
  }

  /// Where a reorder (`move`, `indent`, `outdent`, `move up|down`) dropped its item in its
  /// section, or tried to, as the interpreter resolved it; nil for any other effect.
  static func reorderDestination(_ effect: Effect) -> SectionSnapshot<String>.Destination? {
    guard case .reorder(_, let destination, _) = effect else { return nil }
    return destination
  }

  /// The destination as Swift: `.before("Milk")`, `.lastChild(of: "Food")`, `.lastRoot`.
  static func destinationText(_ destination: SectionSnapshot<String>.Destination) -> String {
    switch destination {
    case .before(let item): return ".before(\(literal(item)))"
    case .after(let item): return ".after(\(literal(item)))"
    case .firstChild(let parent): return ".firstChild(of: \(literal(parent)))"
    case .lastChild(let parent): return ".lastChild(of: \(literal(parent)))"
    case .lastRoot: return ".lastRoot"
    }
  }
}
