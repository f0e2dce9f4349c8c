import XCTest

@testable import OutlineLanguage

/// What each of `OPMLReader`'s libxml2 options does, seen by running the parser without
/// `OPMLProlog`'s check (`OPMLReader.parse`), and what the reader makes of references,
/// attribute order, versions and large files.
final class OPMLReaderOptionsTests: XCTestCase {
  /// The builder after libxml2 has parsed `text` with the reader's options and no prolog check.
  func parsed(_ text: String) -> OPMLBuilder {
    let builder = OPMLBuilder()
    OPMLReader.parse(Array(text.utf8), into: builder)
    return builder
  }

  func testNoEntitySubstitutionADeclaredEntityIsAnUndefinedOne() {
    // Billion laughs, with the DOCTYPE check out of the way: nothing expands.
    let levels = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let laughs = parsed(
      "<!DOCTYPE opml [<!ENTITY lol0 \"lol\">\(levels.joined())]>\n"
        + "<opml><body><outline text=\"&lol9;\"/></body></opml>")
    XCTAssertEqual(
      laughs.problem?.message,
      "line 2: a reference to an undefined entity (&lol9;): OPML knows only &amp; &lt; &gt; "
        + "&quot; &apos;")
    XCTAssertEqual(laughs.nodes.count, 0)
    let small = parsed(
      "<!DOCTYPE opml [<!ENTITY co \"Acme\">]>\n<opml><head><title>&co;</title></head></opml>")
    XCTAssertEqual(small.head.first?.value, "")
    XCTAssertTrue(small.problem?.message.hasPrefix("line 2: a reference to an undefined") ?? false)
  }

  func testNoDTDLoadingAndNoNetworkAnExternalEntityReadsNothing() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("opml-options-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let secret = directory.appendingPathComponent("secret.txt")
    try Data("SECRET".utf8).write(to: secret)
    let dtd = directory.appendingPathComponent("outline.dtd")
    try Data("<!ENTITY e \"from the DTD\">".utf8).write(to: dtd)
    for declaration in [
      "<!DOCTYPE opml [<!ENTITY e SYSTEM \"\(secret.absoluteString)\">]>",
      "<!DOCTYPE opml [<!ENTITY e SYSTEM \"http://127.0.0.1:9/e\">]>",
      "<!DOCTYPE opml SYSTEM \"\(dtd.absoluteString)\">",
    ] {
      let builder = parsed(
        declaration + "\n<opml><head><title>a&e;b</title></head><body/></opml>")
      XCTAssertEqual(builder.head.first?.value.contains("SECRET"), false, declaration)
      XCTAssertEqual(builder.head.first?.value.contains("from the DTD"), false, declaration)
      XCTAssertTrue(
        builder.problem?.message.hasPrefix("line 2: a reference to an undefined entity (&e;)")
          ?? false, declaration)
    }
    // An external DTD alone is not loaded: the file reads (the reader's prolog check refuses
    // it before that).
    let alone = parsed(
      "<!DOCTYPE opml SYSTEM \"http://127.0.0.1:9/x.dtd\">\n<opml><body><outline text=\"a\"/>"
        + "</body></opml>")
    XCTAssertNil(alone.problem)
    XCTAssertEqual(alone.nodes.map(\.text), ["a"])
  }

  func testNoRecoveryTheFirstErrorStopsTheParse() {
    let builder = parsed(
      "<opml><body>\n<outline text=\"a\"/>\n<outline text=\"b\" text=\"c\"/>\n"
        + "<outline text=\"d\"/>\n</body></opml>")
    XCTAssertEqual(builder.problem?.message, "line 3: an attribute appears twice in one element")
    XCTAssertEqual(builder.nodes.map(\.text), ["a"])
    XCTAssertThrowsError(
      try FormatTesting.read(.opml, "<opml><body><outline text=\"a\">\n</body></opml>"))
  }

  func testPredefinedEntitiesAndCharacterReferencesAreDecoded() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <opml version="2.0"><head><title>&amp; &#233; &#x1F600; &lt;&gt;</title></head><body>
      <outline a="&amp; &#233; &#x1F600; &lt;&gt;&quot;&apos;" text="t&amp;&#769;&#38;&#x26;"/>
      <outline text="&amp;#38; is written &amp;amp;#38;"/>
      </body></opml>
      """)
    XCTAssertEqual(document.head.first?.value, "& é 😀 <>")
    XCTAssertEqual(document.nodes[0].attributes, [.init(name: "a", value: "& é 😀 <>\"'")])
    XCTAssertEqual(document.nodes[0].text, "t&\u{301}&&")
    XCTAssertEqual(document.nodes[1].text, "&#38; is written &amp;#38;")
  }

  func testAttributesKeepTheirOrderWithTextAnywhereAndNamespaceDeclarationsAmongThem() throws {
    let document = try FormatTesting.read(
      .opml,
      """
      <opml xmlns:dc="http://purl.org/dc/elements/1.1/" version="1.0" a="1">
      <body><outline z="1" xmlns:q="urn:q" text="t" q:y="2"/><outline title="T" text="T"/>
      </body></opml>
      """)
    XCTAssertEqual(
      document.opmlAttributes.map(\.name), ["xmlns:dc", "version", "a"])
    XCTAssertEqual(document.nodes[0].attributes.map(\.name), ["z", "xmlns:q", "q:y"])
    XCTAssertEqual(document.nodes.map(\.textPosition), [2, 1])
    let written = String(decoding: try OutlineFormat.opml.write(document), as: UTF8.self)
    XCTAssertTrue(
      written.contains(
        #"<opml xmlns:dc="http://purl.org/dc/elements/1.1/" version="1.0" a="1">"#), written)
    XCTAssertTrue(written.contains(#"<outline z="1" xmlns:q="urn:q" text="t" q:y="2"/>"#), written)
    XCTAssertTrue(written.contains(#"<outline title="T" text="T"/>"#), written)
  }

  /// More than 10 MB, the most libxml2 takes in one chunk: read in chunks, with tags cut at
  /// the chunk boundaries.
  func testAFileOverTenMegabytesReads() throws {
    let note = String(repeating: "n", count: 9_973)
    var text = "<opml version=\"2.0\"><body>\n"
    for index in 0..<1_200 {
      text += "<outline text=\"item \(index)\" _note=\"\(note)\"/>\n"
    }
    text += "</body></opml>\n"
    XCTAssertGreaterThan(text.utf8.count, 12_000_000)
    let document = try FormatTesting.read(.opml, text)
    XCTAssertEqual(document.nodes.count, 1_200)
    XCTAssertEqual(document.nodes.last?.text, "item 1199")
    XCTAssertTrue(
      document.nodes.allSatisfy { $0.attributes == [.init(name: "_note", value: note)] })
  }
}
