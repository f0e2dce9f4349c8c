extension MarkdownReader {
  /// Whether the paragraph whose first two lines are `header` and `delimiter` is a table as
  /// GitHub Flavored Markdown reads it: a header row with a `|`, then a delimiter row of cells
  /// of `-`s (a `:` at either end for the alignment) between `|`s.
  ///
  /// libcmark reads CommonMark, where a table is a paragraph; the SPEC keeps a table raw, as a
  /// code block is, so the reader takes no table for an item's note (a heading's table under
  /// it, a list item's under its line), which `note ITEM TEXT` would then replace.
  ///
  /// ```markdown
  /// | Name  | Bump  |     ← header
  /// | ----- | :---: |     ← delimiter
  /// | Added | minor |
  /// ```
  ///
  /// - Complexity: O(*c*) in the bytes of the two lines.
  static func startsTable(header: ArraySlice<UInt8>, delimiter: ArraySlice<UInt8>) -> Bool {
    let bar = UInt8(ascii: "|")
    guard header.contains(bar), delimiter.contains(bar) else { return false }
    var dashes = 0
    for byte in delimiter {
      switch byte {
      case UInt8(ascii: "-"): dashes += 1
      case bar, UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D: continue
      default: return false
      }
    }
    guard dashes > 0 else { return false }
    // Each cell between the bars holds `-`s, a `:` only at either end.
    let cells = delimiter.split(separator: bar).map {
      $0.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }.filter { !$0.isEmpty }
    return cells.allSatisfy { cell in
      let inner = cell.dropFirst(cell.first == UInt8(ascii: ":") ? 1 : 0)
        .dropLast(cell.last == UInt8(ascii: ":") && cell.count > 1 ? 1 : 0)
      return !inner.isEmpty && inner.allSatisfy { $0 == UInt8(ascii: "-") }
    }
  }
}
