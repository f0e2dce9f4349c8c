/// A rule's item pattern: `*` matches any run of characters (none included), `?` exactly one;
/// every other character matches itself, case and all.
///
/// Matching is on `Character`s, so `?` matches one emoji or one accented letter. A pattern with
/// neither wildcard matches only the identifier it spells.
///
/// ```swift
/// Glob("Fav*").matches("Favourites")  // true
/// Glob("?ear").matches("Pear")        // true
/// Glob("Food").matches("food")        // false
/// ```
public struct Glob: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String

  /// Creates the glob that `pattern` spells.
  public init(_ pattern: String) { self.pattern = pattern }

  /// Whether the pattern uses `*` or `?`.
  public var hasWildcards: Bool { pattern.contains { $0 == "*" || $0 == "?" } }

  /// The pattern as written.
  public var description: String { pattern }

  /// Whether `identifier` matches the whole pattern.
  ///
  /// The classic greedy matcher with one backtrack point: a `*` first matches nothing and, on a
  /// later mismatch, grows by one character.
  ///
  /// - Complexity: O(*p* *n*) in the worst case, where *p* and *n* are the lengths of the
  ///   pattern and the identifier; O(*p* + *n*) without `*`.
  public func matches(_ identifier: String) -> Bool {
    let pattern = Array(pattern)
    let text = Array(identifier)
    var p = 0
    var t = 0
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let last = star {
        p = last.pattern + 1
        t = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
