/// The lines of a text file in UTF-8, for the Markdown and indented-text readers: checked,
/// split and measured without building a `String` for anything but the text that is kept.
///
/// A tab advances the column to the next multiple of 4, as CommonMark's tab stops do, so a file
/// that mixes tabs and spaces reads as an editor with 4-column tabs shows it.
///
/// ```swift
/// let lines = try TextLines(Array("a\n\t- b\r\n".utf8))
/// lines.forEach { number, line in … }  // (1, "a"), (2, "\t- b"): CR LF, LF and CR end lines
/// lines.indentation(of: line)          // column 4, the text starts after the tab
/// ```
struct TextLines {
  /// The file's bytes, a byte-order mark dropped.
  let bytes: [UInt8]

  /// The columns a tab advances to the multiple of.
  static let tabStop = 4

  /// Checks that `bytes` are UTF-8 and drops a byte-order mark.
  ///
  /// - Throws: `FormatProblem` naming the first line with bytes that are not UTF-8.
  /// - Complexity: O(*b*) in the number of bytes.
  init(_ bytes: [UInt8]) throws(FormatProblem) {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let body = start == 0 ? bytes : Array(bytes[start...])
    // The whole file is checked at once (the standard library's validation is fast); only a
    // file that fails is checked line by line, to name the line.
    if String(validating: body, as: UTF8.self) == nil {
      var problem: FormatProblem?
      Self.forEachLine(in: body) { number, range in
        guard problem == nil else { return }
        if String(validating: body[range], as: UTF8.self) == nil {
          problem = FormatProblem(line: number, "the text is not UTF-8")
        }
      }
      throw problem ?? FormatProblem("the text is not UTF-8")
    }
    self.bytes = body
  }

  /// Calls `body` with each line's 1-based number and its bytes' range (the line ending left
  /// out), in order.
  ///
  /// - Complexity: O(*b*) in the number of bytes.
  func forEach(_ body: (Int, Range<Int>) throws(FormatProblem) -> Void) throws(FormatProblem) {
    try Self.forEachLine(in: bytes, body)
  }

  private static func forEachLine<Failure: Error>(
    in bytes: [UInt8], _ body: (Int, Range<Int>) throws(Failure) -> Void
  ) throws(Failure) {
    var number = 1
    var start = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        try body(number, start..<index)
        number += 1
        index += byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
        start = index
      } else {
        index += 1
      }
    }
    if start < count { try body(number, start..<count) }
  }

  /// Where a line's indentation ends and the column it reaches (a tab advancing to the next
  /// multiple of `tabStop`), and whether it used tabs, spaces or both.
  ///
  /// - Complexity: O(*i*) in the length of the indentation.
  func indentation(of line: Range<Int>) -> Indentation {
    var column = 0
    var index = line.lowerBound
    var tabs = false
    var spaces = false
    while index < line.upperBound {
      switch bytes[index] {
      case 0x20:
        column += 1
        spaces = true
      case 0x09:
        column += Self.tabStop - column % Self.tabStop
        tabs = true
      default:
        return Indentation(column: column, end: index, tabs: tabs, spaces: spaces)
      }
      index += 1
    }
    return Indentation(column: column, end: index, tabs: tabs, spaces: spaces)
  }

  /// The end of `line` once trailing spaces and tabs are dropped.
  func trimmedEnd(of line: Range<Int>) -> Int {
    var end = line.upperBound
    while end > line.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return end
  }

  /// The text of `range` (already checked to be UTF-8).
  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// A line's indentation: the column its text starts at and the byte where it does.
  struct Indentation {
    /// The column the text starts at, tabs expanded.
    var column: Int
    /// The index of the first byte after the indentation.
    var end: Int
    /// Whether the indentation has a tab, a space.
    var tabs: Bool
    var spaces: Bool
  }
}

/// Lines a reader skipped, counted for its note: "text before the list ignored (lines 1–3)".
struct IgnoredLines {
  private var first = 0
  private var last = 0
  private var count = 0

  /// Counts line `number` (lines come in order).
  mutating func add(_ number: Int) {
    if count == 0 { first = number }
    last = number
    count += 1
  }

  /// "WHAT ignored (line 4)" or "WHAT ignored (lines 4–9, 3 lines)", or nil when none was.
  func note(_ what: String) -> String? {
    guard count > 0 else { return nil }
    let range = first == last ? "line \(first)" : "lines \(first)–\(last)"
    return "\(what) ignored (\(range)\(count == 1 ? "" : ", \(count) lines"))"
  }
}

/// The note for a file whose indentation mixes tabs and spaces, which are read with a tab
/// advancing to the next multiple of 4 columns.
let mixedIndentationNote =
  "indentation mixes tabs and spaces: read with a tab advancing to the next multiple of 4 columns"
