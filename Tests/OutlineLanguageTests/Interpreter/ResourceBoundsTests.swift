import Diffable
import OutlineLanguage
import XCTest

@testable import OutlineLanguage

/// The bounds that keep hostile input from exhausting the stack or memory: `expect error`
/// nesting, the size of `describe`, the indentation of `show`, the length of the history.
final class ResourceBoundsTests: XCTestCase {
  func testExpectErrorNestsOnlySoDeep() {
    let limit = CommandParser.maximumExpectNesting
    let deepest = String(repeating: "expect error ", count: limit) + "count"
    XCTAssertNoThrow(try CommandParser.parse(command: deepest))
    let tooDeep = "expect error " + deepest
    XCTAssertThrowsError(try CommandParser.parse(command: tooDeep)) { error in
      XCTAssertEqual(
        (error as? SyntaxError)?.message, "\"expect error\" nests at most \(limit) deep")
    }
    // A line far deeper than the stack could take is one syntax error, not a crash.
    let hostile = String(repeating: "expect error ", count: 200_000) + "count"
    let outcome = Session().run(hostile)
    XCTAssertEqual(outcome.error?.code, .syntax)
  }

  func testDescribeRefusesAPictureTooLargeToPrint() {
    let session = Session()
    let long = String(repeating: "x", count: 1 << 20)
    // Built through the data source: parsing 70 lines of 1 MB is slow in a debug build.
    var outline = SectionSnapshot<String>()
    XCTAssertNoThrow(try outline.append((0..<70).map { "\(long)\($0)" }))
    XCTAssertNoThrow(try session.dataSource.apply(outline, to: "main"))
    let before = session.outline.items
    let outcome = session.run("describe")
    XCTAssertEqual(outcome.error?.code, .refused)
    XCTAssertTrue(outcome.error?.message.contains("64 MB") ?? false)
    XCTAssertEqual(session.run("child-snapshot \(long)0").error, nil, "a small child is drawn")
    XCTAssertEqual(session.outline.items, before)
    XCTAssertTrue(session.run("show").ok, "show is not Apple's picture and has no such limit")
  }

  func testShowCapsTheIndentationAndNamesTheLevel() {
    let deep = TreeLine(row: 7, level: 45, marker: .leaf, item: "Deep")
    let cap = TreeLine.maximumIndentedLevel
    XCTAssertEqual(
      deep.text(rowWidth: 1), "7  " + String(repeating: "  ", count: cap) + "(level 45)   Deep")
    let shallow = TreeLine(row: nil, level: cap, marker: .expanded, item: "S")
    XCTAssertEqual(
      shallow.text(rowWidth: 2), " ·  " + String(repeating: "  ", count: cap) + "▾ S")
  }

  func testTheHistoryKeepsTheLastChangesOnly() {
    let session = Session()
    session.historyLimit = 3
    for item in ["A", "B", "C", "D", "E"] { XCTAssertTrue(session.run("append \(item)").ok) }
    XCTAssertEqual(session.history.map(\.command), ["append C", "append D", "append E"])
    XCTAssertEqual(
      session.run("log").result,
      .lines([
        "3: append C  (+1 −0 rows)", "4: append D  (+1 −0 rows)", "5: append E  (+1 −0 rows)",
      ]))
    for _ in 0..<3 { XCTAssertNotNil(session.run("undo").transaction) }
    XCTAssertEqual(
      session.run("undo").note, "nothing to undo: only the last 3 changes are kept",
      "the older changes were dropped, not never made")
    XCTAssertEqual(session.outline.items, ["A", "B"])
    session.historyLimit = 1
    XCTAssertNotNil(session.run("redo").transaction)
    XCTAssertNotNil(session.run("append F").transaction)
    XCTAssertNotNil(session.run("undo").transaction)
    XCTAssertEqual(session.run("undo").note, "nothing to undo: only the last change is kept")
  }
}
