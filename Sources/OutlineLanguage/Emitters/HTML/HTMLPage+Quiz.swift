import Diffable

extension HTMLPage {
  /// The question a step of the page asks before it shows its result (`--emit-html --quiz`, or
  /// the page's switch), with its expected answer: SPEC §4, "Predict, then see".
  ///
  /// The question follows what the step did: a step with handler calls (a tap, a reorder, a
  /// drag) asks which handlers UIKit calls; a step that changed only expansion asks what
  /// `visibleItems` holds after it; any other step that changed the visible rows asks which rows
  /// the collection view inserts, removes or moves. A step that did none of these (a query, a
  /// rule, narration, a failure with no handler call) asks nothing and is shown at once.
  ///
  /// ```swift
  /// // After `append A B C`, the step `move C before A` (a user's reorder) asks
  /// // .calls: canReorderItem, willReorder and didReorder called, the rest not.
  /// // After `append A B C`, `delete B` asks .rows: A stays, B removed, C stays.
  /// ```
  struct Quiz: Equatable {
    /// What the question asks about.
    enum Kind: String {
      /// Which rows the collection view inserts, removes or moves.
      case rows
      /// Which of the data source's handlers UIKit calls.
      case calls
      /// Which items `visibleItems` holds after the step.
      case visible
    }

    /// What the question asks about.
    var kind: Kind
    /// The choices, in the order the page lists them, each with its right answer: for `rows`,
    /// `inserted`, `removed`, `moved` or `stays`; for `calls` and `visible`, `yes` or `no`.
    var choices: [(choice: String, answer: String)]

    static func == (lhs: Quiz, rhs: Quiz) -> Bool {
      lhs.kind == rhs.kind && lhs.choices.elementsEqual(rhs.choices) { $0 == $1 }
    }
  }

  /// The most choices a question lists: the changed ones first (up to `maxChanged`), then
  /// unchanged ones nearest to the first change.
  static let maxChoices = 12
  static let maxChanged = 8

  /// Every handler of the data source's section snapshot handlers and reordering handlers, in
  /// the order a `calls` question lists them.
  static let handlerNames = [
    "shouldExpandItem", "willExpandItem", "snapshotForExpandingParent", "shouldCollapseItem",
    "willCollapseItem", "canReorderItem", "willReorder", "didReorder",
  ]

  /// The question of a step whose outcome is `outcome` and whose rows changed as `change` says.
  ///
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible rows before and after the
  ///   step; O(1) for a step that changed no row and called no handler.
  static func question(for outcome: Outcome, change: SectionChanges) -> Quiz? {
    if !outcome.handlers.isEmpty {
      let called = Set(outcome.handlers.map(\.name))
      return Quiz(
        kind: .calls, choices: handlerNames.map { ($0, called.contains($0) ? "yes" : "no") })
    }
    guard outcome.ok else { return nil }
    let transactions =
      outcome.steps.isEmpty
      ? outcome.transaction.map { [$0] } ?? [] : outcome.steps.map(\.transaction)
    guard let first = transactions.first, let last = transactions.last else { return nil }
    let before = first.initialSnapshot.itemIdentifiers
    let after = last.finalSnapshot.itemIdentifiers
    let difference =
      transactions.count == 1 ? first.difference : after.differenceInferringMoves(from: before)
    guard !difference.isEmpty else { return nil }
    let itemsOnly = change.sections.allSatisfy { $0.removals.isEmpty && $0.insertions.isEmpty }
    if itemsOnly && change.order == nil && !change.sections.isEmpty {
      return visibleQuiz(before: before, after: after, change: change, outcome: outcome)
    }
    return rowsQuiz(before: before, after: after, difference: difference)
  }

  /// Which rows are inserted, removed or moved: the visible items before, in their order, with
  /// each inserted item after the item it follows.
  static func rowsQuiz(
    before: [String], after: [String], difference: CollectionDifference<String>
  ) -> Quiz {
    var answers: [String: String] = [:]
    for change in difference {
      switch change {
      case .remove(_, let item, let associated):
        answers[item] = associated == nil ? "removed" : "moved"
      case .insert(_, let item, let associated):
        answers[item] = associated == nil ? "inserted" : "moved"
      }
    }
    let beforeIndex = Dictionary(
      before.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    // An item's place: its index before, or, for a new item, just after the item it follows.
    var keyed: [(key: Int, order: Int, item: String)] = before.enumerated().map {
      (2 * $0.offset, 0, $0.element)
    }
    var previous = -1
    for (position, item) in after.enumerated() {
      if let index = beforeIndex[item] {
        previous = index
      } else {
        keyed.append((2 * previous + 1, position, item))
      }
    }
    keyed.sort { ($0.key, $0.order) < ($1.key, $1.order) }
    let ordered = keyed.map { ($0.item, answers[$0.item] ?? "stays") }
    return Quiz(kind: .rows, choices: chosen(ordered, neutral: "stays"))
  }

  /// What `visibleItems` holds after a step that changed only expansion: the items of the
  /// sections it changed, hidden ones too, each visible after or not.
  static func visibleQuiz(
    before: [String], after: [String], change: SectionChanges, outcome: Outcome
  ) -> Quiz? {
    guard let state = outcome.after else { return nil }
    let visible = Set(after)
    var ordered: [(String, String)] = []
    for section in change.sections {
      for item in state.outline(of: section.section).items {
        ordered.append((item, visible.contains(item) ? "yes" : "no"))
      }
    }
    let wasVisible = Set(before)
    // The items whose visibility changed come first among the choices; the others fill in.
    let changed = Set(ordered.map(\.0).filter { visible.contains($0) != wasVisible.contains($0) })
    return Quiz(
      kind: .visible, choices: chosen(ordered, neutral: nil, isChange: changed.contains))
  }

  /// At most `maxChoices` of `ordered`, in their order: all of them when they fit, else the
  /// first `maxChanged` changes (an answer other than `neutral`, or those `isChange` names) and
  /// the unchanged entries nearest to the first change.
  ///
  /// - Complexity: O(*n* log *n*), where *n* is the number of entries.
  static func chosen(
    _ ordered: [(String, String)], neutral: String?, isChange: ((String) -> Bool)? = nil
  ) -> [(choice: String, answer: String)] {
    guard ordered.count > maxChoices else { return ordered.map { ($0.0, $0.1) } }
    let changes = ordered.indices.filter { index in
      isChange.map { $0(ordered[index].0) } ?? (ordered[index].1 != neutral)
    }
    let changed = Set(changes)
    var picked = Set(changes.prefix(maxChanged))
    let centre = changes.first ?? 0
    let others = ordered.indices.filter { !changed.contains($0) }
      .sorted { (abs($0 - centre), $0) < (abs($1 - centre), $1) }
    for index in others.prefix(maxChoices - picked.count) { picked.insert(index) }
    return picked.sorted().map { (ordered[$0].0, ordered[$0].1) }
  }
}
