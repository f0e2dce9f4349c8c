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
/// var page = HTMLPage(title: "demo", session: session)
/// page.record(session.run("append Food Drinks"), at: SourceLocation(file: "demo", line: 1))
/// page.html  // "<!DOCTYPE html>…"
/// ```
///
/// A `say` is narration for the step after it; narration at the very end is a step of its own.
public struct HTMLPage {
  /// The page's title: the script names.
  public var title: String
  /// The recorded steps.
  var steps: [Step] = []
  /// Narration waiting for the next command.
  var pendingNarration: [String] = []
  /// The outline when the recording started: section order and each section's rows.
  let initial: [(section: String, rows: [SectionSnapshot<String>.Row])]
  /// The section snapshots as of the last step, to compare the next state against.
  var tracked: Tracker
  /// Reads the session's state after each outcome.
  let session: Session

  /// Starts a page over `session`, whose current state is the page's starting outline.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items in the data source.
  public init(title: String, session: Session) {
    self.title = title
    self.session = session
    let tracker = Tracker(session: session)
    self.tracked = tracker
    self.initial = tracker.order.map { section in
      (section, tracker.snapshots[section]?.rows ?? [])
    }
  }

  /// Adds one command's outcome (a `say` becomes narration for the next step), with the Swift
  /// lines it stands for when there are any.
  ///
  /// - Complexity: O(*k* + *n*) for each section the command changed, where *k* is the number
  ///   of changes and *n* the section's items; O(*s*) otherwise, *s* being the number of sections.
  public mutating func record(
    _ outcome: Outcome, at location: SourceLocation, swift: [String] = []
  ) {
    let command = try? CommandParser.parse(command: outcome.command)
    if case .files(.say(let text))? = command, outcome.ok {
      pendingNarration.append(text)
      return
    }
    var expectsError = false
    if case .files(.expect(.error))? = command { expectsError = true }
    let change = tracked.advance(to: session, outcome: outcome)
    steps.append(
      Step(
        narration: pendingNarration, command: outcome.command, location: "\(location)",
        outcome: outcome, expectsError: expectsError, swift: swift, change: change))
    pendingNarration = []
  }

  /// The page: narration left at the end becomes a last step of its own.
  ///
  /// - Complexity: O(*c*), where *c* is the size of everything recorded.
  public var html: String {
    var steps = self.steps
    if !pendingNarration.isEmpty {
      steps.append(Step(narration: pendingNarration))
    }
    return HTMLDocument(
      title: title, initial: initial, steps: steps, final: tracked.counts,
      finalSignature: tracked.signature
    ).text
  }
}

extension HTMLPage {
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
  }
}
