extension SourceText {
  /// The parent of a summit of another file merged after this one's items (`merging(_:)`):
  /// no node of this file, and not -1, so that the writer never takes it for one of this
  /// file's summits (whose document lines come before it) nor places it as one.
  static let otherSummit = -2

  /// This file with the items of `others` (other reads of its format) after its own, so that a
  /// save writes an item that came from one of them (imported, pasted, moved from another
  /// section) from its lines there: its head, its blocks, its children's lines between them.
  ///
  /// Each other file's lines follow this file's, each ending in this file's line ending (so
  /// that a save adds no other); its nodes follow, renumbered, a summit's parent
  /// `otherSummit`; its own lines outside every item (its preamble, say) are not merged, as
  /// they are not an item's. This file's lines, nodes and document lines stay where they were,
  /// and `ownLineCount` and `ownNodeCount` still count them.
  ///
  /// ```swift
  /// let (merged, offsets) = main.merging([side])
  /// merged.nodes[offsets[0] + 2]  // node 2 of side, its lines after main's
  /// ```
  ///
  /// - Returns: The merged file, and the number each of `others`' nodes are renumbered by.
  /// - Complexity: O(*b* + *n*) in the bytes and nodes of this file and of `others`.
  func merging(_ others: [SourceText]) -> (text: SourceText, offsets: [Int]) {
    var bytes = self.bytes
    var lineStarts = self.lineStarts
    var nodes = self.nodes
    var offsets: [Int] = []
    bytes.reserveCapacity(bytes.count + others.reduce(0) { $0 + $1.bytes.count + $1.lineCount })
    for other in others {
      let nodeOffset = nodes.count
      let lineOffset = lineStarts.count
      offsets.append(nodeOffset)
      for index in 0..<other.lineCount {
        lineStarts.append(bytes.count)
        var line = other.line(index)
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        bytes.append(contentsOf: line)
        bytes.append(contentsOf: lineEnding)
      }
      func moved(_ lines: Range<Int>) -> Range<Int> {
        (lines.lowerBound + lineOffset)..<(lines.upperBound + lineOffset)
      }
      for node in other.nodes {
        var copy = node
        copy.parent = node.parent >= 0 ? node.parent + nodeOffset : Self.otherSummit
        copy.head = moved(node.head)
        let start = lineStarts[copy.head.lowerBound] - other.lineStarts[node.head.lowerBound]
        copy.title = (node.title.lowerBound + start)..<(node.title.upperBound + start)
        copy.note = moved(node.note)
        copy.pieces = node.pieces.map { piece in
          var piece = piece
          if piece.after >= 0 { piece.after += nodeOffset }
          piece.lines = moved(piece.lines)
          return piece
        }
        nodes.append(copy)
      }
    }
    return (SourceText(self, mergedBytes: bytes, lineStarts: lineStarts, nodes: nodes), offsets)
  }
}
