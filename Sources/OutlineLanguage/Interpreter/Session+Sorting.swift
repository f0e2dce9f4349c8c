import Diffable

/// `sort PARENT [--reverse]` and `sort --roots [--reverse]`.
extension Session {
  /// Orders the children of `parent` (the roots when nil) naturally, by the title a person reads.
  ///
  /// `NaturalOrder` compares the titles; ties keep their order. Each child takes its subtree
  /// and expansion along.
  ///
  /// App code, as a "Sort" menu item is: the children are rebuilt in order and put back with
  /// `replace(childrenOf:using:)` (the roots: the outline is rebuilt), applied once, with no
  /// reorder handlers. The transaction's moves are the fewest that make the new order, as the
  /// data source's difference always is (a longest increasing subsequence stays).
  ///
  /// - Throws: `unknownParent`.
  /// - Complexity: O(*c* log *c*) comparisons for *c* children, plus O(*k* log *k*) to rebuild
  ///   the *k* items under `parent`, plus the apply.
  func sort(_ parent: String?, reverse: Bool, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    let family: SectionSnapshot<String>
    if let parent {
      do {
        family = try outline.snapshot(of: parent)
      } catch {
        throw failure(.parentNotFound(parent))
      }
    } else {
      family = outline
    }
    let children = family.rootItems
    let order = NaturalOrder.order(of: children.map(contents.title(of:)), reverse: reverse)
    let place =
      parent.map {
        "the \(children.count) \(children.count == 1 ? "child" : "children") of "
          + Quoting.word($0)
      }
      ?? "the \(Self.count(children.count, "root"))"
    guard order != Array(children.indices) else {
      outcome.note = "\(place) are already in order"
      return
    }
    let sorted: SectionSnapshot<String>
    do {
      sorted = try Self.rebuild(family, rootsInOrder: order)
    } catch {
      throw failure(error)
    }
    if let parent {
      outcome.transaction = try edit { outline throws(SnapshotError) in
        try outline.replace(childrenOf: parent, using: sorted)
      }
    } else {
      outcome.transaction = try commitEdit(sorted)
    }
    outcome.note = "sorted \(place)" + (reverse ? ", in reverse" : "")
  }

  /// `family` with its roots in `order` (indices into its roots), each with its subtree and
  /// every item's expansion, built in one pass over its rows.
  ///
  /// The rows are cut into the roots' blocks; the new snapshot takes the roots in one
  /// `append(_:)`, then each block's rows in pre-order, the siblings that follow one another in
  /// one `append(_:to:)` each.
  ///
  /// - Complexity: O(*k* log *k*) for *k* items, in as many appends as there are runs of
  ///   consecutive siblings below the roots.
  static func rebuild(_ family: SectionSnapshot<String>, rootsInOrder order: [Int])
    throws(SnapshotError) -> SectionSnapshot<String>
  {
    let rows = family.rows
    var blocks: [Range<Int>] = []
    var expanded: [String] = []
    for (index, row) in rows.enumerated() {
      if row.level == 0 {
        if let last = blocks.last { blocks[blocks.count - 1] = last.lowerBound..<index }
        blocks.append(index..<rows.count)
      }
      if row.isExpanded { expanded.append(row.item) }
    }
    var sorted = SectionSnapshot<String>()
    try sorted.append(order.map { rows[blocks[$0].lowerBound].item })
    var path: [String] = []
    var run: [String] = []
    var runParent: String?
    for block in order.map({ blocks[$0] }) {
      for row in rows[block] {
        path.removeLast(path.count - row.level)
        if row.level > 0 {
          if path.last != runParent, !run.isEmpty {
            try sorted.append(run, to: runParent)
            run.removeAll(keepingCapacity: true)
          }
          runParent = path.last
          run.append(row.item)
        }
        path.append(row.item)
      }
    }
    if !run.isEmpty { try sorted.append(run, to: runParent) }
    sorted.expand(expanded)
    return sorted
  }
}
