import OutlineLanguage
import XCTest

/// A copy (`copy` and `paste`, `duplicate`) of an item read from a file carries what the
/// item has there, as a cut does: in Markdown and text its own lines (a quote, a code fence,
/// its marker and numbering, its blank lines), re-indented where it goes, the original keeping
/// its place (SPEC §4, "a block indented into a list item is that item's"); in OPML its
/// element's attributes and the comments before it.
final class InterpreterCopiesInFilesTests: XCTestCase {
  /// A task list whose items own a block quote, as todo.ai writes them.
  static let todo =
    "## Tasks\n- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n"
    + "- [x] **#170** Optimize CI\n  > Main branch: full tests.\n- [x] **#169** Assess\n"

  /// A Logseq page: tabs, a fenced code block inside an item.
  static let logseq =
    "- Properties\n\t- When a property contains commas:\n\t  ```\n\t  parts:: motor, wheel\n"
    + "\t  ```\n\t- Next\n"

  /// A heading whose numbered items own code blocks, then another heading.
  static let steps =
    "# Build\n\nRun these.\n\n1. Configure\n   ```sh\n   ./configure\n   ```\n2. Make\n\n"
    + "   Takes a while.\n\n# Test\n"

  /// `file` read from f.md, `commands` run, saved; the text saved, after checking that it
  /// reads back as the outline the session had (titles, levels, notes).
  func saved(
    _ file: String, _ commands: String, name: String = "f.md", file path: StaticString = #filePath,
    line: UInt = #line
  ) -> (text: String?, session: Session, files: MemoryFileSystem) {
    let files = MemoryFileSystem([name: file])
    let session = Session(fileSystem: files)
    run(
      session, "load \(name)\n\(commands)\nsave\nexport before.opml --force", file: path, line: line
    )
    let again = Session(fileSystem: files)
    run(again, "load \(name)\nexport after.opml --force", file: path, line: line)
    XCTAssertEqual(
      InterpreterMarkdownEditsTests.outline(files.files["after.opml"]),
      InterpreterMarkdownEditsTests.outline(files.files["before.opml"]),
      "the file reads back as another outline", file: path, line: line)
    return (files.text(of: name), session, files)
  }

  /// The tester's case: copy, delete the original, paste elsewhere; the item's block quote
  /// comes with it, and `undo` puts the file back as it was.
  func testACopyPastedAfterItsOriginalIsDeletedKeepsItsBlockQuote() {
    let (text, session, files) = saved(Self.todo, "copy @1\ndelete @1\npaste after @2")
    XCTAssertEqual(
      text,
      "## Tasks\n- [x] **#170** Optimize CI\n  > Main branch: full tests.\n"
        + "- [x] **#169** Assess\n"
        + "- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n")
    run(session, "undo\nundo\nsave")
    XCTAssertEqual(files.text(of: "f.md"), Self.todo)
  }

  /// Duplicated, an item's lines come again byte for byte right after its own, its code fence
  /// and tab indentation included.
  func testADuplicateRepeatsTheItemsLinesByteForByte() {
    let item =
      "\t- When a property contains commas:\n\t  ```\n\t  parts:: motor, wheel\n\t  ```\n"
    let (text, session, files) = saved(
      Self.logseq, "duplicate \"When a property contains commas:\"")
    XCTAssertEqual(text, "- Properties\n" + item + item + "\t- Next\n")
    run(session, "undo\nsave")
    XCTAssertEqual(files.text(of: "f.md"), Self.logseq)
  }

  /// A duplicated heading brings its paragraph, its numbered items with their markers and
  /// code blocks, and their notes, as the original has them.
  func testADuplicatedHeadingBringsItsItemsBlocksAndMarkers() {
    let (text, _, _) = saved(Self.steps, "duplicate Build")
    let section =
      "# Build\n\nRun these.\n\n1. Configure\n   ```sh\n   ./configure\n   ```\n2. Make\n\n"
      + "   Takes a while.\n\n"
    XCTAssertEqual(text, section + section + "# Test\n")
  }

  /// A copy pasted under another parent is re-indented there, its code lines too; `as NEW`
  /// retitles the copy's line only, keeping its marker and task box.
  func testACopyElsewhereIsReindentedAndAsNewKeepsItsMarker() {
    let (text, _, _) = saved(Self.todo, "copy @1\npaste into @2")
    XCTAssertEqual(
      text,
      "## Tasks\n- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n"
        + "- [x] **#170** Optimize CI\n  > Main branch: full tests.\n"
        + "  - [ ] **#171** Improve CI naming\n    > Added conditional job naming.\n"
        + "- [x] **#169** Assess\n")
    let (renamed, _, _) = saved(Self.todo, "duplicate @2 as Later")
    XCTAssertEqual(
      renamed,
      "## Tasks\n- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n"
        + "- [x] **#170** Optimize CI\n  > Main branch: full tests.\n- [x] Later\n"
        + "  > Main branch: full tests.\n- [x] **#169** Assess\n")
  }

  /// A numbered item copied keeps its delimiter and number, not a bullet.
  func testACopiedNumberedItemKeepsItsMarker() {
    let (text, _, _) = saved("1) one\n2) two\n   ```\n   x\n   ```\n", "copy two\npaste after two")
    XCTAssertEqual(text, "1) one\n2) two\n   ```\n   x\n   ```\n2) two\n   ```\n   x\n   ```\n")
  }

  /// A copy pasted before its original leaves the original its place among its parent's
  /// lines: the parent's paragraph between its children stays before the original.
  func testACopyBeforeItsOriginalLeavesTheParentsParagraphInPlace() {
    let file = "- P\n  - a\n\n  About P.\n\n  - b\n    > b's quote\n"
    let (text, _, _) = saved(file, "copy b\npaste after a")
    XCTAssertEqual(
      text, "- P\n  - a\n  - b\n    > b's quote\n\n  About P.\n\n  - b\n    > b's quote\n")
  }

  /// A copy of a copy, and a cut pasted a second time, are copies too.
  func testCopiesOfCopiesAndSecondPastesCarryTheLines() {
    let (text, _, _) = saved(
      Self.todo, "duplicate @2\nduplicate @3\ncut @1\npaste after @4\npaste after @5")
    let item = "- [x] **#170** Optimize CI\n  > Main branch: full tests.\n"
    let task = "- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n"
    XCTAssertEqual(
      text, "## Tasks\n" + item + item + item + "- [x] **#169** Assess\n" + task + task)
  }

  /// In indented text an item's blank lines are its own: a duplicate keeps them.
  func testATextDuplicateKeepsItsBlankLines() {
    let (text, _, _) = saved("A\n\tB\n\n\tC\nD\n", "duplicate A", name: "f.txt")
    XCTAssertEqual(text, "A\n\tB\n\n\tC\nA\n\tB\n\n\tC\nD\n")
  }

  /// A copy pasted into another section's file brings its original's lines there too.
  func testACopyInAnotherSectionBringsItsLines() {
    let files = MemoryFileSystem(["f.md": Self.todo, "g.md": "- x\n"])
    let session = Session(fileSystem: files)
    run(
      session,
      "load f.md\nsection add g\nsection use g\nload g.md\nsection use main\ncopy @2\n"
        + "section use g\npaste after x\nsave")
    // Its task box and block quote, as the other file has them.
    XCTAssertEqual(
      files.text(of: "g.md"), "- x\n- [x] **#170** Optimize CI\n  > Main branch: full tests.\n")
  }

  /// The native save file keeps which items are copies (`copyOf`), so that a copy saved and
  /// loaded writes the same Markdown.
  func testTheSaveFileKeepsCopies() throws {
    let (text, session, files) = saved(Self.todo, "duplicate @2")
    run(session, "export s.json")
    let json = try XCTUnwrap(files.text(of: "s.json"))
    XCTAssertTrue(json.contains("\"copyOf\": 2"), json)
    let loaded = Session(fileSystem: files)
    run(loaded, "load s.json\nexport again.md\nexport again.json")
    XCTAssertEqual(files.text(of: "again.md"), text)
    XCTAssertEqual(files.text(of: "again.json"), json)
  }

  /// A save file that names an item's node twice, or a copy of a node its source does not
  /// have, does not load.
  func testASaveFileWithAWrongCopyDoesNotLoad() throws {
    let (_, session, files) = saved(Self.todo, "duplicate @2")
    run(session, "export s.json")
    let json = try XCTUnwrap(files.text(of: "s.json"))
    for (bad, message) in [
      ("\"node\": 2, \"copyOf\": 2", "\"node\" and \"copyOf\" both name a line of the source"),
      ("\"copyOf\": 9", "copyOf: 9 is not a line of the section's source (it has 4 items)"),
    ] {
      files.files["bad.json"] = Array(
        json.replacingOccurrences(of: "\"copyOf\": 2", with: bad).utf8)
      let outcome = assertFails(session, "load bad.json", .io)
      XCTAssertTrue(outcome.error?.message.contains(message) ?? false, outcome.error?.message ?? "")
    }
  }

  /// An OPML element copied keeps its attributes, its children's, and the comment before a
  /// child; the file reads back with both.
  func testAnOPMLCopyKeepsAttributesAndComments() {
    let file =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
      + "    <title>t</title>\n  </head>\n  <body>\n"
      + "    <outline text=\"A\" _note=\"note a\" type=\"link\" url=\"http://x\">\n"
      + "      <!-- about B -->\n      <outline text=\"B\" created=\"1\" />\n    </outline>\n"
      + "    <outline text=\"D\" />\n  </body>\n</opml>\n"
    let element =
      "    <outline text=\"A\" _note=\"note a\" type=\"link\" url=\"http://x\">\n"
      + "      <!-- about B -->\n      <outline text=\"B\" created=\"1\" />\n    </outline>\n"
    let (duplicated, _, _) = saved(file, "duplicate A", name: "f.opml")
    XCTAssertEqual(duplicated, file.replacingOccurrences(of: element, with: element + element))
    let (pasted, _, _) = saved(file, "copy A\ndelete A\npaste after D", name: "f.opml")
    XCTAssertEqual(
      pasted,
      file.replacingOccurrences(of: element, with: "").replacingOccurrences(
        of: "    <outline text=\"D\" />\n", with: "    <outline text=\"D\" />\n" + element))
  }

  /// A failed paste or duplicate changes nothing: the clipboard keeps its copy, and the file
  /// saves as it was read.
  func testFailedCopiesChangeNothing() {
    let files = MemoryFileSystem(["f.md": Self.todo])
    let session = Session(fileSystem: files)
    run(session, "load f.md\ncopy @1")
    assertFails(session, "paste after Missing", .unknownItem)
    assertFails(session, "duplicate Missing", .unknownItem)
    run(session, "save")
    XCTAssertEqual(files.text(of: "f.md"), Self.todo)
    run(session, "paste after @3\nsave")
    XCTAssertEqual(
      files.text(of: "f.md"),
      Self.todo + "- [ ] **#171** Improve CI naming\n  > Added conditional job naming.\n")
  }
}
