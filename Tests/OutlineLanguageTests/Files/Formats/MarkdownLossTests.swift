import XCTest

@testable import OutlineLanguage

/// What `MarkdownListReader` reports as lost (`FormatLoss`): what a save of the outline it read
/// would not write back, and nothing that does come back.
final class MarkdownLossTests: XCTestCase {
  func read(_ text: String) throws -> OutlineDocument {
    try FormatTesting.read(.markdown, text)
  }

  /// An awesome list, as on GitHub: badges, HTML, a table of contents (the first list), then
  /// a heading, a paragraph and a list per category, a code block and a table.
  static let readme = """
    # Awesome iOS [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

    <p align="center">
      <img src="logo.png" width="200">
    </p>

    A curated list of awesome iOS ecosystem.

    ## Contents

    - [Accessibility](#accessibility)
    - [Analytics](#analytics)
      - [Deep linking](#deep-linking)

    ## Accessibility

    *Frameworks that help to support accessibility features*

    - [Capable](https://github.com/chrs1885/Capable) - Track accessibility features.
    - [AccessibilityKit](https://github.com/ShaneQi/AccessibilityKit) - \\*easily\\*.

    **[back to top](#contents)**

    ## Analytics

    * [Umami](https://umami.is) - simple &amp; private.

    ```swift
    let tracker = Tracker()
    - not an item
    ```

    | Name | Stars |
    |------|-------|
    | A    | 10    |

    """

  func testAReadmeWithSeveralListsAndHeadingsLosesAllButItsFirstList() throws {
    let document = try read(Self.readme)
    XCTAssertEqual(
      FormatTesting.shape(document),
      [
        "[Accessibility](#accessibility)", "[Analytics](#analytics) +",
        "  [Deep linking](#deep-linking)",
      ])
    XCTAssertEqual(document.notes, [])
    XCTAssertEqual(
      document.losses.map(\.detail),
      [
        "2 more lists are not kept, only the first list is read (3 items, lines 19–26, 3 lines)",
        "a code block is not kept (lines 28–31, 4 lines, 1 of them like a list item)",
        "the text before the list is not kept (lines 1–9, 6 lines)",
        "the text after the list is not kept (lines 15–35, 7 lines)",
      ])
    XCTAssertEqual(
      FormatLoss.summary(document.losses),
      "2 lists, 1 code block and 13 lines of text, the first at line 1")
  }

  /// A Logseq page: properties under a block, a code block as a block of its own whose child
  /// the reader takes for code, and an org-mode date on the line after a task.
  func testALogseqPageWithCodeBlocksInItemsLosesTheChildAndTheLinesOfItsBlocks() throws {
    let document = try read(
      """
      - Meeting notes with [[Alice]]
        id:: 64f1c2a3-1111-4c2b-9d3e-aaaaaaaaaaaa
      \t- Discussed the parser
      \t\t- ```clojure
      \t\t  (defn parse [s]
      \t\t    (str/split s #"\\n"))
      \t\t  ```
      \t\t\t- child of the code block
      \t\t- follow-up
      \t- TODO write tests
      \t  SCHEDULED: <2024-05-02 Thu>
      - Another block
        collapsed:: true

      """)
    XCTAssertEqual(document.nodes.map(\.text).last, "Another block collapsed:: true")
    XCTAssertFalse(document.nodes.contains { $0.text == "child of the code block" })
    XCTAssertEqual(
      document.losses.map(\.detail),
      [
        "a code block is not kept (lines 7–8, 2 lines, 1 of them like a list item)",
        "5 lines inside list items that are not a paragraph's next line are joined into their "
          + "items' titles (lines 2–13, 5 lines): code, a property, a block of its own",
        "an item starts a block of its own (a heading, a tag, a quote, a fence, a list, HTML), "
          + "which a save escapes into plain text (line 4)",
      ])
    XCTAssertEqual(
      FormatLoss.summary(document.losses),
      "1 code block, 5 lines joined into titles and 1 item that starts a block, the first at "
        + "line 2")
  }

  /// A list whose save gives back every character that is not layout: markers, indentation,
  /// blank lines, line endings, a byte-order mark, a paragraph's wrapped lines.
  func testAPlainListLosesNothingWhateverItsLayout() throws {
    for text in [
      "- Food\n  - Apple\n  - Pear\n- Drinks\n",
      "\u{FEFF}* Food\r\n\r\n    + Apple\r\n    + Pear\r\n\r\n* Drinks",
      "- Food\n\t- Apple *ripe* and `fresh`\n\t- [ ] Pear\n- [x] Drinks\n",
      "- A long item that a person wrapped\n  at eighty columns, as Markdown allows\n- B\n",
      "- \\- not a marker, C:\\path, a & b, &nbsp;, \\\\ \n- 1\\. not a number\n- \\# heading\n",
      "- tabs\tinside\n\n\n- trailing blanks   \n",
    ] {
      let document = try read(text)
      XCTAssertEqual(document.losses, [], text.debugDescription)
    }
  }

  func testEscapesThatASaveWritesDecodedAreALoss() throws {
    for (text, lost) in [
      ("- *not \\*emphasis\\**\n", true), ("- `\\`` is a backtick\n", true),
      ("- Tom &amp; Jerry\n", true), ("- &#42;star\n", true), ("- a\n  \\*b\n", true),
      ("- C:\\path\\to\n", false), ("- \\- dash\n", false), ("- 2\\) two\n", false),
      ("- \\\\ backslash\n", false), ("- AT&T\n", false), ("- \\&amp; as written\n", false),
    ] {
      let document = try read(text)
      XCTAssertEqual(
        document.losses.map(\.singular), lost ? ["line with escapes"] : [], text.debugDescription)
    }
  }

  /// A Logseq heading block, a tag, a quote, a code block or a nested list as an item's text is
  /// read as text, and the writer escapes it: a save turns it into plain text.
  func testAnItemWhoseTextStartsABlockIsALossAndInlineMarkdownIsNot() throws {
    for (text, lost) in [
      ("- ## Plan\n", true), ("- #book/clean-code\n", true), ("- > quote\n", true),
      ("- ```bash\n", true), ("- - nested\n", true), ("- 1. nested\n", true), ("- ***\n", true),
      ("- <div>x</div>\n", true), ("- [ref]: https://x.y\n", true),
      ("- [[Page]] link\n", false), ("- [x] done\n", false), ("- `code` span\n", false),
      ("- *emphasis*\n", false), ("- <b>bold</b>\n", false), ("- 12.5% off\n", false),
      ("- \\## escaped\n", false), ("- | a | b |\n", false), ("- ~~struck~~\n", false),
    ] {
      let document = try read(text)
      XCTAssertEqual(
        document.losses.map(\.singular), lost ? ["item that starts a block"] : [],
        text.debugDescription)
    }
  }

  func testNumbersOfNumberedItemsAreALoss() throws {
    let document = try read("1. First\n2. Second\n   - sub\n10) Tenth\n")
    XCTAssertEqual(
      document.losses,
      [
        FormatLoss(
          count: 3, "list number", "list numbers", line: 1,
          detail: "numbered items are saved with - instead of their numbers (lines 1–4, 3 lines)")
      ])
  }

  func testLinesOfABlockOfTheirOwnInAnItemAreALossAndAParagraphsNextLineIsNot() throws {
    for (text, joined) in [
      ("- item\n  next line of its paragraph\n", 0),
      ("- item\n\n  a second paragraph\n", 1),
      ("- item\n  > a quote\n", 1), ("- item\n  # heading\n", 1), ("- item\n  | a | b |\n", 1),
      ("- item\n  <div>html</div>\n", 1), ("- item\n  key:: value\n", 1),
      ("- item\n  DEADLINE: <2024-05-02 Thu>\n", 1), ("- ~~~\n  code\n  more\n", 2),
      ("- item\n  a: b and c:: d\n", 0), ("- item\n  ::\n", 0),
    ] {
      let document = try read(text)
      XCTAssertEqual(
        document.losses.first { $0.singular == "line joined into a title" }?.count ?? 0, joined,
        text.debugDescription)
    }
  }

  func testABlankFileAndAFileOfCodeAlone() throws {
    XCTAssertEqual(try read("").losses, [])
    XCTAssertEqual(
      try read("```\ncode\n```\n").losses.map(\.detail),
      ["a code block is not kept (lines 1–3, 3 lines)"])
  }

  func testCountsAreGroupedByThousands() throws {
    let text = "- only\n" + String(repeating: "text\n", count: 2_900)
    let document = try read(text)
    XCTAssertEqual(
      document.losses.map(\.detail),
      ["the text after the list is not kept (lines 2–2,901, 2,900 lines)"])
    XCTAssertEqual(FormatLoss.summary(document.losses), "2,900 lines of text, the first at line 2")
  }
}
