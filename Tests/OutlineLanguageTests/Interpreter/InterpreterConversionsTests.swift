import OutlineLanguage
import XCTest

/// A section saved or exported in another format than its file's (`load notes.md; save
/// notes.opml`): what the format cannot hold (a Markdown item's code block or quote, the
/// text outside every item; an OPML item's attributes and comments, the file's head; a note
/// or a task box in text) is refused, naming the first item and how many more, with the file
/// and the session left as they were, unless `--force` (SPEC §4, "Nothing is dropped in
/// silence").
final class InterpreterConversionsTests: XCTestCase {
  /// A heading with a preamble above it; Setup has a note and a code block, Use a quote,
  /// Done nothing of its own.
  static let readme =
    "Intro text.\n\n# Project\n\n- Setup\n  Install first.\n\n  ```sh\n  make install\n  ```\n"
    + "- Use\n\n  > Read the docs.\n- Done\n"
  /// The same outline as an OPML file that holds no more than the outline.
  static let plain =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head/>\n  <body>\n"
    + "    <outline text=\"A\" _note=\"its note\">\n      <outline text=\"B\"/>\n    </outline>\n"
    + "  </body>\n</opml>\n"
  /// An OPML file with a head, a comment before its outline and an item's attributes.
  static let feeds =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- exported -->\n<opml version=\"2.0\">\n"
    + "  <head>\n    <title>Feeds</title>\n  </head>\n  <body>\n"
    + "    <outline text=\"Blog\" type=\"rss\" xmlUrl=\"https://example.com/feed\"/>\n"
    + "    <outline text=\"News\"/>\n  </body>\n</opml>\n"

  func session(_ files: [String: String]) -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(files)
    return (Session(fileSystem: files), files)
  }

  /// Markdown to OPML: the text before the first heading is named first, then the items;
  /// the file is not written and the session keeps its history; `--force` writes titles and
  /// notes.
  func testAMarkdownFileWithBlocksIsNotConvertedToOPMLInSilence() {
    let (session, files) = session(["readme.md": Self.readme, "readme.opml": "old\n"])
    run(session, "load readme.md")
    let history = session.history.count
    assertFails(
      session, "save readme.opml", .io,
      "cannot save readme.opml: the file's text outside its items (line 1), which opml cannot "
        + "hold (and 2 items too); save to a Markdown file to keep them, or save --force to "
        + "drop them")
    XCTAssertEqual(files.text(of: "readme.opml"), "old\n")
    XCTAssertEqual(session.history.count, history)
    assertFails(
      session, "export out.txt Setup", .io,
      "cannot export out.txt: @1 (Setup): it has 3 lines besides its title and note "
        + "(a code block), which text cannot hold; save to a Markdown file to keep them, or "
        + "export --force to drop them")
    XCTAssertNil(files.text(of: "out.txt"))
    run(session, "save readme.opml --force")
    XCTAssertEqual(
      files.text(of: "readme.opml"),
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        + "    <expansionState>1</expansionState>\n  </head>\n  <body>\n"
        + "    <outline text=\"Project\">\n"
        + "      <outline text=\"Setup\" _note=\"Install first.\"/>\n"
        + "      <outline text=\"Use\"/>\n      <outline text=\"Done\"/>\n    </outline>\n"
        + "  </body>\n</opml>\n")
  }

  /// A setext heading's text lines after its first are content its title leaves out: a
  /// conversion that would drop them is refused (the pronoun following their count), the file
  /// not written; `--force` writes the title; a one-line setext heading converts.
  func testASetextHeadingsOtherLinesAreNotDroppedInAConversion() {
    let (session, files) = session([
      "one.md": "Fruit and\nvegetables\n=========\n\n- Apple\n",
      "two.md": "Fruit,\nvegetables\nand nuts\n---\n- Apple\n",
      "plain.md": "Fruit\n=====\n- Apple\n",
    ])
    run(session, "load one.md")
    let history = session.history.count
    assertFails(
      session, "save one.opml", .io,
      "cannot save one.opml: @0 (\"Fruit and\"): it has 1 line besides its title and note (the "
        + "rest of its heading), which opml cannot hold; save to a Markdown file to keep it, or "
        + "save --force to drop it")
    assertFails(session, "export one.txt", .io)
    XCTAssertNil(files.text(of: "one.opml"))
    XCTAssertNil(files.text(of: "one.txt"))
    XCTAssertEqual(session.history.count, history)
    XCTAssertEqual(session.sectionFilePath, "one.md", "a refused save names no file")
    run(session, "export one.txt --force")
    XCTAssertEqual(files.text(of: "one.txt"), "Fruit and\n\tApple\n")

    run(session, "load two.md --fresh")
    assertFails(
      session, "export two.opml", .io,
      "cannot export two.opml: @0 (Fruit,): it has 2 lines besides its title and note (the "
        + "rest of its heading), which opml cannot hold; save to a Markdown file to keep them, "
        + "or export --force to drop them")
    XCTAssertNil(files.text(of: "two.opml"))

    run(session, "load plain.md --fresh\nexport plain.txt")
    XCTAssertEqual(files.text(of: "plain.txt"), "Fruit\n\tApple\n")
  }

  /// A Markdown file of titles and notes converts to OPML (notes as `_note`) with nothing
  /// refused; to text its notes are refused, as text holds titles only.
  func testNotesGoToOPMLButNotToText() {
    let (session, files) = session(["list.md": "- A\n  its note\n  - B\n"])
    run(session, "load list.md\nsave list.opml")
    XCTAssertEqual(
      files.text(of: "list.opml"),
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        + "    <expansionState>1</expansionState>\n  </head>\n  <body>\n"
        + "    <outline text=\"A\" _note=\"its note\">\n      <outline text=\"B\"/>\n"
        + "    </outline>\n  </body>\n</opml>\n")
    assertFails(
      session, "save list.txt", .io,
      "cannot save list.txt: @0 (A): it has a note, which text cannot hold; save to an "
        + "OPML or native file to keep it, or save --force to drop it")
    XCTAssertNil(files.text(of: "list.txt"))
    let forced = run(session, "save list.txt --force")
    XCTAssertEqual(files.text(of: "list.txt"), "A\n\tB\n")
    XCTAssertEqual(
      forced.warnings,
      [
        "list.txt: text keeps no attributes or notes: those of 1 item were not written (_note); "
          + "OPML and the native file keep them"
      ])
  }

  /// OPML to Markdown: the file's head and its comment are refused first, then the item's
  /// attributes; an OPML file of titles and notes converts, and so does a subtree, which
  /// writes no head.
  func testAnOPMLFilesHeadCommentAndAttributesAreNotDroppedInMarkdown() {
    let (session, files) = session(["feeds.opml": Self.feeds, "plain.opml": Self.plain])
    run(session, "load feeds.opml")
    assertFails(
      session, "save feeds.md", .io,
      "cannot save feeds.md: the file's 1 head field (title) and a comment outside its items, "
        + "which markdown cannot hold (and 1 item too); save to an OPML or native file to keep "
        + "them, or save --force to drop them")
    assertFails(
      session, "export blog.md Blog", .io,
      "cannot export blog.md: @0 (Blog): it has the attributes type, xmlUrl, which "
        + "markdown cannot hold; save to an OPML or native file to keep them, or export --force "
        + "to drop them")
    XCTAssertNil(files.text(of: "feeds.md"))
    XCTAssertNil(files.text(of: "blog.md"))
    run(session, "export news.md News")
    XCTAssertEqual(files.text(of: "news.md"), "- News\n")

    run(session, "load plain.opml --fresh\nsave plain.md")
    XCTAssertEqual(files.text(of: "plain.md"), "- A\n\n  its note\n  - B\n")
  }

  /// The refusal's pronouns follow what it names: one line or one comment is `it`, two lines
  /// are `them`; a file with no head field says whose comment it is.
  func testTheRefusalSaysItForOneThingAndThemForSeveral() {
    let (session, files) = session([
      "one.md": "Intro.\n\n- A\n", "two.md": "Intro,\ntwo lines.\n\n- A\n",
      "c.opml": "<?xml version=\"1.0\"?>\n<!-- by hand -->\n<opml version=\"2.0\"><body>"
        + "<outline text=\"A\"/></body></opml>\n",
    ])
    run(session, "load one.md")
    assertFails(
      session, "save one.txt", .io,
      "cannot save one.txt: the file's text outside its items (line 1), which text cannot "
        + "hold; save to a Markdown file to keep it, or save --force to drop it")
    run(session, "load two.md --fresh")
    assertFails(
      session, "save two.txt", .io,
      "cannot save two.txt: the file's text outside its items (lines 1–2, 2 lines), which "
        + "text cannot hold; save to a Markdown file to keep them, or save --force to drop them")
    run(session, "load c.opml --fresh")
    assertFails(
      session, "save c.md", .io,
      "cannot save c.md: a comment outside the file's items, which markdown cannot hold; save "
        + "to an OPML or native file to keep it, or save --force to drop it")
    XCTAssertNil(files.text(of: "one.txt"))
    XCTAssertNil(files.text(of: "two.txt"))
    XCTAssertNil(files.text(of: "c.md"))
  }

  /// A task moved from a Markdown list into a section read from text is refused at `save`,
  /// before anything is written: text has no task box (its reader keeps `[x]` as a title's
  /// text, as todo.txt has no such box either).
  func testATaskIsRefusedInText() {
    let (session, files) = session(["inbox.txt": "Inbox\n\tcall\n", "todo.md": "- [x] Done\n"])
    run(
      session,
      "load inbox.txt\nsection add todo\nsection use todo\nload todo.md\n"
        + "move Done to-section main after Inbox\nsection use main")
    assertFails(
      session, "save", .io,
      "cannot save inbox.txt: @2 (Done): it has a task box, which text cannot hold; "
        + "save to an OPML or native file to keep it, or save --force to drop it")
    XCTAssertEqual(files.text(of: "inbox.txt"), "Inbox\n\tcall\n")
    run(session, "save --force")
    XCTAssertEqual(files.text(of: "inbox.txt"), "Inbox\n\tcall\nDone\n")
  }
}
