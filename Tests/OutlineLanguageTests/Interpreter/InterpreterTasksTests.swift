import OutlineLanguage
import XCTest

/// Task boxes (`Session+Tasks`): `show` draws them, `check` and `uncheck` change them as one
/// reconfigure, undone by `undo`; Markdown and OPML files keep them, `edit` reads them from the
/// text; bad input changes nothing.
final class InterpreterTasksTests: XCTestCase {
  static let todo = "- [x] Initial setup\n- [ ] Fetch from backend\n- [X] Video\n- Notes\n"

  func session(_ text: String = todo) -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["todo.md": text])
    let session = Session(fileSystem: files)
    run(session, "load todo.md")
    return (session, files)
  }

  /// `show`'s lines after the row column.
  func shown(_ session: Session) -> [String] {
    guard case .tree(let lines) = run(session, "show").result else { return [] }
    return lines.map { String($0.text(rowWidth: 1).dropFirst(3)) }
  }

  func testShowDrawsEachTaskBoxBeforeItsTitle() {
    let (session, _) = session()
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [ ] Fetch from backend", "  [x] Video", "  Notes"])
    XCTAssertEqual(run(session, "attr Video").result, .lines(["_status checked"]))
  }

  func testCheckAndUncheckReconfigureInOneApplyAndSaveTheBoxes() {
    let (session, files) = session()
    let checked = run(session, "check \"Fetch from backend\" @3")
    XCTAssertEqual(checked.reconfigured, ["Fetch from backend", "Notes"])
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: run(session, "uncheck Video"), mode: .brief),
      ["unchecked Video: 1 reconfigured"])
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [x] Fetch from backend", "  [ ] Video", "  [x] Notes"])
    run(session, "save todo.md")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      "- [x] Initial setup\n- [x] Fetch from backend\n- [ ] Video\n- [x] Notes\n")
  }

  func testUndoAndRedoTakeACheckBackAndAgain() {
    let (session, _) = session()
    run(session, "check @1..2")
    run(session, "undo")
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [ ] Fetch from backend", "  [x] Video", "  Notes"])
    run(session, "redo")
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [x] Fetch from backend", "  [x] Video", "  Notes"])
  }

  func testAnItemAlreadySoIsANoteAndNoChange() {
    let (session, _) = session()
    let outcome = run(session, "check Video")
    XCTAssertEqual(outcome.reconfigured, [])
    XCTAssertEqual(outcome.note, "Video is already checked: nothing changed")
  }

  /// An unknown item or a row past the end fails before any item changes.
  func testAnItemThatIsNotThereChangesNothing() {
    let (session, files) = session()
    assertFails(session, "check Video Nope", .unknownItem)
    assertFails(session, "uncheck \"Initial setup\" @9", .unknownItem)
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [ ] Fetch from backend", "  [x] Video", "  Notes"])
    run(session, "save todo.md")
    XCTAssertEqual(files.text(of: "todo.md"), Self.todo)
  }

  /// `attr ITEM _status --delete` makes an item no task; `check` makes a task of a heading,
  /// which Markdown refuses at save, leaving the file as it was.
  func testNoTaskAndATaskMarkdownCannotHold() {
    let (session, files) = session("# Plan\n- [ ] a\n")
    run(session, "attr a _status --delete\nsave todo.md")
    XCTAssertEqual(files.text(of: "todo.md"), "# Plan\n- a\n")
    run(session, "check Plan")
    assertFails(session, "save todo.md", .io)
    XCTAssertEqual(files.text(of: "todo.md"), "# Plan\n- a\n")
  }

  /// OPML writes the state as OmniOutliner does (`_status`), and reads it back; Markdown
  /// written from OPML writes the boxes.
  func testOPMLKeepsTheStatusAndMarkdownWritesItFromOPML() {
    let (session, files) = session()
    run(session, "save todo.opml")
    let opml = files.text(of: "todo.opml") ?? ""
    XCTAssertTrue(opml.contains("text=\"Initial setup\" _status=\"checked\""), opml)
    XCTAssertTrue(opml.contains("text=\"Fetch from backend\" _status=\"unchecked\""), opml)
    run(session, "load todo.opml\ncheck Notes\nsave out.md")
    XCTAssertEqual(
      files.text(of: "out.md"),
      "- [x] Initial setup\n- [ ] Fetch from backend\n- [x] Video\n- [x] Notes\n")
  }

  /// The editor is handed the boxes; a box typed, removed or changed there changes the item.
  func testEditShowsBoxesAndReadsThemBack() {
    let (session, files) = session()
    let editor = ScriptedEditor { _ in
      "- Initial setup\n- [x] Fetch from backend\n- [ ] Video\n- [x] Notes\n- [ ] Buy bread\n"
    }
    session.editor = editor
    let outcome = run(session, "edit")
    XCTAssertEqual(
      editor.handed,
      [
        "- [x] Initial setup\n- [ ] Fetch from backend\n- [x] Video\n- Notes\n"
      ])
    XCTAssertEqual(
      Set(outcome.reconfigured), ["Initial setup", "Fetch from backend", "Video", "Notes"])
    XCTAssertEqual(
      shown(session),
      [
        "  Initial setup", "  [x] Fetch from backend", "  [ ] Video", "  [x] Notes",
        "  [ ] Buy bread",
      ])
    run(session, "save todo.md")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      "- Initial setup\n- [x] Fetch from backend\n- [ ] Video\n- [x] Notes\n- [ ] Buy bread\n")
    run(session, "undo")
    XCTAssertEqual(
      shown(session),
      ["  [x] Initial setup", "  [ ] Fetch from backend", "  [x] Video", "  Notes"])
  }

  /// The brief output of an `edit` says what changed in each item: its title, else its box.
  func testEditsBriefOutputSaysCheckedAndUnchecked() {
    let (session, _) = session()
    session.editor = ScriptedEditor { _ in
      "- [ ] Initial setup\n- [x] Fetch from backend\n- [x] Videos\n- Notes\n"
    }
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: run(session, "edit"), mode: .brief),
      ["edited: 1 retitled, 1 checked, 1 unchecked"])
  }

  /// An `edit` that checks a hidden item's box counts it as checked and says it was hidden; it
  /// retitled nothing, so full output names no item retitled while hidden.
  func testEditCountsAHiddenItemsBox() {
    let (session, _) = session("- Trip\n  - [ ] Tickets\n  - [ ] Hotel\n- Home\n")
    run(session, "collapse Trip")
    session.editor = ScriptedEditor { $0.replacing("[ ] Hotel", with: "[x] Hotel") }
    let renderer = TextRenderer(color: false)
    let outcome = run(session, "edit")
    XCTAssertEqual(renderer.lines(for: outcome, mode: .brief), ["edited: 1 checked (1 hidden)"])
    XCTAssertEqual(outcome.hiddenRetitled, [])
    XCTAssertEqual(run(session, "attr Hotel").result, .lines(["_status checked"]))
  }

  /// A new item in a task list is a task that is not done, as its line in the file says: `show`
  /// draws its box and `check` finds it a task; an item added where no sibling is a task, or
  /// to a section with no Markdown file, is none.
  func testANewItemInATaskListIsATask() {
    let (session, files) = session("- Tasks\n  - [ ] one\n  - [x] two\n- Plain\n  - p\n")
    run(session, "append three to Tasks\ninsert zero before one\nappend --titled q to Plain")
    run(session, "insert --titled \"Buy milk\" after two")
    XCTAssertEqual(
      shown(session),
      [
        "▾ Tasks", "    [ ] zero", "    [ ] one", "    [x] two", "    [ ] Buy milk",
        "    [ ] three", "▾ Plain", "    p", "    q",
      ])
    XCTAssertEqual(
      run(session, "uncheck three").note, "three is already unchecked: nothing changed")
    run(session, "save todo.md")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      "- Tasks\n  - [ ] zero\n  - [ ] one\n  - [x] two\n  - [ ] Buy milk\n  - [ ] three\n"
        + "- Plain\n  - p\n  - q\n")
    run(session, "undo\nundo\nundo\nundo")
    XCTAssertEqual(session.contents["three"].taskState, nil)

    // Several items inserted before a list's first item look at that item, not at each other.
    run(session, "insert z1 z2 before one")
    XCTAssertEqual(session.contents["z1"].taskState, false)
    XCTAssertEqual(session.contents["z2"].taskState, false)

    let commands = Session()
    run(commands, "append A\ncheck A\nappend B")
    XCTAssertEqual(commands.contents["B"].taskState, nil)
  }

  /// Items that are no line of the file (made by commands) are tasks where they land in a task
  /// list, pasted or inserted from a kept snapshot, as appended ones are; their children keep
  /// no box, and a pasted item with a line keeps its own.
  func testPastedAndInsertedBareItemsInATaskListAreTasks() {
    let (session, files) = session("- Tasks\n  - [ ] one\n  - [x] two\n- Plain\n  - p\n")
    run(session, "append Call Shop to Plain\nappend Milk to Shop\ncut Call Shop")
    run(session, "paste after two")
    XCTAssertEqual(session.contents["Call"].taskState, false)
    XCTAssertEqual(session.contents["Shop"].taskState, false)
    XCTAssertEqual(session.contents["Milk"].taskState, nil)
    run(session, "copy p\npaste after Shop")
    XCTAssertEqual(session.contents["p (2)"].taskState, nil)
    run(session, "append Errands\nappend Bank Post to Errands\nchild-snapshot Errands as errands")
    run(session, "delete Errands\ninsert @errands before one")
    XCTAssertEqual(session.contents["Bank"].taskState, false)
    XCTAssertEqual(session.contents["Post"].taskState, false)
    run(session, "save todo.md")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      "- Tasks\n  - [ ] Bank\n  - [ ] Post\n  - [ ] one\n  - [x] two\n  - [ ] Call\n"
        + "  - [ ] Shop\n    - Milk\n  - p\n- Plain\n  - p\n")
  }

  func testARetitleWithABoxKeepsItAsTextAndPointsToCheck() {
    let (session, files) = session("- [ ] Video\n")
    let outcome = run(session, "retitle Video \"[x] Video\"")
    XCTAssertEqual(
      outcome.note,
      "Video's title starts with \"[x] \", which is text (Markdown writes it escaped): "
        + "check ITEM or uncheck ITEM marks an item as a task")
    run(session, "save todo.md")
    XCTAssertEqual(files.text(of: "todo.md"), "- [ ] \\[x] Video\n")
  }
}

extension InterpreterTasksTests {
  func testHelpTaskIsHelpCheck() throws {
    XCTAssertEqual(try CommandCatalog.help("task"), try CommandCatalog.help("check"))
    XCTAssertEqual(try CommandCatalog.help("check").first, "check ITEM...")
  }
}
