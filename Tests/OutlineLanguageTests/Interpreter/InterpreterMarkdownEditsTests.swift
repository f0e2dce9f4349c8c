import OutlineLanguage
import XCTest

/// Edits of an outline read from a Markdown file whose headings own paragraphs between their
/// list items and their subheadings: only the edited items' lines change, and no paragraph
/// moves into another section (SPEC §4, "After an edit", "nothing else moves").
final class InterpreterMarkdownEditsTests: XCTestCase {
  /// A heading's list, its paragraph after the list, then a subheading.
  static let install =
    "## Install\n\nRun:\n\n- step1\n- step2\n\nThen restart.\n\n### Troubleshooting\n\nSee logs.\n"

  /// The text of `file` after `load`, `commands` and `save`.
  ///
  /// The saved file, loaded again, gives the outline (titles, levels, notes) the session had,
  /// or the one `readsBack` lists.
  func edited(
    _ file: String, _ commands: String, readsBack: [String]? = nil,
    file path: StaticString = #filePath, line: UInt = #line
  ) -> String? {
    let files = MemoryFileSystem(["f.md": file])
    let session = Session(fileSystem: files)
    run(
      session, "load f.md\n" + commands + "\nsave\nexport before.opml --force", file: path,
      line: line)
    let again = Session(fileSystem: files)
    run(again, "load f.md\nexport after.opml --force", file: path, line: line)
    XCTAssertEqual(
      Self.outline(files.files["after.opml"]),
      readsBack ?? Self.outline(files.files["before.opml"]),
      "the file reads back as another outline", file: path, line: line)
    return files.text(of: "f.md")
  }

  /// Each item's level, title and note, from an OPML export.
  static func outline(_ bytes: [UInt8]?) -> [String] {
    guard let bytes, let document = try? OutlineFormat.opml.read(bytes) else { return [] }
    return document.nodes.map { "\($0.level) \($0.text) [\($0.note)]" }
  }

  func testANewItemAfterTheListsLastItemContinuesTheList() {
    XCTAssertEqual(
      edited(Self.install, "insert step3 after step2"),
      "## Install\n\nRun:\n\n- step1\n- step2\n- step3\n\nThen restart.\n\n"
        + "### Troubleshooting\n\nSee logs.\n")
    let nested = "- a\n  - b\n\n  About a.\n- c\n"
    XCTAssertEqual(edited(nested, "append x to a"), "- a\n  - b\n  - x\n\n  About a.\n- c\n")
  }

  func testDeletingTheLastItemKeepsTheHeadingsParagraphInItsSection() {
    XCTAssertEqual(
      edited(Self.install, "delete step2"),
      "## Install\n\nRun:\n\n- step1\n\nThen restart.\n\n### Troubleshooting\n\nSee logs.\n")
    XCTAssertEqual(
      edited(Self.install, "cut step2"),
      "## Install\n\nRun:\n\n- step1\n\nThen restart.\n\n### Troubleshooting\n\nSee logs.\n")
  }

  func testIndentingAndOutdentingKeepTheParagraphInPlace() {
    XCTAssertEqual(
      edited(Self.install, "indent step2"),
      "## Install\n\nRun:\n\n- step1\n  - step2\n\nThen restart.\n\n### Troubleshooting\n\n"
        + "See logs.\n")
    let nested =
      "## Install\n\n- step1\n  - step1a\n- step2\n\nThen restart.\n\n### Troubleshooting\n"
    XCTAssertEqual(
      edited(nested, "outdent step1a"),
      "## Install\n\n- step1\n- step1a\n- step2\n\nThen restart.\n\n### Troubleshooting\n")
    // Outdented after a heading, a list item would read as its child: it becomes a heading,
    // spaced as the file spaces its headings.
    XCTAssertEqual(
      edited(nested, "outdent step2"),
      "## Install\n\n- step1\n  - step1a\n\nThen restart.\n\n### Troubleshooting\n\n## step2\n")
  }

  /// A moved or pasted list item goes where it is put; the paragraph stays before the
  /// subheading that followed it.
  func testMovingAndPastingListItemsKeepTheParagraphInItsSection() {
    XCTAssertEqual(
      edited(Self.install, "move step1 after step2"),
      "## Install\n\nRun:\n\n- step2\n- step1\n\nThen restart.\n\n### Troubleshooting\n\n"
        + "See logs.\n")
    XCTAssertEqual(
      edited(Self.install, "cut step2\npaste before step1"),
      "## Install\n\nRun:\n\n- step2\n- step1\n\nThen restart.\n\n### Troubleshooting\n\n"
        + "See logs.\n")
    XCTAssertEqual(
      edited(Self.install, "move step2 to Troubleshooting"),
      "## Install\n\nRun:\n\n- step1\n\nThen restart.\n\n### Troubleshooting\n\nSee logs.\n"
        + "- step2\n")
  }

  /// A heading moved before the list takes the list items after it as headings (a list item
  /// there would be its child); the heading's paragraph stays its own, before the subheading,
  /// where it now follows its first one: read back, both are its note, not step2's.
  func testMovingAHeadingBeforeTheListKeepsTheParagraphTheHeadings() {
    let readsBack = [
      "0 Install [Run:\n\n\nThen restart.]", "1 Troubleshooting [See logs.]", "1 step1 []",
      "1 step2 []",
    ]
    XCTAssertEqual(
      edited(Self.install, "move Troubleshooting before step1", readsBack: readsBack),
      "## Install\n\nRun:\n\n\nThen restart.\n\n### Troubleshooting\n\nSee logs.\n\n"
        + "### step1\n### step2\n")
    XCTAssertEqual(
      edited(Self.install, "move Troubleshooting to-root"),
      "## Install\n\nRun:\n\n- step1\n- step2\n\nThen restart.\n\n## Troubleshooting\n\n"
        + "See logs.\n")
  }

  /// The document's own paragraph after a list, before the first heading, stays before it.
  func testTheDocumentsParagraphStaysBeforeTheFirstHeading() {
    let file = "- a\n- b\n\nIntro.\n\n# H\n\nText.\n"
    XCTAssertEqual(edited(file, "delete b"), "- a\n\nIntro.\n\n# H\n\nText.\n")
    XCTAssertEqual(edited(file, "insert c after b"), "- a\n- b\n- c\n\nIntro.\n\n# H\n\nText.\n")
    // The blank lines that end the file stay at its end.
    XCTAssertEqual(
      edited("# A\n\nText.\n\n\n", "insert B before A"), "- B\n# A\n\nText.\n\n\n")
    XCTAssertEqual(
      edited("# A\n\nText.\n\n\n", "insert B after A"), "# A\n\nText.\n# B\n\n\n")
  }

  /// A paragraph between two children whose first child is deleted or moved after it waits
  /// for the next child written (or its owner's end): right under the owner's head it would
  /// read back as the owner's note, a note the user never wrote.
  func testAParagraphBetweenChildrenNeverBecomesItsOwnersNote() {
    let heading = "# Top\n\n- a\n\nPara.\n\n- b\n"
    XCTAssertEqual(edited(heading, "delete a"), "# Top\n\n- b\n\nPara.\n\n")
    XCTAssertEqual(edited(heading, "cut b\npaste before a"), "# Top\n\n- b\n- a\n\nPara.\n\n")
    let item = "- P\n  - a\n\n  Para.\n\n  - b\n"
    XCTAssertEqual(edited(item, "delete a"), "- P\n  - b\n\n  Para.\n\n")
    // With a child still before it, the paragraph stays before the child that followed it.
    XCTAssertEqual(
      edited("# Top\n\n- a\n- b\n\nPara.\n\n- c\n", "delete b"),
      "# Top\n\n- a\n\nPara.\n\n- c\n")
  }

  /// A sort that puts list items after a subheading writes them as headings (a list item
  /// there would be its child), their children moved out with them.
  func testASortThatPutsListItemsAfterASubheadingWritesThemAsHeadings() {
    XCTAssertEqual(
      edited("## Log\n\n- x\n    - x1\n- a\n\n### m\n\ntext\n", "sort Log"),
      "## Log\n\n- a\n\n### m\n\ntext\n\n### x\n  - x1\n")
  }

  /// A blank line between a bullet list and the numbered list after it stays between them.
  func testTheBlankLineBetweenTwoListsStaysBetweenThem() {
    let file = "- a\n- b\n\n1. x\n2. y\n"
    XCTAssertEqual(edited(file, "insert c after b"), "- a\n- b\n- c\n\n1. x\n2. y\n")
    XCTAssertEqual(edited(file, "delete b"), "- a\n\n1. x\n2. y\n")
    XCTAssertEqual(edited(file, "move b before a"), "- b\n- a\n\n1. x\n2. y\n")
  }

  /// A new parent takes existing items: they are written under it, indented to its content
  /// (SPEC §4, "After an edit"), after `save` too, in bullet, task and numbered lists and under
  /// a heading.
  func testANewParentTakesExistingItems() {
    let file = "- a\n- b\n"
    XCTAssertEqual(edited(file, "append --titled x0\nmove a to x0"), "- b\n- x0\n  - a\n")
    XCTAssertEqual(edited(file, "append --titled x0\nsave\nmove a to x0"), "- b\n- x0\n  - a\n")
    XCTAssertEqual(edited(file, "insert x0 before a\nmove b to x0"), "- x0\n  - b\n- a\n")
    XCTAssertEqual(edited(file, "append --titled x0\nmove a b to x0"), "- x0\n  - a\n  - b\n")
    XCTAssertEqual(
      edited("1. a\n2. b\n", "append --titled x0\nmove a to x0"), "2. b\n3. x0\n   1. a\n")
    XCTAssertEqual(
      edited("# H\n\n- a\n- b\n", "append --titled x0 to H\nmove a to x0"),
      "# H\n\n- b\n- x0\n  - a\n")
    // The shape of a real TODO file: task items with children, each apart from the next (a
    // loose list, which the new item joins apart too), CRLF.
    let todo =
      "- [ ] Manage code\r\n  - [ ] Add/remove breakpoints\r\n\r\n- [ ] Video\r\n"
      + "  - [ ] On emulator (WASM)\r\n  - [ ] Provide component\r\n\r\n- [ ] Running\r\n"
      + "  - [ ] Run\r\n"
    XCTAssertEqual(
      edited(todo, "append --titled Later\nmove Video to Later"),
      "- [ ] Manage code\r\n  - [ ] Add/remove breakpoints\r\n\r\n- [ ] Running\r\n"
        + "  - [ ] Run\r\n\r\n- [ ] Later\r\n  - [ ] Video\r\n    - [ ] On emulator (WASM)\r\n"
        + "    - [ ] Provide component\r\n")
  }

  /// Moving the last section up leaves no blank line at the end of a file that had none.
  func testMovingTheLastSectionUpLeavesNoBlankLineAtTheEnd() {
    XCTAssertEqual(
      edited("# TODO\n\n## Planned\n\n- a\n\n## Bugs\n\n- b\n", "move Bugs before Planned"),
      "# TODO\n\n## Bugs\n\n- b\n\n## Planned\n\n- a\n")
    XCTAssertEqual(
      edited("# A\n\n- a\n\n# B\n\n- b\n\n", "move B before A"),
      "# B\n\n- b\n\n# A\n\n- a\n\n")
  }

  /// A new heading's first list item is apart from it when the file's headings are apart from
  /// their text, and right under it when they are not.
  func testANewHeadingsFirstItemIsSpacedAsTheFilesHeadings() {
    XCTAssertEqual(
      edited("# A\n\n- x\n\n# B\n\n- y\n", "append --titled C\nappend z to C"),
      "# A\n\n- x\n\n# B\n\n- y\n\n# C\n\n- z\n")
    XCTAssertEqual(
      edited("# A\n- x\n# B\n- y\n", "append --titled C\nappend z to C"),
      "# A\n- x\n# B\n- y\n# C\n- z\n")
    // A heading the file had keeps what followed it; one with nothing under it is spaced too.
    XCTAssertEqual(
      edited("# A\n\n- x\n\n# B\n", "append z to B"), "# A\n\n- x\n\n# B\n\n- z\n")
    XCTAssertEqual(
      edited("# A\n- x\n\n# B\n\n- y\n", "delete x\nappend z to A"),
      "# A\n- z\n\n# B\n\n- y\n")
  }

  /// An item moved into its new parent's last place, with the blank line it kept before its
  /// next sibling, is followed by one blank line, not by that one and its parent's too.
  func testAnItemMovedToTheEndOfAGroupBringsNoSecondBlankLine() {
    let todo =
      "- [ ] Manage code\n  - [ ] Add/remove breakpoints\n\n- [ ] Video\n"
      + "  - [ ] On emulator (WASM)\n\n- [ ] Running\n  - [ ] Run\n"
    XCTAssertEqual(
      edited(todo, "move Video to \"Manage code\""),
      "- [ ] Manage code\n  - [ ] Add/remove breakpoints\n  - [ ] Video\n"
        + "    - [ ] On emulator (WASM)\n\n- [ ] Running\n  - [ ] Run\n")
  }

  /// An item moved between two items of a group joins it: the blank line that ended the group
  /// stays after the group's last item (SPEC §4, "group-ending blank lines stay between the
  /// groups").
  func testAnItemMovedIntoAGroupLeavesItsBlankLineAfterIt() {
    XCTAssertEqual(
      edited("- a\n- b\n\n- c\n- d\n", "move c after a"), "- a\n- c\n- b\n\n- d\n")
    XCTAssertEqual(
      edited("- a\n- b\n\n- c\n- d\n", "move b after d"), "- a\n\n- c\n- d\n- b\n")
  }

  /// An edit whose item would join a code block of the file is refused at save, saying so and
  /// how to go on; the file is left as it was.
  func testAnItemThatWouldJoinABlockAboveItIsRefusedSayingSo() {
    let file = "1. one\n    ```\nx\n    ```\n1. three\n"
    let files = MemoryFileSystem(["f.md": file])
    let session = Session(fileSystem: files)
    run(session, "load f.md\nindent three")
    assertFails(
      session, "save", .io,
      #"cannot save f.md: @1 (three): markdown cannot hold the outline as edited here: "#
        + "the item's line would not read back as an item: it would join the block above it (a"
        + " code block or paragraph of the file that its new place runs into); undo the edit, or"
        + " save as .opml or .json, which keep it")
    XCTAssertEqual(files.text(of: "f.md"), file)
  }

  /// A Logseq-style item whose first line opens a code fence: retitled to another fence of
  /// the kind, its code stays code; retitled to text, which would turn the code into the
  /// item's note, the save is refused, naming the item, and the file is left as it was.
  func testRetitlingAFenceItemKeepsItsCodeOrIsRefused() {
    let file = "- Run\n\t- ```bash\n\t  make install\n\t  ```\n"
    XCTAssertEqual(
      edited(file, "retitle @1 \"```sh\""), "- Run\n\t- ```sh\n\t  make install\n\t  ```\n")
    let files = MemoryFileSystem(["f.md": file])
    let session = Session(fileSystem: files)
    run(session, "load f.md\nretitle @1 Install")
    assertFails(
      session, "save", .io,
      #"cannot save f.md: @1 (```bash, titled "Install"): markdown cannot hold the item's new "#
        + "title here: its first line opened a block (a fence, a quote) that the lines after it "
        + #"belong to, and the new title does not open it, so they would read back as its note "#
        + #"("make install"); give it a title that opens the same block, or save as "#
        + ".json, which keeps it")
    XCTAssertEqual(files.text(of: "f.md"), file)
    XCTAssertTrue(session.hasUnsavedChanges)
  }
}
