import OutlineTestSupport
import XCTest

@testable import Diffable

/// `DataSource`: one test per rule of SEMANTICS.md "Data source and handlers" and "Reordering and
/// transactions", with exact expected values.
///
/// The fixture most tests start from (`+` expanded, `*` visible; rows are the visible items):
///
/// ```
/// +*Food          row 0
///   +*Fruit       row 1
///     -*Apple     row 2
///     -*Pear      row 3
///   -*Bread       row 4
/// -*Drinks        row 5
///   + Tea         hidden
///     - Green     hidden
/// -*Snacks        row 6
/// ```
final class DataSourceTests: XCTestCase {
  typealias Outline = SectionSnapshot<String>
  typealias Source = DataSource<String, String>
  typealias Change = _OffsetDifference.Change

  // MARK: - Fixtures

  /// A snapshot drawn as `"  +Item"` lines (see `SectionSnapshot.init(drawing:)`).
  private func outline(_ lines: [String]) throws -> Outline {
    try Outline(drawing: lines)
  }

  private func pantry() throws -> Outline {
    try outline([
      "+Food", "  +Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks", "  +Tea",
      "    -Green", "-Snacks",
    ])
  }

  private let pantryRows = ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Snacks"]
  private let pantryItems = [
    "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea", "Green", "Snacks",
  ]

  /// A data source holding the pantry in section `main`.
  private func pantrySource() throws -> Source {
    let dataSource = Source()
    try dataSource.apply(try pantry(), to: "main")
    return dataSource
  }

  /// A data source whose every reordering handler is allowed and every handler records its call.
  private func recording(_ dataSource: Source) -> Recorder {
    let recorder = Recorder()
    dataSource.sectionSnapshotHandlers.shouldExpandItem = {
      recorder.calls.append("shouldExpand \($0)")
      return recorder.allowExpand
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = {
      recorder.calls.append("willExpand \($0)")
    }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
      recorder.calls.append("shouldCollapse \($0)")
      return recorder.allowCollapse
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = {
      recorder.calls.append("willCollapse \($0)")
    }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { item, current in
      recorder.calls.append("snapshotForExpandingParent \(item)")
      recorder.currents.append(current)
      return recorder.children?(item, current) ?? current
    }
    return recorder
  }

  private final class Recorder {
    var calls: [String] = []
    var currents: [Outline] = []
    var allowExpand = true
    var allowCollapse = true
    var children: ((String, Outline) -> Outline)?
  }

  /// The data source's whole state: the flat snapshot and every section's tree.
  private struct State: Equatable {
    var flat: Snapshot<String, String>
    var sections: [String]
    var trees: [Outline]
    var lines: [[String]]
  }

  private func state(of dataSource: Source) -> State {
    let sections = dataSource.snapshot().sectionIdentifiers
    let trees = sections.map { dataSource.snapshot(for: $0) }
    return State(
      flat: dataSource.snapshot(), sections: sections, trees: trees,
      lines: trees.map { $0.visualDescriptionLines() })
  }

  /// Checks that `body` throws exactly `expected` and leaves the data source as it was.
  private func assertFails<T>(
    _ dataSource: Source, with expected: SnapshotError, message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
  ) {
    let before = state(of: dataSource)
    do {
      _ = try body()
      XCTFail("expected \(expected), nothing thrown", file: file, line: line)
    } catch let error as SnapshotError {
      XCTAssertEqual(error, expected, file: file, line: line)
      if let message { XCTAssertEqual(error.message, message, file: file, line: line) }
    } catch {
      XCTFail("expected \(expected), got \(error)", file: file, line: line)
    }
    XCTAssertEqual(
      state(of: dataSource), before, "changed by a failed call", file: file, line: line)
  }

  private func removals<S: Hashable, I: Hashable>(_ t: Transaction<S, I>) -> [Change] {
    t.removalOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  private func insertions<S: Hashable, I: Hashable>(_ t: Transaction<S, I>) -> [Change] {
    t.insertionOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  private func removals<S: Hashable, I: Hashable>(_ t: SectionTransaction<S, I>) -> [Change] {
    t.removalOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  private func insertions<S: Hashable, I: Hashable>(_ t: SectionTransaction<S, I>) -> [Change] {
    t.insertionOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  /// Checks that both differences of `transaction` turn its initial state into its final one,
  /// and their inverses back.
  private func assertReplays(
    _ transaction: Transaction<String, String>, file: StaticString = #filePath, line: UInt = #line
  ) {
    let initial = transaction.initialSnapshot.itemIdentifiers
    let final = transaction.finalSnapshot.itemIdentifiers
    XCTAssertEqual(initial.applying(transaction.difference), final, file: file, line: line)
    XCTAssertEqual(
      final.applying(transaction.difference.inverse()), initial, file: file, line: line)
    for section in transaction.sectionTransactions {
      let old = section.initialSnapshot.items
      let new = section.finalSnapshot.items
      XCTAssertEqual(old.applying(section.difference), new, file: file, line: line)
      XCTAssertEqual(new.applying(section.difference.inverse()), old, file: file, line: line)
    }
  }

  // MARK: - Apply

  func testApplyStoresTheTreeAndTheFlatSnapshotHoldsExactlyTheVisibleItems() throws {
    let dataSource = Source()
    let tree = try pantry()
    let transaction = try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main"), tree)
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(), tree.visualDescriptionLines())
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows)
    XCTAssertEqual(try dataSource.snapshot().itemIdentifiers(inSection: "main"), pantryRows)
    XCTAssertEqual(dataSource.snapshot().numberOfItems, 7)
    XCTAssertFalse(dataSource.snapshot().contains("Tea"), "a hidden item is not a row")
    XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, pantryRows)
    XCTAssertEqual(transaction.initialSnapshot.numberOfSections, 0)
    XCTAssertEqual(insertions(transaction), (0..<7).map { Change(offset: $0) })
    XCTAssertEqual(removals(transaction), [])
    assertReplays(transaction)
  }

  func testApplyToAMissingSectionAddsItAtTheEnd() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-A"]), to: "a")
    try dataSource.apply(try outline(["-B"]), to: "b")
    try dataSource.apply(try outline(["-C"]), to: "c")
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["a", "b", "c"])
    // Applying to an existing section keeps its place.
    try dataSource.apply(try outline(["-A2"]), to: "a")
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["a", "b", "c"])
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["A2", "B", "C"])
  }

  func testSnapshotForSectionReturnsACopyOfTheStoredTree() throws {
    let dataSource = try pantrySource()
    var copy = dataSource.snapshot(for: "main")
    XCTAssertEqual(copy, try pantry())
    try copy.append(["Extra"], to: "Drinks")
    copy.collapse(["Food"])
    try copy.delete(["Apple"])
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows)
  }

  func testATakenCopyIsNotChangedByLaterApplies() throws {
    let dataSource = try pantrySource()
    let copy = dataSource.snapshot(for: "main")
    let flat = dataSource.snapshot()
    try dataSource.toggleDisclosure(of: "Food")
    try dataSource.apply(try outline(["-Other"]), to: "main")
    XCTAssertEqual(copy, try pantry())
    XCTAssertEqual(copy.visualDescriptionLines(), try pantry().visualDescriptionLines())
    XCTAssertEqual(flat.itemIdentifiers, pantryRows)
  }

  func testApplyingTheStoredSnapshotAgainChangesNothing() throws {
    let dataSource = try pantrySource()
    let transaction = try dataSource.apply(dataSource.snapshot(for: "main"), to: "main")
    XCTAssertTrue(transaction.isEmpty)
    XCTAssertEqual(removals(transaction), [])
    XCTAssertEqual(insertions(transaction), [])
    XCTAssertTrue(transaction.sectionTransactions.allSatisfy { $0.difference.isEmpty })
    XCTAssertEqual(transaction.initialSnapshot, transaction.finalSnapshot)
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
  }

  func testSnapshotForUnknownSectionIsEmpty() throws {
    let dataSource = try pantrySource()
    XCTAssertEqual(dataSource.snapshot(for: "nowhere").items, [])
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["main"])
  }

  func testSectionFilledThroughAFlatSnapshotGivesItsItemsAsRoots() throws {
    let dataSource = Source()
    var flat = Snapshot<String, String>()
    try flat.appendSections(["list"])
    try flat.appendItems(["A", "B", "C"])
    dataSource.apply(flat)
    let tree = dataSource.snapshot(for: "list")
    XCTAssertEqual(tree.items, ["A", "B", "C"])
    XCTAssertEqual(tree.rootItems, ["A", "B", "C"])
    XCTAssertEqual(tree.visibleItems, ["A", "B", "C"])
    XCTAssertEqual(tree.expandedItems, [])
    XCTAssertEqual(tree.visualDescriptionLines(), ["-*A", "-*B", "-*C"])
  }

  func testApplyingAFlatSnapshotKeepsTheTreeOfAnUnchangedSection() throws {
    let dataSource = try pantrySource()
    var flat = dataSource.snapshot()
    try flat.appendSections(["more"])
    try flat.appendItems(["M"], toSection: "more")
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows + ["M"])
    XCTAssertEqual(insertions(transaction), [Change(offset: 7)])
    XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["more"])
    assertReplays(transaction)
  }

  func testApplyingAFreshlyBuiltSnapshotLosesExpansion() throws {
    let dataSource = try pantrySource()
    // The same items, built anew and nothing expanded.
    let fresh = try outline([
      "-Food", "  -Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks", "  -Tea",
      "    -Green", "-Snacks",
    ])
    let transaction = try dataSource.apply(fresh, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, [])
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Snacks"])
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    // The tree did not change its items, only its expansion.
    XCTAssertTrue(transaction.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(removals(transaction), [1, 2, 3, 4].map { Change(offset: $0) })
    assertReplays(transaction)
  }

  func testStartingFromSnapshotForKeepsExpansion() throws {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    try tree.append(["Cake"], to: "Food")
    try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, ["Food", "Fruit", "Tea"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Cake", "Drinks", "Snacks"])
  }

  // MARK: - Handlers

  func testHandlersNeverRunForProgrammaticExpandAndApply() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    var tree = dataSource.snapshot(for: "main")
    tree.expand(["Drinks"])
    try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers.count, 9)
    tree.collapse(["Food", "Drinks"])
    try dataSource.apply(tree, to: "main")
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Snacks"])
    try dataSource.apply(try pantry(), to: "main")
    XCTAssertEqual(recorder.calls, [])
    XCTAssertEqual(recorder.currents, [])
  }

  func testHandlersRunForTheDisclosureAction() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    try dataSource.toggleDisclosure(of: "Drinks")
    try dataSource.toggleDisclosure(of: "Drinks")
    XCTAssertEqual(
      recorder.calls,
      [
        "shouldExpand Drinks", "willExpand Drinks", "snapshotForExpandingParent Drinks",
        "shouldCollapse Drinks", "willCollapse Drinks",
      ])
  }

  func testMissingHandlersMeanYes() throws {
    let dataSource = try pantrySource()
    let expanded = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertTrue(try dataSource.snapshot(for: "main").isExpanded("Drinks"))
    XCTAssertEqual(expanded.finalSnapshot.itemIdentifiers.count, 9)
    let collapsed = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Food").transaction)
    XCTAssertFalse(try dataSource.snapshot(for: "main").isExpanded("Food"))
    XCTAssertEqual(
      collapsed.finalSnapshot.itemIdentifiers, ["Food", "Drinks", "Tea", "Green", "Snacks"])
  }

  func testExpandCallsShouldThenWillThenSnapshotForExpandingParentWithItsCurrentChildren()
    throws
  {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    let current = try dataSource.snapshot(for: "main").snapshot(of: "Drinks")
    let result = try dataSource.toggleDisclosure(of: "Drinks")
    XCTAssertEqual(
      recorder.calls,
      ["shouldExpand Drinks", "willExpand Drinks", "snapshotForExpandingParent Drinks"])
    XCTAssertEqual(recorder.currents, [current])
    XCTAssertEqual(recorder.currents.first?.visualDescriptionLines(), ["+*Tea", "  -*Green"])
    let transaction = try XCTUnwrap(result.transaction)
    XCTAssertTrue(try dataSource.snapshot(for: "main").isExpanded("Drinks"))
    XCTAssertEqual(dataSource.snapshot(for: "main").items, pantryItems)
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea", "Green", "Snacks"])
    assertReplays(transaction)
  }

  func testExpandingAChildlessItemPassesAnEmptyCurrentSnapshot() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    try dataSource.toggleDisclosure(of: "Snacks")
    XCTAssertEqual(recorder.currents.map(\.items), [[]])
    XCTAssertTrue(try dataSource.snapshot(for: "main").isExpanded("Snacks"))
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, pantryRows)
  }

  func testCollapseCallsShouldThenWillAndNeverSnapshotForExpandingParent() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    let result = try dataSource.toggleDisclosure(of: "Fruit")
    XCTAssertEqual(recorder.calls, ["shouldCollapse Fruit", "willCollapse Fruit"])
    XCTAssertEqual(recorder.currents, [])
    let transaction = try XCTUnwrap(result.transaction)
    XCTAssertFalse(try dataSource.snapshot(for: "main").isExpanded("Fruit"))
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers, ["Food", "Fruit", "Bread", "Drinks", "Snacks"])
    XCTAssertEqual(removals(transaction), [Change(offset: 2), Change(offset: 3)])
    XCTAssertEqual(insertions(transaction), [])
    assertReplays(transaction)
  }

  func testRefusedShouldExpandMeansNoWillHandlerAndNoChange() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    recorder.allowExpand = false
    let before = state(of: dataSource)
    let result = try dataSource.toggleDisclosure(of: "Drinks")
    guard case .refused = result else { return XCTFail("expected .refused, got \(result)") }
    XCTAssertNil(result.transaction)
    XCTAssertEqual(recorder.calls, ["shouldExpand Drinks"])
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testRefusedShouldCollapseMeansNoWillHandlerAndNoChange() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    recorder.allowCollapse = false
    let before = state(of: dataSource)
    let result = try dataSource.toggleDisclosure(of: "Food")
    guard case .refused = result else { return XCTFail("expected .refused, got \(result)") }
    XCTAssertEqual(recorder.calls, ["shouldCollapse Food"])
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testLazyLoadingFillsAChildlessItemOnItsFirstExpand() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-Folder", "-Other"]), to: "files")
    let recorder = recording(dataSource)
    var loads = 0
    recorder.children = { item, current in
      guard current.items.isEmpty else { return current }
      loads += 1
      var children = Outline()
      try! children.append(["\(item)/a", "\(item)/b"])
      return children
    }
    let first = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Folder").transaction)
    XCTAssertEqual(loads, 1)
    XCTAssertEqual(
      dataSource.snapshot(for: "files").visualDescriptionLines(),
      ["+*Folder", "  -*Folder/a", "  -*Folder/b", "-*Other"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers, ["Folder", "Folder/a", "Folder/b", "Other"])
    XCTAssertEqual(insertions(first), [Change(offset: 1), Change(offset: 2)])
    XCTAssertEqual(
      insertions(first.sectionTransactions[0]), [Change(offset: 1), Change(offset: 2)])
    assertReplays(first)

    // Collapse: snapshotForExpandingParent is not asked.
    try dataSource.toggleDisclosure(of: "Folder")
    XCTAssertEqual(recorder.currents.count, 1)
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Folder", "Other"])

    // Expand again: the handler gets the loaded children and returns them unchanged.
    let again = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Folder").transaction)
    XCTAssertEqual(loads, 1)
    XCTAssertEqual(recorder.currents.last?.items, ["Folder/a", "Folder/b"])
    XCTAssertEqual(
      dataSource.snapshot(for: "files").visualDescriptionLines(),
      ["+*Folder", "  -*Folder/a", "  -*Folder/b", "-*Other"])
    XCTAssertTrue(again.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(insertions(again), [Change(offset: 1), Change(offset: 2)])
  }

  func testReturningTheCurrentSnapshotUnchangedChangesOnlyTheExpansion() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    recorder.children = { _, current in current }
    var expected = try pantry()
    expected.expand(["Drinks"])
    let transaction = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(dataSource.snapshot(for: "main"), expected)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      expected.visualDescriptionLines())
    XCTAssertTrue(transaction.sectionTransactions[0].difference.isEmpty)
  }

  func testAnotherReturnedSnapshotReplacesTheChildren() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    recorder.children = { _, _ in
      var children = Outline()
      try! children.append(["Coffee", "Juice"])
      return children
    }
    let transaction = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines().suffix(4),
      ["+*Drinks", "  -*Coffee", "  -*Juice", "-*Snacks"])
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(removals(section), [Change(offset: 6), Change(offset: 7)])
    XCTAssertEqual(insertions(section), [Change(offset: 6), Change(offset: 7)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 6), Change(offset: 7)])
    XCTAssertEqual(removals(transaction), [])
    assertReplays(transaction)
  }

  func testExpandingParentSnapshotHoldingAnItemOfTheSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    recorder.children = { _, _ in
      var children = Outline()
      try! children.append(["Coffee", "Apple"])
      return children
    }
    assertFails(dataSource, with: .duplicateItems(["Apple"])) {
      try dataSource.toggleDisclosure(of: "Drinks")
    }
  }

  func testExpandingParentSnapshotHoldingAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere"]), to: "other")
    let recorder = recording(dataSource)
    recorder.children = { _, _ in
      var children = Outline()
      try! children.append(["Coffee", "Elsewhere"])
      return children
    }
    assertFails(dataSource, with: .duplicateItems(["Elsewhere"])) {
      try dataSource.toggleDisclosure(of: "Drinks")
    }
  }

  func testToggleDisclosureOfUnknownItemThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    assertFails(
      dataSource, with: .itemNotFound("Nope"),
      message: "Item identifier does not exist in section snapshot: Nope"
    ) { try dataSource.toggleDisclosure(of: "Nope") }
    XCTAssertEqual(recorder.calls, [])
  }

  // MARK: - Reordering handlers

  func testReorderWithoutCanReorderHandlerIsRefused() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    dataSource.reorderingHandlers.didReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let reordered = try dataSource.reorder("Snacks", to: .before("Food"))
    guard case .refused = reordered else { return XCTFail("expected .refused, got \(reordered)") }
    let dragged = try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    guard case .refused = dragged else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testReorderRefusedByCanReorderItemChangesNothing() throws {
    let dataSource = try pantrySource()
    var asked: [String] = []
    dataSource.reorderingHandlers.canReorderItem = {
      asked.append($0); return $0 != "Snacks"
    }
    var reorders = 0
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let reordered = try dataSource.reorder("Snacks", to: .before("Food"))
    guard case .refused = reordered else { return XCTFail("expected .refused, got \(reordered)") }
    let dragged = try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    guard case .refused = dragged else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertEqual(asked, ["Snacks", "Snacks"])
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testWillReorderSeesTheInitialStateAndDidReorderTheFinal() throws {
    let dataSource = try pantrySource()
    let initialTree = try pantry()
    var seen: [String] = []
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { [unowned dataSource] transaction in
      seen.append("will")
      XCTAssertEqual(dataSource.snapshot(), transaction.initialSnapshot)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, self.pantryRows)
      XCTAssertEqual(dataSource.snapshot(for: "main"), initialTree)
      XCTAssertEqual(transaction.sectionTransactions.first?.initialSnapshot, initialTree)
    }
    dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
      seen.append("did")
      XCTAssertEqual(dataSource.snapshot(), transaction.finalSnapshot)
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers,
        ["Snacks", "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
      XCTAssertEqual(
        dataSource.snapshot(for: "main"), transaction.sectionTransactions.first?.finalSnapshot)
    }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Snacks", to: .before("Food")).transaction)
    XCTAssertEqual(seen, ["will", "did"])
    XCTAssertEqual(dataSource.snapshot(), transaction.finalSnapshot)
  }

  func testWillAndDidReorderAlsoRunForADrag() throws {
    let dataSource = try pantrySource()
    var seen: [(String, [String])] = []
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { [unowned dataSource] _ in
      seen.append(("will", dataSource.snapshot().itemIdentifiers))
    }
    dataSource.reorderingHandlers.didReorder = { [unowned dataSource] _ in
      seen.append(("did", dataSource.snapshot().itemIdentifiers))
    }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    XCTAssertEqual(seen.map(\.0), ["will", "did"])
    XCTAssertEqual(seen.first?.1, pantryRows)
    XCTAssertEqual(seen.last?.1, ["Snacks", "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
  }

  func testReorderToWhereTheItemAlreadyIsIsUnchanged() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let result = try dataSource.reorder("Snacks", to: .lastRoot)
    guard case .unchanged = result else { return XCTFail("expected .unchanged, got \(result)") }
    let after = try dataSource.reorder("Apple", to: .before("Pear"))
    guard case .unchanged = after else { return XCTFail("expected .unchanged, got \(after)") }
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }

  // MARK: - Transactions

  func testOneDraggedLeafIsOneRemovalAndOneInsertionAssociatedWithEachOther() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 6, toRow: 1).transaction)
    let difference = transaction.difference
    XCTAssertEqual(difference.removals.count, 1)
    XCTAssertEqual(difference.insertions.count, 1)
    guard case .remove(let from, let removed, let removedTo)? = difference.removals.first,
      case .insert(let to, let inserted, let insertedFrom)? = difference.insertions.first
    else { return XCTFail("expected one removal and one insertion, got \(difference)") }
    XCTAssertEqual([removed, inserted], ["Snacks", "Snacks"])
    XCTAssertEqual(from, 6)
    XCTAssertEqual(to, 1)
    XCTAssertEqual(removedTo, to)
    XCTAssertEqual(insertedFrom, from)
    // The WWDC backing-store recipe.
    var backingStore = transaction.initialSnapshot.itemIdentifiers
    if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
    XCTAssertEqual(backingStore, transaction.finalSnapshot.itemIdentifiers)
    XCTAssertEqual(backingStore, dataSource.snapshot().itemIdentifiers)
    assertReplays(transaction)
  }

  func testOneReorderedLeafIsOneAssociatedPairToo() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Apple", to: .after("Bread")).transaction)
    XCTAssertEqual(removals(transaction), [Change(offset: 2, associatedWith: 4)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 4, associatedWith: 2)])
    XCTAssertEqual(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
      transaction.finalSnapshot.itemIdentifiers)
  }

  func testSectionTransactionCarriesBothSectionSnapshotsAndTheDifferenceOfAllItems() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Drinks is collapsed: it moves with its hidden Tea and Green.
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Drinks", to: .before("Food")).transaction)
    XCTAssertEqual(transaction.sectionTransactions.count, 1)
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(section.sectionIdentifier, "main")
    XCTAssertEqual(section.initialSnapshot, try pantry())
    XCTAssertEqual(section.finalSnapshot, dataSource.snapshot(for: "main"))
    XCTAssertEqual(
      section.finalSnapshot.items,
      ["Drinks", "Tea", "Green", "Food", "Fruit", "Apple", "Pear", "Bread", "Snacks"])
    // The three moved items (hidden ones included) are reported as moves.
    XCTAssertEqual(
      removals(section),
      [
        Change(offset: 5, associatedWith: 0), Change(offset: 6, associatedWith: 1),
        Change(offset: 7, associatedWith: 2),
      ])
    XCTAssertEqual(
      insertions(section),
      [
        Change(offset: 0, associatedWith: 5), Change(offset: 1, associatedWith: 6),
        Change(offset: 2, associatedWith: 7),
      ])
    XCTAssertEqual(
      Set(
        section.difference.insertions.map { change -> String in
          guard case .insert(_, let item, _) = change else { return "" }
          return item
        }), ["Drinks", "Tea", "Green"])
    // The flat difference has only the visible row.
    XCTAssertEqual(removals(transaction), [Change(offset: 5, associatedWith: 0)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 0, associatedWith: 5)])
    assertReplays(transaction)
  }

  func testSectionDifferenceCountsHiddenItemsThatAFlatDifferenceDoesNot() throws {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    try tree.delete(["Drinks"])
    let transaction = try dataSource.apply(tree, to: "main")
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(removals(section), [5, 6, 7].map { Change(offset: $0) })
    XCTAssertEqual(insertions(section), [])
    XCTAssertEqual(removals(transaction), [Change(offset: 5)])
    XCTAssertEqual(insertions(transaction), [])
    assertReplays(transaction)
  }

  func testSectionDifferenceInfersMovesForAReappliedTree() throws {
    let dataSource = try pantrySource()
    // A freshly built tree (no journal): the move is found by diffing.
    let moved = try outline([
      "-Snacks", "+Food", "  +Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks",
      "  +Tea", "    -Green",
    ])
    let transaction = try dataSource.apply(moved, to: "main")
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(removals(section), [Change(offset: 8, associatedWith: 0)])
    XCTAssertEqual(insertions(section), [Change(offset: 0, associatedWith: 8)])
    XCTAssertEqual(removals(transaction), [Change(offset: 6, associatedWith: 0)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 0, associatedWith: 6)])
    assertReplays(transaction)
  }

  func testExpandAndCollapseHaveAnEmptySectionDifferenceButANonEmptyFlatDifference() throws {
    let dataSource = try pantrySource()
    let expand = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(expand.sectionTransactions.count, 1)
    XCTAssertTrue(expand.sectionTransactions[0].difference.isEmpty)
    XCTAssertNotEqual(
      expand.sectionTransactions[0].initialSnapshot, expand.sectionTransactions[0].finalSnapshot)
    XCTAssertEqual(insertions(expand), [Change(offset: 6), Change(offset: 7)])
    XCTAssertEqual(removals(expand), [])
    XCTAssertFalse(expand.isEmpty)
    assertReplays(expand)

    let collapse = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Food").transaction)
    XCTAssertTrue(collapse.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(removals(collapse), [1, 2, 3, 4].map { Change(offset: $0) })
    XCTAssertEqual(insertions(collapse), [])
    assertReplays(collapse)

    // Programmatic expansion gives the same kind of transaction.
    var tree = dataSource.snapshot(for: "main")
    tree.expand(["Food"])
    let programmatic = try dataSource.apply(tree, to: "main")
    XCTAssertTrue(programmatic.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(insertions(programmatic), [1, 2, 3, 4].map { Change(offset: $0) })
  }

  // MARK: - Drag: re-parenting by neighbours

  func testDragBelowAnExpandedParentWithChildrenMakesTheFirstChild() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 2)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Fruit")
    XCTAssertEqual(
      tree.visualDescriptionLines(),
      [
        "+*Food", "  +*Fruit", "    -*Snacks", "    -*Apple", "    -*Pear", "  -*Bread",
        "-*Drinks", "  + Tea", "    - Green",
      ])
    XCTAssertEqual(dataSource.indexPath(for: "Snacks"), IndexPath(indexes: [0, 2]))
  }

  func testDragBelowAnExpandedRootWithChildrenMakesItsFirstChild() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 1)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(tree.items.prefix(3), ["Food", "Snacks", "Fruit"])
    XCTAssertEqual(try tree.level(of: "Snacks"), 1)
  }

  func testDragBelowALeafTakesItsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Row above: Pear (level 2).
    try dataSource.drag(in: "main", fromRow: 6, toRow: 4)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Fruit")
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Apple", "Pear", "Snacks", "Bread", "Drinks", "Tea", "Green"])
    XCTAssertEqual(dataSource.indexPath(for: "Snacks"), IndexPath(indexes: [0, 4]))
  }

  func testDragBelowTheLastChildOfAnExpandedParentTakesTheChildsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Row above: Bread (level 1): the root Snacks becomes Food's last child.
    try dataSource.drag(in: "main", fromRow: 6, toRow: 5)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Apple", "Pear", "Bread", "Snacks", "Drinks", "Tea", "Green"])
  }

  func testDragBelowAnExpandedLeafTakesItsLevelRatherThanBecomingAChild() throws {
    let dataSource = try pantrySource()
    var tree = dataSource.snapshot(for: "main")
    tree.expand(["Bread"])
    try dataSource.apply(tree, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 5)
    tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Snacks"), "Food")
    XCTAssertEqual(try tree.level(of: "Snacks"), 1)
    XCTAssertFalse(try tree.hasChildren("Bread"))
  }

  func testDragBelowACollapsedParentGoesAfterItsWholeSubtreeAtItsLevel() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Apple (row 2) below Drinks (collapsed, with hidden Tea and Green).
    try dataSource.drag(in: "main", fromRow: 2, toRow: 5)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(try tree.parent(of: "Apple"), nil)
    XCTAssertEqual(
      tree.items, ["Food", "Fruit", "Pear", "Bread", "Drinks", "Tea", "Green", "Apple", "Snacks"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Pear", "Bread", "Drinks", "Apple", "Snacks"])
    XCTAssertEqual(dataSource.indexPath(for: "Apple"), IndexPath(indexes: [0, 5]))
  }

  func testDragToTheTopMakesTheFirstRoot() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 3, toRow: 0)
    let tree = dataSource.snapshot(for: "main")
    XCTAssertEqual(tree.rootItems, ["Pear", "Food", "Drinks", "Snacks"])
    XCTAssertEqual(try tree.level(of: "Pear"), 0)
  }

  func testARootDroppedAfterNestedRowsAtTheEndStaysARoot() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-A", "+B", "  -B1", "  -B2"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 0, toRow: 3).transaction)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      ["+*B", "  -*B1", "  -*B2", "-*A"])
    XCTAssertEqual(removals(transaction), [Change(offset: 0, associatedWith: 3)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 3, associatedWith: 0)])
    assertReplays(transaction)
  }

  func testANestedItemDroppedAfterNestedRowsAtTheEndTakesTheLevelAbove() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["+A", "  -A1", "+B", "  -B1", "  -B2"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try dataSource.drag(in: "main", fromRow: 1, toRow: 4)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      ["+*A", "+*B", "  -*B1", "  -*B2", "  -*A1"])
  }

  func testTheDraggedItemKeepsItsSubtreeAndItsDescendantsExpansion() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Drinks (collapsed; Tea expanded under it) dropped below Fruit: Fruit's first child.
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 5, toRow: 2).transaction)
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      [
        "+*Food", "  +*Fruit", "    -*Drinks", "      + Tea", "        - Green", "    -*Apple",
        "    -*Pear", "  -*Bread", "-*Snacks",
      ])
    assertReplays(transaction)
    // Expanding it shows the subtree as it was.
    try dataSource.toggleDisclosure(of: "Drinks")
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Drinks", "Tea", "Green", "Apple", "Pear", "Bread", "Snacks"])
  }

  func testDraggingAnExpandedParentCollapsesItFirstWithoutTheHandlers() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // Fruit collapsed leaves 5 rows; row 4 is the last.
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 1, toRow: 4).transaction)
    XCTAssertEqual(recorder.calls, [])
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      [
        "+*Food", "  -*Bread", "-*Drinks", "  + Tea", "    - Green", "-*Snacks", "-*Fruit",
        "  - Apple", "  - Pear",
      ])
    XCTAssertEqual(
      transaction.finalSnapshot.itemIdentifiers, ["Food", "Bread", "Drinks", "Snacks", "Fruit"])
    XCTAssertEqual(dataSource.indexPath(for: "Fruit"), IndexPath(indexes: [0, 4]))
    assertReplays(transaction)
  }

  func testDraggingAnExpandedParentOntoItsOwnRowStillCollapsesIt() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.drag(in: "main", fromRow: 1, toRow: 1).transaction)
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers, ["Food", "Fruit", "Bread", "Drinks", "Snacks"])
    XCTAssertFalse(try dataSource.snapshot(for: "main").isExpanded("Fruit"))
    XCTAssertEqual(removals(transaction), [Change(offset: 2), Change(offset: 3)])
    assertReplays(transaction)
  }

  /// A section of one row collapses a dragged expanded item too.
  ///
  /// SEMANTICS: "Dragging an expanded parent collapses it first". A section of one row must
  /// behave like `testDraggingAnExpandedParentOntoItsOwnRowStillCollapsesIt`.
  func testDraggingTheOnlyRowWhenExpandedCollapsesIt() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["+A", "  -A1"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 0)
    XCTAssertNotNil(
      result.transaction,
      "LIBRARY BUG: dragging the only (expanded) row gives \(result) and leaves it expanded; "
        + "with a second row the same drop collapses it and is .applied")
    XCTAssertFalse(
      try dataSource.snapshot(for: "main").isExpanded("A"),
      "LIBRARY BUG: the dragged expanded item was not collapsed")
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["A"])
  }

  func testDragOntoItsOwnPlaceIsUnchanged() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let before = state(of: dataSource)
    let result = try dataSource.drag(in: "main", fromRow: 6, toRow: 6)
    guard case .unchanged = result else { return XCTFail("expected .unchanged, got \(result)") }
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testDragInASectionOfOneRowIsUnchanged() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-Only"]), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let result = try dataSource.drag(in: "main", fromRow: 0, toRow: 0)
    guard case .unchanged = result else { return XCTFail("expected .unchanged, got \(result)") }
  }

  // MARK: - Errors leave the data source unchanged

  func testReorderOfUnknownItemThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .itemNotFound("Nope")) {
      try dataSource.reorder("Nope", to: .before("Food"))
    }
    assertFails(dataSource, with: .itemNotFound("Nope")) {
      try dataSource.reorder("Food", to: .after("Nope"))
    }
  }

  func testReorderIntoItsOwnSubtreeThrowsInvalidMoveAndChangesNothing() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    assertFails(
      dataSource, with: .invalidMove("cannot move Food into its own subtree (Apple)"),
      message: "Invalid move: cannot move Food into its own subtree (Apple)"
    ) { try dataSource.reorder("Food", to: .firstChild(of: "Apple")) }
    assertFails(dataSource, with: .invalidMove("cannot move Food into its own subtree")) {
      try dataSource.reorder("Food", to: .lastChild(of: "Food"))
    }
    assertFails(dataSource, with: .invalidMove("cannot move Drinks into its own subtree (Green)")) {
      try dataSource.reorder("Drinks", to: .after("Green"))
    }
    XCTAssertEqual(reorders, 0)
  }

  func testReorderNextToAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere"]), to: "other")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .itemNotFound("Elsewhere")) {
      try dataSource.reorder("Snacks", to: .after("Elsewhere"))
    }
  }

  func testDragWithRowsOutOfRangeThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .invalidMove("row 7 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 7, toRow: 0)
    }
    assertFails(dataSource, with: .invalidMove("row -1 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: -1, toRow: 0)
    }
    assertFails(dataSource, with: .invalidMove("row 7 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 6, toRow: 7)
    }
    assertFails(dataSource, with: .invalidMove("row -1 is not a visible row (0..<7)")) {
      try dataSource.drag(in: "main", fromRow: 6, toRow: -1)
    }
    // Fruit collapses as it is dragged: 5 rows remain.
    assertFails(dataSource, with: .invalidMove("row 5 is not a visible row (0..<5)")) {
      try dataSource.drag(in: "main", fromRow: 1, toRow: 5)
    }
  }

  func testDragInUnknownSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    assertFails(dataSource, with: .sectionNotFound("nowhere")) {
      try dataSource.drag(in: "nowhere", fromRow: 0, toRow: 1)
    }
  }

  func testApplyingAFreshTreeHoldingAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere", "-Other"]), to: "other")
    let tree = try outline(["-Food", "-Elsewhere"])
    assertFails(
      dataSource, with: .duplicateItems(["Elsewhere"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Elsewhere"
    ) { try dataSource.apply(tree, to: "main") }
    // Also into a new section.
    assertFails(dataSource, with: .duplicateItems(["Apple"])) {
      try dataSource.apply(try! self.outline(["-Apple"]), to: "third")
    }
  }

  func testApplyingAnEditedTreeHoldingAnItemOfAnotherSectionThrowsAndChangesNothing() throws {
    let dataSource = try pantrySource()
    try dataSource.apply(try outline(["-Elsewhere", "-Other"]), to: "other")
    // Each single edit (the data source checks only what the edit added).
    var appended = dataSource.snapshot(for: "main")
    try appended.append(["Elsewhere"], to: "Tea")
    var inserted = dataSource.snapshot(for: "main")
    try inserted.insert(try outline(["-New", "  -Other"]), after: "Pear")
    var replaced = dataSource.snapshot(for: "main")
    try replaced.replace(childrenOf: "Drinks", using: try outline(["-Tea", "-Elsewhere"]))
    for tree in [appended, inserted, replaced] {
      assertFails(
        dataSource, with: .duplicateItems([tree.contains("Other") ? "Other" : "Elsewhere"])
      ) {
        try dataSource.apply(tree, to: "main")
      }
    }
    // And after two edits.
    var twice = dataSource.snapshot(for: "main")
    try twice.append(["New"])
    try twice.append(["Elsewhere"], to: "New")
    assertFails(dataSource, with: .duplicateItems(["Elsewhere"])) {
      try dataSource.apply(twice, to: "main")
    }
  }

  // MARK: - Index paths and sections

  /// Section `first` holds X, Y, Z; section `main` the pantry.
  private func twoSectionSource() throws -> Source {
    let dataSource = Source()
    try dataSource.apply(try outline(["-X", "-Y", "-Z"]), to: "first")
    try dataSource.apply(try pantry(), to: "main")
    return dataSource
  }

  func testItemIdentifierForIndexPathAndIndexPathForItem() throws {
    let dataSource = try twoSectionSource()
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [0, 0])), "X")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [0, 2])), "Z")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 0])), "Food")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 6])), "Snacks")
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 7])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [2, 0])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [0, -1])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [-1, 0])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [0])))
    XCTAssertEqual(dataSource.indexPath(for: "Y"), IndexPath(indexes: [0, 1]))
    XCTAssertEqual(dataSource.indexPath(for: "Drinks"), IndexPath(indexes: [1, 5]))
    XCTAssertNil(dataSource.indexPath(for: "Tea"), "a hidden item has no index path")
    XCTAssertNil(dataSource.indexPath(for: "Nope"))
    for (section, name) in ["first", "main"].enumerated() {
      let rows = try dataSource.snapshot().itemIdentifiers(inSection: name)
      for (row, item) in rows.enumerated() {
        let path = IndexPath(indexes: [section, row])
        XCTAssertEqual(dataSource.indexPath(for: item), path)
        XCTAssertEqual(dataSource.itemIdentifier(for: path), item)
      }
    }
  }

  func testSectionQueries() throws {
    let dataSource = try twoSectionSource()
    XCTAssertEqual(dataSource.sectionIdentifier(for: 0), "first")
    XCTAssertEqual(dataSource.sectionIdentifier(for: 1), "main")
    XCTAssertNil(dataSource.sectionIdentifier(for: 2))
    XCTAssertNil(dataSource.sectionIdentifier(for: -1))
    XCTAssertEqual(dataSource.index(for: "main"), 1)
    XCTAssertNil(dataSource.index(for: "nowhere"))
    XCTAssertEqual(dataSource.section(containing: "Tea"), "main", "hidden items count")
    XCTAssertEqual(dataSource.section(containing: "Y"), "first")
    XCTAssertNil(dataSource.section(containing: "Nope"))
  }

  func testALaterSectionsRowsAreOffsetByTheRowsBeforeIt() throws {
    let dataSource = try twoSectionSource()
    let expand = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(insertions(expand), [Change(offset: 9), Change(offset: 10)])
    XCTAssertEqual(removals(expand), [])
    XCTAssertEqual(expand.sectionTransactions.map(\.sectionIdentifier), ["main"])
    assertReplays(expand)

    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let drag = try XCTUnwrap(try dataSource.drag(in: "main", fromRow: 8, toRow: 0).transaction)
    XCTAssertEqual(dataSource.snapshot(for: "main").rootItems, ["Snacks", "Food", "Drinks"])
    XCTAssertEqual(removals(drag), [Change(offset: 11, associatedWith: 3)])
    XCTAssertEqual(insertions(drag), [Change(offset: 3, associatedWith: 11)])
    // The section difference stays in the section's own offsets.
    XCTAssertEqual(removals(drag.sectionTransactions[0]), [Change(offset: 8, associatedWith: 0)])
    assertReplays(drag)

    var tree = dataSource.snapshot(for: "main")
    try tree.delete(["Food"])
    let delete = try dataSource.apply(tree, to: "main")
    XCTAssertEqual(removals(delete), [4, 5, 6, 7, 8].map { Change(offset: $0) })
    assertReplays(delete)
  }

  func testAnEarlierSectionsChangeLeavesTheLaterRowsAlone() throws {
    let dataSource = try twoSectionSource()
    var first = dataSource.snapshot(for: "first")
    try first.insert(["W"], before: "X")
    let transaction = try dataSource.apply(first, to: "first")
    XCTAssertEqual(insertions(transaction), [Change(offset: 0)])
    XCTAssertEqual(removals(transaction), [])
    XCTAssertEqual(dataSource.indexPath(for: "Food"), IndexPath(indexes: [1, 0]))
    XCTAssertEqual(dataSource.snapshot().indexOfItem("Food"), 4)
    assertReplays(transaction)
  }

  func testAFlatSnapshotChangingTwoSectionsGivesOneDifferenceOverAllRows() throws {
    let dataSource = try twoSectionSource()
    var flat = dataSource.snapshot()
    try flat.moveItem("Y", afterItem: "Snacks")
    flat.deleteItems(["Bread"])
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["X", "Z", "Food", "Fruit", "Apple", "Pear", "Drinks", "Snacks", "Y"])
    XCTAssertEqual(
      Set(transaction.sectionTransactions.map(\.sectionIdentifier)), ["first", "main"])
    XCTAssertEqual(
      removals(transaction), [Change(offset: 1, associatedWith: 8), Change(offset: 7)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 8, associatedWith: 1)])
    assertReplays(transaction)
  }

  func testApplyingAFlatSnapshotWithoutASectionRemovesIt() throws {
    let dataSource = try twoSectionSource()
    var flat = dataSource.snapshot()
    flat.deleteSections(["first"])
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["main"])
    XCTAssertEqual(removals(transaction), [0, 1, 2].map { Change(offset: $0) })
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    let removed = try XCTUnwrap(
      transaction.sectionTransactions.first { $0.sectionIdentifier == "first" })
    XCTAssertEqual(removed.finalSnapshot.items, [])
    assertReplays(transaction)
  }
}
