extension CommandCatalog {
  /// What `help` prints: an overview, a group, a command, or the commands behind an Apple API.
  ///
  /// - `help`: the groups with their command names and how to ask for more, in about 30 lines
  ///   of at most 80 columns, so that it fits a 40-row terminal.
  /// - `help GROUP` (`editing`, `interactions`, `rules`, `queries`, `sections`, `transactions`,
  ///   `flat`, `files`): every entry of the group in full.
  /// - `help COMMAND` (`append`, `rule`, `rule lazy`): its entries in full (syntax, summary,
  ///   example, Apple API, and for `describe` the legend of its marks), then the forms of other
  ///   commands that end with the same word (`help delete`: see also `section delete`).
  /// - `help lazy`: a form word alone gives the forms that end with it (`rule lazy`).
  /// - `help API` (`snapshotForExpandingParent`, `expand(_:)`, `expand`): a line naming the
  ///   commands that call or simulate it, then their entries.
  /// - `help NAME` for a name of the flat API no command names (`deleteAllItems`,
  ///   `itemIdentifiers(inSection:)`): what does it instead, or that nothing does, then the
  ///   entries it points to.
  ///
  /// ```swift
  /// try CommandCatalog.help("snapshotForExpandingParent").first
  /// // "snapshotForExpandingParent: expand, rule lazy"
  /// ```
  ///
  /// - Parameter topic: The topic (`CommandCatalog.topic(_:)` says how it is looked up); nil
  ///   for the overview.
  /// - Throws: `unknownCommand` for a topic the catalog does not have, with up to three "did
  ///   you mean" suggestions.
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public static func help(_ topic: String?) throws(CommandError) -> [String] {
    guard let topic else { return overview }
    switch self.topic(topic) {
    case .group(let group):
      return [group.rawValue + ":"] + entries.filter { $0.group == group }.flatMap(lines(of:))
    case .command(let name):
      let covered = entries(forTopic: name)
      var lines = covered.flatMap(lines(of:))
      if covered.count == 1 { lines += covered[0].details }
      let alike = entries(endingWith: name).filter { !covered.contains($0) }
      if !alike.isEmpty {
        lines.append("see also: " + alike.map { "help " + $0.name }.joined(separator: ", "))
      }
      return lines
    case .form(let word):
      return entries(endingWith: word).flatMap(lines(of:))
    case .api(let api):
      let simulating = entries(simulating: api)
      return [api + ": " + simulating.map(\.name).joined(separator: ", ")]
        + simulating.flatMap(lines(of:))
    case .invocation(let word):
      return invocations[word] ?? []
    case .flatAPI(let name):
      guard let answer = flatAPIAnswer(for: name) else { return [] }
      return answer.lines + answer.see.flatMap { entries(forTopic: $0) }.flatMap(lines(of:))
    case nil:
      throw CommandError(.unknownCommand, unknownTopicMessage(topic))
    }
  }

  /// `no help for "x" (did you mean …?)`, or with a pointer to `help` when nothing is close:
  /// the parser's message (`SyntaxError.Reason.unknownHelpTopic`).
  static func unknownTopicMessage(_ topic: String) -> String {
    SyntaxError(.unknownHelpTopic(topic, suggestions: helpSuggestions(for: topic)), column: 1)
      .message
  }

  /// Up to three topics close to `word`: command names, groups, form words and API names.
  ///
  /// - Complexity: O(*t* *m*), where *t* is the number of topics (about 200) and *m* the length
  ///   of `word`.
  static func helpSuggestions(for word: String) -> [String] {
    _EditDistance.suggestions(for: word, among: commandWords + entries.map(\.name) + helpTopicWords)
  }

  /// One entry in full: its syntax lines, then its summary, example and Apple API, indented.
  static func lines(of entry: Entry) -> [String] {
    var lines = entry.syntax
    lines.append("  " + entry.summary)
    lines.append("  example: " + entry.example)
    if let api = entry.appleAPI { lines.append("  Apple API: " + api) }
    return lines
  }

  /// `help` alone: each group's title and `help` word, then its command names (a family as
  /// `rule no-collapse|no-expand|…`), wrapped at 80 columns; then how to ask for more.
  public static let overview: [String] = {
    var lines = ["Commands by group (help GROUP lists a group in full):"]
    for group in Group.allCases {
      var words: [String] = []
      for entry in entries where entry.group == group {
        let word = String(entry.name.prefix { $0 != " " })
        let family = forms(of: word)
        let shown =
          entry.name.contains(" -")
          ? entry.name : family.isEmpty ? word : word + " " + family.joined(separator: "|")
        if !words.contains(shown) { words.append(shown) }
      }
      guard !words.isEmpty else { continue }
      let title = group.rawValue
      lines.append(
        title + String(repeating: " ", count: max(1, 26 - title.count)) + "help " + group.topic)
      lines.append(contentsOf: wrapped(words, indent: "  ", width: 80))
    }
    lines.append(contentsOf: [
      "",
      "help COMMAND   one command in full: help append, help rule lazy (or help lazy)",
      "help API       the commands behind an Apple API: help snapshotForExpandingParent",
      "help describe  also explains describe's + - * marks",
      "",
      "An ITEM may be named by row: @N is row N as show numbers it (from 0), @N..M rows",
      "N to M (where several items go), . the current item: the one the last command",
      "added, moved or named first, which show marks with • after its row.",
    ])
    return lines
  }()

  /// `words` joined by two spaces into lines of at most `width` columns, each after `indent`
  /// (a word longer than a line gets a line of its own).
  static func wrapped(_ words: [String], indent: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in words {
      if line.count > indent.count, line.count + 2 + word.count > width {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? "  " : "") + word
    }
    if line.count > indent.count { lines.append(line) }
    return lines
  }
}
