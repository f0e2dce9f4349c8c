/// A text file (Markdown or indented text) kept as it was read: its lines, and for each item the
/// lines that are its own, so that a save writes back every line no edit touched (SPEC §4,
/// "Files that lose nothing").
///
/// Every line of the file belongs to one owner: an item (its head line, the lines of its own
/// blocks) or the document (what comes before the first item, blocks outside every item). An
/// owner's lines after its head are kept as pieces, each anchored after one of its children (or
/// before the first), so that writing each item's head, then its pieces and children in the
/// order the file had them, gives the file back byte for byte:
///
/// ```text
/// # Fruit              ← node 0's head
/// Ripe ones only.      ← node 0's piece, before its first child
/// - Apple              ← node 1's head (a child of node 0)
///
///   Crisp.             ← node 1's piece (the blank line above too)
/// - Pear               ← node 2's head
/// Back to top          ← node 0's piece, after child 2
/// ```
///
/// A value shared by every version of the session that holds it: immutable once read.
package final class SourceText: Sendable {
  /// How an item's head line is written.
  package enum Kind: Equatable, Sendable {
    /// A Markdown heading: `level` `#`s (ATX), or a text underlined with `=`/`-` (setext).
    case heading(level: Int, setext: Bool)
    /// A Markdown list item.
    case item(ListMarker)
    /// A line of indented text.
    case line
  }

  /// A list item's marker as the file wrote it.
  package struct ListMarker: Equatable, Sendable {
    /// The column of the marker's first character (a tab advancing to the next multiple of 4).
    package var column: Int
    /// The column the item's content starts at, as CommonMark counts it: after the marker and
    /// its blanks (a task box is content).
    package var contentColumn: Int
    /// `-`, `*` or `+` for a bullet; `.` or `)` for a numbered item.
    package var symbol: UInt8
    /// A numbered item's number, nil for a bullet.
    package var number: Int?
    /// Whether the item has a task box (`[ ]`, `[x]`).
    package var hasTaskBox: Bool
    /// The blanks between the marker and the content as written, one to four of them (one to
    /// four columns' worth; one space where the content starts with code or is missing), a byte
    /// each from the low end: `0x20` is one space, `0x09` a tab, `0x2020` two spaces (`gapBytes`).
    package var gap: UInt32 = 0x20

    /// The blanks after the marker as written: `gap`'s bytes.
    ///
    /// - Complexity: O(1).
    package var gapBytes: [UInt8] {
      var bytes: [UInt8] = []
      var rest = gap
      while rest != 0 {
        bytes.append(UInt8(truncatingIfNeeded: rest))
        rest >>= 8
      }
      return bytes
    }
  }

  /// Lines an owner holds after its head, anchored after one of its children.
  package struct Piece: Equatable, Sendable {
    /// The child (a node index) the lines follow, or -1: before the owner's first child.
    package var after: Int
    /// The lines, as indices into `SourceText.lineStarts`.
    package var lines: Range<Int>
    /// Whether the lines are blank lines that separate two groups of children: the group
    /// ending with child `after`, and the one after it (`SourceText.assemble`).
    ///
    /// The writer finds their place after an edit (`BlankSeparators`).
    package var separates = false
  }

  /// One item as the file had it, at its index in pre-order (the document's node index).
  package struct Node: Equatable, Sendable {
    /// The parent node, or -1 for a summit (`otherSummit` for one of another file merged
    /// after this one's items, `merging(_:)`).
    package var parent: Int
    /// The head's lines: one, or a setext heading's text lines and underline.
    package var head: Range<Int>
    /// The title's bytes in the head's first line, as offsets into `SourceText.bytes`.
    package var title: Range<Int>
    /// How the head is written.
    package var kind: Kind
    /// The lines of the item's own blocks, in file order.
    package var pieces: [Piece]
    /// The lines of its note (`note(of:)`), which are among the lines of its first piece;
    /// empty when it has none.
    package var note: Range<Int>
    /// Whether the block its head line starts runs on past that line (a fence, a setext
    /// heading, a list opened on it), so that no paragraph can follow the head as its note.
    package var headRunsOn = false
  }

  /// The format the file was read as (`.markdown` or `.text`).
  package let format: OutlineFormat
  /// Whether the file started with a UTF-8 byte-order mark (not in `bytes`).
  package let hasByteOrderMark: Bool
  /// The file's bytes after the byte-order mark.
  package let bytes: [UInt8]
  /// Where each line starts in `bytes`; line *i* runs to the next line's start (its ending
  /// included), the last to the end of the file.
  package let lineStarts: [Int]
  /// The items, in pre-order.
  package let nodes: [Node]
  /// The document's own lines (the preamble, blocks outside every item), anchored after
  /// summits.
  package let pieces: [Piece]
  /// The line ending most lines have (`\n`, `\r\n` or `\r`), for the lines a save adds.
  package let lineEnding: [UInt8]
  /// How many of `lineStarts` and `nodes` are the file's own: all of them, but in a file
  /// merged with the items of other files for a save (`merging(_:)`), whose lines and nodes
  /// follow these.
  package let ownLineCount: Int
  package let ownNodeCount: Int

  package init(
    format: OutlineFormat, hasByteOrderMark: Bool, bytes: [UInt8], lineStarts: [Int],
    nodes: [Node], pieces: [Piece]
  ) {
    self.format = format
    self.hasByteOrderMark = hasByteOrderMark
    self.bytes = bytes
    self.lineStarts = lineStarts
    self.nodes = nodes
    self.pieces = pieces
    self.lineEnding = Self.commonEnding(bytes, lineStarts)
    self.ownLineCount = lineStarts.count
    self.ownNodeCount = nodes.count
  }

  /// `file` with `lineStarts`, `nodes` and `bytes` after its own (`merging(_:)`).
  init(
    _ file: SourceText, mergedBytes bytes: [UInt8], lineStarts: [Int], nodes: [Node]
  ) {
    self.format = file.format
    self.hasByteOrderMark = file.hasByteOrderMark
    self.bytes = bytes
    self.lineStarts = lineStarts
    self.nodes = nodes
    self.pieces = file.pieces
    self.lineEnding = file.lineEnding
    self.ownLineCount = file.ownLineCount
    self.ownNodeCount = file.ownNodeCount
  }

  /// An empty file of `format`: what a save writes a section into when the section has no
  /// file of that format but some of its items came from one (`SourceTextWriter`).
  static func empty(_ format: OutlineFormat) -> SourceText {
    SourceText(
      format: format, hasByteOrderMark: false, bytes: [], lineStarts: [], nodes: [], pieces: [])
  }

  /// The number of lines.
  package var lineCount: Int { lineStarts.count }

  /// The bytes of line `index`, its ending included.
  ///
  /// - Complexity: O(1).
  package func line(_ index: Int) -> ArraySlice<UInt8> {
    bytes[lineStarts[index]..<(index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count)]
  }

  /// The title node `index` was read with.
  ///
  /// - Complexity: O(*t*) in the title's length.
  package func title(of index: Int) -> String {
    String(decoding: titleBytes(of: index), as: UTF8.self)
  }

  /// The bytes of the title node `index` was read with: a list item's without the escape
  /// before a numbered marker's `.` or `)` (`MarkdownEscapes.unescaped(_:)`).
  ///
  /// - Complexity: O(1), and O(*t*) in the title's length for a list item.
  func titleBytes(of index: Int) -> ArraySlice<UInt8> {
    guard hasNumberedEscape(index) else { return bytes[nodes[index].title] }
    return MarkdownEscapes.unescaped(bytes[nodes[index].title])
  }

  /// Whether node `index` is a list item whose title's bytes hold the escape before a numbered
  /// marker's `.` or `)`, which its title leaves out.
  ///
  /// - Complexity: O(1) unless the title starts with a digit, then O(*t*) in its length.
  func hasNumberedEscape(_ index: Int) -> Bool {
    let range = nodes[index].title
    guard case .item = nodes[index].kind, range.lowerBound < range.upperBound,
      (0x30...0x39).contains(bytes[range.lowerBound]),
      let offset = MarkdownEscapes.orderedEscapeOffset(bytes[range])
    else { return false }
    return bytes[range.lowerBound + offset] == 0x5C
  }

  /// Whether node `index` was read with the title `text` (as `title(of:) == text` says, by
  /// canonical equivalence): bytes that are the same need no `String`.
  ///
  /// - Complexity: O(*t*) in the title's length.
  package func hasTitle(_ index: Int, _ text: String) -> Bool {
    var text = text
    let same = text.withUTF8 { utf8 in
      bytes.withUnsafeBufferPointer { $0[nodes[index].title].elementsEqual(utf8) }
    }
    return (same && !hasNumberedEscape(index)) || title(of: index) == text
  }

  /// The first line that is neither an item's head nor blank: a paragraph, code, a quote (an
  /// edited text's line that `edit` would drop), or nil.
  ///
  /// - Complexity: O(*l*) in the lines.
  package func firstLineOfText() -> Int? {
    let pieces = self.pieces + nodes.flatMap(\.pieces)
    return pieces.flatMap(\.lines).filter { !Self.isBlank(bytes, lineStarts, $0) }.min()
  }

  /// The whole file as it was read, the byte-order mark included.
  package var originalBytes: [UInt8] {
    hasByteOrderMark ? [0xEF, 0xBB, 0xBF] + bytes : bytes
  }

  /// The starts of the lines of `bytes`: a line ends after LF, CR LF or a CR not followed by LF.
  ///
  /// - Complexity: O(*b*) in the bytes.
  package static func lineStarts(of bytes: [UInt8]) -> [Int] {
    TextLines.lineStarts(of: bytes)
  }

  /// The ending most lines have; `\n` when no line has one.
  private static func commonEnding(_ bytes: [UInt8], _ starts: [Int]) -> [UInt8] {
    var lf = 0
    var crlf = 0
    var cr = 0
    for next in starts.dropFirst() {
      if bytes[next - 1] == 0x0A {
        if next >= 2 && bytes[next - 2] == 0x0D { crlf += 1 } else { lf += 1 }
      } else {
        cr += 1
      }
    }
    if crlf > lf && crlf >= cr { return [0x0D, 0x0A] }
    if cr > lf && cr > crlf { return [0x0D] }
    return [0x0A]
  }
}

extension SourceText: Equatable {
  /// Two kept files are the same when they hold the same bytes as the same format.
  package static func == (lhs: SourceText, rhs: SourceText) -> Bool {
    lhs === rhs
      || (lhs.format == rhs.format && lhs.hasByteOrderMark == rhs.hasByteOrderMark
        && lhs.bytes == rhs.bytes)
  }
}

extension SourceText: Hashable {
  package func hash(into hasher: inout Hasher) {
    hasher.combine(format)
    hasher.combine(bytes.count)
  }
}
