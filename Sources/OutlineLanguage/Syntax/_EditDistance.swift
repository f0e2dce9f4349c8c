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

  /// The candidate closest to `word`, if it is at most `limit` edits away, fewer edits than
  /// `word` has characters (so `to` suggests nothing rather than `log`), and not `word` itself;
  /// the first one on a tie.
  ///
  /// Candidates whose length differs from `word`'s by more than `limit` are skipped without
  /// computing a distance (it is at least the difference), so a 10 MB word costs one count.
  ///
  /// - Complexity: O(*m* + *c* *m* *n*), where *c* is the number of candidates of a length
  ///   within `limit` of `word`'s.
  static func nearest(
    to word: String, among candidates: some Sequence<String>, within limit: Int = 2
  ) -> String? {
    var best: (candidate: String, distance: Int)?
    let length = word.count
    for candidate in candidates where candidate != word {
      guard abs(candidate.count - length) <= limit else { continue }
      let distance = distance(word, candidate)
      if distance <= limit, distance < word.count, distance < best?.distance ?? .max {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
