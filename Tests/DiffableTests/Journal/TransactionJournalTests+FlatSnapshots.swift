import OutlineTestSupport
import XCTest

@testable import Diffable

// Flat snapshots: apply(_:) of an edited flat snapshot.
extension TransactionJournalTests {
  /// A random flat edit of `dataSource.snapshot()` applied with `apply(_:)`: the difference over
  /// all rows is exactly the whole diff of the rows, each section transaction the whole diff of
  /// its section, and an untouched section keeps its tree; except that one item the code moved
  /// within a flat section is reported as the move, where the whole diff moves the item it
  /// jumped over instead (`namedMove`).
  func testRandomFlatEditsGiveTheWholeDiffOfAllRows() throws {
    _ = try run("flat edit", cases: caseCount / 2) { maker in
      let dataSource = Source()
      var initial = Snapshot<String, Int>()
      try initial.appendSections(["a", "b"])
      try initial.appendItems((0..<maker.int(0...5)).map { 100 + $0 }, toSection: "a")
      try initial.appendItems((0..<maker.int(0...5)).map { 200 + $0 }, toSection: "b")
      dataSource.apply(initial)
      maker.nextItem = 1_000
      try dataSource.apply(maker.forest(count: maker.int(0...12)), to: "s")
      let trees = Dictionary(
        uniqueKeysWithValues: ["a", "b", "s"].map { ($0, dataSource.snapshot(for: $0)) })
      var flat = dataSource.snapshot()
      let rows = flat.itemIdentifiers
      let flatRows = try flat.itemIdentifiers(inSection: "a") + flat.itemIdentifiers(inSection: "b")
      maker.nextItem = 10_000
      let edit: String
      // The one item the edit moves within a flat section (`Snapshot._moveNamed`), and where.
      var named: (item: Int, section: String)?
      func moving(_ item: Int, in section: String?) {
        guard let section, let tree = trees[section], tree.contains(item),
          tree.rootItems.count == tree.count, (try? tree.isExpanded(item)) == false
        else { return }
        named = (item, section)
      }
      let anchors = maker.chance(0.8) && !flatRows.isEmpty ? flatRows : rows
      switch (maker.int(0...9), anchors.isEmpty) {
      case (0, _), (_, true):
        let new = maker.fresh(maker.int(1...3))
        let section = maker.pick(["a", "b"])
        try flat.appendItems(new, toSection: section)
        edit = "appendItems(\(new), toSection: \(section))"
      case (1, _):
        let new = maker.fresh(maker.int(1...3))
        let anchor = maker.pick(anchors)
        try flat.insertItems(new, beforeItem: anchor)
        edit = "insertItems(\(new), beforeItem: \(anchor))"
      case (2, _):
        let new = maker.fresh(maker.int(1...3))
        let anchor = maker.pick(anchors)
        try flat.insertItems(new, afterItem: anchor)
        edit = "insertItems(\(new), afterItem: \(anchor))"
      case (3, _):
        let doomed = (0..<maker.int(1...3)).map { _ in maker.pick(anchors) }
        flat.deleteItems(doomed)
        edit = "deleteItems(\(doomed))"
      case (4, _), (5, _):
        let item = maker.pick(anchors)
        let other = maker.pick(anchors)
        guard item != other else { return ({ "same item" }, Outcome()) }
        moving(item, in: flat.sectionIdentifier(containingItem: other))
        if maker.chance(0.5) {
          try flat.moveItem(item, beforeItem: other)
          edit = "moveItem(\(item), beforeItem: \(other))"
        } else {
          try flat.moveItem(item, afterItem: other)
          edit = "moveItem(\(item), afterItem: \(other))"
        }
      case (6, _):
        let moved = [maker.pick(anchors)]
        let section = maker.pick(["a", "b"])
        moving(moved[0], in: section)
        try flat.appendItems(moved, toSection: section)
        edit = "appendItems(\(moved), toSection: \(section)) (a move)"
      case (7, _):
        let section = maker.pick(["a", "b", "s"])
        flat.deleteSections([section])
        edit = "deleteSections([\(section)])"
      case (8, _):
        try flat.appendSections(["c"])
        try flat.appendItems(maker.fresh(maker.int(0...2)), toSection: "c")
        edit = "appendSections([c]) + items"
      default:
        try flat.moveSection("a", afterSection: maker.pick(["b", "s"]))
        edit = "moveSection(a, after: ...)"
      }
      let transaction = dataSource.apply(flat)
      var outcome = Outcome()
      let finalRows = dataSource.snapshot().itemIdentifiers
      let description = {
        "sections \(trees.mapValues { $0.visualDescriptionLines() })\n  edit: \(edit)\n"
          + "  rows \(rows) -> \(finalRows)"
      }
      if finalRows != flat.itemIdentifiers {
        outcome.problems.append("rows != the flat snapshot's")
      }
      if dataSource.snapshot().sectionIdentifiers != flat.sectionIdentifiers {
        outcome.problems.append("sections \(dataSource.snapshot().sectionIdentifiers)")
      }
      let expected = Self.namedMove(
        named?.item, from: rows, to: finalRows,
        whole: _Diffing.difference(from: rows, to: finalRows))
      let removals = offsets(transaction.removalOffsets)
      let insertions = offsets(transaction.insertionOffsets)
      if removals != expected.removals || insertions != expected.insertions {
        outcome.problems.append(
          "flat difference differs from the whole diff:\n"
            + "  transaction removals   \(text(removals))\n  whole       removals   \(text(expected.removals))\n"
            + "  transaction insertions \(text(insertions))\n  whole       insertions \(text(expected.insertions))"
        )
      }
      outcome.problems += replayProblems(
        "flat", _OffsetDifference(removals: removals, insertions: insertions), old: rows,
        new: finalRows)
      for section in transaction.sectionTransactions {
        var whole = _SectionDifference(
          wholeFrom: section.initialSnapshot, to: section.finalSnapshot)
        if let named, named.section == section.sectionIdentifier {
          whole.items = Self.namedMove(
            named.item, from: section.initialSnapshot.items, to: section.finalSnapshot.items,
            whole: whole.items)
        }
        if offsets(section.removalOffsets) != whole.items.removals
          || offsets(section.insertionOffsets) != whole.items.insertions
        {
          outcome.problems.append(
            "section \(section.sectionIdentifier) differs from the whole diff")
        }
        if let old = trees[section.sectionIdentifier], section.initialSnapshot != old {
          outcome.problems.append("section \(section.sectionIdentifier) initialSnapshot")
        }
      }
      let touched = Set(transaction.sectionTransactions.map(\.sectionIdentifier))
      for (name, tree) in trees where !touched.contains(name) && flat.indexOfSection(name) != nil {
        if dataSource.snapshot(for: name) != tree {
          outcome.problems.append("untouched section \(name) lost its tree")
        }
      }
      for name in flat.sectionIdentifiers where trees[name] != dataSource.snapshot(for: name) {
        if !touched.contains(name) {
          outcome.problems.append("section \(name) changed without a section transaction")
        }
      }
      return (description, outcome)
    }
  }

  /// `whole`, the whole diff from `old` to `new`, or, when `item` moved and the whole diff is
  /// one move of another item (the two swapped places), the move of `item`: what UIKit reports
  /// when the code named the item, a difference as small.
  static func namedMove(
    _ item: Int?, from old: [Int], to new: [Int], whole: _OffsetDifference
  ) -> _OffsetDifference {
    guard let item, whole.removals.count == 1, whole.insertions.count == 1,
      let from = old.firstIndex(of: item), let to = new.firstIndex(of: item), from != to
    else { return whole }
    return _OffsetDifference(
      removals: [.init(offset: from, associatedWith: to)],
      insertions: [.init(offset: to, associatedWith: from)])
  }
}
