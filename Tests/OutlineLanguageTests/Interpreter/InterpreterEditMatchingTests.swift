import Diffable
import OutlineLanguage
import XCTest

/// What `edit` keeps of a person's file: each repeated text stays the item under its parent,
/// with its note.
final class InterpreterEditMatchingTests: XCTestCase {
  /// Two parents, each with a "TODO" child that has a note.
  static let twoTodos =
    "- Alpha\n  - TODO\n    note for alpha\n- Beta\n  - TODO\n    note for beta\n"

  /// The two parents swapped, each with its child: each TODO keeps its note and its file lines.
  func testSwappedParentsKeepTheirChildrensNotes() throws {
    let files = MemoryFileSystem(["dup.md": Self.twoTodos])
    let session = Session(fileSystem: files)
    session.editor = ScriptedEditor { _ in "- Beta\n  - TODO\n- Alpha\n  - TODO\n" }
    run(session, "load dup.md")
    let alphaTodo = try XCTUnwrap(session.outline.children(of: "Alpha").first)
    let betaTodo = try XCTUnwrap(session.outline.children(of: "Beta").first)
    let outcome = run(session, "edit")
    XCTAssertEqual(session.outline.rootItems, ["Beta", "Alpha"])
    XCTAssertEqual(try session.outline.children(of: "Beta"), [betaTodo])
    XCTAssertEqual(try session.outline.children(of: "Alpha"), [alphaTodo])
    XCTAssertEqual(session.run("note \(Quoting.word(betaTodo))").result, .lines(["note for beta"]))
    XCTAssertEqual(
      session.run("note \(Quoting.word(alphaTodo))").result, .lines(["note for alpha"]))
    XCTAssertEqual(outcome.reconfigured, [], "no content changed")
    let section = try XCTUnwrap(outcome.transaction?.sectionTransactions.first)
    XCTAssertTrue(section.hierarchyChanges.isEmpty, "no item changed parent")
    run(session, "save")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "dup.md"), as: UTF8.self),
      "- Beta\n  - TODO\n    note for beta\n- Alpha\n  - TODO\n    note for alpha\n")
  }

  /// `diff` and `load` over an outline follow the same rule: the swapped file is two moves.
  func testDiffAndLoadOfSwappedParentsMoveThemWithTheirChildren() throws {
    let swapped = "- Beta\n  - TODO\n    note for beta\n- Alpha\n  - TODO\n    note for alpha\n"
    let files = MemoryFileSystem(["dup.md": Self.twoTodos, "swapped.md": swapped])
    let session = Session(fileSystem: files)
    run(session, "load dup.md")
    let betaTodo = try XCTUnwrap(session.outline.children(of: "Beta").first)
    let diffOutcome = run(session, "diff swapped.md")
    guard case .diff(let diff) = diffOutcome.result else {
      return XCTFail("not a diff: \(String(describing: diffOutcome.result))")
    }
    XCTAssertEqual(diff.contentChanges, [], "no note moved between items")
    XCTAssertEqual(diff.transaction?.sectionTransactions.first?.hierarchyChanges.count, 0)
    let loaded = run(session, "load swapped.md")
    XCTAssertEqual(loaded.reconfigured, [])
    XCTAssertEqual(try session.outline.children(of: "Beta"), [betaTodo])
    XCTAssertEqual(session.run("note \(Quoting.word(betaTodo))").result, .lines(["note for beta"]))
  }
}
