/// The one escape a Markdown item's title needs, shared by the reader and the writers.
///
/// SPEC §4, "Titles as written": a backslash before a title that would otherwise start a block of its
/// own inside its list item (`- \\- dash first`), added on write and removed on read only there.
/// Inline Markdown (code spans, links, emphasis, other backslashes, character references) is
/// the title as written, never decoded or rewritten.
///
/// ```swift
/// MarkdownEscapes.startsBlock(Array("- dash first".utf8))  // true: written `- \- dash first`
/// MarkdownEscapes.startsBlock(Array("*emphasis*".utf8))    // false: written as it is
/// ```
enum MarkdownEscapes {
  /// Whether `bytes`, an item's text, would start a block of its own inside the list item that
  /// a backslash before it escapes.
  ///
  /// As CommonMark reads it: a bulleted list (`- x`; a numbered one is escaped after its digits,
  /// `orderedEscapeOffset`), a thematic break (`***`), a heading (`# x`), a block
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
    case UInt8(ascii: ">"):
      return true
    case UInt8(ascii: "#"):
      // An ATX heading: one to six `#`s, then a blank or the end (`#tag` is text).
      let hashes = bytes.prefix { $0 == first }.count
      guard hashes <= 6 else { return false }
      return hashes == bytes.count || bytes[hashes] == 0x20 || bytes[hashes] == 0x09
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"):
      if first != UInt8(ascii: "_"), second == nil || second == 0x20 || second == 0x09 {
        return true  // a list marker
      }
      return isThematicBreak(bytes)
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

  /// Whether `title` starts the same kind of block as `old`, a list item's title that the file
  /// wrote unescaped and that started a block inside its item (`SourceText.titleOpensBlock`):
  /// a code fence of the same fence (its character and length; a backtick fence's info string
  /// has no backtick), a heading, a block quote, or an HTML block opened by the same tag.
  ///
  /// Such a title is written as it is, so that the item's lines after its head stay in the
  /// block they were in (`- ```bash` retitled `- ```sh`, its code still code); any other title
  /// that starts a block is escaped (`escaped(_:)`).
  ///
  /// ```swift
  /// MarkdownEscapes.opensSameBlock(Array("```sh".utf8), as: Array("```bash".utf8)[...])  // true
  /// MarkdownEscapes.opensSameBlock(Array("> note".utf8), as: Array("## Plan".utf8)[...])  // false
  /// ```
  ///
  /// - Complexity: O(*k*) in the length of the titles.
  static func opensSameBlock(_ title: [UInt8], as old: ArraySlice<UInt8>) -> Bool {
    guard let first = title.first, first == old.first, startsBlock(title), startsBlock(Array(old))
    else { return false }
    switch first {
    case UInt8(ascii: "`"), UInt8(ascii: "~"):
      let fence = title.prefix { $0 == first }.count
      guard fence == old.prefix(while: { $0 == first }).count else { return false }
      return first == UInt8(ascii: "~") || !title.dropFirst(fence).contains(first)
    case UInt8(ascii: "#"), UInt8(ascii: ">"):
      return true
    case UInt8(ascii: "<"):
      return htmlOpening(title[...]) == htmlOpening(old)
    default:
      return false
    }
  }

  /// What opens an HTML block, lowercased: `<!--`, `<!`, `<?`, or `<` and a tag's name (with
  /// its `/`).
  private static func htmlOpening(_ text: ArraySlice<UInt8>) -> [UInt8] {
    if text.starts(with: Array("<!--".utf8)) { return Array(text.prefix(4)) }
    let second = text.dropFirst().first
    if second == UInt8(ascii: "!") || second == UInt8(ascii: "?") { return Array(text.prefix(2)) }
    let name = text.dropFirst(second == UInt8(ascii: "/") ? 2 : 1)
      .prefix { (0x61...0x7A).contains($0 | 0x20) }
    return Array(text[..<name.endIndex]).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
  }

  /// HTML tags that CommonMark reads as inline, in running text: an item starting with one is
  /// not an HTML block.
  static let inlineTags: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "img",
    "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u",
    "var", "wbr",
  ]

  /// Whether a title needs the backslash before it: it starts a block or a task box, after any
  /// backslashes of its own (so that `\\- x`, a title that starts with a backslash, gets a
  /// second one and reads back as written).
  ///
  /// - Complexity: O(*k*) in the length of the title.
  static func needsEscape(_ title: ArraySlice<UInt8>) -> Bool {
    let rest = title.drop { $0 == 0x5C }
    return startsBlock(Array(rest))
      || MarkdownHeadLine.isTaskBox(rest, at: rest.startIndex, end: rest.endIndex)
  }

  /// Where a title that starts like a numbered list's marker (`1. Introduction`, `2) b`) gets
  /// its backslash: before the `.` or `)` (`1\. Introduction`), as a backslash before a
  /// digit escapes nothing; nil for any other title.
  ///
  /// One to nine digits, then any backslashes of the title's own (so that `1\. x` as a title
  /// gets a second one and reads back as written), then `.` or `)`, then a blank or the end:
  /// what CommonMark reads as an ordered list's marker at the start of a list item's content.
  ///
  /// - Complexity: O(*k*) in the length of the title.
  static func orderedEscapeOffset(_ title: ArraySlice<UInt8>) -> Int? {
    let digits = title.prefix { (0x30...0x39).contains($0) }.count
    guard (1...9).contains(digits) else { return nil }
    let rest = title.dropFirst(digits).drop { $0 == 0x5C }
    guard let delimiter = rest.first,
      delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
    else { return nil }
    let after = rest.dropFirst().first
    guard after == nil || after == 0x20 || after == 0x09 else { return nil }
    return digits
  }

  /// `title` as a list item's line writes it: with the backslash that keeps it from starting
  /// a block of its own (`needsEscape`, `orderedEscapeOffset`), else as it is.
  ///
  /// - Complexity: O(*k*) in the length of the title.
  static func escaped(_ title: [UInt8]) -> [UInt8] {
    if needsEscape(title[...]) { return [0x5C] + title }
    if let offset = orderedEscapeOffset(title[...]) {
      return Array(title[..<offset]) + [0x5C] + title[offset...]
    }
    return title
  }

  /// A list item's title as read from `written`, the text after its marker and task box (and
  /// after a leading escape, which the reader leaves out of the title's range): without the
  /// backslash `escaped(_:)` adds before a numbered marker's `.` or `)`.
  ///
  /// - Complexity: O(*k*) in the length of the text.
  static func unescaped(_ written: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let offset = orderedEscapeOffset(written),
      written[written.startIndex + offset] == 0x5C
    else { return written }
    let split = written.startIndex + offset
    return ArraySlice(Array(written[..<split]) + written[(split + 1)...])
  }

  /// Whether `text` is a thematic break: three or more of one of `-`, `*`, `_`, with blanks
  /// between them allowed.
  ///
  /// - Complexity: O(*k*) in the length of the text.
  static func isThematicBreak(_ text: [UInt8]) -> Bool {
    guard let mark = text.first,
      mark == UInt8(ascii: "-") || mark == UInt8(ascii: "*") || mark == UInt8(ascii: "_")
    else { return false }
    var count = 0
    for byte in text {
      if byte == mark {
        count += 1
      } else if byte != 0x20 && byte != 0x09 {
        return false
      }
    }
    return count >= 3
  }
}
