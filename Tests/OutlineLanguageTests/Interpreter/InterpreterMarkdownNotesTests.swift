import OutlineLanguage
import XCTest

/// `note` on items read from Markdown, whose paragraphs are their notes: printed, searched,
/// set and saved in place, carried by moves and copies, exported to OPML as `_note`, compared
/// by `diff`, kept by `edit`.
final class InterpreterMarkdownNotesTests: XCTestCase {
  static let list =
    "# Errands\n\nFor Saturday.\n\n- Buy milk\n  Only the oat kind; the shop on the corner"
    + " has it.\n\n  Ask for the receipt.\n  - Oat\n- Bread\n  ```\n  rye\n  ```\n"

  func session(_ files: [String: String] = [:]) -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(files.merging(["list.md": Self.list]) { new, _ in new })
    let session = Session(fileSystem: files)
    run(session, "load list.md")
    return (session, files)
  }

  func testNotePrintsAndFindSearchesAMarkdownItemsParagraphs() {
    let (session, _) = session()
    XCTAssertEqual(
      run(session, "note \"Buy milk\"").result,
      .lines(["Only the oat kind; the shop on the corner has it.", "", "Ask for the receipt."]))
    XCTAssertEqual(run(session, "note Errands").result, .lines(["For Saturday."]))
    XCTAssertEqual(run(session, "note Bread").result, .lines([]))
    XCTAssertEqual(run(session, "find receipt --in notes").result?.items, ["Buy milk"])
    XCTAssertEqual(run(session, "find oat --in all").result?.items, ["Buy milk", "Oat"])
    XCTAssertEqual(run(session, "find rye --in notes").result?.items, [])
  }

  /// Setting a note rewrites its paragraphs and no other line, where the file had them (right
  /// under the item's line), a new one after a blank line; `""` removes them (the blank lines
  /// around them stay); an unedited file comes back byte for byte.
  func testSaveWritesANoteInPlaceOfTheParagraphs() {
    let (session, files) = session()
    run(session, "save list.md")
    XCTAssertEqual(files.text(of: "list.md"), Self.list)
    XCTAssertEqual(run(session, "note \"Buy milk\" \"Oat, not soy.\"").reconfigured, ["Buy milk"])
    run(session, "note Bread \"From the baker.\"\nnote Errands \"\"\nsave list.md")
    XCTAssertEqual(
      files.text(of: "list.md"),
      "# Errands\n\n\n- Buy milk\n  Oat, not soy.\n  - Oat\n- Bread\n\n  From the baker.\n\n"
        + "  ```\n  rye\n  ```\n")
    run(session, "load list.md")
    XCTAssertEqual(run(session, "note Bread").result, .lines(["From the baker."]))
    XCTAssertEqual(run(session, "note Errands").result, .lines([]))
  }

  /// A note Markdown would read back as something else makes `save` an `io` error that names
  /// the item and leaves the file as it was.
  func testANoteThatWouldNotReadBackIsRefusedAndTheFileKept() {
    let (session, files) = session()
    run(session, "note Oat \"Brands:\\u{A}===\"")
    let failed = assertFails(session, "save list.md", .io)
    XCTAssertEqual(
      failed.error?.message.hasPrefix(
        "cannot save list.md: @2 (Oat): markdown cannot hold the item's note"),
      true, failed.error?.message ?? "")
    XCTAssertEqual(files.text(of: "list.md"), Self.list)
    // Bread's code block is not OPML's: --force leaves it out.
    run(session, "save list.opml --force")
    XCTAssertEqual(files.text(of: "list.opml")?.contains("Brands:&#10;==="), true)
    // A line that starts a list item is escaped, and reads back as it was set.
    run(session, "note Oat \"Brands:\\u{A}- Oatly\\u{A}1. Oat-Co\"\nsave list.md")
    XCTAssertEqual(
      files.text(of: "list.md")?.contains(
        "  - Oat\n\n    Brands:\n    \\- Oatly\n    1\\. Oat-Co\n"),
      true)
    run(session, "load list.md")
    XCTAssertEqual(run(session, "note Oat").result, .lines(["Brands:", "- Oatly", "1. Oat-Co"]))
  }

  /// Moved, indented, duplicated, cut and pasted items keep their notes, in the file too: the
  /// copy of `Buy milk` (with `Oat (2)`, titled `Oat`) is written from the original's lines,
  /// its note as the file had it; the moved original keeps its lines as they were.
  func testNotesTravelWithTheirItems() {
    let (session, files) = session()
    run(session, "move Bread before \"Buy milk\"\nindent \"Buy milk\"\nduplicate \"Buy milk\"")
    XCTAssertEqual(
      run(session, "note \"Buy milk (2)\"").result, run(session, "note \"Buy milk\"").result)
    run(session, "cut Oat\npaste into Bread\nsave list.md")
    XCTAssertEqual(
      files.text(of: "list.md"),
      "# Errands\n\nFor Saturday.\n\n- Bread\n  ```\n  rye\n  ```\n  - Buy milk\n"
        + "    Only the oat kind; the shop on the corner has it.\n\n    Ask for the receipt.\n"
        + "  - Buy milk\n    Only the oat kind; the shop on the corner has it.\n\n"
        + "    Ask for the receipt.\n    - Oat\n  - Oat\n")
    run(session, "load list.md")
    XCTAssertEqual(
      run(session, "find receipt --in notes").result?.items, ["Buy milk", "Buy milk (2)"])
  }

  /// Markdown → OPML writes notes as `_note`; OPML → Markdown writes `_note` as paragraphs;
  /// attributes other than notes are refused in Markdown, notes too in text, and with
  /// `--force` the warning names those left out.
  func testExportsCarryNotesBetweenFormats() {
    let opml =
      #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="A" _note="a&#10;b">"#
      + #"<outline text="B" type="link"/></outline></body></opml>"#
    let (session, files) = session(["in.opml": opml])
    // Bread's code block is not OPML's: --force leaves it out, and nothing else is.
    XCTAssertEqual(run(session, "export out.opml --force").warnings, [])
    XCTAssertEqual(
      files.text(of: "out.opml")?.contains(#"<outline text="Errands" _note="For Saturday.">"#),
      true, files.text(of: "out.opml") ?? "")
    run(session, "load in.opml")
    assertFails(
      session, "export out.md", .io,
      "cannot export out.md: \"Buy milk\" (hidden, titled \"B\"): it has the attribute type, "
        + "which markdown cannot hold; save to an OPML or native file to keep it, or "
        + "export --force to drop it")
    assertFails(
      session, "export out.txt", .io,
      "cannot export out.txt: @0 (Errands, titled \"A\"): it has a note, which text cannot "
        + "hold (1 more item too); save to an OPML or native file to keep them, or export "
        + "--force to drop them")
    let markdown = run(session, "export out.md --force")
    XCTAssertEqual(files.text(of: "out.md"), "- A\n\n  a\n  b\n  - B\n")
    XCTAssertEqual(
      markdown.warnings,
      [
        "out.md: markdown keeps no attributes other than notes: those of 1 item were not written"
          + " (type); OPML and the native file keep them"
      ])
    XCTAssertEqual(
      run(session, "export out.txt --force").warnings,
      [
        "out.txt: text keeps no attributes or notes: those of 2 items were not written (_note,"
          + " type); OPML and the native file keep them"
      ])
  }

  /// An OPML item imported into a section read from Markdown is written with its note as
  /// paragraphs under it, the file's other lines as they were.
  func testAnImportedItemsNoteIsWrittenUnderIt() {
    let opml =
      #"<?xml version="1.0"?><opml version="2.0"><head/><body>"#
      + #"<outline text="Eggs" _note="Free range.&#10;&#10;A dozen."/></body></opml>"#
    let (session, files) = session(["eggs.opml": opml])
    run(session, "import eggs.opml after Bread\nsave list.md")
    XCTAssertEqual(
      files.text(of: "list.md"), Self.list + "- Eggs\n\n  Free range.\n\n  A dozen.\n")
  }

  /// `diff` counts a changed paragraph as a changed note; `edit`, whose text holds titles
  /// only, keeps every matched item's note.
  func testDiffSeesAChangedNoteAndEditKeepsNotes() throws {
    let changed = Self.list.replacingOccurrences(of: "the receipt", with: "a bag")
    let (session, _) = session(["changed.md": changed])
    guard case .diff(let diff)? = run(session, "diff list.md changed.md").result else {
      return XCTFail("no diff")
    }
    XCTAssertEqual(diff.contentChanges.map(\.item), ["Buy milk"])
    XCTAssertEqual(diff.contentChanges.first?.attributes, [])
    // The two notes share their first 59 characters: each is shown from a little before.
    XCTAssertEqual(
      diff.contentChanges.first?.summary,
      #"note "…er has it.↵↵Ask for the receipt." → "…er has it.↵↵Ask for a bag.""#)
    guard case .diff(let same)? = run(session, "diff list.md").result else {
      return XCTFail("no diff")
    }
    XCTAssertTrue(same.isEmpty)
    let editor = ScriptedEditor { $0.replacingOccurrences(of: "Bread", with: "Rye bread") }
    session.editor = editor
    run(session, "edit")
    XCTAssertEqual(run(session, "note Errands").result, .lines(["For Saturday."]))
    XCTAssertEqual(run(session, "note \"Buy milk\"").result?.lineCount, 3)
    editor.change = { Array(($0 + "  A paragraph typed in.\n").utf8) }
    assertFails(session, "edit", .io)
  }
}

extension QueryResult {
  /// The number of lines of a `.lines` result, nil for another.
  fileprivate var lineCount: Int? {
    if case .lines(let lines) = self { return lines.count }
    return nil
  }
}
