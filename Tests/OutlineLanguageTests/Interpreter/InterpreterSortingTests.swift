import Diffable
import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `sort PARENT` and `sort --roots`: natural order, one apply, fewest moves, no reorder handlers.
final class InterpreterSortingTests: XCTestCase {
  func testSortOrdersTheChildrenNaturallyWithTheirSubtrees() {
    let session = Session()
    run(session, "append List\nappend \"item 10\" \"item 2\" Banana apple \"item 1\" to List")
    run(session, "append Seed to Banana\nexpand --all")
    let outcome = run(session, "sort List")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(
      session.outline.items, ["List", "apple", "Banana", "Seed", "item 1", "item 2", "item 10"])
    XCTAssertEqual(session.outline.expandedItems, ["List", "Banana"])
    XCTAssertEqual(outcome.note, "sorted the 5 children of List")
    // From item 10, item 2, Banana (Seed), apple, item 1: the fewest moves are three (Banana
    // and item 1 keep their order), and each is a move, not a removal and an insertion.
    let section = outcome.transaction!.sectionTransactions[0].difference
    XCTAssertEqual(Set(section.removedItems), ["apple", "item 10", "item 2"])
    XCTAssertTrue(section.isMovesOnly)
    let flat = outcome.transaction!.difference
    XCTAssertEqual(
      outcome.transaction!.initialSnapshot.itemIdentifiers.applying(flat),
      session.dataSource.snapshot().itemIdentifiers)
  }

  func testASmallFamilyInALargeOutlineSortsInPlaceTheSameWay() {
    // The family of Small holds under a quarter of the outline, so its children are put back
    // with replace(childrenOf:using:); List's holds most of it, so the outline is rebuilt.
    // Both keep subtrees, expansion and the fewest moves.
    let session = Session()
    run(session, "append Small List\nappend c a b to Small\nappend Seed to c\nexpand Small c")
    run(
      session,
      "append " + (1...20).map { "\"item \(21 - $0)\"" }.joined(separator: " ") + " to List")
    for path in ["Small", "List"] {
      let before = session.dataSource.snapshot()
      let outcome = run(session, "sort \(path)")
      let section = outcome.transaction!.sectionTransactions[0].difference
      XCTAssertTrue(section.isMovesOnly, path)
      XCTAssertEqual(
        before.itemIdentifiers.applying(outcome.transaction!.difference),
        session.dataSource.snapshot().itemIdentifiers, path)
    }
    XCTAssertEqual(Array(session.outline.items.prefix(5)), ["Small", "a", "b", "c", "Seed"])
    XCTAssertEqual(try session.outline.snapshot(of: "List").rootItems.first, "item 1")
    XCTAssertEqual(try session.outline.snapshot(of: "List").rootItems.last, "item 20")
    XCTAssertEqual(session.outline.expandedItems, ["Small", "c"])
    run(session, "undo\nundo")
    XCTAssertEqual(Array(session.outline.items.prefix(5)), ["Small", "c", "Seed", "a", "b"])
  }

  func testSortRootsInReverseAndUndo() {
    let session = foodSession()
    run(session, "append Apples")
    run(session, "sort --roots --reverse")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Apples"])
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water", "Apples"])
    run(session, "sort --roots")
    XCTAssertEqual(session.outline.rootItems, ["Apples", "Drinks", "Food"])
    run(session, "undo")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Apples"])
  }

  func testSortUsesTitles() {
    let session = foodSession()
    run(session, "retitle Pear Avocado")
    run(session, "sort Food")
    XCTAssertEqual(try session.outline.snapshot(of: "Food").rootItems, ["Apple", "Pear"])
    run(session, "retitle Apple Zucchini\nsort Food")
    XCTAssertEqual(try session.outline.snapshot(of: "Food").rootItems, ["Pear", "Apple"])
  }

  func testEachSubtreeComesAlongWhole() {
    let session = Session()
    run(
      session,
      """
      append C A B
      append c1 c2 to C
      append c11 c12 to c1
      append c111 to c11
      append a1 to A
      expand --force C c1 c11 a1
      """)
    run(session, "sort --roots")
    XCTAssertEqual(
      session.outline.items, ["A", "a1", "B", "C", "c1", "c11", "c111", "c12", "c2"])
    XCTAssertEqual(session.outline.expandedItems, ["a1", "C", "c1", "c11"])
    XCTAssertEqual(try session.outline.parent(of: "c12"), "c1")
    XCTAssertEqual(try session.outline.parent(of: "c2"), "C")
    run(session, "sort C --reverse")
    XCTAssertEqual(
      session.outline.items, ["A", "a1", "B", "C", "c2", "c1", "c11", "c111", "c12"])
  }

  func testSortingWhatIsInOrderChangesNothing() {
    let session = foodSession()
    let history = session.history.count
    let outcome = run(session, "sort Food")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(outcome.note, "the 2 children of Food are already in order")
    XCTAssertEqual(session.history.count, history)
    run(session, "append Only to Apple")
    XCTAssertEqual(run(session, "sort Apple").note, "the 1 child of Apple is already in order")
  }

  func testSortOfAnUnknownParentFailsAndChangesNothing() {
    let session = foodSession()
    assertFails(session, "sort Fod", .unknownParent)
  }

  func testSortIgnoresReorderRules() {
    let session = foodSession()
    run(session, "rule no-reorder Pear\nsort Food --reverse")
    XCTAssertEqual(try session.outline.snapshot(of: "Food").rootItems, ["Pear", "Apple"])
  }

  /// `List` with `children` shuffled children `item K` of nine leaves each; `List` and every
  /// third child expanded.
  private func largeSession(children: Int, seed: UInt64) -> Session {
    var random = SplitMix64(seed: seed)
    let order = (0..<children).shuffled(using: &random)
    var items = ["List"]
    var levels: [Int32] = [0]
    var expanded = [true]
    for child in order {
      items.append("item \(child)")
      levels.append(1)
      expanded.append(child % 3 == 0)
      for leaf in 0..<9 {
        items.append("note \(child).\(leaf)")
        levels.append(2)
        expanded.append(false)
      }
    }
    let session = Session()
    try! session.dataSource.apply(
      SectionSnapshot(preorder: items, levels: levels, expanded: expanded), to: "main")
    return session
  }

  /// The offsets of a difference, as text to compare.
  private func text(_ pairs: [(offset: Int, associatedWith: Int?)]) -> [String] {
    pairs.map { "\($0.offset)" + ($0.associatedWith.map { "→\($0)" } ?? "") }
  }

  /// The transaction a whole diff gives from `old` to `new` (a fresh snapshot of the same rows,
  /// so that no journal helps).
  private func wholeDiff(from old: SectionSnapshot<String>, to new: SectionSnapshot<String>)
    throws -> Transaction<String, String>
  {
    let rows = new.rows
    let fresh = try SectionSnapshot(
      preorder: rows.map(\.item), levels: rows.map { Int32($0.level) },
      expanded: rows.map(\.isExpanded))
    let dataSource = DataSource<String, String>()
    try dataSource.apply(old, to: "main")
    return try dataSource.apply(fresh, to: "main")
  }

  func testASortAtScaleIsTheWholeDiffAndUndoesRedoesAndLogs() throws {
    for seed: UInt64 in [1, 2, 3] {
      let session = largeSession(children: 1_000, seed: seed)
      let before = session.dataSource.snapshot()
      let outline = session.outline
      let outcome = run(session, "sort List")
      let transaction = try XCTUnwrap(outcome.transaction)
      let after = session.dataSource.snapshot()
      XCTAssertEqual(
        try session.outline.children(of: "List"), (0..<1_000).map { "item \($0)" })
      XCTAssertEqual(session.outline.count, outline.count)
      XCTAssertEqual(Set(session.outline.expandedItems), Set(outline.expandedItems))
      // Exactly the whole diff's changes, which replay: rows and the section's items.
      let whole = try wholeDiff(from: outline, to: session.outline)
      XCTAssertEqual(text(transaction.removalOffsets), text(whole.removalOffsets), "seed \(seed)")
      XCTAssertEqual(
        text(transaction.insertionOffsets), text(whole.insertionOffsets), "seed \(seed)")
      let section = transaction.sectionTransactions[0]
      XCTAssertEqual(
        text(section.removalOffsets), text(whole.sectionTransactions[0].removalOffsets))
      XCTAssertEqual(
        text(section.insertionOffsets), text(whole.sectionTransactions[0].insertionOffsets))
      XCTAssertEqual(before.itemIdentifiers.applying(transaction.difference), after.itemIdentifiers)
      XCTAssertEqual(outline.items.applying(section.difference), session.outline.items)
      XCTAssertTrue(section.difference.isMovesOnly)
      XCTAssertEqual(section.hierarchyChanges.count, 0)
      // log, undo, redo.
      let moved = transaction.removalOffsets.count
      XCTAssertGreaterThan(moved, 500)
      let log = run(session, "log")
      XCTAssertEqual(log.result, .lines(["1: sort List  (+0 −0 rows, \(moved) moved)"]))
      let undo = run(session, "undo")
      XCTAssertEqual(session.outline, outline)
      XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, before.itemIdentifiers)
      XCTAssertEqual(
        after.itemIdentifiers.applying(try XCTUnwrap(undo.transaction).difference),
        before.itemIdentifiers)
      run(session, "redo")
      XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, after.itemIdentifiers)
      XCTAssertEqual(
        try session.outline.children(of: "List"), (0..<1_000).map { "item \($0)" })
    }
  }

  func testASortInABatchIsAppliedAsOneTransaction() throws {
    let plain = largeSession(children: 300, seed: 7)
    run(plain, "sort List --reverse")
    let session = largeSession(children: 300, seed: 7)
    let before = session.dataSource.snapshot()
    run(session, "begin\nsort List --reverse")
    XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, before.itemIdentifiers)
    let outcome = run(session, "apply")
    XCTAssertEqual(session.outline, plain.outline)
    XCTAssertEqual(
      before.itemIdentifiers.applying(try XCTUnwrap(outcome.transaction).difference),
      session.dataSource.snapshot().itemIdentifiers)
    XCTAssertEqual(
      try session.outline.children(of: "List"), (0..<300).reversed().map { "item \($0)" })
  }
}
