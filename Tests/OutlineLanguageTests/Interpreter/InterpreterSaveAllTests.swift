import OutlineLanguage
import XCTest

/// `save --all`: every section with a file and unsaved changes, each to its file, one line
/// each; refused as a whole, nothing written, when one of them would be refused.
final class InterpreterSaveAllTests: XCTestCase {
  static let todo = "- Milk\n- Eggs\n"
  static let work = "Inbox\n\tCall\n"

  /// Two files open in two sections, a third section with changes and no file.
  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["todo.md": Self.todo, "work.txt": Self.work])
    let session = Session(fileSystem: files)
    run(
      session,
      "load todo.md\nsection add work scratch\nsection use work\nload work.txt\n"
        + "append Write to Inbox\nsection use scratch\nappend Idea\nsection use main\nappend Tea")
    return (session, files)
  }

  func testSaveAllWritesEachChangedSectionToItsFile() {
    let (session, files) = session()
    XCTAssertEqual(session.unsavedSections, ["main", "work", "scratch"])
    let saved = run(session, "save --all")
    XCTAssertEqual(
      saved.note,
      "saved 3 items of section main to todo.md as markdown\n"
        + "saved 3 items of section work to work.txt as text\n"
        + "section scratch has unsaved changes and no file: save FILE there keeps them")
    XCTAssertEqual(files.text(of: "todo.md"), "- Milk\n- Eggs\n- Tea\n")
    XCTAssertEqual(files.text(of: "work.txt"), "Inbox\n\tCall\n\tWrite\n")
    XCTAssertEqual(session.unsavedSections, ["scratch"])
    XCTAssertEqual(session.section, "main")
    XCTAssertEqual(
      run(session, "section delete scratch\nsave --all").note,
      "nothing to save: no section with a file has unsaved changes")
  }

  /// One file changed on disk: nothing is written, not even the other section's file; the
  /// error names the section and the file, and every section is still unsaved.
  func testOneRefusalRefusesThemAll() {
    let (session, files) = session()
    files.files["work.txt"] = Array("Inbox\n\tCall\n\tLunch\n".utf8)
    let before = files.files
    let outcome = session.run("save --all")
    XCTAssertEqual(outcome.error?.code, .io)
    XCTAssertEqual(
      outcome.error?.message,
      "section work: cannot save work.txt: it changed on disk since loading it (load work.txt "
        + "reads it again; save --force overwrites it)")
    XCTAssertEqual(files.files, before)
    XCTAssertEqual(session.unsavedSections, ["main", "work", "scratch"])
    XCTAssertEqual(session.section, "main")
    run(session, "save --all --force")
    XCTAssertEqual(files.text(of: "work.txt"), "Inbox\n\tCall\n\tWrite\n")
  }

  /// A refusal of the current section names no section; an attribute Markdown cannot hold is
  /// such a refusal.
  func testAnAttributeTheFileCannotHoldRefusesSaveAll() {
    let files = MemoryFileSystem([
      "todo.md": Self.todo,
      "f.opml": #"<opml version="2.0"><body><outline text="F" type="rss"/></body></opml>"#,
    ])
    let session = Session(fileSystem: files)
    run(session, "load todo.md\nimport f.opml")
    let outcome = session.run("save --all")
    XCTAssertEqual(
      outcome.error?.message.hasPrefix("cannot save todo.md: @2 (F): it has the attribute type"),
      true)
    XCTAssertEqual(files.text(of: "todo.md"), Self.todo)
  }

  /// A native file holds every section: written once, for all of them.
  func testANativeFileIsWrittenOnce() {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    run(session, "append A\nsection add S\nsection use S\nappend B\nsave all.json")
    run(session, "append C\nsection use main\nappend D")
    XCTAssertEqual(session.unsavedSections, ["main", "S"])
    XCTAssertEqual(
      run(session, "save --all").note, "saved 4 items in 2 sections to all.json")
    XCTAssertFalse(session.hasUnsavedChanges)
    let reloaded = Session(fileSystem: files)
    run(reloaded, "load all.json")
    XCTAssertEqual(reloaded.section, "main")
    XCTAssertEqual(reloaded.dataSource.snapshot(for: "S").items, ["B", "C"])
  }

  func testSaveAllTakesNoFileNorFormatAndNoBatch() throws {
    let (session, files) = session()
    let before = files.files
    assertFails(session, "save --all other.md", .syntax)
    assertFails(session, "save --all --format opml", .syntax)
    run(session, "begin")
    XCTAssertEqual(session.run("save --all").error?.code, .refused)
    XCTAssertEqual(files.files, before)
    let parsed = try CommandParser.parse(command: "save --all --force")
    XCTAssertEqual(parsed, .files(.saveAll(force: true)))
    XCTAssertEqual(parsed.description, "save --all --force")
  }
}
