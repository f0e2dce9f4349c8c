import Diffable
import OutlineLanguage
import XCTest

/// A person at the editor, as a test stands for one: gives back the text `change` makes of
/// what it was handed, with `status` as the editor's exit status.
final class ScriptedEditor: TextEditor {
  var change: (String) -> [UInt8]
  var status: Int32 = 0
  var failure: FileError?
  /// What it was handed, each time.
  var handed: [String] = []
  /// The files discarded after an applied edit.
  var discarded: [String] = []

  init(_ change: @escaping (String) -> String) { self.change = { Array(change($0).utf8) } }

  func edit(_ text: [UInt8], suffix: String) throws(FileError) -> EditedText {
    if let failure { throw failure }
    let text = String(decoding: text, as: UTF8.self)
    handed.append(text)
    return EditedText(path: "/tmp/outline-edit-test\(suffix)", status: status, bytes: change(text))
  }

  func discard(_ edited: EditedText) { discarded.append(edited.path) }
}

/// `edit [ITEM]`: the section or a subtree opened in the editor as a Markdown list of titles,
/// applied by the matching rule as one transaction; every failure changes nothing and names
/// the file that keeps what was typed.
final class InterpreterEditTests: XCTestCase {
  func edited(_ change: @escaping (String) -> String) -> (Session, ScriptedEditor) {
    let session = foodSession()
    let editor = ScriptedEditor(change)
    session.editor = editor
    return (session, editor)
  }

  func testEditHandsOverTitlesAsAMarkdownList() {
    let (session, editor) = edited { $0 }
    run(session, "expand --all\nretitle Pear \"Green pear\"")
    let outcome = run(session, "edit")
    XCTAssertEqual(editor.handed, ["- Food\n  - Apple\n  - Green pear\n- Drinks\n  - Water\n"])
    XCTAssertNil(outcome.transaction, "an unchanged text changes nothing")
    XCTAssertEqual(outcome.reconfigured, [])
    XCTAssertEqual(editor.discarded, ["/tmp/outline-edit-test.md"])
  }

  func testAChangedLineIsReconfiguredAndAMovedLineMoved() throws {
    let (session, _) = edited { _ in "- Drinks\n  - Water\n- Food\n  - Apple\n  - Pears\n" }
    run(session, "expand Food Drinks")
    let outcome = run(session, "edit")
    XCTAssertEqual(session.outline.items, ["Drinks", "Water", "Food", "Apple", "Pear"])
    XCTAssertEqual(session.contents.title(of: "Pear"), "Pears")
    XCTAssertEqual(outcome.reconfigured, ["Pear"])
    let section = try XCTUnwrap(outcome.transaction?.sectionTransactions.first)
    XCTAssertTrue(section.removalOffsets.allSatisfy { $0.associatedWith != nil }, "moves only")
    XCTAssertEqual(session.outline.expandedItems, ["Drinks", "Food"], "expansion kept")
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(session.contents.title(of: "Pear"), "Pear")
  }

  func testARetitleAloneIsOneUndoableStep() {
    let (session, _) = edited { $0.replacingOccurrences(of: "Apple", with: "Green apple") }
    let outcome = run(session, "edit")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green apple")
    run(session, "undo")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
  }

  func testEditOfASubtreeReplacesOnlyIt() {
    let (session, editor) = edited { _ in "- Food\n  - Pear\n  - Kiwi\n" }
    run(session, "edit Food")
    XCTAssertEqual(editor.handed, ["- Food\n  - Apple\n  - Pear\n"])
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(session.contents.title(of: "Pear"), "Pear")
  }

  func testANewLineWhoseTextIsTakenIsSuffixed() {
    let (session, _) = edited { $0 + "- Water\n" }
    let outcome = run(session, "edit")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Water (2)"])
    XCTAssertTrue(outcome.note?.contains("suffixed") ?? false, outcome.note ?? "")
  }

  func testAnEditorThatFailsChangesNothingAndKeepsTheText() {
    let (session, editor) = edited { _ in "- changed\n" }
    editor.status = 1
    let outcome = assertFails(session, "edit", .io)
    XCTAssertTrue(outcome.error!.message.contains("status 1"), outcome.error!.message)
    XCTAssertTrue(
      outcome.error!.message.contains("kept in /tmp/outline-edit-test.md"), outcome.error!.message)
    XCTAssertEqual(editor.discarded, [])
  }

  func testATextThatIsNotUTF8ChangesNothing() {
    let (session, editor) = edited { _ in "" }
    editor.change = { _ in [0x2D, 0x20, 0xFF, 0x0A] }
    let outcome = assertFails(session, "edit", .io)
    XCTAssertTrue(outcome.error!.message.contains("not UTF-8"), outcome.error!.message)
    XCTAssertEqual(editor.discarded, [])
  }

  /// A line added in the editor is a new item of the section's file: a save writes it as its
  /// sibling is, and every line of the file it was read from stays.
  func testAnEditedMarkdownFileSavesBackWithOnlyTheNewLine() throws {
    let files = MemoryFileSystem(["notes.md": "# Notes\n\nIntro.\n\n* Food\n  * Apple\n"])
    let session = Session(fileSystem: files)
    // Handed "- Notes\n  - Food\n    - Apple\n": Kiwi added under Notes, after Food.
    let editor = ScriptedEditor { $0 + "  - Kiwi\n" }
    session.editor = editor
    run(session, "load notes.md\nedit\nsave notes.md")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "notes.md"), as: UTF8.self),
      "# Notes\n\nIntro.\n\n* Food\n  * Apple\n* Kiwi\n")
  }

  /// A line moved and changed at once is a removed item and a new one (the matching rule):
  /// the editor showed titles only, so a warning names what the removed item held besides
  /// its title (its note, attributes, its own lines in the file), and `undo` brings it back.
  func testRemovingAnItemWithMoreThanItsTitleSaysWhatWentWithIt() throws {
    let file =
      "- Deploy\n  Friday only.\n\n  > Ask ops first.\n  ```\n  make\n  ```\n- Test\n- Ship\n"
    let files = MemoryFileSystem(["f.md": file])
    let session = Session(fileSystem: files)
    session.editor = ScriptedEditor { _ in "- Test\n- Ship\n- Deploy on Friday\n" }
    run(session, "load f.md")
    let outcome = run(session, "edit")
    XCTAssertEqual(
      outcome.note, "edited section main, matched by text: 2 kept, 0 changed, 1 new, 1 removed")
    XCTAssertEqual(
      outcome.warnings,
      [
        "edit removed Deploy with its note, 4 lines of the file (a block quote, a code "
          + "block); `undo` brings it back"
      ])
    run(session, "undo\nsave")
    XCTAssertEqual(files.text(of: "f.md"), file)
    // An item with only its title goes without a warning.
    session.editor = ScriptedEditor { _ in "- Deploy\n- Ship\n" }
    XCTAssertEqual(run(session, "edit").warnings, [])
  }

  /// Past five removed items, the warning counts the rest; attributes are counted.
  func testTheWarningNamesFiveRemovedItems() {
    let session = Session()
    session.editor = ScriptedEditor { _ in "- A\n" }
    run(session, "append A B C D E F G")
    for item in ["B", "C", "D", "E", "F", "G"] { run(session, "note \(item) \"about \(item)\"") }
    run(session, "attr B type link\nattr B url x")
    XCTAssertEqual(
      run(session, "edit").warnings,
      [
        "edit removed B with its note, 2 attributes; C with its note; D with its note; E with "
          + "its note; F with its note; and 1 more; `undo` brings them back"
      ])
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["A", "B", "C", "D", "E", "F", "G"])
    XCTAssertEqual(run(session, "note G").result, .lines(["about G"]))
  }

  func testATextAnOutlineCannotKeepChangesNothing() {
    let (session, editor) = edited { _ in "A paragraph, not a list.\n\n- Food\n" }
    let outcome = assertFails(session, "edit", .io)
    XCTAssertTrue(outcome.error!.message.contains("kept in"), outcome.error!.message)
    XCTAssertEqual(editor.discarded, [])
  }

  func testATitleTheEditorsListCannotHoldIsNamedWithWhatToDoAndChangesNothing() {
    let (session, editor) = edited { $0 }
    run(session, "retitle Pear \"Pear \"")
    let before = session.outline
    let outcome = assertFails(session, "edit", .io)
    XCTAssertEqual(
      outcome.error?.message,
      "cannot edit: Pear (hidden, titled \"Pear \"): the editor's list cannot hold a title with "
        + "a line break "
        + "or blanks at either end; retitle that item first, or edit a part of the outline "
        + "without it (edit ITEM)")
    XCTAssertEqual(editor.handed, [], "no editor started")
    XCTAssertEqual(session.outline, before)
    XCTAssertTrue(run(session, "edit Drinks").ok, "a part without the item opens")
  }

  func testAnEditorThatCannotStartChangesNothing() {
    let (session, editor) = edited { $0 }
    editor.failure = FileError("cannot run the editor: no such file or directory")
    let outcome = assertFails(session, "edit", .io)
    XCTAssertFalse(outcome.error!.message.contains("kept in"), outcome.error!.message)
  }

  func testWithoutAnEditorOrInABatchOrOfAMissingItemEditFails() {
    let session = foodSession()
    assertFails(session, "edit", .io)
    session.editor = ScriptedEditor { $0 }
    assertFails(session, "edit Nope", .unknownItem)
    run(session, "begin")
    XCTAssertEqual(session.run("edit").error?.code, .refused)
  }

  func testImportReadsStandardInput() {
    let files = MemoryFileSystem()
    files.input = Array("- Tea\n  - Green\n".utf8)
    let session = Session(fileSystem: files)
    run(session, "import -")
    XCTAssertEqual(session.outline.items, ["Tea", "Green"])
    files.input = Array(#"<opml version="2.0"><body><outline text="X"/></body></opml>"#.utf8)
    run(session, "import - to Tea")
    XCTAssertEqual(session.outline.items, ["Tea", "Green", "X"])
  }

  func testImportOfStandardInputThatCannotBeReadChangesNothing() {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    run(session, "append A")
    assertFails(session, "import -", .io)
    files.input = Array("<opml".utf8)
    assertFails(session, "import -", .io)
  }
}
