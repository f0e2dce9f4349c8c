import Diffable
import OutlineLanguage
import XCTest

/// `diff FILE [FILE2]` and `load FILE` over an outline, by the matching rule: identity follows
/// the text, so a retitled line is reconfigured and a moved one a move.
final class InterpreterDiffTests: XCTestCase {
  static let v1 = "- Food\n  - Aple\n  - Pear\n- Drinks\n  - Tea\n"
  static let v2 = "- Drinks\n  - Tea\n- Food\n  - Apple\n  - Pear\n  - Kiwi\n"

  func session() -> Session {
    Session(fileSystem: MemoryFileSystem(["v1.md": Self.v1, "v2.md": Self.v2]))
  }

  func diff(of outcome: Outcome, file: StaticString = #filePath, line: UInt = #line)
    -> OutlineDiff?
  {
    XCTAssertNil(outcome.error, "\(outcome.error!)", file: file, line: line)
    guard case .diff(let diff)? = outcome.result else {
      XCTFail("no diff", file: file, line: line)
      return nil
    }
    return diff
  }

  func testDiffOfTheSectionAndAFileShowsMovesInsertionsAndRetitlesAndChangesNothing() throws {
    let session = session()
    run(session, "load v1.md")
    let before = session.dataSource.snapshot(for: "main")
    let contents = session.contents
    let historyCount = session.history.count
    let diff = try XCTUnwrap(diff(of: session.run("diff v2.md")))
    XCTAssertEqual(diff.reconfigured, ["Aple"])
    XCTAssertEqual(
      diff.contentChanges, [ContentChange(item: "Aple", oldTitle: "Aple", newTitle: "Apple")])
    let section = try XCTUnwrap(diff.transaction?.sectionTransactions.first)
    XCTAssertEqual(section.finalSnapshot.items, ["Drinks", "Tea", "Food", "Aple", "Pear", "Kiwi"])
    let difference = section.difference
    XCTAssertEqual(difference.insertions.count, 3)  // Kiwi, and two moves
    XCTAssertEqual(
      difference.inferringMoves().insertions.filter {
        if case .insert(_, _, let associated) = $0 { return associated != nil }
        return false
      }.count, 2)
    XCTAssertFalse(diff.isEmpty)
    // Nothing changed.
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, before.items)
    XCTAssertEqual(session.contents, contents)
    XCTAssertEqual(session.history.count, historyCount)
  }

  func testDiffOfTwoFilesNeedsNoSectionAndSameFilesAreEmpty() throws {
    let session = session()
    let diff = try XCTUnwrap(diff(of: session.run("diff v1.md v2.md")))
    XCTAssertEqual(diff.reconfigured, ["Aple"])
    XCTAssertEqual(session.dataSource.snapshot(for: "main").count, 0)
    let same = try XCTUnwrap(self.diff(of: session.run("diff v1.md v1.md")))
    XCTAssertTrue(same.isEmpty)
    XCTAssertNil(same.transaction)
  }

  func testDiffSeesReparentingAndAttributes() throws {
    let files = MemoryFileSystem([
      "a.opml": Self.opml(
        #"<outline text="A" _note="one"><outline text="B"/></outline><outline text="C"/>"#),
      "b.opml": Self.opml(
        #"<outline text="A" _note="two"/><outline text="C"><outline text="B"/></outline>"#),
    ])
    let session = Session(fileSystem: files)
    let diff = try XCTUnwrap(diff(of: session.run("diff a.opml b.opml")))
    XCTAssertEqual(diff.contentChanges.map(\.item), ["A"])
    XCTAssertEqual(diff.contentChanges.first?.attributes, [], "a note is no attribute")
    XCTAssertEqual(diff.contentChanges.first?.oldNote, "one")
    XCTAssertEqual(diff.contentChanges.first?.newNote, "two")
    let section = try XCTUnwrap(diff.transaction?.sectionTransactions.first)
    XCTAssertEqual(section.hierarchyChanges.map(\.item), ["B"])
  }

  /// A changed note is shown as a note, with its old and new text (at most 40 characters from
  /// near the first that differs, in the text; whole in the JSON), beside the attributes that
  /// changed.
  func testAChangedNoteShowsItsOldAndNewText() throws {
    let long = String(repeating: "x", count: 45)
    let files = MemoryFileSystem([
      "a.opml": Self.opml(
        #"<outline text="A" _note="ripe"/><outline text="B" _note="first&#10;second"/>"#
          + #"<outline text="C" url="u"/><outline text="D" _note="gone"/>"#),
      "b.opml": Self.opml(
        #"<outline text="A" _note="ripe, from Spain"/><outline text="B" _note="\#(long)"/>"#
          + #"<outline text="C" _note="new" url="v"/><outline text="D"/>"#),
    ])
    let session = Session(fileSystem: files)
    let outcome = session.run("diff a.opml b.opml")
    let diff = try XCTUnwrap(diff(of: outcome))
    XCTAssertEqual(
      diff.contentChanges.map(\.summary),
      [
        #"note "ripe" → "ripe, from Spain""#,
        #"note "first↵second" → "\#(String(long.prefix(40)))…""#,
        #"note (none) → "new"; attribute url"#,
        #"note "gone" → (none)"#,
      ])
    XCTAssertEqual(diff.contentChanges.map(\.attributes), [[], [], ["url"], []])
    let lines = TextRenderer(color: false).lines(for: outcome)
    XCTAssertTrue(lines.contains(#"~ A: note "ripe" → "ripe, from Spain""#), "\(lines)")
    let json = outcome.json.serialized
    XCTAssertTrue(
      json.contains(#"{"item": "B", "note": {"from": "first\nsecond", "to": "\#(long)"}"#), json)
    XCTAssertTrue(json.contains(#"{"item": "D", "note": {"from": "gone", "to": null}"#), json)
    XCTAssertFalse(json.contains("_note"), json)
  }

  /// Two Markdown files that differ only in an item's code block are not the same: the diff
  /// compares every line an item owns (without its indentation, so a moved item's code is
  /// the same code), and shows the lines as it shows a note.
  func testItemsThatDifferOnlyInTheirCodeBlocksAreNotTheSame() throws {
    let deploy = "- Deploy\n  Friday only.\n\n  ```sh\n  make ship\n  ```\n- Test\n"
    let files = MemoryFileSystem([
      "a.md": deploy,
      "b.md": deploy.replacingOccurrences(of: "make ship", with: "make ship-it"),
      "c.md": "- Test\n  - Deploy\n    Friday only.\n\n    ```sh\n    make ship\n    ```\n",
    ])
    let session = Session(fileSystem: files)
    let outcome = session.run("diff a.md b.md")
    let changed = try XCTUnwrap(diff(of: outcome))
    XCTAssertFalse(changed.isEmpty)
    XCTAssertNil(changed.transaction)
    XCTAssertEqual(
      changed.contentChanges.map(\.summary),
      [#"lines "```sh↵make ship↵```" → "```sh↵make ship-it↵```""#])
    XCTAssertEqual(changed.reconfigured, ["Deploy"])
    let lines = TextRenderer(color: false).lines(for: outcome)
    XCTAssertTrue(
      lines.contains(#"~ Deploy: lines "```sh↵make ship↵```" → "```sh↵make ship-it↵```""#),
      "\(lines)")
    let json = outcome.json.serialized
    XCTAssertTrue(
      json.contains(
        #"{"item": "Deploy", "lines": {"from": "```sh\nmake ship\n```", "#
          + #""to": "```sh\nmake ship-it\n```"}, "attributes": []}"#), json)
    // The section's own lines against a file, too.
    run(session, "load a.md")
    XCTAssertEqual(
      try XCTUnwrap(diff(of: session.run("diff b.md"))).reconfigured, ["Deploy"])
    XCTAssertTrue(try XCTUnwrap(diff(of: session.run("diff a.md"))).isEmpty)
    // Moved under another item, its code re-indented: a move, not a change of its lines.
    let moved = try XCTUnwrap(diff(of: session.run("diff a.md c.md")))
    XCTAssertEqual(moved.contentChanges, [])
    XCTAssertNotNil(moved.transaction)
  }

  /// A setext heading's text lines after its title are its lines too: two files that differ
  /// only there are not the same; its underline is layout.
  func testSetextHeadingsThatDifferOnlyInTheirOtherLinesAreNotTheSame() throws {
    let files = MemoryFileSystem([
      "a.md": "Fruit and\nvegetables\n===\n\n- Apple\n",
      "b.md": "Fruit and\nnuts\n===\n\n- Apple\n",
      "c.md": "Fruit and\nvegetables\n=========\n- Apple\n",
    ])
    let session = Session(fileSystem: files)
    let changed = try XCTUnwrap(diff(of: session.run("diff a.md b.md")))
    XCTAssertEqual(changed.contentChanges.map(\.summary), [#"lines "vegetables" → "nuts""#])
    XCTAssertTrue(try XCTUnwrap(diff(of: session.run("diff a.md c.md"))).isEmpty)
  }

  /// A matched item keeps its expansion, but one that was a leaf takes the file's: its new
  /// children arrive visible, not hidden under a disclosure nobody closed; a parent the person
  /// collapsed stays collapsed.
  func testALeafThatGainsChildrenTakesTheFilesExpansion() throws {
    let files = MemoryFileSystem([
      "a.md": "- Food\n  - Apple\n- Tea\n",
      "b.md": "- Food\n  - Apple\n  - Pear\n- Tea\n  - Green\n",
    ])
    let session = Session(fileSystem: files)
    run(session, "load a.md\ncollapse Food")
    let diff = try XCTUnwrap(diff(of: session.run("diff b.md")))
    let section = try XCTUnwrap(diff.transaction?.sectionTransactions.first)
    XCTAssertEqual(section.finalSnapshot.visibleItems, ["Food", "Tea", "Green"])
    XCTAssertEqual(section.finalSnapshot.expandedItems, ["Tea"])
  }

  static func opml(_ body: String) -> String {
    "<?xml version=\"1.0\"?><opml version=\"2.0\"><head></head><body>\(body)</body></opml>\n"
  }

  func testDiffJSONIsATransactionObjectWithTheReconfiguredItems() {
    let session = session()
    run(session, "load v1.md")
    let json = session.run("diff v2.md").json.serialized
    XCTAssertTrue(json.contains(#""result": {"difference": {"removals": ["#), json)
    XCTAssertTrue(json.contains(#""reconfigured": ["Aple"]"#), json)
    XCTAssertTrue(
      json.contains(#""contents": [{"item": "Aple", "title": {"from": "Aple", "to": "Apple"}"#),
      json)
    XCTAssertTrue(json.contains(#""same": false"#), json)
  }

  func testDiffOfAMissingOrBrokenFileFailsAndChangesNothing() {
    let files = MemoryFileSystem(["v1.md": Self.v1, "bad.opml": "<opml"])
    let session = Session(fileSystem: files)
    run(session, "load v1.md")
    assertFails(session, "diff missing.md", .io)
    assertFails(session, "diff v1.md missing.md", .io)
    assertFails(session, "diff bad.opml", .io)
  }

  func testDiffInABatchIsRefused() {
    let session = session()
    run(session, "load v1.md\nbegin")
    XCTAssertEqual(session.run("diff v2.md").error?.code, .refused)
  }

  func testLoadOverAnOutlineReconfiguresRetitledItemsAndMovesMovedOnes() throws {
    let session = session()
    run(session, "load v1.md")
    let outcome = run(session, "load v2.md")
    XCTAssertEqual(outcome.reconfigured, ["Aple"])
    XCTAssertEqual(outcome.effect, .rebuildMatching(reconfigured: ["Aple"]))
    let section = try XCTUnwrap(outcome.transaction?.sectionTransactions.first)
    let removals = section.removalOffsets
    XCTAssertTrue(removals.allSatisfy { $0.associatedWith != nil }, "moves only: \(removals)")
    XCTAssertEqual(session.outline.items, ["Drinks", "Tea", "Food", "Aple", "Pear", "Kiwi"])
    XCTAssertEqual(session.contents.title(of: "Aple"), "Apple")
    XCTAssertTrue(outcome.note?.contains("4 kept, 1 changed, 1 new, 0 removed") ?? false)
    // One step back.
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Aple", "Pear", "Drinks", "Tea"])
    XCTAssertEqual(session.contents.title(of: "Aple"), "Aple")
  }

  func testLoadOverTakesTheFilesAttributesAndForgetsRemovedItems() {
    let files = MemoryFileSystem([
      "a.opml": Self.opml(#"<outline text="A" _note="one"/><outline text="Gone" url="x"/>"#),
      "b.opml": Self.opml(#"<outline text="A" _note="two"/><outline text="New"/>"#),
      "c.opml": Self.opml(#"<outline text="A"/>"#),
    ])
    let session = Session(fileSystem: files)
    run(session, "load a.opml\nload b.opml")
    // "Gone" changed in place: the same item, retitled, with the file's attributes (none).
    XCTAssertEqual(session.outline.items, ["A", "Gone"])
    XCTAssertEqual(session.contents["A"].attributes, [Attribute(name: "_note", value: "two")])
    XCTAssertEqual(session.contents["Gone"].title, "New")
    XCTAssertEqual(session.contents["Gone"].attributes, [])
    run(session, "load c.opml")
    XCTAssertEqual(session.outline.items, ["A"])
    XCTAssertTrue(session.contents["Gone"].isDefault)
    // A's attributes are c.opml's (none); its element is c.opml's, kept for a save.
    XCTAssertEqual(session.contents["A"].attributes, [])
    XCTAssertNil(session.contents["A"].title)
  }

  func testLoadOverOfABrokenFileChangesNothing() {
    let files = MemoryFileSystem(["v1.md": Self.v1, "bad.opml": "<opml"])
    let session = Session(fileSystem: files)
    run(session, "load v1.md")
    assertFails(session, "load bad.opml", .io)
  }
}
