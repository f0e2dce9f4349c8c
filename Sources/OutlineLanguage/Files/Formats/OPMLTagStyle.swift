/// How a file writes its `<outline>` start tags: its quotes, and its empty-element ends.
///
/// The quote around attribute values, and whether an empty-element tag has a blank before its
/// `/>`: `OPMLSourceWriter` writes a new or rewritten tag as the tags around it are written
/// (SPEC §4, "After an edit").
///
/// ```swift
/// OPMLTagStyle(of: "<outline text='a' />")  // quote "'", spacedEnd true
/// OPMLTagStyle(of: "<outline text=\"a\">")   // quote "\"", spacedEnd nil: no empty element
/// ```
struct OPMLTagStyle: Equatable {
  /// `"` or `'`, nil when the tag has no attribute.
  var quote: UInt8?
  /// Whether the tag ends ` />` rather than `/>`; nil when it is no empty-element tag.
  var spacedEnd: Bool?

  /// What `OPMLWriter` writes: `"`, and `/>` with no blank before it.
  static let plain = OPMLTagStyle(quote: UInt8(ascii: "\""), spacedEnd: false)

  init(quote: UInt8?, spacedEnd: Bool?) {
    self.quote = quote
    self.spacedEnd = spacedEnd
  }

  /// The style of `tag`, a start tag as written.
  ///
  /// - Complexity: O(*t*) in the length of the tag up to its first `=`, and its end.
  init(of tag: String) {
    let utf8 = tag.utf8
    quote = nil
    if let equals = utf8.firstIndex(of: UInt8(ascii: "=")) {
      quote = utf8[equals...].first { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
    }
    spacedEnd = nil
    if utf8.last == UInt8(ascii: ">"), utf8.dropLast().last == UInt8(ascii: "/") {
      let before = utf8.dropLast(2).last
      spacedEnd = before == 0x20 || before == 0x09 || before == 0x0A || before == 0x0D
    }
  }

  /// This style, each part it lacks taken from `other`.
  func filled(from other: OPMLTagStyle) -> OPMLTagStyle {
    OPMLTagStyle(quote: quote ?? other.quote, spacedEnd: spacedEnd ?? other.spacedEnd)
  }

  /// Whether both parts are known.
  var isComplete: Bool { quote != nil && spacedEnd != nil }

  /// The end of an empty-element tag: `/>` or ` />`.
  var emptyEnd: String { spacedEnd == true ? " />" : "/>" }

  /// `tag`, made by `OPMLWriter` (values between `"`s, a `"` in a value as `&quot;`), with its
  /// values between this style's quotes: with `'`, each `"` becomes `'` and each `'` in a value
  /// `&apos;`.
  ///
  /// - Complexity: O(*t*) in the length of the tag.
  func quoted(_ tag: [UInt8]) -> [UInt8] {
    guard quote == UInt8(ascii: "'") else { return tag }
    var out: [UInt8] = []
    out.reserveCapacity(tag.count + 8)
    for byte in tag {
      switch byte {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "'"))
      case UInt8(ascii: "'"): out.append(contentsOf: Self.apostrophe)
      default: out.append(byte)
      }
    }
    return out
  }

  /// `tag` (`<outline …>` or `<outline …/>`) as an empty-element tag in this style.
  ///
  /// - Complexity: O(*t*).
  func closed(_ tag: String) -> String {
    String(OPMLStartTag.opened(tag).dropLast()) + emptyEnd
  }

  /// The style most of `tags` have, part by part; `plain`'s where none says, or as many say
  /// one as the other.
  ///
  /// - Complexity: O(*n*) in the tags, each read up to its first `=` and at its end.
  static func common<Tags: Sequence<String>>(_ tags: Tags) -> OPMLTagStyle {
    var double = 0
    var single = 0
    var spaced = 0
    var tight = 0
    for tag in tags {
      let style = OPMLTagStyle(of: tag)
      switch style.quote {
      case UInt8(ascii: "'")?: single += 1
      case UInt8(ascii: "\"")?: double += 1
      default: break
      }
      switch style.spacedEnd {
      case true?: spaced += 1
      case false?: tight += 1
      case nil: break
      }
    }
    return OPMLTagStyle(
      quote: single > double ? UInt8(ascii: "'") : UInt8(ascii: "\""), spacedEnd: spaced > tight)
  }

  private static let apostrophe = Array("&apos;".utf8)
}
