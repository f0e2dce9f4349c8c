import Foundation
import XCTest

@testable import OutlineLanguage

/// Escaping for the page: element content, and JSON that cannot close its script element.
final class HTMLEscapingTests: XCTestCase {
  func testTextEscapesEveryMarkupCharacter() {
    XCTAssertEqual(
      HTMLEscaping.text(#"<script>alert("x" & 'y')</script>"#),
      "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
    XCTAssertEqual(HTMLEscaping.text("Smileys 😀"), "Smileys 😀")
  }

  func testJSONKeepsScriptEndsCommentsAndLineSeparatorsOut() {
    let hostile = "</script><!--\u{2028}\u{2029}&\"\\\n\u{1}"
    let json = HTMLEscaping.json(hostile)
    XCTAssertEqual(
      json, #""\u003c/script\u003e\u003c!--\u2028\u2029\u0026\"\\\n\u0001""#)
    for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n"] {
      XCTAssertFalse(json.contains(forbidden), "\(forbidden.debugDescription) in \(json)")
    }
    // It is still JSON for the same string.
    let decoded = try? JSONSerialization.jsonObject(
      with: Data(json.utf8), options: .fragmentsAllowed)
    XCTAssertEqual(decoded as? String, hostile)
  }

  func testAStringWrittenAfterOtherJSONIsItsJSON() {
    for text in ["", "plain", "</script>\u{2028}\"\\\n\u{1}", "Smileys 😀"] {
      var writer = JSONWriter(scriptSafe: true)
      writer.write("[1,")
      writer.string(text)
      XCTAssertEqual(writer.text, "[1," + HTMLEscaping.json(text), text)
    }
  }

  func testWrittenLinesAreEachTextAsJSONWithItsKindAndNumber() {
    let lines: [(text: String, kind: Int, number: Int?)] = [
      ("", 0, nil), ("plain", 1, 0), ("</script>\u{2028}\"\\\n\u{1}", 0, 12),
      ("😀", 2, nil),
    ]
    var writer = JSONWriter(scriptSafe: true)
    writer.write("{\"output\":")
    HTMLEscaping.writeJSON(lines, to: &writer)
    let expected =
      "{\"output\":["
      + lines.map {
        "[" + HTMLEscaping.json($0.text) + ",\($0.kind)"
          + ($0.number.map { ",\($0)" } ?? "") + "]"
      }
      .joined(separator: ",")
      + "]"
    XCTAssertEqual(writer.text, expected)
    var empty = JSONWriter(scriptSafe: true)
    HTMLEscaping.writeJSON([], to: &empty)
    XCTAssertEqual(empty.text, "[]")
  }
}
