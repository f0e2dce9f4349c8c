import OutlineLanguage
import XCTest

/// `RowReference` and how the lexer and parser read rows: `@N`, `@N..M` and `.` are rows, quoted
/// they are identifiers, and a kept snapshot may not be named as a row.
final class RowReferenceTests: XCTestCase {
  func testRowWordsReadAsRowsRangesAndTheCurrentItem() {
    XCTAssertEqual(RowReference("@3"), .row(3))
    XCTAssertEqual(RowReference("@0"), .row(0))
    XCTAssertEqual(RowReference("@2..5"), .rows(2...5))
    XCTAssertEqual(RowReference("@4..4"), .rows(4...4))
    XCTAssertEqual(RowReference("."), .current)
    XCTAssertEqual(RowReference("@99999999999999999999999"), .row(Int.max))
    for word in ["@x", "@", "@3x", "@3.4", "@3...4", "@..4", "@3..", "..", "@-1", "3"] {
      XCTAssertNil(RowReference(word), word)
    }
    XCTAssertNil(RowReference("@5..3"), "a downward range")
    XCTAssertEqual(RowReference.rows(2...5).description, "@2..5")
    XCTAssertTrue(RowReference.isRowName("12"))
    XCTAssertTrue(RowReference.isRowName("1..2"))
    XCTAssertFalse(RowReference.isRowName("v1"))
  }

  func testTheLexerReadsUnquotedRowsAsRowsAndQuotedOnesAsWords() throws {
    let tokens = try Lexer.tokens(in: #"show @3 @2..5 . "@4" "." @fruit .x"#)
    XCTAssertEqual(
      tokens.map(\.kind), [.word, .row, .row, .row, .word, .word, .reference, .word])
    XCTAssertEqual(tokens[2].text, "@2..5")
    XCTAssertEqual(tokens[4].text, "@4")
    XCTAssertTrue(tokens[4].isQuoted)
  }

  func testAStaticParseKeepsTheRowWordsAsTypedAndMarksTheCommand() throws {
    let parsed = CommandParser.parse(line: "delete @1..3 .; delete \"@1\"")
    XCTAssertEqual(parsed[0].command, .editing(.delete(["@1..3", "."])))
    XCTAssertTrue(parsed[0].refersToRows)
    XCTAssertEqual(parsed[1].command, .editing(.delete(["@1"])))
    XCTAssertFalse(parsed[1].refersToRows)
    XCTAssertEqual(parsed[1].firstItem, "@1")
  }

  func testARowWhereACommandNamesANewItemIsASyntaxError() {
    for line in ["append @3", "append A B . to C", "insert @2 after A", "rename A @4"] {
      let error = CommandParser.parse(line: line)[0].error
      XCTAssertEqual(error?.code, .syntax, line)
    }
    XCTAssertEqual(
      CommandParser.parse(line: "append @3")[0].error?.message,
      "\"append\" takes a new identifier here, and @3 is a row: rows and . name items that "
        + "exist; a new identifier spelled so must be quoted (\"@3\")")
    // The parent of `append` exists: a row names it.
    XCTAssertNil(CommandParser.parse(line: "append A to @3")[0].error)
    XCTAssertNil(CommandParser.parse(line: "append \"@3\"")[0].error)
  }

  func testARangeWhereACommandTakesOneItemIsASyntaxError() {
    let error = CommandParser.parse(line: "rename @2..4 X")[0].error
    XCTAssertEqual(error?.message, "\"rename\" takes one item here: @2..4 names several rows")
    XCTAssertEqual(error?.column, 8)
    // A range of one row is one row.
    XCTAssertNil(CommandParser.parse(line: "rename @3..3 X")[0].error)
    XCTAssertFalse(RowReference("@3..3")!.isRange)
    XCTAssertTrue(RowReference("@3..4")!.isRange)
    XCTAssertEqual(
      CommandParser.parse(line: "show @5..3")[0].error?.message,
      "the row range @5..3 runs backwards: write the first row first")
  }

  /// `@19..@20`, a slip for `@19..20`, is a kept snapshot's name as typed: where an item goes
  /// the refusal says how the range is written; elsewhere it stays a name.
  func testARangeWithASecondAtSaysHowARangeIsWritten() {
    XCTAssertEqual(RowReference.withOneAt("@19..@20"), "@19..20")
    for word in ["@19..20", "@x..@2", "@1..@", "@1..@x", "@1..@2..@3", "@@1", "1..@2"] {
      XCTAssertNil(RowReference.withOneAt(word), word)
    }
    for line in ["cut @19..@20", "delete A @19..@20", "move @1..@2 before B", "rename @1..@2 C"] {
      let error = CommandParser.parse(line: line)[0].error
      XCTAssertEqual(error?.code, .syntax, line)
      XCTAssertTrue(error?.message.contains("is not a row range: write @1") == true, line)
    }
    let error = CommandParser.parse(line: "cut @19..@20")[0].error
    XCTAssertEqual(
      error?.message, "@19..@20 is not a row range: write @19..20 (one @, before the first row)")
    XCTAssertEqual(error?.column, 5)
    XCTAssertEqual(
      CommandParser.parse(line: "move @1..@2 before B")[0].error?.message,
      "@1..@2 is not a row range: write @1..2 (one @, before the first row)")
    // Where a kept snapshot goes, it is one's name.
    XCTAssertNil(CommandParser.parse(line: "insert @1..@2 after A")[0].error)
  }

  func testAKeptSnapshotMayNotBeNamedAsARow() {
    for line in [
      "child-snapshot A as 12", "child-snapshot A as @12", "child-snapshot A as 1..2",
      "child-snapshot A as @\"7\"",
    ] {
      let error = CommandParser.parse(line: line)[0].error
      XCTAssertEqual(error?.code, .syntax, line)
      XCTAssertEqual(error?.column, 21, line)
    }
    XCTAssertEqual(
      CommandParser.parse(line: "child-snapshot A as 12")[0].error?.message,
      "a kept snapshot's name may not be all digits (\"@12\" would be a row)")
    XCTAssertNil(CommandParser.parse(line: "child-snapshot A as v12")[0].error)
    XCTAssertEqual(Quoting.reference("12"), #"@"12""#)
    XCTAssertEqual(Quoting.word("."), #"".""#)
  }

  func testRowWordsAreWordsWhereNoItemIsNamed() {
    XCTAssertEqual(CommandParser.parse(line: "find @3")[0].command, .queries(.find("@3")))
    XCTAssertEqual(
      CommandParser.parse(line: "retitle A .")[0].command, .editing(.retitle("A", ".")))
  }
}
