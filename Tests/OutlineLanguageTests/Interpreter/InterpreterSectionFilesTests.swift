import OutlineLanguage
import OutlineTestSupport
import XCTest

/// The section's file, which `save` with no file name writes, and `load --fresh`.
///
/// The file is the last one `load`, `save` or `import` named in the section, as an editor's
/// "save" writes the file it opened; with none, `save` is an error that changes nothing.
/// `load --fresh` replaces the outline without matching.
final class InterpreterSectionFilesTests: XCTestCase {
  static let markdown = "- Food\n  - Apple\n  - Pear\n- Drinks\n"

  func session(_ files: [String: String] = [:]) -> (Session, MemoryFileSystem) {
    let fileSystem = MemoryFileSystem(files)
    return (Session(fileSystem: fileSystem), fileSystem)
  }

  func text(_ fileSystem: MemoryFileSystem, _ path: String) -> String? {
    fileSystem.files[path].map { String(decoding: $0, as: UTF8.self) }
  }

  func testSaveAfterLoadWritesTheLoadedFile() {
    let (session, fileSystem) = session(["notes.md": Self.markdown])
    run(session, "load notes.md\nappend Kiwi to Food")
    let saved = run(session, "save")
    XCTAssertEqual(saved.parsed, .files(.save("notes.md")), "printers see the file written")
    XCTAssertEqual(saved.note, "saved 5 items of section main to notes.md as markdown")
    XCTAssertEqual(
      text(fileSystem, "notes.md"), "- Food\n  - Apple\n  - Pear\n  - Kiwi\n- Drinks\n")
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  func testSaveWithNoFileKnownIsAnErrorThatChangesNothing() {
    let (session, fileSystem) = session()
    run(session, "append Food")
    let outcome = assertFails(
      session, "save", .syntax,
      "save needs a file name: no file was loaded, saved or imported in section main yet "
        + "(save FILE)")
    XCTAssertTrue(fileSystem.files.isEmpty, "nothing written")
    XCTAssertNil(outcome.note)
    assertFails(session, "save --force", .syntax)
    assertFails(session, "save --format opml", .syntax)
    XCTAssertTrue(fileSystem.files.isEmpty)
    XCTAssertTrue(session.hasUnsavedChanges)
  }

  func testSaveWithAFileNameMakesItTheSectionsFile() {
    let (session, fileSystem) = session()
    run(session, "append Food\nsave notes.opml\nappend Drinks\nsave")
    XCTAssertTrue(text(fileSystem, "notes.opml")?.contains("Drinks") == true)
    run(session, "save other.txt\nappend Tea\nsave")
    XCTAssertEqual(text(fileSystem, "other.txt"), "Food\nDrinks\nTea\n")
    XCTAssertFalse(text(fileSystem, "notes.opml")?.contains("Tea") == true, "the old file stays")
  }

  func testTheFormatNamedWithTheFileIsKept() {
    let (session, fileSystem) = session(["notes": Self.markdown])
    run(session, "load notes --format md\nappend Tea")
    XCTAssertEqual(run(session, "save").parsed, .files(.save("notes", format: .markdown)))
    XCTAssertEqual(text(fileSystem, "notes"), Self.markdown + "- Tea\n")
    // A format given to `save` alone writes that format to the section's file.
    run(session, "save --format txt")
    XCTAssertEqual(text(fileSystem, "notes"), "Food\n\tApple\n\tPear\nDrinks\nTea\n")
  }

  func testALossyReadStillRefusesAPlainSave() {
    // A save file of two sections, which `import` reads in part: its current section alone.
    let (session, fileSystem) = session()
    run(session, "append A\nsection add two\nsave notes.json")
    let whole = text(fileSystem, "notes.json")
    let reader = Session(fileSystem: fileSystem)
    XCTAssertFalse(run(reader, "import notes.json").warnings.isEmpty)
    run(reader, "append Kiwi")
    assertFails(
      reader, "save", .io,
      "cannot save notes.json: importing it dropped 1 other section (save --force overwrites it)")
    XCTAssertEqual(text(fileSystem, "notes.json"), whole, "the file is unchanged")
    run(reader, "save --force")
    XCTAssertTrue(text(fileSystem, "notes.json")?.contains("Kiwi") == true)
  }

  func testEachSectionKeepsItsOwnFile() {
    let (session, fileSystem) = session(["a.md": "- A\n", "b.md": "- B\n"])
    run(session, "load a.md\nsection add s2\nsection use s2\nload b.md\nappend B2")
    run(session, "save\nsection use main\nappend A2\nsave")
    XCTAssertEqual(text(fileSystem, "a.md"), "- A\n- A2\n")
    XCTAssertEqual(text(fileSystem, "b.md"), "- B\n- B2\n")
    // A section added anew under a name that had a file has none.
    run(session, "section delete s2\nsection add s2\nsection use s2\nappend C")
    assertFails(session, "save", .syntax)
  }

  func testImportNamesTheFileOnlyOfASectionWithNone() {
    let (session, fileSystem) = session(["a.md": "- A\n", "b.md": "- B\n"])
    run(session, "import a.md\nappend Z\nsave")
    XCTAssertEqual(text(fileSystem, "a.md"), "- A\n- Z\n")
    run(session, "import b.md\nsave")
    XCTAssertEqual(text(fileSystem, "a.md"), "- A\n- Z\n- B\n")
    XCTAssertEqual(text(fileSystem, "b.md"), "- B\n", "import kept the section's file")
  }

  func testExportAndAFailedLoadDoNotChangeTheFile() {
    let (session, fileSystem) = session(["a.md": "- A\n"])
    run(session, "load a.md\nexport out.md")
    assertFails(session, "load missing.md", .io)
    run(session, "append B\nsave")
    XCTAssertEqual(text(fileSystem, "a.md"), "- A\n- B\n")
    XCTAssertEqual(text(fileSystem, "out.md"), "- A\n")
  }

  func testANativeLoadNamesTheFileOfEverySectionItHolds() {
    let (session, fileSystem) = session()
    run(session, "append A\nsection add s2\nsection use s2\nappend B\nsave all.json")
    let reloaded = Session(fileSystem: fileSystem)
    run(reloaded, "load all.json\nsection use main\nappend A2\nsave")
    run(reloaded, "section use s2\nappend B2\nsave")
    let again = Session(fileSystem: fileSystem)
    run(again, "load all.json")
    XCTAssertEqual(again.dataSource.snapshot(for: "main").items, ["A", "A2"])
    XCTAssertEqual(again.dataSource.snapshot(for: "s2").items, ["B", "B2"])
  }

  /// A native save file holds every section, so saving one makes it the file of each, as
  /// loading one does: `save` in another section writes it, not that section's old file; loaded
  /// back, each section has it as its file and keeps the Markdown file it was read from.
  func testANativeSaveNamesTheFileOfEverySection() {
    let (session, fileSystem) = session(["a.md": "- A\n", "b.md": "Intro\n\n- B\n"])
    run(session, "load a.md\nsection add s2\nsection use s2\nload b.md\nsection use main")
    run(session, "save all.json")
    XCTAssertEqual(session.sectionFilePath(of: "main"), "all.json")
    XCTAssertEqual(session.sectionFilePath(of: "s2"), "all.json")
    run(session, "section use s2\nappend B2\nsave")
    XCTAssertEqual(text(fileSystem, "b.md"), "Intro\n\n- B\n", "the old file stays")
    XCTAssertFalse(session.hasUnsavedChanges)

    let reloaded = Session(fileSystem: fileSystem)
    run(reloaded, "load all.json")
    XCTAssertEqual(reloaded.sectionFilePath(of: "main"), "all.json")
    XCTAssertEqual(reloaded.sectionFilePath(of: "s2"), "all.json")
    XCTAssertEqual(reloaded.dataSource.snapshot(for: "s2").items, ["B", "B2"])
    // Each section keeps the file it was read from, byte for byte.
    run(reloaded, "section use s2\nexport b2.md\nsection use main\nexport a2.md")
    XCTAssertEqual(text(fileSystem, "b2.md"), "Intro\n\n- B\n- B2\n")
    XCTAssertEqual(text(fileSystem, "a2.md"), "- A\n")
  }

  /// A native save refused (the file changed on disk) names no file, in any section.
  func testARefusedNativeSaveNamesNoFile() {
    let (session, fileSystem) = session(["a.md": "- A\n", "b.md": "- B\n"])
    run(session, "load a.md\nsection add s2\nsection use s2\nload b.md\nexport all.json")
    fileSystem.files["all.json"] = Array("changed\n".utf8)
    assertFails(session, "save all.json", .io)
    XCTAssertEqual(text(fileSystem, "all.json"), "changed\n")
    XCTAssertEqual(session.sectionFilePath(of: "main"), "a.md")
    XCTAssertEqual(session.sectionFilePath(of: "s2"), "b.md")
  }

  func testARewindPutsTheSectionsFileBack() {
    let (session, fileSystem) = session(["a.md": "- A\n", "b.md": "- B\n"])
    run(session, "load a.md")
    let start = session.checkpoint
    run(session, "load b.md --fresh")
    XCTAssertEqual(session.sectionFilePath, "b.md")
    session.rewind(to: start)
    XCTAssertEqual(session.sectionFilePath, "a.md")
    run(session, "append Z\nsave")
    XCTAssertEqual(text(fileSystem, "a.md"), "- A\n- Z\n")
    XCTAssertEqual(text(fileSystem, "b.md"), "- B\n")
  }

  func testAFailedSaveDoesNotNameTheFile() {
    let (session, fileSystem) = session(["a.md": "- A\n"])
    run(session, "append X\nsection add two\nsave notes.json\nsection use main")
    let reader = Session(fileSystem: fileSystem)
    run(reader, "load a.md")
    // A save file imported in part: a save over it is refused.
    XCTAssertFalse(run(reader, "import notes.json").warnings.isEmpty)
    XCTAssertEqual(reader.sectionFilePath, "a.md", "the section had a file")
    assertFails(reader, "save notes.json", .io)
    XCTAssertEqual(reader.sectionFilePath, "a.md")
  }

  func testSaveAndLoadWithAFileParseAndPrintBack() {
    XCTAssertEqual(Command.files(.save(nil)).description, "save")
    XCTAssertEqual(Command.files(.save(nil, force: true)).description, "save --force")
    XCTAssertEqual(Command.files(.load("a.md", fresh: true)).description, "load a.md --fresh")
    for text in ["save", "save --force", "load a.md --fresh", "save --format markdown"] {
      guard case .success(let command) = CommandParser.parse(line: text).first?.result else {
        return XCTFail(text)
      }
      XCTAssertEqual(command.description, text)
    }
  }

  // MARK: load --fresh

  func testLoadFreshReplacesTheOutlineWithoutMatching() {
    let (session, _) = session(["a.md": "- Food\n  - Apple\n", "b.md": "- Tea\n  - Green\n"])
    run(session, "load a.md\nnote Apple crisp")
    // Matched, the new file's lines would be the old items retitled.
    let fresh = run(session, "load b.md --fresh")
    XCTAssertEqual(session.outline.items, ["Tea", "Green"])
    XCTAssertEqual(session.contents.title(of: "Tea"), "Tea")
    XCTAssertEqual(session.contents["Green"].attributes, [], "no note kept from the old items")
    XCTAssertNil(session.contents.items["Apple"])
    XCTAssertEqual(fresh.note, "loaded 2 items from b.md into section main")
    // One transaction: undo brings the old outline back, its note too.
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple"])
    XCTAssertEqual(session.contents["Apple"].attributes.first?.value, "crisp")
  }

  func testLoadWithoutFreshStillMatches() {
    let (session, _) = session(["a.md": "- Food\n  - Apple\n", "b.md": "- Tea\n  - Green\n"])
    run(session, "load a.md\nload b.md")
    XCTAssertEqual(session.outline.items, ["Food", "Apple"])
    XCTAssertEqual(session.contents.title(of: "Food"), "Tea")
  }

  func testAFailedFreshLoadChangesNothing() {
    let (session, _) = session(["a.md": "- Food\n"])
    run(session, "load a.md")
    assertFails(session, "load missing.md --fresh", .io)
    XCTAssertEqual(session.outline.items, ["Food"])
  }
}
