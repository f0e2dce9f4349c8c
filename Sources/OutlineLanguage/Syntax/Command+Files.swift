extension Command {
  /// The file and script commands: save and load, scripts, narration, checks, help
  /// (`Session+Files.swift` runs them; `source` and `quit` are run by the script runner).
  public enum FileCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `save [FILE] [--format NAME] [--force]`: the native file, or the current section in
    /// another format; `--force` overwrites a file whose load lost something. With no FILE
    /// (nil), the section's file: the last one loaded, saved or imported there.
    case save(String?, format: OutlineFormat? = nil, force: Bool = false)
    /// `save --all [--force]`: every section that has a file and unsaved changes, each to its
    /// file; refused as a whole when one would be.
    case saveAll(force: Bool = false)
    /// `load FILE [--format NAME] [--fresh]`: the native file, or an outline file into the
    /// current section; `fresh` replaces the section's outline without matching its lines
    /// against the items there.
    case load(String, format: OutlineFormat? = nil, fresh: Bool = false)
    /// `import FILE [to PARENT|before ITEM|after ITEM] [--format NAME]`: a file's outline
    /// inserted as one transaction.
    case importFile(String, at: ImportPlace, format: OutlineFormat? = nil)
    /// `export FILE [ITEM] [--format NAME] [--force]`: the section, or ITEM's subtree, written
    /// to a file (`-`: standard output); `--force` as for `save`.
    case export(String, item: String?, format: OutlineFormat? = nil, force: Bool = false)
    /// `diff FILE [FILE2] [--format NAME]`: a query, the transaction that turns the current
    /// section's outline into FILE's (or FILE's into FILE2's) by the matching rule.
    case diff(String, String?, format: OutlineFormat? = nil)
    /// `edit [ITEM]`: the section, or ITEM's subtree, opened in the user's editor as a Markdown
    /// list of titles, and applied by the matching rule when the editor exits.
    case edit(String?)
    /// `source FILE`: runs a script.
    case source(String)
    /// `say TEXT`: prints its words joined by single spaces (quote a word to keep its blanks).
    case say(String)
    /// `expect …`: a check that fails the script when the outline differs.
    case expect(Expectation)
    /// `help [COMMAND]`: the catalog, or the entries of one command (`"rule"`, `"rule lazy"`).
    case help(String?)
    /// `set output full|brief|quiet`: how much the text output says about each command.
    case setOutput(OutputMode)
    /// `quit`.
    case quit

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .save, .saveAll: return "save"
      case .load: return "load"
      case .importFile: return "import"
      case .export: return "export"
      case .diff: return "diff"
      case .edit: return "edit"
      case .source: return "source"
      case .say: return "say"
      case .expect(.list(let list, _)): return "expect " + list.rawValue
      case .expect(.parent): return "expect parent"
      case .expect(.level): return "expect level"
      case .expect(.title): return "expect title"
      case .expect(.error), .expect(.syntaxError): return "expect error"
      case .help: return "help"
      case .setOutput: return "set output"
      case .quit: return "quit"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .save(let file, let format, let force):
        return line(
          name, file.map(Quoting.word), Self.formatText(format), force ? "--force" : nil)
      case .saveAll(let force):
        return line(name, "--all", force ? "--force" : nil)
      case .load(let file, let format, let fresh):
        return line(name, Quoting.word(file), Self.formatText(format), fresh ? "--fresh" : nil)
      case .importFile(let file, let place, let format):
        let placeText: String?
        switch place {
        case .end: placeText = nil
        case .into(let parent): placeText = "to " + Quoting.word(parent)
        case .before(let item): placeText = "before " + Quoting.word(item)
        case .after(let item): placeText = "after " + Quoting.word(item)
        }
        return line(name, Quoting.word(file), placeText, Self.formatText(format))
      case .export(let file, let item, let format, let force):
        return line(
          name, Quoting.word(file), item.map(Quoting.word), Self.formatText(format),
          force ? "--force" : nil)
      case .diff(let file, let other, let format):
        return line(
          name, Quoting.word(file), other.map(Quoting.word), Self.formatText(format))
      case .edit(let item):
        return line(name, item.map(Quoting.word))
      case .source(let file):
        return line(name, Quoting.word(file))
      case .say(let text): return line("say", Self.sayText(text))
      case .expect(.list(let list, let items)): return line("expect", list.rawValue, words(items))
      case .expect(.parent(let item, let parent)):
        return line(name, Quoting.word(item), parent.map(Quoting.word) ?? "none")
      case .expect(.level(let item, let level)): return line(name, Quoting.word(item), "\(level)")
      case .expect(.title(let item, let title)):
        return line(name, Quoting.word(item), Quoting.word(title))
      case .expect(.error(let command)): return "expect error " + command.description
      case .expect(.syntaxError(let text)): return "expect error " + text
      case .help(let topic): return line("help", topic)
      case .setOutput(let mode): return line(name, mode.rawValue)
      case .quit: return name
      }
    }

    /// `--format NAME`, nil without one.
    private static func formatText(_ format: OutlineFormat?) -> String? {
      format.map { "--format " + $0.rawValue }
    }

    /// `say`'s words: the text itself when every space-separated piece reads back as a bare
    /// word, else the whole text quoted; nothing for an empty text.
    private static func sayText(_ text: String) -> String? {
      guard !text.isEmpty else { return nil }
      let bare = text.split(separator: " ", omittingEmptySubsequences: false).allSatisfy {
        piece in
        guard let first = piece.first, first != "#", first != "\"", !Quoting.joinsABlank(piece)
        else { return false }
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
    /// `expect error TEXT`, where TEXT, the command as typed, does not parse (`expect error
    /// expand --depth 0`, an unknown command): its syntax error is its failure, and it changes
    /// nothing, so the expectation holds.
    case syntaxError(String)
  }

  /// Where `import` puts a file's outline.
  public enum ImportPlace: Equatable, Hashable, Sendable {
    /// After the last root.
    case end
    /// As the last children of a parent (`to PARENT`).
    case into(String)
    /// As siblings right before an item.
    case before(String)
    /// As siblings right after an item's subtree.
    case after(String)
  }
}
