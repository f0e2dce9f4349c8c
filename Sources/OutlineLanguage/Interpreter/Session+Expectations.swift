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
      Self.note(ExpectedFailure(effect: inner.effect, error: failed), in: &outcome)
    case .syntaxError(let text):
      switch Self.command(of: text) {
      case .failure(let failed):
        // The command never runs: that its text is not a command is its failure.
        Self.note(ExpectedFailure(effect: .none, error: failed), in: &outcome)
      case .success(let command):
        // Read alone, the text is a command after all: it must fail as one.
        try check(.error(command), into: &outcome)
      }
    }
  }

  /// Records in `outcome` that `expect error` saw the failure it expected.
  private static func note(_ failure: ExpectedFailure, in outcome: inout Outcome) {
    outcome.note = "failed as expected: \(failure.error.code.rawValue): \(failure.error.message)"
    outcome.expectedFailure = failure
  }

  /// `text` read as one command, or its syntax error.
  ///
  /// - Complexity: O(*n*) in the characters of `text`.
  private static func command(of text: String) -> Result<Command, CommandError> {
    do {
      return .success(try CommandParser.parse(command: text))
    } catch {
      return .failure(CommandError(error))
    }
  }

  /// The syntax error of `text` read as one command, or nil when it reads.
  ///
  /// - Complexity: O(*n*) in the characters of `text`.
  static func syntaxError(of text: String) -> CommandError? {
    guard case .failure(let error) = command(of: text) else { return nil }
    return error
  }
}
