/// Reads a nested Markdown list into an outline: one item per list item, the level from the
/// indentation.
///
/// ```markdown
/// # Groceries          ← text before the list: not kept, a loss
/// - Food
///   * Apple            ← any of -, *, +, 1. and 1) marks an item
///   * Pear
/// 1. Drinks
/// ```
///
/// Reads as `Food` (level 0), `Apple`, `Pear` (level 1), `Drinks` (level 0), every parent
/// expanded (Markdown carries no expansion).
///
/// The rules, close to CommonMark's for lists but one line per item:
/// - An item is a line whose first non-blank characters are `-`, `*` or `+`, or 1 to 9 digits
///   and `.` or `)`, followed by a space, a tab or the end of the line (an empty item has the
///   empty text). A thematic break (`***`, `- - -`) is not an item.
/// - Levels come from columns (a tab advances to the next multiple of 4): an item is a child of
///   the nearest item above it whose marker is at a column left of its own, so any consistent
///   indentation works (2 spaces, 4, tabs) and an item indented between two levels joins the
///   shallower one's children.
/// - The item's text is the rest of the line, blanks around it dropped, with backslash escapes
///   of ASCII punctuation (`\*`) and character references (`&#10;`, `&#x1F600;`, `&amp;`,
///   `&lt;`, `&gt;`, `&quot;`, `&apos;`) decoded; other inline Markdown (`*emphasis*`, links)
///   is kept as written. `MarkdownListWriter` escapes with these rules, so any text round-trips.
/// - Blank lines between items are skipped. An indented line that is not an item continues the
///   item above it (joined with a space, as a paragraph's soft line break renders). The list
///   starts at the first item; lines before it are not read, and the list ends at the first
///   line that is neither an item, blank, nor indented: it and every line after it are not read.
/// - A fenced code block (a line that starts with three or more backticks or tildes, up to a
///   line of at least as many of the same) is skipped whole: its lines are code, not items,
///   even when they look like one. Inside the list it must be indented (as it is in a list
///   item), and an item left of its fence ends it unclosed, as the end of its list item does in
///   CommonMark; before the list, anywhere.
///
/// What a save of the outline would not write back is a loss (`FormatLoss`, counted by
/// `MarkdownLosses`), so that the session refuses to overwrite the file without `--force`: the
/// text before and after the list, the lists after the first, code blocks, a line joined into
/// its item's title that is not a paragraph's next line (`startsBlockOfItsOwn(_:)`, or after a
/// blank line, or under an item whose text opens a fence), an item whose text starts a block
/// the writer escapes (`startsABlock(_:)`), escapes the writer does not write back
/// (`losesEscapes(_:atStart:)`) and the numbers of numbered items. Layout is not: markers
/// `*` and `+` (saved as `-`), indentation, blank lines, line endings, a byte-order mark, a
/// paragraph's line breaks inside an item. Mixed tabs and spaces are a note.
///
/// No recursion: a stack of the open items' marker columns, so the deepest list a file can hold
/// reads in one pass.
enum MarkdownListReader {
  /// Reads `bytes` (UTF-8, a byte-order mark allowed).
  ///
  /// - Throws: `FormatProblem` naming the first line that is not UTF-8, or when the file has
  ///   no list item at all.
  /// - Complexity: O(*b*) in the number of bytes.
  static func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    let lines = try TextLines(bytes)
    var nodes: [OutlineDocument.Node] = []
    var open: [Int] = []  // the marker column of each open item, outermost first
    var started = false
    var ended = false
    var fence: Fence?  // the open code block's fence
    var tabs = false
    var spaces = false
    var losses = MarkdownLosses()
    var blank = false  // a blank line since the last one read
    var itemIsCode = false  // the last item's text opens a fence: its other lines are code
    var inLaterList = false  // after the list: inside another list, which is not read

    /// A line after the list: code, a line of another list, or text.
    func after(_ number: Int, _ line: TextLines.Line, _ rest: UnsafeBufferPointer<UInt8>) {
      if let opening = Fence(rest, at: line.column) {
        fence = opening  // code, whatever it looks like
        losses.openCode(at: number)
        if line.column == 0 { inLaterList = false }
      } else if isItem(rest) {
        losses.laterItem(at: number, startsList: !inLaterList)
        inLaterList = true
      } else if inLaterList && line.column > 0 {
        losses.laterLines.add(number)  // a later list item's own lines
      } else {
        inLaterList = false
        losses.textAfter.add(number)
      }
    }

    try lines.forEach { number, line in
      guard !line.isBlank else {
        blank = true
        return
      }
      defer { blank = false }
      let rest = line.bytes(from: line.start)
      if let open = fence {
        // An item left of the fence ends the list item that held the block, and the block.
        if started, !ended, line.column < open.column, isItem(rest) {
          fence = nil
        } else {
          losses.code(at: number, looksLikeAnItem: isItem(rest))
          if open.isClosed(by: rest) { fence = nil }
          return
        }
      }
      if ended { return after(number, line, rest) }
      if !started || line.column > 0, let opening = Fence(rest, at: line.column) {
        fence = opening
        losses.openCode(at: number)
        return
      }
      if !isThematicBreak(rest), let marker = markerLength(rest) {
        started = true
        tabs = tabs || line.tabs
        spaces = spaces || line.spaces
        while let last = open.last, last >= line.column { open.removeLast() }
        let text = line.bytes(from: line.start + marker)
        nodes.append(OutlineDocument.Node(level: open.count, text: MarkdownEscapes.unescape(text)))
        open.append(line.column)
        if (0x30...0x39).contains(rest[0]) { losses.numbered.add(number) }
        if startsABlock(text) { losses.blockItems.add(number) }
        if losesEscapes(text, atStart: true) { losses.escapes.add(number) }
        itemIsCode = !text.isEmpty && Fence(text, at: 0) != nil
      } else if started && line.column > 0 {
        let text = MarkdownEscapes.unescape(rest)
        nodes[nodes.count - 1].text += nodes[nodes.count - 1].text.isEmpty ? text : " " + text
        // A paragraph's next line joins it with a space, as it renders; anything else loses
        // its line: code, a block of its own, a line after a blank one.
        if blank || itemIsCode || startsBlockOfItsOwn(rest) { losses.joined.add(number) }
        if losesEscapes(rest, atStart: false) { losses.escapes.add(number) }
      } else if started {
        ended = true
        after(number, line, rest)
      } else {
        losses.textBefore.add(number)
      }
    }
    // A blank file is an empty outline; text with no list in it is not an outline at all.
    if !started, !losses.textBefore.isEmpty {
      throw FormatProblem(
        "no list item in the text (\(losses.textBefore.range)): "
          + "a Markdown outline is a list of lines starting with -, *, + or 1.")
    }
    for index in nodes.indices where index + 1 < nodes.count {
      nodes[index].expanded = nodes[index + 1].level > nodes[index].level
    }
    return OutlineDocument(
      nodes: nodes, notes: tabs && spaces ? [mixedIndentationNote] : [], losses: losses.losses)
  }

  /// The length of the list marker and the blanks after it when `text` (a line from its
  /// first non-blank byte) starts with one followed by a blank or the end, else nil.
  static func markerLength(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let end = text.count
    switch text[0] {
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
      index += 1
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      while index < end, index < 9, (0x30...0x39).contains(text[index]) { index += 1 }
      guard index < end, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ")")
      else { return nil }
      index += 1
    default:
      return nil
    }
    guard index == end || text[index] == 0x20 || text[index] == 0x09 else { return nil }
    while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
    return index
  }

  /// A code fence: a run of three or more backticks or tildes at the start of a line.
  struct Fence {
    let mark: UInt8
    let count: Int
    /// The column of its first mark.
    let column: Int
    /// Whether the rest of the line is blank (a closing fence has no info string).
    let isBare: Bool

    /// The fence `text` (a line from its first non-blank byte, at `column`) starts with, or nil.
    init?(_ text: UnsafeBufferPointer<UInt8>, at column: Int) {
      let mark = text[0]
      guard mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else { return nil }
      let count = text.prefix { $0 == mark }.count
      guard count >= 3 else { return nil }
      self.mark = mark
      self.count = count
      self.column = column
      isBare = text.dropFirst(count).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `text` (a line from its first non-blank byte) closes the block this fence
    /// opened: the same mark, at least as many, and nothing after them.
    func isClosed(by text: UnsafeBufferPointer<UInt8>) -> Bool {
      guard let fence = Fence(text, at: 0) else { return false }
      return fence.mark == mark && fence.count >= count && fence.isBare
    }
  }

  /// Whether `text` (a line from its first non-blank byte) is a list item: a marker, and no
  /// thematic break.
  static func isItem(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !isThematicBreak(text) && markerLength(text) != nil
  }

  /// Whether `text` is a thematic break: three or more of one of `-`, `*`, `_`, with blanks
  /// between them allowed.
  static func isThematicBreak(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let mark = text[0]
    guard mark == UInt8(ascii: "-") || mark == UInt8(ascii: "*") || mark == UInt8(ascii: "_")
    else { return false }
    var count = 0
    for byte in text {
      if byte == mark {
        count += 1
      } else if byte != 0x20 && byte != 0x09 {
        return false
      }
    }
    return count >= 3
  }
}
