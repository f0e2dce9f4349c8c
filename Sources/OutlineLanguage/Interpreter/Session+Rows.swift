import Diffable

/// Items by row and the current item (SPEC §4, "Items by row"): `@N` is visible row *N* of the
/// current section (or of the focus: `Session+Focus.swift`) as `show` numbers it (from 0, as `drag` takes rows), `@N..M` rows *N* to
/// *M*, and `.` the current item: the item the last successful command added, moved or named
/// first.
///
/// A command that names a row is parsed twice: once for its grammar, with the row words as
/// typed, and once, when it runs, against the outline it runs on, so that the command the
/// interpreter runs and every printer records holds identifiers, never a row.
extension Session {
  /// Runs a command as the parser read it: its rows and `.` resolved against the current
  /// section first, then the command; when it succeeds, the item it added, moved or named first
  /// becomes the current item (an `expect`, which only checks, leaves it).
  ///
  /// A row out of range, or `.` with no current item, is `unknownItem` and runs nothing.
  ///
  /// - Complexity: the command's own cost, plus O(*k* log *n*) for *k* items named by row in
  ///   a section of *n* items, and a second parse of the command's text when it names any.
  public func run(_ parsed: ParsedCommand) -> Outcome {
    // Most commands name no row: they run as parsed, with no copy of the parse to resolve.
    guard parsed.refersToRows else {
      return run(
        parsed.result, source: parsed.source, namedRows: false, firstItem: parsed.firstItem)
    }
    var parsed = parsed
    let resolved = CommandParser.parse(line: parsed.source) { [unowned self] in resolve($0) }
    if resolved.count == 1 {
      if let failure = resolved[0].rowFailure {
        var outcome = Outcome(command: parsed.source)
        outcome.error = failure
        return outcome
      }
      parsed.result = resolved[0].result
      parsed.firstItem = resolved[0].firstItem
      if let failure = resolved[0].nestedRowFailure,
        case .success(let command) = parsed.result,
        case .files(.expect(.error(let inner))) = command, !inner.isExpectation
      {
        // `expect error show @42`: the command fails as expected, before it runs.
        var outcome = Outcome(
          command: parsed.source, parsed: command, state: recordsStates ? state : nil)
        if recordsStates { outcome.after = state }
        outcome.note = "failed as expected: \(failure.code.rawValue): \(failure.message)"
        outcome.expectedFailure = ExpectedFailure(effect: .none, error: failure)
        return outcome
      }
    }
    return run(
      parsed.result, source: parsed.source, namedRows: true, firstItem: parsed.firstItem)
  }

  /// Runs a command as the parser read it, its rows resolved: `firstItem` is the first item it
  /// names, which becomes the current item when it succeeds.
  private func run(
    _ result: Result<Command, SyntaxError>, source: String, namedRows: Bool, firstItem: String?
  ) -> Outcome {
    switch result {
    case .failure(let error):
      var outcome = Outcome(command: source)
      outcome.error = CommandError(error)
      return outcome
    case .success(let command):
      madeItem = nil
      // The history records the items the rows named: a row's item moves as the outline
      // changes, so `indent @3` would name another item by the time `log` shows it.
      let outcome = run(command, source: source, namedRows: namedRows)
      // An `expect` checks; it does not move the current item.
      if outcome.ok, !command.isExpectation, let named = madeItem ?? firstItem {
        currentItem = named
      }
      madeItem = nil
      return outcome
    }
  }

  /// The identifiers `reference` names in the current section (the batch's working copy while a
  /// batch is open), in order.
  ///
  /// - Returns: The items, or `unknownItem`: a row past the last visible row (saying how many
  ///   rows there are), or `.` when there is no current item or it is no longer in the section.
  /// - Complexity: O(*k* log *n*) for *k* rows of a section of *n* items.
  func resolve(_ reference: RowReference) -> Result<[String], CommandError> {
    let outline = outline
    // Rows are the view's: the focus's visible descendants, numbered from 0.
    let rows = viewRows
    let count = rows.count
    func noRow(_ row: Int) -> CommandError {
      guard focus != nil else { return CommandError(because: .noRow(row, rows: count)) }
      return CommandError(because: .noRowInFocus(row, rows: count, focus: focusPath))
    }
    switch reference {
    case .current:
      guard let item = currentItem, outline.contains(item) else {
        return .failure(CommandError(because: .noCurrentItem(previous: currentItem)))
      }
      return .success([item])
    case .row(let row):
      guard row < count else { return .failure(noRow(row)) }
      return .success([outline.visibleItem(at: rows.lowerBound + row)])
    case .rows(let range):
      guard range.upperBound < count else { return .failure(noRow(range.upperBound)) }
      return .success(range.map { outline.visibleItem(at: rows.lowerBound + $0) })
    }
  }
}

extension Command {
  /// Whether the command is an `expect`, which checks the session and changes nothing.
  var isExpectation: Bool {
    if case .files(.expect) = self { return true }
    return false
  }
}

extension Session {
  /// `item` as a message names it for a person who thinks in rows: `@3 (Feeds)` for an item on
  /// visible row 3 of the view (as `show` numbers it), else its identifier with why it has no
  /// row: `Feeds (hidden)`, `Feeds (outside the focus)`; a title other than the identifier
  /// follows it: `@3 (Pear, titled "Pear ")`.
  ///
  /// - Complexity: O(log *n*), and the title's length.
  func rowName(of item: String) -> String {
    let outline = outline
    let rows = viewRows
    let title = contents.title(of: item)
    let titled = title == item ? "" : ", titled \(Quoting.quote(title))"
    guard let row = outline.visibleIndex(of: item) else {
      return "\(Quoting.word(item)) (hidden\(titled))"
    }
    guard rows.contains(row) else {
      return "\(Quoting.word(item)) (outside the focus\(titled))"
    }
    return "@\(row - rows.lowerBound) (\(Quoting.word(item))\(titled))"
  }

  /// A format's problem as a message that names its item by row (`rowName(of:)`): node
  /// `problem.itemIndex` of the document written from `written`, in pre-order.
  ///
  /// - Complexity: O(log *n*).
  func message(of problem: FormatProblem, writing written: SectionSnapshot<String>) -> String {
    guard let index = problem.itemIndex, index >= 0, index < written.count else {
      return problem.message
    }
    return rowName(of: written.item(at: index)) + ": " + problem.detail
  }
}
