import OutlineLanguage
import XCTest

/// An item that comes into a section from another file keeps what it carried there.
///
/// A cut or copy pasted into another section, a move or drag from another section and `import
/// FILE` bring it when the file it is saved to can hold it: in Markdown and text its own lines
/// from the file it was read from (a code fence, a quote, its marker, number and task box, its
/// blank lines), re-indented where it goes; in OPML its element's attributes and comments.
/// What the file cannot hold (a Markdown
/// item's blocks in OPML or text, an OPML item's comment in a Markdown file) is refused,
/// naming the item, the file left as it was, unless `--force`.
final class InterpreterItemsAcrossFilesTests: XCTestCase {
  /// An item with a fenced code block and a quote under it, and the blank line after them.
  static let alpha = "- Alpha\n\n  ```swift\n  let x = 1\n  ```\n\n  > quoted\n\n"
  static let a = alpha + "- Beta\n"
  static let b = "1. One\n2. Two\n"
  /// A task item whose numbered children have a note, and a paragraph of the parent's between
  /// them.
  static let task = "- [ ] Task\n  3) Sub\n\n     Sub note.\n\n  Between.\n\n  4) Next\n"
  static let one = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
  static let body =
    "    <!-- about Feeds -->\n"
    + "    <outline text=\"Feeds\" type=\"rss\" xmlUrl=\"http://x/feed\" created=\"2020\">\n"
    + "      <!-- child comment -->\n      <outline text=\"Child\" _note=\"a note\"/>\n"
    + "    </outline>\n"
  /// An OPML file whose item has attributes and comments, before it and before its child.
  static let feeds =
    one + "    <title>One</title>\n  </head>\n  <body>\n" + body
    + "    <outline text=\"Other\"/>\n  </body>\n</opml>\n"
  static let z =
    one + "    <title>Two</title>\n  </head>\n  <body>\n    <outline text=\"Z\"/>\n  </body>\n"
    + "</opml>\n"

  /// A session with `main` (a.md) in section main and `other` (b.md) in section b; main is
  /// current.
  func session(
    _ other: String = "b.md", _ extra: [String: String] = [:], main: String = "a.md"
  ) -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(
      [
        "a.md": Self.a, "b.md": Self.b, "c.md": Self.task, "feeds.opml": Self.feeds,
        "z.opml": Self.z,
      ].merging(extra) { $1 })
    let session = Session(fileSystem: files)
    run(session, "load \(main)\nsection add b\nsection use b\nload \(other)\nsection use main")
    return (session, files)
  }

  /// A cut pasted into another Markdown file's section brings its code block and quote;
  /// `undo` of both gives both files back, `redo` the move again.
  func testACutPastedIntoAnotherFileKeepsItsCodeAndQuote() {
    let (session, files) = session()
    run(session, "cut Alpha\nsection use b\npaste after Two\nsave\nsection use main\nsave")
    XCTAssertEqual(files.text(of: "b.md"), Self.b + Self.alpha)
    XCTAssertEqual(files.text(of: "a.md"), "- Beta\n")
    run(session, "undo\nundo\nsave\nsection use b\nsave")
    XCTAssertEqual(files.text(of: "a.md"), Self.a)
    XCTAssertEqual(files.text(of: "b.md"), Self.b)
    run(session, "redo\nredo\nsave\nsection use main\nsave")
    XCTAssertEqual(files.text(of: "b.md"), Self.b + Self.alpha)
    XCTAssertEqual(files.text(of: "a.md"), "- Beta\n")
  }

  /// A move or a drag into another section is written from the item's lines, whichever list
  /// it lands in: its bullet stays a bullet among numbered items (a list of its own, which
  /// reads back as the same items), and `undo` and `redo` give each file back.
  func testAMoveOrDragIntoAnotherSectionKeepsTheItemsLines() {
    for (move, expected) in [
      ("move Alpha to-section b after Two", Self.b + Self.alpha),
      ("drag main:0 b:1", "1. One\n" + Self.alpha + "2. Two\n"),
    ] {
      let (session, files) = session()
      run(session, "\(move)\nsection use b\nsave")
      XCTAssertEqual(files.text(of: "b.md"), expected, move)
      // `undo` and `redo` go back to the section the move was made in.
      run(session, "undo\nsection use b\nsave")
      XCTAssertEqual(files.text(of: "b.md"), Self.b, move)
      run(session, "redo\nsection use b\nsave")
      XCTAssertEqual(files.text(of: "b.md"), expected, move)
    }
  }

  /// An item moved into another section and back is its own file's again: it takes its
  /// place there as a moved item does, and the other file is as it was.
  func testAnItemMovedAwayAndBackIsItsFilesOwnAgain() {
    let (session, files) = session()
    run(
      session,
      "move Alpha to-section b after Two\nsection use b\nmove Alpha to-section main after Beta\n"
        + "save\nsection use main\nsave")
    // Alpha's blank line after its blocks separated it from Beta; moved last, the file does
    // not end with it, and Alpha stands apart from Beta as it stood in the file.
    XCTAssertEqual(files.text(of: "a.md"), "- Beta\n\n" + Self.alpha.dropLast())
    XCTAssertEqual(files.text(of: "b.md"), Self.b)
  }

  /// `import FILE to ITEM`: the file's items keep their lines, re-indented to the parent's
  /// content: a task box, `)` numbers, a child's note and the parent's paragraph between its
  /// children, as the file had them; `undo` takes them out again.
  func testAnImportKeepsEachItemsLinesReindentedUnderItsParent() {
    let (session, files) = session()
    run(session, "section use b\nimport c.md to One\nimport a.md to Two\nsave")
    XCTAssertEqual(
      files.text(of: "b.md"),
      "1. One\n   - [ ] Task\n     3) Sub\n\n        Sub note.\n\n     Between.\n\n     4) Next\n"
        + "2. Two\n   - Alpha\n\n     ```swift\n     let x = 1\n     ```\n\n     > quoted\n\n"
        + "   - Beta\n")
    run(session, "undo\nundo\nsave")
    XCTAssertEqual(files.text(of: "b.md"), Self.b)
    run(session, "redo\nsave")
    XCTAssertEqual(
      files.text(of: "b.md"),
      "1. One\n   - [ ] Task\n     3) Sub\n\n        Sub note.\n\n     Between.\n\n     4) Next\n"
        + "2. Two\n")
  }

  /// An item from another file that is then retitled and given a new note, there, changes
  /// those lines only: its quote stays, re-indented under its new parent.
  func testAnItemFromAnotherFileRetitledKeepsItsOtherLines() {
    let (session, files) = session(
      "b.md", ["n.md": "- Alpha\n  Old note.\n\n  > quoted\n- Beta\n"], main: "n.md")
    run(
      session,
      "move Alpha to-section b after One\nsection use b\nindent Alpha\n"
        + "retitle Alpha \"Alpha two\"\nnote Alpha \"New note.\"\nsave")
    XCTAssertEqual(
      files.text(of: "b.md"),
      "1. One\n   - Alpha two\n     New note.\n\n     > quoted\n2. Two\n")
  }

  /// A copy pasted into another file, and a duplicate of it there, each bring the original's
  /// lines (the duplicate's head retitled); the original's file is unchanged.
  func testACopyAcrossAndADuplicateOfItKeepTheLines() {
    let (session, files) = session()
    run(
      session,
      "copy Alpha\nsection use b\npaste after Two\nduplicate \"Alpha (2)\" as Gamma\nsave\n"
        + "section use main\nsave")
    let gamma = "- Gamma\n\n  ```swift\n  let x = 1\n  ```\n\n  > quoted\n\n"
    XCTAssertEqual(files.text(of: "b.md"), Self.b + Self.alpha + gamma)
    XCTAssertEqual(files.text(of: "a.md"), Self.a)
  }

  /// A section with no file of its own writes the items it was given from their files: the
  /// new file has the moved item's code and quote, and a new item beside it as `outline`
  /// writes one.
  func testASectionWithNoFileWritesItsItemsFromTheirFiles() {
    let (session, files) = session()
    run(session, "section add c\nmove Alpha to-section c\nsection use c\nappend New\nsave c2.md")
    XCTAssertEqual(files.text(of: "c2.md"), Self.alpha + "- New\n")
  }

  /// Lines from a file with CR LF endings take the destination's LF; a destination without a
  /// final line ending keeps none.
  func testLinesFromAnotherFileTakeThisFilesLineEndings() {
    let (session, files) = session(
      "open.md", ["open.md": "1. One\n2. Two", "crlf.md": "- Alpha\r\n  > q\r\n- Beta\r\n"])
    run(session, "load crlf.md\nmove Alpha to-section b after Two\nsection use b\nsave")
    XCTAssertEqual(files.text(of: "open.md"), "1. One\n2. Two\n- Alpha\n  > q")
  }

  /// Indented text: an imported item's lines take the destination's step of indentation.
  func testATextItemTakesTheDestinationsIndentation() {
    let files = MemoryFileSystem(["t.txt": "x\n  y\n", "u.txt": "p\n    q\n        r\n"])
    let session = Session(fileSystem: files)
    run(session, "load t.txt\nimport u.txt to y\nsave")
    XCTAssertEqual(files.text(of: "t.txt"), "x\n  y\n    p\n      q\n        r\n")
  }

  /// OPML to OPML: a moved, pasted or imported item keeps its attributes and the comments
  /// before it and its child, re-indented.
  func testAnOPMLItemKeepsItsAttributesAndCommentsInAnotherOPMLFile() {
    let moved =
      Self.one + "    <title>Two</title>\n  </head>\n  <body>\n    <outline text=\"Z\"/>\n"
      + Self.body + "  </body>\n</opml>\n"
    for move in [
      "move Feeds to-section b after Z", "cut Feeds\nsection use b\npaste after Z",
    ] {
      let (session, files) = session("z.opml", main: "feeds.opml")
      run(session, "\(move)\nsection use b\nsave")
      XCTAssertEqual(files.text(of: "z.opml"), moved, move)
    }
    let (session, files) = session("z.opml")
    run(session, "section use b\nimport feeds.opml to Z\nsave")
    let indented = Self.body.split(separator: "\n").map { "  " + $0 + "\n" }.joined()
    // Z, a leaf until the import, opens on what it got: expanded, line 1.
    XCTAssertEqual(
      files.text(of: "z.opml"),
      Self.one + "    <title>Two</title>\n    <expansionState>1</expansionState>\n  </head>\n"
        + "  <body>\n    <outline text=\"Z\">\n"
        + indented + "      <outline text=\"Other\"/>\n    </outline>\n  </body>\n</opml>\n")
  }

  /// Markdown to OPML: an item's note is its `_note`; an item whose code and quote OPML
  /// cannot hold is refused, naming it, and the file is left as it was; `--force` drops them.
  func testAMarkdownItemsBlocksInOPMLAreRefusedAndTheFileKept() {
    let (session, files) = session("z.opml", ["d.md": "- Delta\n  Its note.\n"])
    run(session, "section use b\nimport d.md")
    run(session, "save")
    let delta = "    <outline text=\"Delta\" _note=\"Its note.\"/>\n"
    let withDelta =
      Self.one + "    <title>Two</title>\n  </head>\n  <body>\n    <outline text=\"Z\"/>\n"
      + delta + "  </body>\n</opml>\n"
    XCTAssertEqual(files.text(of: "z.opml"), withDelta)
    run(session, "section use main\nmove Alpha to-section b after Z\nsection use b")
    let outcome = session.run("save")
    XCTAssertEqual(outcome.error?.code, .io)
    XCTAssertEqual(
      outcome.error?.message,
      "cannot save z.opml: @1 (Alpha): it came from another Markdown file with 4 lines "
        + "besides its title and note (a code block, a block quote), which opml cannot hold; "
        + "move it into a Markdown file's section to keep them, or save --force to drop them")
    XCTAssertEqual(files.text(of: "z.opml"), withDelta)
    run(session, "save --force")
    XCTAssertEqual(
      files.text(of: "z.opml"),
      Self.one + "    <title>Two</title>\n  </head>\n  <body>\n    <outline text=\"Z\"/>\n"
        + "    <outline text=\"Alpha\"/>\n" + delta + "  </body>\n</opml>\n")
  }

  /// The refusal changes nothing in the session either, and counts the other items it would
  /// drop lines of; text cannot hold a Markdown item's blocks any more than OPML.
  func testARefusedSaveChangesNothingAndCountsTheOtherItems() {
    let files = MemoryFileSystem(
      ["t.txt": "x\n", "e.md": "- E\n  > e\n- F\n  ```\n  f\n  ```\n"])
    let session = Session(fileSystem: files)
    run(session, "load t.txt\nimport e.md")
    assertFails(
      session, "save", .io,
      "cannot save t.txt: @1 (E): it came from another Markdown file with 1 line "
        + "besides its title and note (a block quote), which text cannot hold (1 more item "
        + "too); move it into a Markdown file's section to keep them, or save --force to drop "
        + "them")
    XCTAssertEqual(files.text(of: "t.txt"), "x\n")
    run(session, "save --force")
    XCTAssertEqual(files.text(of: "t.txt"), "x\nE\nF\n")
  }

  /// OPML to Markdown: an item with a comment is refused, naming it, the file left as it was;
  /// `--force` writes each item's title and note, the other attributes named in a warning.
  func testAnOPMLItemsCommentInAMarkdownFileIsRefused() {
    let (session, files) = session()
    run(session, "section use b\nimport feeds.opml")
    let outcome = session.run("save")
    XCTAssertEqual(
      outcome.error?.message,
      "cannot save b.md: @2 (Feeds): it came from an OPML file with a comment around "
        + "its element, which markdown cannot hold (1 more item too); move it into an OPML "
        + "file's section to keep them, or save --force to drop them")
    XCTAssertEqual(files.text(of: "b.md"), Self.b)
    let forced = run(session, "save --force")
    XCTAssertEqual(
      files.text(of: "b.md"), Self.b + "3. Feeds\n   1. Child\n\n      a note\n4. Other\n")
    XCTAssertEqual(
      forced.warnings,
      [
        "b.md: markdown keeps no attributes other than notes: those of 1 item were not written "
          + "(type, xmlUrl, created); OPML and the native file keep them"
      ])
  }
  /// A hard-wrapped item (its title's paragraph goes on to the next line, lazily or indented)
  /// pasted into another Markdown file stays one paragraph: under a list item or a heading it
  /// is a list item with all its lines; where it would have to be a heading (after a heading
  /// sibling), which would cut the sentence after its first line, the save is refused, naming
  /// it, and the file and the session stay as they were.
  func testAHardWrappedItemIsNotCutInTwo() {
    let wrapped = "- This sentence is long and\ngoes on here.\n- Short\n"
    let target = "# One\n\ntext\n\n# Two\n"
    for (command, written) in [
      ("paste into Two", target + "- This sentence is long and\ngoes on here.\n"),
      ("paste into One", "# One\n\ntext\n\n- This sentence is long and\ngoes on here.\n\n# Two\n"),
    ] {
      let (session, files) = session("t.md", ["w.md": wrapped, "t.md": target], main: "w.md")
      run(session, "copy \"This sentence is long and\"\nsection use b\n\(command)\nsave")
      XCTAssertEqual(files.text(of: "t.md"), written, command)
      let again = Session(fileSystem: files)
      run(again, "load t.md")
      XCTAssertEqual(
        run(again, "note \"This sentence is long and\"").result, .lines(["goes on here."]))
    }
    let (session, files) = session("t.md", ["w.md": wrapped, "t.md": target], main: "w.md")
    run(session, "copy \"This sentence is long and\"\nsection use b\npaste after Two")
    let history = session.history.count
    let failed = session.run("save")
    XCTAssertEqual(
      failed.error?.message,
      "cannot save t.md: @2 (\"This sentence is long and (2)\", titled \"This sentence is long "
        + "and\"): markdown cannot hold the item as a heading here: its first paragraph goes on past its title's line, and a heading "
        + "would cut it there (the rest a paragraph of its own); put it under a list item or the "
        + "heading before it, or save as .opml or .json, which keep it")
    XCTAssertEqual(files.text(of: "t.md"), target)
    XCTAssertEqual(session.history.count, history)
    XCTAssertEqual(session.outline.items, ["One", "Two", "This sentence is long and (2)"])
  }
}
