import OutlineLanguage
import XCTest

/// `CommandParser.parse(line:)`: splitting a line into commands at `;`, comments, each
/// command's source text and column, and errors that fail only their own command.
final class ParsedLineTests: XCTestCase {
  private func ok(_ source: String, _ column: Int, _ command: Command) -> ParsedCommand {
    ParsedCommand(source: source, column: column, result: .success(command))
  }

  private func failed(_ source: String, _ column: Int, _ error: SyntaxError) -> ParsedCommand {
    ParsedCommand(source: source, column: column, result: .failure(error))
  }

  func testSemicolonsSeparateCommandsWithTheirTrimmedSourceAndColumn() {
    XCTAssertEqual(
      CommandParser.parse(line: "  append A B ;delete A;  show   "),
      [
        ok("append A B", 3, .editing(.append(["A", "B"], to: nil))),
        ok("delete A", 15, .editing(.delete(["A"]))),
        ok("show", 26, .queries(.show(visibleOnly: false))),
      ])
  }

  func testEmptyCommandsBlankLinesAndCommentsAreSkipped() {
    XCTAssertEqual(CommandParser.parse(line: ""), [])
    XCTAssertEqual(CommandParser.parse(line: "   "), [])
    XCTAssertEqual(CommandParser.parse(line: "# a comment; with a semicolon"), [])
    XCTAssertEqual(CommandParser.parse(line: ";; ;"), [])
    XCTAssertEqual(
      CommandParser.parse(line: "undo;;redo"),
      [ok("undo", 1, .transactions(.undo)), ok("redo", 7, .transactions(.redo))])
  }

  func testACommentEndsTheLineAndIsNotPartOfTheSource() {
    XCTAssertEqual(
      CommandParser.parse(line: "delete A # then; show"),
      [ok("delete A", 1, .editing(.delete(["A"])))])
    XCTAssertEqual(
      CommandParser.parse(line: #"say "a" #b"#), [ok(#"say "a""#, 1, .files(.say("a")))])
  }

  func testSemicolonAndHashInsideQuotesAreOrdinary() {
    XCTAssertEqual(
      CommandParser.parse(line: ##"append "a;b" "#c" C# ; count"##),
      [
        ok(##"append "a;b" "#c" C#"##, 1, .editing(.append(["a;b", "#c", "C#"], to: nil))),
        ok("count", 24, .queries(.count)),
      ])
  }

  func testSourceKeepsTheCommandAsTypedForJSON() {
    let parsed = CommandParser.parse(line: #"append   "Smileys 😀"  to Food"#)
    XCTAssertEqual(parsed.map(\.source), [#"append   "Smileys 😀"  to Food"#])
    XCTAssertEqual(parsed.first?.command, .editing(.append(["Smileys 😀"], to: "Food")))
  }

  func testABadCommandDoesNotHideTheOthersOnItsLine() {
    XCTAssertEqual(
      CommandParser.parse(line: "append A; apend B; drag 1 x; undo"),
      [
        ok("append A", 1, .editing(.append(["A"], to: nil))),
        failed(
          "apend B", 11, SyntaxError(.unknownCommand("apend", suggestions: ["append"]), column: 11)),
        failed(
          "drag 1 x", 20,
          SyntaxError(.notANumber("x", command: "drag", takes: "two row numbers"), column: 27)),
        ok("undo", 30, .transactions(.undo)),
      ])
  }

  func testAnUnterminatedQuoteSwallowsTheRestOfTheLine() {
    XCTAssertEqual(
      CommandParser.parse(line: #"append A; append "B; show"#),
      [
        ok("append A", 1, .editing(.append(["A"], to: nil))),
        failed(#"append "B; show"#, 11, SyntaxError(.unterminatedQuote, column: 18)),
      ])
  }

  func testAWordStuckToAQuoteFailsOnlyItsCommand() {
    XCTAssertEqual(
      CommandParser.parse(line: #"say "a"b; undo"#),
      [
        failed(#"say "a"b"#, 1, SyntaxError(.blankExpectedAfterQuote, column: 8)),
        ok("undo", 11, .transactions(.undo)),
      ])
  }

  func testExpectErrorTakesOnlyTheCommandUpToTheSemicolon() {
    XCTAssertEqual(
      CommandParser.parse(line: "expect error delete A; show"),
      [
        ok("expect error delete A", 1, .files(.expect(.error(.editing(.delete(["A"])))))),
        ok("show", 24, .queries(.show(visibleOnly: false))),
      ])
  }

  func testAccessors() {
    let parsed = CommandParser.parse(line: "undo; apend")
    XCTAssertEqual(parsed[0].command, .transactions(.undo))
    XCTAssertNil(parsed[0].error)
    XCTAssertNil(parsed[1].command)
    XCTAssertEqual(parsed[1].error?.code, .unknownCommand)
    XCTAssertEqual(parsed[1].error?.message, #"unknown command "apend" (did you mean "append"?)"#)
  }
}
