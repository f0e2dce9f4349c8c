/// Where and in what form `SourceTextWriter` writes each item of an edited outline into the
/// file it was read from (SPEC §4, "After an edit").
///
/// An item the file had keeps its head line when its title, form and task box (its `_status`,
/// `TaskBox`) are unchanged; a box checked or unchecked is written in place of the old one, and
/// a task on a heading, which Markdown cannot hold, is refused. Otherwise,
/// and for a new item, the form follows Markdown's rules and the item's neighbours:
/// - under a list item, a list item; after a heading sibling, a heading (a list item there
///   would read as the heading's child); else a heading only if it was one;
/// - a heading's level is its own when it still fits (deeper than its parent heading's, no
///   deeper than its previous sibling's), else its previous heading sibling's, else one deeper
///   than its parent's; past six, a list item;
/// - a list item keeps its marker and column when its parent is the one it had, moved with its
///   parent's content; a moved or new one takes its previous sibling's column, else its next
///   sibling's (when that stays where the file had it), else its parent's column and the
///   file's step of nesting (the column most of its nested items sit at past their parent's
///   marker; its parent's content column when it has none);
/// - a new list item is written as the nearest list item of its place: its previous sibling
///   (the same bullet, or the number after the sibling's, the blanks after it; a task box
///   only when the item is a task, as for any item), else its next sibling when that is a list item of the file (so that
///   CommonMark reads one list, not two), else its parent's list (its parent's marker and
///   blanks, a numbered one from 1), else the file's most common marker and blanks (`- ` in a
///   file with no list);
/// - a copy (`copy`, `duplicate`) is placed as its original would be there, and is written
///   from the original's lines (its head's form and marker, its blocks), re-indented; the
///   original keeps the node's place among its parent's lines;
/// - an item from another file (`SourceText.merging(_:)`) is placed as a moved item whose
///   parent changed, keeping its marker, number and task box; its children under it keep
///   their places relative to it, as a moved subtree's do;
/// - in indented text, a line takes its previous sibling's indentation, else its parent's and
///   one more step (the file's first step of indentation, a tab when it has none).
struct SourceLayout {
  /// How one item is written.
  struct Place {
    /// The item's node in the file, or -1 for a new item.
    var source = -1
    /// Whether the item is a copy of the node's item, which leaves the node's place among its
    /// parent's lines to the original.
    var isCopy = false
    /// The form of its head.
    var kind: SourceText.Kind
    /// The columns its own lines move (a list item moved in or out, a heading become an item).
    var shift = 0
    /// Whether the head is written as the file had it.
    var keepsHead = false
    /// Indented text: the line's indentation as written.
    var indent: ArraySlice<UInt8> = []
  }

  let source: SourceText
  let nodes: [OutlineDocument.Node]
  /// Each item's parent in the outline written, -1 for a summit.
  private(set) var parents: [Int]
  /// Each item's previous sibling, -1 for a first child.
  let previous: [Int]
  /// Each item's next sibling, -1 for a last child.
  private let next: [Int]
  /// The places decided so far, in pre-order.
  private(set) var places: [Place] = []
  /// Which of the file's nodes an item took (an item whose node is taken is written as new).
  private var taken: [Bool]
  /// The item that holds each of the file's nodes (the first that names it, not a copy), -1
  /// for a node no item holds.
  private let holders: [Int]
  /// The numbers that items placed later take in place of their own (`keepListStart`), by
  /// item.
  private var renumbered: [Int: Int] = [:]
  /// Indented text: one step of indentation.
  private let step: ArraySlice<UInt8>
  /// Whether most indented list items are indented by tabs (as Logseq writes them).
  let indentsByTabs: Bool
  /// Whether most of the file's headings followed by a line have a blank line after them.
  private let spacesHeadings: Bool
  /// Whether most of the file's headings after its first line have a blank line before them.
  private let spacesBeforeHeadings: Bool
  /// The columns most nested list items sit past their parent item's marker, nil when no list
  /// item is nested in another.
  private let nestingStep: Int?
  /// The marker most list items have (their bullet or delimiter, and the blanks after it), for a
  /// new item with no list item beside or above it.
  private let commonMarker: SourceText.ListMarker

  init(source: SourceText, nodes: [OutlineDocument.Node]) {
    self.source = source
    self.nodes = nodes
    var parents: [Int] = []
    var previous: [Int] = []
    parents.reserveCapacity(nodes.count)
    previous.reserveCapacity(nodes.count)
    var open: [Int] = []  // the open items, outermost first
    var lastAtLevel: [Int] = []  // the last item seen at each level under the open items
    for index in nodes.indices {
      let level = min(nodes[index].level, open.count)
      open.removeLast(open.count - level)
      parents.append(open.last ?? -1)
      previous.append(lastAtLevel.count > level ? lastAtLevel[level] : -1)
      lastAtLevel.removeLast(max(0, lastAtLevel.count - level))
      lastAtLevel.append(index)
      open.append(index)
    }
    self.parents = parents
    self.previous = previous
    var next = [Int](repeating: -1, count: nodes.count)
    for (index, before) in previous.enumerated() where before >= 0 { next[before] = index }
    self.next = next
    self.taken = [Bool](repeating: false, count: source.nodes.count)
    var holders = [Int](repeating: -1, count: source.nodes.count)
    for (index, node) in nodes.enumerated() where !node.copiesSourceNode {
      if let own = node.sourceNode, own >= 0, own < holders.count, holders[own] < 0 {
        holders[own] = index
      }
    }
    self.holders = holders
    self.step = Self.firstStep(source)
    var tabs = 0
    var spaces = 0
    // The file's own items: those merged from other files (`SourceText.merging(_:)`) are
    // written as it indents.
    for node in 0..<source.ownNodeCount {
      switch source.bytes[source.lineStarts[source.nodes[node].head.lowerBound]...].first {
      case 0x09?: tabs += 1
      case 0x20?: spaces += 1
      default: break
      }
    }
    self.indentsByTabs = tabs > spaces
    var spaced = 0
    var stacked = 0
    var spacedBefore = 0
    var stackedBefore = 0
    for node in source.nodes {
      guard case .heading = node.kind else { continue }
      if node.head.upperBound < source.lineCount {
        if Self.isBlank(source.line(node.head.upperBound)) { spaced += 1 } else { stacked += 1 }
      }
      if node.head.lowerBound > 0 {
        if Self.isBlank(source.line(node.head.lowerBound - 1)) {
          spacedBefore += 1
        } else {
          stackedBefore += 1
        }
      }
    }
    self.spacesHeadings = spaced > stacked
    self.spacesBeforeHeadings = spacedBefore > stackedBefore
    (self.nestingStep, self.commonMarker) = Self.listHabits(source)
    places.reserveCapacity(nodes.count)
  }

  /// The file's step of nesting (`nestingStep`) and its most common marker (`commonMarker`):
  /// ties go to the smaller step, and to the marker the file has first.
  ///
  /// - Complexity: O(*n*) in the file's items (a file has a handful of markers, counted by a
  ///   linear search).
  private static func listHabits(_ source: SourceText) -> (Int?, SourceText.ListMarker) {
    var steps = [Int](repeating: 0, count: 16)  // by columns past the parent's marker
    var markers: [(marker: SourceText.ListMarker, count: Int)] = []
    for node in source.nodes {
      guard case .item(let marker) = node.kind else { continue }
      if node.parent >= 0, case .item(let parent) = source.nodes[node.parent].kind {
        let step = marker.column - parent.column
        if step > 0 && step < steps.count { steps[step] += 1 }
      }
      if let known = markers.firstIndex(where: {
        $0.marker.symbol == marker.symbol && ($0.marker.number == nil) == (marker.number == nil)
          && $0.marker.gap == marker.gap
      }) {
        markers[known].count += 1
      } else {
        markers.append((marker, 1))
      }
    }
    var step: Int?
    for (columns, count) in steps.enumerated()
    where count > 0 && count > (step.map { steps[$0] } ?? 0) {
      step = columns
    }
    var common = SourceText.ListMarker(
      column: 0, contentColumn: 0, symbol: UInt8(ascii: "-"), number: nil, hasTaskBox: false)
    var best = 0
    for (marker, count) in markers where count > best {
      common = marker
      best = count
    }
    common.number = common.number.map { _ in 1 }
    common.hasTaskBox = false
    return (step, common)
  }

  /// Decides item `index`'s place; items are placed in pre-order.
  ///
  /// - Throws: `FormatProblem` when the item's head must be written and its title cannot be
  ///   (a line break, or blanks at either end, which the reader would not give back).
  /// - Complexity: O(1), and O(*k*) in the title when the head is written anew.
  mutating func place(_ index: Int) throws(FormatProblem) -> Place {
    let node = nodes[index]
    var own = -1
    if let candidate = node.sourceNode, candidate >= 0, candidate < source.nodes.count,
      node.copiesSourceNode || !taken[candidate]
    {
      // A copy shares its original's node and takes none.
      own = candidate
      if !node.copiesSourceNode { taken[candidate] = true }
    }
    let parent = parents[index]
    let sameParent = own >= 0 && source.nodes[own].parent == fileNode(parent)
    var place =
      source.format == .text
      ? textPlace(index, own: own, sameParent: sameParent)
      : markdownPlace(index, own: own, sameParent: sameParent)
    place.source = own
    place.isCopy = own >= 0 && node.copiesSourceNode
    if source.format == .markdown { keepListStart(index, &place) }
    if own >= 0 && place.keepsHead && !source.hasTitle(own, node.text) { place.keepsHead = false }
    if source.format == .markdown, let state = node.taskState {
      guard case .item = place.kind else {
        throw FormatProblem(
          item: index, text: node.text,
          "markdown has no task box on a heading: the item is a task (\(state ? "[x]" : "[ ]")); "
            + "make it a list item, remove its box (attr ITEM _status --delete), or use OPML or "
            + "the native file")
      }
    }
    if own >= 0, case .heading = place.kind, case .item = source.nodes[own].kind,
      continuesTitle(own)
    {
      // A list item's paragraph that runs on past its first line (a hard-wrapped title) would
      // be cut after that line by a heading, the rest a paragraph of its own.
      throw FormatProblem(
        item: index, text: node.text,
        "markdown cannot hold the item as a heading here: its first paragraph goes on past "
          + "its title's line, and a heading would cut it there (the rest a paragraph of its "
          + "own); put it under a list item or the heading before it, or save as .opml or "
          + ".json, which keep it")
    }
    if own >= 0 && place.keepsHead && source.format == .markdown
      && source.taskState(of: own) != node.taskState
    {
      place.keepsHead = false  // checked, unchecked, made a task or no longer one
    }
    if !place.keepsHead, let problem = Self.problem(with: node.text) {
      throw FormatProblem(item: index, text: node.text, problem)
    }
    places.append(place)
    return place
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
  /// Only between two items of the file under the parent they had, whose numbers have as many
  /// digits (so that no line's content moves) and whose delimiters are the same.
  ///
  /// - Complexity: O(1).
  private mutating func keepListStart(_ index: Int, _ place: inout Place) {
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
    let first = parent + 1
    guard previous[index] < 0, parent >= -1, first != own, first < source.ownNodeCount,
      source.nodes[first].parent == parent, fileNode(parents[index]) == parent,
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

  /// `head` with the number of its list marker (the first digits after its indentation)
  /// written as `place` numbers it, when that differs from the file's (`keepListStart`).
  ///
  /// - Complexity: O(*k*) in the bytes of the head.
  private func numbered(_ head: [UInt8], _ place: Place) -> [UInt8] {
    guard case .item(let marker) = place.kind, let number = marker.number,
      case .item(let old) = source.nodes[place.source].kind, old.number != number
    else { return head }
    let start = head.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? head.endIndex
    let end = head[start...].firstIndex { $0 < 0x30 || $0 > 0x39 } ?? head.endIndex
    return Array(head[..<start]) + Array(String(number).utf8) + head[end...]
  }

  /// Whether list item `node`'s first paragraph goes on past its head line: its note starts on
  /// the line right after it (a hard-wrapped title, a lazy continuation line).
  ///
  /// - Complexity: O(1).
  private func continuesTitle(_ node: Int) -> Bool {
    let item = source.nodes[node]
    return !item.note.isEmpty && item.note.lowerBound == item.head.upperBound
  }

  /// The file's node of placed item `item` (a parent or a previous sibling), to compare with a
  /// node's parent or sibling in the file: -1 for none (a summit's parent, a first child's
  /// previous sibling), and -2 for an item the file did not have, which is no node's parent or
  /// sibling (a new parent is not the document, which a summit's -1 names).
  ///
  /// - Complexity: O(1).
  private func fileNode(_ item: Int) -> Int {
    guard item >= 0 else { return -1 }
    return places[item].source >= 0 ? places[item].source : -2
  }

  /// Whether placed item `index` is one of the file's items written under another parent
  /// than the file's (moved out of its parent, or into a new one).
  ///
  /// - Complexity: O(1).
  func isReparented(_ index: Int) -> Bool {
    let node = places[index].source
    return node >= 0 && source.nodes[node].parent != fileNode(parents[index])
  }

  // MARK: Markdown

  private func markdownPlace(_ index: Int, own: Int, sameParent: Bool) -> Place {
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
  private func nextSiblingMarker(_ index: Int, parentShift: Int)
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
  private func contentColumn(of marker: SourceText.ListMarker) -> Int {
    let head = indentation(marker.column) + Self.markerText(marker)
    return MarkdownHeadLine.columns(head[...], upTo: head.endIndex)
  }

  /// Whether item `index`, placed as `place`, needs a blank line before it when it follows a
  /// text line: it is a numbered list item that starts a list with a number other than 1 (its
  /// previous sibling is no numbered item of its kind), which CommonMark reads after a
  /// paragraph as that paragraph's text, and the file did not already have it so, under the
  /// same parent after the same sibling.
  ///
  /// - Complexity: O(1), and O(*s*) in the items of its previous sibling's subtree in the file
  ///   when it starts such a list.
  func needsBlankBefore(_ index: Int, _ place: Place) -> Bool {
    let before = previous[index]
    guard
      Self.startsListPastOne(place.kind, after: before >= 0 ? places[before].kind : nil)
    else { return false }
    guard place.source >= 0 else { return true }
    let node = place.source
    let parent = source.nodes[node].parent
    let outlineParent = parents[index]
    guard parent == fileNode(outlineParent) else { return true }
    var sourceBefore = node - 1
    while sourceBefore > parent, source.nodes[sourceBefore].parent != parent { sourceBefore -= 1 }
    if sourceBefore <= parent { sourceBefore = -1 }
    guard sourceBefore == fileNode(before) else { return true }
    return !Self.startsListPastOne(
      source.nodes[node].kind, after: sourceBefore >= 0 ? source.nodes[sourceBefore].kind : nil)
  }

  /// Whether heading `index`, placed as `place`, gets a blank line before it after text.
  ///
  /// It does when the file had a blank line before it (a new heading, or an item become one:
  /// before its previous sibling heading), so that a heading is spaced as the file spaces its
  /// headings, and a file that stacks them keeps them stacked. An unedited file is written as
  /// it was: there the line before such a heading is its blank line.
  ///
  /// - Complexity: O(1).
  func spacesHeading(_ index: Int, _ place: Place) -> Bool {
    guard case .heading(_, false) = place.kind else { return false }
    var model = -1
    if place.source >= 0, case .heading = source.nodes[place.source].kind {
      model = place.source
    } else if previous[index] >= 0, places[previous[index]].source >= 0,
      case .heading = source.nodes[places[previous[index]].source].kind
    {
      model = places[previous[index]].source
    }
    guard model >= 0 else { return false }
    let line = source.nodes[model].head.lowerBound
    // The file's first line has no line before it: the file's other headings say.
    return line > 0 ? Self.isBlank(source.line(line - 1)) : spacesBeforeHeadings
  }

  /// Whether item `index`, placed as `place`, gets a blank line after its parent's heading.
  ///
  /// It does when it is a list item, the first child of a heading that had nothing under it in
  /// the file (a new heading, a list item become one, a heading with no text or children), and
  /// most of the file's headings have a blank line after them. A heading that had something
  /// under it keeps what followed it, and a child the file had right under it stays there.
  ///
  /// - Complexity: O(1).
  func spacesFromHeading(_ index: Int, _ place: Place) -> Bool {
    let parent = parents[index]
    guard spacesHeadings, parent >= 0, previous[index] < 0, case .item = place.kind,
      case .heading = places[parent].kind
    else { return false }
    let node = places[parent].source
    if node >= 0, place.source == node + 1 { return false }  // its first child, right under it
    guard node >= 0, case .heading = source.nodes[node].kind else { return true }
    let hadChildren = node + 1 < source.nodes.count && source.nodes[node + 1].parent == node
    return !hadChildren && source.nodes[node].pieces.first?.after != -1
  }

  private static func startsListPastOne(_ kind: SourceText.Kind, after before: SourceText.Kind?)
    -> Bool
  {
    guard case .item(let marker) = kind, let number = marker.number, number != 1 else {
      return false
    }
    guard case .item(let sibling)? = before else { return true }
    return sibling.number == nil || sibling.symbol != marker.symbol
  }

  /// A list marker as written, with the blanks after it: `- `, `12. `, `3) `, `+\t`.
  static func markerText(_ marker: SourceText.ListMarker) -> [UInt8] {
    (marker.number.map { Array(String($0).utf8) } ?? []) + [marker.symbol] + marker.gapBytes
  }

  // MARK: Indented text

  private func textPlace(_ index: Int, own: Int, sameParent: Bool) -> Place {
    let parent = parents[index]
    let ownIndent = own >= 0 ? indentation(of: own) : nil
    let parentStays =
      parent < 0
      || (places[parent].source >= 0
        && places[parent].indent.elementsEqual(indentation(of: places[parent].source)))
    let indent: ArraySlice<UInt8>
    if let ownIndent, sameParent, parentStays {
      indent = ownIndent
    } else if previous[index] >= 0 {
      indent = places[previous[index]].indent
    } else if parent >= 0 {
      indent = places[parent].indent + step
    } else {
      indent = []
    }
    return Place(
      kind: .line, keepsHead: ownIndent.map { $0.elementsEqual(indent) } ?? false, indent: indent)
  }

  /// The leading blanks of node `index`'s line.
  private func indentation(of index: Int) -> ArraySlice<UInt8> {
    let line = source.line(source.nodes[index].head.lowerBound)
    return line.prefix { $0 == 0x20 || $0 == 0x09 }
  }

  /// The file's first step of indentation: what a first child's line adds to its parent's, or a
  /// tab.
  private static func firstStep(_ source: SourceText) -> ArraySlice<UInt8> {
    for node in source.nodes.prefix(source.ownNodeCount) where node.parent >= 0 {
      let child = source.line(node.head.lowerBound).prefix { $0 == 0x20 || $0 == 0x09 }
      let parent = source.line(source.nodes[node.parent].head.lowerBound)
        .prefix { $0 == 0x20 || $0 == 0x09 }
      if child.count > parent.count && child.starts(with: parent) {
        return child.dropFirst(parent.count)
      }
    }
    return [0x09]
  }

  // MARK: Heads

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
      if case .heading(_, true) = node.kind, node.head.count > 2 {
        extra = (node.head.lowerBound + 1)..<(node.head.upperBound - 1)
      }
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
  private func retitled(_ place: Place, _ title: [UInt8]) -> [UInt8] {
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
    head += MarkdownEscapes.escaped(title)
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

  // MARK: Lines

  /// Whether `line` holds only blanks and its ending.
  static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// `line` with its indentation moved by `shift` columns, written as the file indents (tabs
  /// for each 4 columns when its list items are indented by tabs, else spaces); a line with
  /// less indentation than a negative shift loses all of it.
  func reindented(_ line: ArraySlice<UInt8>, by shift: Int) -> [UInt8] {
    guard shift != 0, !Self.isBlank(line) else { return Array(line) }
    let blanks = line.prefix { $0 == 0x20 || $0 == 0x09 }
    let width = MarkdownHeadLine.columns(line, upTo: line.startIndex + blanks.count)
    return indentation(max(0, width + shift)) + line.dropFirst(blanks.count)
  }

  /// `columns` of indentation as the file writes it.
  func indentation(_ columns: Int) -> [UInt8] {
    guard indentsByTabs else { return Array(repeating: 0x20, count: columns) }
    return Array(repeating: 0x09, count: columns / TextLines.tabStop)
      + Array(repeating: 0x20, count: columns % TextLines.tabStop)
  }

}
