import XCTest

@testable import OutlineLanguage

/// `MarkdownListReader` and `MarkdownListWriter`: markers, indentation, what is ignored, and
/// escapes both ways.
final class MarkdownListTests: XCTestCase {
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
    XCTAssertEqual(try shape("- Food\r\n - Apple\r\n  - Seeds\r - Pear\r\n- Drinks"), expected)
  }

  func testAnItemIndentedBetweenTwoLevelsJoinsTheShallowerOnesChildren() throws {
    XCTAssertEqual(try shape("- a\n    - b\n      - c\n  - d\n"), ["a +", "  b +", "    c", "  d"])
  }

  func testTextBeforeAndAfterTheListIsALoss() throws {
    let document = try FormatTesting.read(
      .markdown,
      """
      # Groceries

      Bought on Monday.

      - Food

        - Apple
          continued here
      - Drinks
      ***
      - not in the outline
      Closing words.
      """)
    XCTAssertEqual(FormatTesting.shape(document), ["Food +", "  Apple continued here", "Drinks"])
    XCTAssertEqual(document.notes, [])
    XCTAssertEqual(
      document.losses.map(\.detail),
      [
        "1 more list is not kept, only the first list is read (1 item, line 11)",
        "the text before the list is not kept (lines 1–3, 2 lines)",
        "the text after the list is not kept (lines 10–12, 2 lines)",
      ])
    XCTAssertEqual(
      FormatLoss.summary(document.losses), "1 list and 4 lines of text, the first at line 1")
  }

  /// A second list is not read: the loss counts the lists and their items, so that a load
  /// does not hide them among "lines" (a TODO.md with a list per heading lost 8 items to "10
  /// lines").
  func testTheLossCountsTheListsAfterTheFirstAndTheirItems() throws {
    let document = try FormatTesting.read(
      .markdown, "- A\n\n## Later\n\n- B\n- C\n  - D\n    more of D\n\n## Last\n\n1. E\n")
    XCTAssertEqual(FormatTesting.shape(document), ["A"])
    XCTAssertEqual(
      document.losses,
      [
        FormatLoss(
          count: 2, "list", "lists", line: 5,
          detail: "2 more lists are not kept, only the first list is read (4 items, "
            + "lines 5–12, 5 lines)"),
        FormatLoss(
          count: 2, "line of text", "lines of text", line: 3,
          detail: "the text after the list is not kept (lines 3–10, 2 lines)"),
      ])
  }

  func testFencedCodeBlocksAreSkippedAsALoss() throws {
    let document = try FormatTesting.read(
      .markdown,
      """
      ```sh
      - not an item: before the list
      ```
      - Project
        - Task
          ~~~~
          - not an item: in the task
          ```
          ~~~
          ~~~~ still code: a closing fence has nothing after it
          ~~~~~
        - Next
      - Last
      """)
    XCTAssertEqual(FormatTesting.shape(document), ["Project +", "  Task", "  Next", "Last"])
    XCTAssertEqual(
      document.losses.map(\.detail),
      ["2 code blocks are not kept (lines 1–11, 9 lines, 2 of them like list items)"])
    XCTAssertEqual(FormatLoss.summary(document.losses), "2 code blocks, the first at line 1")
    // Unindented inside the list, a fence ends the list, as any unindented text does.
    let ended = try FormatTesting.read(.markdown, "- A\n```\n- B\n```\n")
    XCTAssertEqual(FormatTesting.shape(ended), ["A"])
    XCTAssertEqual(
      ended.losses.map(\.detail),
      ["a code block is not kept (lines 2–4, 3 lines, 1 of them like a list item)"])
    // An unclosed block ends with its list item: an item left of its fence.
    let unclosed = try FormatTesting.read(.markdown, "- A\n  - B\n    ```\n    - C\n  - D\n")
    XCTAssertEqual(FormatTesting.shape(unclosed), ["A +", "  B", "  D"])
    XCTAssertEqual(
      unclosed.losses.map(\.detail),
      ["a code block is not kept (lines 3–4, 2 lines, 1 of them like a list item)"])
  }

  func testWhatIsAnItemAndWhatIsNot() throws {
    for (line, text) in [
      ("-", ""), ("- ", ""), ("-\tTabbed", "Tabbed"), ("+ [ ] task *em*", "[ ] task *em*"),
      ("999999999) nine digits", "nine digits"),
    ] {
      XCTAssertEqual(try FormatTesting.read(.markdown, line).nodes.map(\.text), [text], line)
    }
    for line in ["-a", "- - -", "***", "1234567890. ten digits", "1.5 x", "#1. heading"] {
      XCTAssertTrue(
        FormatTesting.problem(.markdown, Array(line.utf8)).hasPrefix("no list item"), line)
    }
  }

  func testMixedTabsAndSpacesAreReadWithFourColumnTabsAndNoted() throws {
    let document = try FormatTesting.read(.markdown, "- a\n\t- b\n    - c\n  \t- d\n      - e\n")
    // The tab, 4 spaces and 2 spaces + a tab all reach column 4; 6 spaces is deeper.
    XCTAssertEqual(FormatTesting.shape(document), ["a +", "  b", "  c", "  d +", "    e"])
    XCTAssertEqual(document.notes, [mixedIndentationNote])
  }

  func testEscapesAndReferencesAreDecoded() throws {
    XCTAssertEqual(
      try FormatTesting.read(
        .markdown,
        #"- \- not a list \\ \q &#32;x&#10;y&#x1F600; &amp;&lt;&gt;&quot;&apos; &nbsp; &#0; AT&T"#
      ).nodes.map(\.text),
      ["- not a list \\ \\q  x\ny😀 &<>\"' &nbsp; \u{FFFD} AT&T"])
  }

  func testABlankFileIsAnEmptyOutlineAndProseIsAProblem() throws {
    XCTAssertEqual(try FormatTesting.read(.markdown, "\n  \n").nodes, [])
    XCTAssertEqual(
      FormatTesting.problem(.markdown, Array("Just a paragraph.\nAnother.\n".utf8)),
      "no list item in the text (lines 1–2, 2 lines): a Markdown outline is a list of lines "
        + "starting with -, *, + or 1.")
  }

  func testTheWriterIndentsTwoSpacesALevelAndEscapesWhatWouldBeMisread() throws {
    let document = OutlineDocument(nodes: [
      .init(level: 0, text: "Food"), .init(level: 1, text: "- dash"), .init(level: 2, text: ""),
      .init(level: 1, text: " edges\t"), .init(level: 0, text: "1. a\nb \\ &amp; & x"),
    ])
    XCTAssertEqual(
      String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self),
      """
      - Food
        - \\- dash
          -
        - &#32;edges&#9;
      - 1\\. a&#10;b \\\\ \\&amp; & x

      """)
  }

  /// Only what would start a block inside the list item is escaped: inline Markdown is the
  /// item's text as written, and a GitHub task box, a code span, emphasis or a link at its start
  /// rendered as literal text once escaped (`- \[x] Make it work`).
  func testTheWriterKeepsInlineMarkdownAsWritten() throws {
    let texts = [
      "[x] Make it work", "[ ] todo", "`app/config.xml`", "*But* flexible", "_so_ it is",
      "[link](https://x.y)", "<b>bold</b> text", "<a href=\"u\">a</a>", "~~gone~~", "=", "|a|",
      "# heading", "> quote", "- dash", "* star", "+ plus", "***", "_ _ _", "```sh", "~~~",
      "<div>block", "</p>", "<!-- note -->", "<?php", "[ref]: https://x.y", "<h1>title",
    ]
    let document = OutlineDocument(nodes: texts.map { .init(level: 0, text: $0) })
    let written = String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self)
    XCTAssertEqual(
      written.split(separator: "\n").map { String($0.dropFirst(2)) },
      [
        "[x] Make it work", "[ ] todo", "`app/config.xml`", "*But* flexible", "_so_ it is",
        "[link](https://x.y)", "<b>bold</b> text", "<a href=\"u\">a</a>", "~~gone~~", "=",
        "|a|", "\\# heading", "\\> quote", "\\- dash", "\\* star", "\\+ plus", "\\***",
        "\\_ _ _", "\\```sh", "\\~~~", "\\<div>block", "\\</p>", "\\<!-- note -->",
        "\\<?php", "\\[ref]: https://x.y", "\\<h1>title",
      ])
    XCTAssertEqual(try OutlineFormat.markdown.read(Array(written.utf8)).nodes.map(\.text), texts)
  }

  func testEveryOddTextRoundTrips() throws {
    let document = OutlineDocument(
      nodes: FormatTesting.oddTexts.enumerated().map {
        .init(level: $0.offset % 2, text: $0.element)
      })
    let again = try OutlineFormat.markdown.read(OutlineFormat.markdown.write(document))
    XCTAssertEqual(again.nodes.map(\.text), document.nodes.map(\.text))
    XCTAssertEqual(again.nodes.map(\.level), document.nodes.map(\.level))
    XCTAssertEqual(again.notes, [])
    XCTAssertEqual(again.losses, [], "what the writer writes reads back whole")
  }
}
