/// The "did you mean" engine: the closest word within a few edits.
///
/// The distance is the optimal string alignment distance (Levenshtein's insertions, deletions
/// and substitutions, plus the swap of two adjacent characters, each costing one), computed on
/// `Character`s, ignoring case. swift-argument-parser suggests names the same way.
///
/// ```swift
/// _EditDistance.distance("apend", "append")  // 1
/// _EditDistance.distance("mvoe", "move")     // 1: a swap
/// _EditDistance.nearest(to: "apend", among: ["append", "apply"])  // "append"
/// ```
enum _EditDistance {
  /// The number of single-character edits that turn `a` into `b`, ignoring case.
  ///
  /// - Complexity: O(*m* *n*), where *m* and *n* are the lengths of the words.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    // Three rows of the dynamic programming table: two back, one back, current.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], twoBack[j - 2] + 1)
        }
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }

  /// The distance between `a` and `b` (lowercased) if it is at most `limit`, else nil.
  ///
  /// Only the cells within `limit` of the diagonal are computed (any path outside the band costs
  /// more than `limit`), and the computation stops as soon as a whole row exceeds `limit`.
  ///
  /// - Complexity: O((*m* + *n*) *limit*).
  static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    let over = limit + 1
    var twoBack = [Int](repeating: over, count: b.count + 2)
    var previous = [Int](repeating: over, count: b.count + 2)
    var current = [Int](repeating: over, count: b.count + 2)
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : over
      current[low - 1] = low == 1 ? current[0] : over
      var rowMinimum = current[low - 1]
      if low <= high {
        for j in low...high {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, twoBack[j - 2] + 1)
          }
          current[j] = min(value, over)
          rowMinimum = min(rowMinimum, current[j])
        }
      }
      current[high + 1] = over
      guard rowMinimum <= limit else { return nil }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// How many edits away a suggestion for a word of `length` characters may be: at most
  /// `limit`, fewer than the word has characters (so `to` suggests nothing rather than `log`),
  /// and a third of them, but at least one (so `bogus`, two edits from `focus`, suggests
  /// nothing, while `aplly` suggests `apply` and `snapshto` `snapshot`).
  ///
  /// - Complexity: O(1).
  static func bound(forLength length: Int, within limit: Int) -> Int {
    min(limit, length - 1, max(1, length / 3))
  }

  /// The candidate closest to `word`, if it is at most `bound(forLength:within:)` edits away
  /// and not `word` itself; the first one on a tie.
  ///
  /// Candidates whose length differs from `word`'s by more than `limit` are skipped without
  /// computing a distance (it is at least the difference), so a 10 MB word costs one count.
  ///
  /// - Complexity: O(*m* + *c* (*m* + *n*) *limit*), where *c* is the number of candidates of
  ///   a length within `limit` of `word`'s.
  static func nearest(
    to word: String, among candidates: some Sequence<String>, within limit: Int = 2
  ) -> String? {
    var best: (candidate: String, distance: Int)?
    let length = word.count
    var letters: [Character]?
    for candidate in candidates where candidate != word {
      // Only a distance below the best so far, within `limit`, and below the word's length counts.
      let bound = min(Self.bound(forLength: length, within: limit), (best?.distance ?? .max) - 1)
      guard bound >= 0, abs(candidate.count - length) <= bound else { continue }
      if letters == nil { letters = Array(word.lowercased()) }
      if let distance = distance(letters!, Array(candidate.lowercased()), atMost: bound) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
