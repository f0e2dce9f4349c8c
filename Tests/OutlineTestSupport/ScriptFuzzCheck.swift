import Diffable
import Foundation
import OutlineLanguage

/// Runs arbitrary bytes as a script through a fresh `Session` and checks the session after
/// every command: the check that the `outline-fuzz` fuzzer runs on each input and that
/// `FuzzRegressionTests` runs on each input it found.
///
/// The bytes are decoded as UTF-8 (an invalid sequence becomes U+FFFD) and run with
/// `Session.runScript`, going on after failures, over a `MemoryFileSystem` holding
/// `ScriptFuzzCheck.files`. After each command it checks that:
///
/// - the session keeps the model's invariants (`invariantViolations()`, which also traps on a
///   broken B-tree);
/// - a failed command changed nothing (`SessionFingerprint`), the files included;
/// - a transaction's differences apply from its initial snapshots to its final ones, and those
///   are the data source before and after the command; a command that changes the data
///   source's items or rows makes a transaction;
/// - the outcome renders as text and as one line of valid JSON that says the same `command`
///   and `ok`, none of it carrying a control character (a terminal escape);
/// - the command prints as a text that parses back to it;
/// - a saved file (the native one) loads, in a fresh session, back to what was saved.
///
/// A line `#--- NAME` ends the script and starts the contents of a file NAME, so that inputs can
/// hold hand-written save files and scripts. At the end the script's result must count the
/// failed commands. At most `commandLimit`
/// commands run (`source` counts, and so does each command of a sourced file).
///
/// ```swift
/// ScriptFuzzCheck.problem(running: Array("append A; delete A".utf8))  // nil
/// ```
public final class ScriptFuzzCheck {
  /// How many commands one input may run, to keep each input fast.
  public static let commandLimit = 200

  /// The session under test.
  let session: Session
  /// The session as it was before the command being checked.
  var before: SessionFingerprint
  /// The files as they were before the command being checked.
  var filesBefore: [String: [UInt8]] = [:]
  /// How many commands have been reported.
  var commands = 0
  /// How many of them failed.
  var failures = 0
  /// Whether `quit` was reported.
  var quit = false
  /// The first problem found, if any.
  var problem: String?

  /// Creates a checker over a fresh session whose files are `ScriptFuzzCheck.files`.
  init() {
    let files = MemoryFileSystem()
    files.files = Self.files
    session = Session(fileSystem: files)
    before = SessionFingerprint(session)
  }

  /// Runs `bytes` as a script and returns the first broken rule, with the command and where it
  /// was written; nil when every check held.
  ///
  /// A line `#--- NAME` ends the script: the lines after it, up to the next such line, are the
  /// contents of the file NAME (any bytes), which the script can `load` or `source`.
  ///
  /// ```
  /// load hand.json
  /// #--- hand.json
  /// {"format": "outline", "version": 1, "section": "main", "sections": [], …}
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The script, any bytes.
  ///   - trace: Called with each command's outcome before it is checked, to show what ran.
  /// - Complexity: at most `commandLimit` commands, each checked in O(*n* log *n*) in the
  ///   items of the session.
  public static func problem(
    running bytes: [UInt8], trace: ((Outcome, SourceLocation) -> Void)? = nil
  ) -> String? {
    // An input whose first line is `#format NAME` is a file for that format's reader.
    if FormatFuzzCheck.isFormatInput(bytes) { return FormatFuzzCheck.problem(running: bytes) }
    // An input whose first line is `#playground` is requests for `outline serve`'s handler.
    if PlaygroundFuzzCheck.isPlaygroundInput(bytes) {
      return PlaygroundFuzzCheck.problem(running: bytes)
    }
    let checker = ScriptFuzzCheck()
    if let problem = checker.startProblem() { return problem }
    let (script, files) = Self.split(bytes)
    if let memory = checker.session.fileSystem as? MemoryFileSystem {
      memory.files.merge(files) { _, new in new }
      checker.filesBefore = memory.files
    }
    let options = ScriptOptions(
      keepGoing: true,
      isInterrupted: { checker.commands >= commandLimit || checker.problem != nil },
      report: { outcome, location in
        trace?(outcome, location)
        checker.check(outcome, at: location)
      })
    let end = checker.session.runScript(
      String(decoding: script, as: UTF8.self), file: "input", options: options)
    return checker.problem ?? checker.endProblem(end)
  }

  /// The script before the first `#--- NAME` line, and the files those lines start.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func split(_ bytes: [UInt8]) -> (script: ArraySlice<UInt8>, files: [String: [UInt8]]) {
    let marker = Array("#--- ".utf8)
    var starts: [Int] = []  // where each marker line starts
    var lineStart = 0
    while lineStart < bytes.count {
      if bytes[lineStart...].starts(with: marker) { starts.append(lineStart) }
      guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { break }
      lineStart = newline + 1
    }
    guard let first = starts.first else { return (bytes[...], [:]) }
    var files: [String: [UInt8]] = [:]
    for (number, start) in starts.enumerated() {
      let end = number + 1 < starts.count ? starts[number + 1] : bytes.count
      let line = bytes[start..<end]
      let nameEnd = line.firstIndex(of: 0x0A) ?? end
      let name = String(decoding: line[(start + marker.count)..<nameEnd], as: UTF8.self)
      var contents = Array(bytes[min(nameEnd + 1, end)..<end])
      // The newline before the next marker belongs to the marker line.
      if number + 1 < starts.count, contents.last == 0x0A { contents.removeLast() }
      files[name] = contents
    }
    return (bytes[..<first], files)
  }

  /// A problem with the fresh session itself.
  func startProblem() -> String? {
    let violations = session.invariantViolations()
    return violations.isEmpty ? nil : "a fresh session: " + violations.joined(separator: "; ")
  }

  /// Checks what `runScript` returned against the outcomes it reported.
  func endProblem(_ end: ScriptEnd) -> String? {
    if commands >= Self.commandLimit, !quit {
      // Stopped by the limit, unless the last line ran just as the limit was reached.
      guard end == .interrupted || end == .finished(failures: failures) else {
        return "the script ended \(end) after \(commands) commands, not interrupted"
      }
      return nil
    }
    let expected: ScriptEnd = quit ? .quit(failures: failures) : .finished(failures: failures)
    guard end == expected else {
      return "the script ended \(end), but \(failures) of its \(commands) commands failed"
        + (quit ? " before quit" : "")
    }
    return nil
  }

  /// Checks the session after `outcome`, written at `location`; records the first problem.
  func check(_ outcome: Outcome, at location: SourceLocation) {
    guard problem == nil else { return }
    commands += 1
    if !outcome.ok { failures += 1 }
    let after = SessionFingerprint(session)
    var problems = problems(after: outcome, at: location, now: after)
    if let memory = session.fileSystem as? MemoryFileSystem {
      // A refused save leaves every file as it was, byte for byte.
      if !outcome.ok, memory.files != filesBefore {
        problems.append("the command failed but changed the files")
      }
      filesBefore = memory.files
    }
    if !problems.isEmpty {
      problem =
        "\(location): \(JSONValue.string(outcome.command).serialized): "
        + problems.joined(separator: "; ")
    }
    before = after
  }

  /// The broken rules after `outcome`, the session now being `after`.
  func problems(after outcome: Outcome, at location: SourceLocation, now after: SessionFingerprint)
    -> [String]
  {
    var problems = session.invariantViolations()
    problems += renderingProblems(outcome, at: location)
    // A command that did not parse is not parsed again: its "did you mean" is costly.
    let unparsed = outcome.error.map { [.syntax, .unknownCommand].contains($0.code) } ?? false
    let command = unparsed ? nil : try? CommandParser.parse(command: outcome.command)
    // `last` reprints a transaction of the history rather than making one.
    var isLast = false
    if let command {
      problems += Self.printingProblems(command)
      if case .transactions(.last) = command { isLast = true }
      if case .files(.quit) = command { quit = true }
    }
    if outcome.ok {
      if let transaction = outcome.transaction {
        // A command of several steps (`expand A B`): each a transaction, one after the other.
        let chain = outcome.steps.isEmpty ? [transaction] : outcome.steps.map(\.transaction)
        for step in chain { problems += Session.violations(in: step) }
        if outcome.steps.last.map({ $0.transaction.finalSnapshot }) ?? transaction.finalSnapshot
          != transaction.finalSnapshot
        {
          problems.append("the last step is not the outcome's transaction")
        }
        for (earlier, later) in zip(chain, chain.dropFirst())
        where earlier.finalSnapshot != later.initialSnapshot {
          problems.append("a step does not start where the one before it ended")
        }
        if !isLast {
          problems += transactionProblems(chain[0], after: nil)
          problems += transactionProblems(chain[chain.count - 1], after: after)
        }
      }
      if outcome.transaction == nil, !isLast, after.shown != before.shown {
        problems.append(
          "the command made no transaction but changed " + Self.changes(from: before, to: after))
      }
      // A save in an outline format (`save F.md`) writes the section alone, not the session.
      if case .files(.save(let path?, let format, _))? = command,
        (format ?? OutlineFormat(path: path)) == .native
      {
        problems += savedFileProblems(path, saved: after)
      }
    } else if after != before {
      problems.append(
        "the command failed (\(outcome.error?.message ?? "")) but changed "
          + Self.changes(from: before, to: after))
    }
    return problems
  }

  /// Whether the outcome renders: text with and without colour, the error line, and one line
  /// of JSON that parses and says the same `command` and `ok`; no control character printed.
  func renderingProblems(_ outcome: Outcome, at location: SourceLocation) -> [String] {
    _ = TextRenderer(color: true).lines(for: outcome)
    var text = TextRenderer(color: false).lines(for: outcome)
    if let error = outcome.error {
      text.append(TextRenderer(color: false).errorLine(error, at: location))
      if error.message.isEmpty { return ["an empty error message"] }
    }
    let json = outcome.json.serialized
    for line in text + [json] where line.unicodeScalars.contains(where: Quoting.isControl) {
      return ["a printed line carries a control character: \(line.debugDescription)"]
    }
    if json.utf8.contains(UInt8(ascii: "\n")) {
      return ["the JSON output is not one line: \(json)"]
    }
    // JSONDecoder, not JSONSerialization: on Linux the latter drops a U+FEFF that starts a
    // string or follows an escape (`"\u0000\u{FEFF}"`).
    guard let head = try? JSONDecoder().decode(JSONHead.self, from: Data(json.utf8)) else {
      return ["the JSON output is not a JSON object with command and ok: \(json)"]
    }
    if !head.command.unicodeScalars.elementsEqual(outcome.command.unicodeScalars) {
      return ["the JSON output's command is not the command: \(json)"]
    }
    if head.ok != outcome.ok {
      return ["the JSON output's ok is not \(outcome.ok): \(json)"]
    }
    return []
  }

  /// The fields every JSON outcome starts with.
  struct JSONHead: Decodable {
    var command: String
    var ok: Bool
  }

  /// Whether `command` prints as a text that parses back to it.
  static func printingProblems(_ command: Command) -> [String] {
    let text = command.description
    do {
      let again = try CommandParser.parse(command: text)
      return again == command ? [] : ["it prints as \(text), which parses as \(again)"]
    } catch {
      return ["it prints as \(text), which does not parse: \(error)"]
    }
  }

  /// Whether `transaction`'s initial and final snapshots are the data source before and after
  /// the command, in the flat snapshot and in each section it names.
  ///
  /// With `after` nil, only the initial side is checked (the first step of several); a later
  /// step's initial side is the step before's final one, checked by the caller.
  func transactionProblems(_ transaction: Transaction<String, String>, after: SessionFingerprint?)
    -> [String]
  {
    guard let after else {
      var problems = before.flatDifferences(from: transaction.initialSnapshot).map {
        "the transaction's initial snapshot: " + $0
      }
      for section in transaction.sectionTransactions {
        let name = section.sectionIdentifier
        if let outline = before.sections[name],
          SessionFingerprint.Outline(section.initialSnapshot) != outline
        {
          problems.append("section \(name)'s initial snapshot is not the section before")
        }
      }
      return problems
    }
    var problems = after.flatDifferences(from: transaction.finalSnapshot).map {
      "the transaction's final snapshot: " + $0
    }
    for section in transaction.sectionTransactions {
      let name = section.sectionIdentifier
      if let outline = after.sections[name],
        SessionFingerprint.Outline(section.finalSnapshot) != outline
      {
        problems.append("section \(name)'s final snapshot is not the section after")
      }
    }
    return problems
  }

  /// Whether the file just saved at `path` loads, in a fresh session over a copy of the files,
  /// back to `saved`.
  func savedFileProblems(_ path: String, saved: SessionFingerprint) -> [String] {
    guard let files = session.fileSystem as? MemoryFileSystem else { return [] }
    let copy = MemoryFileSystem()
    copy.files = files.files
    let reader = Session(fileSystem: copy)
    // Read as it was written: `save a.md --format native` wrote the native file.
    let outcome = reader.run(
      .files(.load(path, format: .native)), source: "load \(Quoting.word(path)) --format native")
    if let error = outcome.error {
      return ["the saved file does not load: \(error.message)"]
    }
    let loaded = SessionFingerprint(reader)
    guard loaded.saved == saved.saved else {
      return ["the saved file loads as " + Self.changes(from: saved.saved, to: loaded.saved)]
    }
    return reader.invariantViolations().map { "after loading the saved file: " + $0 }
  }

  /// What differs between `old` and `new`, in words.
  static func changes(from old: SessionFingerprint, to new: SessionFingerprint) -> String {
    var parts: [String] = []
    if old.sectionOrder != new.sectionOrder {
      parts.append("the sections \(old.sectionOrder) → \(new.sectionOrder)")
    }
    for name in old.sectionOrder where old.sections[name] != new.sections[name] {
      parts.append(
        "section \(name) \(describe(old.sections[name])) → \(describe(new.sections[name]))")
    }
    if old.current != new.current {
      parts.append("the current section \(old.current) → \(new.current)")
    }
    if old.rules != new.rules { parts.append("the rules \(old.rules) → \(new.rules)") }
    if old.kept != new.kept {
      parts.append("the kept snapshots \(old.kept.keys.sorted()) → \(new.kept.keys.sorted())")
    }
    if old.batch != new.batch { parts.append("the batch") }
    if old.contents != new.contents {
      parts.append("the contents \(old.contents) → \(new.contents)")
    }
    if old.heads != new.heads { parts.append("the heads \(old.heads) → \(new.heads)") }
    if old.history != new.history { parts.append("the history \(old.history) → \(new.history)") }
    return parts.isEmpty ? "nothing visible" : parts.joined(separator: ", ")
  }

  /// An outline in a few words: its items, visible items and expanded items.
  static func describe(_ outline: SessionFingerprint.Outline?) -> String {
    guard let outline else { return "(none)" }
    return "items \(outline.items) levels \(outline.levels) visible \(outline.visible) "
      + "expanded \(outline.expanded)"
  }
}
