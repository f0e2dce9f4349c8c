import OutlineLanguage
import XCTest

/// Attributes a Markdown or text file cannot hold (SPEC §4, "Nothing is dropped in silence"):
/// `attr`, `note` and `check` refuse them at once in a section whose file cannot hold them;
/// `save` and `export` refuse to drop them before they write, naming the item by its row and
/// the attributes; with `--force` they write the file and warn.
final class UnwrittenAttributesTests: XCTestCase {
  static let todo = "# Groceries\n\n- Milk\n- Eggs\n  - brown\n\n# Work\n\n- [ ] Report\n"
  static let text = "Groceries\n\tMilk\n\tEggs\nWork\n"
  static let opml =
    #"<?xml version="1.0"?><opml version="2.0"><head><expansionState>1</expansionState>"#
    + #"</head><body><outline text="Feeds">"#
    + #"<outline text="Euronews" type="rss" xmlUrl="https://example.com/e"/></outline>"#
    + #"</body></opml>"#

  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem([
      "todo.md": Self.todo, "list.txt": Self.text, "feeds.opml": Self.opml,
    ])
    return (Session(fileSystem: files), files)
  }

  /// `attr` on an item of a section read from Markdown refuses what Markdown cannot hold, at
  /// once, naming the item, the attribute and the file; a note and a task box it can hold.
  func testAttrRefusesAnAttributeTheSectionsMarkdownFileCannotHold() {
    let (session, files) = session()
    run(session, "load todo.md")
    assertFails(
      session, "attr Milk color red", .refused,
      "cannot set Milk's color: the section's file todo.md is markdown, which keeps no "
        + "attributes other than notes, and save would refuse it; make an OPML or native file "
        + "the section's (save FILE.opml) first")
    assertFails(session, "attr @1 _status done", .refused)
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "attr Milk _note \"Oat.\"\nattr Milk _status checked\nsave")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      "# Groceries\n\n- [x] Milk\n\n  Oat.\n- Eggs\n  - brown\n\n# Work\n\n- [ ] Report\n")
  }

  /// Indented text holds no attribute, note or task box: `attr`, `note` and `check` refuse
  /// them; clearing a note or deleting an attribute stays allowed.
  func testTextHoldsNoAttributeNoteOrTaskBox() {
    let (session, files) = session()
    run(session, "load list.txt")
    assertFails(session, "attr Milk a b", .refused)
    assertFails(
      session, "note Milk \"From the farm.\"", .refused,
      "cannot set Milk's note: the section's file list.txt is text, which keeps no attributes "
        + "or notes, and save would refuse it; make an OPML or native file the section's "
        + "(save FILE.opml) first")
    assertFails(session, "check Milk", .refused)
    XCTAssertEqual(run(session, "note Milk \"\"").note, "Milk's note is already \"\"")
    run(session, "attr Milk a --delete\nsave")
    XCTAssertEqual(files.text(of: "list.txt"), Self.text)
  }

  /// With no file, or an OPML or native file, every attribute is settable; once `save
  /// FILE.opml` makes OPML the section's file, so is one Markdown refused.
  func testAttrIsSettableWithNoFileOrAnOPMLOrNativeOne() {
    let (session, files) = session()
    run(session, "append A\nattr A color red")
    run(session, "save all.json\nattr A size 2")
    run(session, "section add F\nsection use F\nload feeds.opml\nattr Euronews color red")
    run(session, "section use main\nload todo.md")
    assertFails(session, "attr Milk color red", .refused)
    run(session, "save todo.opml\nattr Milk color red\nsave")
    XCTAssertEqual(files.text(of: "todo.md"), Self.todo)
    XCTAssertEqual(files.text(of: "todo.opml")?.contains(#"text="Milk" color="red""#), true)
  }

  /// `save` refuses before it writes when an item carries attributes the file cannot hold
  /// (here imported from OPML), naming the first item by its row and its attributes: the file
  /// is as it was, byte for byte, and the section still has unsaved changes; `--force` writes
  /// the titles and warns.
  func testSaveRefusesToDropAttributesUnlessForced() {
    let (session, files) = session()
    run(session, "load todo.md\nimport feeds.opml")
    let before = files.files["todo.md"]
    let refused = session.run("save")
    XCTAssertEqual(refused.error?.code, .io)
    XCTAssertEqual(
      refused.error?.message,
      "cannot save todo.md: @7 (Euronews): it has the attributes type, xmlUrl, which markdown "
        + "cannot hold; save to an OPML or native file to keep them, or save --force to drop them")
    XCTAssertEqual(files.files["todo.md"], before)
    XCTAssertEqual(session.unsavedSections, ["main"])
    // A hidden item has no row: it is named by its identifier.
    run(session, "collapse Feeds")
    XCTAssertEqual(
      session.run("save").error?.message.hasPrefix(
        "cannot save todo.md: Euronews (hidden): it has the attributes"), true)
    XCTAssertEqual(files.files["todo.md"], before)
    let forced = run(session, "save --force")
    // Feeds follows the heading Work, so it is written as a heading.
    XCTAssertEqual(files.text(of: "todo.md"), Self.todo + "\n# Feeds\n\n- Euronews\n")
    XCTAssertEqual(
      forced.warnings,
      [
        "todo.md: markdown keeps no attributes other than notes: those of 1 item were not "
          + "written (type, xmlUrl); OPML and the native file keep them"
      ])
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  /// `save FILE.md` of an OPML outline (a conversion to a new file) refuses too, and so does
  /// `export`, which would drop them as surely; `export --force` writes and warns.
  func testSaveAndExportAsMarkdownRefuseUnlessForced() {
    let (session, files) = session()
    run(session, "load feeds.opml")
    let history = session.history.count
    assertFails(session, "save feeds.md", .io)
    XCTAssertNil(files.files["feeds.md"])
    assertFails(
      session, "export feeds.md", .io,
      "cannot export feeds.md: @1 (Euronews): it has the attributes type, xmlUrl, which "
        + "markdown cannot hold; save to an OPML or native file to keep them, or export --force "
        + "to drop them")
    XCTAssertNil(files.files["feeds.md"])
    XCTAssertEqual(session.history.count, history)
    XCTAssertFalse(session.hasUnsavedChanges)
    let exported = run(session, "export feeds.md --force")
    XCTAssertEqual(files.text(of: "feeds.md"), "- Feeds\n  - Euronews\n")
    XCTAssertEqual(
      exported.warnings,
      [
        "feeds.md: markdown keeps no attributes other than notes: those of 1 item were not "
          + "written (type, xmlUrl); OPML and the native file keep them"
      ])
    XCTAssertEqual(session.sectionFilePath, "feeds.opml")
  }
}
