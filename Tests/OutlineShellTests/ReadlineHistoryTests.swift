@preconcurrency import CReadline
import OutlineLanguage
import XCTest

@testable import OutlineShell

/// readline's history list in memory: bounded like the history file, so a long interactive
/// session does not grow it without end.
final class ReadlineHistoryTests: XCTestCase {
  func testTheListInMemoryKeepsTheLastLinesOnly() {
    _ = ReadlineLineReader(historyPath: nil) { _ in
      Completion.Candidates(replacing: 0..<0, words: [])
    }
    defer { clear_history() }
    for number in 1...1_500 { add_history("append L\(number)") }
    XCTAssertEqual(Int(history_length), Int(History.limit))
    XCTAssertEqual(
      String(cString: history_get(history_base + history_length - 1).pointee.line),
      "append L1500")
    XCTAssertEqual(String(cString: history_get(history_base).pointee.line), "append L501")
  }
}
