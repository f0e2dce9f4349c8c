import OrderedCollections

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
//   Pass 2: one lookup per new element gives the matched pairs, kept in two `[Int32]` tables.
//           All offsets and tables are `Int32`: half the memory traffic of `Int`, which is most
//           of the cost beyond hashing on large inputs (sides of 2³¹ elements or more trap).
//   Pass 3: patience sorting over the old offsets in new order finds the LIS.
//   Pass 4: a walk over each table in offset order emits removals and insertions, ascending.
//
// Passes 1 and 2 live in `matchedPairs`, so the dictionary is freed before pass 3 allocates: a
// smaller peak keeps the allocator from handing the memory back to the system and faulting it in
// again on the next diff.
//
// Tie-breaking is canonical, and other code depends on it. Among equally long subsequences, the
// one *starting earliest* in new order is kept, and after each kept element the earliest one
// that can follow it: old [A, B, C, D] → new [C, D, A, B] keeps C, D and reports A, B as moved;
// old [Eggs, Pantry] → new [Pantry, Eggs] keeps Pantry and reports Eggs. For one element swapped
// with its neighbour this is what the standard library's Myers diff (`difference(from:)`, then
// `inferringMoves()`) reports: the element that came first in the old order moves. The patience
// sort runs on the *mirrored* sequence (new order reversed, old offsets flipped), where an
// increasing subsequence is one of the original read backwards: when an element is placed on a
// pile, its predecessor is the top of the previous pile at that moment, and the subsequence is
// read from the top of the *last* pile back along predecessor links, which in the mirror ends
// latest, so in new order starts earliest.
//
// Trimming is exact under that rule: in the mirror, a common suffix of length s comes first, as
// the smallest values, and builds piles 1...s that are never displaced (every later value is
// larger), so later piles see the same tops as in the trimmed run; a common prefix comes last,
// as the largest values, each extending the last pile, so the walk back starts at the prefix and
// reaches the trimmed run's last top. The exhaustive tests compare `difference` with
// `untrimmedDifference`.

/// The difference engine: minimal differences between identifier sequences, moves inferred.
@usableFromInline internal enum _Diffing {
  /// The minimal difference from `old` to `new`, moves inferred.
  ///
  /// Elements are expected to be unique within each side (identifiers).
  ///
  /// ```swift
  /// _Diffing.difference(from: ["A", "B", "C"], to: ["B", "C", "A"])
  /// // removals [0 → 2], insertions [2 ← 0]: "A" moves to the end
  /// _Diffing.difference(from: ["Eggs", "Pantry"], to: ["Pantry", "Eggs"])
  /// // removals [0 → 1], insertions [1 ← 0]: "Eggs" moves, as the standard library reports
  /// ```
  ///
  /// Duplicates break minimality but not validity: each offset is still matched at most once
  /// (copies left unmatched become plain removals or insertions), so applying the result to
  /// `old` still gives `new`.
  ///
  /// - Parameters:
  ///   - old: The collection the difference starts from.
  ///   - new: The collection it produces.
  /// - Returns: Removals from `old` and insertions into `new`, ascending; a moved element appears
  ///   in both, each naming the other's offset.
  /// - Complexity: O(*n* + *d* log *d*) expected, where *n* is `old.count + new.count` and *d*
  ///   the length of the window left after trimming the common prefix and suffix; at most 2*n*
  ///   hashes and O(*n*) memory.
  @inlinable static func difference<Old: RandomAccessCollection, New: RandomAccessCollection>(
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
  @inlinable
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
  @inlinable
  internal static func lisDifference<Old: RandomAccessCollection, New: RandomAccessCollection>(
    from old: Old, to new: New, base: Int
  ) -> _OffsetDifference where Old.Element: Hashable, Old.Element == New.Element {
    let oldCount = old.count
    let newCount = new.count
    precondition(
      oldCount < Int(Int32.max) && newCount < Int(Int32.max), "diffing 2³¹ elements or more")
    if oldCount == 0 || newCount == 0 {
      return _OffsetDifference(
        removals: (0..<oldCount).map { .init(offset: base + $0) },
        insertions: (0..<newCount).map { .init(offset: base + $0) })
    }

    var (newOfOld, oldOfNew) = matchedPairs(old: old, new: new)
    return lisDifference(newOfOld: &newOfOld, oldOfNew: &oldOfNew, base: base)
  }

  /// Passes 3 and 4 over matched pairs that are already known: the minimal difference that
  /// keeps the canonical longest increasing subsequence of `oldOfNew`, its offsets shifted by
  /// `base`.
  ///
  /// For a caller that knows where each element went without hashing (a permutation of
  /// sibling subtrees): the same tables `matchedPairs` would build give the same difference.
  /// Both tables serve as scratch space: their contents afterwards are unspecified.
  ///
  /// - Parameters:
  ///   - newOfOld: For each old offset, the new offset of its element, or -1.
  ///   - oldOfNew: For each new offset, the old offset of its element, or -1; the inverse of
  ///     `newOfOld` on the matched pairs.
  ///   - base: Added to every offset of the result.
  /// - Complexity: O(*n* log *L*), where *n* is the tables' total length and *L* the length of
  ///   the subsequence kept; O(*n*) when most of `oldOfNew` increases.
  @inlinable
  internal static func lisDifference(
    newOfOld: inout [Int32], oldOfNew: inout [Int32], base: Int
  ) -> _OffsetDifference {
    let oldCount = newOfOld.count
    let newCount = oldOfNew.count
    if oldCount == 0 || newCount == 0 {
      return _OffsetDifference(
        removals: (0..<oldCount).map { .init(offset: base + $0) },
        insertions: (0..<newCount).map { .init(offset: base + $0) })
    }

    // Pass 3: patience sorting over the mirror of `oldOfNew` (skipping -1) finds the LIS; each
    // kept pair is then marked `kept` in both tables.
    var predecessors = [Int32](repeating: -1, count: newCount)
    mirror(&oldOfNew, top: Int32(truncatingIfNeeded: oldCount - 1))
    let (keptCount, lastKept) = oldOfNew.withUnsafeBufferPointer { mirrored in
      predecessors.withUnsafeMutableBufferPointer { predecessors in
        longestIncreasingSubsequence(of: mirrored, predecessors: predecessors)
      }
    }
    mirror(&oldOfNew, top: Int32(truncatingIfNeeded: oldCount - 1))
    if keptCount == oldCount && keptCount == newCount { return .empty }
    // Mirrored index m is new offset newCount - 1 - m.
    var mirrored = lastKept
    while mirrored >= 0 {
      let newOffset = newCount &- 1 &- mirrored
      newOfOld[Int(oldOfNew[newOffset])] = kept
      oldOfNew[newOffset] = kept
      mirrored = Int(predecessors[mirrored])
    }
    // Invariant: each table entry is `kept` (on the canonical LIS: the element stays), -1 (no
    // match: a plain removal or insertion) or the matched offset (the element moves there).
    // `keptCount` entries of each table are `kept`.

    // Pass 4: emit the changes from the tables, in offset order; their counts are known.
    let removals = changes(partners: newOfOld, count: oldCount - keptCount, base: base)
    let insertions = changes(partners: oldOfNew, count: newCount - keptCount, base: base)
    // Invariant: `removals` ascend by old offset and `insertions` by new offset; a removal names
    // new offset j exactly when the insertion at j names it back (both come from one pair).
    return _OffsetDifference(removals: removals, insertions: insertions)
  }

  /// Passes 1 and 2: the pairs of offsets holding equal elements, as two tables.
  ///
  /// The dictionary lives only here, so its memory is released before the later passes allocate.
  ///
  /// - Returns: `newOfOld[o]`, the new offset matched to old offset `o`, and `oldOfNew[j]`, the
  ///   old offset matched to new offset `j`; -1 where there is no match.
  /// - Complexity: O(*m* + *n*) expected, where *m* is `old.count` and *n* `new.count`; exactly
  ///   *m* + *n* hashes.
  @inlinable internal static func matchedPairs<Old: Collection, New: Collection>(
    old: Old, new: New
  ) -> (newOfOld: [Int32], oldOfNew: [Int32])
  where Old.Element: Hashable, Old.Element == New.Element {
    let oldCount = old.count
    let newCount = new.count
    // Pass 1: old element → old offset.
    var oldOffsets = [Old.Element: Int32](minimumCapacity: oldCount)
    var offset: Int32 = 0
    for element in old {
      oldOffsets[element] = offset
      offset &+= 1
    }
    // Invariant: `oldOffsets[e]` is the offset of the last `e` in `old` (its only one when
    // elements are unique); exactly `oldCount` hashes so far (the capacity never grows).

    // Pass 2: the matched pairs. `newOfOld` is written without being read first: a read there is
    // a cache miss per element on large inputs, and only duplicates (checked below) need it.
    var newOfOld = [Int32](repeating: -1, count: oldCount)
    var oldOfNew = [Int32](repeating: -1, count: newCount)
    var matchCount = 0
    newOfOld.withUnsafeMutableBufferPointer { newOfOld in
      oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
        var newOffset: Int32 = 0
        for element in new {
          if let oldOffset = oldOffsets[element] {
            newOfOld[Int(oldOffset)] = newOffset
            oldOfNew[Int(newOffset)] = oldOffset
            matchCount &+= 1
          }
          newOffset &+= 1
        }
      }
    }
    if newOfOld.count(where: { $0 >= 0 }) != matchCount {
      // Copies of one element in `new` overwrote each other: match the first, insert the others.
      unmatchDuplicates(newOfOld: &newOfOld, oldOfNew: &oldOfNew)
    }
    // Invariant: `oldOfNew[j] == o` exactly when `newOfOld[o] == j`, and then old[o] == new[j];
    // every other entry is -1. Exactly `oldCount + newCount` hashes in all.
    return (newOfOld, oldOfNew)
  }

  /// Reverses `table` and flips each offset o ≥ 0 to `top - o` (-1 stays).
  ///
  /// An increasing subsequence of the result, read backwards, is one of `table`. The mirror is
  /// its own inverse.
  ///
  /// - Complexity: O(*n*), where *n* is `table.count`.
  @inlinable internal static func mirror(_ table: inout [Int32], top: Int32) {
    table.withUnsafeMutableBufferPointer { table in
      @inline(__always) func flip(_ value: Int32) -> Int32 { value < 0 ? value : top &- value }
      var low = 0
      var high = table.count &- 1
      while low < high {
        let value = table[low]
        table[low] = flip(table[high])
        table[high] = flip(value)
        low &+= 1
        high &-= 1
      }
      if low == high { table[low] = flip(table[low]) }
    }
  }

  /// The changes of one side: a change for each offset whose partner is not `kept`, associated
  /// with the partner (shifted by `base`) when there is one.
  ///
  /// - Complexity: O(*n*), where *n* is `partners.count`.
  @inlinable internal static func changes(
    partners: [Int32], count: Int, base: Int
  ) -> [_OffsetDifference.Change] {
    [_OffsetDifference.Change](unsafeUninitializedCapacity: count) { changes, written in
      for (offset, partner) in partners.enumerated() where partner != kept {
        changes.initializeElement(
          at: written,
          to: .init(
            offset: base + offset, associatedWith: partner < 0 ? nil : base + Int(partner)))
        written += 1
      }
    }
  }

  /// Matches each old offset to the first new offset that claims it in `oldOfNew` and sets the
  /// later claims to -1, rebuilding `newOfOld` to agree.
  ///
  /// - Complexity: O(*m* + *n*), where *m* and *n* are the tables' lengths; no hashing.
  @inlinable internal static func unmatchDuplicates(
    newOfOld: inout [Int32], oldOfNew: inout [Int32]
  ) {
    for oldOffset in newOfOld.indices { newOfOld[oldOffset] = -1 }
    for (newOffset, oldOffset) in oldOfNew.enumerated() where oldOffset >= 0 {
      if newOfOld[Int(oldOffset)] < 0 {
        newOfOld[Int(oldOffset)] = Int32(truncatingIfNeeded: newOffset)
      } else {
        oldOfNew[newOffset] = -1
      }
    }
  }

  /// The mark pass 3 leaves in both tables on each pair of the LIS.
  ///
  /// A computed constant rather than a stored `static let`, so inlined code does not call a
  /// global's accessor inside its loops.
  ///
  /// - Complexity: O(1).
  @inlinable internal static var kept: Int32 { -2 }

  /// Finds the canonical longest increasing subsequence of `values` (entries of -1 skipped; the
  /// others distinct) by patience sorting, recording each element's predecessor on it.
  ///
  /// When `values[i]` is placed on a pile, `predecessors[i]` becomes the index of the previous
  /// pile's top at that moment (-1 on the first pile); the canonical LIS is read back from the
  /// last pile's top along those links.
  ///
  /// - Parameters:
  ///   - values: The sequence; -1 marks an entry to skip.
  ///   - predecessors: As long as `values`; an entry is written for each value placed.
  /// - Returns: The length of the subsequence and the index of its last element (-1 if empty).
  /// - Complexity: O(*n* log *L*), where *n* is `values.count` and *L* the length returned; O(*n*)
  ///   when each value extends the longest subsequence so far.
  @inlinable internal static func longestIncreasingSubsequence(
    of values: UnsafeBufferPointer<Int32>, predecessors: UnsafeMutableBufferPointer<Int32>
  ) -> (count: Int, last: Int) {
    // Pile k's top: the smallest value ending an increasing subsequence of length k + 1, and its
    // index. Tops increase with k. There are never more piles than values.
    let count = values.count
    let topValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let topIndices = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer {
      topValues.deallocate()
      topIndices.deallocate()
    }
    var pileCount = 0
    /// Puts the value at `index` on `pile` (`pileCount` for a new pile).
    @inline(__always) func place(_ index: Int, _ value: Int32, on pile: Int) {
      predecessors[index] = pile == 0 ? -1 : topIndices[pile &- 1]
      topValues[pile] = value
      topIndices[pile] = Int32(truncatingIfNeeded: index)
      if pile == pileCount { pileCount &+= 1 }
    }
    /// The next index after `index` with a value to place, or `count`.
    @inline(__always) func next(after index: Int) -> Int {
      var next = index &+ 1
      while next < count && values[next] < 0 { next &+= 1 }
      return next
    }
    var index = 0
    while index < count {
      let value = values[index]
      if value < 0 {
        index &+= 1
        continue
      }
      if pileCount == 0 || value > topValues[pileCount &- 1] {
        // Fast path: `value` extends the last pile.
        place(index, value, on: pileCount)
        index &+= 1
        continue
      }
      if pileCount >= 64 {
        // Four searches at once. One binary search is a chain of dependent loads, and the
        // compiler turns its comparisons into branches that a shuffle mispredicts half the
        // time; four searches in the lanes of a SIMD vector keep four chains in flight and
        // compare without branching (2–2.5× faster on shuffles of 10k–1M). They search the tops
        // as they are before any of the four is placed; placing one value changes a single top,
        // so each later result is corrected against each earlier placement: a value that found
        // the very pile an earlier, smaller value just took goes one pile further.
        let last = topValues[pileCount &- 1]
        let i1 = next(after: index)
        let i2 = next(after: i1)
        let i3 = next(after: i2)
        // All four below the last top, so each finds a pile among the existing ones (when one
        // would extend the last pile, the fast path serves it better).
        if i3 < count && values[i1] < last && values[i2] < last && values[i3] < last {
          let v1 = values[i1]
          let v2 = values[i2]
          let v3 = values[i3]
          let lanes = SIMD4<Int32>(value, v1, v2, v3)
          var piles = SIMD4<Int32>(repeating: 0)
          var length = pileCount
          while length > 1 {
            let half = Int32(truncatingIfNeeded: length &>> 1)
            let probe = piles &+ (half &- 1)
            let tops = SIMD4<Int32>(
              topValues[Int(probe[0])], topValues[Int(probe[1])], topValues[Int(probe[2])],
              topValues[Int(probe[3])])
            // `(top - value) >> 31` is all ones exactly when top < value: that lane moves up.
            piles &+= SIMD4(repeating: half) & ((tops &- lanes) &>> 31)
            length &-= Int(half)
          }
          let p0 = Int(piles[0])
          var p1 = Int(piles[1])
          var p2 = Int(piles[2])
          var p3 = Int(piles[3])
          place(index, value, on: p0)
          if p1 == p0 && value < v1 { p1 &+= 1 }
          place(i1, v1, on: p1)
          if p2 == p0 && value < v2 { p2 &+= 1 }
          if p2 == p1 && v1 < v2 { p2 &+= 1 }
          place(i2, v2, on: p2)
          if p3 == p0 && value < v3 { p3 &+= 1 }
          if p3 == p1 && v1 < v3 { p3 &+= 1 }
          if p3 == p2 && v2 < v3 { p3 &+= 1 }
          place(i3, v3, on: p3)
          index = i3 &+ 1
          continue
        }
      }
      // Binary search for the first pile whose top exceeds `value` (values are distinct); it
      // lies in piles[pile..<pile + length] throughout. `(top - value) >> (w - 1)` (the sign) is
      // all ones exactly when top < value (offsets are far from overflow).
      var pile = 0
      var length = pileCount
      while length > 1 {
        let half = length &>> 1
        let top = topValues[pile &+ half &- 1]
        let below = Int((top &- value) &>> 31)  // -1 when top < value, else 0
        pile &+= half & below
        length &-= half
      }
      place(index, value, on: pile)
      index &+= 1
    }
    // Invariant: following `predecessors` from the last pile's top visits one element per pile,
    // with values decreasing: the canonical LIS, read backwards.
    return (pileCount, pileCount == 0 ? -1 : Int(topIndices[pileCount &- 1]))
  }
}
