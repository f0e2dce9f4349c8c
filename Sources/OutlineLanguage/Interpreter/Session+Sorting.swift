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
    var sorted = SectionSnapshot<String>()
    do {
      try sorted.append(order.map { children[$0] })
      for child in children where try family.hasChildren(child) {
        try sorted.replace(childrenOf: child, using: family.snapshot(of: child))
      }
      sorted.expand(family.expandedItems)
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
}
