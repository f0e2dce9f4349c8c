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
  /// - Complexity: O(*k* + *n*) for each section the command changed, where *k* is the number
  ///   of changes and *n* the section's items, and O(*v* log *v*) for its question, *v* being
  ///   the visible rows; O(*s*) otherwise, *s* being the number of sections.
  public mutating func record(
    _ outcome: Outcome, at location: SourceLocation, swift: [String] = []
  ) {
    if case .files(.say(let text))? = outcome.parsed, outcome.ok {
      pendingNarration.append(text)
      return
    }
    var expectsError = false
    if case .files(.expect(.error))? = outcome.parsed { expectsError = true }
    let before = outcome.before ?? last
    let after = outcome.after ?? last
    let change = Self.changes(from: before, to: after, outcome: outcome)
    var titles: [TitleChange] = []
    // O(1) when the command left the contents alone (the dictionaries share storage).
    if after.contents.items != before.contents.items {
      let old = before.contents.items
      let new = after.contents.items
      for item in Set(old.keys).union(new.keys) {
        let before = old[item]?.title
        let after = new[item]?.title
        if before != after { titles.append(TitleChange(item: item, before: before, after: after)) }
      }
      titles.sort { $0.item < $1.item }
    }
    last = after
    steps.append(
      Step(
        narration: pendingNarration, command: outcome.command, location: "\(location)",
        outcome: outcome, expectsError: expectsError, swift: swift, change: change,
        titles: titles, quiz: Self.question(for: outcome, change: change)))
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

  /// The number of steps recorded (narration waiting for a command is not one yet).
  public var stepCount: Int { steps.count }

  /// The steps from `first` on, as the JSON array the page's script reads (each step as the
  /// page's data holds it), safe inside a `<script>` element.
  ///
  /// - Complexity: O(*c*) in the size of those steps.
  public func stepsJSON(from first: Int) -> String {
    var writer = JSONWriter(scriptSafe: true)
    writer.array(steps[min(max(first, 0), steps.count)...]) { writer, step in
      HTMLDocument.write(step, to: &writer)
    }
    return writer.text
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
  static func signature(of contents: [String: ItemContent]) -> String {
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
    var outcome: Outcome?
    /// Whether the command was `expect error …`.
    var expectsError = false
    /// The Swift the command stands for (empty until a generator provides it).
    var swift: [String] = []
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
