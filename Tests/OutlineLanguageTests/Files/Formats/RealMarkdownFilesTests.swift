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

  /// Every item given a note of two paragraphs (in place of its paragraphs, or after its line)
  /// reads back with those notes and titles, and every line that was no note's is still there,
  /// in order.
  func testRewritingEveryNoteReadsBackAndKeepsEveryOtherLine() throws {
    var notes = 0
    var refused: [String] = []
    for (name, bytes) in try realFiles() {
      var document = try OutlineFormat.markdown.read(bytes)
      let source = try XCTUnwrap(document.source)
      notes += document.nodes.filter { !$0.note.isEmpty }.count
      var noteLines = Set<Int>()
      for node in source.nodes { noteLines.formUnion(node.note) }
      // An item whose first line opens a longer block (a fence, a setext heading, a list)
      // cannot have paragraphs right after that line: such a note is refused, and is left out
      // here.
      for index in document.nodes.indices {
        var one = document
        // The note set, a task's box (`_status`) kept.
        one.nodes[index].attributes.removeAll { $0.name == "_note" }
        one.nodes[index].attributes.append(
          Attribute(name: "_note", value: "Note \(index).\n\nIts second paragraph."))
        if (try? OutlineFormat.markdown.write(one)) == nil {
          refused.append("\(name): \(document.nodes[index].text)")
        } else {
          document.nodes[index].attributes = one.nodes[index].attributes
        }
      }
      guard let written = writtenOrFail(document, name) else { continue }
      let again = try OutlineFormat.markdown.read(written)
      XCTAssertEqual(again.nodes.map(\.note), document.nodes.map(\.note), name)
      XCTAssertEqual(again.nodes.map(\.text), document.nodes.map(\.text), name)
      func text(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
      }
      let starts = SourceText.lineStarts(of: written)
      let out = starts.indices.map { index in
        text(
          written[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : written.count)])
      }
      var remaining = out[...]
      for line in 0..<source.lineCount where !noteLines.contains(line) {
        let kept = text(source.line(line))
        guard let found = remaining.firstIndex(of: kept) else {
          XCTFail("\(name): line \(line + 1) \(kept.debugDescription) is gone")
          break
        }
        remaining = remaining[(found + 1)...]
      }
    }
    XCTAssertGreaterThan(notes, 0, "the real files have notes")
    // Logseq's `- 1. …` items open a numbered list on their first line, which runs on; spec
    // example 261's `- Bar` is a setext heading.
    XCTAssertEqual(
      refused.map { $0.prefix(30) },
      [
        "logseq-docs-properties.md: 1. ", "logseq-docs-properties.md: 2. ",
        "logseq-docs-properties.md: 3. ", "spec-261.md: Bar", "spec-277.md: ```",
      ])
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
      guard let written = writtenOrFail(document, name) else { continue }
      let again = try OutlineFormat.markdown.read(written)
      XCTAssertEqual(again.nodes.map(\.text), document.nodes.map(\.text), name)
      XCTAssertEqual(again.nodes.map(\.level), document.nodes.map(\.level), name)
    }
  }

  /// Deleting any one item (its subtree) takes its own lines and no other: every other line is
  /// still there, in order, with nothing between them but a blank line a form needs (a
  /// paragraph after a list does not move to the end of the next section).
  func testDeletingAnyItemTakesItsOwnLinesAndMovesNoOther() throws {
    for (name, bytes) in try realFiles() {
      let document = try OutlineFormat.markdown.read(bytes)
      let source = try XCTUnwrap(document.source)
      for first in document.nodes.indices {
        var end = first + 1
        while end < document.nodes.count, document.nodes[end].level > document.nodes[first].level {
          end += 1
        }
        var own = Set<Int>()
        for node in source.nodes[first..<end] {
          own.formUnion(node.head)
          for piece in node.pieces { own.formUnion(piece.lines) }
        }
        var edited = document
        edited.nodes.removeSubrange(first..<end)
        guard let written = try? OutlineFormat.markdown.write(edited) else { continue }
        let kept = (0..<source.lineCount).filter { !own.contains($0) }.map {
          Self.text(source.line($0))
        }
        let starts = SourceText.lineStarts(of: written)
        var remaining = kept[...]
        for index in starts.indices {
          let line = Self.text(
            written[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : written.count)])
          if remaining.first == line {
            remaining.removeFirst()
          } else if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            XCTFail("\(name), item \(first) deleted: line \(index + 1) \(line.debugDescription)")
            break
          }
        }
        XCTAssertEqual(remaining.first, nil, "\(name), item \(first) deleted: a line is gone")
      }
    }
  }

  /// A line's text without its ending.
  static func text(_ line: ArraySlice<UInt8>) -> String {
    String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  /// `document` written as Markdown, or nil after failing the test with `name` and the error.
  private func writtenOrFail(_ document: OutlineDocument, _ name: String) -> [UInt8]? {
    do {
      return try OutlineFormat.markdown.write(document)
    } catch {
      XCTFail("\(name): \(error.message)")
      return nil
    }
  }
}
