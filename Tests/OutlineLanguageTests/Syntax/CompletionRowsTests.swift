import OutlineLanguage
import XCTest

/// Completion of rows (SPEC §4, "Completion"): `@` then Tab offers the visible rows where an
/// item that exists goes, never where a new item, a pattern or a file goes, bounded for a big
/// outline and listed with the rows' titles.
final class CompletionRowsTests: XCTestCase {
  private let titles = ["Food", "Fruit", "Apple", "Drinks", "Tea"]

  private func candidates(_ line: String, rows: Int = 5, names: [String] = [])
    -> Completion.Candidates
  {
    Completion.candidates(
      line: line, cursor: line.count, identifiers: titles, names: names, rows: rows,
      rowLabel: { row in row < self.titles.count ? self.titles[row] : "row \(row)" })
  }

  func testAnAtWhereAnItemGoesOffersTheRowsWithTheirTitles() {
    let rows = candidates("delete @")
    XCTAssertEqual(rows.words, ["@0", "@1", "@2", "@3", "@4"])
    XCTAssertEqual(rows.listed, ["@0 Food", "@1 Fruit", "@2 Apple", "@3 Drinks", "@4 Tea"])
    XCTAssertEqual(rows.common, "@")
    XCTAssertEqual(rows.replacing, 7..<8)
    XCTAssertEqual(candidates("move Tea to @3").words, ["@3"], "a parent takes a row")
    XCTAssertEqual(candidates("move @").words, ["@0", "@1", "@2", "@3", "@4"])
    XCTAssertEqual(candidates("note @4").listed, ["@4 Tea"])
    XCTAssertEqual(candidates("indent Food @2").words, ["@2"], "a list goes on with rows")
  }

  func testTheDigitsTypedChooseTheRows() {
    XCTAssertEqual(
      candidates("delete @1", rows: 25).words,
      ["@1"] + (10...19).map { "@\($0)" })
    XCTAssertEqual(
      candidates("delete @2", rows: 25).words, ["@2", "@20", "@21", "@22", "@23", "@24"])
    XCTAssertEqual(candidates("delete @0", rows: 25).words, ["@0"])
    XCTAssertEqual(candidates("delete @7", rows: 5).words, [])
    XCTAssertEqual(candidates("delete @01", rows: 25).words, [], "no row has a leading zero")
    XCTAssertEqual(candidates("delete @x").words, [])
    XCTAssertEqual(candidates("delete @").words.count, 5)
    XCTAssertEqual(candidates("delete @", rows: 0).words, [])
  }

  /// A million rows: the first `rowLimit` that begin with the digits, found without a scan.
  func testABigOutlineOffersAtMostTheLimit() {
    let all = candidates("delete @", rows: 1_000_000)
    XCTAssertEqual(all.words.count, Completion.rowLimit)
    XCTAssertEqual(all.words.first, "@0")
    XCTAssertEqual(all.words.last, "@\(Completion.rowLimit - 1)")
    XCTAssertEqual(
      candidates("delete @99999", rows: 1_000_000).words,
      ["@99999"] + (999_990...999_999).map { "@\($0)" })
    XCTAssertEqual(candidates("delete @5", rows: 1_000_000).words.count, Completion.rowLimit)
    XCTAssertEqual(candidates("delete @99999999999999999999999", rows: 1_000_000).words, [])
    XCTAssertEqual(
      candidates("delete @922337203685477580", rows: Int.max).words,
      ["@922337203685477580"] + (0..<7).map { "@922337203685477580\($0)" },
      "the rows below Int.max, with no overflow")
  }

  func testNoRowsWhereANewItemOrAnythingElseGoes() {
    XCTAssertEqual(candidates("append @").words, [], "append names a new item")
    XCTAssertEqual(candidates("insert @", names: ["kept"]).words, ["@kept"])
    XCTAssertEqual(candidates("rename Food @").words, [], "rename's NEW is new")
    XCTAssertEqual(candidates("find @").words, [], "a pattern")
    XCTAssertEqual(candidates("save @").words, [], "a file")
    XCTAssertEqual(candidates("section use @").words, [], "a section")
    XCTAssertEqual(candidates(#"delete "@"#).words, [], "a quoted word is an identifier")
    XCTAssertEqual(candidates("drag @").words, [], "drag takes numbers")
  }

  /// The session offers its current section's visible rows, titled as `show` draws them.
  func testASessionOffersItsVisibleRowsWithTheirTitles() {
    let session = Session()
    for line in [
      "append Food Drinks", "append Apple to Food", "append Tea to Drinks",
      "expand --force Food", #"retitle Apple "Green apple""#,
    ] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    let rows = session.completions(line: "indent @", cursor: 8)
    XCTAssertEqual(rows.words, ["@0", "@1", "@2"], "Tea is hidden under Drinks")
    XCTAssertEqual(rows.listed, ["@0 Food", "@1 Green apple", "@2 Drinks"])
    XCTAssertEqual(session.completions(line: "append @", cursor: 8).words, [])
  }

  /// In a focus, the rows are the focus's, numbered from 0 as `show` numbers them there.
  func testAFocusOffersItsOwnRows() {
    let session = Session()
    for line in [
      "append Food Drinks", "append Apple Pear to Food", "append Tea to Drinks",
      #"retitle Pear "Green pear""#, "focus Food",
    ] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    let rows = session.completions(line: "indent @", cursor: 8)
    XCTAssertEqual(rows.words, ["@0", "@1"])
    XCTAssertEqual(rows.listed, ["@0 Apple", "@1 Green pear"])
  }

  /// After `attr ITEM`, the item's attribute names come first, then `--delete`.
  ///
  /// After a name, `--delete`. The item may be named by its row.
  func testAttrOffersTheItemsAttributeNamesFirst() {
    let session = Session()
    for line in ["append Food", "attr Food color red", "attr Food size 2", "note Food crisp"] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    XCTAssertEqual(
      session.completions(line: "attr Food ", cursor: 10).words,
      ["color", "size", "_note", "--delete"])
    XCTAssertEqual(session.completions(line: "attr @0 s", cursor: 9).words, ["size"])
    XCTAssertEqual(session.completions(line: "attr Food color ", cursor: 16).words, ["--delete"])
    XCTAssertEqual(session.completions(line: "attr Nope ", cursor: 10).words, ["--delete"])
  }

  /// In a focus, items and parents offered are the focus's descendants only.
  func testAFocusOffersOnlyItsOwnItems() {
    let session = Session()
    for line in [
      "append Food Drinks", "append Apple Pear to Food", "append Tea to Drinks", "focus Food",
    ] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    XCTAssertEqual(session.completions(line: "delete ", cursor: 7).words, ["Apple", "Pear"])
    XCTAssertEqual(
      session.completions(line: "move Apple to ", cursor: 14).words, ["Apple", "Pear"])
    XCTAssertEqual(session.completions(line: "delete T", cursor: 8).words, [])
    XCTAssertTrue(session.run("unfocus").ok)
    XCTAssertEqual(session.completions(line: "delete T", cursor: 8).words, ["Tea"])
  }
}
