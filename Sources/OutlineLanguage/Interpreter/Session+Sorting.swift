import Diffable

/// `sort PARENT [--reverse]` and `sort --roots [--reverse]`.
extension Session {
  /// Orders the children of `parent` (the roots when nil) naturally, by the title a person reads.
  ///
  /// `NaturalOrder` compares the titles; ties keep their order. Each child takes its subtree
  /// and expansion along.
  ///
  /// App code, as a "Sort" menu item is: one apply, with no reorder handlers. The data source
  /// is told the permutation (`DataSource.reorderChildren(of:in:order:)`), so the transaction
  /// comes from it without a diff of the outline; its moves are still the fewest that make the
  /// new order, exactly what a diff gives (a longest increasing subsequence stays). In a batch,
  /// the working copy is reordered the same way.
  ///
  /// - Throws: `unknownParent`.
  /// - Complexity: O(*c* log *c*) comparisons for *c* children, plus O(*k* log *n*) to move the
  ///   *k* items under `parent` (O(*n*) when *k* ≥ *n*/4: the outline is rebuilt in one pass),
  ///   plus O(*k* log *L*) for the transaction, *L* being the longest run kept in order.
  func sort(_ parent: String?, reverse: Bool, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    let children: [String]
    do {
      children = try outline.children(of: parent)
    } catch {
      throw failure(error)
    }
    let order = NaturalOrder.order(of: children.map(contents.title(of:)), reverse: reverse)
    let place =
      parent.map {
        "the \(children.count) \(children.count == 1 ? "child" : "children") of "
          + Quoting.word($0)
      }
      ?? "the \(Self.count(children.count, "root"))"
    guard order != Array(children.indices) else {
      outcome.note = "\(place) \(children.count == 1 ? "is" : "are") already in order"
      return
    }
    if batch == nil {
      // The data source's own reorder: its transaction comes from the permutation, no diff.
      do {
        outcome.transaction = Self.nonEmpty(
          try dataSource.reorderChildren(of: parent, in: section, order: order))
      } catch {
        throw failure(error)
      }
    } else {
      let reordered: SectionSnapshot<String>
      do {
        reordered = try outline.reorderingChildren(of: parent, order: order)
      } catch {
        throw failure(error)
      }
      outcome.transaction = try commit(reordered)
    }
    // The roots have no parent to replace the children of: the app rebuilds the snapshot.
    outcome.effect =
      parent.map { .edit([.replaceChildren(of: $0, using: .built(of: $0))]) } ?? .rebuild
    outcome.note = "sorted \(place)" + (reverse ? ", in reverse" : "")
  }
}
