import Foundation
import OutlineLanguage
import XCTest

@testable import OutlineShell

/// `--swift` and `--emit-swift` through the shell: where the Swift goes in text and JSON output,
/// and the test file written instead of the usual output.
extension ShellTests {
  func testSwiftFollowsEachCommandsOutput() {
    let ran = run(options(commands: ["append Food; expand Food"]) { $0.swift = true })
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(
      ran.output,
      [
        "rows:", "  + 0 Food", "section main:", "  + 0 Food",
        #"var snapshot = dataSource.snapshot(for: "main")"#, #"snapshot.append(["Food"])"#,
        #"dataSource.apply(snapshot, to: "main")"#,
        "shouldExpandItem(Food) -> true", "willExpandItem(Food)",
        "snapshotForExpandingParent(Food, []) -> []",
        "Food has no children: only its expanded state changed",
        "rows: none", "section main: no change to items",
        "// The user taps the outline disclosure of Food; UIKit calls:",
        #"dataSource.sectionSnapshotHandlers.shouldExpandItem?("Food")  // true"#,
        #"dataSource.sectionSnapshotHandlers.willExpandItem?("Food")"#,
        #"dataSource.sectionSnapshotHandlers.snapshotForExpandingParent?("Food", current)"#
          + "  // current: [], returns []",
        "// then UIKit applies the change and animates the rows",
      ])
  }

  func testSwiftIsColouredLikeTheRestOnATerminal() {
    let ran = run(
      options(commands: ["append A; begin"]) {
        $0.swift = true
        $0.color = true
      })
    XCTAssertTrue(
      ran.output.contains("\u{1B}[34mdataSource.apply(snapshot, to: \"main\")\u{1B}[0m"))
    XCTAssertTrue(
      ran.output.contains("\u{1B}[34mvar snapshot = dataSource.snapshot(for: \"main\")\u{1B}[0m"))
  }

  func testSwiftInJSONIsAFieldOfLines() throws {
    let ran = run(
      options(commands: ["append A"]) {
        $0.swift = true
        $0.json = true
      })
    XCTAssertEqual(ran.output.count, 1)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(ran.output[0].utf8)) as? [String: Any])
    XCTAssertEqual(
      object["swift"] as? [String],
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#, #"snapshot.append(["A"])"#,
        #"dataSource.apply(snapshot, to: "main")"#,
      ])
  }

  func testEmitSwiftWritesOnlyTheTestFile() {
    let ran = run(
      options(files: ["pantry.outline"]) { $0.emitSwift = true },
      files: ["pantry.outline": "say Pantry\nappend Food\nexpect items Food\n"])
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(
      ran.output.first,
      "// PantryTests.swift: `outline --emit-swift pantry.outline`, the run as an XCTest.")
    XCTAssertTrue(ran.output.contains("final class PantryTests: XCTestCase {"))
    XCTAssertTrue(ran.output.contains("    // > say Pantry"))
    XCTAssertFalse(ran.output.contains("Pantry"), "the narration is not printed")
    XCTAssertTrue(
      ran.output.contains(#"    XCTAssertEqual(dataSource.snapshot(for: "main").items, ["Food"])"#))
  }
}
