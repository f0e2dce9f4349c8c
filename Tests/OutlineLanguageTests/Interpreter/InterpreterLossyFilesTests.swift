import OutlineLanguage
import XCTest

/// A file whose `load` or `import` lost something (SPEC §4, "Nothing is dropped in silence"):
/// the read warns, and `save` or `export` over the file is an `io` error that changes nothing,
/// the file included, unless `--force`.
///
/// The lossy file is a save file that `import` reads: it takes the file's current section
/// alone, so a save over the file would drop its other sections, rules and kept snapshots.
/// (Markdown loads whole: see `testAREADMELoadsWholeAndSavesBackEveryLine`.)
final class InterpreterLossyFilesTests: XCTestCase {
  /// A save file of two sections, `main` (A, B; the current one) and an empty `two`.
  static let saveFile: String = {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    for line in ["append A B", "section add two", "save notes.json"] {
      precondition(session.run(line).error == nil, line)
    }
    return files.text(of: "notes.json")!
  }()

  static let refusal =
    "cannot save notes.json: importing it dropped 1 other section (save --force overwrites it)"

  /// A README: a heading and a paragraph before its first list, and a second list under a
  /// second heading.
  static let readme = "# Notes\n\nIntro.\n\n- A\n- B\n\n## Later\n\n- C\n"

  func session(_ files: [String: String] = ["notes.json": saveFile]) -> (
    Session, MemoryFileSystem
  ) {
    let fileSystem = MemoryFileSystem(files)
    return (Session(fileSystem: fileSystem), fileSystem)
  }

  /// The sections and the current section's items of the save file at `path`, loaded by a
  /// session of its own.
  func saved(_ path: String, in files: MemoryFileSystem, line: UInt = #line)
    -> (sections: [String], items: [String])
  {
    let session = Session(fileSystem: files)
    run(session, "load \(path)", line: line)
    return (session.dataSource.snapshot().sectionIdentifiers, session.outline.items)
  }

  func testAnImportThatLostSomethingWarnsThatASaveToTheFileIsRefused() {
    let (session, _) = session()
    let outcome = run(session, "import notes.json")
    XCTAssertEqual(session.outline.items, ["A", "B"])
    XCTAssertEqual(outcome.note, "imported 2 items from notes.json")
    let warnings = [
      "1 other section of the save file is not imported",
      "save and export to notes.json are refused, since they would drop this "
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
      outcome.json.serialized.contains(
        #""warnings": ["1 other section of the save file is not imported"#),
      outcome.json.serialized)
  }

  func testSavingOverTheFileIsRefusedAndChangesNothing() throws {
    let (session, files) = session()
    run(session, "import notes.json\nsort --roots --reverse")
    let bytes = try files.contents(of: "notes.json")
    let history = session.history.count
    XCTAssertTrue(session.hasUnsavedChanges)
    for (command, message) in [
      ("save notes.json", Self.refusal),
      (
        "export notes.json",
        "cannot export notes.json: importing it dropped 1 other section "
          + "(export --force overwrites it)"
      ),
      ("export notes.json A", nil), ("save notes.json --format markdown", nil),
      ("save notes.json --format opml", nil), ("export notes.json --format text", nil),
    ] {
      let outcome = assertFails(session, command, .io, message)
      XCTAssertTrue(outcome.error?.message.contains("--force overwrites it") ?? false, command)
      XCTAssertEqual(try files.contents(of: "notes.json"), bytes, command)
      XCTAssertEqual(session.history.count, history, command)
      XCTAssertTrue(session.hasUnsavedChanges, command)
      XCTAssertEqual(session.outline.items, ["B", "A"], command)
    }
    XCTAssertEqual(files.files.keys.sorted(), ["notes.json"], "nothing else was written")
  }

  /// `expect error` cannot take back a write, so it refuses an export to a file as it refuses a
  /// save: a script shows the refusal with `--keep-going`, not by expecting it.
  func testExpectErrorRefusesAnExportToAFile() {
    let (session, files) = session()
    run(session, "import notes.json")
    assertFails(
      session, "expect error export notes.json", .refused,
      "\"expect error\" cannot run \"export\" to a file: an export that succeeds cannot be "
        + "taken back")
    assertFails(session, "expect error export copy.md", .refused)
    XCTAssertEqual(files.files.keys.sorted(), ["notes.json"])
    XCTAssertEqual(files.text(of: "notes.json"), Self.saveFile)
    run(session, "expect error export - --format markdown NoSuchItem")
  }

  func testForceWritesAsBeforeAndLaterSavesNeedNoForce() {
    let (session, files) = session()
    run(session, "import notes.json\nsort --roots --reverse")
    let outcome = run(session, "save notes.json --force")
    XCTAssertEqual(outcome.note, "saved 2 items in 1 section to notes.json")
    XCTAssertEqual(saved("notes.json", in: files).sections, ["main"], "section two is dropped")
    XCTAssertEqual(saved("notes.json", in: files).items, ["B", "A"])
    XCTAssertFalse(session.hasUnsavedChanges)
    // The file now holds what the session wrote: nothing of it is lost by the next save.
    run(session, "append Z\nsave notes.json\nexport notes.json")
    XCTAssertEqual(saved("notes.json", in: files).items, ["B", "A", "Z"])
    run(session, "save notes.json --format markdown")
    XCTAssertEqual(files.text(of: "notes.json"), "- B\n- A\n- Z\n")
    // export --force too.
    files.files["other.json"] = Array(Self.saveFile.utf8)
    let other = Session(fileSystem: files)
    run(other, "import other.json")
    assertFails(other, "export other.json", .io)
    run(other, "export other.json --force")
    XCTAssertEqual(saved("other.json", in: files).sections, ["main"])
    XCTAssertEqual(saved("other.json", in: files).items, ["A", "B"])
  }

  func testSavingElsewhereAndExportingToStandardOutputAreAllowed() {
    let (session, files) = session()
    run(session, "import notes.json\nsave copy.md\nexport copy.opml\nsave session.json")
    XCTAssertEqual(files.text(of: "copy.md"), "- A\n- B\n")
    XCTAssertEqual(
      run(session, "export - --format markdown").result, .file("- A\n- B\n"))
    XCTAssertEqual(saved("session.json", in: files).items, ["A", "B"])
    XCTAssertEqual(files.text(of: "notes.json"), Self.saveFile)
  }

  func testAFileThatLosesNothingSavesWithNoRefusalAndNoWarning() {
    let (session, files) = session(["list.md": "* Food\n\n    * Apple\n* Drinks\n"])
    let outcome = run(session, "load list.md")
    XCTAssertEqual(outcome.warnings, [])
    run(session, "sort --roots\nsave list.md")
    XCTAssertEqual(files.text(of: "list.md"), "* Drinks\n* Food\n\n    * Apple\n")
  }

  /// A save file of one section with no rules, kept snapshots or head imports whole.
  func testImportingASaveFileOfOneSectionLosesNothing() {
    let (first, files) = session([:])
    run(first, "append A B\nsave one.json")
    let session = Session(fileSystem: files)
    let outcome = run(session, "import one.json")
    XCTAssertEqual(outcome.warnings, [])
    run(session, "sort --roots --reverse\nsave one.json")
    XCTAssertEqual(saved("one.json", in: files).items, ["B", "A"])
  }

  /// Markdown loads whole (libcmark): every heading and list item is an item, every other line
  /// is kept, and nothing is lost, so a save over the file needs no `--force`.
  func testAREADMELoadsWholeAndSavesBackEveryLine() {
    let (session, files) = session(["README.md": Self.readme])
    let outcome = run(session, "load README.md")
    XCTAssertEqual(session.outline.items, ["Notes", "A", "B", "Later", "C"])
    XCTAssertEqual(
      ["Notes", "A", "B", "Later", "C"].map { try? session.outline.level(of: $0) }, [0, 1, 1, 1, 2])
    XCTAssertEqual(outcome.note, "loaded 5 items from README.md into section main")
    XCTAssertEqual(outcome.warnings, [])
    XCTAssertFalse(outcome.json.serialized.contains("warnings"), outcome.json.serialized)
    run(session, "sort --roots --reverse\nsave README.md")
    XCTAssertEqual(files.text(of: "README.md"), Self.readme, "every line as it was")
    // A sort that moves the roots moves each one's paragraphs and list with it.
    let two = "# Apples\n\nIntro.\n\n- A\n- B\n\n# Pears\n\nMore text.\n\n- C\n"
    files.files["two.md"] = Array(two.utf8)
    let sorted = run(session, "load two.md\nsort --roots --reverse\nsave two.md")
    XCTAssertEqual(sorted.note, "saved 5 items of section main to two.md as markdown")
    XCTAssertEqual(
      files.text(of: "two.md")?.split(separator: "\n").map(String.init),
      ["# Pears", "More text.", "- C", "# Apples", "Intro.", "- A", "- B"])
    XCTAssertEqual(
      files.text(of: "two.md")?.split(separator: "\n", omittingEmptySubsequences: false).count,
      two.split(separator: "\n", omittingEmptySubsequences: false).count, "no blank line lost")
  }

  func testAReadThatLosesNothingForgetsWhatAnEarlierReadOfTheFileLost() {
    let (session, files) = session()
    run(session, "import notes.json")
    files.files["notes.json"] = Array("- A\n".utf8)
    run(session, "load notes.json --format markdown\nsave notes.json --format markdown")
    XCTAssertEqual(files.text(of: "notes.json"), "- A\n")
  }

  /// A file named without an extension is a save file: `import` takes its current section
  /// alone, and `save FILE` writes the native save file over the source, refused all the same.
  func testANativeSaveOverALossySourceIsRefused() {
    let (session, files) = session(["notes": Self.saveFile])
    run(session, "import notes --format native")
    assertFails(
      session, "save notes", .io,
      "cannot save notes: importing it dropped 1 other section (save --force overwrites it)")
    assertFails(session, "save notes --format json", .io)
    XCTAssertEqual(files.text(of: "notes"), Self.saveFile)
    run(session, "save notes --force")
    XCTAssertTrue(files.text(of: "notes")?.hasPrefix("{") ?? false)
    XCTAssertEqual(saved("notes", in: files).sections, ["main"])
  }

  /// An import among items the outline already has guards the file as an import into an empty
  /// outline does.
  func testAnImportAfterItemsGuardsTheFileToo() {
    let (session, files) = session()
    run(session, "append Z")
    let outcome = run(session, "import notes.json before Z")
    XCTAssertEqual(session.outline.items, ["A", "B", "Z"])
    XCTAssertEqual(outcome.warnings.count, 2)
    assertFails(session, "save notes.json", .io, Self.refusal)
    assertFails(
      session, "export notes.json Z", .io,
      "cannot export notes.json: importing it dropped 1 other section "
        + "(export --force overwrites it)")
    XCTAssertEqual(files.text(of: "notes.json"), Self.saveFile)
  }

  func testTheRefusalNamesTheSectionTheFileWentIntoWhenItIsAnother() {
    let (session, _) = session()
    run(session, "import notes.json\nsection add other\nsection use other\nappend X")
    assertFails(
      session, "save notes.json", .io,
      "cannot save notes.json: importing it into section main dropped 1 other section "
        + "(save --force overwrites it)")
  }

  /// Two paths the file system calls one file are one file: `./notes.json` is `notes.json`.
  func testPathsThatNameOneFileAreOneFile() {
    let files = AliasingFileSystem(["notes.json": Array(Self.saveFile.utf8)])
    let session = Session(fileSystem: files)
    run(session, "import ./notes.json")
    assertFails(
      session, "save notes.json", .io,
      "cannot save notes.json: importing ./notes.json, the same file, dropped 1 other section "
        + "(save --force overwrites it)")
    assertFails(session, "export ././notes.json", .io)
    XCTAssertEqual(files.files["notes.json"], Array(Self.saveFile.utf8))
    run(session, "save copy.json")
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
