import Foundation
import XCTest

/// The built binary on a Markdown TODO file: `show` draws the boxes, `check` and `uncheck`
/// rewrite those boxes alone (a `[X]` kept), and an unknown item fails with the file unchanged.
final class TaskBoxProcessTests: BinaryTestCase {
  static let file = "- [x] Initial setup\r\n- [ ] Fetch from backend\r\n- [X] Video\r\n- Notes"

  func outline(_ arguments: String...) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, stdin: "", home: home)
  }

  func text(of name: String) throws -> String {
    String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: home + "/" + name)), as: UTF8.self)
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try Data(Self.file.utf8).write(to: URL(fileURLWithPath: home + "/todo.md"))
  }

  func testShowCheckAndUncheckOnAFile() throws {
    let shown = try outline("-q", "-c", "load todo.md; show")
    XCTAssertEqual(shown.status, 0, shown.stderr)
    XCTAssertEqual(
      shown.stdout,
      "0    [x] Initial setup\n1    [ ] Fetch from backend\n2    [x] Video\n3    Notes\n")
    let changed = try outline(
      "-q", "-c", "load todo.md; check \"Fetch from backend\" Notes; uncheck Video; save todo.md")
    XCTAssertEqual(changed.status, 0, changed.stderr)
    XCTAssertEqual(changed.stderr, "")
    XCTAssertEqual(
      try text(of: "todo.md"),
      "- [x] Initial setup\r\n- [x] Fetch from backend\r\n- [ ] Video\r\n- [x] Notes")
  }

  func testAnUnknownItemFailsAndKeepsTheFile() throws {
    let result = try outline("-q", "-c", "load todo.md; check Video Nope; save todo.md")
    XCTAssertNotEqual(result.status, 0)
    XCTAssertEqual(try text(of: "todo.md"), Self.file)
  }
}
