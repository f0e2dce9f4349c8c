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
  let next: [Int]
  /// The places decided so far, in pre-order.
  private(set) var places: [Place] = []
  /// Which of the file's nodes an item took (an item whose node is taken is written as new).
  private(set) var taken: [Bool]
  /// The item that holds each of the file's nodes (the first that names it, not a copy), -1
  /// for a node no item holds.
  let holders: [Int]
  /// The numbers that items placed later take in place of their own (`keepListStart`), by
  /// item.
  var renumbered: [Int: Int] = [:]
  /// For each of the file's numbered list items, the node of its list's first item
  /// (`listStarts(_:)`); empty for a file with no numbered item.
  let listStarts: [Int]
  /// Indented text: one step of indentation.
  let step: ArraySlice<UInt8>
  /// Whether most indented list items are indented by tabs (as Logseq writes them).
  let indentsByTabs: Bool
  /// Whether most of the file's headings followed by a line have a blank line after them.
  let spacesHeadings: Bool
  /// Whether most of the file's headings after its first line have a blank line before them.
  let spacesBeforeHeadings: Bool
  /// The columns most nested list items sit past their parent item's marker, nil when no list
  /// item is nested in another.
  let nestingStep: Int?
  /// The marker most list items have (their bullet or delimiter, and the blanks after it), for a
  /// new item with no list item beside or above it.
  let commonMarker: SourceText.ListMarker

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
    self.listStarts = Self.listStarts(source)
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
  func fileNode(_ item: Int) -> Int {
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
}
