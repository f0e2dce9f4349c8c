import OrderedCollections

extension DataSource {
  /// Puts the children of `parent` (the roots when nil) in `section` in `order`, each with its
  /// subtree and expansion, and applies the result: an outliner's "Sort", as app code.
  ///
  /// The same as applying `snapshot(for: section).reorderingChildren(of: parent, order: order)`,
  /// transaction included (its differences are the ones a diff of the two snapshots gives, the
  /// fewest moves), but the differences come from the permutation, with no diff: nothing is
  /// hashed, and a family of *k* items costs what *k* entries cost. No item changes parent.
  /// `order[i]` is the index, among the children as they are, of the child placed `i`-th.
  ///
  /// - Precondition: `order` is a permutation of the children's indices.
  /// - Returns: The transaction.
  /// - Throws: `SnapshotError.parentNotFound` when `parent` is absent.
  /// - Complexity: O(*k* log *n*) for the *k* items under `parent` (O(*n*) when they are a
  ///   quarter of the section or more), plus O(*k* log *L*) for the differences, where *L* is
  ///   the length of the longest run of them that keeps its order.
  @discardableResult
  @inlinable package func reorderChildren(of parent: Item?, in section: Section, order: [Int])
    throws(SnapshotError) -> Transaction<Section, Item>
  {
    let old = _state._sections[section] ?? SectionSnapshot()
    let (new, permutation) = try old._reorderingChildren(of: parent, order: order)
    let difference =
      permutation.isIdentity
      ? _SectionDifference.empty : _SectionDifference(permutation: permutation, in: old)
    let transaction = _transaction(
      from: _state, applying: new, to: section, difference: difference)
    _state = transaction.finalSnapshot
    return transaction
  }
}
