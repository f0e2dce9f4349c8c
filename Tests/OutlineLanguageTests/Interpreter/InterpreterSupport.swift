import Diffable
import OutlineLanguage
import XCTest

/// Script-like helpers for the interpreter tests: run command lines on a session, and check
/// that a failing command fails with its code and message and changes nothing.
extension XCTestCase {
  /// The outline most tests start from, all collapsed.
  ///
  /// ```
  /// Food        (Apple, Pear)
  /// Drinks      (Water)
  /// ```
  func foodSession(file: StaticString = #filePath, line: UInt = #line) -> Session {
    let session = Session()
    run(
      session,
      """
      append Food Drinks
      append Apple Pear to Food
      append Water to Drinks
      """, file: file, line: line)
    return session
  }

  /// Runs each line of `script` (parsed with `CommandParser`), failing the test when one fails.
  ///
  /// - Returns: The last line's outcome.
  @discardableResult
  func run(
    _ session: Session, _ script: String, file: StaticString = #filePath, line: UInt = #line
  ) -> Outcome {
    var last = Outcome(command: "")
    for text in script.split(separator: "\n") {
      last = session.run(String(text))
      XCTAssertNil(last.error, "\(text): \(last.error!)", file: file, line: line)
    }
    return last
  }

  /// Runs `command`, which must fail with `code` (and `message` when given), and checks that
  /// the data source's flat and section snapshots and the rules are as they were.
  @discardableResult
  func assertFails(
    _ session: Session, _ command: String, _ code: CommandError.Code, _ message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Outcome {
    let flat = session.dataSource.snapshot()
    let tree = session.dataSource.snapshot(for: "main")
    let visual = tree.visualDescriptionLines()
    let rules = session.rules
    let contents = session.contents
    let focus = session.focus
    let outcome = session.run(command)
    XCTAssertFalse(outcome.ok, "\(command) succeeded", file: file, line: line)
    XCTAssertEqual(outcome.error?.code, code, outcome.error?.message ?? "", file: file, line: line)
    if let message {
      XCTAssertEqual(outcome.error?.message, message, file: file, line: line)
    }
    XCTAssertNil(outcome.transaction, file: file, line: line)
    XCTAssertNil(outcome.result, file: file, line: line)
    XCTAssertTrue(
      session.dataSource.snapshot() == flat, "flat snapshot changed", file: file, line: line)
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").visualDescriptionLines(), visual,
      "section snapshot changed", file: file, line: line)
    XCTAssertTrue(session.dataSource.snapshot(for: "main") == tree, file: file, line: line)
    XCTAssertEqual(session.rules, rules, "rules changed", file: file, line: line)
    XCTAssertEqual(session.contents, contents, "titles changed", file: file, line: line)
    XCTAssertEqual(session.focus, focus, "focus changed", file: file, line: line)
    return outcome
  }

  /// The offsets of `pairs` (removals or insertions), for comparing.
  func offsets(_ pairs: [(offset: Int, associatedWith: Int?)]) -> [Int] { pairs.map(\.offset) }

  /// The pairs as `[offset: associatedWith]` text, for comparing moves.
  func moves(_ pairs: [(offset: Int, associatedWith: Int?)]) -> [String] {
    pairs.map { "\($0.offset)->\($0.associatedWith.map(String.init) ?? "nil")" }
  }

  /// A snapshot whose roots are `items`.
  func roots(_ items: [String]) -> SectionSnapshot<String> {
    var snapshot = SectionSnapshot<String>()
    try! snapshot.append(items)
    return snapshot
  }
}
