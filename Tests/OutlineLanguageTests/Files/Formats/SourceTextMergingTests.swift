import XCTest

@testable import OutlineLanguage

/// Another file's items merged after a file's own (`SourceText+Merging`), for a save that
/// writes an item that came from it: its lines follow, in this file's line ending, and its
/// nodes, renumbered, still name their titles, notes and pieces.
final class SourceTextMergingTests: XCTestCase {
  func source(_ text: String) throws -> SourceText {
    try XCTUnwrap(try OutlineFormat.markdown.read(Array(text.utf8)).source)
  }

  /// The other file's lines take this file's ending; its nodes keep their titles and notes,
  /// a summit's parent is `otherSummit`, a child's its renumbered parent; this file's own
  /// counts, lines and document pieces are as they were.
  func testTheOtherFilesLinesAndNodesFollowThisFilesOwn() throws {
    let main = try source("# Main\n\nIntro.\n- A\n")
    let side = try source("preamble\r\n\r\n- X\r\n  Note of X.\r\n  - Y\r\n    > quote")
    let (merged, offsets) = main.merging([side])
    XCTAssertEqual(offsets, [main.nodes.count])
    XCTAssertEqual(
      String(decoding: merged.bytes, as: UTF8.self),
      "# Main\n\nIntro.\n- A\n" + "preamble\n\n- X\n  Note of X.\n  - Y\n    > quote\n")
    XCTAssertEqual(merged.ownLineCount, main.lineCount)
    XCTAssertEqual(merged.ownNodeCount, main.nodes.count)
    XCTAssertEqual(merged.lineEnding, main.lineEnding)
    XCTAssertEqual(merged.pieces, main.pieces)
    let x = offsets[0]
    XCTAssertEqual(merged.nodes[x].parent, SourceText.otherSummit)
    XCTAssertEqual(merged.nodes[x + 1].parent, x)
    XCTAssertEqual(merged.title(of: x), "X")
    XCTAssertEqual(merged.title(of: x + 1), "Y")
    XCTAssertEqual(merged.note(of: x), "Note of X.")
    XCTAssertEqual(merged.ownBlocks(of: x + 1).kinds, ["a block quote"])
    for index in main.nodes.indices {
      XCTAssertEqual(merged.title(of: index), main.title(of: index))
    }
  }

  /// Two other files follow one another, each renumbered past the one before.
  func testTwoOtherFilesAreRenumberedInTurn() throws {
    let main = try source("- A\n")
    let (merged, offsets) = main.merging([try source("- X\n- Y\n"), try source("- Z\n")])
    XCTAssertEqual(offsets, [1, 3])
    XCTAssertEqual((0..<4).map { merged.title(of: $0) }, ["A", "X", "Y", "Z"])
    XCTAssertEqual(merged.nodes[3].head, 3..<4)
  }
}
