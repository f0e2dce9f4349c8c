/// An `<outline>` start tag as written (`OPMLItemSource.startTag`): the attributes it says, and
/// its two forms, with children (`<outline …>`) and without (`<outline …/>`).
///
/// ```swift
/// OPMLStartTag.attributes(of: "<outline text='a &amp; b'\n  _note=\"x\"/>")
/// // [text: "a & b", _note: "x"]
/// OPMLStartTag.opened("<outline text=\"a\" />")  // "<outline text=\"a\">"
/// ```
enum OPMLStartTag {
  /// The attributes of `tag` as an XML parser reads them, in order: references decoded, line
  /// breaks and tabs in a value read as spaces (XML's attribute-value normalization); nil when
  /// the tag does not parse.
  ///
  /// - Complexity: O(*t*) in the length of the tag.
  static func attributes(of tag: String) -> [Attribute]? {
    var attributes: [Attribute] = []
    let parses = scan(Array(tag.unicodeScalars)) { attribute, _, _ in
      attributes.append(attribute)
    }
    return parses ? attributes : nil
  }

  /// Reads the attributes of a start tag (its Unicode scalars) in order, handing `visit` each
  /// one, where its value is written (offsets into `scalars`, between its quotes) and its quote
  /// (`"` or `'`); false when the tag does not parse.
  ///
  /// - Complexity: O(*t*) in the length of the tag.
  private static func scan(
    _ scalars: [Unicode.Scalar], _ visit: (Attribute, Range<Int>, Unicode.Scalar) -> Void
  ) -> Bool {
    var index = 0
    while index < scalars.count, !isBlank(scalars[index]), scalars[index] != "/",
      scalars[index] != ">"
    {
      index += 1
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if isBlank(scalar) || scalar == "/" {
        index += 1
        continue
      }
      if scalar == ">" { return true }
      let nameStart = index
      while index < scalars.count, scalars[index] != "=", !isBlank(scalars[index]) { index += 1 }
      let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
      while index < scalars.count, scalars[index] != "\"", scalars[index] != "'" { index += 1 }
      guard index < scalars.count else { return false }
      let quote = scalars[index]
      index += 1
      let valueStart = index
      while index < scalars.count, scalars[index] != quote { index += 1 }
      guard index < scalars.count, let value = decode(scalars[valueStart..<index]) else {
        return false
      }
      visit(Attribute(name: name, value: value), valueStart..<index, quote)
      index += 1
    }
    return false
  }

  /// `tag` saying what `node` (item `index`) holds, each changed value written in place between
  /// the quotes it had, the rest of the tag as written; nil when the tag names other attributes,
  /// or names them in another order, than `node` writes (`says`).
  ///
  /// So a retitled item's tag keeps its attributes' order, quotes, blanks and line breaks.
  ///
  /// - Throws: `FormatProblem` for a value XML cannot hold (`OPMLWriter.escapedValue`).
  /// - Complexity: O(*t*) in the length of the tag.
  static func rewritten(_ tag: String, saying node: OutlineDocument.Node, _ index: Int)
    throws(FormatProblem) -> String?
  {
    let scalars = Array(tag.unicodeScalars)
    var written: [(attribute: Attribute, value: Range<Int>, quote: Unicode.Scalar)] = []
    guard scan(scalars, { written.append(($0, $1, $2)) }) else { return nil }
    var wanted = node.attributes
    let writesText = node.hasText || node.text != OutlineDocument.Node.textWithout(node.attributes)
    if writesText {
      wanted.insert(
        Attribute(name: "text", value: node.text),
        at: min(max(node.textPosition, 0), node.attributes.count))
    }
    guard wanted.map(\.name) == written.map(\.attribute.name) else { return nil }
    var out = String.UnicodeScalarView()
    var copied = 0
    for (old, new) in zip(written, wanted) where old.attribute.value != new.value {
      out.append(contentsOf: scalars[copied..<old.value.lowerBound])
      let style = OPMLTagStyle(quote: UInt8(ascii: old.quote), spacedEnd: nil)
      let value = try OPMLWriter.escapedValue(new, of: node, index)
      out.append(contentsOf: String(decoding: style.quoted(value), as: UTF8.self).unicodeScalars)
      copied = old.value.upperBound
    }
    out.append(contentsOf: scalars[copied...])
    return String(out)
  }

  /// Whether `tag` says what `node` holds: its text where the writer puts it (or none, for a
  /// node read without one) and its other attributes in order.
  ///
  /// - Complexity: O(*t*) in the length of the tag.
  static func says(_ tag: String, _ node: OutlineDocument.Node) -> Bool {
    guard var attributes = attributes(of: tag) else { return false }
    let writesText = node.hasText || node.text != OutlineDocument.Node.textWithout(node.attributes)
    if writesText {
      guard let position = attributes.firstIndex(where: { $0.name == "text" }),
        attributes[position].value == node.text,
        position == min(max(node.textPosition, 0), node.attributes.count)
      else { return false }
      attributes.remove(at: position)
    }
    return attributes == node.attributes
  }

  /// `tag` as the start tag of an element with content: `<outline …/>` becomes `<outline …>`.
  ///
  /// - Complexity: O(*t*).
  static func opened(_ tag: String) -> String {
    guard tag.hasSuffix("/>") else { return tag }
    var text = tag.dropLast(2)
    while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
      text = text.dropLast()
    }
    return text + ">"
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  /// A value as written between its quotes, decoded; nil for a reference that does not parse.
  private static func decode(_ value: ArraySlice<Unicode.Scalar>) -> String? {
    var out = String.UnicodeScalarView()
    var index = value.startIndex
    while index < value.endIndex {
      let scalar = value[index]
      switch scalar {
      case "\r":
        // A line break (CR LF, or CR alone) is one, read as a space.
        out.append(" ")
        if index + 1 < value.endIndex, value[index + 1] == "\n" { index += 1 }
      case "\n", "\t": out.append(" ")
      case "&":
        guard let end = value[index...].firstIndex(of: ";") else { return nil }
        let name = String(String.UnicodeScalarView(value[(index + 1)..<end]))
        switch name {
        case "amp": out.append("&")
        case "lt": out.append("<")
        case "gt": out.append(">")
        case "quot": out.append("\"")
        case "apos": out.append("'")
        default:
          guard name.hasPrefix("#") else { return nil }
          let number =
            name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst())
          guard let number, let decoded = Unicode.Scalar(number) else { return nil }
          out.append(decoded)
        }
        index = end
      default: out.append(scalar)
      }
      index += 1
    }
    return String(out)
  }
}
