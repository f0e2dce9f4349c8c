import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// Writer → reader round trips over random documents (random levels, odd texts, unicode):
/// OPML keeps everything a file can say; Markdown and text keep texts, order and levels.
final class FormatRoundTripTests: XCTestCase {
  func testOPMLKeepsItemsOrderLevelsExpansionAttributesAndHead() throws {
    var random = SplitMix64(seed: SplitMix64.seed())
    for round in 0..<200 {
      let document = FormatTesting.randomDocument(
        count: Int.random(in: 0..<40, using: &random), using: &random, opml: true)
      let again = try OutlineFormat.opml.read(OutlineFormat.opml.write(document))
      XCTAssertEqual(again.plainNodes, document.nodes, "\(random) round \(round)")
      XCTAssertEqual(again.head, document.head, "\(random) round \(round)")
      XCTAssertEqual(again.notes, [], "\(random) round \(round)")
      XCTAssertEqual(again.losses, [], "\(random) round \(round)")
      // And once more: a second write is the same file.
      XCTAssertEqual(
        try OutlineFormat.opml.write(again), try OutlineFormat.opml.write(document),
        "\(random) round \(round)")
    }
  }

  func testMarkdownKeepsTextsOrderAndLevelsAndExpandsEveryParent() throws {
    var random = SplitMix64(seed: SplitMix64.seed())
    let texts = FormatTesting.oddTexts.filter(FormatTesting.markdownCanHold)
    for round in 0..<200 {
      var document = FormatTesting.randomDocument(
        count: Int.random(in: 0..<40, using: &random), using: &random, opml: false, texts: texts)
      for index in document.nodes.indices
      where !FormatTesting.markdownCanHold(document.nodes[index].text) {
        document.nodes[index].text = texts.randomElement(using: &random)!
      }
      let again = try OutlineFormat.markdown.read(OutlineFormat.markdown.write(document))
      XCTAssertEqual(
        again.nodes.map(\.text), document.nodes.map(\.text), "\(random) round \(round)")
      XCTAssertEqual(
        again.nodes.map(\.level), document.nodes.map(\.level), "\(random) round \(round)")
      XCTAssertEqual(
        again.nodes.indices.map { again.nodes[$0].expanded },
        again.nodes.indices.map { again.hasChildren($0) })
      XCTAssertEqual(again.notes, [], "\(random) round \(round)")
      XCTAssertEqual(again.losses, [], "\(random) round \(round)")
    }
  }

  func testTextKeepsTextsOrderAndLevels() throws {
    var random = SplitMix64(seed: SplitMix64.seed())
    let texts = FormatTesting.oddTexts.filter(FormatTesting.textFileCanHold)
    for round in 0..<200 {
      var document = FormatTesting.randomDocument(
        count: Int.random(in: 0..<40, using: &random), using: &random, opml: false, texts: texts)
      for index in document.nodes.indices
      where !FormatTesting.textFileCanHold(document.nodes[index].text) {
        document.nodes[index].text = texts.randomElement(using: &random)!
      }
      let again = try OutlineFormat.text.read(OutlineFormat.text.write(document))
      XCTAssertEqual(
        again.nodes.map(\.text), document.nodes.map(\.text), "\(random) round \(round)")
      XCTAssertEqual(
        again.nodes.map(\.level), document.nodes.map(\.level), "\(random) round \(round)")
      XCTAssertEqual(again.notes, [], "\(random) round \(round)")
      XCTAssertEqual(again.losses, [], "\(random) round \(round)")
    }
  }

  func testEachFormatReadsWhatAnotherWroteTheSame() throws {
    let opml = try OutlineFormat.opml.read(FormatTesting.fixture("outliner-notes.opml"))
    let markdown = try OutlineFormat.markdown.read(OutlineFormat.markdown.write(opml))
    let text = try OutlineFormat.text.read(OutlineFormat.text.write(markdown))
    let back = try OutlineFormat.opml.read(OutlineFormat.opml.write(text))
    XCTAssertEqual(back.nodes.map(\.text), opml.nodes.map(\.text))
    XCTAssertEqual(back.nodes.map(\.level), opml.nodes.map(\.level))
    XCTAssertEqual(back.nodes.map(\.expanded), markdown.nodes.map(\.expanded))
  }
}
