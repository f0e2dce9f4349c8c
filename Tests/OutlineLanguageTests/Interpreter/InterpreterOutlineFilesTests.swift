import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `load`, `save`, `import` and `export` of outline files (OPML, Markdown, text) through the
/// session: identifiers made from texts, titles and attributes kept, one transaction each, and
/// failures that change nothing.
final class InterpreterOutlineFilesTests: XCTestCase {
  static let opml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0">
      <head>
        <title>My notes</title>
        <expansionState>1</expansionState>
      </head>
      <body>
        <outline text="Inbox">
          <outline text="TODO" _note="first"/>
          <outline text="Notes"/>
        </outline>
        <outline text="Work &amp; life" created="Mon, 01 Jan 2024">
          <outline text="TODO"/>
          <outline text="Notes" type="link" url="https://example.com"/>
        </outline>
      </body>
    </opml>

    """

  static let markdown = """
    Shopping, as of Monday:

    - Groceries
      - Apples
      - TODO
    * TODO
    """

  func session(_ files: [String: String] = [:]) -> (Session, MemoryFileSystem) {
    let fileSystem = MemoryFileSystem(files)
    return (Session(fileSystem: fileSystem), fileSystem)
  }

  func testLoadingOPMLMakesIdentifiersFromTextsAndKeepsTitlesAttributesAndHead() {
    let (session, _) = session(["notes.opml": Self.opml])
    let outcome = run(session, "load notes.opml")
    XCTAssertEqual(
      session.outline.items, ["Inbox", "TODO", "Notes", "Work & life", "TODO (2)", "Notes (2)"])
    XCTAssertEqual(session.outline.expandedItems, ["Inbox"])
    XCTAssertEqual(session.contents.title(of: "TODO (2)"), "TODO")
    XCTAssertEqual(
      session.contents["Notes (2)"].attributes,
      [
        Attribute(name: "type", value: "link"),
        Attribute(name: "url", value: "https://example.com"),
      ])
    XCTAssertEqual(session.contents["TODO"].attributes, [Attribute(name: "_note", value: "first")])
    XCTAssertEqual(
      session.contents.heads["main"]?.filter { !$0.name.hasPrefix("#") },
      [Attribute(name: "title", value: "My notes"), Attribute(name: "@version", value: "2.0")])
    XCTAssertEqual(
      outcome.note,
      "loaded 6 items from notes.opml into section main\n"
        + "2 identifiers suffixed, their texts being taken: \"TODO (2)\", \"Notes (2)\"")
    XCTAssertNotNil(outcome.transaction)
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  func testLoadingAnOutlineFileKeepsRulesAndOtherSectionsAndUndoes() {
    let (session, _) = session(["notes.opml": Self.opml])
    run(session, "append Old\nrule no-collapse Inbox\nsection add other\nsection use other")
    run(session, "append Inbox")
    run(session, "section use main")
    run(session, "retitle Old Older")
    run(session, "load notes.opml")
    // By the matching rule, the first line changed in place is the old root, retitled; its
    // children are new, and "Inbox" taken in section other suffixes their identifiers.
    XCTAssertEqual(session.outline.rootItems, ["Old", "Work & life"])
    XCTAssertEqual(session.contents.title(of: "Old"), "Inbox")
    XCTAssertEqual(session.rules.lines.count, 1)
    XCTAssertEqual(session.dataSource.snapshot(for: "other").items, ["Inbox"])
    run(session, "undo")
    XCTAssertEqual(session.outline.items, ["Old"])
    XCTAssertEqual(session.contents.title(of: "Old"), "Older")
    XCTAssertNil(session.contents.heads["main"])
  }

  func testLoadingAMalformedOutlineFileChangesNothing() {
    let (session, _) = session(["bad.opml": "<opml><body><outline text='x'></body></opml>"])
    run(session, "append A")
    let outcome = assertFails(session, "load bad.opml", .io)
    XCTAssertTrue(
      outcome.error!.message.hasPrefix("cannot load bad.opml: "), outcome.error!.message)
    XCTAssertEqual(session.outline.items, ["A"])
    assertFails(
      session, "load missing.md", .io, "cannot load missing.md: no such file or directory")
  }

  func testImportIsOneTransactionAtEachPlace() {
    let (session, _) = session(["list.md": Self.markdown])
    run(session, "append Inbox Archive\nappend Mail to Inbox")
    let outcome = run(session, "import list.md to Inbox")
    XCTAssertEqual(
      session.outline.items,
      ["Inbox", "Mail", "Groceries", "Apples", "TODO", "TODO (2)", "Archive"])
    XCTAssertEqual(session.history.last?.command, "import list.md to Inbox")
    XCTAssertEqual(outcome.transaction?.sectionTransactions.first?.difference.insertions.count, 4)
    // The line before the list is kept with the file, not lost: no warning.
    XCTAssertEqual(outcome.warnings, [], outcome.note!)
    run(session, "undo")
    run(session, "import list.md before Inbox")
    XCTAssertEqual(session.outline.rootItems, ["Groceries", "TODO (2)", "Inbox", "Archive"])
    run(session, "undo")
    run(session, "import list.md after Inbox")
    XCTAssertEqual(session.outline.rootItems, ["Inbox", "Groceries", "TODO (2)", "Archive"])
    run(session, "undo")
    run(session, "import list.md to Mail")
    XCTAssertEqual(try session.outline.snapshot(of: "Mail").rootItems, ["Groceries", "TODO (2)"])
    run(session, "undo")
    run(session, "import list.md")
    XCTAssertEqual(session.outline.rootItems, ["Inbox", "Archive", "Groceries", "TODO (2)"])
    // Markdown carries no expansion: every parent is expanded.
    XCTAssertEqual(session.outline.expandedItems, ["Groceries"])
  }

  func testImportIntoAnEmptySectionAndInABatch() {
    let (session, _) = session(["list.md": Self.markdown])
    run(session, "import list.md")
    XCTAssertEqual(session.outline.items, ["Groceries", "Apples", "TODO", "TODO (2)"])
    run(session, "begin\nimport list.md")
    XCTAssertEqual(session.outline.count, 8)
    XCTAssertEqual(session.dataSource.snapshot(for: "main").count, 4, "the batch holds it")
    run(session, "apply")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").count, 8)
    XCTAssertEqual(session.contents.title(of: "Groceries (2)"), "Groceries")
  }

  func testImportFailuresChangeNothing() {
    let (session, files) = session(["list.md": Self.markdown])
    files.files["bad.txt"] = [0x61, 0x0A, 0xFF]
    run(session, "append Inbox")
    assertFails(session, "import list.md to Nope", .unknownParent)
    assertFails(session, "import list.md before Nope", .unknownItem)
    assertFails(session, "import missing.md", .io)
    assertFails(session, "import bad.txt", .io)
    XCTAssertEqual(session.outline.items, ["Inbox"])
  }

  func testExportWritesTitlesAttributesAndHeadAndASubtree() throws {
    let (session, files) = session(["notes.opml": Self.opml])
    run(session, "load notes.opml")
    run(session, "export out.opml")
    XCTAssertEqual(files.text(of: "out.opml"), Self.opml)
    // Markdown keeps notes and no other attributes: the export refuses the others, and with
    // --force says whose it left out, and which.
    assertFails(
      session, "export work.md \"Work & life\"", .io,
      "cannot export work.md: @3 (\"Work & life\"): it has the attribute created, which "
        + "markdown cannot hold (1 more item too); save to an OPML or native file to keep them, "
        + "or export --force to drop them")
    XCTAssertNil(files.text(of: "work.md"))
    let work = run(session, "export work.md \"Work & life\" --force")
    XCTAssertEqual(
      work.note, "exported 3 items of \"Work & life\"'s subtree to work.md as markdown")
    XCTAssertEqual(files.text(of: "work.md"), "- Work & life\n  - TODO\n  - Notes\n")
    XCTAssertEqual(
      work.warnings,
      [
        "work.md: markdown keeps no attributes other than notes: those of 2 items were not "
          + "written (created, type, url); OPML and the native file keep them"
      ])
    XCTAssertEqual(
      run(session, "export - --format text Inbox --force").warnings.first?.contains("_note"),
      true)
    XCTAssertEqual(run(session, "export out.opml").warnings, [])
    run(session, "export work.txt \"Work & life\" --force")
    XCTAssertEqual(files.text(of: "work.txt"), "Work & life\n\tTODO\n\tNotes\n")
  }

  func testExportToStandardOutputIsTheFileAsAResult() {
    let (session, files) = session()
    run(session, "append A B\nappend C to A")
    let outcome = run(session, "export - --format markdown")
    XCTAssertEqual(outcome.result, .file("- A\n  - C\n- B\n"))
    XCTAssertEqual(TextRenderer(color: false).lines(for: outcome), ["- A", "  - C", "- B"])
    XCTAssertTrue(files.files.isEmpty)
  }

  func testExportFailuresWriteNothing() {
    let (session, files) = session()
    run(session, "append A")
    assertFails(session, "export a.md Nope", .unknownItem)
    XCTAssertTrue(files.files.isEmpty)
  }

  /// Undo or redo back to what was saved or loaded is no unsaved change, so `quit` does not
  /// warn; once a new change clears the redo that led to it, nothing comes back to it.
  func testUndoBackToWhatWasSavedCountsAsSaved() {
    let (session, _) = session()
    run(session, "append A")
    XCTAssertTrue(session.hasUnsavedChanges)
    run(session, "undo")
    XCTAssertFalse(session.hasUnsavedChanges, "back to the session's start")
    run(session, "redo\nsave notes.opml\nappend B\nnote A x")
    XCTAssertTrue(session.hasUnsavedChanges)
    run(session, "undo\nundo")
    XCTAssertFalse(session.hasUnsavedChanges, "back to what was saved")
    run(session, "undo")
    XCTAssertTrue(session.hasUnsavedChanges, "before what was saved")
    run(session, "redo")
    XCTAssertFalse(session.hasUnsavedChanges)
    run(session, "redo")
    XCTAssertTrue(session.hasUnsavedChanges)
    // Saved after B, then B undone and C appended: B's state cannot come back.
    run(session, "save notes.opml\nundo\nappend C")
    XCTAssertTrue(session.hasUnsavedChanges)
    run(session, "undo")
    XCTAssertTrue(session.hasUnsavedChanges, "A alone was never saved")
    // A failed command and a query change nothing.
    run(session, "redo\nload notes.opml")
    XCTAssertFalse(session.hasUnsavedChanges)
    assertFails(session, "delete Nope", .unknownItem)
    run(session, "items")
    XCTAssertFalse(session.hasUnsavedChanges)
  }

  func testSaveInAnOutlineFormatWritesTheSectionAndCountsAsSaved() {
    let (session, files) = session()
    run(session, "append A B\nappend C to A\nexpand A")
    XCTAssertTrue(session.hasUnsavedChanges)
    run(session, "save notes.opml")
    XCTAssertFalse(session.hasUnsavedChanges)
    let (other, _) = self.session(["notes.opml": files.text(of: "notes.opml")!])
    run(other, "load notes.opml")
    XCTAssertEqual(other.outline.items, ["A", "C", "B"])
    XCTAssertEqual(other.outline.expandedItems, ["A"])
  }

  func testFormatOverridesTheExtension() {
    let (session, files) = session(["list.data": Self.markdown])
    run(session, "load list.data --format md")
    XCTAssertEqual(session.outline.rootItems, ["Groceries", "TODO (2)"])
    // The line before the list is not text's: --force leaves it out.
    run(session, "save --format text out.data --force")
    XCTAssertEqual(files.text(of: "out.data"), "Groceries\n\tApples\n\tTODO\nTODO\n")
    // No --format and an unknown extension: the native file.
    assertFails(session, "load list.data", .io)
  }

  func testRoundTripsKeepItemsOrderLevelsAndForOPMLExpansionAndAttributes() {
    let (session, files) = session(["notes.opml": Self.opml, "list.md": Self.markdown])
    for (file, format) in [("notes.opml", "opml"), ("list.md", "markdown")] {
      run(session, "load \(file)")
      let items = session.outline.items
      let levels = items.map { try! session.outline.level(of: $0) }
      let expanded = session.outline.expandedItems
      let contents = session.contents
      run(session, "export again.\(format == "opml" ? "opml" : "md")")
      run(session, "load again.\(format == "opml" ? "opml" : "md")")
      XCTAssertEqual(session.outline.items, items, format)
      XCTAssertEqual(items.map { try! session.outline.level(of: $0) }, levels, format)
      XCTAssertEqual(session.outline.expandedItems, expanded, format)
      XCTAssertEqual(session.contents, contents, format)
      _ = files
    }
  }

  /// A feed reader's file in the writer's own layout: outlines named by `title` alone, one
  /// with neither `text` nor `title`, one with an empty `text`.
  static let feeds = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0">
      <head>
        <title>Subscriptions</title>
      </head>
      <body>
        <outline text="Tech" title="Tech">
          <outline title="Example Tech" type="rss" xmlUrl="https://tech.example.com/rss"/>
          <outline title="Tech" type="rss" xmlUrl="https://other.example.org/tech.xml"/>
        </outline>
        <outline type="rss" xmlUrl="https://untitled.example.net/feed"/>
        <outline text="" type="rss" xmlUrl="https://empty.example.net/feed"/>
      </body>
    </opml>

    """

  func testOutlinesWithoutTextAreNamedByTitleOrUntitledAndExportUnchanged() throws {
    let (session, files) = session(["feeds.opml": Self.feeds])
    let outcome = run(session, "load feeds.opml")
    XCTAssertEqual(
      session.outline.items, ["Tech", "Example Tech", "Tech (2)", "untitled", "untitled (2)"])
    XCTAssertEqual(session.contents.title(of: "Tech (2)"), "Tech")
    XCTAssertEqual(session.contents.title(of: "untitled"), "")
    XCTAssertEqual(session.contents.title(of: "untitled (2)"), "")
    XCTAssertEqual(
      outcome.note?.split(separator: "\n").last,
      "3 <outline> elements have no text attribute: named by their title attribute, or untitled")
    run(session, "export out.opml")
    XCTAssertEqual(String(decoding: try files.contents(of: "out.opml"), as: UTF8.self), Self.feeds)
    // Through the native file and back, the missing text attributes stay missing.
    run(session, "save all.json\nload all.json\nexport again.opml")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "again.opml"), as: UTF8.self), Self.feeds)
    XCTAssertTrue(
      String(decoding: try files.contents(of: "all.json"), as: UTF8.self).contains(
        #""noText": true"#))
  }

  /// An OPML 1.0 file in the writer's layout whose attributes come in any order: `text` last,
  /// in the middle, first; the `<opml>` element's `version` after a namespace declaration.
  static let anyOrder = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml xmlns:dc="http://purl.org/dc/elements/1.1/" version="1.0">
      <head>
        <title>Feeds</title>
      </head>
      <body>
        <outline title="Tech" text="Tech">
          <outline type="rss" text="Example &amp; co" xmlUrl="https://tech.example.com/rss"/>
          <outline dc:creator="Ada" type="link" url="https://a.example" text="Ada"/>
        </outline>
        <outline text="News" title="News"/>
      </body>
    </opml>

    """

  func testExportGivesBackAnImportedFileByteForByteWhateverItsAttributeOrderAndVersion() throws {
    let (session, files) = session(["feeds.opml": Self.anyOrder])
    run(session, "load feeds.opml\nexport out.opml")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "out.opml"), as: UTF8.self), Self.anyOrder)
    XCTAssertEqual(session.contents["Tech"].textPosition, 1)
    XCTAssertEqual(session.contents["Ada"].textPosition, 3)
    XCTAssertEqual(session.contents["News"].textPosition, 0)
    // Through the native file (which keeps where `text` was) and back.
    run(session, "save all.json\nload all.json\nexport again.opml")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "again.opml"), as: UTF8.self), Self.anyOrder)
    let saved = String(decoding: try files.contents(of: "all.json"), as: UTF8.self)
    XCTAssertTrue(saved.contains(#""textPosition": 3"#), saved)
    XCTAssertTrue(saved.contains(#""@version": "1.0""#), saved)
    // A new outline is written as OPML 2.0, `text` first.
    let (fresh, freshFiles) = self.session()
    run(fresh, "append A\nexport new.opml")
    XCTAssertEqual(
      String(decoding: try freshFiles.contents(of: "new.opml"), as: UTF8.self),
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="2.0">
        <head/>
        <body>
          <outline text="A"/>
        </body>
      </opml>

      """)
  }

  /// An outliner's file (the OPML specification's placesLived.opml, shortened), whose
  /// `expansionState` counts lines from 1, as the OPML Editor, Drummer and Cactus write it.
  static let countedFromOne = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0">
      <head>
        <title>placesLived.opml</title>
        <expansionState>1,2,5</expansionState>
        <vertScrollState>1</vertScrollState>
      </head>
      <body>
        <outline text="Places I've lived">
          <outline text="Boston">
            <outline text="Cambridge"/>
            <outline text="West Newton"/>
          </outline>
          <outline text="Bay Area">
            <outline text="Mountain View"/>
          </outline>
          <outline text="Wisconsin">
            <outline text="Madison"/>
          </outline>
        </outline>
      </body>
    </opml>

    """

  func testAnExpansionStateCountedFromOneIsReadAndWrittenBackSo() throws {
    let (session, files) = session(["places.opml": Self.countedFromOne])
    let outcome = run(session, "load places.opml")
    XCTAssertEqual(session.outline.expandedItems, ["Places I've lived", "Boston", "Bay Area"])
    XCTAssertFalse(outcome.note?.contains("expansionState") == true, outcome.note ?? "")
    run(session, "export out.opml")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "out.opml"), as: UTF8.self), Self.countedFromOne)
    // Through the native file too; an edit is counted the same way.
    run(session, "save all.json\nload all.json\nexpand Wisconsin\nexport again.opml")
    XCTAssertTrue(
      String(decoding: try files.contents(of: "again.opml"), as: UTF8.self)
        .contains("<expansionState>1,2,5,7</expansionState>"))
    // A file counted from 0 (as outline wrote them before) is written back from 0.
    let zeroBased = Self.opml.replacingOccurrences(
      of: "<expansionState>1<", with: "<expansionState>0<")
    let (zero, zeroFiles) = self.session(["notes.opml": zeroBased])
    let loaded = run(zero, "load notes.opml")
    run(zero, "expand \"Work & life\"\nexport out.opml")
    XCTAssertTrue(loaded.note?.contains("read with line 0") == true, loaded.note ?? "")
    XCTAssertTrue(
      String(decoding: try zeroFiles.contents(of: "out.opml"), as: UTF8.self)
        .contains("<expansionState>0,3</expansionState>"))
  }

  func testAnUndeclaredEntityIsAnErrorNamingTheLineAndChangesNothing() {
    let bad = Self.opml.replacingOccurrences(of: "text=\"Notes\"/>", with: "text=\"&nbsp;\"/>")
    let (session, _) = session(["bad.opml": bad, "notes.opml": Self.opml])
    run(session, "load notes.opml\nretitle Inbox \"In tray\"")
    let items = session.outline.items
    let contents = session.contents
    let history = session.history.count
    assertFails(
      session, "load bad.opml", .io,
      "cannot load bad.opml: line 10: a reference to an undefined entity (&nbsp;): OPML knows "
        + "only &amp; &lt; &gt; &quot; &apos;")
    assertFails(
      session, "import bad.opml to Inbox", .io,
      "cannot import bad.opml: line 10: a reference to an undefined entity (&nbsp;): OPML knows "
        + "only &amp; &lt; &gt; &quot; &apos;")
    XCTAssertEqual(session.outline.items, items)
    XCTAssertEqual(session.contents, contents)
    XCTAssertEqual(session.history.count, history)
  }

  func testARetitledOutlineWithoutTextGetsOneOnExportAndUndoTakesItBack() throws {
    let (session, files) = session(["feeds.opml": Self.feeds])
    run(session, "load feeds.opml\nretitle untitled \"Unnamed feed\"\nexport out.opml")
    let written = String(decoding: try files.contents(of: "out.opml"), as: UTF8.self)
    XCTAssertTrue(
      written.contains(
        #"<outline text="Unnamed feed" type="rss" xmlUrl="https://untitled.example.net/feed"/>"#),
      written)
    run(session, "undo\nexport out.opml")
    XCTAssertEqual(String(decoding: try files.contents(of: "out.opml"), as: UTF8.self), Self.feeds)
  }

  func testAnEmptyListItemIsUntitledToo() {
    // An empty item after a sibling (not right after a paragraph, which it cannot interrupt).
    let (session, _) = session(["list.md": "- \n- a\n  - b\n  - \n"])
    run(session, "load list.md")
    XCTAssertEqual(session.outline.items, ["untitled", "a", "b", "untitled (2)"])
    XCTAssertEqual(session.contents.title(of: "untitled (2)"), "")
  }

  func testParsingAndPrinting() throws {
    for text in [
      "load notes.opml", "load notes --format opml", "save out.md --format markdown",
      "import list.md to Inbox", "import list.md before A --format text", "import list.md after A",
      "import list.md", "export out.opml", "export out.md \"Work & life\"",
      "export - A --format text",
    ] {
      let command = try CommandParser.parse(command: text)
      XCTAssertEqual(try CommandParser.parse(command: command.description), command, text)
    }
    XCTAssertEqual(
      try CommandParser.parse(command: "save --format md notes"),
      .files(.save("notes", format: .markdown)))
    XCTAssertThrowsError(try CommandParser.parse(command: "export -")) { error in
      XCTAssertEqual(
        (error as? SyntaxError)?.message, "expected \"--format\" after \"export -\"")
    }
    XCTAssertThrowsError(try CommandParser.parse(command: "load a --format opm")) { error in
      XCTAssertTrue(
        (error as? SyntaxError)?.message.contains("did you mean \"opml\"") ?? false, "\(error)")
    }
    XCTAssertThrowsError(try CommandParser.parse(command: "load a --format"))
  }
}
