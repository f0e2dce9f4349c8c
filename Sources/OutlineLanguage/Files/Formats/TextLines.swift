#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a text file in UTF-8, for the Markdown and indented-text readers: checked,
/// split and measured without building a `String` for anything but the text that is kept.
///
/// A tab advances the column to the next multiple of 4, as CommonMark's tab stops do, so a file
/// that mixes tabs and spaces reads as an editor with 4-column tabs shows it.
///
/// ```swift
/// let lines = try TextLines(Array("a\n\t- b\r\n".utf8))
/// try lines.forEach { number, line in … }  // (1, "a"), (2, "\t- b"): CR LF, LF, CR end lines
/// // line 2: column 4, its text starts after the tab
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
    // The whole file is checked at once: decoded with repairs, it is byte for byte the same
    // only when it was UTF-8 (the standard library's decoding and memcmp are fast in every
    // build). Only a file that fails is checked line by line, to name the line.
    if !Self.isUTF8(body[...]) {
      var problem: FormatProblem?
      body.withUnsafeBufferPointer { buffer in
        Self.forEachLine(in: buffer) { number, range in
          if problem == nil && !Self.isUTF8(body[range]) {
            problem = FormatProblem(line: number, "the text is not UTF-8")
          }
        }
      }
      throw problem ?? FormatProblem("the text is not UTF-8")
    }
    self.bytes = body
  }

  /// Whether `bytes` are well-formed UTF-8.
  private static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.withUTF8 { utf8 in
      utf8.count == bytes.count
        && bytes.withUnsafeBufferPointer { memcmp(utf8.baseAddress!, $0.baseAddress!, $0.count) }
          == 0
    }
  }

  /// Calls `body` with each line's 1-based number and the line (its ending left out), in order.
  ///
  /// The line reads the file's bytes in place: it is valid only during the call.
  ///
  /// - Complexity: O(*b*) in the number of bytes.
  func forEach(_ body: (Int, Line) throws(FormatProblem) -> Void) throws(FormatProblem) {
    var problem: FormatProblem?
    bytes.withUnsafeBufferPointer { buffer in
      Self.forEachLine(in: buffer) { number, range in
        guard problem == nil else { return }
        do throws(FormatProblem) {
          try body(number, Line(buffer, range))
        } catch {
          problem = error
        }
      }
    }
    if let problem { throw problem }
  }

  /// Where each line of `bytes` starts: 0 (when there are bytes), then after each line ending
  /// that has bytes after it (`SourceText.lineStarts`).
  ///
  /// - Complexity: O(*b*) in the number of bytes.
  static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      forEachLine(in: buffer) { _, range in starts.append(range.lowerBound) }
    }
    return starts
  }

  /// Calls `body` with each line's number and range in `buffer`: `memchr` finds each line feed
  /// when the file has no carriage return, else a byte loop also ends lines at CR and CR LF.
  private static func forEachLine(
    in buffer: UnsafeBufferPointer<UInt8>, _ body: (Int, Range<Int>) -> Void
  ) {
    guard let base = buffer.baseAddress else { return }
    let count = buffer.count
    var number = 1
    var start = 0
    if memchr(base, 0x0D, count) == nil {
      while start < count, let found = memchr(base + start, 0x0A, count - start) {
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        body(number, start..<end)
        number += 1
        start = end + 1
      }
    } else {
      var index = 0
      while index < count {
        let byte = base[index]
        if byte == 0x0A || byte == 0x0D {
          body(number, start..<index)
          number += 1
          index += byte == 0x0D && index + 1 < count && base[index + 1] == 0x0A ? 2 : 1
          start = index
        } else {
          index += 1
        }
      }
    }
    if start < count { body(number, start..<count) }
  }

  /// One line of the file, read in place.
  struct Line {
    /// The whole file.
    let buffer: UnsafeBufferPointer<UInt8>
    /// Where the line's text starts, after its indentation.
    let start: Int
    /// Where the line ends once trailing spaces and tabs are dropped.
    let end: Int
    /// The column `start` is at: a tab advances to the next multiple of `tabStop`.
    let column: Int
    /// Whether the indentation has a tab, a space.
    let tabs: Bool
    let spaces: Bool

    /// Measures the line at `range` of `buffer`.
    init(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      self.buffer = buffer
      let base = buffer.baseAddress!
      var end = range.upperBound
      while end > range.lowerBound, base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
      var column = 0
      var index = range.lowerBound
      var tabs = false
      var spaces = false
      indentation: while index < end {
        switch base[index] {
        case 0x20:
          column += 1
          spaces = true
        case 0x09:
          column += TextLines.tabStop - column % TextLines.tabStop
          tabs = true
        default: break indentation
        }
        index += 1
      }
      self.end = end
      self.start = index
      self.column = column
      self.tabs = tabs
      self.spaces = spaces
    }

    /// Whether the line is blank.
    var isBlank: Bool { start == end }

    /// The bytes from `from` to the end of the line.
    func bytes(from: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: buffer[from..<end])
    }

    /// The text from `from` to the end of the line (already checked to be UTF-8).
    func text(from: Int) -> String {
      String(decoding: bytes(from: from), as: UTF8.self)
    }
  }
}

/// The note for a file whose indentation mixes tabs and spaces, which are read with a tab
/// advancing to the next multiple of 4 columns.
let mixedIndentationNote =
  "indentation mixes tabs and spaces: read with a tab advancing to the next multiple of 4 columns"
