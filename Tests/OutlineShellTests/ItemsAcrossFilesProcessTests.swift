import Foundation
import XCTest

/// The built binary with two Markdown files in two sections: an item cut from one and pasted
/// into the other is saved there with its code block and quote, and an OPML file refuses it,
/// naming it, and is left as it was.
final class ItemsAcrossFilesProcessTests: BinaryTestCase {
  static let alpha = "- Alpha\r\n\r\n  ```swift\r\n  let x = 1\r\n  ```\r\n\r\n  > quoted\r\n\r\n"
  static let opml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head/>\n  <body>\n"
    + "    <outline text=\"Z\"/>\n  </body>\n</opml>\n"

  /// The file `name` in the test's directory.
  func url(_ name: String) -> URL { URL(fileURLWithPath: home + "/" + name) }

  /// The text of the file `name`.
  func text(of name: String) throws -> String {
    String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    for (name, text) in [
      ("a.md", Self.alpha + "- Beta\r\n"), ("b.md", "1. One\n2. Two\n"), ("z.opml", Self.opml),
    ] {
      try Data(text.utf8).write(to: url(name))
    }
  }

  func testACutPastedIntoAnotherFileKeepsItsLinesAndOPMLRefusesThem() throws {
    let sections = "load a.md; section add b; section use b; load b.md; section use main"
    let pasted = try OutlineBinary.run(
      [
        "-q", "-c",
        "\(sections); cut Alpha; section use b; paste after Two; save; section use main; save",
      ], stdin: "", home: home)
    XCTAssertEqual(pasted.status, 0, pasted.stderr)
    XCTAssertEqual(pasted.stderr, "")
    // The CR LF lines take b.md's LF.
    XCTAssertEqual(
      try text(of: "b.md"),
      "1. One\n2. Two\n" + Self.alpha.replacingOccurrences(of: "\r\n", with: "\n"))
    XCTAssertEqual(try text(of: "a.md"), "- Beta\r\n")

    let refused = try OutlineBinary.run(
      ["-q", "-c", "load z.opml; import b.md; save"], stdin: "", home: home)
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(
      refused.stderr.contains(
        "cannot save z.opml: @3 (Alpha): it came from another Markdown file with 4 "
          + "lines besides its title and note (a code block, a block quote), which opml cannot "
          + "hold; move it into a Markdown file's section to keep them, or save --force to "
          + "drop them"), refused.stderr)
    XCTAssertEqual(try text(of: "z.opml"), Self.opml)
  }
}
