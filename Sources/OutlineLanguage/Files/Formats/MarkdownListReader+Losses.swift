#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownListReader {
  /// Whether a save loses part of `text`, a list item's text as written (after its marker, or
  /// a line that continues it): a backslash escape or a character reference that the reader
  /// decodes and `MarkdownEscapes.escape(_:)` does not write back (`\*` saved as `*`, `&amp;`
  /// as `&`, `` `\` `` as ` `` `).
  ///
  /// The writer only adds to a text (a backslash, a reference), so nothing is lost exactly when
  /// the text as written is a subsequence of what is saved. A continuation line is checked
  /// after a stand-in word, as it is saved: in the middle of its item's text.
  ///
  /// - Complexity: O(*k*) in the bytes of the line; O(1) for a line without `\` or `&`.
  static func losesEscapes(_ text: UnsafeBufferPointer<UInt8>, atStart: Bool) -> Bool {
    guard let base = text.baseAddress,
      memchr(base, 0x5C, text.count) != nil || memchr(base, 0x26, text.count) != nil
    else { return false }
    let written = atStart ? Array(text) : Array("a ".utf8) + Array(text)
    let saved = written.withUnsafeBufferPointer {
      MarkdownEscapes.escape(MarkdownEscapes.unescape($0))
    }
    var next = written.startIndex
    for byte in saved.utf8 where next < written.endIndex && written[next] == byte { next += 1 }
    return next < written.endIndex
  }

  /// Whether `text`, a list item's text as written (after its marker), starts a block of its
  /// own inside the item: a heading (or a tag, `#tag`), a quote, a fence, HTML, a list, a
  /// thematic break, a link reference definition.
  ///
  /// The reader takes it for the title's text and the writer escapes it (`- \> quote`), so a
  /// save turns the block into plain text: a Logseq heading block (`- ## Plan`), a quote, a
  /// code block (`- ```bash`) or a nested list (`- - x`) is not written back.
  ///
  /// - Complexity: O(1) for a text whose first byte starts no block, else O(*k*).
  static func startsABlock(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first else { return false }
    switch first {
    case 0x30...0x39: return markerLength(text) != nil
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"),
      UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "`"), UInt8(ascii: "~"),
      UInt8(ascii: "_"), UInt8(ascii: "["):
      return MarkdownEscapes.startsBlock(Array(text))
    default: return false
    }
  }

  /// Whether `text` (a line from its first non-blank byte, inside a list item) starts a block
  /// of its own, which joined into the item's title would lose its line: a heading, a quote, a
  /// fence, HTML, a thematic break (`MarkdownEscapes.startsBlock(_:)`), a table row (`|`), or
  /// an outliner's line that is one: a Logseq property (`id:: 64f1…`) or an org-mode date
  /// (`SCHEDULED: <2024-05-02 Thu>`, `DEADLINE: <…>`).
  static func startsBlockOfItsOwn(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if text[0] == UInt8(ascii: "|") { return true }
    if text.starts(with: "SCHEDULED: <".utf8) || text.starts(with: "DEADLINE: <".utf8) {
      return true
    }
    // `name:: value`: a name without blanks or colons, then `::` and a blank or the end.
    if let colon = text.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == 0x20 || $0 == 0x09 }),
      colon > 0, text[colon] == UInt8(ascii: ":"), colon + 1 < text.count,
      text[colon + 1] == UInt8(ascii: ":"),
      colon + 2 == text.count || text[colon + 2] == 0x20 || text[colon + 2] == 0x09
    {
      return true
    }
    return MarkdownEscapes.startsBlock(Array(text.prefix(64)))
  }
}

/// What `MarkdownListReader` reads and does not keep, counted as it goes, and the losses it
/// makes of them.
struct MarkdownLosses {
  /// Lines before the first list item (code aside).
  var textBefore = LineTally()
  /// Lines after the list that are neither code nor another list's.
  var textAfter = LineTally()
  /// The lists after the first, their items, and every line of them.
  private(set) var laterLists = 0
  private(set) var laterItems = 0
  var laterLines = LineTally()
  /// The fenced code blocks skipped, their lines, and how many of those look like list items.
  private(set) var codeBlocks = 0
  private(set) var codeLines = LineTally()
  private(set) var codeItems = 0
  /// The lines of a list item that are not a paragraph's next line, joined into its title.
  var joined = LineTally()
  /// The items whose escapes a save writes decoded (`MarkdownListReader.losesEscapes`).
  var escapes = LineTally()
  /// The items marked with a number, saved with `-`.
  var numbered = LineTally()
  /// The items whose text starts a block, saved escaped (`MarkdownListReader.startsABlock`).
  var blockItems = LineTally()

  /// A fence opens a code block on line `number`.
  mutating func openCode(at number: Int) {
    codeBlocks += 1
    codeLines.add(number)
  }

  /// Line `number` is inside a code block.
  mutating func code(at number: Int, looksLikeAnItem: Bool) {
    codeLines.add(number)
    if looksLikeAnItem { codeItems += 1 }
  }

  /// Line `number`, after the list, is an item of another list, the first of one when
  /// `startsList`.
  mutating func laterItem(at number: Int, startsList: Bool) {
    if startsList { laterLists += 1 }
    laterItems += 1
    laterLines.add(number)
  }

  /// The losses, lists first: the order of a refused save's summary.
  var losses: [FormatLoss] {
    var losses: [FormatLoss] = []
    func count(_ number: Int, _ noun: String) -> String {
      FormatLoss.grouped(number) + " " + noun + (number == 1 ? "" : "s")
    }
    if laterLists > 0 {
      losses.append(
        FormatLoss(
          count: laterLists, "list", "lists", line: laterLines.first,
          detail: (laterLists == 1 ? "1 more list is" : "\(count(laterLists, "more list")) are")
            + " not kept, only the first list is read (\(count(laterItems, "item")), "
            + "\(laterLines.range))"))
    }
    if codeBlocks > 0 {
      let looking =
        switch codeItems {
        case 0: ""
        case 1: ", 1 of them like a list item"
        default: ", \(FormatLoss.grouped(codeItems)) of them like list items"
        }
      losses.append(
        FormatLoss(
          count: codeBlocks, "code block", "code blocks", line: codeLines.first,
          detail: (codeBlocks == 1 ? "a code block is" : "\(count(codeBlocks, "code block")) are")
            + " not kept (\(codeLines.range)\(looking))"))
    }
    /// A loss of the lines `lines` counts, when there are any.
    func add(
      _ lines: LineTally, _ singular: String, _ plural: String, _ detail: @autoclosure () -> String
    ) {
      guard !lines.isEmpty else { return }
      losses.append(
        FormatLoss(count: lines.count, singular, plural, line: lines.first, detail: detail()))
    }
    add(
      textBefore, "line of text", "lines of text",
      "the text before the list is not kept (\(textBefore.range))")
    add(
      textAfter, "line of text", "lines of text",
      "the text after the list is not kept (\(textAfter.range))")
    add(
      joined, "line joined into a title", "lines joined into titles",
      (joined.count == 1
        ? "a line inside a list item that is not a paragraph's next line is joined into "
          + "its item's title"
        : "\(count(joined.count, "line")) inside list items that are not a paragraph's next "
          + "line are joined into their items' titles")
        + " (\(joined.range)): code, a property, a block of its own")
    add(
      blockItems, "item that starts a block", "items that start a block",
      (blockItems.count == 1
        ? "an item starts a block of its own"
        : "\(count(blockItems.count, "item")) start blocks of their own")
        + " (a heading, a tag, a quote, a fence, a list, HTML), which a save escapes into "
        + "plain text (\(blockItems.range))")
    add(
      escapes, "line with escapes", "lines with escapes",
      "backslash escapes or character references a save writes decoded, "
        + "`\\*` as `*` (\(escapes.range))")
    add(
      numbered, "list number", "list numbers",
      "numbered items are saved with - instead of their numbers (\(numbered.range))")
    return losses
  }
}
