/// The parts of a Markdown item's first line: what comes before the title (indentation, the
/// list marker and a task box, or a heading's `#`s), the title as written, and what follows it
/// (an ATX heading's closing `#`s, trailing blanks).
///
/// ```text
///   - [x] Buy milk      → marker at column 2, task box, title "Buy milk"
/// ## Fruit ##           → heading level 2, title "Fruit"
/// - \# not a heading    → title "# not a heading": the escape that kept it an item's text
/// ```
///
/// The title is the source text as written: inline Markdown is never decoded; only a backslash
/// that keeps the title from starting a block of its own (`MarkdownEscapes.startsBlock`) or from
/// reading as a task box is left out, as the writer adds it back.
struct MarkdownHeadLine {
  /// The title's bytes: a range of the line's.
  var title: Range<Int>
  /// The list marker, for a list item.
  var marker: SourceText.ListMarker?
  /// The heading's level, for an ATX heading (1 to 6).
  var headingLevel: Int?

  /// Reads a list item's line whose marker starts at byte `start` (CommonMark's column, which
  /// a parser found).
  ///
  /// - Complexity: O(*k*) in the line's length.
  static func item(_ line: ArraySlice<UInt8>, markerAt start: Int) -> MarkdownHeadLine {
    let end = contentEnd(line)
    var index = min(max(start, line.startIndex), end)
    if !isMarkerStart(line, index) {
      // Not where the parser said (a tab it counted otherwise): the first non-blank.
      index = line.startIndex
      while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    }
    let column = columns(line, upTo: index)
    var number: Int?
    var symbol = index < end ? line[index] : UInt8(ascii: "-")
    if index < end, (0x30...0x39).contains(line[index]) {
      var value = 0
      while index < end, (0x30...0x39).contains(line[index]), value < 1_000_000_000 {
        value = value * 10 + Int(line[index] - 0x30)
        index += 1
      }
      number = value
      symbol = index < end ? line[index] : UInt8(ascii: ".")
    }
    if index < end { index += 1 }  // the bullet or the delimiter
    let markerEnd = columns(line, upTo: index)
    var gap: UInt32 = 0  // the blanks, a byte each from the low end (`ListMarker.gap`)
    var shift: UInt32 = 0
    while index < end, line[index] == 0x20 || line[index] == 0x09 {
      if shift < 32 { gap |= UInt32(line[index]) << shift }
      shift += 8
      index += 1
    }
    // CommonMark's content column: after the blanks that follow the marker, or after one of
    // them when there are five or more (then an indented code block starts) or none.
    let blanks = columns(line, upTo: index) - markerEnd
    let contentColumn = markerEnd + (index == end || blanks >= 5 ? 1 : blanks)
    if index == end || blanks >= 5 || gap == 0 { gap = 0x20 }
    var hasTaskBox = false
    if isTaskBox(line, at: index, end: end) {
      hasTaskBox = true
      index += 3
      while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    }
    index = unescaped(line, from: index, end: end)
    return MarkdownHeadLine(
      title: index..<end,
      marker: SourceText.ListMarker(
        column: column, contentColumn: contentColumn, symbol: symbol, number: number,
        hasTaskBox: hasTaskBox, gap: gap),
      headingLevel: nil)
  }

  /// Reads an ATX heading's line (`## Title ##`).
  ///
  /// - Complexity: O(*k*) in the line's length.
  static func atxHeading(_ line: ArraySlice<UInt8>) -> MarkdownHeadLine {
    var end = contentEnd(line)
    var index = line.startIndex
    while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    var level = 0
    while index < end, line[index] == UInt8(ascii: "#") {
      level += 1
      index += 1
    }
    while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    // A closing sequence: `#`s at the end, after a blank (or the whole title).
    var closing = end
    while closing > index, line[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
    if closing < end, closing == index || line[closing - 1] == 0x20 || line[closing - 1] == 0x09 {
      end = closing
      while end > index, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    }
    return MarkdownHeadLine(title: index..<end, marker: nil, headingLevel: max(1, min(level, 6)))
  }

  /// Reads a setext heading's first text line.
  ///
  /// - Complexity: O(*k*) in the line's length.
  static func setextHeading(_ line: ArraySlice<UInt8>) -> MarkdownHeadLine {
    let end = contentEnd(line)
    var index = line.startIndex
    while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    return MarkdownHeadLine(title: index..<end, marker: nil, headingLevel: nil)
  }

  /// Whether `line` (after up to three spaces) starts with `#`: an ATX heading rather than a
  /// setext one.
  static func isATX(_ line: ArraySlice<UInt8>) -> Bool {
    line.first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "#")
  }

  /// Where the line's text ends: before its ending and trailing blanks.
  static func contentEnd(_ line: ArraySlice<UInt8>) -> Int {
    var end = line.endIndex
    while end > line.startIndex, [0x0A, 0x0D, 0x20, 0x09].contains(line[end - 1]) { end -= 1 }
    return end
  }

  /// The column `index` is at, a tab advancing to the next multiple of 4.
  static func columns(_ line: ArraySlice<UInt8>, upTo index: Int) -> Int {
    var column = 0
    for byte in line[line.startIndex..<index] {
      column += byte == 0x09 ? TextLines.tabStop - column % TextLines.tabStop : 1
    }
    return column
  }

  /// Whether a list marker (`-`, `*`, `+`, or a digit) starts at `index`.
  private static func isMarkerStart(_ line: ArraySlice<UInt8>, _ index: Int) -> Bool {
    guard index < line.endIndex else { return false }
    let byte = line[index]
    return byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
      || (0x30...0x39).contains(byte)
  }

  /// Whether a task box (`[ ]`, `[x]`, `[X]`, then a blank or the end) starts at `index`.
  static func isTaskBox(_ line: ArraySlice<UInt8>, at index: Int, end: Int) -> Bool {
    guard index + 2 < end, line[index] == UInt8(ascii: "["), line[index + 2] == UInt8(ascii: "]"),
      [0x20, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(line[index + 1])
    else { return false }
    return index + 3 >= end || line[index + 3] == 0x20 || line[index + 3] == 0x09
  }

  /// `from`, or one past it when the title starts with the backslash the writer adds: before
  /// text that would start a block, or read as a task box.
  private static func unescaped(_ line: ArraySlice<UInt8>, from index: Int, end: Int) -> Int {
    guard index + 1 < end, line[index] == 0x5C else { return index }
    return MarkdownEscapes.needsEscape(line[(index + 1)..<end]) ? index + 1 : index
  }

}
