import OutlineLanguage
import OutlineTestSupport
import XCTest

/// What changed since it was last saved or loaded, section by section
/// (`Session+UnsavedChanges.swift`): a save or load of a one-section file (OPML, Markdown,
/// text) covers its section alone, one of the native file every section.
final class InterpreterUnsavedChangesTests: XCTestCase {
  func session(_ files: [String: String] = [:]) -> (Session, MemoryFileSystem) {
    let fileSystem = MemoryFileSystem(files)
    return (Session(fileSystem: fileSystem), fileSystem)
  }

  /// The tester's first repro: main saved to its Markdown file, section S's new item in no file.
  func testSavingOneSectionLeavesAnotherSectionsEditUnsaved() {
    let (session, files) = session(["sec.md": "- a\n- b\n  - c\n"])
    run(session, "load sec.md\nsection add S\nsection use S\nappend Important\nsection use main")
    XCTAssertEqual(session.unsavedSections, ["S"])
    run(session, "save")
    XCTAssertEqual(
      files.files["sec.md"].map { String(decoding: $0, as: UTF8.self) }, "- a\n- b\n  - c\n")
    XCTAssertTrue(session.hasUnsavedChanges, "section S's item is in no file")
    XCTAssertEqual(session.unsavedSections, ["S"])
    run(session, "section use S\nsave s.opml")
    XCTAssertFalse(session.hasUnsavedChanges)
    XCTAssertEqual(session.unsavedSections, [])
  }

  /// The tester's second repro: each section loaded from a file of its own, both edited, only
  /// S's saved: main's edit is still unsaved.
  func testSavingOneOfTwoLoadedSectionsLeavesTheOtherUnsaved() {
    let (session, _) = session(["one.md": "- a\n", "two.md": "- x\n"])
    run(session, "load one.md\nappend edited-in-main\nsection add S\nsection use S")
    run(session, "load two.md\nappend edited-in-S")
    XCTAssertEqual(session.unsavedSections, ["main", "S"])
    run(session, "save")
    XCTAssertTrue(session.hasUnsavedChanges)
    XCTAssertEqual(session.unsavedSections, ["main"])
    run(session, "section use main\nsave")
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  /// A load of a one-section file covers its section alone too.
  func testLoadingOneSectionLeavesAnotherSectionsEditUnsaved() {
    let (session, _) = session(["one.md": "- a\n"])
    run(session, "append x\nsection add S\nsection use S\nload one.md")
    XCTAssertEqual(session.unsavedSections, ["main"])
    run(session, "section use main\nload one.md")
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  /// The native file holds every section: its save or load covers them all, and the order of
  /// the sections, which only it holds.
  func testTheNativeFileCoversEverySectionAndTheirOrder() {
    let (session, _) = session()
    run(session, "append a\nsection add S\nsection use S\nappend b\nnote b hi")
    XCTAssertEqual(session.unsavedSections, ["main", "S"])
    run(session, "save all.json")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "section move S before main")
    XCTAssertTrue(session.hasUnsavedChanges, "the order of the sections changed")
    XCTAssertEqual(session.unsavedSections, [], "no section's own outline changed")
    run(session, "save s.md")
    XCTAssertTrue(session.hasUnsavedChanges, "a Markdown file holds no order of sections")
    run(session, "undo")
    XCTAssertFalse(session.hasUnsavedChanges, "back to the order all.json holds")
    run(session, "section use main\nretitle a A\nload all.json")
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  /// A section deleted since its own file's save or load leaves nothing to write; one the
  /// native file held is a change that file does not have.
  func testADeletedSectionIsUnsavedOnlyAgainstTheNativeFile() {
    let (session, _) = session(["s.md": "- x\n"])
    run(session, "section add S\nsection use S\nload s.md\nsection use main\nsave m.md")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "section delete S")
    XCTAssertFalse(session.hasUnsavedChanges, "s.md holds what S held")
    run(session, "undo\nsave all.json\nsection delete S")
    XCTAssertTrue(session.hasUnsavedChanges, "all.json still holds S")
  }

  /// Undo and redo around a one-section save: back to what was saved counts as saved, section
  /// by section; an export saves nothing.
  func testUndoRedoAndExportAroundAOneSectionSave() {
    let (session, _) = session(["u.md": "- a\n"])
    run(session, "load u.md\nappend X\nsave")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "undo")
    XCTAssertEqual(session.unsavedSections, ["main"], "X is in u.md, not in the outline")
    run(session, "redo")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "section add S\nsection use S\nappend Y\nexport y.md")
    XCTAssertEqual(session.unsavedSections, ["S"], "an export is no save")
    run(session, "undo\nundo")
    XCTAssertFalse(session.hasUnsavedChanges, "S's edits undone, main as saved")
    run(session, "redo")
    XCTAssertEqual(session.unsavedSections, ["S"])
    // Main's save after S's change, then both undone and a new change made: main's saved
    // state cannot come back, S's (the session's start) can.
    run(session, "section use main\nappend Z\nsave\nundo\nundo\nundo")
    XCTAssertEqual(session.unsavedSections, ["main"], "X undone, u.md has it")
    run(session, "retitle a b")
    XCTAssertEqual(session.unsavedSections, ["main"])
    run(session, "undo")
    XCTAssertEqual(session.unsavedSections, ["main"], "u.md's state (a, X, Z) is gone for good")
  }

  /// A change dropped from the front of the history still counts against a section saved
  /// before it, and not against one saved after it.
  func testChangesDroppedFromTheHistoryStillCount() {
    let (session, _) = session(["one.md": "- a\n"])
    session.historyLimit = 2
    run(session, "section add S\nsection use S\nappend s1\nsave s.md\nsection use main")
    run(session, "load one.md\nappend b\nappend c\nappend d")
    XCTAssertEqual(session.unsavedSections, ["main"])
    run(session, "save\nundo\nundo")
    XCTAssertEqual(session.unsavedSections, ["main"])
    run(session, "redo\nredo")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "section use S\nappend s2\nappend s3\nundo\nundo")
    XCTAssertEqual(session.unsavedSections, [], "back to what s.md holds")
  }

  /// A move of a section dropped from the front of the history still counts against the
  /// native file, which holds the sections' order, and a Markdown save of a section does not
  /// cover it; a change of one section's items dropped so moves no section.
  func testASectionMoveDroppedFromTheHistoryStillCounts() {
    let (session, _) = session()
    session.historyLimit = 1
    run(session, "section add S\nsave all.json\nsection move S before main")
    run(session, "section use S\nappend s1\nappend s2")
    XCTAssertEqual(session.unsavedSections, ["S"])
    run(session, "save s.md")
    XCTAssertTrue(session.hasUnsavedChanges, "the order of the sections changed for good")
    XCTAssertEqual(session.unsavedSections, [])
    run(session, "save all.json\nappend s3\nappend s4\nsave s.md")
    XCTAssertFalse(session.hasUnsavedChanges, "no section moved since all.json")
  }

  /// A section saved after a dropped change lost it, then changed by another change dropped
  /// in turn, is lost again: each kind of save forgets what the drops found.
  func testASectionSavedThenDroppedAgainIsUnsavedAgain() {
    for save in ["save m.md", "save all.json"] {
      let (session, _) = session()
      session.historyLimit = 1
      run(session, "append a\nappend b\n\(save)\nappend c\nappend d\nundo")
      XCTAssertEqual(session.unsavedSections, ["main"], "\(save): c is in no file")
      run(session, "undo")
      XCTAssertEqual(session.unsavedSections, ["main"], "\(save): nothing more to undo")
    }
  }

  /// A save or load that fails marks nothing saved, and changes nothing.
  func testAFailedSaveOrLoadMarksNothingSaved() {
    let (session, files) = session()
    run(session, "append a\nsection add S\nsection use S\nappend b")
    assertFails(session, "load nope.md", .io)
    assertFails(session, "save", .syntax)
    XCTAssertEqual(session.unsavedSections, ["main", "S"])
    XCTAssertTrue(files.files.isEmpty)
  }
}
