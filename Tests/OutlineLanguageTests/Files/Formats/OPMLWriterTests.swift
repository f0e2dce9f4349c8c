import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// `OPMLWriter`: the exact file, escaping, what it refuses, and real files written back.
final class OPMLWriterTests: XCTestCase {
  typealias Node = OutlineDocument.Node

  func testTheFileHeadThenBodyEscapedWithExpansionStateBeforeTheWindowFields() throws {
    let document = OutlineDocument(
      head: [.init(name: "title", value: "A & B"), .init(name: "windowTop", value: "10")],
      nodes: [
        Node(
          level: 0, text: "Trip \"2026\"", attributes: [.init(name: "_note", value: "a\nb\tc\r")],
          expanded: true),
        Node(level: 1, text: "<Book>", expanded: true),
        Node(level: 2, text: "pay"),
        Node(level: 0, text: "Home"),
      ])
    let text = String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
    XCTAssertEqual(
      text,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="2.0">
        <head>
          <title>A &amp; B</title>
          <expansionState>1,2</expansionState>
          <windowTop>10</windowTop>
        </head>
        <body>
          <outline text="Trip &quot;2026&quot;" _note="a&#10;b&#9;c&#13;">
            <outline text="&lt;Book&gt;">
              <outline text="pay"/>
            </outline>
          </outline>
          <outline text="Home"/>
        </body>
      </opml>

      """)
  }

  func testANodeWithoutTextIsWrittenWithoutOneWhileItsTextIsStillItsTitle() throws {
    let title = Attribute(name: "title", value: "Feed")
    let document = OutlineDocument(nodes: [
      Node(level: 0, text: "Feed", attributes: [title], hasText: false),
      Node(level: 0, text: "", hasText: false),
      Node(level: 0, text: "", hasText: true),
      Node(level: 0, text: "Renamed", attributes: [title], hasText: false),
      Node(level: 0, text: "Named", hasText: false),
    ])
    let text = String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
    XCTAssertTrue(
      text.hasSuffix(
        """
          <body>
            <outline title="Feed"/>
            <outline/>
            <outline text=""/>
            <outline text="Renamed" title="Feed"/>
            <outline text="Named"/>
          </body>
        </opml>

        """), text)
    let again = try OutlineFormat.opml.read(Array(text.utf8))
    XCTAssertEqual(again.nodes.map(\.text), ["Feed", "", "", "Renamed", "Named"])
    XCTAssertEqual(again.nodes.map(\.hasText), [false, false, true, true, true])
  }

  func testPlainValuesAndValuesWithReferencesAlike() throws {
    // A value with nothing to escape is copied whole; one with something is escaped byte by
    // byte; both read back the same.
    let texts = ["plain", "café 😀", "a&b", "<x>", "q\"", "tab\there", "é&", ""]
    let document = OutlineDocument(nodes: texts.map { Node(level: 0, text: $0) })
    let again = try OutlineFormat.opml.read(try OutlineFormat.opml.write(document))
    XCTAssertEqual(again.nodes.map(\.text), texts)
  }

  func testAnEmptyOutlineHasAnEmptyHeadAndBody() throws {
    let text = String(decoding: try OutlineFormat.opml.write(OutlineDocument()), as: UTF8.self)
    XCTAssertTrue(
      text.hasSuffix("<opml version=\"2.0\">\n  <head/>\n  <body>\n  </body>\n</opml>\n"))
    XCTAssertEqual(try OutlineFormat.opml.read(Array(text.utf8)).nodes, [])
  }

  func testRealFilesWrittenBackKeepEveryOutlineAttributeAndHeadField() throws {
    for name in ["outliner-notes.opml", "subscriptions.opml", "latin1.opml"] {
      let read = try OutlineFormat.opml.read(FormatTesting.fixture(name))
      let written = try OutlineFormat.opml.write(read)
      let again = try OutlineFormat.opml.read(written)
      XCTAssertEqual(again.nodes, read.nodes, name)
      XCTAssertEqual(written, try FormatTesting.fixture(name), "\(name): a no-op write is the file")
      XCTAssertEqual(again.head, read.head, name)
      XCTAssertEqual(again.opmlAttributes, read.opmlAttributes, name)
      XCTAssertEqual(again.notes, read.notes, name)
      XCTAssertEqual(again.losses, [], "\(name): the writer writes nothing a reader loses")
    }
    let written = String(
      decoding: try OutlineFormat.opml.write(
        OutlineFormat.opml.read(FormatTesting.fixture("outliner-notes.opml"))), as: UTF8.self)
    XCTAssertTrue(written.contains("<expansionState>0,1,5,6</expansionState>"), written)
    XCTAssertTrue(
      written.contains(#"<opml version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">"#))
  }

  func testCharactersXMLCannotHoldAreRefusedNamingTheItem() {
    let document = OutlineDocument(nodes: [
      Node(level: 0, text: "ok"), Node(level: 0, text: "bell\u{7}"),
    ])
    XCTAssertThrowsError(try OutlineFormat.opml.write(document)) { error in
      XCTAssertEqual(
        (error as? FormatProblem)?.message,
        "item 2 (\"bell\\u{07}\"), text: U+0007 is a character XML 1.0 cannot hold")
    }
    let field = OutlineDocument(head: [.init(name: "title", value: "\u{FFFF}")])
    XCTAssertThrowsError(try OutlineFormat.opml.write(field)) { error in
      XCTAssertEqual(
        (error as? FormatProblem)?.message,
        "the head field \"title\": U+FFFF is a character XML 1.0 cannot hold")
    }
  }

  func testNamesThatAreNotXMLNamesOrRepeatAreRefused() {
    let cases: [(OutlineDocument, String)] = [
      (
        OutlineDocument(nodes: [
          Node(level: 0, text: "a", attributes: [.init(name: "1st", value: "")])
        ]),
        "item 1 (\"a\"): \"1st\" is not an XML name"
      ),
      (
        OutlineDocument(nodes: [
          Node(level: 0, text: "a", attributes: [.init(name: "text", value: "")])
        ]),
        "item 1 (\"a\"): the attribute text appears twice"
      ),
      (
        OutlineDocument(head: [.init(name: "a b", value: "")]),
        "the head field \"a b\": not an XML name"
      ),
      (
        OutlineDocument(opmlAttributes: [
          .init(name: "version", value: "1.0"), .init(name: "version", value: "2.0"),
        ]),
        "the <opml> element: the attribute version appears twice"
      ),
    ]
    for (document, message) in cases {
      XCTAssertThrowsError(try OutlineFormat.opml.write(document)) { error in
        XCTAssertEqual((error as? FormatProblem)?.message, message)
      }
    }
  }

  func testAStartTagLongerThanTheParserReadsIsRefused() throws {
    let long = String(repeating: "&", count: 1_980_000)  // 9,900,000 bytes escaped
    // `<outline text="…"`: 9,900,016 bytes.
    let document = OutlineDocument(nodes: [Node(level: 0, text: long)])
    XCTAssertThrowsError(try OutlineFormat.opml.write(document)) { error in
      XCTAssertEqual(
        (error as? FormatProblem)?.message,
        "item 1 (\"\(String(repeating: "&", count: 40))…\"): a start tag of 9900016 bytes is "
          + "longer than the XML parser here reads (9900000)")
    }
    // Just under the limit, split over two attributes, it is written and reads back.
    let half = String(repeating: "n", count: 4_949_970)
    let fits = OutlineDocument(
      nodes: [Node(level: 0, text: half, attributes: [.init(name: "_note", value: half)])])
    let written = try OutlineFormat.opml.write(fits)
    XCTAssertEqual(try OutlineFormat.opml.read(written).plainNodes, fits.nodes)
  }

  func testLevelsOutOfPreOrderAreRefused() {
    let document = OutlineDocument(nodes: [Node(level: 0, text: "a"), Node(level: 2, text: "b")])
    for format in [OutlineFormat.opml, .markdown, .text] {
      XCTAssertThrowsError(try format.write(document)) { error in
        XCTAssertEqual(
          (error as? FormatProblem)?.message, "item 2 (\"b\"): level 2 does not follow level 0")
      }
    }
  }

  func testADeepOutlineIsWrittenOnlyWhenItReadsBack() throws {
    // libxml2 2.9's push parser reads any depth; a newer one would refuse this on write.
    let levels = 2_000
    let document = OutlineDocument(
      nodes: (0..<levels).map { Node(level: $0, text: "L\($0)", expanded: true) })
    let written: [UInt8]
    do {
      written = try OutlineFormat.opml.write(document)
    } catch {
      XCTAssertTrue(error.message.contains("levels deep"), error.message)
      return
    }
    let again = try OutlineFormat.opml.read(written)
    XCTAssertEqual(again.nodes.count, levels)
    XCTAssertEqual(again.nodes.last?.level, levels - 1)
    // Every parent, and the leaf, which was expanded too.
    XCTAssertEqual(again.nodes.filter(\.expanded).count, levels)
  }
}
