/// The matching rule of SPEC §4: which line of a new outline is which item of an old one, so
/// that identity follows the text (`edit`, `diff`, and `load` over an outline).
///
/// Both outlines are given as their lines in pre-order, each a text and a level. The rule runs
/// in two passes:
///
/// 1. **Unchanged texts.** A new line whose text an old line has is that old line, so that an
///    item keeps its note wherever its parent goes. A repeated text pairs first with the old
///    lines of that text under the same parent (both roots, or the new parent matched as the
///    old parent, from the roots down), then with those under a parent of the same text, then
///    with the rest in order; at each step in order (the second "TODO" under Beta with the
///    second "TODO" under Beta). Of these pairs, a longest increasing subsequence of old
///    positions, taken in new order, are the *anchors*: the lines that stayed in order. The
///    other pairs are the same items too, moved.
/// 2. **Retitled lines.** Between two consecutive anchors (or before the first, after the last),
///    the new lines and the old lines left unmatched form a run. In each run, a new line and an
///    old line under the same parent (the new parent being the old parent's match, or both
///    roots) pair in order: the same item with a new text, which the data source reconfigures.
///
/// What is left is inserted (new) or deleted (old).
///
/// ```swift
/// let match = OutlineMatching(
///   old: ["Food", "Aple", "Drinks"], oldLevels: [0, 1, 0],
///   new: ["Drinks", "Food", "Apple"], newLevels: [0, 0, 1])
/// match.oldIndex  // [2, 0, 1]: Drinks moved, Aple retitled "Apple"
///
/// let swapped = OutlineMatching(
///   old: ["Alpha", "TODO", "Beta", "TODO"], oldLevels: [0, 1, 0, 1],
///   new: ["Beta", "TODO", "Alpha", "TODO"], newLevels: [0, 1, 0, 1])
/// swapped.oldIndex  // [2, 3, 0, 1]: each TODO stays with its parent
/// ```
///
/// A pure function of its input: no session, no file.
///
/// # Performance
///
/// O(*n* log *n*) for *n* lines on both sides: one hash of each text (then integer keys for
/// the parents), the longest increasing subsequence by patience sorting, and one pass over the
/// runs.
package struct OutlineMatching: Equatable, Sendable {
  /// For each new line, the old line it is (its index among the old lines), or -1 for a line
  /// inserted.
  package private(set) var oldIndex: [Int]
  /// For each new line, whether it is one of the anchors: paired by its text and in order with
  /// the other anchors (not moved).
  package private(set) var isAnchor: [Bool]

  /// Matches the `new` lines (texts in pre-order, with their levels) to the `old` ones.
  ///
  /// Levels follow the pre-order rule (each at most one deeper than the line before); a level
  /// that jumps deeper is read as one deeper, as the file readers read it.
  ///
  /// - Complexity: O(*n* log *n*) in the lines of both outlines.
  package init(old: [String], oldLevels: [Int], new: [String], newLevels: [Int]) {
    precondition(old.count == oldLevels.count && new.count == newLevels.count)
    let oldParents = Self.parents(levels: oldLevels)
    let newParents = Self.parents(levels: newLevels)
    var oldIndex = Self.pairUnchanged(
      old: old, new: new, oldParents: oldParents, newParents: newParents)
    let isAnchor = Self.anchors(oldIndex)
    Self.pairRetitled(
      &oldIndex, isAnchor: isAnchor, oldCount: old.count, oldParents: oldParents,
      newParents: newParents)
    self.oldIndex = oldIndex
    self.isAnchor = isAnchor
  }

  /// For each old line, the new line it is, or -1 for a line deleted.
  ///
  /// - Complexity: O(*n*) in the lines of both outlines.
  package func newIndex(oldCount: Int) -> [Int] {
    var newIndex = [Int](repeating: -1, count: oldCount)
    for (new, old) in oldIndex.enumerated() where old >= 0 { newIndex[old] = new }
    return newIndex
  }

  /// Each line's parent (its index), or -1 for a root, from pre-order levels.
  ///
  /// - Complexity: O(*n*) in the lines.
  package static func parents(levels: [Int]) -> [Int] {
    var parents = [Int](repeating: -1, count: levels.count)
    var path: [Int] = []  // the open ancestors, one a level
    for (index, level) in levels.enumerated() {
      let level = min(max(level, 0), path.count)
      path.removeLast(path.count - level)
      parents[index] = path.last ?? -1
      path.append(index)
    }
    return parents
  }

  /// Pass 1: each new line paired with an old line of the same text.
  ///
  /// So that a matched item keeps its note, a text pairs first under the same parent (both
  /// roots, or the new parent already the old parent's match), from the roots down; then, for
  /// the lines left, under a parent of the same text; then the rest of each text in order, each
  /// pass trying first the lines under a parent matched since. At each step repeated texts pair
  /// in order (the second "TODO" under Beta with the second "TODO" under Beta). -1 where no old
  /// line is left with the text.
  ///
  /// - Complexity: O(*n*) expected: each text hashed once a side, then integer keys.
  static func pairUnchanged(old: [String], new: [String], oldParents: [Int], newParents: [Int])
    -> [Int]
  {
    // Each distinct old text a number, so that the keys below are integers.
    var numbers: [String: Int] = [:]
    numbers.reserveCapacity(old.count)
    var oldText = [Int](repeating: 0, count: old.count)
    for index in old.indices {
      let fresh = numbers.count
      oldText[index] = Self.value(of: &numbers[old[index], default: fresh])
    }
    let newText = new.map { numbers[$0] ?? -1 }
    // Three chains through the old lines, each in order: by text and parent, by text and the
    // parent's text (made only if a line needs it), by text alone. A chain's head skips the
    // lines taken since.
    var byParent = Chains(count: old.count)
    var byText = Chains(count: old.count, keys: numbers.count)
    for index in old.indices.reversed() {
      byParent.prepend(index, to: Self.key(oldText[index], oldParents[index] + 1))
      byText.prepend(index, to: oldText[index])
    }
    var taken = [Bool](repeating: false, count: old.count)
    var oldIndex = [Int](repeating: -1, count: new.count)
    func pair(_ index: Int, from chains: inout Chains, at key: Int) {
      let found = chains.first(at: key, skipping: taken)
      guard found >= 0 else { return }
      oldIndex[index] = found
      taken[found] = true
    }
    // Under the same parent, from the roots down: a parent is matched before its children.
    for index in new.indices where newText[index] >= 0 {
      let parent = newParents[index]
      let oldParent = parent < 0 ? -1 : oldIndex[parent]
      guard parent < 0 || oldParent >= 0 else { continue }
      pair(index, from: &byParent, at: Self.key(newText[index], oldParent + 1))
    }
    // Then, for the lines left, a parent matched since is tried first: under a parent of the
    // same text, then the rest of each text in order.
    var byParentText = Chains(count: 0)
    let needsParentText = new.indices.contains { index in
      let parent = newParents[index]
      return oldIndex[index] < 0 && newText[index] >= 0 && parent >= 0 && newText[parent] >= 0
    }
    if needsParentText {
      byParentText = Chains(count: old.count)
      for index in old.indices.reversed() where oldParents[index] >= 0 {
        byParentText.prepend(index, to: Self.key(oldText[index], oldText[oldParents[index]]))
      }
    }
    for index in new.indices where oldIndex[index] < 0 && newText[index] >= 0 {
      let parent = newParents[index]
      guard parent >= 0 else { continue }
      if oldIndex[parent] >= 0 {
        pair(index, from: &byParent, at: Self.key(newText[index], oldIndex[parent] + 1))
      }
      if oldIndex[index] < 0, newText[parent] >= 0 {
        pair(index, from: &byParentText, at: Self.key(newText[index], newText[parent]))
      }
    }
    for index in new.indices where oldIndex[index] < 0 && newText[index] >= 0 {
      let parent = newParents[index]
      if parent >= 0, oldIndex[parent] >= 0 {
        pair(index, from: &byParent, at: Self.key(newText[index], oldIndex[parent] + 1))
      }
      if oldIndex[index] < 0 { pair(index, from: &byText, at: newText[index]) }
    }
    return oldIndex
  }

  /// A key of two numbers below 2³².
  private static func key(_ high: Int, _ low: Int) -> Int { high << 32 | low }

  /// The value an inout access holds (a dictionary's entry, inserted by one hash when missing).
  private static func value(of entry: inout Int) -> Int { entry }

  /// Old lines chained by key, each chain in order; a chain's head moves past taken lines.
  private struct Chains {
    /// The first line of each key's chain not yet found taken, by key.
    private var heads: [Int: Int] = [:]
    /// The same for keys `0..<dense.count`, when the keys are known to be those.
    private var dense: [Int]
    /// Each line's next line of the same key, or -1.
    private var next: [Int]

    /// Chains for `count` lines, all empty; with `keys`, the keys are `0..<keys`, kept in an
    /// array rather than hashed.
    init(count: Int, keys: Int? = nil) {
      next = [Int](repeating: -1, count: count)
      dense = [Int](repeating: -1, count: keys ?? 0)
      if keys == nil { heads.reserveCapacity(count) }
    }

    /// Puts `line` first in `key`'s chain: lines are prepended from the last.
    mutating func prepend(_ line: Int, to key: Int) {
      if key < dense.count {
        next[line] = dense[key]
        dense[key] = line
      } else if let later = heads.updateValue(line, forKey: key) {
        next[line] = later
      }
    }

    /// The first line of `key`'s chain that is not `taken`, or -1.
    ///
    /// - Complexity: O(1) amortized: the head only moves forward.
    mutating func first(at key: Int, skipping taken: [Bool]) -> Int {
      if key < dense.count {
        var line = dense[key]
        while line >= 0 && taken[line] { line = next[line] }
        dense[key] = line
        return line
      }
      guard let slot = heads.index(forKey: key) else { return -1 }
      var line = heads.values[slot]
      while line >= 0 && taken[line] { line = next[line] }
      heads.values[slot] = line
      return line
    }
  }

  /// Which pairs are anchors: a longest increasing subsequence of the paired old indexes, in
  /// new order (patience sorting, ties to the earliest).
  ///
  /// - Complexity: O(*n* log *n*) in the lines.
  static func anchors(_ oldIndex: [Int]) -> [Bool] {
    var tails: [Int] = []  // new index ending the best run of each length
    var previous = [Int](repeating: -1, count: oldIndex.count)
    for (index, old) in oldIndex.enumerated() where old >= 0 {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if oldIndex[tails[middle]] < old { low = middle + 1 } else { high = middle }
      }
      previous[index] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var isAnchor = [Bool](repeating: false, count: oldIndex.count)
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      isAnchor[cursor] = true
      cursor = previous[cursor]
    }
    return isAnchor
  }

  /// Pass 2: in each run between anchors, the unmatched new and old lines under the same parent
  /// paired in order.
  ///
  /// - Complexity: O(*n*) expected in the lines.
  static func pairRetitled(
    _ oldIndex: inout [Int], isAnchor: [Bool], oldCount: Int, oldParents: [Int],
    newParents: [Int]
  ) {
    var oldMatched = [Bool](repeating: false, count: oldCount)
    for old in oldIndex where old >= 0 { oldMatched[old] = true }
    var newStart = 0
    var oldStart = 0
    // Per run, the unmatched old lines waiting under each old parent (-1: roots), in order.
    var waiting: [Int: [Int]] = [:]
    var taken: [Int: Int] = [:]  // how many of each parent's waiting lines are paired
    for newEnd in 0...oldIndex.count {
      guard newEnd == oldIndex.count || isAnchor[newEnd] else { continue }
      let oldEnd = newEnd == oldIndex.count ? oldCount : oldIndex[newEnd]
      if oldStart < oldEnd, newStart < newEnd {
        waiting.removeAll(keepingCapacity: true)
        taken.removeAll(keepingCapacity: true)
        for old in oldStart..<oldEnd where !oldMatched[old] {
          waiting[oldParents[old], default: []].append(old)
        }
        if !waiting.isEmpty {
          for new in newStart..<newEnd where oldIndex[new] < 0 {
            let parent = newParents[new]
            let key = parent < 0 ? -1 : oldIndex[parent]
            guard parent < 0 || key >= 0, let lines = waiting[key] else { continue }
            let count = taken[key, default: 0]
            guard count < lines.count else { continue }
            oldIndex[new] = lines[count]
            oldMatched[lines[count]] = true
            taken[key] = count + 1
          }
        }
      }
      newStart = newEnd + 1
      if newEnd < oldIndex.count { oldStart = oldIndex[newEnd] + 1 }
    }
  }
}
