/// Where `SourceTextWriter` writes the blank lines that separated two groups of siblings in the
/// file (`SourceText.Piece.separates`) once an edit has moved, deleted or added siblings.
///
/// Such lines, anchored after child *k* of their owner, split the owner's children into the
/// first group (the file's children of that owner up to *k*) and the later one (its children
/// after *k*); an item the file did not have there is in neither. They are written right after
/// a child of the first group or of neither, or at the owner's end: where the fewest children
/// of either group are on the other's side; when several are, right after child *k* (and the
/// items of neither group that follow it) if that is one of them, else the last. So the blank
/// line stays between the groups when the first group's last item is deleted or moved into the
/// later group, an item moved between two items of the first group joins it, and a new item
/// after the first group joins it:
///
/// ```text
/// a b | c d   move c after a   →  a c b | d
///             move b after d   →  a | c d b
///             new item after b →  a b new | c d
/// ```
struct BlankSeparators {
  /// For each owner (an item, -1 for the document) whose node has separating pieces: for each
  /// of its node's pieces, the item before which it may be written, `Int.max` for the owner's
  /// end, `Int.min` for a piece that does not separate.
  private var releases: [Int: [Int]] = [:]

  /// The places for the items `nodes`, whose parents in the outline written are `parents`, of
  /// `source`'s separating pieces; the document's pieces only when `isWhole`.
  ///
  /// - Complexity: O(*n* + *s* log *c* + *w*) in the items, the separating pieces and their
  ///   owners' children, and the children between a group's first item found after the
  ///   place where the file had the blank lines and its last item found before it (none in an
  ///   owner whose children keep the file's order); O(*s* *c*) at worst, when an owner's
  ///   children are written in reverse.
  init(source: SourceText, nodes: [OutlineDocument.Node], parents: [Int], isWhole: Bool) {
    func node(of item: Int) -> Int? {
      guard let node = nodes[item].sourceNode, node >= 0, node < source.nodes.count else {
        return nil
      }
      return node
    }
    func pieces(of owner: Int) -> [SourceText.Piece]? {
      if owner < 0 { return isWhole ? source.pieces : nil }
      return node(of: owner).map { source.nodes[$0].pieces }
    }
    var hasSeparators: [Int: Bool] = [:]
    var children: [Int: [Int]] = [:]
    for item in nodes.indices {
      let owner = parents[item]
      let separated: Bool
      if let known = hasSeparators[owner] {
        separated = known
      } else {
        separated = pieces(of: owner)?.contains(where: \.separates) ?? false
        hasSeparators[owner] = separated
      }
      if separated { children[owner, default: []].append(item) }
    }
    for (owner, items) in children {
      guard let pieces = pieces(of: owner) else { continue }
      let ownerNode = owner < 0 ? -1 : node(of: owner) ?? -2
      let ownerIsCopy = owner >= 0 && nodes[owner].copiesSourceNode
      // Each child's node when it is one of the owner's children in the file, else -1.
      let files = items.map { item -> Int in
        guard let node = node(of: item), source.nodes[node].parent == ownerNode,
          nodes[item].copiesSourceNode == ownerIsCopy
        else { return -1 }
        return node
      }
      var prefixMax = files
      for index in prefixMax.indices.dropFirst() {
        prefixMax[index] = max(prefixMax[index], prefixMax[index - 1])
      }
      var suffixMin = files.map { $0 < 0 ? Int.max : $0 }
      for index in suffixMin.indices.reversed().dropFirst() {
        suffixMin[index] = min(suffixMin[index], suffixMin[index + 1])
      }
      var positions: [Int: Int] = [:]
      for (index, node) in files.enumerated() where node >= 0 { positions[node] = index }
      releases[owner] = pieces.map { piece in
        guard piece.separates else { return Int.min }
        // Right after child k and the items of neither group after it.
        var anchorPlace = -1
        if let anchor = positions[piece.after] {
          anchorPlace = anchor + 1
          while anchorPlace < files.count, files[anchorPlace] < 0 { anchorPlace += 1 }
        }
        let place = Self.place(
          after: piece.after, files, prefixMax: prefixMax, suffixMin: suffixMin,
          anchorPlace: anchorPlace)
        return place == items.count ? Int.max : items[place]
      }
    }
  }

  /// Whether piece `piece` of `owner`'s node (-1: the document's) waits while item `item` is
  /// about to be written (`Int.max`: the owner ends, and nothing waits).
  ///
  /// - Complexity: O(1).
  func waits(_ owner: Int, piece: Int, before item: Int) -> Bool {
    guard let places = releases[owner] else { return false }
    return item < places[piece]
  }

  /// The position among an owner's children (`files`: each one's node, -1 for one the file did
  /// not have there) before which blank lines anchored after node `anchor` are written, the
  /// children's count for the owner's end; `anchorPlace` is the position after that node and
  /// the children of neither group after it (-1: it is not there), taken on a tie.
  ///
  /// The cost of a position is the number of later children before it and first-group ones
  /// from it on. It does not rise before the first later child and does not fall after the
  /// last first-group one, so the scan starts at the nearer of the two and stops past the
  /// farther once a later child has raised it.
  ///
  /// - Complexity: O(log *c* + *w*) in the children and those the scan passes.
  private static func place(
    after anchor: Int, _ files: [Int], prefixMax: [Int], suffixMin: [Int], anchorPlace: Int
  ) -> Int {
    let count = files.count
    let firstLater = firstIndex(prefixMax) { $0 > anchor }
    let lastFirst = firstIndex(suffixMin) { $0 > anchor } - 1
    let through = max(firstLater, lastFirst + 1)
    var position = max(1, min(firstLater, lastFirst + 1))
    // No later child comes before the first, which only a start moved past it can pass.
    var laterBefore = firstLater < position ? 1 : 0
    var firstFrom = 0
    for index in position..<max(position, lastFirst + 1)
    where files[index] >= 0
      && files[index] <= anchor
    {
      firstFrom += 1
    }
    var best = count
    var bestCost = Int.max
    var anchorCost = -1
    while position <= count {
      if position == count || files[position - 1] <= anchor {
        let cost = laterBefore + firstFrom
        if cost <= bestCost {
          best = position
          bestCost = cost
        }
        if position == anchorPlace { anchorCost = cost }
      }
      guard position < count else { break }
      let child = files[position]
      if child > anchor {
        if position >= through && bestCost != Int.max { break }
        laterBefore += 1
      } else if child >= 0 {
        firstFrom -= 1
      }
      position += 1
    }
    return anchorCost == bestCost ? anchorPlace : best
  }

  /// The first index of `values` (true for a suffix of them) where `isAfter` holds, or their
  /// count.
  ///
  /// - Complexity: O(log *c*).
  private static func firstIndex(_ values: [Int], where isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(values[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
