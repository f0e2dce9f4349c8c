// The difference engine, public: `_Diffing` for any random-access collection of hashable
// elements, its offsets turned into Swift's `CollectionDifference` by the conversion the
// transactions use (`_OffsetDifference.collectionDifference(old:new:)`).

extension RandomAccessCollection where Element: Hashable {
  /// Returns the difference that produces this collection from the given one, with moves
  /// inferred: a minimal and faster replacement for `difference(from:).inferringMoves()` when the
  /// elements are unique, as identifiers are.
  ///
  /// The name says what it replaces: where you wrote `new.difference(from: old).inferringMoves()`,
  /// write `new.differenceInferringMoves(from: old)`; code completion offers it beside the
  /// standard library's `difference(from:)`, and it is no overload of it, so existing calls keep
  /// their meaning. The result is a `CollectionDifference` in the same form: removals by old
  /// offset, insertions by new offset, and an element that moved appears as a removal and an
  /// insertion whose `associatedWith` name each other's offset, so
  /// `old.applying(difference)` gives `new` and a collection view can animate the moves.
  ///
  /// The difference is minimal: it has as many removals and insertions as a
  /// longest-common-subsequence difference (Myers', the standard library's), so exactly the
  /// elements off one longest common subsequence change, and every element present on both sides
  /// but off it is a move. Where several longest common subsequences exist, the one kept may
  /// differ from the standard library's. <doc:DifferenceInferringMoves> describes the design and
  /// compares it with Myers' and Heckel's diffs.
  ///
  /// ```swift
  /// let old = ["A", "B", "C", "D", "E"]
  /// let new = ["B", "X", "C", "E", "A"]
  /// let difference = new.differenceInferringMoves(from: old)
  /// // remove "D" at 3; remove "A" at 0, associated with 4;
  /// // insert "X" at 1; insert "A" at 4, associated with 0
  /// old.applying(difference) == new  // true
  /// ```
  ///
  /// **Duplicates.** Elements are expected to be unique within each collection. This is not
  /// checked (a check would cost a second hash per element). With duplicates the result is still
  /// valid: applying it to `other` gives this collection, and each association pairs two equal
  /// elements. It may not be minimal, though: at most one copy of each element is matched across
  /// the changed region, and the other copies become plain removals and insertions.
  /// `["B", "A", "A", "B"].differenceInferringMoves(from: ["A", "A"])` has 4 changes where 2
  /// insertions suffice. (`difference(from:).inferringMoves()` stays minimal with duplicates but
  /// associates only elements removed once and inserted once.)
  ///
  /// - Parameter other: The collection the difference starts from (the old state).
  /// - Returns: The removals from `other` and insertions into this collection that turn `other`
  ///   into this collection, with moves associated.
  /// - Complexity: O(*n* + *d* log *d*) expected, where *n* is `other.count + count` and *d*
  ///   the length of the region left after cutting off the longest common prefix and suffix
  ///   (compared with `==`, no hashing); at most one hash per element in that region per side, and
  ///   O(*n*) memory. That includes building the `CollectionDifference`, whose initializer
  ///   validates and sorts the *k* ≤ 2*d* changes: on a shuffle, most of the time. The standard
  ///   library's is O(*n* *D*), *D* being the number of changes.
  @inlinable public func differenceInferringMoves<Other: RandomAccessCollection>(
    from other: Other
  ) -> CollectionDifference<Element> where Other.Element == Element {
    _Diffing.difference(from: other, to: self).collectionDifference(
      old: { other[other.index(other.startIndex, offsetBy: $0)] },
      new: { self[index(startIndex, offsetBy: $0)] })
  }
}
