extension CommandCatalog {
  /// What a `help` topic names, looked up in this order (the first that matches wins).
  public enum Topic: Equatable, Hashable, Sendable {
    /// A group, by its `Group.topic` word (`editing`, `rules`): before the commands, so
    /// `help rules` is the whole group (the `rules` command among it).
    case group(Group)
    /// A command (`append`), a family (`rule`) or one of its forms (`rule lazy`); a word of
    /// `topicWords` (`task`) gives the command it names.
    case command(String)
    /// A form word alone (`lazy`, `no-collapse`, `error`): the forms that end with it.
    case form(String)
    /// An Apple API name (`snapshotForExpandingParent`, `expand(_:)`, or `expand` for every
    /// `expand(…)`): the commands that call or simulate it.
    case api(String)
    /// A way to run `outline` from the shell rather than a session command (`serve`): its
    /// usage line and what it does.
    case invocation(String)
    /// An Apple name of the flat API that no command names (`deleteAllItems`,
    /// `itemIdentifiers(inSection:)`), by the name with its labels: what does it instead; or
    /// a type (`NSDiffableDataSourceSnapshot`), before any command whose API mentions it.
    case flatAPI(String)
  }

  /// The command lines `help` explains that are not session commands, by their first word.
  public static let invocations: [String: [String]] = [
    "serve": [
      "outline serve [--port N] [--allow-files DIR] [SCRIPT]  (typed at the shell, not here)",
      "  the playground: a web server on 127.0.0.1 (a random port unless --port); its URL",
      "  carries a one-time token. Each browser tab runs a session of its own, typed on the",
      "  --emit-html page, which animates each step; steps go back and forth, and the session",
      "  downloads as a script, an --emit-swift test and a static page. A tab opens at",
      "  SCRIPT's last step and keeps at most 2,000 steps and 20,000 items. File commands are",
      "  refused unless --allow-files names the folder they may touch; edit always (it opens",
      "  a terminal editor, and a page has no terminal). man outline: PLAYGROUND",
    ]
  ]

  /// Words a person asks `help` about that name no command, with the command that answers:
  /// `help task` is `help check`, whose details name `uncheck` and how an item stops being one.
  public static let topicWords: [String: String] = ["task": "check", "tasks": "check"]

  /// The topic `word` names, or nil when `help` has nothing on it.
  ///
  /// Groups and form words ignore case; an API name is matched exactly, then by its base name
  /// (`snapshot` finds `snapshot(of:includingParent:)`), then ignoring case.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public static func topic(_ word: String) -> Topic? {
    if let group = Group.allCases.first(where: { $0.topic == word.lowercased() }) {
      return .group(group)
    }
    if !entries(forTopic: word).isEmpty { return .command(word) }
    if let command = topicWords[word.lowercased()] { return .command(command) }
    if !entries(endingWith: word).isEmpty { return .form(word) }
    if let type = answer(for: word, among: typeAnswers) { return .flatAPI(type.name) }
    if !entries(simulatingByName: word).isEmpty { return .api(word) }
    if invocations[word.lowercased()] != nil { return .invocation(word.lowercased()) }
    if let answer = flatAPIAnswer(for: word) { return .flatAPI(answer.name) }
    if !entries(simulating: word).isEmpty { return .api(word) }
    return nil
  }

  /// The family entries whose last word is `word`, ignoring case: `lazy` gives `rule lazy`,
  /// `delete` gives `section delete`.
  public static func entries(endingWith word: String) -> [Entry] {
    let word = word.lowercased()
    return entries.filter { $0.name.contains(" ") && $0.name.hasSuffix(" " + word) }
  }

  /// The entries whose Apple API names `api`: exactly, else by base name (the text before
  /// `(`), else ignoring case, else as a call that leaves out defaulted arguments
  /// (`appendItems(_:)` is `appendItems(_:toSection:)`); in catalog order, except that the
  /// command named after the API comes first (`reconfigureItems`: `reconfigure-items`, then the
  /// commands that also call it).
  ///
  /// ```swift
  /// CommandCatalog.entries(simulating: "snapshotForExpandingParent").map(\.name)
  /// // ["expand", "rule lazy"]
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public static func entries(simulating api: String) -> [Entry] {
    let named = entries(simulatingByName: api)
    if !named.isEmpty { return named }
    guard let labels = argumentLabels(of: api) else { return [] }
    return namedFirst(
      entries.filter {
        $0.appleAPINames.contains { name in
          baseName(of: name) == baseName(of: api)
            && argumentLabels(of: name)?.starts(with: labels) == true
        }
      }, api)
  }

  /// `entries(simulating:)` by the name alone: exactly, by base name, or ignoring case.
  static func entries(simulatingByName api: String) -> [Entry] {
    let exact = entries.filter { $0.appleAPINames.contains(api) }
    if !exact.isEmpty { return namedFirst(exact, api) }
    let byBase = entries.filter { $0.appleAPINames.contains { baseName(of: $0) == api } }
    if !byBase.isEmpty { return namedFirst(byBase, api) }
    let lowered = api.lowercased()
    return namedFirst(
      entries.filter {
        $0.appleAPINames.contains {
          $0.lowercased() == lowered || baseName(of: $0).lowercased() == lowered
        }
      }, api)
  }

  /// `found` with the entry named after `api` first: the command `reconfigure-items` for
  /// `reconfigureItems(_:)`, `is-expanded` for `isExpanded`; the others keep their order.
  ///
  /// - Complexity: O(*e* + *m*) in the entries and the length of `api`.
  static func namedFirst(_ found: [Entry], _ api: String) -> [Entry] {
    var name = ""
    for character in baseName(of: api) {
      if character.isUppercase, !name.isEmpty { name.append("-") }
      name += character.lowercased()
    }
    guard let exact = found.firstIndex(where: { $0.name == name }), exact > 0 else {
      return found
    }
    var ordered = found
    ordered.insert(ordered.remove(at: exact), at: 0)
    return ordered
  }

  /// Every Apple API name of the catalog, once each, in catalog order.
  public static let appleAPINames: [String] = {
    var names: [String] = []
    for entry in entries {
      for name in entry.appleAPINames where !names.contains(name) { names.append(name) }
    }
    return names
  }()

  /// The words `help` takes besides the command words, for completion and "did you mean": the
  /// group words, the form words and the Apple API names (the flat API's without a command
  /// too), once each.
  public static let helpTopicWords: [String] = {
    var words = Group.allCases.map(\.topic)
    for word in entries.compactMap({ $0.name.split(separator: " ").dropFirst().first })
    where !words.contains(String(word)) {
      words.append(String(word))
    }
    for name in appleAPINames where !words.contains(name) { words.append(name) }
    for answer in typeAnswers + flatAPIAnswers where !words.contains(answer.name) {
      words.append(answer.name)
    }
    words += invocations.keys.sorted()
    return words
  }()

  /// The name before the argument labels: `expand` for `expand(_:)`.
  static func baseName(of api: String) -> String {
    String(api.prefix { $0 != "(" })
  }
}
