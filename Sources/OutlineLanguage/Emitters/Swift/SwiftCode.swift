import Diffable

/// The Swift a command stands for, in UIKit's own API and spelling, as an iOS developer writes
/// it in a view controller: what `outline --swift` prints after each command's output.
///
/// A pure function of the command, its outcome and the session's state around it. An edit is
/// `snapshot(for:)`, the section snapshot calls and `apply(_:to:)`; in a batch the calls
/// accumulate on one working copy that `apply` applies. A tap, reorder or drag is a comment
/// saying what the user did, then the calls UIKit makes to the handlers the app installed, as
/// closures (`dataSource.sectionSnapshotHandlers.shouldExpandItem?("Food")  // true`). A rule is
/// the closure it stands for, sections are `NSDiffableDataSourceSnapshot` calls, a query the
/// property or method it reads, and a command with no Apple counterpart (files, history) a
/// short comment.
///
/// ```swift
/// SwiftCode.lines(for: session.run("append Apple to Food"))
/// // var snapshot = dataSource.snapshot(for: "main")
/// // snapshot.append(["Apple"], to: "Food")
/// // dataSource.apply(snapshot, to: "main")
/// ```
public enum SwiftCode {
  /// The lines of Swift for the command of `outcome`.
  ///
  /// What its `effect` did, the session being in its `before` state and then in its `after`
  /// state; none for a line that did not parse.
  ///
  /// - Complexity: O(*k*) in the command's identifiers and handler calls; a rule command is
  ///   O(*r*) in the rules.
  public static func lines(for outcome: Outcome) -> [String] {
    guard let command = outcome.parsed, let before = outcome.before, let after = outcome.after
    else { return [] }
    if outcome.error?.code == .notVisible { return [failureLine(outcome)] }
    // outline refused the command before any call UIKit would make (a batch of the other
    // kind, hidden rows a flat apply would drop): there is no code to show, only the refusal.
    if outcome.error?.code == .refused, outcome.handlers.isEmpty {
      return [failureLine(outcome)]
    }
    var lines: [String]
    switch command {
    case .editing(let command): lines = editing(command, outcome, before, after)
    case .interactions(let command): lines = interaction(command, outcome, before, after)
    case .rules(let command): lines = rules(command, before, after)
    case .queries(let command): lines = query(command, before, flatName: "snapshot")
    case .sections(let command): lines = sections(command, outcome, before, after)
    case .transactions(let command): lines = transaction(command, outcome, before, after)
    case .flat(let command): lines = flat(command, outcome, before)
    case .files(let command): lines = file(command, outcome, before, after)
    }
    if outcome.error != nil { lines.append(failureLine(outcome)) }
    // The first section snapshot edit of a batch declares its snapshot.
    if let batch = before.batch, !batch.sectionEdited, batch.flat == nil,
      after.batch?.sectionEdited == true
    {
      lines.insert("var snapshot = " + batchSnapshot(before, empty: batch.startedEmpty), at: 0)
    }
    return lines
  }

  /// The comment a failed command's lines end with; a gesture on a hidden row has it alone.
  ///
  /// "outline refuses it" where the emitted test's `failureCheck` found that UIKit's calls
  /// would not fail (only outline checks), with what UIKit does instead when it says; "fails"
  /// where they throw, a handler refuses, or an expectation fails.
  ///
  /// - Complexity: that of `failureCheck`: O(*k*) in the command's calls and identifiers, and
  ///   a copy of the flat snapshot for a flat command.
  static func failureLine(_ outcome: Outcome) -> String {
    guard let error = outcome.error else { return "" }
    if error.code == .notVisible {
      return comment("no user can touch a hidden row, and nothing changes: \(error.message)")
    }
    if error.code != .expectationFailed, let command = outcome.parsed,
      let before = outcome.before
    {
      let check = failureCheck(
        command, effect: outcome.effect, error: error, handlers: outcome.handlers, before)
      if check.outlineRefuses {
        return comment(
          "outline refuses it, and nothing changes: \(error.message)"
            + (check.uikit.map { "; " + $0 } ?? ""))
      }
    }
    return comment("fails, and nothing changes: \(error.message)")
  }

  /// Writes `lines(for: outcome)` to `writer` as a JSON array of strings, a tap's, reorder's
  /// or drag's handler calls straight into their strings (`SwiftText`): a call listing a
  /// parent's children is escaped as it is written, with no line built first.
  ///
  /// - Complexity: that of `lines(for:)`.
  static func writeLines(for outcome: Outcome, to writer: inout JSONWriter) {
    if writeEditLines(for: outcome, to: &writer) { return }
    guard case .interactions(let command)? = outcome.parsed, let before = outcome.before,
      let after = outcome.after, outcome.error?.code != .notVisible
    else {
      writer.strings(lines(for: outcome))
      return
    }
    let parts = interactionParts(command, outcome, before, after)
    var tail = parts.tail
    if outcome.error != nil { tail.append(failureLine(outcome)) }
    var first = true
    writer.write("[")
    func separate(_ writer: inout JSONWriter) {
      if !first { writer.write(",") }
      first = false
    }
    for line in parts.head {
      separate(&writer)
      writer.string(line)
    }
    for call in parts.calls {
      separate(&writer)
      writer.write("\"")
      write(call, to: &writer)
      writer.write("\"")
    }
    for line in tail {
      separate(&writer)
      writer.string(line)
    }
    writer.write("]")
  }

  /// Writes the lines of a plain edit straight into the JSON, or says it is not one.
  ///
  /// A plain edit succeeded outside a batch and its calls take items alone (`takesItemsAlone`:
  /// no title comment, no operand prepared first): `snapshot(for:)`, the calls and
  /// `apply(_:to:)`, as `lines(for:)` has them. False, having written nothing, for any other
  /// outcome.
  ///
  /// - Complexity: O(*m*) in the calls' identifiers.
  static func writeEditLines(for outcome: Outcome, to writer: inout JSONWriter) -> Bool {
    guard case .editing(let command)? = outcome.parsed, let before = outcome.before,
      outcome.after != nil, outcome.error == nil, before.batch == nil,
      case .edit(let calls) = outcome.effect, calls.allSatisfy(takesItemsAlone)
    else { return false }
    switch command {
    case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .cut, .paste:
      break
    default:
      return false
    }
    // The lines `editing` gives such an edit, through the same writers.
    let section = before.editedSection
    writer.write("[\"")
    writeSnapshotDeclaration(of: section, to: &writer)
    for call in calls {
      writer.write("\",\"")
      writeItemsCall(call, receiver: "snapshot", to: &writer)
    }
    writer.write("\",\"")
    writeApply(to: section, to: &writer)
    writer.write("\"]")
    return true
  }

  // MARK: Parts

  /// A string literal.
  static func literal(_ text: String) -> String { SwiftLiteral.string(text) }

  /// An array literal of string literals.
  static func array(_ items: some Sequence<String>) -> String { SwiftLiteral.array(items) }

  /// `// TEXT`, on one line, with no control character.
  static func comment(_ text: String) -> String {
    // Text with no control character, no DEL and no lead byte of U+0080–U+00BF or of U+2028
    // and U+2029 holds no newline and nothing `Quoting.visible` escapes: one pass, no copy.
    if text.utf8.withContiguousStorageIfAvailable(isShownAsItIs) == true { return "// " + text }
    return "// " + Quoting.visible(text.replacingNewlines())
  }

  /// Whether `bytes` hold no byte below 0x20 but the tab, no DEL, and neither 0xC2 nor 0xE2:
  /// text that `replacingNewlines()` and `Quoting.visible(_:)` leave as it is.
  ///
  /// - Complexity: O(*m*) in its bytes.
  private static func isShownAsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes {
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
        return false
      }
    }
    return true
  }

  /// The section snapshot that queries and edits read: the batch's working copy, or the data
  /// source's section snapshot of the current section.
  ///
  /// Until the edit that declares the batch's `snapshot`, what the working copy still is: the
  /// data source's section snapshot after `begin` (also while a flat batch edits the flat
  /// snapshot), an empty section snapshot after `begin --empty`.
  static func source(_ state: SessionState) -> String {
    guard let batch = state.batch else {
      return "dataSource.snapshot(for: \(literal(state.section)))"
    }
    if !batch.sectionEdited, !batch.startedEmpty || batch.flat == nil {
      return batchSnapshot(state, empty: batch.startedEmpty)
    }
    return "snapshot"
  }

  /// The snapshot the session's view reads: `source(state)`, or with a focus the focus's
  /// `snapshot(of:)` (`dataSource.snapshot(for: "main").snapshot(of: "Fruit")`).
  static func view(_ state: SessionState) -> String {
    source(state) + (state.focus.map { ".snapshot(of: \(literal($0)))" } ?? "")
  }

  /// The Swift name of the snapshot kept as `@name`.
  static func kept(_ name: String) -> String { SwiftLiteral.identifier(name) }
}

extension String {
  /// The text with each line break shown as `⏎`, for a one-line comment.
  func replacingNewlines() -> String {
    // Every newline character holds one of these bytes (U+000A to U+000D, U+0085 as C2 85,
    // U+2028 and U+2029 as E2 80 A8 and A9): text with none of them has no newline.
    guard utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 })
    else { return self }
    guard contains(where: \.isNewline) else { return self }
    return String(map { $0.isNewline ? "⏎" : $0 })
  }
}
