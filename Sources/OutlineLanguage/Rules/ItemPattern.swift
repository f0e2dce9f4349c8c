/// What `find` and `filter` match items with: a glob when the pattern has `*` or `?`, else a
/// text to find anywhere in the item; both ignore case.
///
/// An item matches when its identifier or its title does (SPEC §3: `find`/`filter` match titles
/// and identifiers). A glob must match the whole text, as a rule's `Glob` does, but here case is
/// ignored: a person searching types `apple` for `Apple`. A rule's glob stays exact, since it
/// stands for an app's test of an identifier.
///
/// ```swift
/// ItemPattern("app").matches("Green Apple")       // true: a substring, any case
/// ItemPattern("*apple").matches("Green Apple")    // true: a glob, any case
/// ItemPattern("apple?").matches("Apples")         // true
/// ItemPattern("*pear").matches("Pear tree")       // false: a glob matches the whole text
/// ```
public struct ItemPattern: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  /// The glob, lowercased, when the pattern has a wildcard.
  private let glob: Glob?
  /// The text to find, lowercased, as UTF-8, when the pattern has no wildcard.
  private let needle: [UInt8]

  /// Creates the pattern that `pattern` spells.
  public init(_ pattern: String) {
    self.pattern = pattern
    let lowered = pattern.lowercased()
    let glob = Glob(lowered)
    self.glob = glob.hasWildcards ? glob : nil
    needle = Array(lowered.utf8)
  }

  /// Whether the pattern is a glob (it has `*` or `?`).
  public var isGlob: Bool { glob != nil }

  /// The pattern as written.
  public var description: String { pattern }

  /// Whether `text` matches, case ignored.
  ///
  /// - Complexity: O(*p* *n*) for a pattern of length *p* and a text of length *n*.
  public func matches(_ text: String) -> Bool {
    if glob == nil, let found = Self.findASCII(needle, in: text) { return found }
    var lowered = text.lowercased()
    if let glob { return glob.matches(lowered) }
    guard let first = needle.first else { return true }
    // A search of the UTF-8 bytes: a text holds the needle's characters in a row exactly when it
    // holds their bytes in a row (both lowercased the same way), without Foundation's search.
    return lowered.withUTF8 { bytes in
      guard needle.count <= bytes.count else { return false }
      var start = 0
      while start <= bytes.count - needle.count {
        if bytes[start] == first {
          var length = 1
          while length < needle.count && bytes[start + length] == needle[length] { length += 1 }
          if length == needle.count { return true }
        }
        start += 1
      }
      return false
    }
  }

  /// Whether `text` holds `needle` (lowercased), case ignored, when `text` is ASCII: a search
  /// of its bytes with no lowercased copy; nil for any other text.
  ///
  /// - Complexity: O(*p* *n*) for a needle of length *p* and a text of length *n*.
  private static func findASCII(_ needle: [UInt8], in text: String) -> Bool? {
    var text = text
    return text.withUTF8 { bytes -> Bool? in
      var ascii = true
      for byte in bytes where byte >= 0x80 {
        ascii = false
        break
      }
      guard ascii else { return nil }
      guard let first = needle.first else { return true }
      guard needle.count <= bytes.count else { return false }
      func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      }
      var start = 0
      while start <= bytes.count - needle.count {
        if lowered(bytes[start]) == first {
          var length = 1
          while length < needle.count && lowered(bytes[start + length]) == needle[length] {
            length += 1
          }
          if length == needle.count { return true }
        }
        start += 1
      }
      return false
    }
  }

  /// Whether an item matches: its identifier, or its title when it has one of its own.
  ///
  /// - Parameters:
  ///   - identifier: The item's identifier.
  ///   - title: Its title, nil when the title is the identifier itself.
  public func matches(identifier: String, title: String?) -> Bool {
    matches(identifier) || (title.map(matches) ?? false)
  }
}
