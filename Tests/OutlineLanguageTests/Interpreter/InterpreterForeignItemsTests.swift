import OutlineLanguage
import XCTest

/// Items that come into a section read from Markdown from elsewhere (another file, another
/// section) take none of its file's lines: a save writes them from their own file's lines
/// (`InterpreterItemsAcrossFilesTests`), every line of this file stays with the item it
/// belongs to, and a save file written after any of them loads.
final class InterpreterForeignItemsTests: XCTestCase {
  /// `A`'s paragraph is indented five columns, as no fresh write would indent it, so the
  /// file shows which item kept `A`'s lines.
  static let main = "- A\n\n     para of A\n\n- B\n"
  static let side = "- X\n- Y\n"

  /// A session with `main` read from main.md and `side` from side.md.
  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["main.md": Self.main, "side.md": Self.side])
    let session = Session(fileSystem: files)
    run(session, "section add side\nsection use side\nload side.md\nsection use main\nload main.md")
    return (session, files)
  }

  /// An item moved from another section's file takes none of this file's lines, not even
  /// those of a deleted item that had its node number; B stands apart from the item before it
  /// as it stood from A (`LooseLists`).
  func testAnItemFromAnotherSectionTakesNoLineOfThisFile() {
    for move in ["drag side:0 main:0", "section use side\nmove X to-section main before B"] {
      let (session, files) = session()
      run(session, "delete A\n\(move)\nsection use main\nsave main.md")
      XCTAssertEqual(files.text(of: "main.md"), "- X\n\n- B\n", move)
    }
  }

  /// A cut pasted into another section is new there; a cut pasted back into its own section
  /// keeps its lines.
  func testACutKeepsItsLinesOnlyInItsOwnFile() {
    let (across, acrossFiles) = session()
    run(across, "delete A\nsection use side\ncut X\nsection use main\npaste before B\nsave main.md")
    XCTAssertEqual(acrossFiles.text(of: "main.md"), "- X\n\n- B\n")

    let (within, withinFiles) = session()
    run(within, "cut A\npaste after B\nsave main.md")
    // Its blank line before B does not end the file, which ended without one; it stands
    // apart from B, as the two stood in the file.
    XCTAssertEqual(withinFiles.text(of: "main.md"), "- B\n\n- A\n\n     para of A\n")
  }

  /// A copy pasted or duplicated before its original leaves the original its lines.
  func testACopyLeavesTheOriginalItsLines() {
    for (copy, title) in [
      ("copy A\npaste before A", "A"), ("duplicate A as Z\nmove Z before A", "Z"),
    ] {
      let (session, files) = session()
      run(session, "\(copy)\nsave main.md")
      // The copy is written from the original's lines (its paragraph as indented, its blank
      // lines); the original keeps its own.
      XCTAssertEqual(
        files.text(of: "main.md"),
        "- \(title)\n\n     para of A\n\n- A\n\n     para of A\n\n- B\n", copy)
    }
  }

  /// What the fuzzer found: a save file written after an import loads, and saves the same.
  ///
  /// The item imported from a file (here the section's own file, written since it was read)
  /// kept its node number in that file, which the save file wrote against the section's source
  /// and could not load back.
  func testASaveFileAfterAnImportLoads() {
    let files = MemoryFileSystem(["readme.md": ""])
    let session = Session(fileSystem: files)
    run(session, "load readme.md\nappend B\nexport readme.md\nimport readme.md\nsave saved.json")
    let saved = files.text(of: "saved.json") ?? ""
    // The imported item's node is one of the file it was imported from, which the save file
    // names (`"file"`), not one of the section's source.
    XCTAssertTrue(
      saved.contains(#"{"item": "B (2)", "level": 0, "title": "B", "file": 0, "node": 0}"#), saved)
    XCTAssertTrue(saved.contains(#"{"format": "markdown", "text": "- B\n"}"#), saved)
    let loaded = Session(fileSystem: files)
    run(loaded, "load saved.json")
    XCTAssertEqual(loaded.outline.items, ["B", "B (2)"])
    run(loaded, "save again.json")
    XCTAssertEqual(files.text(of: "again.json"), saved)
  }

  /// An item imported from another Markdown file is written in the section's file after the
  /// lines the file had, from its own lines.
  func testAnImportedItemIsWrittenAnew() {
    let (session, files) = session()
    run(session, "delete A\nimport side.md\nsave main.md")
    // They join B's list, whose items stood apart, apart too.
    XCTAssertEqual(files.text(of: "main.md"), "- B\n\n- X\n\n- Y\n")
  }

  /// A file read twice is two files: the items of one take none of the other's lines, even
  /// where the same item number and title would fit; each writes its own read's lines.
  func testASecondReadOfTheSameBytesIsAnotherFile() {
    let text = "# A\n\npara A\n\n# B\n\npara B\n"
    let files = MemoryFileSystem(["f.md": text])
    let imported = Session(fileSystem: files)
    run(imported, "load f.md\nimport f.md before A\nsave out.md")
    // The imported items keep their lines; the file's first heading, now after text, is
    // spaced as its other heading is.
    XCTAssertEqual(files.text(of: "out.md"), text + "\n" + text)

    let moved = Session(fileSystem: files)
    run(
      moved,
      "load f.md\nsection add two\nsection use two\nload f.md\nsection use main\n"
        + "move A to-section two before \"A (2)\"\nsection use two\nsave two.md")
    XCTAssertEqual(files.text(of: "two.md"), "# A\n\npara A\n\n" + text)
  }

  /// Loading a file over the section it was read from, unchanged, keeps that read: nothing
  /// changes, and the items keep their lines.
  func testReloadingAnUnchangedFileChangesNothing() {
    let (session, files) = session()
    let contents = session.contents
    let history = session.history.count
    run(session, "load main.md")
    XCTAssertEqual(session.contents, contents)
    XCTAssertEqual(session.history.count, history)
    run(session, "save main.md")
    XCTAssertEqual(files.text(of: "main.md"), Self.main)
  }
}
