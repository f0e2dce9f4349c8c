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
/// are dropped. Indentation by tabs or spaces, in any consistent unit: a line is a child of the
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
    let lines = try TextLines(bytes)
    var nodes: [OutlineDocument.Node] = []
    var open: [Int] = []  // the column of each open line, outermost first
    var tabs = false
    var spaces = false
    try lines.forEach { _, line in
      guard !line.isBlank else { return }
      tabs = tabs || line.tabs
      spaces = spaces || line.spaces
      while let last = open.last, last >= line.column { open.removeLast() }
      nodes.append(OutlineDocument.Node(level: open.count, text: line.text(from: line.start)))
      open.append(line.column)
    }
    for index in nodes.indices where index + 1 < nodes.count {
      nodes[index].expanded = nodes[index + 1].level > nodes[index].level
    }
    return OutlineDocument(nodes: nodes, notes: tabs && spaces ? [mixedIndentationNote] : [])
  }
}
