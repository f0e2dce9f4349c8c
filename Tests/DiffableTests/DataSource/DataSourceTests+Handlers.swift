import OutlineTestSupport
import XCTest

@testable import Diffable

// Handlers.
extension DataSourceTests {
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

  /// Children loaded by an apply in `willExpandItem` (a WWDC20-era pattern) are kept, shown, and
  /// handed to `snapshotForExpandingParent` as its current children: the tap used to work on
  /// the snapshot read before the handler, and its apply deleted them again.
  func testAnApplyInWillExpandItemIsWhatTheTapExpands() throws {
    let dataSource = Source()
    try dataSource.apply(try outline(["-Folder", "-Other"]), to: "files")
    let recorder = recording(dataSource)
    dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned dataSource] item in
      recorder.calls.append("willExpand \(item)")
      var loaded = dataSource.snapshot(for: "files")
      try! loaded.append(["\(item)/a", "\(item)/b"], to: item)
      try! dataSource.apply(loaded, to: "files")
    }
    let tap = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Folder").transaction)
    XCTAssertEqual(
      recorder.calls,
      ["shouldExpand Folder", "willExpand Folder", "snapshotForExpandingParent Folder"])
    XCTAssertEqual(recorder.currents.map(\.items), [["Folder/a", "Folder/b"]])
    XCTAssertEqual(
      dataSource.snapshot(for: "files").visualDescriptionLines(),
      ["+*Folder", "  -*Folder/a", "  -*Folder/b", "-*Other"])
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers, ["Folder", "Folder/a", "Folder/b", "Other"])
    // The tap's transaction starts where the handler's apply left the data source.
    XCTAssertEqual(tap.initialSnapshot.itemIdentifiers, ["Folder", "Other"])
    XCTAssertEqual(insertions(tap), [Change(offset: 1), Change(offset: 2)])
    assertReplays(tap)
  }

  /// Children unloaded by an apply in `willCollapseItem` stay unloaded.
  func testAnApplyInWillCollapseItemIsWhatTheTapCollapses() throws {
    let dataSource = try pantrySource()
    let recorder = recording(dataSource)
    dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned dataSource] item in
      recorder.calls.append("willCollapse \(item)")
      var unloaded = dataSource.snapshot(for: "main")
      try! unloaded.replace(childrenOf: item, using: Outline())
      try! dataSource.apply(unloaded, to: "main")
    }
    try dataSource.toggleDisclosure(of: "Food")
    XCTAssertEqual(recorder.calls, ["shouldCollapse Food", "willCollapse Food"])
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Snacks"])
    XCTAssertEqual(
      dataSource.snapshot(for: "main").visualDescriptionLines(),
      ["-*Food", "-*Drinks", "  + Tea", "    - Green", "-*Snacks"])
    // A will-handler that removes the tapped item leaves nothing to do.
    dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned dataSource] item in
      var removed = dataSource.snapshot(for: "main")
      try! removed.delete([item])
      try! dataSource.apply(removed, to: "main")
    }
    let result = try dataSource.toggleDisclosure(of: "Drinks")
    guard case .unchanged = result else { return XCTFail("expected .unchanged, got \(result)") }
    XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Snacks"])
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
}
