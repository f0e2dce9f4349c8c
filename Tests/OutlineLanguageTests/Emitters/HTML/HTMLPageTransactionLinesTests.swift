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

  /// The page's JSON of a transaction, written from the difference with no line built
  /// (`HTMLDocument.write(_:to:)`), holds the strings of `lines(of:)`, escaped as a
  /// script-safe writer escapes them.
  func testTheStepJSONHoldsTheLinesAsStrings() throws {
    let scripts = [
      [
        "append A B C", #"section add "s <2>""#, #"section use "s <2>""#, "append X Y Z",
        "move Z before X",
      ],
      ["append P Q", "append K to P"],
      ["append A B C D", "delete B D"],
      ["append A B C", "section add s2", "section use s2", "append X Y", "delete X"],
      ["append A B C", "move A after C"],
    ]
    for script in scripts {
      let session = Session()
      var outcome = session.run(script[0])
      for line in script.dropFirst() { outcome = session.run(line) }
      XCTAssertTrue(outcome.ok, "\(script): \(outcome)")
      let transaction = try XCTUnwrap(outcome.transaction, "\(script)")
      var written = JSONWriter(scriptSafe: true)
      HTMLDocument.write(transaction, to: &written)
      let lines = HTMLPage.lines(of: transaction)
      func strings(_ changes: [HTMLPage.ChangeLine], to writer: inout JSONWriter) {
        writer.array(changes) { $0.strings([$1.mark, $1.row, $1.item, $1.note]) }
      }
      var expected = JSONWriter(scriptSafe: true)
      expected.object { members in
        members.member("f") { strings(lines.rows, to: &$0) }
        members.member("s") { writer in
          writer.array(lines.sections) { writer, section in
            writer.raw("[")
            writer.string(section.section)
            writer.raw(",")
            strings(section.lines, to: &writer)
            writer.raw("]")
          }
        }
      }
      XCTAssertEqual(written.text, expected.text, "\(script)")
      XCTAssertFalse(written.text.contains(">"), written.text)
    }
  }
}
