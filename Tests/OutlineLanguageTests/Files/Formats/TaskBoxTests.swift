import XCTest

@testable import OutlineLanguage

/// A Markdown list item's task box is its `_status` attribute (`TaskBox`): read by
/// `MarkdownReader`, written back in place by `SourceTextWriter` (the file's `[X]` kept), written
/// by `MarkdownListWriter`, and refused on a heading.
final class TaskBoxTests: XCTestCase {
  static let todo = "- [x] Initial setup\n- [ ] Fetch from backend\n- [X] Video\n- Notes\n"

  /// `text` read as Markdown, `edit` applied to its nodes, written back.
  func rewrite(_ text: String, _ edit: (inout [OutlineDocument.Node]) -> Void) throws -> String {
    var document = try OutlineFormat.markdown.read(Array(text.utf8))
    edit(&document.nodes)
    return String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self)
  }

  func set(_ state: Bool?, _ index: Int) -> (inout [OutlineDocument.Node]) -> Void {
    { nodes in
      nodes[index].attributes = OutlineDocument.attributes(
        nodes[index].attributes, withTaskState: state)
    }
  }

  func testABoxReadsAsTheStatusAttributeAndNotAsTheTitle() throws {
    let document = try OutlineFormat.markdown.read(Array(Self.todo.utf8))
    XCTAssertEqual(
      document.nodes.map(\.text), ["Initial setup", "Fetch from backend", "Video", "Notes"])
    XCTAssertEqual(document.nodes.map(\.taskState), [true, false, true, nil])
    XCTAssertEqual(
      document.nodes[1].attributes, [Attribute(name: "_status", value: "unchecked")])
  }

  func testAnUneditedTaskListIsWrittenBackByteForByte() throws {
    XCTAssertEqual(try rewrite(Self.todo) { _ in }, Self.todo)
    let spaced = "1. [ ]  Two blanks\n   * [x]\tTabbed\n"
    XCTAssertEqual(try rewrite(spaced) { _ in }, spaced)
  }

  /// Checking, unchecking, making a task and making none rewrite the boxes of those lines
  /// alone; a checked `[X]` unchecked and checked again keeps its spelling.
  func testAChangedBoxIsWrittenInItsLineAndNoOtherLineChanges() throws {
    XCTAssertEqual(
      try rewrite(Self.todo) { nodes in
        set(false, 0)(&nodes)
        set(true, 1)(&nodes)
        set(false, 3)(&nodes)
      },
      "- [ ] Initial setup\n- [x] Fetch from backend\n- [X] Video\n- [ ] Notes\n")
    XCTAssertEqual(
      try rewrite(Self.todo, set(nil, 2)),
      "- [x] Initial setup\n- [ ] Fetch from backend\n- Video\n- Notes\n")
    XCTAssertEqual(
      try rewrite("  - [X] Upper\n") { nodes in
        set(false, 0)(&nodes)
        set(true, 0)(&nodes)
      },
      "  - [X] Upper\n")
    XCTAssertEqual(
      try rewrite("- [X] Upper\n") { $0[0].text = "Upper case" }, "- [X] Upper case\n")
  }

  /// A new item's box is its own state: none when it is no task, whatever its list has (the
  /// session makes a new item in a task list a task, `Session.giveTaskBoxes(to:)`), so that
  /// the file reads back as the outline it was written from.
  func testANewItemsBoxIsItsOwn() throws {
    XCTAssertEqual(
      try rewrite("- [x] a\n") { nodes in
        nodes.append(OutlineDocument.Node(level: 0, text: "b"))
        nodes.append(
          OutlineDocument.Node(
            level: 0, text: "c", attributes: [Attribute(name: "_status", value: "checked")]))
      },
      "- [x] a\n- b\n- [x] c\n")
  }

  func testATaskOnAHeadingIsRefused() {
    XCTAssertThrowsError(try rewrite("# Plan\n- [ ] a\n", set(true, 0))) { error in
      XCTAssertEqual(
        (error as? FormatProblem)?.message,
        "item 1 (\"Plan\"): markdown has no task box on a heading: the item is a task ([x]); "
          + "make it a list item, remove its box (attr ITEM _status --delete), or use OPML or "
          + "the native file")
    }
  }

  func testAListWrittenAnewWritesBoxes() throws {
    let document = OutlineDocument(nodes: [
      OutlineDocument.Node(
        level: 0, text: "Trip", attributes: [Attribute(name: "_status", value: "unchecked")]),
      OutlineDocument.Node(
        level: 1, text: "Tickets", attributes: [Attribute(name: "_status", value: "checked")]),
      OutlineDocument.Node(level: 1, text: "[x] literal"),
    ])
    let written = String(decoding: try MarkdownListWriter.write(document), as: UTF8.self)
    XCTAssertEqual(written, "- [ ] Trip\n  - [x] Tickets\n  - \\[x] literal\n")
    let read = try OutlineFormat.markdown.read(Array(written.utf8))
    XCTAssertEqual(read.nodes.map(\.text), ["Trip", "Tickets", "[x] literal"])
    XCTAssertEqual(read.nodes.map(\.taskState), [false, true, nil])
  }

  func testOnlyCheckedAndUncheckedAreTaskStates() {
    XCTAssertNil(
      OutlineDocument.taskState(of: [Attribute(name: "_status", value: "indeterminate")]))
    XCTAssertEqual(
      OutlineDocument.attributes(
        [Attribute(name: "_status", value: "indeterminate")], withTaskState: nil),
      [Attribute(name: "_status", value: "indeterminate")], "not a box: left alone")
  }
}
