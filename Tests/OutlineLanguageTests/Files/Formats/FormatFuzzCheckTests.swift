import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// `FormatFuzzCheck`: which inputs it takes, and that it holds on hostile files (the seed
/// corpus's `format-*` files run through it in `FuzzRegressionTests`).
final class FormatFuzzCheckTests: XCTestCase {
  func testAFirstLineNamingAFormatMakesTheRestAFile() {
    XCTAssertTrue(FormatFuzzCheck.isFormatInput(Array("#format opml\n<opml/>".utf8)))
    XCTAssertTrue(FormatFuzzCheck.isFormatInput(Array("#format md".utf8)))
    XCTAssertFalse(FormatFuzzCheck.isFormatInput(Array("#format native\n{}".utf8)))
    XCTAssertFalse(FormatFuzzCheck.isFormatInput(Array("#format yaml\n".utf8)))
    XCTAssertFalse(FormatFuzzCheck.isFormatInput(Array("append A\n#format opml\n".utf8)))
  }

  func testTheCheckHoldsOnReadableUnreadableAndHostileFiles() {
    let inputs = [
      "#format markdown\n- a\n  - b\n\t- c\n", "#format markdown\nprose only\n",
      "#format text\na\n\tb\n", "#format text\n",
      "#format opml\n<opml version=\"2.0\"><body><outline text=\"a\" x=\"1\"/></body></opml>",
      "#format opml\n<opml><body><outline text=\"a\">", "#format opml",
      "#format opml\n" + HostileFormatInputTests.billionLaughs,
    ]
    for input in inputs {
      XCTAssertNil(FormatFuzzCheck.problem(running: Array(input.utf8)), input)
      XCTAssertNil(ScriptFuzzCheck.problem(running: Array(input.utf8)), input)
    }
  }
}
