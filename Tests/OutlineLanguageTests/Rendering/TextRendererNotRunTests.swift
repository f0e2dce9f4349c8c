import OutlineLanguage
import XCTest

/// `TextRenderer.notRunLine`: one wording for the commands a failure left unrun, with or
/// without the place, naming at most `notRunShown` of them.
final class TextRendererNotRunTests: XCTestCase {
  let renderer = TextRenderer(color: false)

  func testTheNoteCountsAndNamesTheCommands() {
    XCTAssertEqual(
      renderer.notRunLine(["append C"], at: nil), "note: 1 command not run: append C")
    XCTAssertEqual(
      renderer.notRunLine(
        ["append C", "show"], at: SourceLocation(file: "<command line>", line: 1)),
      "<command line>:1: note: 2 commands not run: append C; show")
  }

  func testALongRestIsNamedInPart() {
    let rest = (1...5).map { "append X\($0)" }
    XCTAssertEqual(
      renderer.notRunLine(rest, at: nil),
      "note: 5 commands not run: append X1; append X2; append X3; …")
  }

  func testAControlCharacterInACommandIsShownVisibly() {
    XCTAssertFalse(renderer.notRunLine(["append \u{1B}[2J"], at: nil).contains("\u{1B}"))
  }
}
