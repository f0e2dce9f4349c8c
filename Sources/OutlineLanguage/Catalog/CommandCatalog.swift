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
    /// The Apple API it calls or simulates, or nil when it is the shell's own.
    public let appleAPI: String?

    /// Creates an entry.
    public init(
      _ name: String, _ group: Group, syntax: [String], summary: String, example: String,
      appleAPI: String?
    ) {
      self.name = name
      self.group = group
      self.syntax = syntax
      self.summary = summary
      self.example = example
      self.appleAPI = appleAPI
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
    case files = "Files and scripts"
  }

  /// Every entry, in the SPEC's order (SPEC.md §2, "Commands").
  public static let entries: [Entry] =
    editing + interactions + rules + queries + sections + transactions + files

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

  /// Each command word's group.
  private static let groupsByWord: [String: Group] = {
    var groups: [String: Group] = [:]
    for entry in entries where groups[firstWord(of: entry.name)] == nil {
      groups[firstWord(of: entry.name)] = entry.group
    }
    return groups
  }()

  /// The second words of the entries whose first word is `word`, in catalog order: the forms
  /// of `rule`, `section` and `expect`; empty for other words.
  public static func forms(of word: String) -> [String] {
    entries.compactMap { entry in
      entry.name.hasPrefix(word + " ") ? String(entry.name.dropFirst(word.count + 1)) : nil
    }
  }

  /// The text before the first space of `name`.
  private static func firstWord(of name: String) -> String {
    String(name.prefix { $0 != " " })
  }
}
