import OutlineTestSupport
import XCTest

@testable import Diffable

// Interactions: drags and disclosure taps.
extension TransactionJournalTests {
  /// A random drag in section `s`: the item lands on the row it was dropped on, under the parent
  /// SEMANTICS' neighbour rule names, with its subtree; the transaction reports the dragged
  /// subtree as the move (SEMANTICS: UIKit reports the item the user moved).
  ///
  /// An expanded parent is lifted first: its collapse is a transaction of its own, and the
  /// drop's starts from it. An expanded leaf is not lifted: it keeps its flag.
  func testRandomDragsFollowTheNeighbourRuleAndReportTheDraggedItem() throws {
    _ = try run("drag", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      var asked = 0
      dataSource.reorderingHandlers.canReorderItem = { _ in
        asked += 1; return true
      }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in
        XCTFail("a drag consulted the disclosure handlers")
        return true
      }
      let old = dataSource.snapshot(for: "s")
      guard old.visibleCount > 0 else { return ({ "empty section" }, Outcome()) }
      let source = maker.int(0...(old.visibleCount - 1))
      let item = old.visibleItem(at: source)
      let isExpandedParent = try old.isExpanded(item) && old.hasChildren(item)
      var collapsed = old
      if isExpandedParent { collapsed.collapse([item]) }
      let destination = maker.int(0...(collapsed.visibleCount - 1))
      let initialRows = dataSource.snapshot().itemIdentifiers
      var outcome = Outcome()
      let result = try dataSource.drag(in: "s", fromRow: source, toRow: destination)
      let new = dataSource.snapshot(for: "s")
      let description = {
        self.describe("old", old) + "\n  drag(fromRow: \(source) [\(item)], toRow: \(destination))"
          + " -> \(result)\n" + self.describe("new", new)
      }
      if asked != 1 { outcome.problems.append("canReorderItem asked \(asked) times") }

      // Where the item lands: the reference model's drag, written from SEMANTICS.md's wording.
      let lines = try old.items.map { (item: $0, level: try old.level(of: $0)) }
      let expected = try XCTUnwrap(
        ReferenceOutline(preOrder: lines, expanded: Set(old.expandedItems))
          .dragged(from: source, to: destination))
      let remaining = collapsed.visibleItems.filter { $0 != item }

      // The lift: an expanded parent collapses first, a transaction of its own (the whole
      // diff); nothing else is lifted.
      var start = old
      var startRows = initialRows
      if let lift = result.lift {
        if !isExpandedParent { outcome.problems.append("lifted a collapsed item or a leaf") }
        // The data source holds the lift's state only when nothing was dropped after it.
        outcome.problems += compare(
          lift, in: dataSource, old: old, new: collapsed, initialRows: initialRows,
          rowsBefore: before, rowsAfter: after, holdsFinal: result.transaction == nil)
        start = collapsed
        startRows = lift.finalSnapshot.itemIdentifiers
      } else if isExpandedParent {
        outcome.problems.append("an expanded parent was dragged without a lift")
      }

      switch result.drop {
      case .refused:
        outcome.problems.append("refused although canReorderItem answers yes")
      case .unchanged:
        if new != start { outcome.problems.append(".unchanged but the tree changed") }
        if old.visibleIndex(of: item) != destination && remaining.count > 0 {
          outcome.problems.append(".unchanged but the item is not on row \(destination)")
        }
      case .applied(let transaction):
        if new.visibleIndex(of: item) != destination {
          outcome.problems.append(
            "the item is on row \(new.visibleIndex(of: item).map(String.init) ?? "nil"), "
              + "not \(destination)")
        }
        if try new.isExpanded(item) != old.isExpanded(item) && !isExpandedParent {
          outcome.problems.append("the drag changed a leaf's or a collapsed item's flag")
        }
        if try isExpandedParent && new.isExpanded(item) {
          outcome.problems.append("the dragged parent is expanded")
        }
        let newLines = try new.items.map { (item: $0, level: try new.level(of: $0)) }
        let landed = ReferenceOutline(preOrder: newLines, expanded: Set(new.expandedItems))
        if landed != expected {
          outcome.problems.append(
            "the tree is\n" + landed.visualDescriptionLines().joined(separator: "\n")
              + "\nexpected (the reference model's drag)\n"
              + expected.visualDescriptionLines().joined(separator: "\n"))
        }
        if try new.snapshot(of: item) != old.snapshot(of: item) {
          outcome.problems.append("the subtree or its expansion changed")
        }
        if Set(new.items) != Set(old.items) || new.count != old.count {
          outcome.problems.append("items were lost or added")
        }
        outcome.problems += compare(
          transaction, in: dataSource, old: start, new: new, initialRows: startRows,
          rowsBefore: before, rowsAfter: after,
          expecting: reorderDifference(moving: item, from: start, to: new))
        // SEMANTICS: one removal and one insertion of the dragged item, associated, when its
        // row moved (a drop on its own row that only re-parents it changes no row).
        let removals = transaction.removalOffsets
        let insertions = transaction.insertionOffsets
        let rowsMoved =
          transaction.initialSnapshot.itemIdentifiers != transaction.finalSnapshot.itemIdentifiers
        let oneMove =
          removals.count == 1 && insertions.count == 1
          && transaction.initialSnapshot.itemIdentifiers[removals[0].offset] == item
          && removals[0].associatedWith == insertions[0].offset
        if rowsMoved ? !oneMove : !(removals.isEmpty && insertions.isEmpty) {
          outcome.problems.append(
            "the difference is not one move of \(item): \(removals) \(insertions)")
        }
      }
      return (description, outcome)
    }
  }

  /// A random disclosure tap in section `s` (the expanding parent's children kept, or replaced by
  /// new and reused items): the state SEMANTICS describes, and the whole diff's transaction; on a
  /// hidden item, `notVisible` with no handler asked and nothing changed.
  func testRandomDisclosureTapsGiveTheDescribedStateAndTheWholeDiff() throws {
    _ = try run("disclosure", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      guard !old.items.isEmpty else { return ({ "empty section" }, Outcome()) }
      let item = maker.pick(old.items)
      maker.nextItem = 10_000
      // The children the handler will give, decided up front.
      let keep = maker.chance(0.5)
      let current = try old.snapshot(of: item)
      var reused = current.items.filter { _ in maker.chance(0.5) }
      reused.shuffle(using: &maker.random)
      var replacement = maker.forest(of: maker.fresh(maker.int(0...4)) + reused)
      if keep { replacement = current }
      var calls: [String] = []
      dataSource.sectionSnapshotHandlers.shouldExpandItem = {
        calls.append("shouldExpand \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willExpandItem = { calls.append("willExpand \($0)") }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
        calls.append("shouldCollapse \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }
      var given: Outline?
      dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
        calls.append("snapshotForExpandingParent \(parent)")
        given = current
        return replacement
      }
      let initialRows = dataSource.snapshot().itemIdentifiers
      let wasExpanded = try old.isExpanded(item)
      var expected = old
      if wasExpanded {
        expected.collapse([item])
      } else {
        expected.expand([item])
        if replacement != current { try expected.replace(childrenOf: item, using: replacement) }
      }
      var outcome = Outcome()
      // A hidden item is on no row to tap: refused, no handler asked, nothing changed.
      if try !old.isVisible(item) {
        do throws(SnapshotError) {
          try dataSource.toggleDisclosure(of: item)
          outcome.problems.append("a hidden item was tapped")
        } catch {
          if error != .notVisible("\(item)") { outcome.problems.append("threw \(error)") }
        }
        if !calls.isEmpty { outcome.problems.append("calls \(calls)") }
        if dataSource.snapshot(for: "s") != old { outcome.problems.append("changed") }
        return (
          { self.describe("old", old) + "\n  toggleDisclosure(of: \(item)), hidden" }, outcome
        )
      }
      let result = try dataSource.toggleDisclosure(of: item)
      let new = dataSource.snapshot(for: "s")
      let description = {
        self.describe("old", old) + "\n  toggleDisclosure(of: \(item)), children "
          + (keep ? "kept" : "\(replacement.visualDescriptionLines())") + "\n"
          + self.describe("new", new)
      }
      let expectedCalls =
        wasExpanded
        ? ["shouldCollapse \(item)", "willCollapse \(item)"]
        : ["shouldExpand \(item)", "willExpand \(item)", "snapshotForExpandingParent \(item)"]
      if calls != expectedCalls { outcome.problems.append("calls \(calls)") }
      if !wasExpanded && given != current {
        outcome.problems.append("snapshotForExpandingParent got \(String(describing: given))")
      }
      if new != expected || new.visualDescriptionLines() != expected.visualDescriptionLines() {
        outcome.problems.append(
          "expected\n" + expected.visualDescriptionLines().joined(separator: "\n"))
      }
      guard let transaction = result.transaction else {
        outcome.problems.append("not applied: \(result)")
        return (description, outcome)
      }
      outcome.problems += compare(
        transaction, in: dataSource, old: old, new: new, initialRows: initialRows,
        rowsBefore: before, rowsAfter: after)
      return (description, outcome)
    }
  }
}
