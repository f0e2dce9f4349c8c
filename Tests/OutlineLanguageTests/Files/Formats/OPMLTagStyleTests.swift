import XCTest

@testable import OutlineLanguage

/// A new or rewritten `<outline>` tag is written as the tags around it are (`OPMLTagStyle`,
/// `OPMLSourceWriter`): a retitle changes the value in place, a new element takes its nearest
/// sibling's quotes and `/>` or ` />`, else its parent's, else the file's.
final class OPMLTagStyleTests: XCTestCase, SourceTextRewriting {
  /// A podcast app's export (Pocket Casts writes `text` second and ` />`).
  static let podcasts = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="1.0">
      <head>
        <title>Pocket Casts Feeds</title>
      </head>
      <body>
        <outline text="feeds">
          <outline xmlUrl="https://feeds.npr.org/510282/podcast.xml" text="Pop Culture Happy Hour" type="rss" />
          <outline xmlUrl="https://rss.wbur.org/modernlove/podcast" text="Modern Love" type="rss" />
        </outline>
      </body>
    </opml>

    """

  func testANewElementEndsAsItsSiblingsDo() throws {
    let written = try rewrite(Self.podcasts, as: .opml) { $0.append(self.node("Radiolab", 1)) }
    XCTAssertEqual(
      written,
      Self.podcasts.replacingOccurrences(
        of: "type=\"rss\" />\n    </outline>",
        with: "type=\"rss\" />\n      <outline text=\"Radiolab\" />\n    </outline>"))
  }

  /// A retitle writes the new value in place: the attributes' order, quotes, blanks and line
  /// breaks as they were.
  func testARetitleChangesTheValueInPlace() throws {
    let file =
      "<opml version=\"2.0\"><body>\n<outline type='rss'\n   text='Old' url=\"u\" />\n"
      + "</body></opml>\n"
    XCTAssertEqual(
      try rewrite(file, as: .opml) { $0[0].text = "It's \"new\"" },
      "<opml version=\"2.0\"><body>\n<outline type='rss'\n   text='It&apos;s &quot;new&quot;' url=\"u\" />\n"
        + "</body></opml>\n")
    XCTAssertEqual(
      try rewrite(Self.podcasts, as: .opml) { $0[2].text = "Modern Love & More" },
      Self.podcasts.replacingOccurrences(
        of: "text=\"Modern Love\"", with: "text=\"Modern Love &amp; More\""))
  }

  /// Single quotes and ` />` go to new elements, and to a tag written again (an attribute
  /// added), which keeps its own.
  func testANewOrRewrittenTagTakesTheQuotesAround() throws {
    let file =
      "<opml version='2.0'><body>\n<outline text='a' />\n<outline text='b' />\n"
      + "</body></opml>\n"
    XCTAssertEqual(
      try rewrite(file, as: .opml) { nodes in
        nodes.append(self.node("c", 0))
        nodes[1].attributes.append(Attribute(name: "type", value: "link"))
      },
      "<opml version='2.0'><body>\n<outline text='a' />\n<outline text='b' type='link' />\n"
        + "<outline text='c' />\n</body></opml>\n")
  }

  /// The nearest sibling decides before the file: a new child among ` />` siblings in a file
  /// of `/>`; a new first child with none takes its parent's; an element whose children all
  /// left is closed as its nearest sibling is.
  func testTheNearestSiblingThenTheParentThenTheFileDecides() throws {
    let file = """
      <opml version="2.0"><body>
      <outline text="A">
        <outline text="a1" />
      </outline>
      <outline text="B" />
      <outline text="C"/>
      <outline text="D"/>
      <outline text="E"/>
      </body></opml>

      """
    let written = try rewrite(file, as: .opml) { nodes in
      nodes.insert(self.node("a2", 1), at: 2)
      nodes.insert(self.node("b1", 1), at: 4)
      nodes.append(self.node("F", 0))
    }
    XCTAssertEqual(
      written,
      """
      <opml version="2.0"><body>
      <outline text="A">
        <outline text="a1" />
        <outline text="a2" />
      </outline>
      <outline text="B">
        <outline text="b1" />
      </outline>
      <outline text="C"/>
      <outline text="D"/>
      <outline text="E"/>
      <outline text="F"/>
      </body></opml>

      """)
    XCTAssertEqual(
      try rewrite(file, as: .opml) { $0.remove(at: 1) },
      file.replacingOccurrences(
        of: "<outline text=\"A\">\n  <outline text=\"a1\" />\n</outline>",
        with: "<outline text=\"A\" />"))
  }

  func testAStyleIsReadFromATag() {
    XCTAssertEqual(
      OPMLTagStyle(of: "<outline text='a' />"),
      OPMLTagStyle(quote: UInt8(ascii: "'"), spacedEnd: true))
    XCTAssertEqual(
      OPMLTagStyle(of: "<outline text=\"a\">"),
      OPMLTagStyle(quote: UInt8(ascii: "\""), spacedEnd: nil))
    XCTAssertEqual(
      OPMLTagStyle(of: "<outline\n/>"), OPMLTagStyle(quote: nil, spacedEnd: true))
    XCTAssertEqual(
      OPMLTagStyle.common(["<outline a='1'/>", "<outline a='1' />", "<outline a=\"1\" />"]),
      OPMLTagStyle(quote: UInt8(ascii: "'"), spacedEnd: true))
  }
}
