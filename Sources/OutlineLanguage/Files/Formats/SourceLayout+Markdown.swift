/// A Markdown item's place (`SourceLayout`): heading or list item, its level, marker and
/// column, and the numbers of a numbered list whose first item an edit changed.
extension SourceLayout {
  /// Item `index`'s place in a Markdown file (the rules are `SourceLayout`'s): a heading where
  /// one fits, else a list item with its marker and column.
  ///
  /// - Parameters:
  ///   - own: The item's node in the file, or -1.
  ///   - sameParent: Whether its parent is the one the file had.
  /// - Complexity: O(1), and O(*c*) in the column of a new list item's marker.
  func markdownPlace(_ index: Int, own: Int, sameParent: Bool) -> Place {
    let parent = parents[index]
    let before = previous[index] >= 0 ? places[previous[index]] : nil
    let parentKind = parent >= 0 ? places[parent].kind : nil
    let ownKind = own >= 0 ? source.nodes[own].kind : nil
    var parentLevel = 0
    if case .heading(let level, _) = parentKind { parentLevel = level }
    var beforeLevel: Int?
    if case .heading(let level, _)? = before?.kind { beforeLevel = level }
    let inItem: Bool
    if case .item? = parentKind { inItem = true } else { inItem = false }

    var heading: Int?
    if !inItem && parentLevel < 6 {
      let upper = beforeLevel ?? 6
      if case .heading(let level, _)? = ownKind, level > parentLevel, level <= upper {
        heading = level
      } else if beforeLevel != nil {
        heading = upper
      } else if case .heading? = ownKind {
        heading = parentLevel + 1
      }
    }
    if let heading {
      var place = Place(kind: .heading(level: heading, setext: false))
      switch ownKind {
      case .heading(let level, let setext)?:
        place.kind = .heading(level: heading, setext: setext && heading == level)
        place.keepsHead = level == heading
      case .item(let marker)?: place.shift = -marker.contentColumn
      default: break
      }
      return place
    }

    // A list item.
    var parentShift = 0
    var parentContent = 0
    var parentMarker: SourceText.ListMarker?
    if parent >= 0, case .item(let marker) = places[parent].kind {
      parentShift = places[parent].shift
      parentMarker = marker
      // The file's step past the parent's marker (a tab's in a file indented by tabs), which
      // still starts inside the parent and not as code there.
      let step = nestingStep ?? (indentsByTabs ? TextLines.tabStop : 0)
      parentContent = min(
        max(marker.contentColumn, marker.column + step), marker.contentColumn + 3)
    } else if parent >= 0 {
      // A list item become a heading: its children move out with its content.
      parentShift = places[parent].shift
    }
    if case .item(let marker)? = ownKind {
      var moved = marker
      let column: Int
      if sameParent {
        column = marker.column + parentShift
      } else if case .item(let sibling)? = before?.kind {
        column = sibling.column
      } else {
        column = parentContent
      }
      moved.column = column
      moved.contentColumn = marker.contentColumn + column - marker.column
      return Place(
        kind: .item(moved), shift: column - marker.column, keepsHead: column == marker.column)
    }
    var marker: SourceText.ListMarker
    if case .item(let sibling)? = before?.kind {
      marker = sibling
      marker.number = sibling.number.map { $0 + 1 }
    } else if let (sibling, column) = nextSiblingMarker(index, parentShift: parentShift) {
      // Its list's marker and number: numbers already in the file are never rewritten.
      marker = sibling
      marker.column = column ?? parentContent
    } else {
      marker = parentMarker ?? commonMarker
      marker.number = marker.number.map { _ in 1 }
      marker.hasTaskBox = false
      marker.column = parentContent
    }
    marker.contentColumn = contentColumn(of: marker)
    if case .heading? = ownKind {
      return Place(kind: .item(marker), shift: marker.contentColumn)
    }
    return Place(kind: .item(marker))
  }

  /// The list marker of item `index`'s next sibling as the file has it, when that is a list
  /// item of the file, and the column it stays at: its own, moved with its parent's content,
  /// when its parent is the one it had (nil when it moves in from elsewhere).
  ///
  /// - Complexity: O(1).
  func nextSiblingMarker(_ index: Int, parentShift: Int)
    -> (SourceText.ListMarker, Int?)?
  {
    let sibling = next[index]
    guard sibling >= 0, let node = nodes[sibling].sourceNode, node >= 0,
      node < source.nodes.count, case .item(let marker) = source.nodes[node].kind
    else { return nil }
    let parent = parents[index]
    let stays =
      !nodes[sibling].copiesSourceNode && !taken[node]
      && source.nodes[node].parent == (parent >= 0 ? places[parent].source : -1)
    return (marker, stays ? marker.column + parentShift : nil)
  }

  /// The column `marker`'s content starts at, written at its column as the file indents: after
  /// its number, its bullet or delimiter, and its blanks.
  ///
  /// - Complexity: O(*c*) in the column.
  func contentColumn(of marker: SourceText.ListMarker) -> Int {
    let head = indentation(marker.column) + Self.markerText(marker)
    return MarkdownHeadLine.columns(head[...], upTo: head.endIndex)
  }

  /// A list marker as written, with the blanks after it: `- `, `12. `, `3) `, `+\t`.
  static func markerText(_ marker: SourceText.ListMarker) -> [UInt8] {
    (marker.number.map { Array(String($0).utf8) } ?? []) + [marker.symbol] + marker.gapBytes
  }

  /// Keeps a numbered list's first number when an edit puts another of its items first (a
  /// move up or down): that item takes the number the list's first item had, and that item,
  /// still in the list, the number the new first had, so that the list reads from the number
  /// it did (SPEC §4: numbers already in the file are never rewritten) and its numbers stay in
  /// order after a swap.
  ///
  /// ```markdown
  /// 3. three        move three down        3. four
  /// 4. four         ─────────────▶         4. three
  /// 5. five                                5. five
  /// ```
  ///
  /// Only between two items of the file's list (`listStarts`, which need not be the first
  /// under their parent: a paragraph and a list can come before it) under the parent they had,
  /// whose numbers have as many digits (so that no line's content moves) and whose delimiters
  /// are the same.
  ///
  /// - Complexity: O(1).
  mutating func keepListStart(_ index: Int, _ place: inout Place) {
    let own = place.source
    guard own >= 0, !place.isCopy, case .item(var marker) = place.kind,
      case .item(let ownMarker) = source.nodes[own].kind, let number = ownMarker.number
    else { return }
    if let other = renumbered.removeValue(forKey: index) {
      marker.number = other
      place.kind = .item(marker)
      place.keepsHead = false
      return
    }
    let parent = source.nodes[own].parent
    let first = listStarts[own]
    // The first of its list here: no item of the list is placed before it.
    let before = previous[index] >= 0 ? places[previous[index]].source : -1
    guard before < 0 || listStarts[before] != first, parent >= -1, first != own,
      first < source.ownNodeCount, fileNode(parents[index]) == parent,
      case .item(let firstMarker) = source.nodes[first].kind, let start = firstMarker.number,
      start != number, String(start).count == String(number).count,
      firstMarker.symbol == ownMarker.symbol, holders[first] > index,
      parents[holders[first]] == parents[index]
    else { return }
    marker.number = start
    place.kind = .item(marker)
    place.keepsHead = false
    renumbered[holders[first]] = number
  }

  /// For each of the file's nodes, the node of the first item of the numbered list it is in
  /// (itself when it starts one, or is no numbered item); empty when the file has none.
  ///
  /// A numbered item continues its previous sibling's list when that is a numbered item with
  /// the same delimiter and no text of their parent's comes between them (a paragraph ends a
  /// list; blank lines do not), as CommonMark reads a list.
  ///
  /// ```markdown
  /// 1. a       ← 0      first list
  /// 2. b       ← 0
  ///
  /// Then:
  ///
  /// 1. c       ← 2      second list
  /// 2. d       ← 2
  /// ```
  ///
  /// - Complexity: O(*n* + *l*) in the file's items and the lines of its pieces.
  static func listStarts(_ source: SourceText) -> [Int] {
    guard
      source.nodes.contains(where: {
        if case .item(let marker) = $0.kind { return marker.number != nil }
        return false
      })
    else { return [] }
    // The children after which their parent has text before its next child.
    var textAfter = Set<Int>()
    for piece in source.pieces + source.nodes.flatMap(\.pieces) where piece.after >= 0 {
      if piece.lines.contains(where: { !isBlank(source.line($0)) }) {
        textAfter.insert(piece.after)
      }
    }
    var starts = Array(source.nodes.indices)
    var lastChild: [Int: Int] = [:]  // by parent
    for (index, node) in source.nodes.enumerated() {
      defer { lastChild[node.parent] = index }
      guard case .item(let marker) = node.kind, marker.number != nil,
        let before = lastChild[node.parent], !textAfter.contains(before),
        case .item(let sibling) = source.nodes[before].kind, sibling.number != nil,
        sibling.symbol == marker.symbol
      else { continue }
      starts[index] = starts[before]
    }
    return starts
  }

  /// `head` with the number of its list marker (the first digits after its indentation)
  /// written as `place` numbers it, when that differs from the file's (`keepListStart`).
  ///
  /// - Complexity: O(*k*) in the bytes of the head.
  func numbered(_ head: [UInt8], _ place: Place) -> [UInt8] {
    guard case .item(let marker) = place.kind, let number = marker.number,
      case .item(let old) = source.nodes[place.source].kind, old.number != number
    else { return head }
    let start = head.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? head.endIndex
    let end = head[start...].firstIndex { $0 < 0x30 || $0 > 0x39 } ?? head.endIndex
    return Array(head[..<start]) + Array(String(number).utf8) + head[end...]
  }
}
