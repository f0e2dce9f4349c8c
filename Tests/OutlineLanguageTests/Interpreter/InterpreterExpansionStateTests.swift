import OutlineLanguage
import OutlineTestSupport
import XCTest

/// OPML's `expansionState` through load, an edit, save and a reload (SPEC §4): a list names
/// lines, so after an edit that moves them the list is written again from what is expanded
/// now, counted as the file counted; a file saved with no edit comes back byte for byte.
final class InterpreterExpansionStateTests: XCTestCase {
  /// An outliner's file: counted from 1, naming parents only (A, a2, C), and a number past
  /// the end (9), which the OPML Editor leaves in a list.
  ///
  /// ```text
  /// A  1        a2  3       C   6
  ///   a1  2       a2x 4       c1  7
  /// B   5                   D   8
  /// ```
  static let parentsOnly = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0">
      <head>
        <expansionState>1,3,6,9</expansionState>
      </head>
      <body>
        <outline text="A">
          <outline text="a1"/>
          <outline text="a2">
            <outline text="a2x"/>
          </outline>
        </outline>
        <outline text="B">
          <outline text="b1"/>
        </outline>
        <outline text="C">
          <outline text="c1"/>
        </outline>
        <outline text="D"/>
      </body>
    </opml>

    """

  /// The tester's file: `1,2,5` names A, its leaf a1, and a line past the end.
  static let withLeaf = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0">
    <head>
    <expansionState>1,2,5</expansionState>
    </head>
    <body>
    <outline text="A"><outline text="a1"/></outline>
    <outline text="B"><outline text="b1"/></outline>
    <outline text="C"><outline text="c1"/></outline>
    </body>
    </opml>

    """

  /// The visible expanded items that have children: what a list can say whatever its way
  /// with leaves.
  func expandedParents(_ session: Session) -> [String] {
    let outline = session.outline
    return outline.expandedItems.filter {
      (try? outline.isVisible($0)) == true && (try? outline.hasChildren($0)) == true
    }
  }

  /// The `<expansionState>` line of `path`.
  func listed(_ files: MemoryFileSystem, _ path: String) -> String? {
    files.text(of: path)?.split(separator: "\n")
      .first { $0.contains("<expansionState>") }
      .map { String($0.drop { $0 == " " }) }
  }

  func testASaveWithNoEditGivesEachFileBackByteForByte() throws {
    for text in [Self.parentsOnly, Self.withLeaf] {
      let files = MemoryFileSystem(["in.opml": text])
      let session = Session(fileSystem: files)
      run(session, "load in.opml\nsave out.opml\nexpand B\ncollapse B\nsave again.opml")
      XCTAssertEqual(files.text(of: "out.opml"), text)
      // An expansion put back as it was is no change to the list either.
      XCTAssertEqual(files.text(of: "again.opml"), text)
    }
  }

  func testTheTestersAppendNoLongerExpandsCOnReload() {
    let files = MemoryFileSystem(["x.opml": Self.withLeaf])
    let session = Session(fileSystem: files)
    run(session, "load x.opml")
    XCTAssertEqual(session.outline.expandedItems, ["A", "a1"])
    run(session, "append Z to A\nsave x.opml")
    // Written again from what is expanded, from 1, with the leaf as the file listed it.
    XCTAssertEqual(listed(files, "x.opml"), "<expansionState>1,2</expansionState>")
    let reloaded = Session(fileSystem: files)
    run(reloaded, "load x.opml")
    XCTAssertEqual(reloaded.outline.expandedItems, ["A", "a1"])
  }

  /// Each edit, then save and reload in a fresh session: the same parents are expanded, and
  /// the list is the one given (nil: any list that reads so).
  func testEachEditSavedAndReloadedExpandsTheSameItems() {
    let cases: [(edit: String, list: String?)] = [
      ("append Z to A", "1,3,7"),  // Z after a2's subtree: B moved down to line 6
      ("delete a1", "1,2,5"),  // every line after A's first child moved up
      ("move C before A", "1,3,5"),
      ("expand B", "1,3,5,7"),
      ("collapse A", "3"),  // C is line 3 once A's children are hidden
      ("collapse C", "1,3"),
      ("move a2 to B", "1,4"),  // a2 (expanded) now under B, which is collapsed: hidden
      ("append Y to D", "1,3,6,9"),  // nothing before a number moved: the file's own list
      ("delete B", "1,3,5"),  // line 6 is D now, a leaf the list would expand
    ]
    for (edit, list) in cases {
      let files = MemoryFileSystem(["in.opml": Self.parentsOnly])
      let session = Session(fileSystem: files)
      run(session, "load in.opml\n\(edit)\nsave in.opml")
      let expected = expandedParents(session)
      let reloaded = Session(fileSystem: files)
      run(reloaded, "load in.opml")
      XCTAssertEqual(expandedParents(reloaded), expected, edit)
      if let list {
        XCTAssertEqual(
          listed(files, "in.opml"), "<expansionState>\(list)</expansionState>", edit)
      }
    }
  }

  func testAListOfParentsOnlyIsWrittenAgainWithoutLeavesThroughTheNativeFileToo() {
    let files = MemoryFileSystem(["in.opml": Self.parentsOnly])
    let session = Session(fileSystem: files)
    // a2 loses its child but stays expanded: a leaf the file's way does not list.
    run(session, "load in.opml\nsave s.json\nload s.json\ndelete a2x\nmove C before A")
    XCTAssertEqual(session.outline.expandedItems, ["C", "A", "a2"])
    run(session, "save out.opml")
    XCTAssertEqual(listed(files, "out.opml"), "<expansionState>1,3</expansionState>")
    // The tester's file lists a leaf: a1 is listed again at its new line.
    let leafFiles = MemoryFileSystem(["x.opml": Self.withLeaf])
    let leaves = Session(fileSystem: leafFiles)
    run(leaves, "load x.opml\nsave s.json\nload s.json\nmove C before A\nsave x.opml")
    XCTAssertEqual(listed(leafFiles, "x.opml"), "<expansionState>2,3</expansionState>")
    let reloaded = Session(fileSystem: leafFiles)
    run(reloaded, "load x.opml")
    XCTAssertEqual(reloaded.outline.expandedItems, ["A", "a1"])
  }

  /// A file without `expansionState` gains none that is empty.
  ///
  /// An expanded item left with no children (which no list can name) reads back as a file
  /// without one does. A no-op save gives such a file back byte for byte; one that expands a
  /// parent gains a list.
  func testAFileWithoutAListGainsNoEmptyOne() {
    let feeds = """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="1.0">
          <head>
              <title>Feeds</title>
          </head>
          <body>
              <outline text="News">
                  <outline text="Euronews" type="rss"/>
              </outline>
              <outline text="Sports">
                  <outline text="Yle" type="rss"/>
              </outline>
          </body>
      </opml>

      """
    let files = MemoryFileSystem(["feeds.opml": feeds])
    let session = Session(fileSystem: files)
    run(session, "load feeds.opml\nreveal Euronews\ncollapse News\nsave")
    XCTAssertEqual(files.text(of: "feeds.opml"), feeds)
    run(session, "reveal Euronews\ndelete Euronews\nsave")
    XCTAssertEqual(session.outline.expandedItems, ["News"])
    XCTAssertEqual(files.text(of: "feeds.opml")?.contains("expansionState"), false)
    XCTAssertEqual(
      files.text(of: "feeds.opml"),
      feeds.replacing(
        "<outline text=\"News\">\n            <outline text=\"Euronews\" type=\"rss\"/>\n"
          + "        </outline>", with: "<outline text=\"News\"/>"))
    run(session, "reveal Yle\nsave")
    let expanded = files.text(of: "feeds.opml") ?? ""
    XCTAssertTrue(expanded.contains("<expansionState>"), expanded)
    XCTAssertFalse(expanded.contains("<expansionState></expansionState>"), expanded)
  }
}
