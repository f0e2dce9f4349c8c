import Foundation
import XCTest

/// The built binary on a Markdown file whose items have paragraphs: `note` prints and sets
/// them, `save` rewrites only those lines, a note Markdown cannot hold fails with the file
/// unchanged, and `--diff` sees a changed paragraph.
final class MarkdownNotesProcessTests: BinaryTestCase {
  static let file =
    "# Errands\r\n\r\n- Buy milk\r\n  Only the oat kind.\r\n\r\n  Ask for the receipt.\r\n"
    + "  - Oat\r\n- Bread"

  func outline(_ arguments: String...) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, stdin: "", home: home)
  }

  func path(_ name: String) -> String { home + "/" + name }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
  }

  func text(of name: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path(name))), as: UTF8.self)
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try write(Self.file, to: "list.md")
  }

  func testNoteReadsAndRewritesOnlyTheParagraphs() throws {
    let read = try outline("-q", "-c", "load list.md; note \"Buy milk\"; save list.md")
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertEqual(read.stdout, "Only the oat kind.\n\nAsk for the receipt.\n")
    XCTAssertEqual(try text(of: "list.md"), Self.file)
    let set = try outline(
      "-q", "-c", "load list.md; note \"Buy milk\" \"Oat only.\"; note Bread Rye; save list.md")
    XCTAssertEqual(set.status, 0, set.stderr)
    XCTAssertEqual(set.stderr, "")
    XCTAssertEqual(
      try text(of: "list.md"),
      "# Errands\r\n\r\n- Buy milk\r\n  Oat only.\r\n  - Oat\r\n- Bread\r\n\r\n  Rye")
  }

  func testANoteMarkdownCannotHoldFailsAndKeepsTheFile() throws {
    let result = try outline(
      "-q", "-c", "load list.md; note Oat \"Not a heading\\u{A}===\"; save list.md")
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(
      result.stderr.contains("cannot save list.md: @2 (Oat): markdown cannot hold"),
      result.stderr)
    XCTAssertEqual(try text(of: "list.md"), Self.file)
  }

  func testDiffSeesAChangedParagraph() throws {
    try write(Self.file.replacingOccurrences(of: "the receipt", with: "a bag"), to: "bag.md")
    let result = try outline("--diff", "list.md", "bag.md")
    XCTAssertEqual(result.status, 1, result.stderr)
    // A note, with both texts: not "attribute _note".
    XCTAssertTrue(
      result.stdout.contains(
        #"~ "Buy milk": note "Only the oat kind.↵↵Ask for the receipt." → "#
          + #""Only the oat kind.↵↵Ask for a bag.""#), result.stdout)
    XCTAssertFalse(result.stdout.contains("_note"), result.stdout)
    XCTAssertEqual(try outline("--diff", "list.md", "list.md").status, 0)
  }
}
