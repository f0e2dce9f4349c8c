import OutlineLanguage
import XCTest

/// The native save file keeps where an item from another Markdown or text file came from
/// (`"file": K` and the top-level `"files"`, version 3), so that `save a.json; load a.json;
/// save b.md` writes its lines as a save before the round trip did.
final class SaveFileOtherFilesTests: XCTestCase {
  /// An item with a code block and a quote, its paragraph as note.
  static let alpha = "- Alpha\n  Its note.\n\n  ```sh\n  make\n  ```\n\n  > quoted\n- Beta\n"
  static let main = "- One\n- Two\n"

  /// A session with main.md in section main and alpha.md in section side; main current.
  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["main.md": Self.main, "alpha.md": Self.alpha])
    let session = Session(fileSystem: files)
    run(
      session,
      "load main.md\nsection add side\nsection use side\nload alpha.md\nsection use main")
    return (session, files)
  }

  /// A moved item and an imported one, saved to the native file and loaded back, are written
  /// into Markdown from their own lines, as they were before the round trip.
  func testItemsFromOtherFilesKeepTheirLinesThroughTheNativeFile() {
    let (session, files) = session()
    run(session, "section use side\nmove Alpha to-section main after One\nsection use main")
    run(session, "import alpha.md\nexport before.md")
    let before = files.text(of: "before.md")
    XCTAssertEqual(
      before,
      "- One\n- Alpha\n  Its note.\n\n  ```sh\n  make\n  ```\n\n  > quoted\n- Two\n"
        + "- Alpha\n  Its note.\n\n  ```sh\n  make\n  ```\n\n  > quoted\n- Beta\n")
    run(session, "save both.json")
    let saved = files.text(of: "both.json") ?? ""
    XCTAssertTrue(saved.contains("\"version\": 3,"), saved)
    XCTAssertTrue(
      saved.contains(
        #"{"item": "Alpha", "level": 0, "attributes": {"_note": "Its note."}, "file": 0, "#
          + #""node": 0}"#), saved)
    XCTAssertTrue(
      saved.contains(
        #"{"item": "Alpha (2)", "level": 0, "title": "Alpha", "attributes": {"_note": "#
          + #""Its note."}, "file": 1, "node": 0}"#), saved)
    XCTAssertTrue(
      saved.hasSuffix(
        "  \"files\": [\n    {\"section\": \"side\"},\n    {\"format\": \"markdown\", \"text\": "
          + "\"- Alpha\\n  Its note.\\n\\n  ```sh\\n  make\\n  ```\\n\\n  > quoted\\n- Beta\\n\"}"
          + "\n  ]\n}\n"), saved)

    let loaded = Session(fileSystem: files)
    run(loaded, "load both.json\nexport after.md\nsave again.json")
    XCTAssertEqual(files.text(of: "after.md"), before)
    XCTAssertEqual(files.text(of: "again.json"), saved)
    // Moved back, Alpha is its file's own again: side.md's lines, in their place.
    run(loaded, "move Alpha to-section side before Beta\nsection use side\nexport side.md")
    XCTAssertEqual(files.text(of: "side.md"), Self.alpha)
    // What cannot be held is still refused after the round trip.
    run(loaded, "section use main")
    assertFails(
      loaded, "export x.opml", .io,
      "cannot export x.opml: @2 (\"Alpha (2)\", titled \"Alpha\"): it came from another "
        + "Markdown file with 4 lines besides its title and note (a code block, a block quote), "
        + "which opml cannot hold; move it into a Markdown file's section to keep them, or "
        + "export --force to drop them")
  }

  /// A file whose items came from no other file is still version 2, as before.
  func testAFileWithoutOtherFilesIsVersionTwo() {
    let (session, files) = session()
    run(session, "save plain.json")
    let saved = files.text(of: "plain.json") ?? ""
    XCTAssertTrue(saved.contains("\"version\": 2,"), saved)
    XCTAssertFalse(saved.contains("\"files\""), saved)
    XCTAssertFalse(saved.contains("\"file\""), saved)
  }

  /// Each wrong reference is refused, naming its place, and the session keeps what it had.
  func testAWrongFileOrNodeIsRefused() {
    func file(_ item: String, files: String) -> String {
      #"{"format": "outline", "version": 3, "section": "main", "sections": [{"name": "main", "#
        + #""items": [\#(item)]}], "rules": [], "snapshots": [], "files": [\#(files)]}"#
    }
    let text = #"{"format": "markdown", "text": "- A\n"}"#
    for (bytes, message) in [
      (
        file(#"{"item": "A", "level": 0, "file": 1, "node": 0}"#, files: text),
        "sections[0].items[0].file: 1 is not one of \"files\" (it has 1)"
      ),
      (
        file(#"{"item": "A", "level": 0, "file": 0, "node": 3}"#, files: text),
        "sections[0].items[0].node: 3 is not a line of files[0] (it has 1 item)"
      ),
      (
        file(#"{"item": "A", "level": 0, "file": 0}"#, files: text),
        "sections[0].items[0].file: the item names no line of it (\"node\" or \"copyOf\")"
      ),
      (
        file(#"{"item": "A", "level": 0, "file": 0, "node": 0}"#, files: #"{"section": "x"}"#),
        "files[0].section: section x has no source"
      ),
      (
        file(#"{"item": "A", "level": 0, "file": 0, "node": 0}"#, files: #"{"text": "- A"}"#),
        "files[0]: expected {\"format\": …, \"text\": …} or {\"section\": …}"
      ),
      (
        file(
          #"{"item": "A", "level": 0, "file": 0, "node": 0}"#,
          files: #"{"format": "opml", "text": ""}"#),
        "files[0].format: \"opml\" is not markdown or text"
      ),
    ] {
      let files = MemoryFileSystem(["bad.json": bytes, "keep.md": "- Keep\n"])
      let session = Session(fileSystem: files)
      run(session, "load keep.md")
      assertFails(session, "load bad.json", .io, "cannot load bad.json: " + message)
      XCTAssertEqual(session.outline.items, ["Keep"])
    }
  }
}
