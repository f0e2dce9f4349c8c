import Diffable
import OutlineLanguage
import XCTest

/// Focus (hoist): `focus ITEM`, `focus ..` and `unfocus`, what sees the focus's subtree and
/// what still sees the section, and how the focus follows edits that remove its item.
final class InterpreterFocusTests: XCTestCase {
  /// Food (Fruit (Apple, Pear), Veg (Leek)), Drinks (Water); all collapsed.
  func groceries() -> Session {
    let session = Session()
    run(
      session,
      """
      append Food Drinks
      append Fruit Veg to Food
      append Apple Pear to Fruit
      append Leek to Veg
      append Water to Drinks
      """)
    return session
  }

  func lines(_ outcome: Outcome) -> [String] {
    guard case .tree(let lines) = outcome.result else { return [] }
    return lines.map { $0.text(rowWidth: 1) }
  }

  // MARK: Focusing

  func testFocusExpandsTheItemAndItsAncestorsInCodeAndNarrowsTheView() {
    let session = groceries()
    let outcome = run(session, "focus Fruit")
    XCTAssertEqual(outcome.handlers, [], "code, not a tap: no handler calls")
    XCTAssertEqual(outcome.effect, .rebuild)
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit"])
    XCTAssertEqual(
      session.dataSource.snapshot().itemIdentifiers,
      ["Food", "Fruit", "Apple", "Pear", "Veg", "Drinks"])
    XCTAssertEqual(outcome.transaction?.insertionOffsets.map(\.offset), [1, 2, 3, 4])
    XCTAssertEqual(session.focus, "Fruit")
    XCTAssertEqual(session.focusPath, ["Food", "Fruit"])
    XCTAssertEqual(outcome.note, "focus: Food › Fruit (2 rows)")
    XCTAssertEqual(outcome.focusChange, FocusChange(path: ["Food", "Fruit"]))
    XCTAssertEqual(outcome.after?.focus, "Fruit")
    XCTAssertNil(outcome.before?.focus)
  }

  func testFocusOnAnExpandedVisibleItemChangesNoRowAndALeafOpensForChildren() {
    let session = groceries()
    run(session, "expand Food")
    let outcome = run(session, "focus Food")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(outcome.effect, .none)
    let leaf = run(session, "focus Leek")
    XCTAssertEqual(session.focus, "Leek")
    XCTAssertTrue(try session.outline.isExpanded("Leek"), "a leaf opens, so appended items show")
    XCTAssertNotNil(leaf.transaction, "Veg expanded to show Leek's future children")
    run(session, "append Chives")
    XCTAssertEqual(try session.outline.parent(of: "Chives"), "Leek")
    XCTAssertEqual(lines(run(session, "show")), ["0•   Chives"])
  }

  func testFocusingTheFocusAgainIsANoOpWithANote() {
    let session = groceries()
    run(session, "focus Fruit")
    let outcome = run(session, "focus Fruit")
    XCTAssertNil(outcome.transaction)
    XCTAssertNil(outcome.focusChange)
    XCTAssertEqual(outcome.note, "the focus is already Food › Fruit")
  }

  func testFocusUpGoesToTheParentAndAtARootUnfocuses() {
    let session = groceries()
    run(session, "focus Apple")
    XCTAssertEqual(run(session, "focus ..").focusChange, FocusChange(path: ["Food", "Fruit"]))
    run(session, "focus ..")
    XCTAssertEqual(session.focus, "Food")
    let outcome = run(session, "focus ..")
    XCTAssertNil(session.focus)
    XCTAssertEqual(outcome.focusChange, FocusChange(path: []))
    XCTAssertEqual(outcome.note, "unfocused: the view is the whole section")
  }

  func testFocusUpExpandsAParentCollapsedMeanwhile() {
    let session = groceries()
    run(session, "focus Apple")
    run(session, "collapse --force Fruit")
    let outcome = run(session, "focus ..")
    XCTAssertEqual(session.focus, "Fruit")
    XCTAssertTrue(try session.outline.isExpanded("Fruit"))
    XCTAssertNotNil(outcome.transaction)
  }

  func testUnfocusWidensTheViewAndWithoutAFocusIsANoOpWithANote() {
    let session = groceries()
    run(session, "focus Veg")
    XCTAssertEqual(run(session, "unfocus").focusChange, FocusChange(path: []))
    XCTAssertNil(session.focus)
    XCTAssertEqual(run(session, "count").result, .number(8))
    let again = run(session, "unfocus")
    XCTAssertTrue(again.ok)
    XCTAssertNil(again.focusChange)
    XCTAssertEqual(again.note, "no focus: the view is already the whole section")
  }

  // MARK: What sees the focus

  func testQueriesSeeTheFocusDescendantsWithItsChildrenAsRoots() {
    let session = groceries()
    run(session, "expand --force Veg")
    run(session, "focus Food")
    XCTAssertEqual(
      lines(run(session, "show")),
      ["0  ▸ Fruit", "·      Apple", "·      Pear", "1  ▾ Veg", "2      Leek"])
    XCTAssertEqual(run(session, "items").result, .items(["Fruit", "Apple", "Pear", "Veg", "Leek"]))
    XCTAssertEqual(run(session, "visible").result, .items(["Fruit", "Veg", "Leek"]))
    XCTAssertEqual(run(session, "roots").result, .items(["Fruit", "Veg"]))
    XCTAssertEqual(run(session, "expanded").result, .items(["Veg"]))
    XCTAssertEqual(run(session, "count").result, .number(5))
    XCTAssertEqual(run(session, "find *e*").result?.items, ["Apple", "Pear", "Veg", "Leek"])
    XCTAssertEqual(
      run(session, "describe").result,
      .lines(["-*Fruit", "  - Apple", "  - Pear", "+*Veg", "  -*Leek"]))
    XCTAssertEqual(lines(run(session, "show --depth 1")), ["0  ▸ Fruit", "1  ▾ Veg"])
  }

  func testQuestionsAboutOneItemStillReadTheSection() {
    let session = groceries()
    run(session, "focus Fruit")
    XCTAssertEqual(run(session, "parent Apple").result, .item("Fruit"))
    XCTAssertEqual(run(session, "level Apple").result, .number(2))
    XCTAssertEqual(run(session, "index Apple").result, .number(2))
    XCTAssertEqual(run(session, "contains Water").result, .bool(true))
  }

  func testShowItemNumbersRowsInTheFocusAndRefusesAnItemOutsideIt() {
    let session = groceries()
    run(session, "focus Food")
    run(session, "expand --force Fruit")
    XCTAssertEqual(
      lines(run(session, "show Fruit")), ["0• ▾ Fruit", "1      Apple", "2      Pear"])
    XCTAssertEqual(lines(run(session, "show Veg")), ["3• ▸ Veg", "·      Leek"])
    assertFails(
      session, "show Water", .unknownItem,
      "Water is outside the focus Food (focus .. or unfocus widens the view)")
  }

  func testRowsNumberTheFocusVisibleRowsFromZero() {
    let session = groceries()
    run(session, "focus Fruit")
    let outcome = run(session, "move @1 before @0")
    XCTAssertEqual(outcome.parsed, .interactions(.move("Pear", to: .before("Apple"))))
    XCTAssertEqual(run(session, "parent @1").result, .item("Fruit"))
    assertFails(
      session, "delete @2", .unknownItem,
      "There is no row @2: the focus Food › Fruit shows 2 rows, @0 to @1")
    XCTAssertEqual(session.focus, "Fruit")
  }

  /// `drag FROM TO` in a focus numbers rows as `show` does there, so it moves only an item the
  /// focus shows; the data source, the command recorded and the transaction take the section's.
  func testDragNumbersTheFocusRowsAndTheTransactionTheSectionRows() {
    let session = groceries()
    run(session, "focus Fruit")  // rows: Food, Fruit, Apple, Pear, Veg, Drinks; view: Apple, Pear
    let outcome = run(session, "drag 0 1")
    XCTAssertEqual(outcome.command, "drag 0 1")
    XCTAssertEqual(outcome.parsed, .interactions(.drag(from: 2, to: 3)))
    XCTAssertEqual(
      session.outline.items, ["Food", "Fruit", "Pear", "Apple", "Veg", "Leek", "Drinks", "Water"])
    XCTAssertEqual(run(session, "parent Apple").result, .item("Fruit"))
    XCTAssertEqual(session.currentItem, "Apple")
    XCTAssertEqual(
      moves(outcome.transaction?.sectionTransactions.first?.removalOffsets ?? []), ["2->3"])
    XCTAssertEqual(session.focus, "Fruit")
    run(session, "unfocus")
    run(session, "drag 0 1")  // without a focus, the section's rows: Food after Drinks
    XCTAssertEqual(session.outline.rootItems, ["Drinks", "Food"])
  }

  func testADragRowPastTheFocusRowsIsAnInvalidMoveThatChangesNothing() {
    let session = groceries()
    run(session, "focus Fruit")
    let current = session.currentItem
    assertFails(
      session, "drag 2 0", .invalidMove,
      "Invalid move: row 2 is not a row of the focus Food › Fruit, which shows rows 0 to 1; "
        + "drag numbers the focus's rows as show does")
    assertFails(
      session, "drag 0 2", .invalidMove,
      "Invalid move: row 2 is not a row of the focus Food › Fruit, which shows rows 0 to 1; "
        + "drag numbers the focus's rows as show does")
    XCTAssertEqual(session.currentItem, current)
    run(session, "focus Food")  // view: Fruit (expanded), Apple, Pear, Veg
    assertFails(
      session, "drag 0 3", .invalidMove,
      "Invalid move: row 3 is not a row of the focus Food, which shows rows 0 to 1 once the "
        + "drag's lift collapses \"Fruit\"; drag numbers the focus's rows as show does")
    run(session, "collapse Food")
    assertFails(
      session, "drag 0 0", .invalidMove,
      "Invalid move: row 0 is not a row of the focus Food, which shows no rows; "
        + "drag numbers the focus's rows as show does")
  }

  func testADragAcrossSectionsNamingTheFocusedSectionIsRefused() {
    let session = groceries()
    run(session, "section add Later")
    run(session, "append-items Tea to-section Later")
    run(session, "focus Fruit")
    for command in ["drag main:0 Later:0", "drag Later:0 main:0", "drag main:2 main:3"] {
      assertFails(
        session, command, .refused,
        "drag NAME:ROW counts a whole section's rows, and the focus Food › Fruit shows only "
          + "its own: drag ROW ROW drags within the focus; unfocus to drag between sections")
      XCTAssertEqual(session.dataSource.snapshot(for: "Later").items, ["Tea"], command)
    }
  }

  func testACollapsedFocusShowsNoRows() {
    let session = groceries()
    run(session, "focus Fruit")
    run(session, "collapse Food")
    XCTAssertEqual(session.focus, "Fruit", "collapsing keeps the focus")
    XCTAssertEqual(lines(run(session, "show")), ["·    Apple", "·    Pear"])
    XCTAssertEqual(run(session, "visible").result, .items([]))
    assertFails(
      session, "show @0", .unknownItem, "There is no row @0: the focus Food › Fruit shows no rows")
  }

  func testTransactionsStillNumberTheDataSourceRows() {
    let session = groceries()
    run(session, "focus Fruit")  // rows: Food, Fruit, Apple, Pear, Veg, Drinks
    let outcome = run(session, "append Plum")
    XCTAssertEqual(outcome.parsed, .editing(.append(["Plum"], to: "Fruit")))
    XCTAssertEqual(outcome.transaction?.insertionOffsets.map(\.offset), [4])
    XCTAssertEqual(
      outcome.transaction?.sectionTransactions.first?.insertionOffsets.map(\.offset), [4])
  }

  func testAppendToRootAndSortRootsMeanTheFocusChildren() {
    let session = groceries()
    run(session, "focus Fruit")
    XCTAssertEqual(
      run(session, "append --titled Fig").parsed, .editing(.appendTitled(["Fig"], to: "Fruit")))
    run(session, "expand --force Veg")
    let moved = run(session, "move Leek to-root")
    XCTAssertEqual(moved.parsed, .interactions(.move("Leek", to: .into("Fruit"))))
    XCTAssertEqual(try session.outline.parent(of: "Leek"), "Fruit")
    let sorted = run(session, "sort --roots")
    XCTAssertEqual(sorted.parsed, .editing(.sort(parent: "Fruit", reverse: false)))
    XCTAssertEqual(run(session, "roots").result, .items(["Apple", "Fig", "Leek", "Pear"]))
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks"])
    run(session, "move Apple Fig to-root")
    XCTAssertEqual(run(session, "roots").result, .items(["Leek", "Pear", "Apple", "Fig"]))
  }

  func testPlainSortMeansTheFocusChildrenAndTheRootsWithoutAFocus() {
    let session = groceries()
    run(session, "append Cake to Food\nexpand --force Food")
    run(session, "focus Food")
    let sorted = run(session, "sort --reverse")
    XCTAssertEqual(sorted.parsed, .editing(.sort(parent: "Food", reverse: true)))
    XCTAssertEqual(run(session, "roots").result, .items(["Veg", "Fruit", "Cake"]))
    XCTAssertEqual(
      SwiftCode.lines(for: sorted).first { $0.contains("replace(childrenOf:") }?
        .contains(#"replace(childrenOf: "Food""#), true, "--swift names the real parent")
    run(session, "unfocus")
    XCTAssertEqual(run(session, "sort").parsed, .editing(.sort(parent: nil, reverse: false)))
    XCTAssertEqual(session.outline.rootItems, ["Drinks", "Food"])
  }

  func testPasteIntoWithNoItemPastesIntoTheFocusOrAfterTheLastRoot() {
    let session = groceries()
    run(session, "focus Fruit\ncopy Apple")
    let pasted = run(session, "paste into")
    XCTAssertEqual(pasted.parsed, .editing(.paste(.into("Fruit"))))
    XCTAssertEqual(try session.outline.children(of: "Fruit"), ["Apple", "Pear", "Apple (2)"])
    run(session, "unfocus\npaste into")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Apple (3)"])
    // In an empty section, the clipboard's items become the outline.
    run(session, "section add Empty\nsection use Empty\npaste into")
    XCTAssertEqual(session.outline.items, ["Apple (4)"])
    run(session, "undo")
    XCTAssertEqual(session.outline.items, [])
  }

  func testTheLevelAboveOutsideFocusIsAnErrorSayingWhatToType() {
    let session = groceries()
    run(session, "focus Fruit\ncopy Apple")
    assertFails(
      session, "paste into ..", .unknownItem,
      #"Item identifier does not exist in section snapshot: .. (".." means the level above "#
        + #"only in "focus ..": name the item, or its row @N; in a focus, "paste into" with no "#
        + #"item pastes into the focused item)"#)
    XCTAssertEqual(try session.outline.children(of: "Fruit"), ["Apple", "Pear"])
    assertFails(session, "paste into extra words", .syntax)
    run(session, "unfocus\nsection add Empty\nsection use Empty")
    let empty = Session()
    assertFails(empty, "paste into", .refused, "nothing to paste: cut or copy items first")
  }

  func testExpandAllDepthAndFilterChangeOnlyTheFocusDescendants() {
    let session = groceries()
    run(session, "expand --force Drinks")
    run(session, "focus Food")
    run(session, "expand --all")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit", "Veg", "Drinks"])
    run(session, "collapse --all")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Drinks"], "the focus stays open")
    run(session, "expand --depth 2")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit", "Veg", "Drinks"])
    run(session, "expand --depth 1")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Drinks"])
    run(session, "filter Leek")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Veg", "Drinks"])
    XCTAssertEqual(run(session, "filter Water").note, "no item matches Water: nothing changed")
  }

  func testExpectSeesTheFocusAndExpectErrorRunsInIt() {
    let session = groceries()
    run(session, "focus Fruit")
    run(session, "expect items Apple Pear")
    run(session, "expect roots Apple Pear")
    run(session, "expect visible Apple Pear")
    run(session, "expect parent Apple Fruit")
    run(session, "expect error append Apple")
    assertFails(session, "expect items Food Fruit Apple Pear", .expectationFailed)
  }

  func testCompletionOffersTheFocusDescendants() {
    let session = groceries()
    run(session, "focus Food")
    XCTAssertEqual(
      session.completions(line: "delete ", cursor: 7).words.sorted(),
      ["Apple", "Fruit", "Leek", "Pear", "Veg"])
    run(session, "unfocus")
    XCTAssertTrue(session.completions(line: "delete ", cursor: 7).words.contains("Water"))
  }

  // MARK: The focus follows its item

  func testDeletingOrCuttingTheFocusMovesItToTheNearestRemainingAncestor() {
    let session = groceries()
    run(session, "focus Apple")
    let deleted = run(session, "delete Apple")
    XCTAssertEqual(session.focus, "Fruit")
    XCTAssertEqual(deleted.focusChange, FocusChange(path: ["Food", "Fruit"]))
    XCTAssertEqual(
      deleted.note, "Apple is no longer in the section: the focus moved to Food › Fruit")
    run(session, "focus Pear")
    run(session, "cut Fruit")
    XCTAssertEqual(session.focus, "Food")
    run(session, "focus Leek")
    run(session, "delete Food")
    XCTAssertNil(session.focus)
  }

  func testUndoRedoAndAnEmptyBatchMoveTheFocusToo() {
    let session = groceries()
    run(session, "append Plum to Fruit")
    run(session, "focus Plum")
    run(session, "undo")  // the focus's expansion
    run(session, "undo")  // the append of Plum
    XCTAssertEqual(session.focus, "Fruit")
    run(session, "redo")
    XCTAssertEqual(session.focus, "Fruit", "redo brings the item back, not the focus")
    run(session, "begin --empty")
    XCTAssertNil(session.focus)
    run(session, "discard")
  }

  func testMovingTheFocusToAnotherSectionOrSwitchingSectionsClearsIt() {
    let session = groceries()
    run(session, "section add Later")
    run(session, "focus Fruit")
    let switched = run(session, "section use Later")
    XCTAssertNil(session.focus)
    XCTAssertEqual(switched.focusChange, FocusChange(path: []))
    XCTAssertEqual(
      switched.note?.contains("the focus is cleared: it belongs to section main"), true)
    run(session, "section use main")
    run(session, "focus Fruit")
    run(session, "move Fruit to-section Later")
    XCTAssertEqual(session.focus, "Food")
  }

  // MARK: Errors change nothing

  func testFocusErrorsChangeNothingTheFocusIncluded() {
    let session = groceries()
    run(session, "section add Later")
    run(session, "append-items Tea to-section Later")
    assertFails(
      session, "focus ..", .unknownItem,
      #"There is no focus to go up from: "focus .." needs a "focus ITEM" first"#)
    assertFails(session, "focus Aple", .unknownItem)
    XCTAssertEqual(session.run("focus Aple").error?.message.contains("Apple"), true)
    assertFails(
      session, "focus @9", .unknownItem, "There is no row @9: the section shows 2 rows, @0 to @1")
    let other = assertFails(session, "focus Tea", .unknownItem)
    XCTAssertEqual(other.error?.message.contains("Tea is in section Later"), true)
    run(session, "rule no-expand Fruit")
    assertFails(
      session, "focus Apple", .refused,
      #"focus on Apple needs Fruit expanded, which rule 1 refuses: no-expand Fruit"#)
    XCTAssertFalse(try session.outline.isExpanded("Food"), "not even the ancestor expands")
    XCTAssertNil(session.focus)
    run(session, "rule clear")
    run(session, "focus Veg")
    assertFails(session, "focus Nothing", .unknownItem)
    assertFails(session, "focus @5", .unknownItem)
    assertFails(session, "focus Apple extra", .syntax)
    XCTAssertEqual(session.focus, "Veg", "a failed command keeps the focus")
  }

  // MARK: Printers

  func testBriefOutputNamesTheFocusByTitlesAsThePromptDoes() {
    let session = groceries()
    run(session, "retitle Fruit \"Fresh fruit\"")
    let focused = run(session, "focus Fruit")
    XCTAssertEqual(focused.note, "focus: Food › Fresh fruit (2 rows)")
    XCTAssertEqual(Session.pathText(titles: session.focusTitles), "Food › Fresh fruit")
    let deleted = run(session, "delete Fruit")
    XCTAssertEqual(deleted.focusChange, FocusChange(path: ["Food"], titles: ["Food"]))
    run(session, "retitle Food Groceries\nfocus Veg")
    let cut = run(session, "cut Veg")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: cut, mode: .brief),
      ["cut Veg: 2 rows removed", "focus: Groceries"])
  }

  func testThePathShowsTheRootAndTheLastTwoAndCutsLongTitles() {
    XCTAssertEqual(Session.pathText(titles: ["A", "B", "C", "D"]), "A › … › C › D")
    XCTAssertEqual(
      Session.pathText(titles: [String(repeating: "x", count: 40)]),
      String(repeating: "x", count: 29) + "…")
  }

  func testJSONCarriesTheFocusOnlyWhenACommandChangedIt() {
    let session = groceries()
    let focused = run(session, "focus Fruit").json(snapshots: false).serialized
    XCTAssertTrue(focused.contains(#""focus": ["Food", "Fruit"]"#), focused)
    let plain = run(session, "count").json(snapshots: false).serialized
    XCTAssertFalse(plain.contains("focus"), plain)
    let unfocused = run(session, "unfocus").json(snapshots: false).serialized
    XCTAssertTrue(unfocused.contains(#""focus": null"#), unfocused)
  }

  func testSwiftShowsTheViewAsSnapshotOf() {
    let session = groceries()
    let focused = SwiftCode.lines(for: run(session, "focus Fruit"))
    XCTAssertEqual(
      focused.last,
      #"// the view (the session's focus): dataSource.snapshot(for: "main").snapshot(of: "Fruit")"#)
    XCTAssertEqual(
      SwiftCode.lines(for: run(session, "items")),
      [#"dataSource.snapshot(for: "main").snapshot(of: "Fruit").items"#])
    XCTAssertEqual(
      SwiftCode.lines(for: run(session, "unfocus")),
      [#"// unfocus: the view is dataSource.snapshot(for: "main") again"#])
  }
}
