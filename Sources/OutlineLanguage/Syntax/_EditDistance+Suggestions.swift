extension _EditDistance {
  /// The words to offer for a mistyped `word`, best first, at most `count`: the candidates one
  /// edit away, then those that begin with `word` (ignoring case; for a word of two characters
  /// or more: `edit` is more likely `editing` than `quit`), then those further but within
  /// `limit` edits (as `nearest` counts them); the first seen first among equals.
  ///
  /// Each candidate costs a length check and, when its length is close enough, a banded
  /// distance; the prefix check compares at most `word`'s length. Callers bound the number of
  /// candidates they pass (the session passes at most `Session.suggestionBudget` identifiers).
  ///
  /// ```swift
  /// _EditDistance.suggestions(for: "Fod", among: ["Food", "Foods", "Drinks"])
  /// // ["Food", "Foods"]
  /// _EditDistance.suggestions(for: "snapshot", among: ["snapshot(of:includingParent:)"])
  /// // ["snapshot(of:includingParent:)"]
  /// ```
  ///
  /// - Complexity: O(*c* (*m* + *n*) *limit*), where *c* is the number of candidates, *m* the
  ///   length of `word` and *n* of a candidate.
  static func suggestions(
    for word: String, among candidates: some Sequence<String>, within limit: Int = 2,
    count: Int = 3
  ) -> [String] {
    let length = word.count
    let lowered = word.lowercased()
    let letters = Array(lowered)
    let bound = Self.bound(forLength: length, within: limit)
    // The best `count` candidates within the bound, closest first (the first seen on a tie).
    var close: [(candidate: String, distance: Int)] = []
    var prefixed: [String] = []
    for candidate in candidates where candidate != word {
      let candidateLength = candidate.count
      // Once `count` are kept, only a closer candidate than the farthest kept one counts.
      let within = close.count < count ? bound : min(bound, close[close.count - 1].distance - 1)
      if within >= 0, abs(candidateLength - length) <= within,
        !close.contains(where: { $0.candidate == candidate }),
        let distance = distance(letters, Array(candidate.lowercased()), atMost: within)
      {
        let place = close.firstIndex { $0.distance > distance } ?? close.count
        close.insert((candidate, distance), at: place)
        if close.count > count { close.removeLast() }
      } else if length >= 2, candidateLength > length, prefixed.count < count,
        !prefixed.contains(candidate), candidate.prefix(length).lowercased() == lowered
      {
        prefixed.append(candidate)
      }
    }
    var words: [String] = []
    let ranked =
      close.filter { $0.distance <= 1 }.map(\.candidate) + prefixed
      + close.filter { $0.distance > 1 }.map(\.candidate)
    for candidate in ranked where !words.contains(candidate) {
      words.append(candidate)
      if words.count == count { break }
    }
    return words
  }

  /// ` (did you mean "a"?)`, ` (did you mean "a" or "b"?)`, ` (did you mean "a", "b" or
  /// "c"?)`, or the empty string for no suggestion; each word as `quote` writes it.
  static func hint(_ suggestions: [String], quote: (String) -> String = { "\"\($0)\"" })
    -> String
  {
    guard let last = suggestions.last else { return "" }
    let words = suggestions.map(quote)
    let list =
      words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " or " + quote(last)
    return " (did you mean \(list)?)"
  }
}
