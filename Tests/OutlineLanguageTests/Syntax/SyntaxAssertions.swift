import OutlineLanguage
import XCTest

/// Assertions shared by the syntax tests: a line parses to exactly these commands, or a command
/// fails with exactly this message, column and code.
extension XCTestCase {
  /// Asserts that `text` is one command that parses to `expected`.
  func assertParses(
    _ text: String, _ expected: Command, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let command = try CommandParser.parse(command: text)
      XCTAssertEqual(command, expected, "parsing \(text)", file: file, line: line)
    } catch {
      XCTFail("parsing \(text): \(error)", file: file, line: line)
    }
  }

  /// Asserts that `text` is one command that fails with `message` at `column`.
  func assertFails(
    _ text: String, _ message: String, column: Int, code: SyntaxError.Code = .syntax,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let command = try CommandParser.parse(command: text)
      XCTFail("parsing \(text) gave \(command)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.message, message, "parsing \(text)", file: file, line: line)
      XCTAssertEqual(error.column, column, "column of the error in \(text)", file: file, line: line)
      XCTAssertEqual(error.code, code, "code of the error in \(text)", file: file, line: line)
    }
  }
}
