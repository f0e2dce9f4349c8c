import Diffable
import OutlineLanguage
import XCTest

/// Items by row and the current item: `@N`, `@N..M` and `.` resolved against the current
/// section before the command runs, so that the command recorded holds identifiers.
final class InterpreterRowsTests: XCTestCase {
  func testARowNamesTheItemOnThatVisibleRowAsShowNumbersIt() throws {
    let session = foodSession()
    run(session, "expand Food")  // rows: 0 Food, 1 Apple, 2 Pear, 3 Drinks
    let outcome = run(session, "move @2 before @1")
    XCTAssertEqual(outcome.parsed, .interactions(.move("Pear", to: .before("Apple"))))
    XCTAssertEqual(outcome.command, "move @2 before @1")
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Drinks", "Water"])
    XCTAssertEqual(run(session, "parent @3").result, .item(nil))
  }

  func testARangeNamesEveryItemOfItsRowsInOrder() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "delete @1..2")
    XCTAssertEqual(outcome.parsed, .editing(.delete(["Apple", "Pear"])))
    XCTAssertEqual(session.outline.items, ["Food", "Drinks", "Water"])
  }

  func testTheCurrentItemIsTheOneTheLastCommandAddedMovedOrNamedFirst() throws {
    let session = foodSession()
    XCTAssertEqual(session.currentItem, "Water")  // append Water to Drinks
    run(session, "append Kiwi Lime to Food")
    XCTAssertEqual(run(session, "parent .").result, .item("Food"))
    XCTAssertEqual(session.currentItem, "Kiwi")
    run(session, "duplicate .")
    XCTAssertEqual(session.currentItem, "Kiwi (2)")
    run(session, "rename . Plum")
    XCTAssertEqual(session.currentItem, "Plum")
    run(session, "count")
    XCTAssertEqual(session.currentItem, "Plum", "a command that names no item keeps it")
    run(session, "expect parent Apple Food")
    XCTAssertEqual(session.currentItem, "Plum", "an expect checks; it does not move it")
  }

  /// `drag` names rows, not items: the item on the dragged row is the one it moved.
  func testTheCurrentItemAfterADragIsTheDraggedItem() throws {
    let session = foodSession()
    run(session, "expand Food")  // rows: 0 Food, 1 Apple, 2 Pear, 3 Drinks
    run(session, "drag 3 0")
    XCTAssertEqual(session.outline.items, ["Drinks", "Water", "Food", "Apple", "Pear"])
    XCTAssertEqual(session.currentItem, "Drinks")
    run(session, "drag 3 2")  // Pear, the last row, up before Apple
    XCTAssertEqual(session.currentItem, "Pear")
    assertFails(session, "drag 9 0", .invalidMove)
    XCTAssertEqual(session.currentItem, "Pear", "a failed drag keeps it")
  }

  /// A command that adds items it does not name first (`import … to PARENT`, `insert @NAME`,
  /// `replace-children`) makes the first item added current, as `append A B to P` makes A.
  func testTheCurrentItemAfterImportOrAKeptSnapshotIsTheFirstItemAdded() throws {
    let files = MemoryFileSystem(["d1.md": "- a\n  - a1\n- b\n"])
    let session = Session(fileSystem: files)
    run(session, "append Food Drinks\nappend Apple Pear to Food\nappend Water to Drinks")
    run(session, "import d1.md to Drinks")
    XCTAssertEqual(session.currentItem, "a")
    XCTAssertEqual(run(session, "parent .").result, .item("Drinks"))
    run(session, "import d1.md before Food")
    let second = try XCTUnwrap(session.currentItem)
    XCTAssertNotEqual(second, "a", "a new identifier for the second a")
    XCTAssertEqual(session.contents.title(of: second), "a")
    XCTAssertEqual(session.outline.items.first, second)
    run(session, "child-snapshot Food as kept\ndelete Apple Pear\nappend Tea")
    run(session, "insert @kept after Tea")
    XCTAssertEqual(session.currentItem, "Apple")
    run(session, "delete Apple Pear\nreplace-children Drinks with @kept")
    XCTAssertEqual(session.currentItem, "Apple")
    XCTAssertEqual(run(session, "parent .").result, .item("Drinks"))
    run(session, "child-snapshot Tea as empty\nreplace-children Food with @empty")
    XCTAssertEqual(session.currentItem, "Food", "nothing added: the parent named")
  }

  func testTheCurrentItemAfterAppendTitledIsTheItemAddedNotTheOneItsTextRepeats() throws {
    let session = foodSession()
    run(session, "append --titled Apple Fig to Food")
    XCTAssertEqual(session.currentItem, "Apple (2)")
    run(session, "append Seed to .")
    XCTAssertEqual(run(session, "parent Seed").result, .item("Apple (2)"))
  }

  /// `show ITEM` names ITEM, so `.` is ITEM afterwards: its mark says so, not where `.` was.
  func testShowOfAnItemMarksThatItemWhichDotNamesAfterIt() throws {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "append Kiwi to Food")
    guard case .tree(let lines) = run(session, "show Food").result else {
      return XCTFail("show drew no tree")
    }
    XCTAssertEqual(lines.filter(\.isCurrent).map(\.item), ["Food"])
    XCTAssertEqual(session.currentItem, "Food")
    XCTAssertEqual(run(session, "parent .").result, .item(nil))
    // A show that fails marks nothing and moves nothing.
    XCTAssertEqual(session.run("show Nope").error?.code, .unknownItem)
    XCTAssertEqual(session.currentItem, "Food")
  }

  func testShowMarksTheCurrentItemBesideItsRow() throws {
    let session = foodSession()
    run(session, "expand Food")
    run(session, "parent Pear")
    guard case .tree(let lines) = run(session, "show").result else {
      return XCTFail("show drew no tree")
    }
    XCTAssertEqual(
      lines.map { $0.text(rowWidth: 1) },
      ["0  ▾ Food", "1      Apple", "2•     Pear", "3  ▸ Drinks", "·      Water"])
  }

  func testARangeOfOneRowIsThatRowWhereOneItemGoes() {
    let session = foodSession()
    XCTAssertEqual(run(session, "show @1..1").result, run(session, "show @1").result)
    run(session, "rename @0..0 Meals")
    XCTAssertEqual(session.outline.rootItems, ["Meals", "Drinks"])
  }

  func testARowPastTheLastIsAnUnknownItemSayingHowManyRowsThereAre() {
    let session = foodSession()
    assertFails(
      session, "delete @2", .unknownItem, "There is no row @2: the section shows 2 rows, @0 to @1")
    assertFails(
      session, "delete @0..5", .unknownItem,
      "There is no row @5: the section shows 2 rows, @0 to @1")
    assertFails(session, "move @0 after @9", .unknownItem)
    assertFails(session, "show @99999999999999999999", .unknownItem)
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    let empty = Session()
    assertFails(empty, "show @0", .unknownItem, "There is no row @0: the section shows no rows")
  }

  /// `@1..@2` is refused saying how a range is written, and changes nothing.
  func testARangeWithASecondAtIsRefusedSayingHowToWriteIt() {
    let session = foodSession()
    run(session, "expand Food")
    assertFails(
      session, "cut @1..@2", .syntax,
      "@1..@2 is not a row range: write @1..2 (one @, before the first row)")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
  }

  func testTheCurrentItemWithNoneOrGoneIsAnUnknownItem() {
    assertFails(
      Session(), "show .", .unknownItem,
      "There is no current item (.): no command has named an item yet")
    let session = foodSession()
    run(session, "delete Water")
    assertFails(
      session, "indent .", .unknownItem,
      "There is no current item (.): Water, the last one named, is no longer in the section")
  }

  func testAFailedCommandKeepsTheCurrentItem() {
    let session = foodSession()
    run(session, "parent Apple")
    assertFails(session, "indent Food", .invalidMove)
    XCTAssertEqual(session.currentItem, "Apple")
  }

  func testRowsInEveryGroupAndInsideExpectError() throws {
    let session = foodSession()
    run(session, "expand @0")  // an interaction
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple", "Pear", "Drinks"])
    run(session, "retitle @1 \"Green apple\"")  // editing
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green apple")
    XCTAssertEqual(run(session, "level @2").result, .number(1))  // a query
    run(session, "expect parent @2 Food")  // files and scripts
    XCTAssertEqual(
      run(session, "expect error show @9").note,
      "failed as expected: unknownItem: There is no row @9: the section shows 4 rows, @0 to @3")
    run(session, "rule no-reorder @3")  // rules
    XCTAssertEqual(session.rules.rules.count, 1)
  }

  func testTheCommandRecordedForThePrintersHoldsIdentifiers() throws {
    let session = foodSession()
    let outcome = run(session, "indent @1")
    XCTAssertEqual(outcome.parsed, .interactions(.indent("Drinks")))
    XCTAssertEqual(outcome.effect, .reorder("Drinks", to: .lastChild(of: "Food")))
  }

  func testLogUndoAndRedoNameTheItemsTheRowsAndDotNamed() throws {
    let session = foodSession()
    run(session, "indent @1")
    run(session, "append \"Green tea\" to Food")
    run(session, "retitle . Sencha")
    run(session, "expand Food")
    let log = run(session, "log").result
    guard case .lines(let lines) = log else { return XCTFail("\(String(describing: log))") }
    XCTAssertEqual(
      Array(lines.suffix(4)),
      [
        "4: indent Drinks  (+0 −1 rows, 1 re-parented)",
        #"5: append "Green tea" to Food  (+0 −0 rows)"#,
        #"6: retitle "Green tea" Sencha  (+0 −0 rows)"#,
        "7: expand Food  (+4 −0 rows)",
      ])
    XCTAssertEqual(run(session, "undo\nundo").note, #"undid: retitle "Green tea" Sencha"#)
    XCTAssertEqual(run(session, "redo").note, #"redid: retitle "Green tea" Sencha"#)
    // A command typed without rows is logged as typed.
    XCTAssertEqual(run(session, "last").note, #"last change: retitle "Green tea" Sencha"#)
    // A row that names nothing records nothing.
    assertFails(session, "delete @42", .unknownItem)
    XCTAssertEqual(run(session, "last").note, #"last change: retitle "Green tea" Sencha"#)
  }

  func testRowsCountTheBatchsWorkingCopy() throws {
    let session = foodSession()
    run(session, "begin")
    run(session, "append Tea")
    XCTAssertEqual(run(session, "delete @2").parsed, .editing(.delete(["Tea"])))
  }

  /// A row number too large for `Int` is echoed as typed, not as `Int.max`.
  func testAHugeRowIsEchoedAsTyped() {
    let session = foodSession()
    assertFails(
      session, "delete @99999999999999999999", .unknownItem,
      "There is no row @99999999999999999999: the section shows 2 rows, @0 to @1")
    assertFails(
      session, "delete @1..123456789012345678901234", .unknownItem,
      "There is no row @123456789012345678901234: the section shows 2 rows, @0 to @1")
  }

  /// A row or `.` where a new identifier goes says that rows name items that exist.
  func testARowWhereANewIdentifierGoesSaysRowsNameExistingItems() {
    let session = foodSession()
    assertFails(
      session, "append @1", .syntax,
      #""append" takes a new identifier here, and @1 is a row: rows and . name items that "#
        + #"exist; a new identifier spelled so must be quoted ("@1")"#)
    assertFails(
      session, "append .", .syntax,
      #""append" takes a new identifier here, and . is the current item: rows and . name "#
        + #"items that exist; a new identifier spelled so must be quoted (".")"#)
    run(session, "append Kiwi to @0")
    XCTAssertEqual(run(session, "parent Kiwi").result, .item("Food"))
  }
}
