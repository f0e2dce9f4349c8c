extension Command {
  /// What `find` and `filter` look for: a pattern, how it matches, and in which texts of an
  /// item (SPEC §4, "Search").
  ///
  /// A string literal is a search of titles and identifiers by glob, so `.find("apple")` reads
  /// as the command it stands for.
  public struct Search: Equatable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The texts of an item a search looks in.
    public enum Scope: String, CaseIterable, Equatable, Hashable, Sendable {
      /// The identifier and the title (the default).
      case titles
      /// The note: the `_note` attribute (OPML's, and the native file's).
      case notes
      /// Every attribute, as its value and as `name=value`.
      case attrs
      /// All of these.
      case all
    }

    /// The pattern as typed: a glob (else a substring), or a regular expression.
    public var pattern: String
    /// Whether `pattern` is a regular expression (`--regex`), found anywhere in a text.
    public var isRegex: Bool
    /// Where to look (`--in`).
    public var scope: Scope

    /// Creates a search.
    public init(_ pattern: String, isRegex: Bool = false, scope: Scope = .titles) {
      self.pattern = pattern
      self.isRegex = isRegex
      self.scope = scope
    }

    /// A glob search of titles and identifiers.
    public init(stringLiteral pattern: String) { self.init(pattern) }

    /// The search's words as a command takes them: `"*apple*" --regex --in notes`.
    var words: [String] {
      [Quoting.word(pattern)] + (isRegex ? ["--regex"] : [])
        + (scope == .titles ? [] : ["--in", scope.rawValue])
    }
  }
}
