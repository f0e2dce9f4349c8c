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
      let actual = viewItems(list)
      guard actual == expected else {
        throw CommandError(because: .expectedItems(list, expected: expected, actual: actual))
      }
    case .parent(let item, let expected):
      let actual: String?
      do { actual = try outline.parent(of: item) } catch { throw failure(error) }
      guard actual == expected else {
        throw CommandError(because: .expectedParent(item, expected: expected, actual: actual))
      }
    case .level(let item, let expected):
      let actual: Int
      do { actual = try outline.level(of: item) } catch { throw failure(error) }
      guard actual == expected else {
        throw CommandError(because: .expectedLevel(item, expected: expected, actual: actual))
      }
    case .title(let item, let expected):
      guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
      let actual = contents.title(of: item)
      guard actual == expected else {
        throw CommandError(because: .expectedTitle(item, expected: expected, actual: actual))
      }
    case .error(let typed):
      let command = inFocus(typed)
      if case .files(.save) = command {
        throw CommandError(because: .expectErrorSave)
      }
      if case .files(.export(let path, _, _, _)) = command, path != "-" {
        throw CommandError(because: .expectErrorExport)
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
        || contents != before.contents
      restore(before)
      historyState = beforeHistory
      guard let failed else {
        throw CommandError(because: .expectedToFail(command))
      }
      guard !changed else {
        throw CommandError(because: .failedButChanged(command, message: failed.message))
      }
      outcome.note = "failed as expected: \(failed.code.rawValue): \(failed.message)"
      outcome.expectedFailure = ExpectedFailure(effect: inner.effect, error: failed)
    case .syntaxError(let text):
      // The command never runs: that its text is not a command is its failure.
      let command: Command
      do {
        command = try CommandParser.parse(command: text)
      } catch {
        let failed = CommandError(error)
        outcome.note = "failed as expected: \(failed.code.rawValue): \(failed.message)"
        outcome.expectedFailure = ExpectedFailure(effect: .none, error: failed)
        return
      }
      // Read alone, the text is a command after all: it must fail as one.
      try check(.error(command), into: &outcome)
    }
  }

  /// The syntax error of `text` read as one command, or nil when it reads.
  ///
  /// - Complexity: O(*n*) in the characters of `text`.
  static func syntaxError(of text: String) -> CommandError? {
    do {
      _ = try CommandParser.parse(command: text)
      return nil
    } catch {
      return CommandError(error)
    }
  }
}
