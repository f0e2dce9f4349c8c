// Strategy: the minimal difference between two sequences of identifiers, moves inferred.
//
// Identifiers are unique within each side, so an element of `old` matches at most one element of
// `new`. A longest common subsequence of the two is then a longest *increasing* subsequence (LIS)
// of the old offsets of `new`'s elements, taken in new order (Hunt–Szymanski for unique keys):
// the elements on it keep their relative order and stay put; every other element present on both
// sides moves (a removal and an insertion naming each other); the rest are plain removals and
// insertions. That is as many changes as Myers' minimal edit script has, in O(*n* log *n*)
// instead of O(*n* *d*), with one hash per identifier per side, as Heckel's diff has.
//
//   Trim:   the common prefix and suffix are cut off with `==` only (no hashing); see below why
//           this never changes the result.
//   Pass 1: old element → old offset, one `Dictionary` insertion per old element.
//   Pass 2: one lookup per new element gives the matched pairs, kept in two `[Int]` tables.
//   Pass 3: patience sorting over the old offsets in new order finds the LIS.
//   Pass 4: a walk over each table in offset order emits removals and insertions, ascending.
//
// Tie-breaking is canonical, and other code depends on it: when an element is placed on a pile,
// its predecessor is the top of the previous pile at that moment, and the LIS is read from the
// top of the *last* pile back along predecessor links. Among equally long subsequences, the one
// ending latest in new order wins: old [A, B, C, D] → new [C, D, A, B] keeps C, D and moves A, B.
//
// Trimming is exact under that rule: a common prefix of length p gives old offsets 0..<p first,
// which build piles 1...p and are never displaced (every later value is larger), so later piles
// see the same tops as in the trimmed run; a common suffix gives the largest old offsets last,
// each extending the last pile, so the walk back starts at the suffix and reaches the trimmed
// run's last top. The exhaustive tests compare `difference` with `untrimmedDifference`.

/// The difference engine: minimal differences between identifier sequences, moves inferred.
internal enum _Diffing {
  /// The minimal difference from `old` to `new`, moves inferred. Elements are unique within each
  /// side.
  ///
  /// ```swift
  /// _Diffing.difference(from: ["A", "B", "C"], to: ["B", "C", "A"])
  /// // removals [0 → 2], insertions [2 ← 0]: "A" moves to the end
  /// ```
  ///
  /// Duplicates break minimality but not validity: every copy in `old` but the last is removed,
  /// every copy in `new` but the first is inserted, so applying the result to `old` still gives
  /// `new`.
  ///
  /// - Parameters:
  ///   - old: The collection the difference starts from.
  ///   - new: The collection it produces.
  /// - Returns: Removals from `old` and insertions into `new`, ascending; a moved element appears
  ///   in both, each naming the other's offset.
  /// - Complexity: O(*n* + *d* log *d*) expected, where *n* is `old.count + new.count` and *d*
  ///   the length of the window left after trimming the common prefix and suffix; at most 2*n*
  ///   hashes and O(*n*) memory.
  static func difference<Old: RandomAccessCollection, New: RandomAccessCollection>(
    from old: Old, to new: New
  ) -> _OffsetDifference where Old.Element: Hashable, Old.Element == New.Element {
    var oldStart = old.startIndex
    var newStart = new.startIndex
    var oldEnd = old.endIndex
    var newEnd = new.endIndex
    var prefix = 0
    while oldStart != oldEnd, newStart != newEnd, old[oldStart] == new[newStart] {
      old.formIndex(after: &oldStart)
      new.formIndex(after: &newStart)
      prefix += 1
    }
    while oldStart != oldEnd, newStart != newEnd {
      let oldLast = old.index(before: oldEnd)
      let newLast = new.index(before: newEnd)
      guard old[oldLast] == new[newLast] else { break }
      oldEnd = oldLast
      newEnd = newLast
    }
    // Invariant: old[..<oldStart] == new[..<newStart] (`prefix` elements) and
    // old[oldEnd...] == new[newEnd...]; only the windows between them can differ.
    return lisDifference(from: old[oldStart..<oldEnd], to: new[newStart..<newEnd], base: prefix)
  }

  /// The same result as `difference(from:to:)`, computed without trimming the common prefix and
  /// suffix; the tests use it to prove that trimming never changes the result.
  ///
  /// - Complexity: O(*n* log *n*), where *n* is `old.count + new.count`.
  static func untrimmedDifference<Old: RandomAccessCollection, New: RandomAccessCollection>(
    from old: Old, to new: New
  ) -> _OffsetDifference where Old.Element: Hashable, Old.Element == New.Element {
    lisDifference(from: old, to: new, base: 0)
  }

  /// The difference of two windows, its offsets shifted by `base` (the length of the common
  /// prefix cut off before them).
  ///
  /// - Complexity: O(*n* log *n*), where *n* is `old.count + new.count`; O(*n*) when most of `new`
  ///   keeps the order of `old`.
  private static func lisDifference<Old: RandomAccessCollection, New: RandomAccessCollection>(
    from old: Old, to new: New, base: Int
  ) -> _OffsetDifference where Old.Element: Hashable, Old.Element == New.Element {
    let oldCount = old.count
    let newCount = new.count
    if oldCount == 0 || newCount == 0 {
      return _OffsetDifference(
        removals: (0..<oldCount).map { .init(offset: base + $0) },
        insertions: (0..<newCount).map { .init(offset: base + $0) })
    }

    // Pass 1: old element → old offset.
    var oldOffsets = [Old.Element: Int](minimumCapacity: oldCount)
    var offset = 0
    for element in old {
      oldOffsets[element] = offset
      offset += 1
    }
    // Invariant: `oldOffsets[e]` is the offset of the last `e` in `old` (its only one when
    // elements are unique); exactly `oldCount` hashes so far (the capacity never grows).

    // Pass 2: the matched pairs.
    var newOfOld = [Int](repeating: -1, count: oldCount)
    var oldOfNew = [Int](repeating: -1, count: newCount)
    newOfOld.withUnsafeMutableBufferPointer { newOfOld in
      oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
        var newOffset = 0
        for element in new {
          if let oldOffset = oldOffsets[element], newOfOld[oldOffset] < 0 {
            newOfOld[oldOffset] = newOffset
            oldOfNew[newOffset] = oldOffset
          }
          newOffset += 1
        }
      }
    }
    // Invariant: `oldOfNew[j] == o` exactly when `newOfOld[o] == j`, and then old[o] == new[j];
    // every other entry is -1. Exactly `oldCount + newCount` hashes in all.

    // Pass 3: patience sorting over `oldOfNew` (skipping -1), one pile per LIS length.
    var predecessor = [Int](repeating: -1, count: newCount)
    let keptCount = oldOfNew.withUnsafeBufferPointer { oldOfNew in
      predecessor.withUnsafeMutableBufferPointer { predecessor in
        longestIncreasingSubsequence(of: oldOfNew, markingIn: predecessor)
      }
    }
    // Invariant: `predecessor[j] == kept` exactly for the new offsets on the canonical LIS, which
    // holds `keptCount` elements; those elements stay, every other match moves.
    if keptCount == oldCount && keptCount == newCount { return .empty }

    // Pass 4: emit the changes from the tables, in offset order.
    var removals: [_OffsetDifference.Change] = []
    var insertions: [_OffsetDifference.Change] = []
    removals.reserveCapacity(oldCount - keptCount)
    insertions.reserveCapacity(newCount - keptCount)
    predecessor.withUnsafeBufferPointer { predecessor in
      for (oldOffset, newOffset) in newOfOld.enumerated() {
        if newOffset < 0 {
          removals.append(.init(offset: base + oldOffset))
        } else if predecessor[newOffset] != kept {
          removals.append(.init(offset: base + oldOffset, associatedWith: base + newOffset))
        }
      }
      for (newOffset, oldOffset) in oldOfNew.enumerated() {
        if oldOffset < 0 {
          insertions.append(.init(offset: base + newOffset))
        } else if predecessor[newOffset] != kept {
          insertions.append(.init(offset: base + newOffset, associatedWith: base + oldOffset))
        }
      }
    }
    // Invariant: `removals` ascend by old offset and `insertions` by new offset; a removal names
    // new offset j exactly when the insertion at j names it back (both come from one pair).
    return _OffsetDifference(removals: removals, insertions: insertions)
  }

  /// The mark `longestIncreasingSubsequence(of:markingIn:)` leaves on the elements it keeps.
  private static let kept = -2

  /// Finds the canonical longest increasing subsequence of `values` (entries of -1 skipped; the
  /// others distinct) and sets `predecessor[i]` to `kept` for each index `i` on it.
  ///
  /// `predecessor` must hold -1 everywhere on entry and be as long as `values`; other entries are
  /// left holding their (unused) predecessor links.
  ///
  /// - Returns: The length of the subsequence.
  /// - Complexity: O(*n* log *L*), where *n* is `values.count` and *L* the length returned; O(*n*)
  ///   when each value extends the longest subsequence so far.
  private static func longestIncreasingSubsequence(
    of values: UnsafeBufferPointer<Int>, markingIn predecessor: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    // Pile k's top: the smallest value ending an increasing subsequence of length k + 1, and its
    // index. Tops increase with k.
    var topValues: [Int] = []
    var topIndices: [Int] = []
    for index in values.indices {
      let value = values[index]
      if value < 0 { continue }
      if let last = topValues.last, value < last {
        // Binary search: the first pile whose top exceeds `value` (values are distinct).
        var low = 0
        var high = topValues.count - 1
        while low < high {
          let middle = (low &+ high) >> 1
          if topValues[middle] < value { low = middle &+ 1 } else { high = middle }
        }
        predecessor[index] = low == 0 ? -1 : topIndices[low - 1]
        topValues[low] = value
        topIndices[low] = index
      } else {
        // Fast path: `value` extends the last pile.
        predecessor[index] = topIndices.last ?? -1
        topValues.append(value)
        topIndices.append(index)
      }
    }
    // Invariant: following `predecessor` from the last pile's top visits one element per pile,
    // with increasing values in reverse: the canonical LIS.
    var index = topIndices.last ?? -1
    while index >= 0 {
      let previous = predecessor[index]
      predecessor[index] = kept
      index = previous
    }
    return topValues.count
  }
}
