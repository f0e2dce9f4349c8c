import Foundation
import XCTest

@testable import OutlineLanguage

/// `OPMLReader`: real files' items, levels, attributes in file order, head fields and
/// expansion; encodings, references, and what it notes rather than refuses.
final class OPMLReaderTests: XCTestCase {
  func testAnOutlinersFileReadsWhole() throws {
    let document = try OutlineFormat.opml.read(FormatTesting.fixture("outliner-notes.opml"))
    XCTAssertEqual(
      FormatTesting.shape(document),
      [
        "Plan +", "  Budget +", "    TODO", "    Notes", "  Layout <draft>", "Build +",
        "  Demolition +", "    TODO", "    Notes", "  Cabinets", "Café corner 😀",
      ])
    // Its list names more parents counted from 0 (it was written so).
    XCTAssertEqual(
      document.notes,
      [
        "expansionState: read with line 0 as the first summit (that way it names 4 parents, "
          + "1 from line 1)"
      ])
    // Its comment too: nothing is lost.
    XCTAssertEqual(document.losses, [])
    XCTAssertEqual(
      document.head.map(\.name),
      [
        "title", "dateCreated", "dateModified", "ownerName", "ownerEmail", "docs",
        "vertScrollState", "windowTop", "windowLeft", "windowBottom", "windowRight", "customField",
      ])
    XCTAssertEqual(document.head[0].value, "Kitchen renovation")
    XCTAssertEqual(document.head.last?.value, "kept as it is")
    XCTAssertEqual(
      document.opmlAttributes,
      [
        .init(name: "version", value: "2.0"),
        .init(name: "xmlns:dc", value: "http://purl.org/dc/elements/1.1/"),
      ])
    XCTAssertEqual(
      document.nodes[1].attributes,
      [
        .init(
          name: "_note", value: "Quotes from three firms & a spare 10%\nSecond line of the note")
      ])
    XCTAssertEqual(document.nodes[3].attributes, [.init(name: "dc:creator", value: "Ada")])
    XCTAssertEqual(
      document.nodes[4].attributes,
      [
        .init(name: "type", value: "link"),
        .init(name: "url", value: "https://example.com/layout?a=1&b=2"),
      ])
    XCTAssertEqual(document.nodes[10].attributes, [.init(name: "_note", value: "tab\tinside")])
  }

  func testAFeedReadersSubscriptionsReadCollapsedWithAttributesInFileOrder() throws {
    let document = try OutlineFormat.opml.read(FormatTesting.fixture("subscriptions.opml"))
    XCTAssertEqual(
      FormatTesting.shape(document),
      [
        "Swift", "  Swift.org blog", "  Forums: Evolution", "News", "  Example \"Daily\"",
        "A feed with no category",
      ])
    XCTAssertEqual(
      document.nodes[1].attributes.map(\.name), ["type", "title", "xmlUrl", "htmlUrl"])
    XCTAssertEqual(
      document.nodes[4].attributes[2].value, "https://news.example.com/feed?format=rss&lang=en")
    XCTAssertEqual(document.head, [.init(name: "title", value: "Feed reader subscriptions")])
  }

  func testAnOutlineWithoutTextIsNamedByItsTitleAndMarkedAsHavingNoText() throws {
    let document = try OutlineFormat.opml.read(FormatTesting.fixture("feeds-without-text.opml"))
    XCTAssertEqual(
      document.nodes.map(\.text), ["Tech", "Example Tech", "Tech", "", ""])
    XCTAssertEqual(document.nodes.map(\.hasText), [true, false, false, false, true])
    XCTAssertEqual(
      document.nodes[1].attributes.map(\.name), ["title", "type", "xmlUrl", "htmlUrl"])
    XCTAssertEqual(
      document.notes,
      ["3 <outline> elements have no text attribute: named by their title attribute, or untitled"])
  }

  func testISO88591AsDeclared() throws {
    let document = try OutlineFormat.opml.read(FormatTesting.fixture("latin1.opml"))
    XCTAssertEqual(document.nodes.map(\.text), ["Café con leche", "Piña colada"])
    XCTAssertEqual(document.nodes[0].attributes, [.init(name: "_note", value: "¡Olé! 5 ½ €")])
    XCTAssertEqual(document.head, [.init(name: "title", value: "Menú del día")])
  }

  func testUTF16BothByteOrdersWithAndWithoutAByteOrderMark() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-16"?>
      <opml version="2.0"><body><outline text="naïve 😀" z="1" a="2"/></body></opml>
      """
    for bigEndian in [false, true] {
      for mark in [true, false] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
          let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
          bytes += bigEndian ? pair : pair.reversed()
        }
        let document = try OutlineFormat.opml.read(bytes)
        XCTAssertEqual(document.nodes.map(\.text), ["naïve 😀"], "big endian \(bigEndian)")
        XCTAssertEqual(document.nodes[0].attributes.map(\.name), ["z", "a"])
      }
    }
  }

  func testReferencesDecodedAndAttributeValuesNormalizedAsXMLSays() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <opml version="2.0"><body>
      <outline text="&lt;&amp;&gt;&quot;&apos; &#233;&#xE9; &#x1F600;" a="line&#10;break&#13;" b="raw
      break	tab"/>
      </body></opml>
      """)
    XCTAssertEqual(document.nodes[0].text, "<&>\"' éé 😀")
    XCTAssertEqual(
      document.nodes[0].attributes,
      [.init(name: "a", value: "line\nbreak\r"), .init(name: "b", value: "raw break tab")])
  }

  func testAttributeOrderSurvivesTagsInCommentsCDATAAndQuotedGreaterThanSigns() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <?xml version="1.0"?>
      <!DOCTYPE opml>
      <?app setting="<outline a='1'>"?>
      <opml version="2.0">
        <head><title>t<![CDATA[ <outline x="1"/> ]]></title><!-- <outline y="2"/> --></head>
        <body>
          <outline zeta='1' text="A" mu=">" alpha = "2" >
            <outline
               text="B"  c="3"
               b='4' a="5"/>
          </outline>
        </body>
      </opml>
      """)
    XCTAssertEqual(FormatTesting.shape(document), ["A", "  B"])
    XCTAssertEqual(document.nodes[0].attributes.map(\.name), ["zeta", "mu", "alpha"])
    XCTAssertEqual(document.nodes[1].attributes.map(\.name), ["c", "b", "a"])
    XCTAssertEqual(document.head, [.init(name: "title", value: "t <outline x=\"1\"/> ")])
  }

  func testElementsWithOneAttributeAreSkippedInStepWithTheParser() throws {
    // Elements with one attribute or none are passed over without reading names; the scan
    // must still arrive at the right tag for the next element whose order matters.
    let document = try FormatTesting.read(
      .opml,
      """
      <opml version="2.0"><head/><body>
        <outline text="a>b"><!-- <outline m="1" n="2"/> --><outline text='x"/>y'/></outline>
        <?pi <outline q="1" r="2"/>?>
        <outline text="C" z="1" y="2"><outline text="D"/></outline>
        <outline text="E" w="1" v="2"/>
      </body></opml>
      """)
    XCTAssertEqual(FormatTesting.shape(document), ["a>b", "  x\"/>y", "C", "  D", "E"])
    XCTAssertEqual(document.nodes[2].attributes.map(\.name), ["z", "y"])
    XCTAssertEqual(document.nodes[4].attributes.map(\.name), ["w", "v"])
  }

  func testHeadFieldsWithElementsInsideKeepTheirTextAndTheElements() throws {
    let document = try FormatTesting.read(
      .opml,
      "<opml version=\"2.0\"><head><ext>a<b>b</b>c</ext></head><body><outline text=\"x\"/></body></opml>"
    )
    XCTAssertEqual(document.head, [.init(name: "ext", value: "abc")])
    XCTAssertEqual(document.notes, [])
    XCTAssertEqual(document.losses, [])
  }

  /// Attributes of the head, its fields and the body are kept as written (the OPML Editor writes
  /// `<body text="file.txt">`; a feed tool `<ext:metadata ext:kind="owner">`).
  func testAttributesOfHeadBodyAndHeadFieldsAreKept() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <opml version="2.0" xmlns:ext="urn:x"><head id="h"><title lang="en">T</title>\
      <ext:metadata ext:kind="owner">m</ext:metadata></head>\
      <body text="file.txt"><outline text="x"/></body></opml>
      """)
    XCTAssertEqual(FormatTesting.shape(document), ["x"])
    XCTAssertEqual(
      document.head, [.init(name: "title", value: "T"), .init(name: "ext:metadata", value: "m")])
    XCTAssertEqual(document.notes, [])
    XCTAssertEqual(document.losses, [])
    XCTAssertTrue(
      String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
        .contains("<head id=\"h\"><title lang=\"en\">T</title>"))
  }

  func testWhatIsNotedRatherThanRefused() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <opml version="1.0"><head><expansionState>0, 9, x</expansionState></head><extra/>
      <body><outline type="rss"><outline text="child"/><p>para</p></outline></body></opml>
      """)
    XCTAssertEqual(FormatTesting.shape(document), [" +", "  child"])
    XCTAssertEqual(document.nodes[0].attributes, [.init(name: "type", value: "rss")])
    XCTAssertEqual(document.losses, [])
    XCTAssertEqual(
      document.notes,
      [
        "1 <outline> element has no text attribute: named by their title attribute, or untitled",
        "expansionState: read with line 0 as the first summit (that way it names 1 parent, "
          + "0 from line 1)",
        "expansionState: \"x\" is not a line number, skipped",
        "expansionState: 9 is out of range (the outline showed 2 lines then), skipped",
      ])
  }

  func testNoBodyIsAnEmptyOutlineWithANote() throws {
    let document = try FormatTesting.read(.opml, "<opml version=\"2.0\"><head/></opml>")
    XCTAssertEqual(document.nodes, [])
    XCTAssertEqual(document.notes, ["no <body>: the outline is empty"])
  }

  func testAFileThatIsNotOPMLIsAProblem() {
    XCTAssertEqual(
      FormatTesting.problem(.opml, Array("<rss version=\"2.0\"><channel/></rss>".utf8)),
      "line 1: not an OPML file: the root element is <rss>, not <opml>")
    for empty in ["", "   ", "\n\t", "no markup at all"] {
      XCTAssertEqual(
        FormatTesting.problem(.opml, Array(empty.utf8)),
        "line 1: no XML document: the file is empty or does not start with an element",
        empty.debugDescription)
    }
    XCTAssertEqual(
      FormatTesting.problem(.opml, Array("<a>".utf8)),
      "line 1: not an OPML file: the root element is <a>, not <opml>")
  }

  func testMalformedXMLNamesTheLine() {
    let cases: [(String, String)] = [
      (
        "<opml>\n<body>\n<outline text=\"a\">\n</body>\n</opml>",
        "line 4: an end tag does not match the start tag <outline>"
      ),
      (
        "<opml>\n<body>\n\n<outline text=\"a & b\"/></body></opml>",
        "line 4: a name is missing after < or & (write &amp; for an & in text)"
      ),
      (
        "<opml><body>\n<outline text=\"a\" text=\"b\"/></body></opml>",
        "line 2: an attribute appears twice in one element"
      ),
      // The OPML Editor 0.75 wrote the encoding first: the version is there, but not first.
      (
        "<?xml encoding=\"ISO-8859-1\" version=\"1.0\"?>\n<opml><body/></opml>",
        "line 1: the XML declaration must begin with its version (version=\"1.0\")"
      ),
      (
        "<opml><body><outline text=\"a\"/></body></opml>\n<opml/>",
        "line 2: the document does not end where it should (an element never closed, or content after it)"
      ),
      (
        "<opml><body>\n<outline text=\"a\">",
        "line 2: the document does not end where it should (an element never closed, or content after it)"
      ),
      (
        "<opml><body><outline text=\"&nbsp;\"/></body></opml>",
        "line 1: a reference to an undefined entity (&nbsp;): OPML knows only &amp; &lt; &gt; "
          + "&quot; &apos;"
      ),
      (
        "<opml><body><outline text=\"<\"/></body></opml>",
        "line 1: a < inside an attribute value (write &lt;)"
      ),
    ]
    for (text, message) in cases {
      XCTAssertEqual(FormatTesting.problem(.opml, Array(text.utf8)), message, text)
    }
  }

  func testAnUndeclaredNamespacePrefixIsANoteNotAFailure() throws {
    let document = try FormatTesting.read(
      .opml, "<opml version=\"2.0\"><body><outline text=\"a\" dc:x=\"1\"/></body></opml>")
    XCTAssertEqual(document.nodes[0].attributes, [.init(name: "dc:x", value: "1")])
    XCTAssertEqual(document.notes.count, 1)
    XCTAssertTrue(document.notes[0].hasPrefix("line 1: a namespace problem"), document.notes[0])
  }
}
