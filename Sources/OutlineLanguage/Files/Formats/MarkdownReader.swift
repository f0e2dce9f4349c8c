import CCmark

/// Reads a whole Markdown file into an outline, keeping every line (SPEC §4, "Markdown is read
/// whole").
///
/// ```markdown
/// ---                  ← front matter: the document's preamble
/// title: Groceries
/// ---
/// # Food               ← a heading: an item
/// Fresh only.          ← the heading's own block
/// - Apple              ← a list item under it: its child
///   - [ ] Ripe         ← a task box: not of the title, the `_status` attribute (`TaskBox`)
/// 1. Pear
/// ## Drinks            ← Food's child, after its list items
/// > - quoted           ← a list in a block quote: Drinks' block, not an item
/// ```
///
/// The block structure is CommonMark's, from libcmark (`CCmark`), the reference parser: every
/// list item is an item at the level its nesting gives, numbered and task items included; a
/// document-level heading is an item whose children are the list items and headings under it,
/// up to the next heading of its level or above. Lists inside block quotes, headings inside list
/// items and a list item that starts on its parent's line (`- - x`) are blocks of the item or
/// heading around them. Every other line belongs where CommonMark puts it
/// (`SourceText.assemble`): a block indented into a list item is that item's, a block under a
/// heading is the heading's, and what comes before the first item is the preamble; a blank line
/// goes with the line above. Titles are as written (`MarkdownHeadLine`). An item's paragraphs
/// right after its head line, up to its first block of another kind, are its note
/// (`SourceText.note(of:)`), given as its `_note` attribute as OPML's is; a table (GitHub's,
/// which CommonMark reads as a paragraph) is a block of another kind, kept raw.
///
/// The reader keeps the file (`OutlineDocument.source`), so that `MarkdownWriter` writes back
/// every line no edit touched: nothing is lost, so nothing is a `FormatLoss`.
///
/// Hand-written around libcmark rather than a Markdown package: none on this machine's list
/// parses Markdown with source positions; libcmark is Debian's `libcmark-dev`, a system library
/// as libxml2 is for OPML.
enum MarkdownReader {
  /// Reads `bytes` (UTF-8, a byte-order mark allowed).
  ///
  /// - Throws: `FormatProblem` naming the first line that is not UTF-8.
  /// - Complexity: O(*b*) in the number of bytes.
  static func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let body = try TextLines(bytes).bytes  // checked to be UTF-8, the mark dropped
    let starts = SourceText.lineStarts(of: body)
    let preamble = frontMatterLines(body, starts)
    let found = blocks(body, starts, skipping: preamble)
    let source = SourceText.assemble(
      format: .markdown, hasByteOrderMark: hasByteOrderMark, bytes: body, lineStarts: starts,
      found: found)
    return document(of: source)
  }

  /// The outline a kept file describes: one node per item, its level from its parents, every
  /// parent expanded (Markdown carries no expansion).
  ///
  /// - Complexity: O(*n*) in the items, and the bytes of their titles.
  static func document(of source: SourceText) -> OutlineDocument {
    let count = source.nodes.count
    var nodes: [OutlineDocument.Node] = []
    nodes.reserveCapacity(count)
    var levels: [Int] = []
    levels.reserveCapacity(count)
    source.bytes.withUnsafeBufferPointer { bytes in
      for index in 0..<count {
        let parent = source.nodes[index].parent
        let level = parent < 0 ? 0 : levels[parent] + 1
        levels.append(level)
        let note = source.nodes[index].note.isEmpty ? "" : source.note(of: index)
        let title =
          source.hasNumberedEscape(index)
          ? String(decoding: source.titleBytes(of: index), as: UTF8.self)
          : String(
            decoding: UnsafeBufferPointer(rebasing: bytes[source.nodes[index].title]),
            as: UTF8.self)
        var attributes: [Attribute] = []
        if !note.isEmpty {
          attributes.append(Attribute(name: OutlineDocument.noteAttribute, value: note))
        }
        if let state = source.taskState(of: index) {
          attributes.append(
            Attribute(
              name: OutlineDocument.statusAttribute,
              value: OutlineDocument.statusValue(checked: state)))
        }
        nodes.append(
          OutlineDocument.Node(
            level: level, text: title, attributes: attributes, sourceNode: index))
        if parent >= 0 { nodes[parent].expanded = true }
      }
    }
    var document = OutlineDocument(nodes: nodes)
    document.source = source
    return document
  }

  /// The number of lines of YAML front matter at the start (`---` on line 1, up to a line of
  /// `---` or `...`), 0 when there is none.
  private static func frontMatterLines(_ bytes: [UInt8], _ starts: [Int]) -> Int {
    func text(_ line: Int) -> ArraySlice<UInt8> {
      let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
      return bytes[starts[line]..<MarkdownHeadLine.contentEnd(bytes[starts[line]..<end])]
    }
    guard !starts.isEmpty, text(0).elementsEqual("---".utf8) else { return 0 }
    for line in 1..<starts.count {
      let content = text(line)
      if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
        return line + 1
      }
    }
    return 0
  }

  /// The items of the file after its first `skipped` lines, in file order, as libcmark's block
  /// tree gives them.
  private static func blocks(_ bytes: [UInt8], _ starts: [Int], skipping skipped: Int)
    -> [SourceText.Found]
  {
    guard skipped < starts.count else { return [] }
    let offset = starts[skipped]
    guard
      let root = bytes.withUnsafeBufferPointer({ buffer in
        buffer.baseAddress.map { base in
          (base + offset).withMemoryRebound(to: CChar.self, capacity: buffer.count - offset) {
            cmark_parse_document($0, buffer.count - offset, CMARK_OPT_SOURCEPOS)
          }
        } ?? nil
      })
    else { return [] }
    defer { cmark_node_free(root) }

    var found: [SourceText.Found] = []
    found.reserveCapacity(starts.count - skipped)  // at most one item a line
    var headings: [(index: Int, level: Int)] = []  // the open document-level headings
    var items: [Int] = []  // per open list item node: its index in `found`, or -1 (not an item)
    var quotes = 0  // open block quotes
    var lastHead = -1  // the line of the last item or heading: a nested item on it is none
    var noteOpen: [Bool] = []  // per found item: whether only paragraphs followed its head yet
    let lastLine = starts.count - 1

    func line(_ index: Int) -> ArraySlice<UInt8> {
      bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count)]
    }

    guard let iterator = cmark_iter_new(root) else { return [] }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_EXIT {
        if type == CMARK_NODE_BLOCK_QUOTE { quotes -= 1 }
        if type == CMARK_NODE_ITEM { items.removeLast() }
        continue
      }
      guard event == CMARK_EVENT_ENTER else { continue }
      let first = Int(cmark_node_get_start_line(node)) - 1 + skipped
      // A block of an item's own (a list item's child, a heading's next block in the document)
      // adds to the item's note while the blocks since its head are all paragraphs.
      if let parent = cmark_node_parent(node), type != CMARK_NODE_HEADING || parent != root {
        let owner =
          cmark_node_get_type(parent) == CMARK_NODE_ITEM
          ? items.last ?? -1 : parent == root ? headings.last?.index ?? -1 : -1
        if owner >= 0, noteOpen[owner] {
          // A table (GFM's, a paragraph to CommonMark) is a block of another kind: raw.
          let isTable =
            type == CMARK_NODE_PARAGRAPH && first < lastLine
            && Int(cmark_node_get_end_line(node)) - 1 + skipped > first
            && !found[owner].head.contains(first)
            && Self.startsTable(header: line(first), delimiter: line(first + 1))
          if type == CMARK_NODE_PARAGRAPH, first <= lastLine, !isTable {
            let end = min(max(Int(cmark_node_get_end_line(node)) - 1 + skipped, first), lastLine)
            let item = found[owner]
            let start =
              item.head.contains(first)
              ? item.head.upperBound : item.note.isEmpty ? first : item.note.lowerBound
            if start <= end { found[owner].note = start..<(end + 1) }
          } else if first != found[owner].head.lowerBound {
            noteOpen[owner] = false  // a block of another kind ends the note
          } else if Int(cmark_node_get_end_line(node)) - 1 + skipped > first {
            // The title's own block (`- # Foo` is one line) runs on: no note can follow it.
            noteOpen[owner] = false
            found[owner].headRunsOn = true
          }
        }
      }
      switch type {
      case CMARK_NODE_BLOCK_QUOTE:
        quotes += 1
      case CMARK_NODE_ITEM:
        guard quotes == 0, first >= skipped, first <= lastLine, first != lastHead else {
          items.append(-1)
          continue
        }
        let endLine = Int(cmark_node_get_end_line(node)) - 1 + skipped
        let last = cmark_node_get_end_column(node) == 0 ? endLine - 1 : endLine
        let parent = items.last { $0 >= 0 } ?? headings.last?.index ?? -1
        let text = line(first)
        let head = MarkdownHeadLine.item(
          text, markerAt: text.startIndex + Int(cmark_node_get_start_column(node)) - 1)
        items.append(found.count)
        noteOpen.append(true)
        lastHead = first
        found.append(
          SourceText.Found(
            parent: parent, head: first..<(first + 1), last: min(max(last, first), lastLine),
            title: head.title, kind: .item(head.marker!)))
      case CMARK_NODE_HEADING:
        guard cmark_node_parent(node) == root, first >= skipped, first <= lastLine else {
          continue
        }
        let level = Int(cmark_node_get_heading_level(node))
        let text = line(first)
        let setext = !MarkdownHeadLine.isATX(text)
        // A setext heading's lines run to its underline (libcmark's end can be later).
        var end = first
        if setext {
          end += 1
          while end < lastLine, !isUnderline(line(end)) { end += 1 }
        }
        while let open = headings.last, open.level >= level {
          found[open.index].last = first - 1
          headings.removeLast()
        }
        let head =
          setext ? MarkdownHeadLine.setextHeading(text) : MarkdownHeadLine.atxHeading(text)
        headings.append((found.count, level))
        noteOpen.append(true)
        lastHead = first
        found.append(
          SourceText.Found(
            parent: headings.dropLast().last?.index ?? -1, head: first..<(min(end, lastLine) + 1),
            last: lastLine, title: head.title, kind: .heading(level: level, setext: setext)))
      default:
        break
      }
    }
    return found
  }

  /// Whether `line` is a setext heading's underline: `=`s or `-`s, up to three blanks before
  /// them and any after.
  private static func isUnderline(_ line: ArraySlice<UInt8>) -> Bool {
    let end = MarkdownHeadLine.contentEnd(line)
    let start = line.firstIndex { $0 != 0x20 } ?? end
    guard start < end, start - line.startIndex <= 3 else { return false }
    let mark = line[start]
    return (mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-"))
      && line[start..<end].allSatisfy { $0 == mark }
  }
}
