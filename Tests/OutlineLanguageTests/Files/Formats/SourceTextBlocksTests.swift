import XCTest

@testable import OutlineLanguage

/// What an item holds in its file besides its head and note (`SourceText+Blocks`): its own
/// lines that are not blank, and the kinds of blocks they start.
final class SourceTextBlocksTests: XCTestCase {
  func blocks(_ text: String) throws -> [String] {
    let source = try XCTUnwrap(try OutlineFormat.markdown.read(Array(text.utf8)).source)
    return source.nodes.indices.map { index in
      let (lines, kinds) = source.ownBlocks(of: index)
      return "\(lines) \(kinds.joined(separator: ", "))"
    }
  }

  /// The note is not counted; each block's kind is named once, in file order.
  func testANotesBlocksAreCountedByKind() throws {
    let text =
      "- Deploy\n  Friday only.\n\n  > Ask ops first.\n  > Twice.\n\n  | a | b |\n  |---|---|\n"
      + "\n  <br>\n\n  More text.\n\n  > Again.\n- Plain\n"
    XCTAssertEqual(try blocks(text), ["7 a block quote, a table, HTML, text", "0 "])
  }

  /// A fence's lines are one code block, blank lines and quote marks inside it included.
  func testAFencedBlockIsOneBlock() throws {
    let text = "# Build\n\n~~~\n> not a quote\n\n| nor a table\n~~~\n> a quote\n\n- Step\n"
    XCTAssertEqual(try blocks(text), ["5 a code block, a block quote", "0 "])
  }

  /// A setext heading's text lines after its title count, its underline does not; a one-line
  /// setext heading and an ATX heading have none.
  func testASetextHeadingsOtherLinesAreCounted() throws {
    let text = "Fruit and\nvegetables\n=========\n\nRipe\n-----\n\n## Later\n"
    XCTAssertEqual(try blocks(text), ["1 the rest of its heading", "0 ", "0 "])
    let source = try XCTUnwrap(try OutlineFormat.markdown.read(Array(text.utf8)).source)
    XCTAssertEqual(source.blockText(of: 0), "vegetables")
    XCTAssertNil(source.blockText(of: 1))
    let two = "A\nB\nC\n===\n\n  ```\n  x\n  ```\n"
    XCTAssertEqual(try blocks(two), ["5 the rest of its heading, a code block"])
    let twoSource = try XCTUnwrap(try OutlineFormat.markdown.read(Array(two.utf8)).source)
    XCTAssertEqual(twoSource.blockText(of: 0), "B\nC\n\n  ```\n  x\n  ```")
  }

  /// Indented text has no blocks: an item's blank lines are not counted.
  func testBlankLinesAreNotCounted() throws {
    let source = try XCTUnwrap(try OutlineFormat.text.read(Array("A\n\n\tB\n".utf8)).source)
    XCTAssertEqual(source.ownBlocks(of: 0).lines, 0)
  }
}
