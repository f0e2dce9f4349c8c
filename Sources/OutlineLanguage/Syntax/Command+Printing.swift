extension Command: CustomStringConvertible {
  /// The command's canonical text: what `CommandParser` reads back as this same command.
  ///
  /// Printing is the inverse of parsing: words are separated by one space, flags follow the
  /// command's positional words (`child-snapshot P --including-parent as kept`), identifiers
  /// are quoted only when `Quoting.needsQuotes` says so, and `say` prints its text bare when
  /// that reads back the same, else as one quoted word.
  ///
  /// ```swift
  /// Command.move("Pear", to: .into("to")).description  // move Pear to "to"
  /// Command.say("a  b").description                      // say "a  b"
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of the text.
  public var description: String {
    switch self {
    case .append(let items, let parent):
      return Self.line("append", Self.words(items), parent.map { "to " + Quoting.word($0) })
    case .insert(let items, let placement):
      return Self.line("insert", Self.words(items), Self.text(placement))
    case .insertSnapshot(let name, let placement):
      return Self.line("insert", Quoting.reference(name), Self.text(placement))
    case .delete(let items): return Self.line("delete", Self.words(items))
    // Commands without arguments print as their name.
    case .deleteAll, .rules, .clearRules, .describe, .count, .sections, .apply, .discard, .last,
      .log, .undo, .redo, .quit:
      return name
    case .childSnapshot(let parent, let includingParent, let name):
      return Self.line(
        "child-snapshot", Quoting.word(parent), includingParent ? "--including-parent" : nil,
        name.map { "as " + Quoting.word($0) })
    case .replaceChildren(let parent, let name):
      return Self.line("replace-children", Quoting.word(parent), "with", Quoting.reference(name))
    case .expand(let items, let force):
      return Self.line("expand", force ? "--force" : nil, Self.words(items))
    case .collapse(let items, let force):
      return Self.line("collapse", force ? "--force" : nil, Self.words(items))
    case .move(let item, let destination):
      return Self.line("move", Quoting.word(item), Self.text(destination))
    case .drag(let from, let to): return "drag \(from) \(to)"
    case .indent(let item): return Self.line("indent", Quoting.word(item))
    case .outdent(let item): return Self.line("outdent", Quoting.word(item))
    case .rule(let rule): return Self.text(rule)
    case .removeRule(let number): return "rule remove \(number)"
    case .show(let visibleOnly): return visibleOnly ? "show --visible" : "show"
    case .list(let list): return list.rawValue
    case .query(let query, let item): return Self.line(query.rawValue, Quoting.word(item))
    case .section(let command): return Self.text(command)
    case .begin(let empty): return empty ? "begin --empty" : "begin"
    case .save(let file): return Self.line("save", Quoting.word(file))
    case .load(let file): return Self.line("load", Quoting.word(file))
    case .source(let file): return Self.line("source", Quoting.word(file))
    case .say(let text): return Self.line("say", Self.sayText(text))
    case .expect(let expectation): return Self.text(expectation)
    case .help(let topic): return Self.line("help", topic)
    }
  }

  // MARK: Parts

  /// The non-nil parts, separated by single spaces.
  private static func line(_ parts: String?...) -> String {
    parts.compactMap { $0 }.joined(separator: " ")
  }

  /// Identifiers as words.
  private static func words(_ identifiers: [String]) -> String? {
    identifiers.isEmpty ? nil : identifiers.map(Quoting.word).joined(separator: " ")
  }

  private static func text(_ placement: Placement) -> String {
    switch placement {
    case .before(let anchor): return "before " + Quoting.word(anchor)
    case .after(let anchor): return "after " + Quoting.word(anchor)
    }
  }

  private static func text(_ destination: MoveDestination) -> String {
    switch destination {
    case .before(let anchor): return "before " + Quoting.word(anchor)
    case .after(let anchor): return "after " + Quoting.word(anchor)
    case .into(let parent): return "to " + Quoting.word(parent)
    case .toRoot: return "to-root"
    }
  }

  private static func text(_ rule: Rule) -> String {
    switch rule {
    case .noCollapse(let items): return line("rule no-collapse", words(items))
    case .noExpand(let items): return line("rule no-expand", words(items))
    case .noReorder(let items): return line("rule no-reorder", words(items))
    case .lazy(let parent, let children):
      return line("rule lazy", Quoting.word(parent), words(children))
    }
  }

  private static func text(_ command: SectionCommand) -> String {
    switch command {
    case .add(let names): return line("section add", words(names))
    case .use(let name): return line("section use", Quoting.word(name))
    case .delete(let name): return line("section delete", Quoting.word(name))
    case .move(let name, let placement):
      return line("section move", Quoting.word(name), text(placement))
    }
  }

  private static func text(_ expectation: Expectation) -> String {
    switch expectation {
    case .list(let list, let items): return line("expect", list.rawValue, words(items))
    case .parent(let item, let parent):
      return line("expect parent", Quoting.word(item), parent.map(Quoting.word) ?? "none")
    case .level(let item, let level): return line("expect level", Quoting.word(item), "\(level)")
    case .error(let command): return "expect error " + command.description
    }
  }

  /// `say`'s words: the text itself when every space-separated piece reads back as a bare word,
  /// else the whole text quoted; nothing for an empty text.
  private static func sayText(_ text: String) -> String? {
    guard !text.isEmpty else { return nil }
    let bare = text.split(separator: " ", omittingEmptySubsequences: false).allSatisfy { piece in
      guard let first = piece.first, first != "#", first != "\"" else { return false }
      return !piece.contains { Lexer.isBlank($0) || $0 == ";" || $0 == "\"" }
    }
    return bare ? text : Quoting.quote(text)
  }
}
