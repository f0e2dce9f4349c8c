/// Writes an outline as OPML 2.0: UTF-8, `<head>` then `<body>`, one `<outline>` per node
/// (`outline`'s own layout); an outline read from an OPML file, in that file's markup
/// (`OPMLSourceWriter`).
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <opml version="2.0">
///   <head>
///     <title>Plans</title>
///     <expansionState>1</expansionState>
///   </head>
///   <body>
///     <outline text="Trip" created="Mon, 1 Jun 2026">
///       <outline text="Book &amp; pay" _note="by Friday"/>
///     </outline>
///   </body>
/// </opml>
/// ```
///
/// The node's attributes in order, with `text` at its `textPosition` (first, for a node made
/// anywhere but an OPML file; a node read without `text`, `hasText` false, is written without
/// it while its text is still what its attributes give: its `title`, or empty); the `<opml>`
/// element's attributes in order (`version="2.0"` first when they have no `version`, as for a
/// new outline: a file's own version is kept); the head's fields in order, with `expansionState` (written from the
/// nodes, `ExpansionState`) after the fields the OPML 2.0 specification lists before it, or
/// last. Values are escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`, and a line break, carriage
/// return or tab in an attribute as a character reference, which XML would otherwise read as a
/// space), so `OPMLReader` reads back the same outline.
/// Indentation is two spaces a level, no deeper than 32 levels' worth (a deep outline would
/// otherwise grow with the square of its depth).
///
/// Refused rather than written unreadable: a character XML 1.0 cannot hold at all (U+0000–U+001F
/// other than tab, line feed and carriage return; U+FFFE, U+FFFF), an attribute or field name
/// that is not an XML name or is repeated, a start tag longer than `longestStartTag` (what
/// libxml2 reads without `XML_PARSE_HUGE`), and a depth the XML parser on this system does not
/// read.
enum OPMLWriter {
  /// The longest start tag (`<outline` to `>`, values escaped) `OPMLReader` reads in any
  /// layout: libxml2's push parser without `XML_PARSE_HUGE` stops when more than 10,000,000
  /// bytes of its input are unconsumed, which a start tag of a little less can reach,
  /// depending on where the chunks end (with 2.9.14, a 9,960,000-byte value reads in every
  /// layout, 9,975,000 not in all), so a margin of 100,000 bytes.
  static let longestStartTag = 9_900_000

  /// The head fields that OPML 2.0 lists after `expansionState`; it is written before the first.
  private static let fieldsAfterExpansionState: Set<String> = [
    "vertScrollState", "windowTop", "windowLeft", "windowBottom", "windowRight",
  ]

  /// The file's bytes.
  ///
  /// - Throws: `FormatProblem` naming the item or field that cannot be written (see above).
  /// - Complexity: O(*b*) in the bytes written, and for an outline deeper than 250 levels a
  ///   parse of its depth to check it reads back.
  static func write(_ document: OutlineDocument) throws(FormatProblem) -> [UInt8] {
    if let source = document.opml { return try OPMLSourceWriter.write(document, source) }
    var out: [UInt8] = []
    out.reserveCapacity(128 + document.nodes.count * 48)
    out += Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8) + [0x0A]
    let tagStart = out.count
    out.append(contentsOf: "<opml".utf8)
    var names: Set<String> = []
    if !document.opmlAttributes.contains(where: { $0.name == "version" }) {
      out.append(contentsOf: #" version="2.0""#.utf8)
      names.insert("version")
    }
    for attribute in document.opmlAttributes {
      try check(attribute, names: &names, place: "the <opml> element")
      try append(attribute, to: &out, place: "the <opml> element")
    }
    if out.count - tagStart > longestStartTag {
      throw tooLong(out.count - tagStart, place: "the <opml> element")
    }
    out.append(contentsOf: ">\n".utf8)
    try writeHead(document, to: &out)
    out.append(contentsOf: "  <body>\n".utf8)
    try checkDepth(document)
    for (index, node) in document.nodes.enumerated() {
      indent(&out, level: node.level + 2)
      try appendStartTag(of: node, index, to: &out)
      if document.hasChildren(index) {
        out.append(contentsOf: ">\n".utf8)
      } else {
        out.append(contentsOf: "/>\n".utf8)
        // Close the parents this node is the last descendant of.
        let next = index + 1 < document.nodes.count ? document.nodes[index + 1].level : 0
        var level = node.level - 1
        while level >= next {
          indent(&out, level: level + 2)
          out.append(contentsOf: "</outline>\n".utf8)
          level -= 1
        }
      }
    }
    out.append(contentsOf: "  </body>\n</opml>\n".utf8)
    return out
  }

  /// `<outline` and node `index`'s attributes, escaped, without the `>` or `/>` that ends the
  /// tag.
  ///
  /// - Throws: `FormatProblem` for an attribute that cannot be written or a tag too long.
  /// - Complexity: O(*t*) in the bytes of the tag.
  static func appendStartTag(
    of node: OutlineDocument.Node, _ index: Int, to out: inout [UInt8]
  ) throws(FormatProblem) {
    do {
      try appendTag(of: node, index, to: &out)
    } catch {
      // The problem names the node by its place; keep which node, for a session to name it.
      var problem = error
      let place = place(of: index, node)
      if problem.itemIndex == nil, problem.message.hasPrefix(place) {
        problem.itemIndex = index
        problem.detail = String(
          problem.message.dropFirst(place.count).drop { $0 == ":" || $0 == "," || $0 == " " })
      }
      throw problem
    }
  }

  /// `appendStartTag(of:_:to:)`'s work, its problems naming the node by its place.
  private static func appendTag(
    of node: OutlineDocument.Node, _ index: Int, to out: inout [UInt8]
  ) throws(FormatProblem) {
    let tagStart = out.count
    out.append(contentsOf: outlineStart)
    let writesText =
      node.hasText || node.text != OutlineDocument.Node.textWithout(node.attributes)
    // `text` goes after `textAfter` attributes (first, mostly); -1: it is not written.
    let textAfter = writesText ? min(max(node.textPosition, 0), node.attributes.count) : -1
    if textAfter == 0 { try appendText(of: node, index, to: &out) }
    for (position, attribute) in node.attributes.enumerated() {
      try check(attribute, in: node.attributes[..<position], place: place(of: index, node))
      if !appendPlain(Array(attribute.name.utf8), attribute.value, to: &out) {
        try append(attribute, to: &out, place: place(of: index, node))
      }
      if position + 1 == textAfter { try appendText(of: node, index, to: &out) }
    }
    if out.count - tagStart > longestStartTag {
      throw tooLong(out.count - tagStart, place: place(of: index, node))
    }
  }

  /// ` text="…"` for node `index`.
  private static func appendText(
    of node: OutlineDocument.Node, _ index: Int, to out: inout [UInt8]
  ) throws(FormatProblem) {
    if !appendPlain(textName, node.text, to: &out) {
      try append(
        Attribute(name: "text", value: node.text), to: &out, place: place(of: index, node))
    }
  }

  /// `<head>` with the document's fields and the expansion state.
  private static func writeHead(_ document: OutlineDocument, to out: inout [UInt8])
    throws(FormatProblem)
  {
    let expansion = ExpansionState.written(
      document.nodes, base: document.expansionBase, leaves: document.expansionLeaves)
    var fields = document.head.filter { $0.name != "expansionState" }
    if !expansion.isEmpty {
      let at = fields.firstIndex { fieldsAfterExpansionState.contains($0.name) } ?? fields.count
      fields.insert(Attribute(name: "expansionState", value: expansion), at: at)
    }
    guard !fields.isEmpty else {
      out.append(contentsOf: "  <head/>\n".utf8)
      return
    }
    out.append(contentsOf: "  <head>\n".utf8)
    for field in fields {
      let place = "the head field \(field.name.debugDescription)"
      guard isName(field.name) else { throw FormatProblem("\(place): not an XML name") }
      out.append(contentsOf: "    <\(field.name)>".utf8)
      try appendEscaped(field.value, to: &out, inAttribute: false, place: place)
      out.append(contentsOf: "</\(field.name)>\n".utf8)
    }
    out.append(contentsOf: "  </head>\n".utf8)
  }

  /// Checks an outline attribute's name: an XML name, not `text` nor one of the attributes
  /// `before` it (a linear search: an outline has a handful).
  private static func check(
    _ attribute: Attribute, in before: ArraySlice<Attribute>,
    place: @autoclosure () -> String
  ) throws(FormatProblem) {
    guard isName(attribute.name) else {
      throw FormatProblem("\(place()): \(attribute.name.debugDescription) is not an XML name")
    }
    guard attribute.name != "text", !before.contains(where: { $0.name == attribute.name }) else {
      throw FormatProblem("\(place()): the attribute \(attribute.name) appears twice")
    }
  }

  /// Checks an attribute's name: an XML name, not yet used on the element.
  private static func check(
    _ attribute: Attribute, names: inout Set<String>,
    place: @autoclosure () -> String
  ) throws(FormatProblem) {
    guard isName(attribute.name) else {
      throw FormatProblem("\(place()): \(attribute.name.debugDescription) is not an XML name")
    }
    guard names.insert(attribute.name).inserted else {
      throw FormatProblem("\(place()): the attribute \(attribute.name) appears twice")
    }
  }

  /// Where node `index` is, in words, for a message: `item 4 ("Notes")`.
  private static func place(of index: Int, _ node: OutlineDocument.Node) -> String {
    String(FormatProblem(item: index, text: node.text, "").message.dropLast(2))
  }

  private static let outlineStart = Array("<outline".utf8)
  private static let textName = Array("text".utf8)

  /// Appends ` name="value"` when the value needs no reference and is not too long, and
  /// returns whether it did (the common case, with no message prepared); otherwise appends
  /// nothing, for `append(_:to:place:)` to escape the value or refuse it.
  private static func appendPlain(_ name: [UInt8], _ value: String, to out: inout [UInt8]) -> Bool {
    var value = value
    return value.withUTF8 { bytes in
      for byte in bytes
      where byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
        || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == 0xEF
      {
        return false
      }
      out.append(0x20)
      out.append(contentsOf: name)
      out.append(UInt8(ascii: "="))
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: bytes)
      out.append(UInt8(ascii: "\""))
      return true
    }
  }

  /// ` name="escaped value"`.
  private static func append(
    _ attribute: Attribute, to out: inout [UInt8],
    place: @autoclosure () -> String
  ) throws(FormatProblem) {
    out.append(0x20)
    out.append(contentsOf: attribute.name.utf8)
    out.append(contentsOf: "=\"".utf8)
    try appendEscaped(
      attribute.value, to: &out, inAttribute: true, place: "\(place()), \(attribute.name)")
    out.append(UInt8(ascii: "\""))
  }

  /// `attribute`'s value of node `index` escaped for a value between `"`s.
  ///
  /// - Throws: `FormatProblem` for a character XML 1.0 cannot hold.
  /// - Complexity: O(*v*) in the length of the value.
  static func escapedValue(_ attribute: Attribute, of node: OutlineDocument.Node, _ index: Int)
    throws(FormatProblem) -> [UInt8]
  {
    var out: [UInt8] = []
    try appendEscaped(
      attribute.value, to: &out, inAttribute: true,
      place: "\(place(of: index, node)), \(attribute.name)")
    return out
  }

  /// `value` escaped for XML: `& < >` always, `"` and line breaks and tabs in an attribute.
  ///
  /// Works on the UTF-8 bytes: every byte that needs a reference or a refusal is ASCII, but for
  /// U+FFFE and U+FFFF (`EF BF BE`, `EF BF BF`).
  private static func appendEscaped(
    _ value: String, to out: inout [UInt8], inAttribute: Bool, place: @autoclosure () -> String
  ) throws(FormatProblem) {
    var refused: UInt32?
    var value = value
    value.withUTF8 { bytes in
      // Most values need no reference: one scan, then the bytes at once.
      var plain = true
      for byte in bytes
      where byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
        || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == 0xEF
      {
        plain = false
        break
      }
      if plain {
        out.append(contentsOf: bytes)
        return
      }
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: ampersand)
        case UInt8(ascii: "<"): out.append(contentsOf: lessThan)
        case UInt8(ascii: ">"): out.append(contentsOf: greaterThan)
        case UInt8(ascii: "\""): out.append(contentsOf: inAttribute ? quote : [byte])
        case 0x0A: out.append(contentsOf: inAttribute ? lineFeed : [byte])
        case 0x09: out.append(contentsOf: inAttribute ? tab : [byte])
        case 0x0D: out.append(contentsOf: carriageReturn)  // XML reads a raw one as a line feed
        case 0x00..<0x20:
          refused = UInt32(byte)
          return
        case 0xEF
        where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
          refused = bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
          return
        default: out.append(byte)
        }
        index += 1
      }
    }
    if let refused {
      let code = String(refused, radix: 16, uppercase: true)
      throw FormatProblem(
        "\(place()): U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
          + "is a character XML 1.0 cannot hold")
    }
  }

  /// The refusal of a start tag of `length` bytes, longer than `longestStartTag`.
  private static func tooLong(_ length: Int, place: String) -> FormatProblem {
    FormatProblem(
      "\(place): a start tag of \(length) bytes is longer than the XML parser here reads "
        + "(\(longestStartTag))")
  }

  private static let ampersand = Array("&amp;".utf8)
  private static let lessThan = Array("&lt;".utf8)
  private static let greaterThan = Array("&gt;".utf8)
  private static let quote = Array("&quot;".utf8)
  private static let lineFeed = Array("&#10;".utf8)
  private static let tab = Array("&#9;".utf8)
  private static let carriageReturn = Array("&#13;".utf8)

  /// Whether `name` is an XML name: a letter, `_` or `:` (or any non-ASCII character), then
  /// those, digits, `-` and `.`. (Close to XML 1.0's production, which allows a few more
  /// non-ASCII ranges and forbids a few; a name read from a file always passes.)
  static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    func start(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || scalar == "_" || scalar == ":" || scalar.value > 0x7F
    }
    guard start(first) else { return false }
    return name.unicodeScalars.dropFirst().allSatisfy {
      start($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
    }
  }

  private static func indent(_ out: inout [UInt8], level: Int) {
    out.append(contentsOf: repeatElement(0x20, count: 2 * min(level, 32)))
  }

  /// Refuses an outline deeper than the XML parser on this system reads.
  ///
  /// libxml2 2.9's push parser has no depth limit; newer versions stop at 256 nested elements
  /// without `XML_PARSE_HUGE`. An outline of *d* levels nests *d* + 2 elements (`<opml>`,
  /// `<body>`); past 250 levels the writer parses a skeleton of that depth, and refuses when
  /// it does not read.
  static func checkDepth(_ document: OutlineDocument) throws(FormatProblem) {
    let levels = document.deepestLevel + 1
    guard levels > 250 else { return }
    var skeleton = Array("<opml version=\"2.0\"><body>".utf8)
    skeleton += Array(repeating: Array("<outline text=\"\">".utf8), count: levels).joined()
    skeleton += Array(repeating: Array("</outline>".utf8), count: levels).joined()
    skeleton += Array("</body></opml>".utf8)
    do {
      _ = try OPMLReader.read(skeleton)
    } catch {
      throw FormatProblem(
        "the outline is \(levels) levels deep, and the XML parser here reads no file that deep "
          + "(\(error.message)); use Markdown or text")
    }
  }
}
