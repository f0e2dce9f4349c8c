import Diffable

extension HTMLPage {
  /// The question a step of the page asks before it shows its result (`--emit-html --quiz`, or
  /// the page's switch), with its expected answer: SPEC §4, "Predict, then see".
  ///
  /// The question follows what the step did, and asks only what the page shows before it
  /// answers (the rows, the section snapshot, the earlier steps and their rules):
  /// - A user's gesture (a tap, a reorder or a drag: a step with handler calls, or one refused
  ///   as `notVisible`), plain or under `expect error`, asks which handlers UIKit calls, then
  ///   whether the gesture runs or fails and why (`fails`: `runs`, or its error's code); and,
  ///   when it shows or hides rows other than a tapped item's own children (an expand that
  ///   brings grandchildren back, a collapse that hides them, a drag that collapses the
  ///   dragged parent), also what `visibleItems` holds after it.
  /// - Any other step that changed only expansion asks what `visibleItems` holds after it.
  /// - Any other step that changed a section snapshot asks which rows the collection view
  ///   inserts, removes or moves; every row staying (`none`) is a right answer for a change
  ///   of hidden items alone (an append under a collapsed parent, a reconfigure).
  /// - A step that did none of these (a query, a rule, narration, a failure with no handler
  ///   call, a reload-data apply) asks nothing and is shown at once: `last` too, whose
  ///   transaction is an earlier step's.
  ///
  /// ```swift
  /// // After `append A B C`, the step `move C before A` (a user's reorder) asks
  /// // .calls: canReorderItem, willReorder and didReorder called, the rest not;
  /// // then .fails: `move C before A` runs.
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
      /// Whether a gesture runs, or fails and with which code.
      case fails
    }

    /// What the question asks about.
    var kind: Kind
    /// The choices, in the order the page lists them, each with its right answer: for `rows`,
    /// `inserted`, `removed`, `moved` or `stays`; for `calls` and `visible`, `yes` or `no`;
    /// for `fails` (one choice, the command), `runs` or an error code.
    var choices: [(choice: String, answer: String)]
    /// The further parts of the question, asked in the same form after this one; the answer
    /// is right when every part is.
    var more: [Quiz] = []
    /// For a `rows` question, what the page picks its choices from (`choices` is empty).
    ///
    /// The offsets of the flat difference, and the row to centre on when no row changed
    /// (`hiddenChangeRow`): the page holds the rows before and after the step and picks the
    /// choices as `rowsQuiz(before:after:offsets:near:)` does (`quiz.js`, `rowsChoices`).
    var rows: (offsets: OffsetChanges, near: Int?)? = nil

    static func == (lhs: Quiz, rhs: Quiz) -> Bool {
      lhs.kind == rhs.kind && lhs.choices.elementsEqual(rhs.choices) { $0 == $1 }
        && lhs.more == rhs.more && lhs.rows?.offsets == rhs.rows?.offsets
        && lhs.rows?.near == rhs.rows?.near
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

  /// The place of `call`'s handler in `handlerNames` (whose name is `call.name`).
  ///
  /// - Complexity: O(1).
  static func handlerIndex(of call: HandlerCall) -> Int {
    switch call {
    case .shouldExpandItem: return 0
    case .willExpandItem: return 1
    case .snapshotForExpandingParent: return 2
    case .shouldCollapseItem: return 3
    case .willCollapseItem: return 4
    case .canReorderItem: return 5
    case .willReorder: return 6
    case .didReorder: return 7
    }
  }

  /// The question of a step whose outcome is `outcome` and whose rows changed as `change` says.
  ///
  /// With one transaction, the flat difference is its stored offsets (`OffsetChanges`); with
  /// several, the difference of the first's initial and the last's final items. A rows
  /// question is those offsets, its choices the page's to pick (`Quiz.rows`); a visible-items
  /// question reads every changed item (`FlatChanges`).
  ///
  /// - Complexity: O(*k*) for a rows question, where *k* is the number of rows the step
  ///   changed; O((*k* + *c*) (*s* + log *n*)) for a visible-items one, *c* being the number of
  ///   choices, *s* the number of sections and *n* the items of a section; O(1) for a step
  ///   that changed no section and called no handler.
  static func question(for outcome: Outcome, change: SectionChanges) -> Quiz? {
    let failure = outcome.error ?? outcome.expectedFailure?.error
    // A tap or drag refused as `notVisible` is predictable too: no handler, nothing changes.
    if !outcome.handlers.isEmpty || failure?.code == .notVisible {
      // The handlers called, one bit each at its place in `handlerNames`: no name compared.
      var called = 0
      for call in outcome.handlers { called |= 1 << handlerIndex(of: call) }
      var choices: [(choice: String, answer: String)] = []
      choices.reserveCapacity(handlerNames.count)
      for (index, name) in handlerNames.enumerated() {
        choices.append((name, called & (1 << index) != 0 ? "yes" : "no"))
      }
      var quiz = Quiz(kind: .calls, choices: choices)
      quiz.more.reserveCapacity(2)
      quiz.more.append(
        Quiz(kind: .fails, choices: [(outcome.command, failure?.code.rawValue ?? "runs")]))
      if outcome.ok, let rows = gestureRows(of: outcome, change: change) {
        quiz.more.append(rows)
      }
      return quiz
    }
    // A step that changed no section (a query: `last` shows an earlier step's transaction)
    // asks nothing about rows; nor does a reload-data apply, which animates no difference.
    guard outcome.ok, !outcome.reloadsData, change.order != nil || !change.sections.isEmpty,
      // Taken apart as it is bound: no copy of the whole.
      case let (before, after, combined, offsets)? = flatChange(of: outcome)
    else { return nil }
    let itemsOnly = change.sections.allSatisfy { $0.removals.isEmpty && $0.insertions.isEmpty }
    if !offsets.isEmpty, itemsOnly && change.order == nil, let state = outcome.after,
      !change.sections.isEmpty
    {
      return visibleQuiz(
        before: before, after: after,
        difference: flatChanges(of: outcome, combined: combined), change: change,
        state: state)
    }
    // The choices are the page's to pick (`Quiz.rows`); there is none to pick with no row
    // before the step and none inserted.
    guard
      before.numberOfItems > 0 || offsets.insertions.contains(where: { $0.associatedWith == nil })
    else { return nil }
    let near =
      offsets.isEmpty ? hiddenChangeRow(of: outcome, change: change, before: before) : nil
    return Quiz(kind: .rows, choices: [], rows: (offsets, near))
  }

  /// For a step that changed only items no row shows: the offset before the step of the row
  /// nearest its first change, the first changed item's nearest ancestor on a visible row (nil
  /// when none is).
  ///
  /// - Complexity: O(*d* (*s* + log *n*)) for an item *d* levels deep.
  static func hiddenChangeRow(
    of outcome: Outcome, change: SectionChanges, before: Snapshot<String, String>
  ) -> Int? {
    for section in change.sections {
      let inserted = section.insertions.first?.item
      guard let first = inserted ?? section.removals.first?.item,
        let state = inserted == nil ? outcome.before : outcome.after
      else { continue }
      var item: String? = first
      while let current = item {
        if let row = before.indexOfItem(current) { return row }
        item = (try? state.outline(of: section.section).parent(of: current)) ?? nil
      }
    }
    return nil
  }

  /// The flat change of `outcome`, nil for an outcome with no transaction.
  ///
  /// The flat snapshots before and after its transactions (the first's initial, the last's
  /// final) and their stored offsets; with several transactions, their difference is
  /// `combined`.
  ///
  /// - Complexity: O(*k*) in the changes of one transaction; with several, that of
  ///   `differenceInferringMoves` over the rows.
  static func flatChange(
    of outcome: Outcome
  ) -> (
    before: Snapshot<String, String>, after: Snapshot<String, String>,
    combined: CollectionDifference<String>?, offsets: OffsetChanges
  )? {
    // The first and last transactions, read in place rather than gathered into an array.
    let single = outcome.steps.isEmpty
    if single && outcome.transaction == nil { return nil }
    let before =
      single ? outcome.transaction!.initialSnapshot : outcome.steps[0].transaction.initialSnapshot
    let after =
      single
      ? outcome.transaction!.finalSnapshot
      : outcome.steps[outcome.steps.count - 1].transaction.finalSnapshot
    // One transaction: its stored offsets; several: the difference of the first's initial and
    // the last's final items.
    let combined =
      single || outcome.steps.count == 1
      ? nil : after.itemIdentifiers.differenceInferringMoves(from: before.itemIdentifiers)
    let offsets =
      combined.map { OffsetChanges($0) }
      ?? OffsetChanges(single ? outcome.transaction! : outcome.steps[0].transaction)
    return (before, after, combined, offsets)
  }

  /// The flat difference of `outcome` with its items: `combined` when several transactions
  /// made it, else its one transaction's.
  ///
  /// - Complexity: that of `FlatChanges.init`.
  static func flatChanges(
    of outcome: Outcome, combined: CollectionDifference<String>?
  ) -> FlatChanges {
    combined.map { FlatChanges($0) }
      ?? FlatChanges(outcome.steps.isEmpty ? outcome.transaction! : outcome.steps[0].transaction)
  }

  /// A flat difference with its items: what `Transaction.difference` holds, in the same order,
  /// without a `CollectionDifference` built.
  struct FlatChanges {
    /// The removals, in the difference's order (ascending offsets).
    var removals: [(offset: Int, item: String, associatedWith: Int?)] = []
    /// The insertions, in the difference's order (ascending offsets).
    var insertions: [(offset: Int, item: String, associatedWith: Int?)] = []

    /// Whether nothing changed.
    var isEmpty: Bool { removals.isEmpty && insertions.isEmpty }

    /// The changes of `difference`.
    ///
    /// - Complexity: O(*k*) in its changes.
    init(_ difference: CollectionDifference<String>) {
      for change in difference.removals {
        guard case .remove(let offset, let item, let associated) = change else { continue }
        removals.append((offset, item, associated))
      }
      for change in difference.insertions {
        guard case .insert(let offset, let item, let associated) = change else { continue }
        insertions.append((offset, item, associated))
      }
    }

    /// The stored offsets of `transaction`, each side's items read run by run of neighbouring
    /// offsets (`Snapshot.forEachItem(at:)`).
    ///
    /// - Complexity: O(*k* + *r* (*s* + log *n*)), where *k* is the number of changes and *r*
    ///   the number of runs of neighbouring offsets among them.
    init(_ transaction: Transaction<String, String>) {
      let removed = transaction.removalOffsets
      let inserted = transaction.insertionOffsets
      let oldItems = HTMLPage.items(of: transaction.initialSnapshot, at: removed.map(\.offset))
      let newItems = HTMLPage.items(of: transaction.finalSnapshot, at: inserted.map(\.offset))
      removals = zip(removed, oldItems).map { ($0.offset, $1, $0.associatedWith) }
      insertions = zip(inserted, newItems).map { ($0.offset, $1, $0.associatedWith) }
    }
  }

  /// The choices of a rows question (`Quiz.rows`), as the page picks them (`quiz.js`,
  /// `rowsChoices`, which mirrors this and which a browser test checks against it).
  ///
  /// Which rows are inserted, removed or moved: the changed items and the unchanged rows
  /// nearest the first change (when none changed, nearest the row `near`, else the first),
  /// each at its place before the step, an inserted item just after the item it follows.
  ///
  /// The choices are worked out from the offsets alone (an unchanged row is one no removal
  /// took; the row an inserted item follows is found by counting the changes before it); then
  /// only the chosen items are read, each run of neighbouring offsets from one descent.
  ///
  /// - Complexity: O(*k* log *k* + *c* log *k* + *r* (*s* + log *n*)), where *k* is the
  ///   number of changes, *c* the number of choices, *r* the number of runs of neighbouring
  ///   offsets among the chosen ones, *s* the number of sections and *n* the number of rows;
  ///   O(*k*) more for each run of inserted items.
  static func rowsQuiz(
    before: Snapshot<String, String>, after: Snapshot<String, String>,
    offsets: OffsetChanges, near: Int? = nil
  ) -> Quiz {
    enum Source {
      /// A row before the step, at this offset.
      case old(Int)
      /// A row after it, at this offset.
      case new(Int)
    }
    // Each choice's place: twice its offset before the step (an inserted item: one more than
    // twice the offset of the item it follows), then its offset after.
    var changed: [(place: (Int, Int), source: Source, answer: String)] = []
    changed.reserveCapacity(offsets.removals.count + offsets.insertions.count)
    var centre = Int.max
    for (offset, associated) in offsets.removals {
      changed.append(((2 * offset, 0), .old(offset), associated == nil ? "removed" : "moved"))
      centre = min(centre, offset)
    }
    // A run of inserted items follows the row before the run; any other row after the step is
    // one that was there before (unchanged or moved), found from the offsets.
    var run: (offset: Int, follows: Int)? = nil
    var inserted = 0
    for (offset, associated) in offsets.insertions where associated == nil {
      inserted += 1
      let follows: Int
      if let run, run.offset == offset - 1 {
        follows = run.follows
      } else {
        follows = offset == 0 ? -1 : offsets.offsetBefore(ofItemAfter: offset - 1)
      }
      run = (offset, follows)
      changed.append(((2 * follows + 1, offset), .new(offset), "inserted"))
      centre = min(centre, max(0, follows))
    }
    changed.sort { $0.place < $1.place }
    let count = before.numberOfItems
    let fits = count + inserted <= maxChoices
    var chosen: [(place: (Int, Int), source: Source, answer: String)] = []
    chosen.reserveCapacity(fits ? changed.count + count : maxChoices)
    chosen += changed.prefix(fits ? changed.count : maxChanged)
    // The unchanged rows nearest the first change: all of them when every row fits.
    let room = fits ? count : maxChoices - chosen.count
    // With no change (hidden items alone changed), the rows around `near`, else the first.
    if centre == Int.max { centre = near ?? 0 }
    let start = fits ? 0 : min(centre, max(0, count - 1))
    // The candidates in turn: each row when every row fits, else `start`, then the rows on
    // either side of it, nearest first (written out rather than in a function that captures
    // `chosen`, which would then be read through a box, its every access checked).
    var added = 0
    var distance = 0
    while added < room, distance < count {
      for side in 0..<(fits || distance == 0 ? 1 : 2) {
        let offset =
          fits ? distance : distance == 0 ? start : side == 0 ? start - distance : start + distance
        guard added < room, offset >= 0, offset < count, !offsets.isRemoved(offset) else {
          continue
        }
        chosen.append(((2 * offset, 0), .old(offset), "stays"))
        added += 1
      }
      distance += 1
    }
    chosen.sort { $0.place < $1.place }
    // Only the chosen items are read, each side run by run of neighbouring offsets (the rows
    // before the step come in ascending order, as their places do).
    var oldOffsets: [Int] = []
    var newOffsets: [Int] = []
    oldOffsets.reserveCapacity(chosen.count)
    newOffsets.reserveCapacity(min(chosen.count, inserted))
    for choice in chosen {
      switch choice.source {
      case .old(let offset): oldOffsets.append(offset)
      case .new(let offset): newOffsets.append(offset)
      }
    }
    // Each item goes straight to its choice: the next one of its side, in the chosen order.
    var choices = chosen.map { (choice: "", answer: $0.answer) }
    var next = 0
    forEachItem(of: before, at: oldOffsets) { _, item in
      while case .new = chosen[next].source { next += 1 }
      choices[next].choice = item
      next += 1
    }
    next = 0
    forEachItem(of: after, at: newOffsets) { _, item in
      while case .old = chosen[next].source { next += 1 }
      choices[next].choice = item
      next += 1
    }
    return Quiz(kind: .rows, choices: choices)
  }
}

extension HTMLPage.OffsetChanges {
  /// The stored offsets of a transaction's flat difference.
  ///
  /// - Complexity: O(*k*) in its changes.
  init(_ transaction: Transaction<String, String>) {
    removals = transaction.removalOffsets
    insertions = transaction.insertionOffsets
  }

  /// Whether nothing changed.
  var isEmpty: Bool { removals.isEmpty && insertions.isEmpty }

  /// Whether a removal is at `offset` before the change.
  ///
  /// - Complexity: O(log *k*).
  func isRemoved(_ offset: Int) -> Bool {
    var low = 0
    var high = removals.count
    while low < high {
      let middle = (low + high) / 2
      if removals[middle].offset < offset { low = middle + 1 } else { high = middle }
    }
    return low < removals.count && removals[low].offset == offset
  }

  /// The offset before the change of the item at `offset` after it, which no insertion
  /// without a move put there: a moved item's source, or an unchanged item's place among the
  /// rows no removal took (unchanged items keep their order).
  ///
  /// - Complexity: O(*k*).
  func offsetBefore(ofItemAfter offset: Int) -> Int {
    var inserted = 0
    for insertion in insertions {
      guard insertion.offset <= offset else { break }
      if insertion.offset == offset { return insertion.associatedWith! }
      inserted += 1
    }
    var before = offset - inserted
    for removal in removals {
      guard removal.offset <= before else { break }
      before += 1
    }
    return before
  }
}
