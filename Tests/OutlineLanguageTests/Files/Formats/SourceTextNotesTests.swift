import XCTest

@testable import OutlineLanguage

/// A Markdown item's paragraphs are its note (`SourceText+Notes`): read by `MarkdownReader`,
/// written back in place by `SourceTextWriter`, written as paragraphs by `MarkdownListWriter`,
/// and refused when they would not read back.
final class SourceTextNotesTests: XCTestCase {
  static let milk =
    "- Buy milk\n  Only the oat kind; the shop on the corner has it.\n\n  Ask for the receipt.\n"
    + "  - Oat\n- Bread\n"

  func notes(_ text: String, as format: OutlineFormat = .markdown) throws -> [String] {
    try format.read(Array(text.utf8)).nodes.map(\.note)
  }

  /// `text` read as Markdown, `edit` applied to its nodes, written back.
  func rewrite(_ text: String, _ edit: (inout [OutlineDocument.Node]) -> Void) throws -> String {
    var document = try OutlineFormat.markdown.read(Array(text.utf8))
    edit(&document.nodes)
    return String(decoding: try OutlineFormat.markdown.write(document), as: UTF8.self)
  }

  /// The problem writing `text` with `edit` applied, or a failure when it writes.
  func problem(_ text: String, _ edit: (inout [OutlineDocument.Node]) -> Void) -> String {
    do {
      let written = try rewrite(text, edit)
      XCTFail("wrote \(written.debugDescription)")
      return ""
    } catch {
      return (error as? FormatProblem)?.message ?? "\(error)"
    }
  }

  func setNote(_ note: String, of index: Int) -> (inout [OutlineDocument.Node]) -> Void {
    { nodes in
      nodes[index].attributes.removeAll { $0.name == OutlineDocument.noteAttribute }
      if !note.isEmpty {
        nodes[index].attributes.append(Attribute(name: OutlineDocument.noteAttribute, value: note))
      }
    }
  }

  // MARK: Reading

  func testAListItemsParagraphsAreItsNoteAndItsSublistIsNot() throws {
    XCTAssertEqual(
      try notes(Self.milk),
      ["Only the oat kind; the shop on the corner has it.\n\nAsk for the receipt.", "", ""])
    let document = try OutlineFormat.markdown.read(Array(Self.milk.utf8))
    XCTAssertEqual(
      document.nodes[0].attributes,
      [Attribute(name: "_note", value: try notes(Self.milk)[0])])
  }

  /// Lazy continuation lines are the paragraph's; indentation past the content column stays.
  func testLazyLinesAndDeeperIndentationAreKept() throws {
    XCTAssertEqual(try notes("- A\nlazy line\n  - B\n"), ["lazy line", ""])
    XCTAssertEqual(try notes("1.  A\n    four\n     five\n"), ["four\n five"])
    XCTAssertEqual(try notes("- A\n\t\tdeep\n"), ["\tdeep"])
  }

  /// The note ends at the first block of another kind; what follows stays the item's lines.
  func testOtherBlocksEndTheNote() throws {
    XCTAssertEqual(
      try notes("- A\n  para\n\n  ```\n  code\n  ```\n\n  after\n"), ["para"])
    XCTAssertEqual(try notes("- A\n  ```\n  code\n  ```\n  after\n"), [""])
    XCTAssertEqual(try notes("- A\n  > quoted\n"), [""])
    XCTAssertEqual(try notes("- A\n\n      indented code\n"), [""])
    XCTAssertEqual(try notes("- A\n  - B\n\n  after the sublist\n"), ["", ""])
    // The title's own line may be a block of another kind; one that runs on ends the note.
    XCTAssertEqual(try notes("- # Foo\n  para\n"), ["para"])
    XCTAssertEqual(try notes("- ```\n  b\n  ```\n  after\n"), [""])
  }

  /// A heading's paragraphs before its first child are its note; a paragraph before the first
  /// item (the preamble) is nobody's.
  func testAHeadingsParagraphsBeforeItsFirstChildAreItsNote() throws {
    XCTAssertEqual(
      try notes("Preamble.\n\n# H\nIntro\nmore\n\nSecond.\n\n- x\n\nAfter the list.\n## I\n"),
      ["Intro\nmore\n\nSecond.", "", ""])
    XCTAssertEqual(try notes("---\ntitle: x\n---\n# H\n\nBody.\n"), ["Body."])
    XCTAssertEqual(try notes("Title\n=====\nBody.\n"), ["Body."])
  }

  /// A table (GitHub's: a header row, then a delimiter row) is a block of another kind, raw as
  /// a code block is, though CommonMark reads it as a paragraph: it is no note, and a note set
  /// on its heading or item goes before it, the table kept.
  func testATableIsNoNote() throws {
    let changelog =
      "# Changelog\n\n### Types\n\n| Name  | Bump  |\n| ----- | :---: |\n| Added | minor |\n"
      + "\n## [0.1.0]\n"
    XCTAssertEqual(try notes(changelog), ["", "", ""])
    XCTAssertEqual(try notes("- A\n  Intro.\n\n  a | b\n  --|--\n  1 | 2\n"), ["Intro."])
    XCTAssertEqual(
      try rewrite(changelog, setNote("See the table.", of: 1)),
      "# Changelog\n\n### Types\n\nSee the table.\n\n| Name  | Bump  |\n| ----- | :---: |\n"
        + "| Added | minor |\n\n## [0.1.0]\n")
    // A paragraph with a bar but no delimiter row, and a heading's setext underline, stay
    // what they were.
    XCTAssertEqual(try notes("# H\nx | y\nmore\n"), ["x | y\nmore"])
    XCTAssertEqual(try notes("# H\nx | y\n| :-: | z\n"), ["x | y\n| :-: | z"])
  }

  func testIndentedTextHasNoNotes() throws {
    XCTAssertEqual(try notes("a\n\tb\n", as: .text), ["", ""])
  }

  // MARK: Writing into the file

  func testAnUnchangedNoteWritesTheFileBack() throws {
    XCTAssertEqual(try rewrite(Self.milk) { _ in }, Self.milk)
    let crlf = "# H\r\nBody.\r\n\r\n- a\r\n   odd  \r\n\r\n  text"
    XCTAssertEqual(try rewrite(crlf) { $0[0].text = "G" }, "# G" + crlf.dropFirst(3))
  }

  /// A changed note replaces its lines, indented to the item's content; every other line stays.
  ///
  /// Lines that continued a list item's line still do: the file wrote the note so.
  func testAChangedNoteReplacesItsLinesOnly() throws {
    XCTAssertEqual(
      try rewrite(Self.milk, setNote("Oat only.\n\n  Two blanks first.", of: 0)),
      "- Buy milk\n  Oat only.\n\n    Two blanks first.\n  - Oat\n- Bread\n")
    XCTAssertEqual(
      try rewrite("- A\n\n  old\n- B\n", setNote("new", of: 0)), "- A\n\n  new\n- B\n")
    XCTAssertEqual(
      try rewrite("# H\nOld.\n\n- x\n", setNote("New\nlines", of: 0)),
      "# H\nNew\nlines\n\n- x\n")
    XCTAssertEqual(
      try rewrite("1. A\r\n   old\r\n", setNote("new\nnote", of: 0)),
      "1. A\r\n   new\r\n   note\r\n")
  }

  /// A note that replaces one the file wrote right under a list item's line (Logseq's
  /// `key:: value` properties) stays there; a new note gets a blank line before it, a
  /// paragraph of its own, and so does one whose first line would underline the title.
  func testANoteStaysWhereTheFileWroteIt() throws {
    let states =
      "- United States\n\t- Alaska\n\t- California\n\tcapital:: Sacramento\n\t- New York\n"
      + "\tcapital:: Albany\n\t- Ohio\n"
    let noted = try rewrite(states) { nodes in
      self.setNote("capital:: Albany, NY", of: 3)(&nodes)
      self.setNote("The last frontier", of: 1)(&nodes)
    }
    XCTAssertEqual(
      noted,
      "- United States\n\t- Alaska\n\n\t  The last frontier\n\t- California\n"
        + "\tcapital:: Sacramento\n\t- New York\n\t  capital:: Albany, NY\n\t- Ohio\n")
    XCTAssertEqual(
      try notes(noted),
      ["", "The last frontier", "capital:: Sacramento", "capital:: Albany, NY", ""])
    XCTAssertEqual(
      try rewrite(states, setNote("===", of: 3)),
      states.replacingOccurrences(of: "\tcapital:: Albany\n", with: "\n\t  ===\n"))
  }

  /// A new note goes after the item's line and a blank line (a paragraph of its own), with a
  /// blank line before a block that follows it; an empty note removes the lines and nothing
  /// else.
  func testANewNoteFollowsTheHeadAndAnEmptyOneRemovesTheLines() throws {
    XCTAssertEqual(
      try rewrite("- A\n  ```\n  code\n  ```\n- B\n", setNote("About A.", of: 0)),
      "- A\n\n  About A.\n\n  ```\n  code\n  ```\n- B\n")
    XCTAssertEqual(
      try rewrite("- A\n  - B\n", setNote("About B.", of: 1)), "- A\n  - B\n\n    About B.\n")
    XCTAssertEqual(try rewrite("- A", setNote("end", of: 0)), "- A\n\n  end")
    XCTAssertEqual(
      try rewrite(Self.milk, setNote("", of: 0)), "- Buy milk\n  - Oat\n- Bread\n")
    XCTAssertEqual(
      try rewrite("- A\n  para\n\n  ```\n  c\n  ```\n", setNote("", of: 0)),
      "- A\n\n  ```\n  c\n  ```\n")
  }

  /// A note set on an item of a tight list is a paragraph after a blank line, which makes the
  /// list loose: CommonMark has no paragraph that follows an item's title in a tight list (a
  /// line right under the title is more of the title's paragraph; spec 0.31.2, examples 316 and
  /// 319), and the file reads back with the note.
  func testANoteInATightListIsAParagraphAfterABlankLine() throws {
    XCTAssertEqual(
      try rewrite("- a\n- b\n", setNote("About a.", of: 0)), "- a\n\n  About a.\n- b\n")
    let again = try OutlineFormat.markdown.read(Array("- a\n\n  About a.\n- b\n".utf8))
    XCTAssertEqual(again.nodes.map(\.note), ["About a.", ""])
  }

  /// A new note under a heading that a blank line spaces from what follows it is written after
  /// that blank line, as the file's own text under headings is; under a stacked heading, right
  /// after it.
  func testANewNoteUnderASpacedHeadingFollowsItsBlankLine() throws {
    let changelog = "# Log\n\n## [1.1.1]\n\n### Added\n\n- Arabic\n"
    let noted = try rewrite(changelog, setNote("Translations only.", of: 1))
    XCTAssertEqual(noted, "# Log\n\n## [1.1.1]\n\nTranslations only.\n\n### Added\n\n- Arabic\n")
    XCTAssertEqual(try notes(noted)[1], "Translations only.")
    XCTAssertEqual(
      try rewrite("## H\n### A\n", setNote("n", of: 0)), "## H\nn\n### A\n")
    // The blank lines that end the file are the file's, not the heading's.
    XCTAssertEqual(try rewrite("## H\n\n", setNote("n", of: 0)), "## H\nn\n\n")
  }

  /// A moved item's note moves and is re-indented with it; a new item's note is written under
  /// it.
  func testNotesMoveWithTheirItemsAndNewItemsGetTheirs() throws {
    let moved = try rewrite(Self.milk) { nodes in
      let milk = nodes.remove(at: 0)
      nodes[0].level = 0
      nodes.insert(
        OutlineDocument.Node(level: 1, text: milk.text, attributes: milk.attributes), at: 1)
      nodes[1].sourceNode = milk.sourceNode
    }
    XCTAssertEqual(
      moved,
      "- Oat\n  - Buy milk\n    Only the oat kind; the shop on the corner has it.\n\n"
        + "    Ask for the receipt.\n- Bread\n")
    XCTAssertEqual(try notes(moved)[1], try notes(Self.milk)[0])
    XCTAssertEqual(
      try rewrite("- A\n") { nodes in
        nodes.append(
          OutlineDocument.Node(
            level: 1, text: "New", attributes: [Attribute(name: "_note", value: "Its note.")]))
      },
      "- A\n  - New\n\n    Its note.\n")
  }

  /// A note line that would start a block gets a backslash, which reading removes; one the
  /// reader would still read back as something else is refused, naming the item.
  func testANoteLineThatStartsABlockIsEscapedAndOneThatCannotBeIsRefused() throws {
    let escaped =
      "Buy:\n- oat\n# Big\n> quote\n```\n---\n\\- as written\n<div>\n[x]: y\n1. one\n2) two"
    let written = try rewrite(Self.milk, setNote(escaped, of: 2))
    XCTAssertEqual(
      written,
      Self.milk + "\n  Buy:\n  \\- oat\n  \\# Big\n  \\> quote\n  \\```\n  \\---\n"
        + "  \\\\- as written\n  \\<div>\n  \\[x]: y\n  1\\. one\n  2\\) two\n")
    XCTAssertEqual(try notes(written)[2], escaped)
    XCTAssertEqual(try notes("- A\n  \\*not emphasis\\*\n"), ["\\*not emphasis\\*"])
    for text in ["- ```\n  code\n  ```\n", "- Bar\n  ---\n  baz\n", "- 1. one\n     two\n"] {
      XCTAssertTrue(
        problem(text, setNote("Note.", of: 0)).hasPrefix(
          "item 1 (\(text.prefix { $0 != "\n" }.dropFirst(2).debugDescription)): markdown cannot"
            + " hold a note here: the item's first line opens a block that runs on"),
        text)
    }
    for note in ["Buy:\n===", "ends\n", "\nstarts"] {
      XCTAssertTrue(
        problem(Self.milk, setNote(note, of: 2)).hasPrefix(
          "item 3 (\"Bread\"): markdown cannot hold the item's note as paragraphs"),
        note)
    }
  }

  /// A deleted child takes its lines, but not the blank line that ended its list; its
  /// parent's paragraph after it then reads as part of the parent's note, a paragraph of its
  /// own, which is no loss and no refusal.
  func testDeletingTheBlockThatEndedANoteIsAllowed() throws {
    XCTAssertEqual(
      try rewrite("# H\nIntro.\n- x\n\nAfter.\n") { $0.remove(at: 1) },
      "# H\nIntro.\n\nAfter.\n")
  }

  // MARK: Writing a new list

  func testAListMadeByCommandsWritesNotesAsParagraphs() throws {
    let document = OutlineDocument(nodes: [
      OutlineDocument.Node(
        level: 0, text: "A", attributes: [Attribute(name: "_note", value: "a\n\nb")]),
      OutlineDocument.Node(level: 1, text: "", attributes: [Attribute(name: "_note", value: "e")]),
      OutlineDocument.Node(level: 1, text: "", attributes: [Attribute(name: "type", value: "x")]),
    ])
    let bytes = try OutlineFormat.markdown.write(document)
    XCTAssertEqual(
      String(decoding: bytes, as: UTF8.self), "- A\n\n  a\n\n  b\n\n  -\n    e\n\n  -\n")
    XCTAssertEqual(try notes(String(decoding: bytes, as: UTF8.self)), ["a\n\nb", "e", ""])
    var bad = document
    bad.nodes[0].attributes = [Attribute(name: "_note", value: "one\n===")]
    XCTAssertThrowsError(try OutlineFormat.markdown.write(bad))
  }
}
