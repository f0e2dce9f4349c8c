import Diffable
import OutlineLanguage
import OutlineTestSupport

/// One random session: the interpreter and the reference model side by side, fed the same
/// commands, compared after each one.
///
/// After every command `perform` checks that (a) the command succeeds or fails as the model
/// says, with the model's error code; (b) after a failure the session's state is as before it
/// (every section's picture, the rules, the kept snapshots, the current section, the batch and
/// the history); (c) the sections, the current section, the batch, the rules, the kept
/// snapshots and the length of the history equal the model's, and a change is a history step
/// exactly when the model says so; (d) the session's invariants hold, and so do the
/// transaction's differences; (e) a query answers what the model answers.
struct RandomSessionRun {
  /// A problem found after a command, with the check that found it.
  struct Problem: CustomStringConvertible {
    /// The check: `code`, `unchanged`, `state`, `history`, `invariant`, `answer`.
    var check: String
    /// What differed.
    var detail: String

    var description: String { "\(check): \(detail)" }
  }

  /// Everything of a session that a command may change and that is compared, but the history.
  struct Observed: Equatable {
    var sections: [String]
    var pictures: [[String]]
    var current: String
    var rules: [ReferenceSession.Rule]
    var kept: [String: [String]]
    var batch: [String]?
    var focus: String?

    /// The interpreter's state.
    init(_ session: Session) {
      let flat = session.dataSource.snapshot()
      sections = flat.sectionIdentifiers
      pictures = sections.map { session.dataSource.snapshot(for: $0).visualDescriptionLines() }
      current = session.section
      rules = session.rules.rules.map(Self.rule)
      kept = session.keptSnapshots.mapValues { $0.visualDescriptionLines() }
      batch = session.batch?.working.visualDescriptionLines()
      focus = session.focus
    }

    /// The model's state.
    init(_ model: ReferenceSession) {
      sections = model.sectionNames
      pictures = model.sections.map { $0.outline.visualDescriptionLines() }
      current = model.current
      rules = model.rules
      kept = model.kept.mapValues { $0.visualDescriptionLines() }
      batch = model.batch?.visualDescriptionLines()
      focus = model.focus
    }

    /// The interpreter's rule as the model writes it.
    static func rule(_ rule: Command.Rule) -> ReferenceSession.Rule {
      switch rule {
      case .noCollapse(let items): return .init(.noCollapse, items)
      case .noExpand(let items): return .init(.noExpand, items)
      case .noReorder(let items): return .init(.noReorder, items)
      case .lazy(let parent, let children): return .init(.lazy, [parent], children: children)
      }
    }

    /// The fields where `self` and `other` differ, each with both values.
    func differences(from other: Observed, _ mine: String, _ theirs: String) -> String {
      var lines: [String] = []
      func compare<Value: Equatable>(_ name: String, _ a: Value, _ b: Value) {
        if a != b { lines.append("\(name): \(mine) \(a), \(theirs) \(b)") }
      }
      compare("sections", sections, other.sections)
      compare("pictures", pictures, other.pictures)
      compare("current section", current, other.current)
      compare("rules", rules, other.rules)
      compare("kept", kept, other.kept)
      compare("batch", batch, other.batch)
      compare("focus", focus, other.focus)
      return lines.joined(separator: "; ")
    }
  }

  /// The interpreter.
  let session = Session()
  /// The model.
  var model: ReferenceSession
  /// How many commands succeeded (`ok`) or failed with each code, and made a step (`step`).
  var counts: [String: Int] = [:]
  /// The same by command: `append: ok`, `move: refused`.
  var countsByCommand: [String: Int] = [:]
  /// The most items the sections held at once.
  var largest = 0

  /// A fresh session and model, both keeping `historyLimit` steps.
  init(historyLimit: Int) {
    session.historyLimit = historyLimit
    model = ReferenceSession(historyLimit: historyLimit)
  }

  /// Runs `line` on the interpreter and `command` on the model and compares them.
  ///
  /// - Returns: Every problem found; empty when they agree.
  mutating func perform(_ command: ReferenceCommand, line: String) -> [Problem] {
    var problems: [Problem] = []
    let before = Observed(session)
    let historyBefore = session.history.map(\.command)
    var rowsBefore: [String] = []
    // The rows a drag names: in a focus, the view's (SPEC §4), which the model's focus reads.
    if case .drag = command { rowsBefore = model.viewVisibleItems }
    let outcome = session.run(line)
    let expected = model.run(command)
    let result = outcome.error?.code.rawValue ?? "ok"
    counts[result, default: 0] += 1
    countsByCommand["\(command.name): \(result)", default: 0] += 1
    if expected.recorded {
      counts["step", default: 0] += 1
      largest = max(largest, model.sections.reduce(0) { $0 + $1.outline.count })
    }
    // (a) success or failure, and the code.
    if outcome.error?.code.rawValue != expected.code?.rawValue {
      problems.append(
        Problem(
          check: "code",
          detail: "the model says \(expected.code?.rawValue ?? "success"), the session "
            + (outcome.error.map { "fails: \($0)" } ?? "succeeds")))
    }
    // (b) a failure changes nothing.
    let after = Observed(session)
    if !outcome.ok {
      if after != before {
        problems.append(
          Problem(
            check: "unchanged",
            detail: "the failed command changed " + after.differences(from: before, "now", "was")
          ))
      }
      if session.history.map(\.command) != historyBefore {
        problems.append(
          Problem(
            check: "unchanged",
            detail: "the failed command changed the history from \(historyBefore) to "
              + "\(session.history.map(\.command))"))
      }
    }
    // (c) the state is the model's.
    let wanted = Observed(model)
    if after != wanted {
      problems.append(
        Problem(check: "state", detail: after.differences(from: wanted, "session", "model")))
    }
    if session.history.count != model.history.count {
      problems.append(
        Problem(
          check: "history",
          detail: "the session has \(session.history.count) steps "
            + "\(session.history.map(\.command)), the model \(model.history.count)"))
    }
    if outcome.ok, command.isRecordedInHistory {
      let history = session.history.map(\.command)
      // A command that named rows, `.` or an item by its title is recorded as it ran, with
      // identifiers.
      let namedRows = CommandParser.parse(line: line).first?.refersToRows ?? false
      let recorded = namedRows || expected.namedByTitle ? outcome.parsed?.description : line
      let stepped =
        expected.recorded
        ? history.last == recorded
          && history.count == min(historyBefore.count + 1, model.historyLimit)
        : history == historyBefore
      if !stepped {
        problems.append(
          Problem(
            check: "history",
            detail: (expected.recorded ? "the model records a step" : "the model records no step")
              + ", the session's history went from \(historyBefore) to \(history)"))
      }
    }
    if let batch = session.batch, batch.section != session.section {
      problems.append(
        Problem(check: "state", detail: "the batch is on \(batch.section), not \(session.section)"))
    }
    // (d) invariants.
    problems += session.invariantViolations().map { Problem(check: "invariant", detail: $0) }
    if let transaction = outcome.transaction {
      problems += Session.violations(in: transaction).map {
        Problem(check: "invariant", detail: $0)
      }
    }
    // A drag drops the item at the row it names, whatever the re-parenting: a check that does
    // not restate the model's rules (after (c), the model's view is the session's).
    if outcome.ok, case .drag(let from, let to) = command {
      let dragged = rowsBefore[from]
      let rows = model.viewVisibleItems
      if !rows.indices.contains(to) || rows[to] != dragged {
        problems.append(
          Problem(check: "state", detail: "\(dragged) is not at row \(to) of \(rows)"))
      }
    }
    // `apply --reload-data` reports no transaction, and the rows and sections it reloads.
    if outcome.ok, let reload = expected.reloaded {
      problems += Self.reloadProblems(outcome, reload)
    }
    // (e) answers.
    if outcome.ok, let answer = expected.answer, !Self.result(outcome.result, matches: answer) {
      problems.append(
        Problem(
          check: "answer",
          detail: "the model answers \(answer), the session \(String(describing: outcome.result))"
        ))
    }
    return problems
  }

  /// Where `apply --reload-data`'s outcome differs from the model's `reload`: it animates no
  /// difference (no transaction shown), and its note gives the rows and sections reloaded,
  /// whether the state changed, and the rows inserted and removed.
  static func reloadProblems(_ outcome: Outcome, _ reload: ReferenceSession.Reload) -> [Problem] {
    var problems: [Problem] = []
    if !outcome.reloadsData || outcome.transaction != nil {
      problems.append(
        Problem(
          check: "reload",
          detail: "apply --reload-data shows a transaction, or reports no data reload"))
    }
    func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    let wanted =
      "no difference animated: the collection view reloads all its data, "
      + "\(count(reload.rows, "row")) in \(count(reload.sections, "section")) "
      + (reload.changed
        ? "(+\(reload.inserted) −\(reload.removed) rows" : "(the state is unchanged)")
    let note = outcome.note ?? ""
    if !note.hasPrefix(wanted) {
      problems.append(
        Problem(
          check: "reload",
          detail: "the model's note starts \"\(wanted)\", the session's is \"\(note)\""))
    }
    return problems
  }

  /// Whether the interpreter's `result` is the model's `answer`.
  static func result(_ result: QueryResult?, matches answer: ReferenceSession.Answer) -> Bool {
    switch (answer, result) {
    case (.items(let expected), .items(let actual)?): return expected == actual
    case (.items(let expected), .found(let lines)?): return expected == lines.map(\.item)
    case (.number(let expected), .number(let actual)?): return expected == actual
    case (.bool(let expected), .bool(let actual)?): return expected == actual
    case (.item(let expected), .item(let actual)?): return expected == actual
    case (.lines(let expected), .lines(let actual)?): return expected == actual
    case (.lineCount(let expected), .lines(let actual)?): return expected == actual.count
    case (.lineCount(let expected), .tree(let actual)?): return expected == actual.count
    case (.text(let expected), .text(let actual)?): return expected == actual
    default: return false
    }
  }
}

extension RandomSessionRun {
  /// A command, the line written for it, and the line naming items by their identifiers.
  struct Step {
    /// The command the model runs.
    var command: ReferenceCommand
    /// The line as the session ran it, maybe naming items by row (`@3`, `@2..4`) or `.`.
    var line: String
    /// The line with each row and `.` written as the identifier it named when `line` ran, so
    /// that it names the same items whatever ran before; `line` itself where the row or `.`
    /// is what the step tests (`drag`'s rows, `.` resolved when it runs).
    var plain: String

    /// A step whose line names items only by identifier.
    init(_ command: ReferenceCommand, line: String, plain: String? = nil) {
      self.command = command
      self.line = line
      self.plain = plain ?? line
    }

    /// The step with its plain line as the line it runs.
    var withPlainLine: Step { Step(command, line: plain) }
  }

  /// Where replaying `steps` first goes wrong.
  struct Failure {
    /// The offset of the step that went wrong.
    var index: Int
    /// What went wrong.
    var problems: [Problem]
  }

  /// Replays `steps` on a fresh session and model.
  ///
  /// - Returns: The first step that goes wrong, or nil.
  static func replay(_ steps: [Step], historyLimit: Int) -> Failure? {
    var run = RandomSessionRun(historyLimit: historyLimit)
    for (index, step) in steps.enumerated() {
      let problems = run.perform(step.command, line: step.line)
      if !problems.isEmpty { return Failure(index: index, problems: problems) }
    }
    return nil
  }

  /// A shorter list of steps that still goes wrong the way `steps` does (the same check fails
  /// first): chunks, then single steps, are dropped while the failure remains.
  ///
  /// Each step first runs its plain line, which names items by identifier: a row or `.` names
  /// the item it named in the original run, whatever steps are dropped before it. Only when
  /// the plain lines do not fail the same way (the rows themselves are at fault) are the lines
  /// reduced as typed, and then a row may name another item than it did.
  ///
  /// - Complexity: O(*n* log *n*) replays at most, for *n* steps.
  static func reduce(_ steps: [Step], historyLimit: Int, failure: Failure) -> [Step] {
    let check = failure.problems[0].check
    let steps = Array(steps[...failure.index])
    let plain = steps.map(\.withPlainLine)
    if let found = replay(plain, historyLimit: historyLimit),
      found.problems.contains(where: { $0.check == check })
    {
      return reduce(steps: Array(plain[...found.index]), historyLimit: historyLimit, check: check)
    }
    return reduce(steps: steps, historyLimit: historyLimit, check: check)
  }

  /// `steps` reduced while the first failure still includes `check`.
  private static func reduce(steps: [Step], historyLimit: Int, check: String) -> [Step] {
    var steps = steps
    var chunk = max(steps.count / 2, 1)
    while true {
      var start = 0
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + chunk, steps.count))
        if let found = replay(candidate, historyLimit: historyLimit),
          found.problems.contains(where: { $0.check == check })
        {
          steps = Array(candidate[...found.index])
        } else {
          start += chunk
        }
      }
      if chunk == 1 { return steps }
      chunk = max(chunk / 2, 1)
    }
  }
}
