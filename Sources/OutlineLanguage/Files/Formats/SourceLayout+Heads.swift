/// An item's head line written anew (`SourceLayout`): a heading, a list item retitled in its
/// own line, an indented line; and why a title cannot be written in one.
extension SourceLayout {
  /// Item `index`'s head written anew, and the file's lines to write after it (a setext
  /// heading's other text lines, which become the item's own).
  func head(_ index: Int, _ place: Place, lineEnding: [UInt8]) -> ([UInt8], Range<Int>) {
    let title = Array(nodes[index].text.utf8)
    var ending = lineEnding
    var extra = 0..<0
    if place.source >= 0 {
      let node = source.nodes[place.source]
      let line = source.line(node.head.lowerBound)
      var end = line.endIndex
      while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
      ending = Array(line[end...])
      extra = source.headingLines(of: place.source)
    }
    switch place.kind {
    case .line:
      return (Array(place.indent) + title + ending, extra)
    case .heading(let level, let setext):
      if place.source >= 0, case .heading(level, let wasSetext) = source.nodes[place.source].kind,
        wasSetext == setext
      {
        // Retitled in place: the title replaced in its line, the rest as the file has it (a
        // setext heading's other lines and underline, an ATX heading's closing hashes).
        let node = source.nodes[place.source]
        let line = source.line(node.head.lowerBound)
        let head =
          Array(line[line.startIndex..<node.title.lowerBound]) + title
          + line[node.title.upperBound...]
        return (head, (node.head.lowerBound + 1)..<node.head.upperBound)
      }
      return (Array(repeating: UInt8(ascii: "#"), count: level) + [0x20] + title + ending, extra)
    case .item(let marker):
      // The box follows the item's `_status`, a new item's too: the file says what the
      // outline says (a new item in a task list is a task when the session made it one).
      let state = nodes[index].taskState
      if place.source >= 0, case .item = source.nodes[place.source].kind,
        source.taskState(of: place.source) == state
      {
        return (retitled(place, title), extra)
      }
      var head = indentation(marker.column) + Self.markerText(marker)
      if let state { head += source.box(state, of: place.source) }
      return (head + MarkdownEscapes.escaped(title) + ending, extra)
    }
  }

  /// A list item the file had, with a new title (escaped where it needs it) in place of its
  /// old one: the indentation (moved by the place's shift), marker, blanks, task box and what
  /// follows the title as the file had them.
  ///
  /// A title that opens the block the old one opened (`- ```bash` retitled `` ```sh ``) is not
  /// escaped, so that the lines after it stay in that block
  /// (`MarkdownEscapes.opensSameBlock(_:as:)`).
  func retitled(_ place: Place, _ title: [UInt8]) -> [UInt8] {
    let node = source.nodes[place.source]
    let line = source.line(node.head.lowerBound)
    if source.titleBytes(of: place.source).elementsEqual(title) {
      // Moved, not retitled: the line as written.
      return numbered(reindented(line, by: place.shift), place)
    }
    var start = node.title.lowerBound
    let old = Array(source.bytes[node.title])
    if start > line.startIndex, source.bytes[start - 1] == 0x5C,
      MarkdownEscapes.needsEscape(old[...])
    {
      start -= 1  // the escape the reader left out of the title
    }
    var head = Array(line[line.startIndex..<start])
    if !title.isEmpty, let last = head.last, last != 0x20, last != 0x09 {
      head.append(0x20)  // an empty item's marker, with no blank after it
    }
    let keepsBlock =
      source.titleOpensBlock(place.source) && MarkdownEscapes.opensSameBlock(title, as: old[...])
    head += keepsBlock ? title : MarkdownEscapes.escaped(title)
    head += line[node.title.upperBound...]
    return numbered(reindented(head[...], by: place.shift), place)
  }

  /// Why a head line cannot hold `text` so that it reads back the same, or nil.
  static func problem(with text: String) -> String? {
    let utf8 = text.utf8
    if utf8.contains(0x0A) || utf8.contains(0x0D) {
      return "a line break cannot be written in an item's line; use OPML or the native file"
    }
    if let first = utf8.first, let last = utf8.last,
      first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
    {
      return "blanks at the start or end of a title are not read back; use OPML or the native file"
    }
    return nil
  }
}
