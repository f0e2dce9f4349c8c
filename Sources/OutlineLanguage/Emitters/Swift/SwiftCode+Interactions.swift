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
    let section = before.editedSection
    var lines: [String]
    switch command {
    case .expandAll, .collapseAll, .expandToDepth:
      let (heading, lines) = rebuilt(command.description, outcome, before, after)
      return [heading] + lines
    case .shift(let item, let direction):
      let destination = reorderDestination(outcome.effect).map(destinationText) ?? "?"
      lines = [
        comment(
          "The user drags \(Quoting.word(item)) \(direction == .up ? "above" : "below") its "
            + "sibling, a reorder to \(destination); UIKit calls:")
      ]
    case .expand(let items, true), .collapse(let items, true):
      let verb = command.name
      lines = ["snapshot.\(verb)(\(array(items)))"]
      if before.batchSection == nil {
        lines.insert("var snapshot = dataSource.snapshot(for: \(literal(section)))", at: 0)
        lines.append("dataSource.apply(snapshot, to: \(literal(section)))")
      }
      return lines
    case .expand(let items, false), .collapse(let items, false):
      let words = items.map { Quoting.word($0) }.joined(separator: ", then ")
      lines = [comment("The user taps the outline disclosure of \(words); UIKit calls:")]
    case .move(let item, let destination):
      lines = [
        comment(
          "The user drags \(Quoting.word(item)) and drops it \(destination.description); "
            + "UIKit calls:")
      ]
    case .drag(let from, let to):
      lines = [
        comment("The user drags row \(from) of \(Quoting.word(section)) to row \(to); UIKit calls:")
      ]
    case .dragAcross(let from, let to):
      lines = [
        comment(
          "The user drags row \(from.row) of \(Quoting.word(from.section)) to row \(to.row) of "
            + "\(Quoting.word(to.section)); UIKit calls:")
      ]
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
      let destination = reorderDestination(outcome.effect).map(destinationText) ?? "?"
      lines = [
        comment(
          "An outline editor's \(command.name) of \(Quoting.word(item)) is a reorder to "
            + "\(destination); UIKit calls:")
      ]
    }
    lines += outcome.handlers.map { handlerCall($0, section: section) }
    if outcome.ok {
      if outcome.transaction != nil {
        lines.append(comment("then UIKit applies the change and animates the rows"))
      } else if let note = outcome.note {
        lines.append(comment("no change: \(note)"))
      }
    }
    return lines
  }

  /// One handler call as the Swift UIKit runs: the closure the app installed, called.
  static func handlerCall(_ call: HandlerCall, section: String) -> String {
    let sectionHandlers = "dataSource.sectionSnapshotHandlers."
    let reordering = "dataSource.reorderingHandlers."
    switch call {
    case .shouldExpandItem(let item, let result):
      return sectionHandlers + "shouldExpandItem?(\(literal(item)))  // \(result)"
    case .willExpandItem(let item):
      return sectionHandlers + "willExpandItem?(\(literal(item)))"
    case .snapshotForExpandingParent(let item, let current, let result):
      return sectionHandlers
        + "snapshotForExpandingParent?(\(literal(item)), current)  // current: "
        + "\(array(current.items)), returns \(array(result.items))"
    case .shouldCollapseItem(let item, let result):
      return sectionHandlers + "shouldCollapseItem?(\(literal(item)))  // \(result)"
    case .willCollapseItem(let item):
      return sectionHandlers + "willCollapseItem?(\(literal(item)))"
    case .canReorderItem(let item, let result):
      return reordering + "canReorderItem?(\(literal(item)))  // \(result)"
    case .willReorder:
      return reordering + "willReorder?(transaction)"
    case .didReorder:
      return reordering + "didReorder?(transaction)"
    }
  }

  /// Where a reorder (`move`, `indent`, `outdent`, `move up|down`) dropped its item in its
  /// section, or tried to, as the interpreter resolved it; nil for any other effect.
  static func reorderDestination(_ effect: Effect) -> SectionSnapshot<String>.Destination? {
    guard case .reorder(_, let destination) = effect else { return nil }
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
