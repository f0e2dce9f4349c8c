import OutlineLanguage
import XCTest

/// A file whose `load` or `import` lost something (SPEC §4, "Nothing is dropped in silence"):
/// the read warns, and `save` or `export` over the file is an `io` error that changes nothing,
/// the file included, unless `--force`.
final class InterpreterLossyFilesTests: XCTestCase {
  /// A README: a heading and a paragraph before its first list, and a second list.
  static let readme = "# Notes\n\nIntro.\n\n- A\n- B\n\n## Later\n\n- C\n"

  static let refusal =
    "cannot save README.md: loading it dropped 1 list and 3 lines of text, the first at line 1 "
    + "(save --force overwrites it)"

  func session(_ files: [String: String] = ["README.md": readme]) -> (Session, MemoryFileSystem) {
    let fileSystem = MemoryFileSystem(files)
    return (Session(fileSystem: fileSystem), fileSystem)
  }

  func testALoadThatLostSomethingWarnsThatASaveToTheFileIsRefused() {
    let (session, _) = session()
    let outcome = run(session, "load README.md")
    XCTAssertEqual(session.outline.items, ["A", "B"])
    XCTAssertEqual(outcome.note, "loaded 2 items from README.md into section main")
    let warnings = [
      "1 more list is not kept, only the first list is read (1 item, line 10)",
      "the text before the list is not kept (lines 1–3, 2 lines)",
      "the text after the list is not kept (line 8)",
      "save and export to README.md are refused, since they would drop this "
        + "(--force overwrites it)",
    ]
    XCTAssertEqual(outcome.warnings, warnings)
    // Visible (on standard error), not dim, and in JSON.
    XCTAssertEqual(
      TextRenderer(color: false).warningLines(for: outcome), warnings.map { "warning: " + $0 })
    XCTAssertFalse(
      TextRenderer(color: false).lines(for: outcome).contains { $0.contains("warning") })
    XCTAssertTrue(
      TextRenderer(color: true).warningLines(for: outcome)[0].hasPrefix("\u{1B}[1;33mwarning:"))
    XCTAssertTrue(
      outcome.json.serialized.contains(#""warnings": ["1 more list is not kept"#),
      outcome.json.serialized)
  }

  func testSavingOverTheFileIsRefusedAndChangesNothing() throws {
    let (session, files) = session()
    run(session, "load README.md\nsort --roots --reverse")
    let bytes = try files.contents(of: "README.md")
    let history = session.history.count
    XCTAssertTrue(session.hasUnsavedChanges)
    for (command, message) in [
      ("save README.md", Self.refusal),
      (
        "export README.md",
        "cannot export README.md: loading it dropped 1 list and 3 lines of text, the first at "
          + "line 1 (export --force overwrites it)"
      ),
      ("export README.md A", nil), ("save README.md --format native", nil),
      ("save README.md --format opml", nil),
    ] {
      let outcome = assertFails(session, command, .io, message)
      XCTAssertTrue(outcome.error?.message.contains("--force overwrites it") ?? false, command)
      XCTAssertEqual(try files.contents(of: "README.md"), bytes, command)
      XCTAssertEqual(session.history.count, history, command)
      XCTAssertTrue(session.hasUnsavedChanges, command)
      XCTAssertEqual(session.outline.items, ["B", "A"], command)
    }
    XCTAssertEqual(files.files.keys.sorted(), ["README.md"], "nothing else was written")
  }

  /// `expect error` cannot take back a write, so it refuses an export to a file as it refuses a
  /// save: a script shows the refusal with `--keep-going`, not by expecting it.
  func testExpectErrorRefusesAnExportToAFile() {
    let (session, files) = session()
    run(session, "load README.md")
    assertFails(
      session, "expect error export README.md", .refused,
      "\"expect error\" cannot run \"export\" to a file: an export that succeeds cannot be "
        + "taken back")
    assertFails(session, "expect error export copy.md", .refused)
    XCTAssertEqual(files.files.keys.sorted(), ["README.md"])
    run(session, "expect error export - --format markdown NoSuchItem")
  }

  func testForceWritesAsBeforeAndLaterSavesNeedNoForce() {
    let (session, files) = session()
    run(session, "load README.md\nsort --roots --reverse")
    let outcome = run(session, "save README.md --force")
    XCTAssertEqual(outcome.note, "saved 2 items of section main to README.md as markdown")
    XCTAssertEqual(files.text(of: "README.md"), "- B\n- A\n")
    XCTAssertFalse(session.hasUnsavedChanges)
    // The file now holds what the session wrote: nothing of it is lost by the next save.
    run(session, "append Z\nsave README.md\nexport README.md")
    XCTAssertEqual(files.text(of: "README.md"), "- B\n- A\n- Z\n")
    // export --force too.
    files.files["other.md"] = Array(Self.readme.utf8)
    run(session, "load other.md\nexport other.md --force")
    XCTAssertEqual(files.text(of: "other.md"), "- A\n- B\n")
  }

  func testSavingElsewhereAndExportingToStandardOutputAreAllowed() {
    let (session, files) = session()
    run(session, "load README.md\nsave copy.md\nexport copy.opml\nsave session.json")
    XCTAssertEqual(files.text(of: "copy.md"), "- A\n- B\n")
    XCTAssertEqual(
      run(session, "export - --format markdown").result, .file("- A\n- B\n"))
    XCTAssertEqual(files.text(of: "README.md"), Self.readme)
  }

  func testAFileThatLosesNothingSavesWithNoRefusalAndNoWarning() {
    let (session, files) = session(["list.md": "* Food\n\n    * Apple\n* Drinks\n"])
    let outcome = run(session, "load list.md")
    XCTAssertEqual(outcome.warnings, [])
    run(session, "sort --roots\nsave list.md")
    XCTAssertEqual(files.text(of: "list.md"), "- Drinks\n- Food\n  - Apple\n")
  }

  func testAReadThatLosesNothingForgetsWhatAnEarlierReadOfTheFileLost() {
    let (session, files) = session()
    run(session, "load README.md")
    files.files["README.md"] = Array("- A\n".utf8)
    run(session, "load README.md\nsave README.md")
    XCTAssertEqual(files.text(of: "README.md"), "- A\n")
  }

  /// A file named without an extension loads with `--format`, and `save FILE` then writes the
  /// native save file: over the source all the same.
  func testANativeSaveOverALossySourceIsRefused() {
    let (session, files) = session(["notes": Self.readme])
    run(session, "load notes --format markdown")
    assertFails(
      session, "save notes", .io,
      "cannot save notes: loading it dropped 1 list and 3 lines of text, the first at line 1 "
        + "(save --force overwrites it)")
    XCTAssertEqual(files.text(of: "notes"), Self.readme)
    run(session, "save notes --force")
    XCTAssertTrue(files.text(of: "notes")?.hasPrefix("{") ?? false)
  }

  func testAnImportThatLostSomethingGuardsTheFileToo() {
    let (session, files) = session()
    run(session, "append Z")
    let outcome = run(session, "import README.md")
    XCTAssertEqual(outcome.warnings.count, 4)
    assertFails(
      session, "save README.md", .io,
      "cannot save README.md: importing it dropped 1 list and 3 lines of text, the first at "
        + "line 1 (save --force overwrites it)")
    XCTAssertEqual(files.text(of: "README.md"), Self.readme)
  }

  func testTheRefusalNamesTheSectionTheFileWentIntoWhenItIsAnother() {
    let (session, _) = session()
    run(session, "load README.md\nsection add other\nsection use other\nappend X")
    assertFails(
      session, "save README.md", .io,
      "cannot save README.md: loading it into section main dropped 1 list and 3 lines of text, "
        + "the first at line 1 (save --force overwrites it)")
  }

  /// Two paths the file system calls one file are one file: `./README.md` is `README.md`.
  func testPathsThatNameOneFileAreOneFile() {
    let files = AliasingFileSystem(["README.md": Array(Self.readme.utf8)])
    let session = Session(fileSystem: files)
    run(session, "load ./README.md")
    assertFails(
      session, "save README.md", .io,
      "cannot save README.md: loading ./README.md, the same file, dropped 1 list and 3 lines of "
        + "text, the first at line 1 (save --force overwrites it)")
    assertFails(session, "export ././README.md", .io)
    XCTAssertEqual(files.files["README.md"], Array(Self.readme.utf8))
    run(session, "save copy.md")
  }

  /// `import` of a save file takes its current section's outline alone: a save over the file
  /// would drop its other sections, rules and kept snapshots.
  func testImportingASaveFileLosesItsOtherSectionsAndRules() {
    let (first, files) = session([:])
    run(first, "append X\nrule no-collapse X\nsection add two\nsave s.json")
    let session = Session(fileSystem: files)
    let outcome = run(session, "import s.json")
    XCTAssertEqual(
      outcome.warnings,
      [
        "1 other section of the save file is not imported",
        "1 rule of the save file is not imported",
        "save and export to s.json are refused, since they would drop this "
          + "(--force overwrites it)",
      ])
    assertFails(
      session, "save s.json", .io,
      "cannot save s.json: importing it dropped 1 other section and 1 rule "
        + "(save --force overwrites it)")
    // A save file loads whole: after that, the file holds nothing the session lacks.
    run(session, "load s.json\nsave s.json")
  }
}

/// Files in memory, where a path and the same path after `./` are one file.
final class AliasingFileSystem: FileSystem {
  var files: [String: [UInt8]]

  init(_ files: [String: [UInt8]]) { self.files = files }

  func contents(of path: String) throws(FileError) -> [UInt8] {
    guard let bytes = files[identity(of: path)] else {
      throw FileError("no such file or directory")
    }
    return bytes
  }

  func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    files[identity(of: path)] = contents
  }

  func identity(of path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}
