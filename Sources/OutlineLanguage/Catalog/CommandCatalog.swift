/// Every command of the outline language, once: what `help`, tab completion, the usage text,
/// the man page and the parser's "did you mean" are made from.
///
/// The commands come in the SPEC's groups (`Group`), one file of entries per group
/// (`CommandCatalog+Editing.swift`, …). The same groups sort the rest of the language: the
/// parser reads a command with its group's grammar (`CommandParser+Group.swift`), and the
/// session runs it with its group's interpreter (`Session+Group.swift`).
///
/// An entry is named by the words that select its command: one word (`append`, `is-expanded`),
/// or two for the `rule`, `section` and `expect` families (`rule lazy`, `section move`,
/// `expect error`). `Command.name` gives a parsed command's entry name.
///
/// ```swift
/// let entry = CommandCatalog.entry(named: "append")!
/// entry.syntax    // ["append ITEM... [to PARENT]"]
/// entry.appleAPI  // "append(_:to:)"
/// CommandCatalog.entries(forTopic: "section").map(\.name)
/// // ["section add", "section use", "section delete", "section move"]
/// ```
public enum CommandCatalog {
  /// One command's documentation.
  public struct Entry: Equatable, Hashable, Sendable {
    /// The words that select the command: `append`, `rule lazy`.
    public let name: String
    /// The part of the SPEC it belongs to, for grouping in `help` and the man page.
    public let group: Group
    /// Its usage lines, one per form, in the SPEC's notation (`ITEM...` is one or more,
    /// `[x]` optional, `a|b` either).
    public let syntax: [String]
    /// What it does, in one line.
    public let summary: String
    /// A command line that uses it.
    public let example: String
    /// The Apple API it calls or simulates, or nil when it is the shell's own: names joined by
    /// ` · `, a `; --flag:` for what a flag calls instead (`appleAPINames` splits it).
    public let appleAPI: String?
    /// More lines for `help` of this command alone, after the Apple API: `describe`'s legend.
    public let details: [String]

    /// Creates an entry.
    public init(
      _ name: String, _ group: Group, syntax: [String], summary: String, example: String,
      appleAPI: String?, details: [String] = []
    ) {
      self.name = name
      self.group = group
      self.syntax = syntax
      self.summary = summary
      self.example = example
      self.appleAPI = appleAPI
      self.details = details
    }

    /// The Apple names in `appleAPI`, each once, in order: `ReorderingHandlers: canReorderItem
    /// · willReorder` gives `ReorderingHandlers`, `canReorderItem`, `willReorder`; a flag
    /// (`--force:`) is not a name.
    ///
    /// - Complexity: O(*m*), where *m* is the length of `appleAPI`.
    public var appleAPINames: [String] {
      var names: [String] = []
      for word in (appleAPI ?? "").split(separator: " ") {
        let name = String(word.hasSuffix(":") || word.hasSuffix(";") ? word.dropLast() : word)
        guard !name.isEmpty, name != "·", !name.hasPrefix("-"), !names.contains(name) else {
          continue
        }
        names.append(name)
      }
      return names
    }
  }

  /// The SPEC's groups of commands, in its order.
  public enum Group: String, CaseIterable, Equatable, Hashable, Sendable {
    case editing = "Editing"
    case interactions = "User interactions"
    case rules = "Handler rules"
    case queries = "Queries"
    case sections = "Sections"
    case transactions = "Transactions and history"
    case flat = "Flat snapshot"
    case files = "Files and scripts"

    /// The word `help` takes for the group: `editing`, `interactions`, `rules`, `queries`,
    /// `sections`, `transactions`, `flat`, `files`.
    public var topic: String {
      switch self {
      case .editing: return "editing"
      case .interactions: return "interactions"
      case .rules: return "rules"
      case .queries: return "queries"
      case .sections: return "sections"
      case .transactions: return "transactions"
      case .flat: return "flat"
      case .files: return "files"
      }
    }
  }

  /// Every entry, in the SPEC's order (SPEC.md §2, "Commands"; the flat snapshot's, §4, before
  /// the files': after the transactions', whose `apply` its `apply --reload-data` is a form of).
  public static let entries: [Entry] =
    editing + interactions + rules + queries + sections + transactions + flat + files

  /// The entry named `name`, if there is one.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public static func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  /// The entries a `help` topic covers: the one named `topic`, or for a family word (`rule`,
  /// `section`, `expect`) all of its forms; empty for an unknown topic.
  public static func entries(forTopic topic: String) -> [Entry] {
    entries.filter { $0.name == topic || $0.name.hasPrefix(topic + " ") }
  }

  /// The words that can start a command, once each, in catalog order: `append`, …, `rule`,
  /// `rules`, …, `section`, …, `expect`, `help`, `quit`.
  public static let commandWords: [String] = {
    var words: [String] = []
    for entry in entries {
      let word = firstWord(of: entry.name)
      if !words.contains(word) { words.append(word) }
    }
    return words
  }()

  /// The group of the commands whose first word is `word` (`append`, `rule`, `sections`), or
  /// nil when no command starts with it.
  ///
  /// - Complexity: O(1) expected.
  public static func group(ofWord word: String) -> Group? { groupsByWord[word] }

  /// Words that stand for a command of the catalog: `exit` is `quit`, as in a shell or
  /// Python's REPL.
  public static let aliases: [String: String] = ["exit": "quit"]

  /// Each command word's group.
  private static let groupsByWord: [String: Group] = {
    var groups: [String: Group] = [:]
    for entry in entries where groups[firstWord(of: entry.name)] == nil {
      groups[firstWord(of: entry.name)] = entry.group
    }
    return groups
  }()

  /// The second words of the entries whose first word is `word`, in catalog order.
  ///
  /// The forms of `rule`, `section` and `expect`; empty for other words. A flag is no form (`apply
  /// --reload-data` is `apply` with a flag).
  public static func forms(of word: String) -> [String] {
    entries.compactMap { entry in
      guard entry.name.hasPrefix(word + " ") else { return nil }
      let form = entry.name.dropFirst(word.count + 1)
      return form.hasPrefix("-") ? nil : String(form)
    }
  }

  /// The text before the first space of `name`.
  private static func firstWord(of name: String) -> String {
    String(name.prefix { $0 != " " })
  }
}
