import XCTest

@testable import OutlineLanguage

/// `IndentedTextReader` and `IndentedTextWriter`: indentation in any unit, blank lines, and the
/// texts a text file cannot hold.
final class IndentedTextTests: XCTestCase {
  func shape(_ text: String) throws -> [String] {
    FormatTesting.shape(try FormatTesting.read(.text, text))
  }

  func testAnyConsistentIndentationGivesTheLevels() throws {
    let expected = ["Food +", "  Apple +", "    Seeds", "  Pear", "Drinks"]
    XCTAssertEqual(try shape("Food\n\tApple\n\t\tSeeds\n\tPear\nDrinks\n"), expected)
    XCTAssertEqual(try shape("Food\n  Apple\n    Seeds\n  Pear\nDrinks"), expected)
    XCTAssertEqual(try shape("Food\n   Apple\n      Seeds\n   Pear\nDrinks\n"), expected)
    XCTAssertEqual(
      try shape("\u{FEFF}Food\r\n    Apple\r\n\r\n        Seeds   \r\n    Pear\rDrinks"), expected)
  }

  func testMixedTabsAndSpacesAreReadWithFourColumnTabsAndNoted() throws {
    let document = try FormatTesting.read(.text, "a\n\tb\n    c\n  \td\n      e\n")
    XCTAssertEqual(FormatTesting.shape(document), ["a +", "  b", "  c", "  d +", "    e"])
    XCTAssertEqual(document.notes, [mixedIndentationNote])
  }

  /// Every character of a text file but its layout (indentation, blank lines, blanks at the
  /// ends of lines, line endings, a byte-order mark) is a title: the reader loses nothing.
  func testTheReaderLosesNothing() throws {
    for text in [
      "Food\n\tApple\n\n\n\tPear   \nDrinks", "\u{FEFF}a\r\n    b\r\n  \tc\r",
      "# heading\n- item\n```\n<!-- x -->\n\\*&amp;\n", "",
    ] {
      XCTAssertEqual(try FormatTesting.read(.text, text).losses, [], text.debugDescription)
    }
  }

  func testTextIsKeptAsWritten() throws {
    XCTAssertEqual(
      try FormatTesting.read(.text, "- not a marker \\ &amp;\n日本語 😀\n").nodes.map(\.text),
      ["- not a marker \\ &amp;", "日本語 😀"])
  }

  func testTheWriterIndentsATabALevel() throws {
    let document = OutlineDocument(nodes: [
      .init(level: 0, text: "Food"), .init(level: 1, text: "- Apple"), .init(level: 2, text: "x y"),
      .init(level: 0, text: "Drinks"),
    ])
    XCTAssertEqual(
      String(decoding: try OutlineFormat.text.write(document), as: UTF8.self),
      "Food\n\t- Apple\n\t\tx y\nDrinks\n")
  }

  func testTextsATextFileCannotHoldAreRefusedNamingTheItem() {
    let cases: [(String, String)] = [
      (
        "two\nlines",
        "item 2 (\"two\\nlines\"): a text file holds one line per item and this text has a line break; use OPML or the native file"
      ),
      (
        "cr\r",
        "item 2 (\"cr\\r\"): a text file holds one line per item and this text has a line break; use OPML or the native file"
      ),
      (
        " lead",
        "item 2 (\" lead\"): a text file cannot hold blanks at the start or end of a text; use OPML or the native file"
      ),
      (
        "trail\t",
        "item 2 (\"trail\\t\"): a text file cannot hold blanks at the start or end of a text; use OPML or the native file"
      ),
      (
        "",
        "item 2 (\"\"): a text file cannot hold an empty text (a blank line is skipped); use Markdown or OPML"
      ),
    ]
    for (text, message) in cases {
      let document = OutlineDocument(nodes: [
        .init(level: 0, text: "ok"), .init(level: 1, text: text),
      ])
      XCTAssertThrowsError(try OutlineFormat.text.write(document)) { error in
        XCTAssertEqual((error as? FormatProblem)?.message, message)
      }
    }
  }

  /// The refusal names Markdown only where Markdown writes the text and reads it back, and
  /// OPML, which does, always.
  func testARefusalNamesOnlyTheFormatsThatHoldTheText() throws {
    for text in ["two\nlines", "cr\r", " lead", "trail\t", "", "  padded  "] {
      let document = OutlineDocument(nodes: [
        .init(level: 0, text: "ok"), .init(level: 1, text: text),
      ])
      let reason = try XCTUnwrap(IndentedTextWriter.problem(with: text), text.debugDescription)
      let named = reason.components(separatedBy: "; use ").last ?? ""
      for (format, name) in [(OutlineFormat.markdown, "Markdown"), (.opml, "OPML")] {
        let readBack = (try? format.write(document)).flatMap { try? format.read($0) }
        let holds = readBack?.nodes.map(\.text) == ["ok", text]
        XCTAssertEqual(
          named.contains(name), holds,
          "\(text.debugDescription): \(reason), \(name) holds: \(holds)"
        )
      }
    }
  }
}
