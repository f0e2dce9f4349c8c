import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// Real OPML files from other programs (`Fixtures/real`, where each came from in its README):
/// each loads with no loss, comes back byte for byte from a no-op write, and after an edit
/// changes only the edited element's line.
final class OPMLRealFilesTests: XCTestCase {
  static let names = ["drummer-states.opml", "opml-editor-07.opml", "categories.opml"]

  func testEachRealFileComesBackByteForByte() throws {
    for name in Self.names {
      let bytes = try FormatTesting.fixture("real/" + name)
      let document = try OutlineFormat.opml.read(bytes)
      XCTAssertEqual(document.losses, [], name)
      XCTAssertFalse(document.nodes.isEmpty, name)
      XCTAssertEqual(try OutlineFormat.opml.write(document), bytes, name)
    }
  }

  func testARetitledItemChangesOnlyItsOwnLine() throws {
    for name in Self.names {
      let bytes = try FormatTesting.fixture("real/" + name)
      var document = try OutlineFormat.opml.read(bytes)
      let last = document.nodes.count - 1
      document.nodes[last].text = "Retitled ☃"
      let written = try OutlineFormat.opml.write(document)
      let before = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let after = written.split(separator: 0x0A, omittingEmptySubsequences: false)
      XCTAssertEqual(before.count, after.count, name)
      let changed = zip(before, after).filter { $0.0 != $0.1 }
      XCTAssertEqual(changed.count, 1, name)
      let again = try OutlineFormat.opml.read(written)
      XCTAssertEqual(again.nodes[last].text, "Retitled ☃", name)
      XCTAssertEqual(again.plainNodes.dropLast(), document.plainNodes.dropLast(), name)
    }
  }

  /// A new parent in a Drummer file closes as Drummer closes its elements, one level deeper
  /// than its start tag; in a file that closes at the start tag's level, at that level.
  func testANewParentClosesAsTheFileClosesItsElements() throws {
    var document = try OutlineFormat.opml.read(FormatTesting.fixture("real/drummer-states.opml"))
    let alaska = try XCTUnwrap(document.nodes.firstIndex { $0.text == "Alaska" })
    let level = document.nodes[alaska].level
    document.nodes.insert(OutlineDocument.Node(level: level, text: "New"), at: alaska)
    document.nodes[alaska + 1].level += 1
    let text = String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
    XCTAssertTrue(
      text.contains(
        "\t\t\t\t<outline text=\"New\">\n\t\t\t\t\t<outline text=\"Alaska\" created=\"Tue, 15 Mar"
          + " 2005 16:35:45 GMT\"/>\n\t\t\t\t\t</outline>\n"), text)
    let plain = Array(
      ("<opml version=\"2.0\">\n  <body>\n    <outline text=\"a\">\n      <outline text=\"b\"/>\n"
        + "    </outline>\n    <outline text=\"c\"/>\n  </body>\n</opml>\n").utf8)
    var other = try OutlineFormat.opml.read(plain)
    other.nodes[2].level = 1
    other.nodes.insert(OutlineDocument.Node(level: 0, text: "New"), at: 2)
    XCTAssertEqual(
      String(decoding: try OutlineFormat.opml.write(other), as: UTF8.self),
      "<opml version=\"2.0\">\n  <body>\n    <outline text=\"a\">\n      <outline text=\"b\"/>\n"
        + "    </outline>\n    <outline text=\"New\">\n      <outline text=\"c\"/>\n    </outline>\n"
        + "  </body>\n</opml>\n")
  }

  func testTheDrummerFileReadsFromOneAndAnExpansionIsWrittenSo() throws {
    var document = try OutlineFormat.opml.read(FormatTesting.fixture("real/drummer-states.opml"))
    XCTAssertEqual(document.notes, [])
    XCTAssertEqual(
      document.nodes.filter(\.expanded).map(\.text), ["United States", "Mid-Atlantic"])
    let south = try XCTUnwrap(document.nodes.firstIndex { $0.text == "South" })
    document.nodes[south].expanded = true
    let text = String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
    XCTAssertTrue(text.contains("<expansionState>1,4,13</expansionState>"), text)
  }
}
