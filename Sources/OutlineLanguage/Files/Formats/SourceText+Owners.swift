extension SourceText {
  /// An item as a reader found it: where its head is, how far its own blocks may reach, and its
  /// parent.
  struct Found {
    /// The parent (an index into the found items), or -1 for a summit.
    var parent: Int
    /// The head's lines.
    var head: Range<Int>
    /// The last line the item's blocks may reach (a list item's end as the parser gave it, a
    /// heading's line before the next heading of its level or above).
    var last: Int
    /// The title's bytes.
    var title: Range<Int>
    /// How the head is written.
    var kind: Kind
    /// The lines of its note: its paragraphs right after its head (Markdown).
    var note: Range<Int> = 0..<0
    /// Whether the block its head line starts runs on past that line (Markdown).
    var headRunsOn = false
  }

  /// A kept file whose every line is given its owner.
  ///
  /// `found` lists the items in file order (each head after the one before). A line that is not
  /// a head belongs to the innermost item whose reach holds it, else to the document. Blank lines
  /// belong with the line above them, so that the blank lines after an item go with it when it
  /// moves or is deleted, unless the next line is not that item's (a line of an item it is in,
  /// of the document, or the head of a sibling of an item it is in): they then belong to that
  /// line's owner (`blankOwner`), so that the blank lines that end a list stay where it ends.
  /// Blank lines that separate two groups of siblings (after the last of a group that holds
  /// more than it, before the next sibling) belong to the siblings' parent (`separates`), so
  /// that they stay between the groups when that item is deleted or moved, and a new item
  /// after it joins its group. Blank lines that end the file belong to the document, so that
  /// they stay at its end.
  ///
  /// - Complexity: O(*l* + *n*) in the lines and items.
  static func assemble(
    format: OutlineFormat, hasByteOrderMark: Bool, bytes: [UInt8], lineStarts: [Int],
    found: [Found]
  ) -> SourceText {
    var nodes = found.map {
      Node(
        parent: $0.parent, head: $0.head, title: $0.title, kind: $0.kind, pieces: [], note: 0..<0,
        headRunsOn: $0.headRunsOn)
    }
    var documentPieces: [Piece] = []
    var lastChild = [Int](repeating: -1, count: found.count)
    var lastSummit = -1
    var open: [Int] = []  // the items whose reach may hold the next line, outermost first
    var previousOwner = -1
    var next = 0
    var line = 0
    let count = lineStarts.count

    func add(_ line: Int, to owner: Int, separating: Bool = false) {
      let anchor = owner < 0 ? lastSummit : lastChild[owner]
      func extend(_ pieces: inout [Piece]) {
        if let last = pieces.last, last.after == anchor, last.lines.upperBound == line,
          last.separates == separating
        {
          pieces[pieces.count - 1].lines = last.lines.lowerBound..<(line + 1)
        } else {
          pieces.append(Piece(after: anchor, lines: line..<(line + 1), separates: separating))
        }
      }
      if owner < 0 { extend(&documentPieces) } else { extend(&nodes[owner].pieces) }
    }

    while line < count {
      if next < found.count, found[next].head.lowerBound == line {
        let item = found[next]
        while let top = open.last, top != item.parent { open.removeLast() }
        if item.parent >= 0 { lastChild[item.parent] = next } else { lastSummit = next }
        open.append(next)
        previousOwner = next
        line = max(item.head.upperBound, line + 1)
        next += 1
        continue
      }
      if isBlank(bytes, lineStarts, line) {
        var end = line + 1
        while end < count, isBlank(bytes, lineStarts, end) { end += 1 }
        var owner = previousOwner
        var separating = false
        if end == count {
          owner = -1  // the blank lines that end the file stay at its end
        } else if owner >= 0 {
          if next < found.count, found[next].head.lowerBound == end {
            owner = blankOwner(above: owner, before: found[next].parent, in: found)
            if separates(after: owner, before: next, in: found, bytes, lineStarts) {
              owner = found[owner].parent
              separating = true
            }
          } else {
            while let top = open.last, found[top].last < end { open.removeLast() }
            owner = open.last ?? -1
          }
        }
        for blank in line..<end { add(blank, to: owner, separating: separating) }
        previousOwner = owner
        line = end
        continue
      }
      while let top = open.last, found[top].last < line { open.removeLast() }
      let owner = open.last ?? -1
      add(line, to: owner)
      previousOwner = owner
      line += 1
    }
    for (index, item) in found.enumerated() where !item.note.isEmpty {
      // A note is lines of the item's first piece, before its first child; a reader's note that
      // is not stays lines of the item like any other.
      if let first = nodes[index].pieces.first, first.after == -1,
        first.lines.lowerBound <= item.note.lowerBound,
        item.note.upperBound <= first.lines.upperBound
      {
        nodes[index].note = item.note
      }
    }
    return SourceText(
      format: format, hasByteOrderMark: hasByteOrderMark, bytes: bytes, lineStarts: lineStarts,
      nodes: nodes, pieces: documentPieces)
  }

  /// Who keeps blank lines between item `above` (or a line it owns) and the head of an item
  /// whose parent is `parent`: `above` when the next item is its child or its sibling; else the
  /// ancestor of `above` that is the next item's sibling, so that the blank lines that end a
  /// list stay where the list ends when its last item moves.
  ///
  /// - Complexity: O(*d*) in the depth of `above`.
  static func blankOwner(above: Int, before parent: Int, in found: [Found]) -> Int {
    guard parent != above else { return above }
    var item = above
    while found[item].parent != parent, found[item].parent >= 0 { item = found[item].parent }
    return found[item].parent == parent ? item : above
  }

  /// Whether blank lines between item `above` (or a line it owns) and item `next` separate
  /// two groups of siblings.
  ///
  /// They do when `next` is a sibling of `above`, and `above` is not the first of its group (a
  /// sibling came before it, and the line above its head is not blank). Where every sibling
  /// stands alone (a loose list, a file with a blank line after each line) the blank lines go
  /// with the item above them.
  ///
  /// - Complexity: O(1).
  static func separates(
    after above: Int, before next: Int, in found: [Found], _ bytes: [UInt8], _ starts: [Int]
  ) -> Bool {
    let parent = found[above].parent
    let head = found[above].head.lowerBound
    return found[next].parent == parent && above > 0 && above - 1 != parent && head > 0
      && !isBlank(bytes, starts, head - 1)
  }

  /// Whether line `index` holds only blanks.
  static func isBlank(_ bytes: [UInt8], _ starts: [Int], _ index: Int) -> Bool {
    let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
    var position = starts[index]
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return false
      }
    }
    return true
  }
}
