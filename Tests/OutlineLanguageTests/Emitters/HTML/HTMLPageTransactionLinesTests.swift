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
      // More changes than the panel lists, in the flat difference and in a section's.
      [
        "append P", "append " + (1...45).map { "C\($0)" }.joined(separator: " ") + " to P",
        "expand P",
      ],
      ["append " + (1...50).map { "R\($0)" }.joined(separator: " ")],
      [
        "append " + (1...50).map { "R\($0)" }.joined(separator: " "),
        "delete " + (1...42).map { "R\($0)" }.joined(separator: " "),
      ],
    ]
    var longFlat = 0
    var longSection = 0
    defer {
      XCTAssertGreaterThan(longFlat, 0, "a flat difference longer than the panel lists")
      XCTAssertGreaterThan(longSection, 0, "a section's difference longer than the panel lists")
    }
    for script in scripts {
      let session = Session()
      var outcome = session.run(script[0])
      for line in script.dropFirst() { outcome = session.run(line) }
      XCTAssertTrue(outcome.ok, "\(script): \(outcome)")
      let transaction = try XCTUnwrap(outcome.transaction, "\(script)")
      var written = JSONWriter(scriptSafe: true)
      HTMLDocument.write(transaction, to: &written)
      let lines = HTMLPage.lines(of: transaction)
      // The first `listedChanges` lines of each difference, and the number of the others.
      let listed = HTMLPage.listedChanges
      func strings(_ changes: [HTMLPage.ChangeLine], to writer: inout JSONWriter) {
        writer.array(changes.prefix(listed)) { $0.strings([$1.mark, $1.row, $1.item, $1.note]) }
      }
      var expected = JSONWriter(scriptSafe: true)
      expected.object { members in
        members.member("f") { strings(lines.rows, to: &$0) }
        if lines.rows.count > listed {
          members.member("fm") { $0.write(number: lines.rows.count - listed) }
        }
        members.member("s") { writer in
          writer.array(lines.sections) { writer, section in
            writer.raw("[")
            writer.string(section.section)
            writer.raw(",")
            strings(section.lines, to: &writer)
            if section.lines.count > listed {
              writer.raw(",")
              writer.write(number: section.lines.count - listed)
            }
            writer.raw("]")
          }
        }
      }
      if lines.rows.count > listed { longFlat += 1 }
      if lines.sections.contains(where: { $0.lines.count > listed }) { longSection += 1 }
      XCTAssertEqual(written.text, expected.text, "\(script)")
      XCTAssertFalse(written.text.contains(">"), written.text)
    }
  }

  /// With a limit, the changes handed on are the first of the panel's order (removals,
  /// insertions, then moves) and the result counts the others, whatever the limit.
  func testALimitListsTheFirstChangesAndCountsTheOthers() throws {
    let session = Session()
    session.run("append A B C D E F G H")
    for line in [
      "begin", "delete B", "append X Y", "cut G", "paste before A", "cut D", "paste after H",
    ] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    let outcome = session.run("apply")
    XCTAssertTrue(outcome.ok, "\(outcome)")
    let transaction = try XCTUnwrap(outcome.transaction)
    let lines = HTMLPage.lines(of: transaction)
    let section = try XCTUnwrap(transaction.sectionTransactions.first)
    let sectionLines = try XCTUnwrap(lines.sections.first).lines
    XCTAssertEqual(Set(lines.rows.map(\.mark)), ["-", "+", "~"], "\(lines.rows)")
    for limit in 0...(lines.rows.count + 1) {
      var listed: [HTMLPage.ChangeLine] = []
      let unlisted = HTMLPage.forEachFlatChange(of: transaction, limit: limit) {
        listed.append(HTMLPage.ChangeLine($0, beside: "flat"))
      }
      XCTAssertEqual(listed, Array(lines.rows.prefix(limit)), "limit \(limit)")
      XCTAssertEqual(unlisted, max(lines.rows.count - limit, 0), "limit \(limit)")
      listed = []
      let unlistedItems = HTMLPage.forEachChange(of: section, limit: limit) {
        listed.append(HTMLPage.ChangeLine($0, beside: "index"))
      }
      XCTAssertEqual(listed, Array(sectionLines.prefix(limit)), "limit \(limit)")
      XCTAssertEqual(unlistedItems, max(sectionLines.count - limit, 0), "limit \(limit)")
    }
  }
}
