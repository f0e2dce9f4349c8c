import OutlineLanguage
import XCTest

/// `note` and `attr`: an item's note and attributes, content beside the identifier, so a
/// visible item's cell is reconfigured and `undo` takes the change back.
final class InterpreterNotesTests: XCTestCase {
  static let opml =
    #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Feeds">"#
    + #"<outline text="Blog" xmlUrl="https://example.com/feed" _note="Ana's"/>"#
    + #"<outline text="News" title="News" xmlUrl="http://news.example/rss"/></outline>"#
    + #"</body></opml>"#

  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["f.opml": Self.opml])
    let session = Session(fileSystem: files)
    run(session, "load f.opml\nexpand Feeds")
    return (session, files)
  }

  func testNoteReadsSetsAndClearsTheNoteAttribute() throws {
    let (session, files) = session()
    XCTAssertEqual(run(session, "note Blog").result, .lines(["Ana's"]))
    XCTAssertEqual(run(session, "note News").result, .lines([]))
    let set = run(session, "note News \"daily\\u{A}headlines\"")
    XCTAssertEqual(set.reconfigured, ["News"])
    XCTAssertEqual(run(session, "note News").result, .lines(["daily", "headlines"]))
    XCTAssertEqual(run(session, "note Blog \"\"").reconfigured, ["Blog"])
    XCTAssertEqual(run(session, "note Blog").result, .lines([]))
    run(session, "export out.opml")
    XCTAssertEqual(
      files.text(of: "out.opml")?.contains(#"_note="daily&#10;headlines""#), true,
      files.text(of: "out.opml") ?? "")
    XCTAssertEqual(files.text(of: "out.opml")?.contains("Ana's"), false)
    run(session, "undo")
    XCTAssertEqual(run(session, "note Blog").result, .lines(["Ana's"]))
    XCTAssertEqual(
      run(session, "note Blog \"Ana's\"").note, "Blog's note is already Ana's")
  }

  func testAttrListsSetsAndRemovesAttributesInTheirOrder() throws {
    let (session, _) = session()
    XCTAssertEqual(
      run(session, "attr Blog").result,
      .lines(["xmlUrl https://example.com/feed", "_note Ana's"]))
    run(session, "attr Blog xmlUrl https://example.com/rss")
    run(session, "attr Blog type rss")
    XCTAssertEqual(
      run(session, "attr Blog").result,
      .lines(["xmlUrl https://example.com/rss", "_note Ana's", "type rss"]))
    XCTAssertEqual(run(session, "attr Blog type --delete").reconfigured, ["Blog"])
    XCTAssertEqual(
      run(session, "attr Blog type --delete").note, "Blog has no attribute type: nothing changed")
    XCTAssertEqual(run(session, "find \"*/rss\" --in attrs").result?.items, ["Blog", "News"])
  }

  /// A hidden item's content changes with a note, no cell reconfigured; a batch changes it at
  /// once and applies nothing until `apply`.
  func testAHiddenItemOrABatchReconfiguresNoCell() {
    let (session, _) = session()
    run(session, "collapse Feeds")
    let hidden = run(session, "note Blog later")
    XCTAssertEqual(hidden.reconfigured, [])
    XCTAssertEqual(
      hidden.note,
      "Blog is hidden: its note changed, and no cell is reconfigured (reconfigureItems takes"
        + " visible items only)")
    run(session, "begin")
    XCTAssertNil(run(session, "attr Blog type rss").transaction)
    run(session, "discard")
    XCTAssertEqual(
      run(session, "attr Blog").result, .lines(["xmlUrl https://example.com/feed", "_note later"]))
  }

  /// `retitle` keeps an OPML `title` attribute that said the same in step.
  func testRetitleUpdatesATitleAttributeThatEqualledTheText() {
    let (session, _) = session()
    run(session, "retitle News \"World news\"")
    XCTAssertEqual(
      run(session, "attr News").result,
      .lines(["title \"World news\"", "xmlUrl http://news.example/rss"]))
  }

  func testErrorsChangeNothing() {
    let (session, _) = session()
    assertFails(session, "note Nope x", .unknownItem)
    assertFails(session, "attr Nope", .unknownItem)
    assertFails(
      session, "attr Blog text x", .refused,
      "Blog's \"text\" attribute is its title: use retitle to change it")
    assertFails(session, "attr Blog text --delete", .refused)
    assertFails(session, "attr Blog xmlUrl", .syntax)
    assertFails(session, "attr Blog --delete", .syntax)
  }

  func testParsingAndPrinting() throws {
    let cases: [(Command, String)] = [
      (.editing(.note("A", nil)), "note A"),
      (.editing(.note("A b", "")), #"note "A b" """#),
      (.editing(.attr("A", nil)), "attr A"),
      (.editing(.attr("A", .set("url", "https://x"))), "attr A url https://x"),
      (.editing(.attr("A", .delete("type"))), "attr A type --delete"),
    ]
    for (command, text) in cases {
      XCTAssertEqual(command.description, text)
      XCTAssertEqual(try CommandParser.parse(command: text), command)
    }
  }
}
