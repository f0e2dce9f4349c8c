import Diffable
import OutlineLanguage
import XCTest

/// `find`, `show ITEM` and `show --depth N`: queries, which change nothing.
final class InterpreterOutlinerQueryTests: XCTestCase {
  func testFindListsTheMatchesInOrderByIdentifierOrTitle() {
    let session = foodSession()
    run(session, "retitle Water \"Sparkling apple juice\"")
    XCTAssertEqual(run(session, "find APPLE").result?.items, ["Apple", "Water"])
    XCTAssertEqual(run(session, "find \"?ear\"").result?.items, ["Pear"])
    XCTAssertEqual(run(session, "find \"*s\"").result?.items, ["Drinks"])
    XCTAssertEqual(run(session, "find zzz").result?.items, [])
    XCTAssertNil(run(session, "find a").transaction)
  }

  /// `--regex` finds a regular expression anywhere in a text; `--in` picks the texts: titles
  /// and identifiers, the `_note`, every attribute (its value, or `name=value`), or all.
  func testFindAndFilterByRegexInNotesAndAttributes() throws {
    let opml =
      #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Feeds">"#
      + #"<outline text="Blog" xmlUrl="https://example.com/feed" _note="Ana's notes"/>"#
      + #"<outline text="News" xmlUrl="http://news.example/rss"/></outline>"#
      + #"<outline text="Ana"/></body></opml>"#
    let session = Session(fileSystem: MemoryFileSystem(["f.opml": opml]))
    run(session, "load f.opml\ncollapse Feeds")
    XCTAssertEqual(run(session, "find ana").result?.items, ["Ana"])
    XCTAssertEqual(run(session, "find ana --in notes").result?.items, ["Blog"])
    XCTAssertEqual(run(session, "find ana --in all").result?.items, ["Blog", "Ana"])
    XCTAssertEqual(
      run(session, "find \"^https://\" --regex --in attrs").result?.items, ["Blog"])
    XCTAssertEqual(run(session, "find \"xmlUrl=*news*\" --in attrs").result?.items, ["News"])
    XCTAssertEqual(run(session, "find \"^N|^A\" --regex").result?.items, ["News", "Ana"])
    XCTAssertEqual(run(session, "find \"^n\" --regex").result?.items, [])  // case counts
    // filter takes the same search: News's ancestor opens, nothing else.
    XCTAssertNotNil(run(session, "filter \"rss$\" --regex --in attrs").transaction)
    XCTAssertEqual(session.dataSource.snapshot(for: "main").expandedItems, ["Feeds"])
    // No match changes nothing, with a note.
    let none = run(session, "filter zzz --in notes")
    XCTAssertNil(none.transaction)
    XCTAssertEqual(none.note, "no item matches zzz: nothing changed")
    assertFails(session, "filter \"[\" --regex", .syntax)
  }

  func testShowItemDrawsItsSubtreeWithTheOutlinesRowsAndLevels() {
    let session = foodSession()
    run(session, "append Seed to Apple\nexpand Food")
    // `show ITEM` names ITEM, the current item once it succeeds: its root is marked.
    func current(_ line: TreeLine) -> TreeLine {
      var line = line
      line.isCurrent = true
      return line
    }
    let lines = run(session, "show Apple").result
    XCTAssertEqual(
      lines,
      .tree([
        current(TreeLine(row: 1, level: 1, marker: .collapsed, item: "Apple")),
        TreeLine(row: nil, level: 2, marker: .leaf, item: "Seed"),
      ]))
    XCTAssertEqual(
      run(session, "show Apple --visible").result,
      .tree([current(TreeLine(row: 1, level: 1, marker: .collapsed, item: "Apple"))]))
    XCTAssertEqual(
      run(session, "show Drinks").result,
      .tree([
        current(TreeLine(row: 3, level: 0, marker: .collapsed, item: "Drinks")),
        TreeLine(row: nil, level: 1, marker: .leaf, item: "Water"),
      ]))
    run(session, "collapse Food")
    XCTAssertEqual(
      run(session, "show Apple").result,
      .tree([
        current(TreeLine(row: nil, level: 1, marker: .collapsed, item: "Apple")),
        TreeLine(row: nil, level: 2, marker: .leaf, item: "Seed"),
      ]))
    XCTAssertEqual(run(session, "show Apple --visible").result, .tree([]))
    assertFails(session, "show Nope", .unknownItem)
  }

  func testShowDepthDrawsTheLevelsAboveIt() {
    let session = foodSession()
    run(session, "append Seed to Apple\nexpand --all")
    XCTAssertEqual(
      run(session, "show --depth 2").result,
      .tree([
        TreeLine(row: 0, level: 0, marker: .expanded, item: "Food"),
        TreeLine(row: 1, level: 1, marker: .expanded, item: "Apple"),
        TreeLine(row: 3, level: 1, marker: .leaf, item: "Pear"),
        TreeLine(row: 4, level: 0, marker: .expanded, item: "Drinks"),
        TreeLine(row: 5, level: 1, marker: .leaf, item: "Water"),
      ]))
    XCTAssertEqual(
      run(session, "show --depth 1").result,
      .tree([
        TreeLine(row: 0, level: 0, marker: .expanded, item: "Food"),
        TreeLine(row: 4, level: 0, marker: .expanded, item: "Drinks"),
      ]))
  }
}

/// `find`'s rows and current item, `show @N..M` and the note's mark.
final class InterpreterFindRowsTests: XCTestCase {
  func testFindGivesEachMatchItsRowAndMakesTheFirstCurrent() throws {
    let session = foodSession()
    run(session, "expand Food\nretitle Water \"Sparkling apple juice\"\nnote Water Cold")
    let found = run(session, "find apple")
    XCTAssertEqual(found.result?.items, ["Apple", "Water"])
    guard case .found(let lines) = found.result else { return XCTFail("\(found)") }
    XCTAssertEqual(lines.map(\.row), [1, nil])
    XCTAssertEqual(session.currentItem, "Apple")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: found),
      ["@1• Apple", " ·  Sparkling apple juice ✎  [Water]"])
    // `find Milk; note .`: the first match is the current item.
    run(session, "find sparkling")
    XCTAssertEqual(run(session, "note .").result, .lines(["Cold"]))
    // No match keeps the current item.
    XCTAssertEqual(TextRenderer(color: false).lines(for: run(session, "find zzz")), ["(none)"])
    XCTAssertEqual(session.currentItem, "Water")
  }

  func testFindsJSONKeepsItsItemsAndAddsTheRows() throws {
    let session = foodSession()
    run(session, "expand Food")
    let json = run(session, "find a").json.serialized
    XCTAssertEqual(
      json,
      #"{"command": "find a", "ok": true, "result": ["Apple", "Pear", "Water"], "rows": [1, 2, null]}"#
    )
  }

  func testFindInAFocusNumbersTheFocussRows() throws {
    let session = foodSession()
    run(session, "focus Food")
    guard case .found(let lines) = run(session, "find p").result else { return XCTFail() }
    XCTAssertEqual(lines.map(\.item), ["Apple", "Pear"])
    XCTAssertEqual(lines.map(\.row), [0, 1])
  }

  func testShowRowsDrawsThoseRowsAsShowNumbersThem() throws {
    let session = foodSession()
    run(session, "expand Food Drinks")  // rows: Food, Apple, Pear, Drinks, Water
    let shown = run(session, "show @1..3")
    XCTAssertEqual(shown.parsed, .queries(.showRows(1...3)))
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: shown), ["1      Apple", "2      Pear", "3  ▾ Drinks"])
    XCTAssertEqual(try CommandParser.parse(command: "show @1..3").description, "show @1..3")
    assertFails(
      session, "show @3..9", .unknownItem, "There is no row @9: the section shows 5 rows, @0 to @4")
    // One row (`@3`) is still the subtree of the item on it.
    XCTAssertEqual(
      run(session, "show @3").parsed, .queries(.showSubtree("Drinks", visibleOnly: false)))
    run(session, "focus Drinks")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: run(session, "show @0..0")), ["0•   Water"])
  }

  func testShowMarksAnItemWithANote() {
    let session = foodSession()
    run(session, "note Drinks \"Buy more\"\nretitle Food Meals\nnote Food Lunch")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: run(session, "show --visible")),
      ["0• ▸ Meals ✎  [Food]", "1  ▸ Drinks ✎"])
    run(session, "note Drinks \"\"")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: run(session, "show --visible")),
      ["0  ▸ Meals ✎  [Food]", "1• ▸ Drinks"])
  }
}
