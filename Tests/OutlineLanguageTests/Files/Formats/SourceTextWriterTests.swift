import XCTest

@testable import OutlineLanguage

/// `SourceTextWriter` and `SourceLayout`: a Markdown or text file written back with every line
/// no edit touched (SPEC §4, "A no-op round trip gives the file back", "After an edit").
final class SourceTextWriterTests: XCTestCase, SourceTextRewriting {
  func testANoOpWriteGivesTheFileBackByteForByte() throws {
    let files = [
      "- a\r\n  - b\r\n\r\n- c", "\u{FEFF}# T\n\n- x  \n\t- y\t\n", "- a\n\n\n", "plain\n",
      "- [ ] task\n  para\n\n  ```\n  - code\n  ```\n- b\n", "Title\n=====\n\n- a\n",
      "a\n\tb\n\n  c\r\n", "",
    ]
    for file in files {
      for format in [OutlineFormat.markdown, .text] {
        let bytes = Array(file.utf8)
        XCTAssertEqual(try format.write(try format.read(bytes)), bytes, "\(format) \(file)")
      }
    }
  }

  func testARetitledItemChangesOnlyItsTitle() throws {
    let file = "# Food\n\n- [x] Apple  \n  crisp\n1. Pear\n"
    XCTAssertEqual(
      try rewrite(file) { nodes in
        nodes[1].text = "Green apple"
        nodes[2].text = "- Nashi"
        nodes[0].text = "Fruit"
      },
      "# Fruit\n\n- [x] Green apple  \n  crisp\n1. \\- Nashi\n")
  }

  /// A deleted item takes its own lines (its blocks, the blank lines between it and its next
  /// sibling); the owner's lines after it stay, with the blank lines that end the list.
  func testADeletedItemTakesItsOwnLinesAndNothingElse() throws {
    let file = "## H\n- a\n\n  about a\n- b\n\nback to top\n\n## I\n"
    XCTAssertEqual(
      try rewrite(file) { $0.remove(at: 1) }, "## H\n- b\n\nback to top\n\n## I\n")
    XCTAssertEqual(
      try rewrite(file) { $0.remove(at: 2) }, "## H\n- a\n\n  about a\n\nback to top\n\n## I\n")
  }

  /// The blank lines that end a list stay where the list ends when its last item moves: the
  /// paragraph after the list is not joined to the item now last, and a tight list the item
  /// joins stays tight.
  func testTheBlankLinesEndingAListStayWhenItsLastItemMoves() throws {
    XCTAssertEqual(try rewrite("- x\n- y\n\nPara\n") { $0.swapAt(0, 1) }, "- y\n- x\n\nPara\n")
    let headings = "# A\n\n- x\n- y\n\n# B\n\n- z\n"
    XCTAssertEqual(
      try rewrite(headings) { $0.insert($0.remove(at: 2), at: 3) },
      "# A\n\n- x\n\n# B\n\n- y\n- z\n")
    // Between siblings and before a child, blank lines still go with the item above them (not
    // to the end of a file that ended without one); the list stays loose.
    let loose = "- a\n\n  - a1\n\n- b\n"
    XCTAssertEqual(
      try rewrite(loose) { $0.insert($0.remove(at: 2), at: 0) }, "- b\n\n- a\n\n  - a1\n")
  }

  /// An item put into a loose list (each item apart from the next by a blank line, as Drummer
  /// and many notes write them), new or moved in, stands apart from its siblings too, and so
  /// does the file's item after it; a tight list stays tight, and a list in groups (a list and
  /// the list after it) keeps its groups.
  func testAnItemPutIntoALooseListStandsApart() throws {
    let loose = "- a\n\n- b\n\n- c\n"
    XCTAssertEqual(
      try rewrite(loose) { $0.insert(self.node("new", 0), at: 1) },
      "- a\n\n- new\n\n- b\n\n- c\n")
    XCTAssertEqual(
      try rewrite(loose) {
        $0.append(self.node("d", 0))
        $0.append(self.node("e", 0))
      }, "- a\n\n- b\n\n- c\n\n- d\n\n- e\n")
    XCTAssertEqual(
      try rewrite(loose) { $0.insert(self.node("new", 0), at: 0) },
      "- new\n\n- a\n\n- b\n\n- c\n")
    let nested = "- p\n\n  - a\n\n  - b\n\n- q\n"
    XCTAssertEqual(
      try rewrite(nested) { $0.insert(self.node("new", 1), at: 3) },
      "- p\n\n  - a\n\n  - b\n\n  - new\n\n- q\n")
    // Moved in from a tight list: the loose list's item after it stands apart from it.
    let both = "- a\n\n- b\n\n# T\n\n- x\n- y\n"
    XCTAssertEqual(
      try rewrite(both) {
        var moved = $0.remove(at: 3)
        moved.level = 0
        $0.insert(moved, at: 1)
      }, "- a\n\n- x\n\n- b\n\n# T\n\n- y\n")

    XCTAssertEqual(try rewrite("- a\n- b\n") { $0.append(self.node("c", 0)) }, "- a\n- b\n- c\n")
    XCTAssertEqual(
      try rewrite("- a\n- b\n\n- c\n- d\n") { $0.insert(self.node("n", 0), at: 2) },
      "- a\n- b\n- n\n\n- c\n- d\n")
    // Two lists with a paragraph between them are no loose list.
    XCTAssertEqual(
      try rewrite("# H\n\n- a\n\ntext\n\n- b\n") { $0.insert(self.node("n", 1), at: 2) },
      "# H\n\n- a\n- n\n\ntext\n\n- b\n")
  }

  /// The blank lines that end the file stay at its end when the list's last item moves or an
  /// item is added after it: the list stays tight.
  func testTheBlankLinesEndingTheFileStayAtItsEnd() throws {
    XCTAssertEqual(try rewrite("- a\n- b\n\n") { $0.swapAt(0, 1) }, "- b\n- a\n\n")
    let notes = "# Notes\r\n\r\n## OPML\r\n\r\n- Spec\r\n- Wiki\r\n- Indie\r\n\r\n\r\n"
    XCTAssertEqual(
      try rewrite(notes) { $0.insert($0.remove(at: 4), at: 3) },
      "# Notes\r\n\r\n## OPML\r\n\r\n- Spec\r\n- Indie\r\n- Wiki\r\n\r\n\r\n")
    XCTAssertEqual(
      try rewrite("- a\n- b\n\n") { $0.append(self.node("c", 0)) }, "- a\n- b\n- c\n\n")
    XCTAssertEqual(try rewrite("- a\n- b\n\n") { $0.remove(at: 1) }, "- a\n\n")
  }

  /// A file with no ending on its last line keeps none when another line comes to end it.
  func testAFileWithoutAFinalLineEndingKeepsNone() throws {
    XCTAssertEqual(try rewrite("- a\n- b") { $0.swapAt(0, 1) }, "- b\n- a")
    XCTAssertEqual(try rewrite("- a\r\n- b") { $0.swapAt(0, 1) }, "- b\r\n- a")
    XCTAssertEqual(try rewrite("- a\n- b") { $0.append(self.node("c", 0)) }, "- a\n- b\n- c")
    XCTAssertEqual(try rewrite("- a\n- b") { $0.remove(at: 1) }, "- a")
    let logseq = "- ## Usage\n\t- rules\n- ## Links\n\t- [[Built-in]]"
    XCTAssertEqual(
      try rewrite(logseq) { $0.insert($0.remove(at: 3), at: 1) },
      "- ## Usage\n\t- [[Built-in]]\n\t- rules\n- ## Links")
    XCTAssertEqual(try rewrite("a\nb", as: .text) { $0.swapAt(0, 1) }, "b\na")
  }

  /// A moved subtree's lines are re-indented with it, code lines too; what it leaves stays.
  func testAMovedSubtreeIsReindentedWithItsCode() throws {
    let file = "- a\n  - b\n    ```\n    code\n    ```\n    - c\n- d\n"
    XCTAssertEqual(
      try rewrite(file) { nodes in
        // b (with c) out to the top level, after d.
        let b = nodes[1]
        let c = nodes[2]
        nodes.removeSubrange(1...2)
        nodes.append(OutlineDocument.Node(level: 0, text: b.text))
        nodes[nodes.count - 1].sourceNode = b.sourceNode
        nodes.append(OutlineDocument.Node(level: 1, text: c.text))
        nodes[nodes.count - 1].sourceNode = c.sourceNode
      },
      "- a\n- d\n- b\n  ```\n  code\n  ```\n  - c\n")
  }

  /// A new item is written as its previous sibling is: its marker and indentation, the next
  /// number; a heading after a heading; new lines end as the file's do (and the file's last
  /// line, with none, as it did).
  ///
  /// A task box is the item's own: a new task has one, a new item that is no task has none,
  /// whatever its siblings have, so that the file reads back as the outline it was written
  /// from.
  func testANewItemIsWrittenAsItsPreviousSibling() throws {
    XCTAssertEqual(
      try rewrite("1. a\r\n2) b\r\n") { $0.append(self.node("c", 0)) }, "1. a\r\n2) b\r\n3) c\r\n")
    XCTAssertEqual(
      try rewrite("- [x] a\n\t- [ ] b") { $0.append(self.task("c", 1)) },
      "- [x] a\n\t- [ ] b\n\t- [ ] c")
    XCTAssertEqual(
      try rewrite("- [x] a\n\t- [ ] b") { $0.append(self.node("c", 1)) },
      "- [x] a\n\t- [ ] b\n\t- c")
    XCTAssertEqual(
      try rewrite("# A\n## B\n") { $0.append(self.node("C", 1)) }, "# A\n## B\n## C\n")
    XCTAssertEqual(
      try rewrite("# A\n- x\n") { $0.append(self.node("y", 2)) }, "# A\n- x\n  - y\n")
    XCTAssertEqual(
      try rewrite("a\n    b\n", as: .text) { $0.append(self.node("c", 2)) }, "a\n    b\n        c\n"
    )
  }

  /// A new first item of a list takes its next sibling's marker, number included (numbers in
  /// the file are never rewritten), so that CommonMark reads one list, not two.
  func testANewFirstItemIsWrittenAsItsNextSibling() throws {
    XCTAssertEqual(
      try rewrite("# T\n\n* one\n* two\n") { $0.insert(self.node("zero", 1), at: 1) },
      "# T\n\n* zero\n* one\n* two\n")
    XCTAssertEqual(
      try rewrite("- a\r\n  1) b\r\n  2) c\r\n") { $0.insert(self.node("z", 1), at: 1) },
      "- a\r\n  1) z\r\n  1) b\r\n  2) c\r\n")
    XCTAssertEqual(
      try rewrite("+ [ ] a\n") { $0.insert(self.task("z", 0), at: 0) }, "+ [ ] z\n+ [ ] a\n")
    XCTAssertEqual(
      try rewrite("# A\n## B\n") { $0.insert(self.node("z", 1), at: 1) }, "# A\n- z\n## B\n",
      "before a heading, a list item as before")
  }

  /// A new item takes its sibling's blanks after the marker too: a tab, two spaces, three
  /// after a number, as the list writes them (`-\tApple`, `-  Apple`, `1.  Apple`).
  func testANewItemTakesItsSiblingsBlanksAfterTheMarker() throws {
    XCTAssertEqual(
      try rewrite("-\tApple\n-\tPear\n") { $0.append(self.node("Kiwi", 0)) },
      "-\tApple\n-\tPear\n-\tKiwi\n")
    XCTAssertEqual(
      try rewrite("-  Apple\n-  Pear\n") { $0.insert(self.node("Fig", 0), at: 0) },
      "-  Fig\n-  Apple\n-  Pear\n")
    XCTAssertEqual(
      try rewrite("1.  Apple\n2.  Pear\n") { $0.append(self.node("Kiwi", 0)) },
      "1.  Apple\n2.  Pear\n3.  Kiwi\n")
    XCTAssertEqual(
      try rewrite("*   [ ] a\n") { $0.append(self.task("b", 0)) }, "*   [ ] a\n*   [ ] b\n")
  }

  /// A numbered list keeps its first number when a move puts another of its items first:
  /// the two items trade numbers, so that the list reads from the number it did; a move
  /// that leaves the first item first keeps every number with its item.
  func testAMoveKeepsANumberedListsFirstNumber() throws {
    let list = "3. three\n4. four\n   more of four\n5. five\n"
    XCTAssertEqual(
      try rewrite(list) { $0.swapAt(0, 1) }, "3. four\n   more of four\n4. three\n5. five\n")
    XCTAssertEqual(
      try rewrite(list) { $0.append($0.removeFirst()) },
      "3. four\n   more of four\n5. five\n4. three\n")
    XCTAssertEqual(
      try rewrite(list) { $0.swapAt(1, 2) }, "3. three\n5. five\n4. four\n   more of four\n")
    XCTAssertEqual(
      try rewrite("- A\n\n  7) x\n  8) y\n") { $0.swapAt(1, 2) }, "- A\n\n  7) y\n  8) x\n")
    // Numbers of other widths stay with their items: a wider number would move the lines
    // under it.
    XCTAssertEqual(try rewrite("9. nine\n10. ten\n") { $0.swapAt(0, 1) }, "10. ten\n9. nine\n")
  }

  /// A numbered list that is not the first under its parent (after a bullet list, or after
  /// another numbered list and a paragraph) keeps its first number too; blank lines between
  /// its items do not end it, and the list before it keeps its own numbers.
  func testAMoveKeepsTheFirstNumberOfALaterList() throws {
    XCTAssertEqual(
      try rewrite("- a\n- b\n\n1. one\n2. two\n") { $0.swapAt(2, 3) },
      "- a\n- b\n\n1. two\n2. one\n")
    let two = "1. a\n2. b\n\nThen:\n\n1. c\n\n2. d\n"
    // The later list is loose (a blank line between its items), and stays so (`LooseLists`).
    XCTAssertEqual(
      try rewrite(two) { $0.swapAt(2, 3) }, "1. a\n2. b\n\nThen:\n\n1. d\n\n2. c\n")
    XCTAssertEqual(try rewrite(two) { $0.swapAt(0, 1) }, "1. b\n2. a\n\nThen:\n\n1. c\n\n2. d\n")
    // Another delimiter is another list: each keeps its numbers.
    XCTAssertEqual(
      try rewrite("1. a\n\n2) b\n3) c\n") { $0.swapAt(1, 2) }, "1. a\n\n2) c\n3) b\n")
    XCTAssertEqual(
      SourceLayout.listStarts(try XCTUnwrap(OutlineFormat.markdown.read(Array(two.utf8)).source)),
      [0, 0, 2, 2])
  }

  /// A new item with no list item beside it takes its parent's list (the parent's bullet and
  /// blanks, a number from 1), else the marker most of the file's items have; `- ` only in a
  /// file with no list.
  func testANewItemWithNoSiblingTakesItsParentsListElseTheFilesMarker() throws {
    XCTAssertEqual(
      try rewrite("+ Apple\n+ Pear\n") { $0.insert(self.node("Fig", 1), at: 1) },
      "+ Apple\n  + Fig\n+ Pear\n")
    XCTAssertEqual(
      try rewrite("*\ta\n") { $0.append(self.node("b", 1)) }, "*\ta\n    *\tb\n")
    XCTAssertEqual(
      try rewrite("1) a\n") { $0.append(self.node("b", 1)) }, "1) a\n   1) b\n")
    XCTAssertEqual(
      try rewrite("# A\n* x\n* y\n+ z\n# B\n") { $0.append(self.node("n", 1)) },
      "# A\n* x\n* y\n+ z\n# B\n* n\n")
    XCTAssertEqual(
      try rewrite("# A\n# B\n") { $0.append(self.node("n", 1)) }, "# A\n# B\n- n\n")
  }

  /// A new first child sits where the file nests its items past their parent's marker (4
  /// columns here), or at its parent's content when the file nests none; before a sibling the
  /// file had, at that sibling's column.
  func testANewFirstChildSitsAtTheFilesNestingStep() throws {
    let four = "- a\n    - b\n- c\n"
    XCTAssertEqual(
      try rewrite(four) { $0.append(self.node("x", 1)) }, "- a\n    - b\n- c\n    - x\n")
    XCTAssertEqual(
      try rewrite(four) { $0.insert(self.node("z", 1), at: 1) },
      "- a\n    - z\n    - b\n- c\n")
    XCTAssertEqual(
      try rewrite("- a\n  - b\n10. c\n") { $0.append(self.node("x", 1)) },
      "- a\n  - b\n10. c\n    1. x\n", "never left of the parent's content")
    XCTAssertEqual(
      try rewrite("- a\n- c\n") { $0.append(self.node("x", 1)) }, "- a\n- c\n  - x\n")
  }

  /// A new heading is spaced as its previous sibling heading is in the file: a blank line
  /// before it after text when the sibling has one, none in a file that stacks its headings; a
  /// heading that had a blank line before it gets it back when an edit put text there (a new
  /// first child of a heading is a list item).
  func testANewHeadingIsSpacedAsTheFileSpacesItsHeadings() throws {
    let spaced = "# A\n\nText.\n\n## B\n\nb.\n"
    XCTAssertEqual(
      try rewrite(spaced) { $0.append(self.node("C", 1)) }, "# A\n\nText.\n\n## B\n\nb.\n\n## C\n")
    XCTAssertEqual(
      try rewrite(spaced) { $0.insert(self.node("C", 1), at: 1) },
      "# A\n\nText.\n\n- C\n\n## B\n\nb.\n")
    XCTAssertEqual(
      try rewrite("# A\n## B\nb.\n") { $0.append(self.node("C", 1)) }, "# A\n## B\nb.\n## C\n")
    let todo = "## Next\n\n+ a\n\n## Someday\n\n+ b\n\n## Done\n\n+ [x] c\n"
    XCTAssertEqual(
      try rewrite(todo) { $0.insert(self.node("Later", 0), at: 4) },
      "## Next\n\n+ a\n\n## Someday\n\n+ b\n\n## Later\n\n## Done\n\n+ [x] c\n")
  }

  /// A list item after a heading sibling would read as the heading's child: it becomes a
  /// heading; a heading under a list item becomes a list item.
  func testAnItemsFormFollowsItsPlace() throws {
    XCTAssertEqual(
      try rewrite("# A\n## B\n- c\n") { nodes in
        nodes[2].level = 1  // c: from B's child to its sibling, after it
      },
      "# A\n## B\n## c\n")
    XCTAssertEqual(
      try rewrite("- a\n# B\nabout B\n") { nodes in nodes[1].level = 1 },
      "- a\n  - B\n    about B\n")
    // A list item become a heading takes its children out with its content: at the column
    // they had they would read as code.
    XCTAssertEqual(
      try rewrite("## C\n- a\n    - a1\n        - a2\n### H\n") { nodes in
        nodes.insert(contentsOf: nodes[1...3], at: 5)
        nodes.removeSubrange(1...3)
      },
      "## C\n### H\n### a\n  - a1\n      - a2\n")
  }

  /// A setext heading moved or retitled after a text line that was not the one before it gets
  /// a blank line, as its text would otherwise join that paragraph.
  func testASetextHeadingAfterAnotherParagraphGetsABlankLine() throws {
    XCTAssertEqual(
      try rewrite("A\n---\ntext a\n\nB\n---\ntext b\n") { nodes in
        nodes.swapAt(0, 1)
        nodes[1].text = "A2"
      },
      "B\n---\ntext b\n\nA2\n---\ntext a\n")
  }

  /// A numbered item that comes to start a list with a number past 1 right after a paragraph
  /// gets a blank line before it (CommonMark would read it as the paragraph's text); its number
  /// is kept, and a list the file already started so is left as it was.
  func testANumberedItemStartingAListPastOneAfterTextGetsABlankLine() throws {
    let file = "1. [ ] one\n2. [ ] two"
    XCTAssertEqual(
      try rewrite(file) { nodes in nodes[1].level = 1 }, "1. [ ] one\n\n   2. [ ] two")
    XCTAssertEqual(
      try rewrite("- a\n2. b\n") { nodes in nodes[0].text = "a2" }, "- a2\n2. b\n")
    XCTAssertEqual(
      try rewrite("- p\n  1. a\n  2. b\n") { nodes in nodes.remove(at: 1) },
      "- p\n\n  2. b\n")
  }

  /// What the file cannot hold as edited is refused, naming the item, rather than written so
  /// that it reads back as another outline.
  func testWhatCannotBeReadBackIsRefused() throws {
    XCTAssertThrowsError(try rewrite("- a\n") { $0[0].text = "two\nlines" }) { error in
      XCTAssertEqual(
        (error as? FormatProblem)?.message,
        "item 1 (\"two\\nlines\"): a line break cannot be written in an item's line; use OPML or "
          + "the native file")
    }
    XCTAssertThrowsError(try rewrite("- a\n") { $0[0].text = " a" })
  }

  /// A list item whose title opened a block in the file (a fence, a heading, a quote, HTML)
  /// keeps it when retitled to a title that opens the same block: no escape, so that the lines
  /// after it stay in it; a title escaped in the file, and any other title that would start a
  /// block, is escaped as before.
  func testARetitleThatOpensTheSameBlockIsNotEscaped() throws {
    let file =
      "- ```bash\n  make\n  ```\n- ## CIE\n  - child\n- > quote\n  lazy\n- <details>\n"
      + "- \\> escaped\n- plain\n"
    let written = try rewrite(file) { nodes in
      nodes[0].text = "```sh"
      nodes[1].text = "### Context"
      nodes[3].text = "> other"
      nodes[4].text = "<DETAILS open>"
      nodes[5].text = "> still escaped"
      nodes[6].text = "## not a heading"
    }
    XCTAssertEqual(
      written,
      "- ```sh\n  make\n  ```\n- ### Context\n  - child\n- > other\n  lazy\n"
        + "- <DETAILS open>\n- \\> still escaped\n- \\## not a heading\n")
    let read = try OutlineFormat.markdown.read(Array(written.utf8))
    XCTAssertEqual(read.nodes.map(\.note), ["", "", "", "", "", "", ""])
    // Another fence, another tag: escaped, as a title that opens another block is.
    XCTAssertEqual(
      try rewrite("- <div>\n- ~~~\n") { nodes in
        nodes[0].text = "<span>x"
        nodes[1].text = "~~~~"
      },
      "- <span>x\n- \\~~~~\n")
  }

  /// A retitle that no longer opens the block the item's first line opened would leave the
  /// lines after it to read back as a note (a fence's code as paragraphs, a quote's lazy line):
  /// refused, naming the item.
  func testARetitleThatLeavesABlocksLinesAsANoteIsRefused() throws {
    let cases = [
      ("- ```bash\n  make\n  ```\n", "Run this"), ("- ```bash\n  make\n  ```\n", "~~~bash"),
      ("- ```bash\n  make\n  ```\n", "````bash"), ("- > quote\n  lazy\n", "plain"),
    ]
    for (file, title) in cases {
      XCTAssertThrowsError(try rewrite(file) { $0[0].text = title }, title) { error in
        let message = (error as? FormatProblem)?.message ?? ""
        XCTAssertTrue(
          message.contains(
            "markdown cannot hold the item's new title here: its first line opened a block"),
          message)
      }
    }
    // A quote with no lines after it takes any title.
    XCTAssertEqual(try rewrite("- > quote\n- b\n") { $0[0].text = "plain" }, "- plain\n- b\n")
  }

  /// A refusal says how the item would read back (joined to a block above it, at another
  /// level, as another item) and how to go on.
  func testARefusalSaysHowTheItemWouldReadBack() throws {
    let document = OutlineDocument(nodes: [node("a", 0), node("b", 1), node("c", 0)])
    let cases = [
      (
        "- a\n",
        "item 2 (\"b\"): markdown cannot hold the outline as edited here: the item's"
          + " line would not read back as an item: it would join the block above it"
      ),
      (
        "- a\n  - c\n",
        "item 2 (\"b\"): markdown cannot hold the outline as edited here: the item's line would not read back as an item"
      ),
      (
        "- a\n- b\n",
        "item 2 (\"b\"): markdown cannot hold the outline as edited here: the item would read back at level 0, not level 1"
      ),
      (
        "- a\n  - z\n",
        "item 2 (\"b\"): markdown cannot hold the outline as edited here: the item would read back as z;"
      ),
      (
        "- a\n- z\n",
        "item 2 (\"b\"): markdown cannot hold the outline as edited here: the item would read back as z at level 0, not level 1;"
      ),
    ]
    for (file, message) in cases {
      XCTAssertThrowsError(
        try SourceTextWriter.check(Array(file.utf8), against: document, format: .markdown)
      ) { error in
        let text = (error as? FormatProblem)?.message ?? ""
        XCTAssertTrue(text.hasPrefix(message), text)
        XCTAssertTrue(
          text.hasSuffix("; undo the edit, or save as .opml or .json, which keep it"), text)
      }
    }
  }

  /// A subtree's export writes its items' lines, not the document's.
  func testASubtreeWritesItsItemsLinesOnly() throws {
    var document = try OutlineFormat.markdown.read(Array("intro\n- a\n  about\n  - b\n- c\n".utf8))
    document.nodes.removeLast()
    document.isWhole = false
    XCTAssertEqual(
      String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self),
      "- a\n  about\n  - b\n")
  }

  func testTheOwnLayoutEscapesOnlyWhatWouldStartABlock() throws {
    let texts = [
      "[x] Make it work", "`app/config.xml`", "*But* flexible", "back\\slash", "&amp;",
      "# heading", "- dash", "```sh", "<div>block", "[ref]: https://x.y", "1. one", "",
      "#task Task 3", "###### six", "####### seven", "#", "2) two", "123456789. nine",
      "1234567890. ten", "3.5 percent", "1.", "1\\. own backslash", "+ plus", "> quote",
      "~~~", "***", "<!-- comment",
    ]
    let document = OutlineDocument(nodes: texts.map { .init(level: 0, text: $0) })
    let written = String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self)
    XCTAssertEqual(
      written,
      """
      - \\[x] Make it work
      - `app/config.xml`
      - *But* flexible
      - back\\slash
      - &amp;
      - \\# heading
      - \\- dash
      - \\```sh
      - \\<div>block
      - \\[ref]: https://x.y
      - 1\\. one
      -
      - #task Task 3
      - \\###### six
      - ####### seven
      - \\#
      - 2\\) two
      - 123456789\\. nine
      - 1234567890. ten
      - 3.5 percent
      - 1\\.
      - 1\\\\. own backslash
      - \\+ plus
      - \\> quote
      - \\~~~
      - \\***
      - \\<!-- comment

      """)
    XCTAssertEqual(try OutlineFormat.markdown.read(Array(written.utf8)).nodes.map(\.text), texts)
  }

  /// A title retitled or added in a file gets the escape before a numbered marker's `.` or
  /// `)`, and reads back without it; a file's own `1\.` reads as the title `1.`, its line kept.
  func testANumberedMarkersEscapeIsWrittenAndReadAfterItsDigits() throws {
    let file = "- a\n- 2\\. b\n"
    XCTAssertEqual(
      try OutlineFormat.markdown.read(Array(file.utf8)).nodes.map(\.text), ["a", "2. b"])
    XCTAssertEqual(try rewrite(file), file)
    XCTAssertEqual(
      try rewrite(file) { nodes in
        nodes[0].text = "1. Introduction"
        nodes.append(self.node("10) Ten", 0))
      },
      "- 1\\. Introduction\n- 2\\. b\n- 10\\) Ten\n")
    XCTAssertEqual(try rewrite(file) { nodes in nodes[1].text = "2. c" }, "- a\n- 2\\. c\n")
    // A title that is the line's bytes with the escape is another title, escaped once more.
    XCTAssertEqual(try rewrite(file) { nodes in nodes[1].text = "2\\. b" }, "- a\n- 2\\\\. b\n")
  }
}
