#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The escapes of a Markdown list item's text, one set of rules for the reader and the writer:
/// CommonMark's backslash escapes of ASCII punctuation, and character references (numeric, and
/// the five XML names `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`).
///
/// ```swift
/// MarkdownEscapes.escape("- not a marker ")  // "\\- not a marker&#32;"
/// MarkdownEscapes.unescape(bytes)  // bytes of "\\- not a marker&#32;": "- not a marker "
/// ```
///
/// Hand-written, with no Markdown package: the readers need one line of CommonMark's inline
/// rules (escapes and references), and no package on this machine's list parses Markdown; the
/// other HTML entity names (`&nbsp;`) are kept as written.
enum MarkdownEscapes {
  /// The text of an item as written, escapes decoded.
  ///
  /// - Complexity: O(*k*) in the number of bytes.
  static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard let base = bytes.baseAddress,
      memchr(base, 0x5C, bytes.count) != nil || memchr(base, 0x26, bytes.count) != nil
    else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, isPunctuation(bytes[index + 1]) {
        out.append(bytes[index + 1])
        index += 2
      } else if byte == UInt8(ascii: "&"), let (scalar, length) = reference(bytes[...], at: index) {
        out.append(contentsOf: String(Character(scalar)).utf8)
        index += length
      } else {
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` written so that `unescape` gives it back and no Markdown reader takes it for
  /// markup: backslashes doubled, an `&` that would start a reference escaped, a first
  /// character that would start a block (`-`, `#`, `>`, `1.`, a fence…) escaped, line breaks
  /// and blanks at either end as character references.
  ///
  /// - Complexity: O(*k*) in the length of the text.
  static func escape(_ text: String) -> String {
    if needsNoEscape(text) { return text }
    let bytes = Array(text.utf8)
    var out = ""
    out.reserveCapacity(bytes.count + 8)
    var digitsAtStart = true
    var index = 0
    var chunk = 0  // the start of the bytes not yet copied to `out`
    func flush(_ upTo: Int) {
      if chunk < upTo { out += String(decoding: bytes[chunk..<upTo], as: UTF8.self) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      var replacement: String?
      switch byte {
      case UInt8(ascii: "\\"): replacement = "\\\\"
      case UInt8(ascii: "&") where reference(bytes[...], at: index) != nil: replacement = "\\&"
      case 0x0A: replacement = "&#10;"
      case 0x0D: replacement = "&#13;"
      case 0x20, 0x09:
        // The reader drops blanks after the marker and at the end of the line.
        if index == 0 || index == bytes.count - 1 { replacement = byte == 0x20 ? "&#32;" : "&#9;" }
      case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"),
        UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "`"), UInt8(ascii: "~"),
        UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "|"), UInt8(ascii: "["):
        if index == 0 && startsBlock(bytes) { replacement = "\\" + String(UnicodeScalar(byte)) }
      case UInt8(ascii: "."), UInt8(ascii: ")"):
        // "1. x" or "1) x" at the start would be an ordered list's marker.
        if digitsAtStart && index > 0 { replacement = "\\" + String(UnicodeScalar(byte)) }
      default: break
      }
      digitsAtStart = digitsAtStart && (0x30...0x39).contains(byte)
      if let replacement {
        flush(index)
        out += replacement
        chunk = index + 1
      }
      index += 1
    }
    flush(bytes.count)
    return out
  }

  /// Whether `bytes`, an item's text, would start a block of its own inside the list item.
  ///
  /// As CommonMark reads it: a list (`- x`), a thematic break (`***`), a heading (`#`), a block
  /// quote (`>`), a fence (three backticks or tildes), an HTML block (`<div>`, `<!--`), or a link
  /// reference definition (`[x]: url`, which would vanish). Those get their first character
  /// escaped; inline Markdown (`*emphasis*`, `` `code` ``, `[x]` task boxes, links, `<b>`) is
  /// the item's text as written, and stays as it is, so that it renders as it did.
  ///
  /// - Complexity: O(*k*) in the length of the text.
  static func startsBlock(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first else { return false }
    let second = bytes.count > 1 ? bytes[1] : nil
    switch first {
    case UInt8(ascii: "#"), UInt8(ascii: ">"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"):
      if first != UInt8(ascii: "_"), second == nil || second == 0x20 || second == 0x09 {
        return true  // a list marker
      }
      return bytes.withUnsafeBufferPointer { MarkdownListReader.isThematicBreak($0) }
    case UInt8(ascii: "`"), UInt8(ascii: "~"):
      return bytes.prefix(3).allSatisfy { $0 == first } && bytes.count >= 3
    case UInt8(ascii: "<"):
      // CommonMark's HTML blocks: a comment, a declaration or processing instruction, or a
      // block-level tag; an inline tag (`<b>`, `<a href>`) in running text is no block.
      guard let second else { return false }
      if second == UInt8(ascii: "!") || second == UInt8(ascii: "?") { return true }
      let name = bytes.dropFirst(second == UInt8(ascii: "/") ? 2 : 1)
        .prefix { (0x61...0x7A).contains($0 | 0x20) }  // ASCII letters, either case
      return !name.isEmpty
        && !inlineTags.contains(String(decoding: name, as: UTF8.self).lowercased())
    case UInt8(ascii: "["):
      // `[label]: destination` is a link reference definition.
      guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
      return close + 1 < bytes.count && bytes[close + 1] == UInt8(ascii: ":")
    default:
      return false  // `=` and `|` start nothing on a line of their own
    }
  }

  /// HTML tags that CommonMark reads as inline, in running text: an item starting with one is
  /// not an HTML block.
  static let inlineTags: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "img",
    "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u",
    "var", "wbr",
  ]

  /// Whether `escape` would give `text` back as it is: the common case, checked in one pass
  /// without copying (no `\\`, `&` or line break; a first byte that starts no block and is no
  /// digit; no blank at either end).
  private static func needsNoEscape(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return true }
    switch first {
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"),
      UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "`"), UInt8(ascii: "~"),
      UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "|"), UInt8(ascii: "["),
      0x30...0x39, 0x20, 0x09:
      return false
    default: break
    }
    guard last != 0x20 && last != 0x09 else { return false }
    return !utf8.contains { $0 == 0x5C || $0 == 0x26 || $0 == 0x0A || $0 == 0x0D }
  }

  /// Whether `byte` is ASCII punctuation, which a backslash escapes.
  static func isPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
      || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
  }

  /// The character a reference at `index` (an `&`) stands for and its length in bytes.
  ///
  /// Nil when no reference starts there. A numeric reference to no character (0, a surrogate,
  /// past U+10FFFF) stands for U+FFFD, as in CommonMark.
  static func reference<Bytes: Collection<UInt8>>(_ bytes: Bytes, at index: Int)
    -> (Unicode.Scalar, Int)? where Bytes.Index == Int
  {
    var cursor = index + 1
    guard cursor < bytes.endIndex else { return nil }
    if bytes[cursor] == UInt8(ascii: "#") {
      cursor += 1
      var hex = false
      if cursor < bytes.endIndex, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
        hex = true
        cursor += 1
      }
      var value: UInt32 = 0
      var digits = 0
      while cursor < bytes.endIndex, let digit = digitValue(bytes[cursor], hex: hex) {
        value = value * (hex ? 16 : 10) + digit
        digits += 1
        cursor += 1
        if digits > (hex ? 6 : 7) { return nil }
      }
      guard digits > 0, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: ";") else {
        return nil
      }
      let scalar = value == 0 ? nil : Unicode.Scalar(value)
      return (scalar ?? "\u{FFFD}", cursor + 1 - index)
    }
    for (name, scalar) in namedReferences {
      let end = cursor + name.count
      if end < bytes.endIndex, bytes[end] == UInt8(ascii: ";"),
        bytes[cursor..<end].elementsEqual(name)
      {
        return (scalar, end + 1 - index)
      }
    }
    return nil
  }

  private static let namedReferences: [([UInt8], Unicode.Scalar)] = [
    (Array("amp".utf8), "&"), (Array("lt".utf8), "<"), (Array("gt".utf8), ">"),
    (Array("quot".utf8), "\""), (Array("apos".utf8), "'"),
  ]

  private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x61...0x66 where hex: UInt32(byte - 0x61 + 10)
    case 0x41...0x46 where hex: UInt32(byte - 0x41 + 10)
    default: nil
    }
  }
}
