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

  func testAnEditWrittenAsJSONIsItsLines() throws {
    // Plain edits (written straight into the JSON) among the edits that are not: in a batch,
    // titled, failed, with a snapshot operand, in a section with an odd name.
    let session = Session()
    for line in [
      "append P Q", "append \"say \\\"hi\\\"\" </script> e\u{301} to P", "insert A before Q",
      "insert B after A", "delete B", "append C to A", "collapse --force A",
      "expand --force A", "delete nothing", "append --titled \"Two words\" to P",
      "begin", "append D", "commit", "begin --empty", "append E", "commit", "cut C",
      "paste after A", "section add \"s<2>\"", "section use \"s<2>\"", "append F G",
      "delete F", "delete all",
    ] {
      let outcome = session.run(line)
      let (written, expected) = bothWays(outcome)
      XCTAssertEqual(written, expected, line)
    }
    // In the section `s<2>`: a plain edit goes straight into the JSON, a failed one does not.
    let fresh = Session()
    for line in ["section add \"s<2>\"", "section use \"s<2>\""] {
      XCTAssertTrue(fresh.run(line).ok, line)
    }
    let plain = fresh.run("append J K")
    var writer = JSONWriter(scriptSafe: true)
    XCTAssertTrue(SwiftCode.writeEditLines(for: plain, to: &writer))
    XCTAssertEqual(writer.text, bothWays(plain).expected)
    XCTAssertTrue(writer.text.contains(#"snapshot(for: \"s\u003c2\u003e\")"#), writer.text)
    writer = JSONWriter(scriptSafe: true)
    XCTAssertFalse(SwiftCode.writeEditLines(for: fresh.run("append H to nothing"), to: &writer))
    XCTAssertEqual(writer.text, "", "a failed edit has its failure line: not a plain edit")
  }

  func testACommandWithoutHandlerCallsIsItsLines() throws {
    let session = Session()
    for line in ["append A B", "delete B", "count", "nonsense here"] {
      let (written, expected) = bothWays(session.run(line))
      XCTAssertEqual(written, expected, line)
    }
  }

  /// A comment is its text on one line, each newline shown as `⏎` and each other control
  /// character escaped, whether or not the text holds any.
  func testACommentShowsItsNewlinesAndControlsAndLeavesOtherTextAsItIs() {
    for text in [
      "plain text; UIKit calls:", "tab\there", "two\nlines", "crlf\r\n", "bell\u{7}",
      "del\u{7F}", "next line\u{85}", "c1\u{9F}", "nbsp\u{A0}é", "line\u{2028}sep",
      "para\u{2029}sep", "dash\u{2027}", "😀", "",
    ] {
      XCTAssertEqual(
        SwiftCode.comment(text), "// " + Quoting.visible(text.replacingNewlines()),
        text.debugDescription)
    }
    XCTAssertEqual(SwiftCode.comment("two\nlines\u{7}"), "// two⏎lines\\u{7}")
  }
}
