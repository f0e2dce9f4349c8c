extension SourceText {
  /// What node `index` holds in the file besides its head and its note: the number of its
  /// own lines that are not blank, and the kinds of blocks they start, in file order, each
  /// once (`a block quote`, `a code block`, `a table`, `HTML`, `text`).
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
    var count = 0
    var kinds: [String] = []
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
