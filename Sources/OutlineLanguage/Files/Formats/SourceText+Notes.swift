extension SourceText {
  /// Node `index`'s note, the text of its note's lines (`Node.note`), or empty.
  ///
  /// Each line loses its line ending and its indentation up to the item's content column; the
  /// lines are joined by line feeds, a blank line an empty line.
  ///
  /// In Markdown an item's note is its paragraphs right after its head line, the lines
  /// between them included (SPEC §4: a paragraph indented into a list item is its note; a
  /// heading's paragraphs before its first child are the heading's):
  ///
  /// ```markdown
  /// - Buy milk
  ///   Only the oat kind.      ← the note: "Only the oat kind.\n\nAsk for the receipt."
  ///
  ///   Ask for the receipt.
  ///   ```                     ← a code block ends it: its lines stay the item's, not the note's
  /// ```
  ///
  /// - Complexity: O(*k*) in the bytes of the note's lines.
  package func note(of index: Int) -> String {
    let node = nodes[index]
    guard !node.note.isEmpty else { return "" }
    var column = 0
    if case .item(let marker) = node.kind { column = marker.contentColumn }
    var text: [UInt8] = []
    for line in node.note {
      if line > node.note.lowerBound { text.append(0x0A) }
      text += Self.noteText(of: self.line(line), droppingColumns: column)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether line `index` has no line ending: the file's last line, when the file does not end
  /// with one.
  ///
  /// - Complexity: O(1).
  package func lineIsOpen(_ index: Int) -> Bool {
    guard let last = line(index).last else { return true }
    return last != 0x0A && last != 0x0D
  }

  /// A note line's text, or empty for a blank line.
  ///
  /// That is `line` without its ending and without its leading blanks up to `columns` columns
  /// (a tab advancing to the next multiple of 4). A backslash before a text that would start a
  /// block of its own (`\- oat`, `1\. oat`) is the writer's escape, and is left out, as a
  /// title's is (`MarkdownEscapes`).
  static func noteText(of line: ArraySlice<UInt8>, droppingColumns columns: Int)
    -> ArraySlice<UInt8>
  {
    var end = line.endIndex
    while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
    var start = line.startIndex
    var column = 0
    while start < end, column < columns, line[start] == 0x20 || line[start] == 0x09 {
      column += line[start] == 0x09 ? TextLines.tabStop - column % TextLines.tabStop : 1
      start += 1
    }
    let text = line[start..<end]
    if text.first == 0x5C, MarkdownEscapes.needsEscape(text.dropFirst()) {
      return text.dropFirst()  // the escape `noteLines` adds before a line that starts a block
    }
    return text.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? [] : MarkdownEscapes.unescaped(text)
  }

  /// The lines that write `note` as an item's paragraphs: each line of the note after
  /// `indentation`, an empty line as a blank one, each ending in `ending` but the last when
  /// `lastIsOpen`.
  ///
  /// A line that would start a block of its own (a list item, a heading, a quote, a fence, a
  /// thematic break, HTML: `MarkdownEscapes.escaped(_:)`) gets a backslash, which
  /// `noteText(of:droppingColumns:)` removes. What an escape cannot hold (a line of `===`
  /// under another, blank lines at either end) the writers' read-back check refuses.
  ///
  /// ```swift
  /// SourceText.noteLines("Oat.\n\n- Receipt.", indentation: [0x20, 0x20], ending: [0x0A])
  /// // ["  Oat.\n", "\n", "  \\- Receipt.\n"]
  /// ```
  ///
  /// - Complexity: O(*k*) in the bytes of the note.
  static func noteLines(
    _ note: String, indentation: [UInt8], ending: [UInt8], lastIsOpen: Bool = false
  ) -> [[UInt8]] {
    let lines = note.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
    return lines.enumerated().map { offset, text in
      let end = offset == lines.count - 1 && lastIsOpen ? [] : ending
      guard !text.isEmpty else { return end }
      return indentation + MarkdownEscapes.escaped(Array(text)) + end
    }
  }
}

extension OutlineDocument {
  /// The attribute that holds an item's note, as OPML names it; a Markdown item's paragraphs
  /// are read into it and written from it.
  package static let noteAttribute = "_note"
}

extension OutlineDocument.Node {
  /// The item's note: its `_note` attribute, empty when it has none.
  ///
  /// - Complexity: O(*a*) in the attributes.
  package var note: String {
    attributes.first { $0.name == OutlineDocument.noteAttribute }?.value ?? ""
  }
}
