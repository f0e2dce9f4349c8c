import OutlineLanguage
import XCTest

/// `SwiftCode`'s failure line: "fails" where UIKit's calls fail, "outline refuses it" where only
/// outline checks, from the emitted test's own decision (`failureCheck`); and a reorder refused
/// before any destination, which prints no placeholder.
final class SwiftCodeFailuresTests: XCTestCase {
  /// The Swift of `command`, run on a new session after `setup`; the command must fail.
  func failedSwift(_ command: String, after setup: [String] = []) -> [String] {
    let session = Session()
    for line in setup { XCTAssertTrue(session.run(line).ok, line) }
    let outcome = session.run(command)
    XCTAssertNotNil(outcome.error, command)
    return SwiftCode.lines(for: outcome)
  }

  /// The emitted test's lines for the failure of `command` after `setup`.
  func emittedTest(_ command: String, after setup: [String]) -> String {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "demo.outline")
    for line in setup { emitter.record(session.run(line)) }
    emitter.record(session.run(command))
    return emitter.file(final: session.state)
  }

  func testTheAppsOwnCodeThatOutlineRefusedPrintsOnlyTheRefusal() {
    for command in [
      "retitle nope q", "rename nope q", "note nope hi", "attr nope k v", "copy nope",
    ] {
      let lines = failedSwift(command, after: ["append A"])
      XCTAssertEqual(lines.count, 1, "\(command): \(lines)")
      XCTAssertTrue(lines[0].hasPrefix("// outline refuses it, and nothing changes:"), command)
    }
  }

  /// In a focus, a drag's rows are the view's: one past them is refused before the data source
  /// sees a row, which the section's rows might hold, so the emitted test asserts no throw.
  func testADragRefusedByTheFocusIsRefusedByOutlineNotUIKit() {
    let setup = ["append A B", "append a1 a2 to A", "focus A"]
    for command in ["drag 2 0", "drag main:0 main:1"] {
      let lines = failedSwift(command, after: setup)
      XCTAssertTrue(
        lines.last?.hasPrefix("// outline refuses it, and nothing changes:") == true,
        "\(command): \(lines)")
      let test = emittedTest(command, after: setup)
      XCTAssertFalse(test.contains("dataSource.native.drag"), command)
      XCTAssertTrue(test.contains("// outline refuses it: "), command)
    }
  }

  func testDeleteItemsOfAnUnknownItemIsRefusedByOutlineNotUIKit() {
    let lines = failedSwift("delete-items nope", after: ["append-items a"])
    XCTAssertEqual(
      lines.last,
      "// outline refuses it, and nothing changes: Item identifier was not found in the "
        + "snapshot: nope; UIKit's deleteItems(_:) ignores an item the snapshot does not hold")
    XCTAssertTrue(
      emittedTest("delete-items nope", after: ["append-items a"]).contains(
        "// outline refuses it: Item identifier was not found in the snapshot: nope; UIKit's "
          + "deleteItems(_:) ignores an item the snapshot does not hold"))
  }

  func testForcedExpandOrCollapseOfAnUnknownItemIsRefusedByOutlineNotUIKit() {
    for verb in ["expand", "collapse"] {
      let lines = failedSwift("\(verb) nope --force", after: ["append a"])
      XCTAssertEqual(
        lines.last,
        "// outline refuses it, and nothing changes: Item identifier does not exist in section "
          + "snapshot: nope; UIKit's \(verb)(_:) ignores an unknown item", verb)
    }
  }

  func testACallThatThrowsInUIKitStillFails() {
    // reloadItems(_:) of an absent item traps in UIKit; delete(_:) of one too (SEMANTICS).
    XCTAssertEqual(
      failedSwift("reload-items nope", after: ["append-items a"]).last?.hasPrefix(
        "// fails, and nothing changes: "), true)
    XCTAssertEqual(
      failedSwift("delete nope", after: ["append a"]).last?.hasPrefix(
        "// fails, and nothing changes: "), true)
    XCTAssertEqual(
      failedSwift("section add main").last?.hasPrefix("// fails, and nothing changes: "), true)
  }

  func testSectionDeleteOfAnUnknownSectionIsRefusedByOutlineNotUIKit() {
    XCTAssertEqual(
      failedSwift("section delete nope", after: ["section add s2"]).last,
      "// outline refuses it, and nothing changes: Section identifier was not found in the "
        + "snapshot: nope; UIKit's deleteSections(_:) ignores a section it does not hold")
  }

  func testAHandlerRefusalStillFails() {
    XCTAssertEqual(
      failedSwift(
        "expand Food", after: ["append Food", "append A to Food", "rule no-expand Food"]
      ).last?.hasPrefix("// fails, and nothing changes: "), true)
  }

  func testMovingTheFirstChildUpPrintsNoPlaceholderAndNoHandler() {
    let up = failedSwift("move A up", after: ["append A B"])
    XCTAssertEqual(
      up,
      [
        "// The user would drag A above its sibling, but there is no sibling above it to "
          + "drag it over: UIKit calls no handler",
        "// outline refuses it, and nothing changes: Invalid move: cannot move A up: it is the "
          + "first of its siblings (no previous sibling)",
      ])
    let down = failedSwift("move B down", after: ["append A B"])
    XCTAssertTrue(down[0].contains("there is no sibling below it"), down[0])
    XCTAssertFalse(down.joined().contains("?"), "\(down)")
    let unknown = failedSwift("move nope up", after: ["append A B"])
    XCTAssertTrue(unknown[0].contains("outline finds no reorder to make"), unknown[0])
  }

  func testATapOfAnUnknownItemSaysUIKitCallsNoHandler() {
    XCTAssertEqual(
      failedSwift("expand nope", after: ["append A"]),
      [
        "// The user taps the outline disclosure of nope; UIKit calls no handler",
        "// outline refuses it, and nothing changes: Item identifier does not exist in section "
          + "snapshot: nope",
      ])
  }

  func testARefusedSectionUseSaysNothingFollows() {
    XCTAssertEqual(
      failedSwift("section use nope"),
      [
        "// outline refuses it, and nothing changes: Section identifier was not found in the "
          + "snapshot: nope"
      ])
  }

  func testAnIndentOrOutdentWithNoReorderPrintsNoPlaceholder() {
    let indent = failedSwift("indent A", after: ["append A B"])
    XCTAssertEqual(
      indent[0], "// An outline editor's indent of A makes no reorder: UIKit calls no handler")
    let outdent = failedSwift("outdent A", after: ["append A B"])
    XCTAssertEqual(
      outdent[0], "// An outline editor's outdent of A makes no reorder: UIKit calls no handler")
    XCTAssertFalse((indent + outdent).joined().contains("?"))
  }
}
