/// Whether an item matches a `find` or `filter` search: its pattern (a glob, else a substring;
/// or a regular expression found anywhere) against the texts its scope names.
///
/// The parser has read every `--regex` pattern already; one built by hand that `Regex` cannot
/// read matches nothing.
struct SearchMatcher {
  private let glob: ItemPattern?
  private let regex: Regex<AnyRegexOutput>?
  private let scope: Command.Search.Scope

  init(_ search: Command.Search) {
    scope = search.scope
    if search.isRegex {
      glob = nil
      regex = try? Regex(search.pattern)
    } else {
      glob = ItemPattern(search.pattern)
      regex = nil
    }
  }

  /// Whether `item`, with its content (nil: the default), matches.
  ///
  /// - Complexity: O(*t*) in the length of the texts looked at, times the pattern's cost.
  func matches(_ item: String, _ content: ItemContent?) -> Bool {
    if scope == .titles || scope == .all {
      if matches(item) || (content?.title.map(matches) ?? false) { return true }
    }
    guard let attributes = content?.attributes, !attributes.isEmpty else { return false }
    if scope == .notes {
      return attributes.contains { $0.name == Session.noteAttribute && matches($0.value) }
    }
    if scope == .attrs || scope == .all {
      return attributes.contains { matches($0.value) || matches($0.name + "=" + $0.value) }
    }
    return false
  }

  private func matches(_ text: String) -> Bool {
    if let glob { return glob.matches(text) }
    guard let regex else { return false }
    return (try? regex.firstMatch(in: text)) != nil
  }
}
