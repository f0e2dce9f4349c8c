import Diffable

/// A run of commands as one self-contained HTML page that walks through it step by step
/// (`--emit-html`).
///
/// The page embeds the outline as it was when the recording started once, then each step's
/// change: the rows each section lost and gained (with their levels and expansion, so that the
/// page can go back as well as forward), the rows whose level or expansion changed, and the
/// section order when it changed. Its script rebuilds the trees as the reader steps, so the page
/// grows with the changes, never with the outline times the steps.
///
/// ```swift
/// let session = Session()
/// var page = HTMLPage(title: "demo", state: session.state)
/// page.record(session.run("append Food Drinks"), at: SourceLocation(file: "demo", line: 1))
/// page.html  // "<!DOCTYPE html>…"
/// ```
///
/// A `say` is narration for the step after it; narration at the very end is a step of its own.
/// Each step's change is read from its outcome's states before and after.
public struct HTMLPage {
  /// The page's title: the script names.
  public var title: String
  /// Whether the page opens in quiz mode (`--quiz`).
  ///
  /// In quiz mode each step with a question hides its result until the reader answers. Every
  /// page has the switch; this is where it starts.
  public var quiz = false
  /// The recorded steps.
  var steps: [Step] = []
  /// Narration waiting for the next command.
  var pendingNarration: [String] = []
  /// The outline when the recording started: section order and each section's rows.
  let initial: [(section: String, rows: [SectionSnapshot<String>.Row])]
  /// The items' titles that differ from their identifiers when the recording started.
  let initialTitles: [String: String]
  /// The session's state after the last recorded step (when the recording started, before
  /// the first): the state the page ends in.
  var last: SessionState

  /// Starts a page whose starting outline is `state`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items in the data source.
  public init(title: String, state: SessionState) {
    self.title = title
    self.last = state
    self.initial = state.sections.map { ($0.name, $0.outline.rows) }
    self.initialTitles = state.titles
  }

  /// Adds one command's outcome (a `say` becomes narration for the next step), with the Swift
  /// lines it stands for when there are any.
  ///
  /// The step keeps the outcome, whose states before and after share their storage with the
  /// session's; what it changed and the question it asks are worked out from them when the
  /// page is written (`Step.changes`).
  ///
  /// - Complexity: O(*h*) in the handler calls' descriptions.
  public mutating func record(
    _ outcome: Outcome, at location: SourceLocation, swift: [String] = []
  ) {
    record(outcome, at: location, swift: swift, handlerLines: nil)
  }

  /// `record(_:at:swift:)` with each handler call's `description` given in `handlerLines`
  /// (one per call of `outcome.handlers`), for a caller that prints them too, nil to describe
  /// them here; and `swift` nil for `SwiftCode.lines(for:)` of the outcome, worked out when the
  /// step is written rather than kept.
  ///
  /// - Complexity: O(*h*) in the handler calls' descriptions.
  package mutating func record(
    _ outcome: Outcome, at location: SourceLocation, swift: [String]?, handlerLines: [String]?
  ) {
    if case .files(.say(let text))? = outcome.parsed, outcome.ok {
      pendingNarration.append(text)
      return
    }
    var expectsError = false
    if case .files(.expect(.error))? = outcome.parsed { expectsError = true }
    if let after = outcome.after { last = after }
    steps.append(
      Step(
        narration: pendingNarration, command: outcome.command, location: "\(location)",
        outcome: outcome, expectsError: expectsError,
        handlerLines: handlerLines ?? outcome.handlers.map(\.description), recordedSwift: swift))
    pendingNarration = []
  }

  /// The page: narration left at the end becomes a last step of its own.
  ///
  /// - Complexity: O(*c*), where *c* is the size of everything recorded.
  public var html: String { html(appendix: "") }

  /// The page with `appendix`, trusted HTML, after its script: what a front end adds to the
  /// page (the playground's command line).
  ///
  /// - Complexity: O(*c* + *a*), where *c* is the size of everything recorded and *a* that of
  ///   the appendix.
  public func html(appendix: String) -> String {
    var steps = self.steps
    if !pendingNarration.isEmpty {
      steps.append(Step(narration: pendingNarration))
    }
    return HTMLDocument(
      title: title, quiz: quiz, initial: initial, initialTitles: initialTitles, steps: steps,
      final: Self.counts(of: last),
      finalSignature: Self.rowSignature(of: last) + "/" + Self.signature(of: last.contents.items),
      appendix: appendix
    ).text
  }

  /// The outcome of step `index` (from 0), nil for narration alone.
  ///
  /// - Complexity: O(1).
  package func outcome(ofStep index: Int) -> Outcome? { steps[index].outcome }

  /// The number of steps recorded (narration waiting for a command is not one yet).
  public var stepCount: Int { steps.count }

  /// The steps from `first` on, as the JSON array the page's script reads (each step as the
  /// page's data holds it), safe inside a `<script>` element.
  ///
  /// - Complexity: O(*c*) in the size of those steps.
  public func stepsJSON(from first: Int) -> String {
    String(decoding: stepsJSONBytes(from: first), as: UTF8.self)
  }

  /// `stepsJSON(from:)` as UTF-8 bytes, for a caller that sends them on as bytes.
  ///
  /// - Complexity: O(*c*) in the size of those steps.
  package func stepsJSONBytes(from first: Int) -> [UInt8] {
    var writer = JSONWriter(scriptSafe: true)
    writeSteps(from: first, to: &writer)
    return writer.bytes
  }

  /// Writes `stepsJSON(from:)` to `writer` (a script-safe one), for a caller that sends it
  /// inside JSON of its own.
  ///
  /// Without `questions` each command's step is written without its question (`q`) and marked
  /// `"nq":1`, its question not worked out: a page not in quiz mode asks for the questions
  /// when it turns quiz mode on (`writeQuestions(from:to:)`).
  ///
  /// - Complexity: O(*c*) in the size of those steps.
  package func writeSteps(from first: Int, questions: Bool = true, to writer: inout JSONWriter) {
    writeEach(from: first, to: &writer) { step, writer in
      HTMLDocument.write(step, questions: questions, to: &writer)
    }
  }

  /// Writes the questions of the steps from `first` on, as a JSON array holding each step's
  /// question as `stepsJSON(from:)` writes it (`q`), or null for a step that asks nothing.
  ///
  /// - Complexity: that of each step's question (`HTMLPage.question(for:change:)`) and of
  ///   the rows it changed (`HTMLPage.changes(from:to:outcome:)`).
  package func writeQuestions(from first: Int, to writer: inout JSONWriter) {
    writeEach(from: first, to: &writer) { step, writer in
      if let quiz = step.quiz { HTMLDocument.write(quiz, to: &writer) } else { writer.null() }
    }
  }

  /// Writes a JSON array of what `body` writes for each step from `first` on.
  ///
  /// - Complexity: O(*k*) in those steps, and `body`'s own cost.
  private func writeEach(
    from first: Int, to writer: inout JSONWriter, _ body: (Step, inout JSONWriter) -> Void
  ) {
    // By index: each step is handed on where the array holds it, not copied.
    writer.write("[")
    let start = min(max(first, 0), steps.count)
    for index in start..<steps.count {
      if index > start { writer.write(",") }
      body(steps[index], &writer)
    }
    writer.write("]")
  }

  /// Forgets the steps after the first `count` and any narration waiting, the session's state
  /// then being `state`: a front end that steps back and goes on from there.
  ///
  /// - Complexity: O(*k*) in the steps forgotten.
  public mutating func rewind(toSteps count: Int, state: SessionState) {
    steps.removeLast(steps.count - min(max(count, 0), steps.count))
    pendingNarration = []
    last = state
  }
}

extension HTMLPage {
  /// The titles' part of the page's `signature()`: the sum, modulo 2³², of the 32-bit FNV-1a
  /// hash of each item's UTF-16, a NUL and its title's, for every title that is not the
  /// identifier.
  ///
  /// - Complexity: O(*t*) in the contents.
  static func signature(of contents: ItemContents) -> String {
    var sum: UInt32 = 0
    for (item, content) in contents {
      guard let title = content.title else { continue }
      var hash: UInt32 = 2_166_136_261
      for unit in (item + "\u{0}" + title).utf16 {
        hash ^= UInt32(unit)
        hash = hash &* 16_777_619
      }
      sum = sum &+ hash
    }
    return String(sum)
  }

  /// One step of the page: a command with its narration and what it did, or narration alone.
  struct Step {
    /// The `say` texts before the command.
    var narration: [String]
    /// The command's text; nil for narration alone.
    var command: String?
    /// Where the command was written: `FILE:LINE`.
    var location = ""
    /// What the command did.
    var outcome: Outcome? { box?.outcome }
    /// The outcome, in storage of its own: an outcome is large, and a step an element of an
    /// array that grows.
    let box: OutcomeBox?
    /// Whether the command was `expect error …`.
    var expectsError = false
    /// Each of the outcome's handler calls, described (`HandlerCall.description`).
    var handlerLines: [String] = []
    /// The Swift the command stands for as recorded (empty until a generator provides it);
    /// nil for `SwiftCode.lines(for:)` of the outcome, worked out when asked (`swift`).
    var recordedSwift: [String]? = []

    /// The Swift the command stands for.
    ///
    /// - Complexity: O(1) when recorded; else that of `SwiftCode.lines(for:)`.
    var swift: [String] {
      if let recordedSwift { return recordedSwift }
      guard let outcome, outcome.parsed != nil else { return [] }
      return SwiftCode.lines(for: outcome)
    }

    /// Writes `swift` to `writer` as a JSON array of strings, worked out as it is written
    /// (`SwiftCode.writeLines(for:to:)`) when not recorded; `outcome` is the step's, which the
    /// caller reads in its box (each read of `outcome` copies it out).
    ///
    /// - Complexity: that of `swift`.
    func writeSwift(of outcome: Outcome, to writer: inout JSONWriter) {
      if let recordedSwift {
        writer.strings(recordedSwift)
      } else if outcome.parsed != nil {
        SwiftCode.writeLines(for: outcome, to: &writer)
      } else {
        writer.strings([])
      }
    }

    /// What the step changed and the question it asks, read from its outcome's states before
    /// and after (nothing, for an outcome without states or narration alone).
    ///
    /// - Complexity: that of `HTMLPage.changes(from:to:outcome:)` and of the question
    ///   (`HTMLPage.question(for:change:)`), and O(*t* log *t*) when the contents changed, *t*
    ///   being their items.
    var changes: StepChanges {
      guard let outcome else { return StepChanges() }
      return changes(of: outcome)
    }

    /// `changes` given the step's `outcome`, which the caller has already read.
    ///
    /// Without `asking`, the question is not worked out (`quiz` is nil): a page that is not in
    /// quiz mode asks for it later, if ever (`writeQuestions(from:to:)`).
    ///
    /// - Complexity: that of `changes`, without the question's when not `asking`.
    func changes(of outcome: Outcome, asking: Bool = true) -> StepChanges {
      guard let before = outcome.before, let after = outcome.after else {
        // A step without states changed nothing (`before` and `after` are both nil or both set).
        return StepChanges(
          quiz: asking ? HTMLPage.question(for: outcome, change: SectionChanges()) : nil)
      }
      let change = HTMLPage.changes(from: before, to: after, outcome: outcome)
      var titles: [TitleChange] = []
      // O(1) when the command left the contents alone (they share storage), O(k log k) in
      // the changes kept apart when it changed some (`ItemContents`).
      if after.contents.items != before.contents.items {
        let old = before.contents.items
        let new = after.contents.items
        for item in new.itemsChanged(from: old) {
          let before = old[item]?.title
          let after = new[item]?.title
          if before != after {
            titles.append(TitleChange(item: item, before: before, after: after))
          }
        }
        titles.sort { $0.item < $1.item }
      }
      return StepChanges(
        change: change, titles: titles,
        quiz: asking ? HTMLPage.question(for: outcome, change: change) : nil)
    }

    /// The question the step asks in quiz mode, nil when it has nothing to ask: from the rows
    /// it changed, with no title change worked out.
    ///
    /// - Complexity: that of `HTMLPage.changes(from:to:outcome:)` and of the question.
    var quiz: Quiz? {
      guard let outcome else { return nil }
      guard let before = outcome.before, let after = outcome.after else {
        return HTMLPage.question(for: outcome, change: SectionChanges())
      }
      return HTMLPage.question(
        for: outcome, change: HTMLPage.changes(from: before, to: after, outcome: outcome))
    }

    /// A step with its narration, and the command with what it did (nil for narration alone).
    init(
      narration: [String], command: String? = nil, location: String = "", outcome: Outcome? = nil,
      expectsError: Bool = false, handlerLines: [String] = [], recordedSwift: [String]? = []
    ) {
      self.narration = narration
      self.command = command
      self.location = location
      self.box = outcome.map(OutcomeBox.init)
      self.expectsError = expectsError
      self.handlerLines = handlerLines
      self.recordedSwift = recordedSwift
    }
  }

  /// An outcome kept by reference.
  final class OutcomeBox {
    let outcome: Outcome
    init(_ outcome: Outcome) { self.outcome = outcome }
  }

  /// What a step changed and asks: worked out from its outcome when the step is written, and
  /// kept by no step, so that a page holds its outcomes and nothing it can work out again.
  struct StepChanges {
    /// The rows the step changed, section by section.
    var change = SectionChanges()
    /// The titles the step changed (`retitle`, `rename`, `undo`, …), by item.
    var titles: [TitleChange] = []
    /// The question the step asks in quiz mode, nil when it has nothing to ask.
    var quiz: Quiz?
  }

  /// A title that a step changed: nil is the identifier itself.
  struct TitleChange {
    /// The item.
    var item: String
    /// Its title before and after the step.
    var before: String?
    var after: String?
  }
}
