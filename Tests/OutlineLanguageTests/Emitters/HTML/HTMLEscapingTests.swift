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

  func testAppendedJSONIsTheSameBytesAfterWhatWasThere() {
    for text in ["", "plain", "</script>\u{2028}\"\\\n\u{1}", "Smileys 😀"] {
      var bytes = Array("[1,".utf8)
      HTMLEscaping.appendJSON(text, to: &bytes)
      XCTAssertEqual(bytes, Array(("[1," + HTMLEscaping.json(text)).utf8), text)
    }
  }

  func testAppendedLinesAreEachTextAsJSONWithItsFlag() {
    let lines: [(text: String, flag: Bool)] = [
      ("", false), ("plain", true), ("</script>\u{2028}\"\\\n\u{1}", false), ("😀", true),
    ]
    var bytes = Array("{\"output\":".utf8)
    HTMLEscaping.appendJSON(lines, to: &bytes)
    let expected =
      "{\"output\":["
      + lines.map { "[" + HTMLEscaping.json($0.text) + ($0.flag ? ",1]" : ",0]") }
      .joined(separator: ",")
      + "]"
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    var empty: [UInt8] = []
    HTMLEscaping.appendJSON([], to: &empty)
    XCTAssertEqual(empty, Array("[]".utf8))
  }
}
