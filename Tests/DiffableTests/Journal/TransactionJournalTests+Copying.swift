import OutlineTestSupport
import XCTest

@testable import Diffable

// A copy of a subtree inserted after it (an outliner's "Duplicate"): the journal's insertion
// must give exactly the whole diff, and the copy must be the one `insert(_:after:)` makes.
extension TransactionJournalTests {
  func testACopyOfASubtreeIsTheInsertionOfItsSnapshotAndGivesTheWholeDiff() throws {
    _ = try run("copy of a subtree", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      guard !old.items.isEmpty else { return ({ "empty" }, Outcome()) }
      let item = maker.pick(old.items)
      let rows = try old.subtreeRows(of: item)
      let names = rows.map { 10_000 + $0.item }
      var new = old
      try new.insertCopy(ofSubtreeOf: item, as: names)
      // The reference: a snapshot of the renamed subtree, inserted with the public API.
      let copy = try Outline(
        preorder: names, levels: rows.map { Int32($0.level - rows[0].level) },
        expanded: rows.map(\.isExpanded))
      var expected = old
      try expected.insert(copy, after: item)
      var outcome = check(dataSource, old: old, new: new, rowsBefore: before, rowsAfter: after)
      if new != expected || new.visibleItems != expected.visibleItems {
        outcome.problems.append("the copy differs from insert(_:after:) of its snapshot")
      }
      if !outcome.fastPath { outcome.problems.append("the copy left no journal") }
      if rows.map(\.item) != (try old.snapshot(of: item, includingParent: true)).items {
        outcome.problems.append("subtreeRows(of:) is not the subtree")
      }
      return (
        { self.describe("old", old) + "\n  copy of \(item)\n" + self.describe("new", new) },
        outcome
      )
    }
  }

  func testACopyUnderATakenNameChangesNothing() throws {
    var outline = Outline()
    try outline.append([1, 2])
    try outline.append([3, 4], to: 1)
    let old = outline
    XCTAssertThrowsError(try outline.insertCopy(ofSubtreeOf: 1, as: [5, 2, 6])) { error in
      XCTAssertEqual(error as? SnapshotError, .duplicateItems(["2"]))
    }
    XCTAssertThrowsError(try outline.insertCopy(ofSubtreeOf: 1, as: [5, 6, 5])) { error in
      XCTAssertEqual(error as? SnapshotError, .duplicateItems(["5"]))
    }
    XCTAssertThrowsError(try outline.insertCopy(ofSubtreeOf: 9, as: [])) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("9"))
    }
    XCTAssertEqual(outline, old)
    XCTAssertEqual(outline.items, [1, 3, 4, 2])
  }
}
