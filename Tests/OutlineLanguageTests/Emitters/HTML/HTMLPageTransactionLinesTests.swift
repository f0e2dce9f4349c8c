import XCTest

@testable import OutlineLanguage

/// The page's transaction panel (`HTMLPage.lines(of:)`): rows numbered per section as the text
/// output numbers them, the flat offset beside where it differs, in ascending order.
final class HTMLPageTransactionLinesTests: XCTestCase {
  /// The panel's lines of the last command of `script`, as `MARK ROW ITEM (NOTE)`.
  func lines(after script: [String]) throws -> (rows: [String], sections: [String: [String]]) {
    let session = Session()
    var outcome = session.run(script[0])
    for line in script.dropFirst() { outcome = session.run(line) }
    XCTAssertTrue(outcome.ok, "\(outcome)")
    let transaction = try XCTUnwrap(outcome.transaction)
    let lines = HTMLPage.lines(of: transaction)
    func text(_ line: HTMLPage.ChangeLine) -> String {
      "\(line.mark) \(line.row) \(line.item)" + (line.note.isEmpty ? "" : " (\(line.note))")
    }
    return (
      lines.rows.map(text),
      Dictionary(uniqueKeysWithValues: lines.sections.map { ($0.section, $0.lines.map(text)) })
    )
  }

  func testRowsOfALaterSectionAreNumberedInTheirSectionWithTheFlatOffsetBeside() throws {
    let result = try lines(after: [
      "append A B", "section add s2", "section use s2", "append X Y",
    ])
    XCTAssertEqual(result.rows, ["+ s2:0 X (flat 2)", "+ s2:1 Y (flat 3)"])
    XCTAssertEqual(result.sections["s2"], ["+ 0 X", "+ 1 Y"])
  }

  func testRemovalsComeInAscendingOrder() throws {
    let result = try lines(after: [
      "append A B", "section add s2", "section use s2", "append X Y Z", "delete Z X",
    ])
    XCTAssertEqual(result.rows, ["- s2:0 X (flat 2)", "- s2:2 Z (flat 4)"])
    XCTAssertEqual(result.sections["s2"], ["- 0 X", "- 2 Z"])
  }

  func testAHiddenItemIsADotWithItsIndexBeside() throws {
    let result = try lines(after: ["append P Q", "append K to P"])
    XCTAssertEqual(result.rows, [])
    XCTAssertEqual(result.sections["main"], ["+ · K (index 1)"])
  }

  func testAMoveGoesFromItsOldRowToItsNewRow() throws {
    let result = try lines(after: [
      "append A B C", "section add s2", "section use s2", "append X Y Z", "move Z before X",
    ])
    XCTAssertEqual(result.rows, ["~ s2:2 -> s2:0 Z (flat 5 -> 3)"])
    XCTAssertEqual(result.sections["s2"], ["~ 2 -> 0 Z"])
  }
}
