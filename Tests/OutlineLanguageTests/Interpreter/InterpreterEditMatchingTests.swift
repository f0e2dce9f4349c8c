import Diffable
import OutlineLanguage
import XCTest

/// What `edit` keeps of a person's file: each repeated text stays the item under its parent
/// (with its note), a retitled OPML item's `title` attribute follows its text (as `retitle`'s
/// and `rename`'s do), and in a focus `edit` hands over the focus's children.
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

  /// An OPML file whose items repeat their text in a `title` attribute (a feed reader's).
  static func feeds(_ first: String, _ second: String) -> String {
    """
    <?xml version="1.0"?>
    <opml version="1.1">
      <body>
        <outline text="\(first)" title="\(first)" type="rss"/>
        <outline text="\(second)" title="Kept" type="rss"/>
      </body>
    </opml>

    """
  }

  /// A line retitled in the editor is a retitle: a `title` attribute that said the old text
  /// says the new one, one that said something else stays, and only that element changes.
  func testAnEditedTitleUpdatesTheTitleAttributeThatSaidTheSame() throws {
    let files = MemoryFileSystem(["feeds.opml": Self.feeds("99% Invisible", "Radar")])
    let session = Session(fileSystem: files)
    session.editor = ScriptedEditor {
      $0.replacingOccurrences(of: "99% Invisible", with: "99pi")
        .replacingOccurrences(of: "Radar", with: "Under the Radar")
    }
    run(session, "load feeds.opml\nedit\nsave")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "feeds.opml"), as: UTF8.self),
      Self.feeds("99pi", "Under the Radar"))
    XCTAssertEqual(
      session.contents["99% Invisible"].attributes.first { $0.name == "title" }?.value, "99pi")
    run(session, "undo")
    XCTAssertEqual(
      session.contents["99% Invisible"].attributes.first { $0.name == "title" }?.value,
      "99% Invisible")
  }

  /// `rename` of an item whose title is its identifier retitles it too, and so its `title`
  /// attribute; an item with a title of its own keeps title and attribute.
  func testRenameUpdatesTheTitleAttributeOnlyWhenTheTitleFollows() throws {
    let files = MemoryFileSystem(["feeds.opml": Self.feeds("99% Invisible", "Radar")])
    let session = Session(fileSystem: files)
    run(session, "load feeds.opml\nrename \"99% Invisible\" 99pi\nsave")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "feeds.opml"), as: UTF8.self),
      Self.feeds("99pi", "Radar"))
    run(session, "retitle 99pi Invisible\nrename 99pi ninety-nine\nsave")
    XCTAssertEqual(session.contents.title(of: "ninety-nine"), "Invisible")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "feeds.opml"), as: UTF8.self),
      Self.feeds("Invisible", "Radar"))
  }

  // MARK: In a focus

  /// In a focus, `edit` hands over the focus's children as roots, and the text's roots become
  /// its children; the rest of the section is untouched.
  func testEditInAFocusEditsTheFocusesChildren() throws {
    let session = foodSession()
    let editor = ScriptedEditor { _ in "- Pear\n- Apple\n  - Seeds\n- Kiwi\n" }
    session.editor = editor
    run(session, "focus Food")
    let outcome = run(session, "edit")
    XCTAssertEqual(editor.handed, ["- Apple\n- Pear\n"])
    XCTAssertEqual(
      session.outline.items, ["Food", "Pear", "Apple", "Seeds", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(try session.outline.level(of: "Kiwi"), 1)
    XCTAssertEqual(session.focus, "Food")
    XCTAssertTrue(
      outcome.note?.hasPrefix("edited the children of Food (the focus)") ?? false,
      outcome.note ?? "")
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
  }

  /// `edit ITEM` in a focus keeps its meaning: ITEM is the text's root.
  func testEditOfAnItemInAFocusKeepsItAsTheRoot() {
    let session = foodSession()
    let editor = ScriptedEditor { _ in "- Food\n  - Apple\n" }
    session.editor = editor
    run(session, "focus Food\nedit Food")
    XCTAssertEqual(editor.handed, ["- Food\n  - Apple\n  - Pear\n"])
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Drinks", "Water"])
  }

  /// A focused leaf gets children it shows: it is expanded.
  func testEditInAFocusedLeafGivesItVisibleChildren() throws {
    let session = foodSession()
    let editor = ScriptedEditor { _ in "- Sparkling\n" }
    session.editor = editor
    run(session, "expand Drinks\nfocus Water\nedit")
    XCTAssertEqual(editor.handed, [""])
    XCTAssertEqual(try session.outline.children(of: "Water"), ["Sparkling"])
    XCTAssertTrue(try session.outline.isVisible("Sparkling"))
  }

  /// An editor that fails in a focus changes nothing, the focus included.
  func testAFailedEditInAFocusChangesNothing() {
    let session = foodSession()
    let editor = ScriptedEditor { _ in "- Kiwi\n" }
    editor.status = 1
    session.editor = editor
    run(session, "focus Food")
    assertFails(session, "edit", .io)
    editor.status = 0
    editor.change = { _ in Array("Not a list.\n".utf8) }
    assertFails(session, "edit", .io)
    XCTAssertEqual(session.focus, "Food")
  }
}
