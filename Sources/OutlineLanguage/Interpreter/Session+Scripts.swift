import Diffable

extension Session {
  /// Checks an `expect`; a check that does not hold is `expectationFailed`, with the expected
  /// and the actual value in the message.
  func check(_ expectation: Command.Expectation, into outcome: inout Outcome)
    throws(CommandError)
  {
    let outline = outline
    switch expectation {
    case .list(let list, let expected):
      let actual = Self.items(list, of: outline)
      guard actual == expected else {
        throw CommandError(
          .expectationFailed,
          "expected \(list.rawValue) \(Self.words(expected)), got \(Self.words(actual))")
      }
    case .parent(let item, let expected):
      let actual: String?
      do { actual = try outline.parent(of: item) } catch { throw failure(error) }
      guard actual == expected else {
        throw CommandError(
          .expectationFailed,
          "expected the parent of \(Quoting.word(item)) to be \(Self.word(expected)), "
            + "got \(Self.word(actual))")
      }
    case .level(let item, let expected):
      let actual: Int
      do { actual = try outline.level(of: item) } catch { throw failure(error) }
      guard actual == expected else {
        throw CommandError(
          .expectationFailed,
          "expected the level of \(Quoting.word(item)) to be \(expected), got \(actual)")
      }
    case .error(let command):
      if case .save = command {
        throw CommandError(
          .refused,
          "\"expect error\" cannot run \"save\": a save that succeeds cannot be taken back")
      }
      let before = state
      let beforeHistory = historyState
      var inner = Outcome(command: command.description)
      var failed: CommandError?
      do {
        try execute(command, into: &inner)
      } catch {
        failed = error
      }
      let changed =
        dataSource.snapshot() != before.snapshot || rules != before.rules
        || keptSnapshots != before.kept || section != before.section
      restore(before)
      historyState = beforeHistory
      guard let failed else {
        throw CommandError(
          .expectationFailed, "expected \"\(command.description)\" to fail, but it succeeded")
      }
      guard !changed else {
        throw CommandError(
          .expectationFailed,
          "\"\(command.description)\" failed (\(failed.message)) but changed the outline")
      }
      outcome.note = "failed as expected: \(failed.code.rawValue): \(failed.message)"
    }
  }

  /// `1 item`, `2 items`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Identifiers as a command writes them, or `(none)`.
  static func words(_ items: [String]) -> String {
    items.isEmpty ? "(none)" : items.map(Quoting.word).joined(separator: " ")
  }

  /// An identifier as a command writes it, or `none`.
  static func word(_ item: String?) -> String { item.map(Quoting.word) ?? "none" }

  /// `help`: every command by group, or the entries of one topic; an unknown topic is
  /// `unknownCommand`, with a "did you mean".
  static func help(_ topic: String?) throws(CommandError) -> [String] {
    guard let topic else {
      var lines: [String] = []
      for group in CommandCatalog.Group.allCases {
        let entries = CommandCatalog.entries.filter { $0.group == group }
        guard !entries.isEmpty else { continue }
        lines.append(group.rawValue + ":")
        for entry in entries {
          for syntax in entry.syntax { lines.append("  " + syntax) }
          lines.append("      " + entry.summary)
        }
      }
      return lines
    }
    let entries = CommandCatalog.entries(forTopic: topic)
    guard !entries.isEmpty else {
      let names = CommandCatalog.commandWords + CommandCatalog.entries.map(\.name)
      let hint = _EditDistance.nearest(to: topic, among: names)
      throw CommandError(
        .unknownCommand,
        "no help for \"\(topic)\""
          + (hint.map { " (did you mean \"\($0)\"?)" } ?? " (\"help\" lists the commands)"))
    }
    var lines: [String] = []
    for entry in entries {
      lines.append(contentsOf: entry.syntax)
      lines.append("  " + entry.summary)
      lines.append("  example: " + entry.example)
      if let api = entry.appleAPI { lines.append("  Apple API: " + api) }
    }
    return lines
  }
}
