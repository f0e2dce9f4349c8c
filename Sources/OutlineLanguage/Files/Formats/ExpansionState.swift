/// OPML 2.0's `expansionState`: which items are expanded, as line numbers of the outline as it
/// shows ("flatdown").
///
/// SPEC §4: a comma-separated list of line numbers, taken in order, each counted over the
/// outline as it is visible after the expansions before it; that line is expanded. A file
/// without one is all collapsed.
///
/// Outliners number from 1. The OPML Editor's and Drummer's files (the specification's own
/// examples: `states.opml` has `1, 6, 13, 16, 18, 20`, `placesLived.opml` `1, 2, 5, 10, 13, 15`,
/// whose line 1 is the first summit), Cactus's, and the OPML renderers that read them
/// (`n == expandedData[j] - 1`) all make line 1 the first summit. So a list is read from 1
/// unless reading it from 0 names more lines with children (a file written from 0, as
/// `outline` wrote them before); `base` says which, and the writer writes back in the base the
/// file was read in, and an outline made by commands from 1.
///
/// ```text
/// A         line 1      expansionState "1,3": A expanded, then line 3 of
///   A1      line 2      "A, A1, A2, B" is A2, expanded
///   A2      line 3
///     A2a   line 4
/// B         line 5
/// ```
///
/// Only a visible item has a line, so the expansion of an item under a collapsed ancestor is
/// not in the list: such an item reads collapsed. (An app's outline keeps it; OPML cannot.)
/// A visible leaf that is expanded (a file's list named it, and a section snapshot keeps it)
/// is written too, where the list still reads back in its base, unless the file's list named
/// parents only (the OPML Editor's way): then a list written again names parents only.
///
/// A list names lines, not items, so an edit above a number moves what it names: after
/// `append Z to A`, `1,2,5` (A, a1, and past the end) names C with its 5. A writer keeps the
/// file's list only while it still says what is expanded (`says(_:of:)`), else writes
/// the list again.
enum ExpansionState {
  /// The expansion state of `nodes` (in pre-order): the line of each visible node with children
  /// that is expanded (and of each expanded visible leaf, when `leaves`), in order, joined by
  /// commas.
  ///
  /// Taken in order, each number counts over the outline as the expansions before it left it,
  /// and that is its line in the final outline too: every node before it is visible exactly
  /// when its ancestors, all before it, are expanded.
  ///
  /// - Parameter base: The number of the first line: 1 (outliners') or 0.
  /// - Complexity: O(*n*) in the number of nodes.
  static func text(of nodes: [OutlineDocument.Node], base: Int = 1, leaves: Bool = false)
    -> String
  {
    var lines: [Int] = []
    var line = base
    var hiddenBelow = Int.max  // nodes deeper than this level are hidden (a collapsed parent)
    for (index, node) in nodes.enumerated() {
      if node.level > hiddenBelow { continue }
      hiddenBelow = Int.max
      if index + 1 < nodes.count && nodes[index + 1].level > node.level {
        if node.expanded {
          lines.append(line)
        } else {
          hiddenBelow = node.level
        }
      } else if leaves && node.expanded {
        lines.append(line)
      }
      line += 1
    }
    return lines.map(String.init).joined(separator: ",")
  }

  /// What a writer writes for `nodes`: `text(of:base:leaves:)` in `base` with the expanded
  /// leaves (when `leaves`), else without them, else in the other base (with, then without
  /// them), the first that a reader reads back in its own base, so the same nodes expand.
  ///
  /// Leaves make no hits, so a list from 1 without them always reads back: every number names
  /// a parent, and counting from 0 names no more.
  ///
  /// - Parameter leaves: Whether to name expanded leaves (false for a file whose list named
  ///   parents only).
  /// - Complexity: O(*n* log *n*) in the number of nodes.
  static func written(_ nodes: [OutlineDocument.Node], base: Int, leaves: Bool = true) -> String {
    let other = base == 1 ? 0 : 1
    var last = ""
    let tries =
      leaves
      ? [(base, true), (base, false), (other, true), (other, false)]
      : [(base, false), (other, false)]
    for (base, leaves) in tries {
      last = text(of: nodes, base: base, leaves: leaves)
      if last.isEmpty || self.base(of: last, for: nodes) == base { return last }
    }
    return last
  }

  /// Expands the nodes that `text` names (flatdown, in order), read in the base that names more
  /// lines with children (`base(of:for:)`), returning notes (one says so when it is 0).
  ///
  /// - Complexity: O(*n* log *n* + *m*) for *n* nodes and *m* characters of text.
  static func apply(_ text: String, to nodes: inout [OutlineDocument.Node]) -> [String] {
    read(text, into: &nodes).notes
  }

  /// `apply(_:to:)`, answering the base it read `text` in too, and whether the list names
  /// leaves: false when it names parents and no leaf, true when it names a leaf or no line at
  /// all (a writer's own way, then).
  ///
  /// - Complexity: O(*n* log *n* + *m*).
  static func read(_ text: String, into nodes: inout [OutlineDocument.Node])
    -> (notes: [String], base: Int, leaves: Bool)
  {
    let ends = subtreeEnds(of: nodes)
    let (chosen, base, fromOne) = reading(text, subtreeEnds: ends)
    for index in chosen.expanded { nodes[index].expanded = true }
    let leaves = chosen.hits == 0 || chosen.expanded.contains { ends[$0] <= $0 + 1 }
    guard base == 0 else { return (chosen.notes, 1, leaves) }
    let note =
      "expansionState: read with line 0 as the first summit "
      + "(that way it names \(chosen.hits) parent\(chosen.hits == 1 ? "" : "s"), \(fromOne) "
      + "from line 1)"
    return ([note] + chosen.notes, 0, leaves)
  }

  /// How a reader reads `text` over nodes whose subtrees end at `ends`: its walk from 0 when
  /// that names more parents, else from 1; the base chosen; and the parents named from 1.
  ///
  /// - Complexity: O(*n* + *m*) for *n* nodes and *m* characters of text.
  private static func reading(_ text: String, subtreeEnds ends: [Int])
    -> (walk: (expanded: [Int], notes: [String], hits: Int), base: Int, hitsFromOne: Int)
  {
    let parts = numbers(in: text)
    let zero = walk(parts, subtreeEnds: ends, base: 0)
    let one = walk(parts, subtreeEnds: ends, base: 1)
    return zero.hits > one.hits ? (zero, 0, one.hits) : (one, 1, one.hits)
  }

  /// Whether `text`, read over `nodes` as a reader reads it (`read(_:into:)`, every node
  /// collapsed first), expands exactly the visible nodes of `nodes` that are expanded: a file
  /// whose list says so is written back with its own list.
  ///
  /// ```text
  /// A (expanded) > a1, Z; B > b1; C > c1     "1,2,5": A, a1, then line 5, C, expanded: no
  /// A (expanded) > a1; B > b1; C > c1        "1,2,5": A, a1, 5 past the end: yes
  /// ```
  ///
  /// Only visible nodes count: OPML cannot say that a hidden node is expanded.
  ///
  /// - Complexity: O(*n* log *n* + *m*) for *n* nodes and *m* characters of text.
  static func says(_ text: String, of nodes: [OutlineDocument.Node]) -> Bool {
    let ends = subtreeEnds(of: nodes)
    var named = Array(repeating: false, count: nodes.count)
    for index in reading(text, subtreeEnds: ends).walk.expanded { named[index] = true }
    var index = 0
    while index < nodes.count {
      guard named[index] == nodes[index].expanded else { return false }
      // A collapsed node's descendants are hidden: skipped.
      index = nodes[index].expanded ? index + 1 : ends[index]
    }
    return true
  }

  /// The base `apply(_:to:)` reads `text` in for `nodes`: 0 when that names more lines with
  /// children than 1 does, else 1.
  ///
  /// - Complexity: O(*n* log *n* + *m*).
  static func base(of text: String, for nodes: [OutlineDocument.Node]) -> Int {
    reading(text, subtreeEnds: subtreeEnds(of: nodes)).base
  }

  /// Expands the nodes that `text` names in the given base, returning notes.
  ///
  /// - Complexity: O(*n* log *n* + *m*).
  static func apply(_ text: String, to nodes: inout [OutlineDocument.Node], base: Int) -> [String] {
    let walked = walk(numbers(in: text), subtreeEnds: subtreeEnds(of: nodes), base: base)
    for index in walked.expanded { nodes[index].expanded = true }
    return walked.notes
  }

  /// The end of each node's subtree (the index after its last descendant), from a stack of the
  /// open nodes: one pass.
  ///
  /// - Complexity: O(*n*).
  private static func subtreeEnds(of nodes: [OutlineDocument.Node]) -> [Int] {
    var ends = Array(repeating: nodes.count, count: nodes.count)
    var stack: [Int] = []
    for index in nodes.indices {
      while let top = stack.last, nodes[top].level >= nodes[index].level {
        ends[top] = index
        stack.removeLast()
      }
      stack.append(index)
    }
    return ends
  }

  /// The parts of a list as written, trimmed; none for an empty or blank text.
  ///
  /// `"1, 6,x"`: `1`, `6`, `x`. Two lists with the same parts say the same, whatever blanks
  /// they have.
  ///
  /// - Complexity: O(*m*) in the characters of the text.
  static func parts(of text: String) -> [Substring] { numbers(in: text) }

  /// The parts of a list, trimmed; none for an empty or blank text.
  private static func numbers(in text: String) -> [Substring] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces }
    return parts.count == 1 && parts[0].isEmpty ? [] : parts
  }

  /// The nodes that `parts` name (flatdown, in order, the first line numbered `base`).
  ///
  /// They come in the order a reader starting from a collapsed outline expands them, with notes
  /// and the number of parts that named a line with children (`hits`). No node is touched:
  /// `read(_:into:)` walks both bases over one `subtreeEnds(of:)` and keeps one.
  ///
  /// A note for the numbers that are not a line of the outline then (skipped) and for each
  /// part that is not a number. A line without children is expanded too (a section snapshot
  /// keeps a leaf's expansion, and the native save file writes it), but shows nothing and does
  /// not count as a hit.
  ///
  /// A Fenwick tree over the pre-order positions counts the visible nodes, so finding the
  /// *k*-th visible line is O(log *n*); expanding a node shows its children (hidden until then,
  /// so none of them can be expanded yet), found by jumping over their subtrees.
  ///
  /// - Complexity: O(*n* log *n* + *p*) for *n* nodes and *p* parts.
  private static func walk(_ parts: [Substring], subtreeEnds subtreeEnd: [Int], base: Int)
    -> (expanded: [Int], notes: [String], hits: Int)
  {
    var notes: [String] = []
    if parts.isEmpty { return ([], [], 0) }
    let count = subtreeEnd.count
    var visible = FenwickTree(count: count)
    var shown = Array(repeating: false, count: count)
    var opened = Array(repeating: false, count: count)
    var expanded: [Int] = []
    var index = 0
    while index < count {  // the summits
      visible.add(1, at: index)
      shown[index] = true
      index = subtreeEnd[index]
    }
    var skipped: [Substring] = []
    var linesAtFirstSkipped = 0
    var notNumbers: [Substring] = []
    var hits = 0
    for part in parts {
      guard let number = Int(part), number >= 0 else {
        notNumbers.append(part)
        continue
      }
      let line = number - base
      guard line >= 0 && line < visible.total else {
        if skipped.isEmpty { linesAtFirstSkipped = visible.total }
        skipped.append(part)
        continue
      }
      let node = visible.index(ofOccurrence: line)
      guard node + 1 < count, subtreeEnd[node] > node + 1 else {
        // A leaf: expanded (the SPEC's "the named line is expanded"), which shows nothing, and
        // no hit (the base is told by the parents a list names).
        if !opened[node] {
          opened[node] = true
          expanded.append(node)
        }
        continue
      }
      hits += 1
      guard !opened[node] else { continue }
      opened[node] = true
      expanded.append(node)
      var child = node + 1
      while child < subtreeEnd[node] {
        if !shown[child] {
          shown[child] = true
          visible.add(1, at: child)
        }
        child = subtreeEnd[child]
      }
    }
    if !notNumbers.isEmpty {
      notes.append(
        "expansionState: \(list(notNumbers, quoted: true)) "
          + (notNumbers.count == 1 ? "is not a line number" : "are not line numbers") + ", skipped")
    }
    if !skipped.isEmpty {
      let lines = linesAtFirstSkipped
      notes.append(
        "expansionState: \(list(skipped, quoted: false)) "
          + (skipped.count == 1 ? "is" : "are") + " out of range (the outline showed \(lines) "
          + (lines == 1 ? "line" : "lines") + (skipped.count == 1 ? " then" : " at the first")
          + "), skipped")
    }
    return (expanded, notes, hits)
  }
}

/// Up to 10 parts of an expansion state, joined for a note ("7, 8" or "\"x\", \"\"" and "… (25 in all)").
private func list(_ parts: [Substring], quoted: Bool) -> String {
  let shown = parts.prefix(10).map { quoted ? String($0).debugDescription : String($0) }
  return shown.joined(separator: ", ") + (parts.count > 10 ? ", … (\(parts.count) in all)" : "")
}

extension Substring {
  /// The text without spaces, tabs and line breaks at either end.
  fileprivate var trimmingSpaces: Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !blank($0) }) else { return self[endIndex...] }
    let last = lastIndex(where: { !blank($0) })!
    return self[first...last]
  }
}

/// A Fenwick (binary indexed) tree of counts: add at a position, and find the position of the
/// *k*-th counted one, each O(log *n*).
struct FenwickTree {
  private var tree: [Int]
  /// The sum of every count.
  private(set) var total = 0

  init(count: Int) { tree = Array(repeating: 0, count: count + 1) }

  /// Adds `value` to the count at 0-based `position`.
  mutating func add(_ value: Int, at position: Int) {
    total += value
    var index = position + 1
    while index < tree.count {
      tree[index] += value
      index += index & -index
    }
  }

  /// The 0-based position of the `occurrence`-th (0-based) counted one; `occurrence` must be
  /// less than `total` and every count 0 or 1.
  func index(ofOccurrence occurrence: Int) -> Int {
    var position = 0
    var remaining = occurrence + 1
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      if position + step < tree.count && tree[position + step] < remaining {
        position += step
        remaining -= tree[position]
      }
      step /= 2
    }
    return position  // the 1-based position found is position + 1
  }
}
