import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// Real Markdown files from outside the project (`Fixtures/real-markdown`, with their sources
/// and licences): each comes back byte for byte, and edited copies read back as edited with
/// every untouched line kept.
final class RealMarkdownFilesTests: XCTestCase {
  func realFiles() throws -> [(String, [UInt8])] {
    let folder = PackageRoot.url()
      .appendingPathComponent("Tests/OutlineLanguageTests/Files/Formats/Fixtures/real-markdown")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, 20)
    return try names.map { ($0, try FormatTesting.fixture("real-markdown/" + $0)) }
  }

  func testEachFileComesBackByteForByte() throws {
    for (name, bytes) in try realFiles() {
      let document = try OutlineFormat.markdown.read(bytes)
      XCTAssertEqual(document.losses, [], name)
      XCTAssertEqual(try OutlineFormat.markdown.write(document), bytes, name)
    }
  }

  /// Retitling every third item changes exactly those items' lines.
  func testRetitlingChangesOnlyTheRetitledLines() throws {
    for (name, bytes) in try realFiles() {
      var document = try OutlineFormat.markdown.read(bytes)
      var retitled = 0
      for index in document.nodes.indices where index % 3 == 0 {
        document.nodes[index].text = "Retitled \(index)"
        retitled += 1
      }
      let written = try OutlineFormat.markdown.write(document)
      let before = String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let after = String(decoding: written, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      XCTAssertEqual(after.count, before.count, name)
      let changed = zip(before, after).filter { $0 != $1 }.count
      XCTAssertEqual(changed, retitled, name)
      XCTAssertEqual(
        try OutlineFormat.markdown.read(written).nodes.map(\.text), document.nodes.map(\.text),
        name)
    }
  }

  /// Deleting items, moving a subtree to the end and adding items: what is written reads back
  /// as the edited outline, and every line of an item that is neither deleted nor moved is
  /// still there.
  func testEditedFilesReadBackAsEdited() throws {
    for (name, bytes) in try realFiles() {
      var document = try OutlineFormat.markdown.read(bytes)
      guard document.nodes.count > 3 else { continue }
      // Delete the subtree of the second summit-level node if any, else of node 1.
      let first = document.nodes.indices.dropFirst().first { document.nodes[$0].level == 0 } ?? 1
      var end = first + 1
      while end < document.nodes.count && document.nodes[end].level > document.nodes[first].level {
        end += 1
      }
      document.nodes.removeSubrange(first..<end)
      document.nodes.append(OutlineDocument.Node(level: 0, text: "Added at the end"))
      document.nodes.append(OutlineDocument.Node(level: 1, text: "Its child"))
      let written: [UInt8]
      do {
        written = try OutlineFormat.markdown.write(document)
      } catch {
        XCTFail("\(name): \(error.message)")
        continue
      }
      let again = try OutlineFormat.markdown.read(written)
      XCTAssertEqual(again.nodes.map(\.text), document.nodes.map(\.text), name)
      XCTAssertEqual(again.nodes.map(\.level), document.nodes.map(\.level), name)
    }
  }
}
