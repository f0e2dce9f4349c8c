import OrderedCollections

// The differences of a sibling permutation (an outliner's "Sort") from the permutation itself.
//
// Where each entry went is known, a subtree at a time, so the matched pairs that a diff finds
// by hashing every identifier on both sides are written down directly, and the diff's own
// last passes (`_Diffing.lisDifference(newOfOld:oldOfNew:base:)`: the canonical longest
// increasing subsequence, then the changes) run on them. The result is the one a whole diff
// gives: outside the family nothing changed place, and a common prefix and suffix never change
// the canonical subsequence (see `_Diffing`). The rows are done the same way over the family's
// visible rows, which move with their subtrees.

extension _SectionDifference {
  /// The differences that `permutation` makes in `old`.
  ///
  /// - Complexity: O(*k* log *L*) for the *k* entries of the family, where *L* is the length of
  ///   the longest run of them that keeps its order; no hashing.
  @inlinable internal init<Item>(
    permutation: _SiblingPermutation, in old: SectionSnapshot<Item>
  ) {
    let range = permutation.range
    items = Self.permutationDifference(
      permutation.blocks, order: permutation.order, count: range.count, base: range.lowerBound)
    let rowCount = permutation.rowBlocks.last?.upperBound ?? 0
    if rowCount == 0 {
      rows = .empty
    } else {
      rows = Self.permutationDifference(
        permutation.rowBlocks, order: permutation.order, count: rowCount,
        base: old._tree.visibleCount(before: range.lowerBound))
    }
    // Every child keeps its parent, and every descendant its own.
    reparenting = .none
  }

  /// The minimal difference of `count` elements cut into consecutive `blocks` (in the old
  /// order, covering `0..<count`) when the blocks are put in `order`; offsets shifted by `base`.
  ///
  /// - Complexity: O(*count* log *L*), where *L* is the length of the subsequence kept.
  @inlinable internal static func permutationDifference(
    _ blocks: [Range<Int>], order: [Int], count: Int, base: Int
  ) -> _OffsetDifference {
    var newOfOld = [Int32](repeating: -1, count: count)
    var oldOfNew = [Int32](repeating: -1, count: count)
    newOfOld.withUnsafeMutableBufferPointer { newOfOld in
      oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
        var new = 0
        for child in order {
          for old in blocks[child] {
            newOfOld[old] = Int32(truncatingIfNeeded: new)
            oldOfNew[new] = Int32(truncatingIfNeeded: old)
            new &+= 1
          }
        }
      }
    }
    return _Diffing.lisDifference(newOfOld: &newOfOld, oldOfNew: &oldOfNew, base: base)
  }
}
