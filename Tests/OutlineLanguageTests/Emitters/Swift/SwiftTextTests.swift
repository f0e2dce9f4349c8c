import XCTest

@testable import OutlineLanguage

/// `SwiftText`: a tap's Swift lines written straight into the page's JSON are the lines
/// `SwiftCode.lines(for:)` builds, escaped as the JSON writer escapes any string.
final class SwiftTextTests: XCTestCase {
  /// `SwiftCode.writeLines(for:to:)` and the strings of `SwiftCode.lines(for:)`, written by
  /// script-safe writers.
  private func bothWays(_ outcome: Outcome) -> (written: String, expected: String) {
    var written = JSONWriter(scriptSafe: true)
    SwiftCode.writeLines(for: outcome, to: &written)
    var expected = JSONWriter(scriptSafe: true)
    expected.strings(SwiftCode.lines(for: outcome))
    return (written.text, expected.text)
  }

  func testHandlerCallsWrittenAsJSONAreTheLinesEscaped() throws {
    // Identifiers that a literal escapes (a quote, a backslash, a tab, a combining mark), that
    // the script-safe JSON escapes (`<`, `&`, U+2028) and plain ones.
    let odd = [
      "Food", "say \"hi\"", #"back\slash"#, "tab\there", "e\u{301}", "</script>", "a&b",
      "line\u{2028}sep", "😀",
    ]
    let session = Session()
    XCTAssertTrue(session.run("append P").ok)
    XCTAssertTrue(
      session.run("append " + odd.map(Quoting.word).joined(separator: " ") + " to P").ok)
    XCTAssertTrue(
      session.run("rule lazy Q " + odd.map { Quoting.word($0 + "!") }.joined(separator: " ")).ok)
    XCTAssertTrue(session.run("append Q").ok)
    for line in [
      "collapse --force P", "expand P", "collapse P", "expand Q", "move Q before P",
      "expand P", "rule no-collapse P", "collapse P", "move P to Q",
    ] {
      let outcome = session.run(line)
      let (written, expected) = bothWays(outcome)
      XCTAssertEqual(written, expected, line)
      XCTAssertFalse(expected == "[]", "\(line) has Swift lines")
      if line == "expand Q" {
        XCTAssertTrue(expected.contains(#"snapshotForExpandingParent?(\"Q\", current)"#))
        XCTAssertTrue(expected.contains(#"\"say \\\"hi\\\"!\""#), "a quote, escaped twice")
      }
    }
  }

  func testACommandWithoutHandlerCallsIsItsLines() throws {
    let session = Session()
    for line in ["append A B", "delete B", "count", "nonsense here"] {
      let (written, expected) = bothWays(session.run(line))
      XCTAssertEqual(written, expected, line)
    }
  }
}
