import XCTest

@testable import OutlineShell

/// Which editor `ProcessEditor` runs, and when the default `vi` is refused.
final class ProcessEditorTests: XCTestCase {
  func testTheEnvironmentNamesTheEditorElseViIsTheDefault() {
    let visual = ProcessEditor(environment: ["VISUAL": "code --wait", "EDITOR": "nano"])
    XCTAssertEqual(visual.command, "code --wait")
    XCTAssertFalse(visual.isDefault)
    let editor = ProcessEditor(environment: ["VISUAL": "  ", "EDITOR": "nano"])
    XCTAssertEqual(editor.command, "nano")
    XCTAssertFalse(editor.isDefault)
    let none = ProcessEditor(environment: ["EDITOR": ""])
    XCTAssertEqual(none.command, "vi")
    XCTAssertTrue(none.isDefault)
    let vi = ProcessEditor(environment: ["EDITOR": "vi"])
    XCTAssertFalse(vi.isDefault, "a vi the user named runs as named")
  }

  func testTheDefaultViIsRefusedUnlessBothStreamsAreTerminals() throws {
    XCTAssertNil(ProcessEditor.terminalRefusal(standardInput: true, standardOutput: true))
    let cases: [(Bool, Bool, String)] = [
      (false, true, "standard input is not a terminal"),
      (true, false, "standard output is not a terminal"),
      (false, false, "standard input and output are not terminals"),
    ]
    for (input, output, streams) in cases {
      let refusal = try XCTUnwrap(
        ProcessEditor.terminalRefusal(standardInput: input, standardOutput: output))
      XCTAssertTrue(refusal.contains(streams), refusal)
      XCTAssertTrue(refusal.contains("set $EDITOR"), refusal)
    }
  }

  func testARefusedEditMakesNoFile() throws {
    // The tests run with standard input from a file or /dev/null: never both terminals.
    guard isatty(0) != 1 || isatty(1) != 1 else { throw XCTSkip("run at a terminal") }
    let directory = NSTemporaryDirectory() + "outline-editor-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let editor = ProcessEditor(environment: ["TMPDIR": directory])
    XCTAssertThrowsError(try editor.edit(Array("- A\n".utf8), suffix: ".md")) { error in
      XCTAssertTrue("\(error)".contains("set $EDITOR"), "\(error)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
  }
}
