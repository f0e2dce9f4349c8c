import Diffable

/// `sort PARENT [--reverse]` and `sort --roots [--reverse]`.
extension Session {
  /// Orders the children of `parent` (the roots when nil) naturally, by the title a person reads.
  ///
  /// `NaturalOrder` compares the titles; ties keep their order. Each child takes its subtree
  /// and expansion along.
  ///
  /// App code, as a "Sort" menu item is: the children are rebuilt in order and put back with
  /// `replace(childrenOf:using:)` (the roots, or children holding a quarter of the outline or
  /// more: the outline is rebuilt from its rows in one pass), applied once, with no reorder
  /// handlers. The transaction's moves are the fewest that make the new order, as the
  /// data source's difference always is (a longest increasing subsequence stays).
  ///
  /// - Throws: `unknownParent`.
  /// - Complexity: O(*c* log *c*) comparisons for *c* children, plus O(*k* log *n*) to rebuild
  ///   the *k* items under `parent` and put them back (O(*n*) when *k* ≥ *n*/4), plus the apply.
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
    if let parent, family.count * 4 < outline.count {
      // A small family in a large outline: put the sorted children back in place.
      let sorted: SectionSnapshot<String>
      do {
        sorted = try Self.rebuild(family, rootsInOrder: order)
      } catch {
        throw failure(error)
      }
      outcome.transaction = try edit { outline throws(SnapshotError) in
        try outline.replace(childrenOf: parent, using: sorted)
      }
    } else {
      // Most of the outline: rebuild all of it in one pass, which costs less than taking the
      // family out and putting it back entry by entry.
      let sorted: SectionSnapshot<String>
      do {
        sorted = try Self.rebuild(outline, family: family, under: parent, rootsInOrder: order)
      } catch {
        throw failure(error)
      }
      outcome.transaction = try commitEdit(sorted)
    }
    outcome.note = "sorted \(place)" + (reverse ? ", in reverse" : "")
  }

  /// `family` with its roots in `order` (indices into its roots), each with its subtree and
  /// every item's expansion, built in one pass over its rows.
  ///
  /// - Complexity: O(*k*) expected for *k* items (one hash of each).
  static func rebuild(_ family: SectionSnapshot<String>, rootsInOrder order: [Int])
    throws(SnapshotError) -> SectionSnapshot<String>
  {
    var rows = PreorderRows(capacity: family.count)
    rows.append(family, rootsInOrder: order, below: -1)
    return try rows.snapshot()
  }

  /// `outline` with the children of `parent` (the roots when nil), which `family` holds, in
  /// `order`, built in one pass over its rows.
  ///
  /// - Complexity: O(*n*) expected for *n* items (one hash of each).
  static func rebuild(
    _ outline: SectionSnapshot<String>, family: SectionSnapshot<String>, under parent: String?,
    rootsInOrder order: [Int]
  ) throws(SnapshotError) -> SectionSnapshot<String> {
    guard let parent else { return try rebuild(family, rootsInOrder: order) }
    guard let at = outline.index(of: parent) else { throw .parentNotFound(parent) }
    var rows = PreorderRows(capacity: outline.count)
    var rank = 0
    outline.forEachRow { row in
      defer { rank += 1 }
      guard rank <= at || rank > at + family.count else { return true }
      rows.append(row.item, level: row.level, expanded: row.isExpanded)
      if rank == at { rows.append(family, rootsInOrder: order, below: row.level) }
      return true
    }
    return try rows.snapshot()
  }
}
