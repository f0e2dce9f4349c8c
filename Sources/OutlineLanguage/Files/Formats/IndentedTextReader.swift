/// Reads indented text into an outline: one item a line, the level from the indentation.
///
/// ```text
/// Food
///     Apple
/// 	Pear        ← a tab: column 4, like Apple
/// Drinks
/// ```
///
/// Reads as `Food` (level 0), `Apple`, `Pear` (level 1), `Drinks` (level 0), every parent
/// expanded (text carries no expansion). Blank lines are skipped; blanks at the end of a line
/// are dropped (and kept in the file: `SourceText`). Indentation by tabs or spaces, in any consistent unit: a line is a child of the
/// nearest line above it that starts at a column left of its own (a tab advancing to the next
/// multiple of 4), so the unit is never guessed and a line indented between two levels joins
/// the shallower one's children. A file that mixes tabs and spaces gets a note saying how it was
/// read. The text is kept as written: no escapes.
///
/// No recursion: a stack of the open lines' columns.
enum IndentedTextReader {
  /// Reads `bytes` (UTF-8, a byte-order mark allowed).
  ///
  /// - Throws: `FormatProblem` naming the first line that is not UTF-8.
  /// - Complexity: O(*b*) in the number of bytes.
  static func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let lines = try TextLines(bytes)
    let starts = SourceText.lineStarts(of: lines.bytes)
    var found: [SourceText.Found] = []
    found.reserveCapacity(starts.count)  // at most one item a line
    var open: [(column: Int, index: Int)] = []  // the open lines, outermost first
    var tabs = false
    var spaces = false
    var number = 0
    try lines.forEach { _, line in
      defer { number += 1 }
      guard !line.isBlank else { return }
      tabs = tabs || line.tabs
      spaces = spaces || line.spaces
      while let last = open.last, last.column >= line.column { open.removeLast() }
      found.append(
        SourceText.Found(
          parent: open.last?.index ?? -1, head: number..<(number + 1), last: number,
          title: line.start..<line.end, kind: .line))
      open.append((line.column, found.count - 1))
    }
    let source = SourceText.assemble(
      format: .text, hasByteOrderMark: hasByteOrderMark, bytes: lines.bytes, lineStarts: starts,
      found: found)
    var document = MarkdownReader.document(of: source)
    document.notes = tabs && spaces ? [mixedIndentationNote] : []
    return document
  }
}
