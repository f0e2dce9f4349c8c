extension CommandParser {
  /// The Apple API a command word names as iOS code spells it, with the commands that do it.
  ///
  /// `appendSections` is `section add`, `snapshot.appendItems(["A"])` is `append-items`, and
  /// `deleteAllItems()` has none (`help` says what to use); nil when the word is no Apple name
  /// that `help` knows. A receiver (`snapshot.`, `dataSource.sectionSnapshotHandlers.`) is
  /// dropped, and a call's arguments when the name with them is no topic.
  ///
  /// ```swift
  /// CommandParser.appleName(in: "appendSections")  // ("appendSections", ["section add"])
  /// ```
  ///
  /// - Complexity: O(*n*) in the catalog's entries and answers.
  static func appleName(in word: String) -> (api: String, commands: [String])? {
    let call = word.firstIndex(of: "(") ?? word.endIndex
    let receiver = word[..<call].lastIndex(of: ".").map { word.index(after: $0) }
    let name = String(word[(receiver ?? word.startIndex)...])
    for candidate in [name, CommandCatalog.baseName(of: name)] where !candidate.isEmpty {
      switch CommandCatalog.topic(candidate) {
      case .api(let api):
        return (api, CommandCatalog.entries(simulating: api).map(\.name))
      case .flatAPI(let answer):
        return (candidate, CommandCatalog.flatAPIAnswer(for: answer)?.see ?? [])
      default:
        continue
      }
    }
    return nil
  }
}
