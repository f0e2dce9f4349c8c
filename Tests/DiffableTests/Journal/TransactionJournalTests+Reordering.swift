import OutlineTestSupport
import XCTest

@testable import Diffable

// A reordering of siblings (an outliner's "Sort"): the data source is told the permutation and
// builds the transaction from it, with no diff. It must be exactly the whole diff's.
extension TransactionJournalTests {
  /// A random parent of `outline` with children, or nil for the roots, and a random order of
  /// its children: shuffled, reversed, or in order but for one swap.
  func randomReordering(of outline: Outline, _ maker: inout Maker) throws -> (
    parent: Int?, children: [Int], order: [Int]
  ) {
    let parents: [Int?] = [nil] + outline.items.filter { try! outline.hasChildren($0) }
    let parent = maker.pick(parents)
    let children = try outline.children(of: parent)
    var order = Array(children.indices)
    switch maker.int(0...2) {
    case 0: order.shuffle(using: &maker.random)
    case 1: order.reverse()
    default:
      if order.count > 1 { order.swapAt(maker.int(0...(order.count - 2)), order.count - 1) }
    }
    return (parent, children, order)
  }

  /// `outline` with the children of `parent` moved one by one, in `order`, to the end of the
  /// family: the reordering made with the public `move(_:to:)`.
  func reordered(_ outline: Outline, parent: Int?, children: [Int], order: [Int]) throws -> Outline
  {
    var result = outline
    for child in order.map({ children[$0] }) {
      try result.move(child, to: parent.map { .lastChild(of: $0) } ?? .lastRoot)
    }
    return result
  }

  func testAReorderingOfChildrenGivesExactlyTheWholeDiff() throws {
    var changed = 0
    var visible = 0
    _ = try run("reordering", cases: caseCount) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      let (parent, children, order) = try randomReordering(of: old, &maker)
      let expected = try reordered(old, parent: parent, children: children, order: order)
      let initialRows = dataSource.snapshot().itemIdentifiers
      let transaction = try dataSource.reorderChildren(of: parent, in: "s", order: order)
      let new = dataSource.snapshot(for: "s")
      var outcome = Outcome()
      outcome.changed = old.items != new.items
      if outcome.changed { changed += 1 }
      if old.visibleItems != new.visibleItems { visible += 1 }
      if new != expected || new.items != expected.items || new.visibleItems != expected.visibleItems
        || new.expandedItems != expected.expandedItems
      {
        outcome.problems.append("the reordered snapshot is not the one moves make")
      }
      if try old.reorderingChildren(of: parent, order: order) != expected {
        outcome.problems.append("reorderingChildren(of:order:) differs from the moves")
      }
      for item in new.items where try new.parent(of: item) != old.parent(of: item) {
        outcome.problems.append("\(item) changed parent")
      }
      if !transaction.sectionTransactions[0].hierarchyChanges.isEmpty {
        outcome.problems.append("hierarchy changes reported")
      }
      outcome.problems += compare(
        transaction, in: dataSource, old: old, new: new, initialRows: initialRows,
        rowsBefore: before, rowsAfter: after)
      return (
        {
          let family = parent.map(String.init) ?? "roots"
          return self.describe("old", old) + "\n  reorder children of \(family) \(children) by "
            + "\(order)\n" + self.describe("new", new)
        }, outcome
      )
    }
    // The cases must have moved items, and rows too (not only hidden families); many families
    // have a single child, which no order moves.
    XCTAssertGreaterThan(changed, caseCount / 4)
    XCTAssertGreaterThan(visible, caseCount / 8)
  }

  func testAReorderedSnapshotAppliedLaterGivesTheSameTransaction() throws {
    // In a batch the working copy is reordered and applied later: its journal gives the
    // transaction, which must again be the whole diff's.
    _ = try run("reordered snapshot", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      let (parent, _, order) = try randomReordering(of: old, &maker)
      let new = try old.reorderingChildren(of: parent, order: order)
      var outcome = check(dataSource, old: old, new: new, rowsBefore: before, rowsAfter: after)
      if outcome.changed && !outcome.fastPath {
        outcome.problems.append("the reordered snapshot has no journal")
      }
      return ({ self.describe("old", old) + "\n  order \(order)" }, outcome)
    }
  }

  func testReorderingChecksItsArguments() throws {
    let dataSource = Source()
    var outline = Outline()
    try outline.append([1, 2, 3])
    try outline.append([4, 5], to: 1)
    try dataSource.apply(outline, to: "s")
    XCTAssertThrowsError(try dataSource.reorderChildren(of: 9, in: "s", order: [])) { error in
      XCTAssertEqual(error as? SnapshotError, .parentNotFound("9"))
    }
    XCTAssertEqual(dataSource.snapshot(for: "s"), outline)
    XCTAssertEqual(try outline.children(of: nil), [1, 2, 3])
    XCTAssertEqual(try outline.children(of: 1), [4, 5])
    XCTAssertEqual(try outline.children(of: 4), [])
    // The order as it is: nothing changes, and the transaction is empty.
    let same = try dataSource.reorderChildren(of: 1, in: "s", order: [0, 1])
    XCTAssertTrue(same.isEmpty)
    XCTAssertEqual(dataSource.snapshot(for: "s"), outline)
  }
}
