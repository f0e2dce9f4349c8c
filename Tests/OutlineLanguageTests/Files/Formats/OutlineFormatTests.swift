import XCTest

@testable import OutlineLanguage

/// `OutlineFormat`: the format an extension or a `--format` name gives.
final class OutlineFormatTests: XCTestCase {
  func testTheExtensionGivesTheFormatAndAnyOtherIsNative() {
    let cases: [(String, OutlineFormat)] = [
      ("notes.opml", .opml), ("a/b.OPML", .opml), ("list.md", .markdown),
      ("list.markdown", .markdown), ("plain.txt", .text), ("save.json", .native),
      ("save", .native), ("dir.md/file", .native), (".md", .native), ("x.yaml", .native),
      ("archive.tar.md", .markdown),
    ]
    for (path, format) in cases {
      XCTAssertEqual(OutlineFormat(path: path), format, path)
    }
  }

  func testFormatNames() {
    XCTAssertEqual(OutlineFormat(name: "json"), .native)
    XCTAssertEqual(OutlineFormat(name: "NATIVE"), .native)
    XCTAssertEqual(OutlineFormat(name: "md"), .markdown)
    XCTAssertEqual(OutlineFormat(name: "txt"), .text)
    XCTAssertEqual(OutlineFormat(name: "opml"), .opml)
    XCTAssertNil(OutlineFormat(name: "yaml"))
    for name in OutlineFormat.names { XCTAssertNotNil(OutlineFormat(name: name), name) }
  }

  func testTheNativeFileIsNotAnOutlineFormat() {
    XCTAssertThrowsError(try OutlineFormat.native.read([]))
    XCTAssertThrowsError(try OutlineFormat.native.write(OutlineDocument()))
  }
}
