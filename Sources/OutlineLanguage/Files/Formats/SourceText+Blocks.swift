extension SourceText {
  /// What node `index` holds in the file besides its title and its note: the number of its
  /// own lines that are not blank, and the kinds of blocks they start, in file order, each
  /// once (`the rest of its heading`, `a block quote`, `a code block`, `a table`, `HTML`,
  /// `text`).
  ///
  /// A setext heading's text lines after its first (the title) count: only its underline is
  /// layout.
  ///
  /// So that a command that removes the item without a person seeing those lines (`edit`,
  /// which shows titles only) can say what went with it.
  ///
  /// ```markdown
  /// - Deploy
  ///   Friday only.       ← the note: not counted
  ///
  ///   > Ask ops first.   ← 1 line, a block quote
  /// ```
  ///
  /// - Complexity: O(*l*) in the bytes of the node's lines.
  func ownBlocks(of index: Int) -> (lines: Int, kinds: [String]) {
    let node = nodes[index]
    var count = headingLines(of: index).count
    var kinds: [String] = count > 0 ? ["the rest of its heading"] : []
    var fence: UInt8?  // the fence character while inside a fenced code block
    for piece in node.pieces {
      var startsBlock = true  // the next line that is not blank starts a block
      for number in piece.lines where !node.note.contains(number) {
        let line = self.line(number)
        let text = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard !SourceLayout.isBlank(line) else {
          startsBlock = true
          continue
        }
        count += 1
        let opensFence = Self.fenceCharacter(text)
        if let open = fence {
          if opensFence == open {
            fence = nil
            startsBlock = true
          }
          continue
        }
        guard startsBlock || opensFence != nil else { continue }
        startsBlock = false
        fence = opensFence
        let kind = opensFence != nil ? "a code block" : Self.blockKind(startingWith: text.first)
        if !kinds.contains(kind) { kinds.append(kind) }
      }
    }
    return (count, kinds)
  }

  /// The text of node `index`'s own lines besides its head and its note (its code blocks,
  /// tables, quotes, HTML, and the paragraphs after them), or nil when it has none that is not
  /// blank: what `diff` compares beside titles and notes, so that two files that differ only
  /// there are not the same.
  ///
  /// Each line loses its line ending and its indentation up to the item's content column (so
  /// that an item moved to another level has the same text); the lines are joined by line
  /// feeds, without the blank lines before the first and after the last.
  ///
  /// ```markdown
  /// - Deploy
  ///   Friday only.       ← the note: left out
  ///
  ///   ```sh              ← "```sh\nmake ship\n```"
  ///   make ship
  ///   ```
  /// ```
  ///
  /// A setext heading's text lines after its first come first.
  ///
  /// - Complexity: O(*l*) in the bytes of the node's lines.
  package func blockText(of index: Int) -> String? {
    let node = nodes[index]
    var column = 0
    if case .item(let marker) = node.kind { column = marker.contentColumn }
    var text: [UInt8] = []
    var blanks = 0  // blank lines seen since the last line with text, once there is one
    for lines in [headingLines(of: index)] + node.pieces.map(\.lines) {
      for number in lines where !node.note.contains(number) {
        let line = self.line(number)
        guard !SourceLayout.isBlank(line) else {
          if !text.isEmpty { blanks += 1 }
          continue
        }
        if !text.isEmpty { text += repeatElement(0x0A, count: blanks + 1) }
        blanks = 0
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        var start = line.startIndex
        var at = 0
        while start < end, at < column, line[start] == 0x20 || line[start] == 0x09 {
          at += line[start] == 0x09 ? TextLines.tabStop - at % TextLines.tabStop : 1
          start += 1
        }
        text += line[start..<end]
      }
    }
    return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
  }

  /// Whether list item `index`'s title, as the file wrote it (no escape before it), starts a
  /// block inside the item, `- ```sh`, `- ## Plan`, `- > quote`, so that the lines after its
  /// head may belong to that block: a retitle keeps the block (`MarkdownEscapes.opensSameBlock`)
  /// or must read back with the note it had (`SourceTextWriter`).
  ///
  /// - Complexity: O(*k*) in the length of the title.
  func titleOpensBlock(_ index: Int) -> Bool {
    let node = nodes[index]
    guard case .item = node.kind, !node.title.isEmpty,
      node.title.lowerBound == 0 || bytes[node.title.lowerBound - 1] != 0x5C
    else { return false }
    return MarkdownEscapes.startsBlock(Array(bytes[node.title]))
  }

  /// The lines of node `index`'s head between its title's line and its underline: a setext
  /// heading's other text lines, which its title leaves out; empty for any other head.
  ///
  /// - Complexity: O(1).
  func headingLines(of index: Int) -> Range<Int> {
    let head = nodes[index].head
    guard case .heading(_, true) = nodes[index].kind, head.count > 2 else { return 0..<0 }
    return (head.lowerBound + 1)..<(head.upperBound - 1)
  }

  /// The kind of block a line starting with `first` (after its indentation) opens, other
  /// than a code fence.
  private static func blockKind(startingWith first: UInt8?) -> String {
    switch first {
    case UInt8(ascii: ">"): "a block quote"
    case UInt8(ascii: "|"): "a table"
    case UInt8(ascii: "<"): "HTML"
    default: "text"
    }
  }

  /// The character of the code fence `text` starts (three backquotes or tildes), or nil.
  private static func fenceCharacter(_ text: ArraySlice<UInt8>) -> UInt8? {
    guard let first = text.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"),
      text.prefix(3).count == 3, text.prefix(3).allSatisfy({ $0 == first })
    else { return nil }
    return first
  }
}
