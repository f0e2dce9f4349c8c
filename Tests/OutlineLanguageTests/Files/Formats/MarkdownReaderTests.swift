import XCTest

@testable import OutlineLanguage

/// `MarkdownReader`: the whole file by CommonMark's block structure (SPEC §4, "Markdown is read
/// whole"): headings and every list item are items, every other line is kept, titles as
/// written.
final class MarkdownReaderTests: XCTestCase {
  func shape(_ text: String) throws -> [String] {
    FormatTesting.shape(try FormatTesting.read(.markdown, text))
  }

  func testEveryMarkerAndAnyConsistentIndentation() throws {
    let expected = ["Food +", "  Apple +", "    Seeds", "  Pear", "Drinks"]
    XCTAssertEqual(try shape("- Food\n  - Apple\n    - Seeds\n  - Pear\n- Drinks\n"), expected)
    XCTAssertEqual(
      try shape("* Food\n    + Apple\n        - Seeds\n    + Pear\n* Drinks"), expected)
    XCTAssertEqual(try shape("1. Food\n\t1) Apple\n\t\t- Seeds\n\t2) Pear\n2. Drinks\n"), expected)
    XCTAssertEqual(
      try shape("10. Food\n    - Apple\n      - Seeds\n    - Pear\n11. Drinks\n"), expected)
    XCTAssertEqual(try shape("- Food\r\n  - Apple\r\n    - Seeds\r  - Pear\r\n- Drinks"), expected)
    // CommonMark's columns, not the old reader's: one blank is not inside `- ` (content at 2).
    XCTAssertEqual(try shape("- a\n - b\n"), ["a", "b"])
    XCTAssertEqual(try shape("- a\n    - b\n      - c\n  - d\n"), ["a +", "  b +", "    c", "  d"])
  }

  /// A README: headings are items whose children are the lists and headings under them; every
  /// list is read; paragraphs, code, tables and quotes are kept as their owners' lines.
  func testHeadingsAndEveryListAreItems() throws {
    let readme = """
      # Awesome

      A curated list.

      ## Contents
      - [Apps](#apps)
      - [Tools](#tools)

      ## Apps
      * One
      * Two

      | a | b |
      |---|---|

      **[back to top](#contents)**

      ### Deep
      1. x
      > - quoted, not an item

      Tools
      -----
      - [ ] Task
      """
    XCTAssertEqual(
      try shape(readme),
      [
        "Awesome +", "  Contents +", "    [Apps](#apps)", "    [Tools](#tools)", "  Apps +",
        "    One", "    Two", "    Deep +", "      x", "  Tools +", "    Task",
      ])
    let document = try FormatTesting.read(.markdown, readme)
    XCTAssertEqual(document.losses, [])
    XCTAssertEqual(try OutlineFormat.markdown.write(document), Array(readme.utf8))
  }

  /// A Logseq page: a code fence inside a list item is the item's, and the child after it is
  /// read (the old reader lost it).
  func testACodeFenceInAnItemKeepsTheChildAfterIt() throws {
    let page = """
      - Snippet
        collapsed:: true
      \t- ```clojure
      \t  (defn f [x]
      \t    - not an item)
      \t  ```
      \t- child after the fence
      - Another block
      """
    XCTAssertEqual(
      try shape(page),
      ["Snippet +", "  ```clojure", "  child after the fence", "Another block"])
  }

  func testFrontMatterAndTextBeforeTheFirstItemAreThePreamble() throws {
    let note = "---\ntitle: Groceries\ntags: [a]\n---\nSome prose.\n\n- Food\n"
    XCTAssertEqual(try shape(note), ["Food"])
    // Without the closing line it is no front matter: `---` is a thematic break.
    XCTAssertEqual(try shape("---\ntitle\n\n- Food\n"), ["Food"])
  }

  func testTitlesAreAsWrittenAfterTheMarkerTheTaskBoxOrTheHashes() throws {
    let file = """
      - [x] Done `code \\` span`
      - [ ] *open* & [link](u) &amp;
      - \\- dash first
      - \\[ ] not a task box
      - a \\* star inside
      - \\#tag is no heading
      ## Heading ##
      3) numbered
      """
    XCTAssertEqual(
      try FormatTesting.read(.markdown, file).nodes.map(\.text),
      [
        "Done `code \\` span`", "*open* & [link](u) &amp;", "- dash first", "[ ] not a task box",
        "a \\* star inside", "\\#tag is no heading", "Heading", "numbered",
      ])
  }

  /// What is not an item: a list in a block quote, a heading inside a list item, an item that
  /// starts on its parent's line, a thematic break, indented code.
  func testWhatIsNotAnItemIsItsOwnersLines() throws {
    XCTAssertEqual(try shape("> - quoted\n\n- real\n"), ["real"])
    XCTAssertEqual(try shape("- item\n  # heading in it\n"), ["item"])
    XCTAssertEqual(try shape("- - nested on one line\n"), ["- nested on one line"])
    XCTAssertEqual(try shape("***\n- a\n---\n"), ["a"])
    XCTAssertEqual(try shape("    - code\n- a\n"), ["a"])
  }

  func testABlankFileOrProseAloneIsAnEmptyOutlineThatKeepsItsText() throws {
    XCTAssertEqual(try shape(""), [])
    let prose = "Just a paragraph.\n\nAnd another.\n"
    let document = try FormatTesting.read(.markdown, prose)
    XCTAssertEqual(document.nodes, [])
    XCTAssertEqual(try OutlineFormat.markdown.write(document), Array(prose.utf8))
  }

  func testInvalidUTF8NamesTheLine() {
    XCTAssertEqual(
      FormatTesting.problem(.markdown, Array("- a\n- b".utf8) + [0xFF, 0x0A]),
      "line 2: the text is not UTF-8")
  }
}
