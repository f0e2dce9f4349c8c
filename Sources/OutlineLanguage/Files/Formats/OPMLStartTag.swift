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
    let scalars = Array(tag.unicodeScalars)
    var index = 0
    while index < scalars.count, !isBlank(scalars[index]), scalars[index] != "/",
      scalars[index] != ">"
    {
      index += 1
    }
    var attributes: [Attribute] = []
    while index < scalars.count {
      let scalar = scalars[index]
      if isBlank(scalar) || scalar == "/" {
        index += 1
        continue
      }
      if scalar == ">" { return attributes }
      let nameStart = index
      while index < scalars.count, scalars[index] != "=", !isBlank(scalars[index]) { index += 1 }
      let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
      while index < scalars.count, scalars[index] != "\"", scalars[index] != "'" { index += 1 }
      guard index < scalars.count else { return nil }
      let quote = scalars[index]
      index += 1
      let valueStart = index
      while index < scalars.count, scalars[index] != quote { index += 1 }
      guard index < scalars.count, let value = decode(scalars[valueStart..<index]) else {
        return nil
      }
      attributes.append(Attribute(name: name, value: value))
      index += 1
    }
    return nil
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

  /// `tag` as an empty-element tag: `<outline …>` becomes `<outline …/>`.
  ///
  /// - Complexity: O(*t*).
  static func closed(_ tag: String) -> String {
    tag.hasSuffix("/>") ? tag : tag.dropLast() + "/>"
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
