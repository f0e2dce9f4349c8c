extension Command {
  /// The file and script commands: save and load, scripts, narration, checks, help
  /// (`Session+Files.swift` runs them; `source` and `quit` are run by the script runner).
  public enum FileCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `save FILE`.
    case save(String)
    /// `load FILE`.
    case load(String)
    /// `source FILE`: runs a script.
    case source(String)
    /// `say TEXT`: prints its words joined by single spaces (quote a word to keep its blanks).
    case say(String)
    /// `expect …`: a check that fails the script when the outline differs.
    case expect(Expectation)
    /// `help [COMMAND]`: the catalog, or the entries of one command (`"rule"`, `"rule lazy"`).
    case help(String?)
    /// `quit`.
    case quit

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .save: return "save"
      case .load: return "load"
      case .source: return "source"
      case .say: return "say"
      case .expect(.list(let list, _)): return "expect " + list.rawValue
      case .expect(.parent): return "expect parent"
      case .expect(.level): return "expect level"
      case .expect(.title): return "expect title"
      case .expect(.error): return "expect error"
      case .help: return "help"
      case .quit: return "quit"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .save(let file), .load(let file), .source(let file):
        return line(name, Quoting.word(file))
      case .say(let text): return line("say", Self.sayText(text))
      case .expect(.list(let list, let items)): return line("expect", list.rawValue, words(items))
      case .expect(.parent(let item, let parent)):
        return line(name, Quoting.word(item), parent.map(Quoting.word) ?? "none")
      case .expect(.level(let item, let level)): return line(name, Quoting.word(item), "\(level)")
      case .expect(.title(let item, let title)):
        return line(name, Quoting.word(item), Quoting.word(title))
      case .expect(.error(let command)): return "expect error " + command.description
      case .help(let topic): return line("help", topic)
      case .quit: return name
      }
    }

    /// `say`'s words: the text itself when every space-separated piece reads back as a bare
    /// word, else the whole text quoted; nothing for an empty text.
    private static func sayText(_ text: String) -> String? {
      guard !text.isEmpty else { return nil }
      let bare = text.split(separator: " ", omittingEmptySubsequences: false).allSatisfy {
        piece in
        guard let first = piece.first, first != "#", first != "\"" else { return false }
        return !piece.contains { Lexer.isBlank($0) || $0 == ";" || $0 == "\"" }
      }
      return bare ? text : Quoting.quote(text)
    }
  }

  /// What an `expect` command checks.
  public indirect enum Expectation: Equatable, Hashable, Sendable {
    /// `expect items|visible|roots|expanded ITEM...`: the list is exactly these (none: empty).
    case list(ItemList, [String])
    /// `expect parent ITEM PARENT|none`: nil stands for `none`, a root.
    case parent(String, String?)
    /// `expect level ITEM N`.
    case level(String, Int)
    /// `expect title ITEM TEXT`.
    case title(String, String)
    /// `expect error COMMAND...`: the command fails and changes nothing.
    case error(Command)
  }
}
