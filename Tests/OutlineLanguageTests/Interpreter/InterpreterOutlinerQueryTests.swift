import Diffable
import OutlineLanguage
import XCTest

/// `find`, `show ITEM` and `show --depth N`: queries, which change nothing.
final class InterpreterOutlinerQueryTests: XCTestCase {
  func testFindListsTheMatchesInOrderByIdentifierOrTitle() {
    let session = foodSession()
    run(session, "retitle Water \"Sparkling apple juice\"")
    XCTAssertEqual(run(session, "find APPLE").result, .items(["Apple", "Water"]))
    XCTAssertEqual(run(session, "find \"?ear\"").result, .items(["Pear"]))
    XCTAssertEqual(run(session, "find \"*s\"").result, .items(["Drinks"]))
    XCTAssertEqual(run(session, "find zzz").result, .items([]))
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
    XCTAssertEqual(run(session, "find ana").result, .items(["Ana"]))
    XCTAssertEqual(run(session, "find ana --in notes").result, .items(["Blog"]))
    XCTAssertEqual(run(session, "find ana --in all").result, .items(["Blog", "Ana"]))
    XCTAssertEqual(
      run(session, "find \"^https://\" --regex --in attrs").result, .items(["Blog"]))
    XCTAssertEqual(run(session, "find \"xmlUrl=*news*\" --in attrs").result, .items(["News"]))
    XCTAssertEqual(run(session, "find \"^N|^A\" --regex").result, .items(["News", "Ana"]))
    XCTAssertEqual(run(session, "find \"^n\" --regex").result, .items([]))  // case counts
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
