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
    case .title(let item, let expected):
      guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
      let actual = contents.title(of: item)
      guard actual == expected else {
        throw CommandError(
          .expectationFailed,
          "expected the title of \(Quoting.word(item)) to be \(Quoting.word(expected)), "
            + "got \(Quoting.word(actual))")
      }
    case .error(let command):
      if case .files(.save) = command {
        throw CommandError(
          .refused,
          "\"expect error\" cannot run \"save\": a save that succeeds cannot be taken back")
      }
      if case .files(.export(let path, _, _, _)) = command, path != "-" {
        throw CommandError(
          .refused,
          "\"expect error\" cannot run \"export\" to a file: an export that succeeds cannot be "
            + "taken back")
      }
      let before = state
      let beforeHistory = historyState
      // What the command made for the history is put back too: a change it made is undone.
      let beforeChanges = (commandChange, unshownChange)
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
      (commandChange, unshownChange) = beforeChanges
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
}
