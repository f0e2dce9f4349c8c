import Foundation
import OutlineLanguage

/// One browser tab's session in the playground: a real `Session`, the page's steps it has
/// recorded, and the session as it was after each step, to step back to.
///
/// Step *k* (from 1) is the *k*th command run (a line that did not parse is none); `checkpoints[k]` is the session after it and
/// `checkpoints[0]` before the first. A command typed while the page shows step *k* rewinds
/// the session to `checkpoints[k]`, drops the later steps and runs from there.
///
/// A request to the tab holds `lock` while it reads or runs the session; `lastUsed` belongs to
/// the playground's table and is guarded by its lock.
final class PlaygroundSession {
  /// Serialises the requests to this tab.
  let lock = NSLock()
  /// The interpreter.
  let session: Session
  /// The steps, as the page's data holds them.
  private(set) var page: HTMLPage
  /// The session after each step, and before the first.
  private(set) var checkpoints: [Session.Checkpoint]
  /// Every outcome reported, `say`s included, with where it was written: for the downloads.
  ///
  /// A command's outcome is its page step's, not a copy.
  private var reported: [(kept: KeptOutcome, location: SourceLocation)] = []
  /// How many of `reported` each step count keeps: `kept[k]` for the first *k* steps.
  private var kept: [Int] = [0]
  /// When the session last answered a request, in the playground's clock's seconds.
  var lastUsed: Double
  /// The lines typed so far, for numbering them in messages (`playground:3: error: …`).
  private var lineNumber = 0

  /// A session reading and writing files in `fileSystem`, recording from its empty outline.
  init(fileSystem: any FileSystem, now: Double) {
    session = Session(fileSystem: fileSystem)
    session.editor = PlaygroundEditor()
    page = HTMLPage(title: "outline playground", state: session.state)
    checkpoints = [session.checkpoint]
    lastUsed = now
  }

  /// Where an outcome reported is kept: the page's step it became, or its own for one that
  /// became no step.
  enum KeptOutcome {
    /// The outcome of the page's step at this index (from 0).
    case step(Int)
    /// An outcome that became no step, kept here: narration for the next step (`say`), or a
    /// command that did not parse (it ran nothing; its error is in the text output). Boxed,
    /// so that the common case, a step's index, is kept with no allocation.
    indirect case aside(Outcome)
  }

  /// Every outcome the first `steps` steps reported, with where it was written; for all the
  /// steps, the outcomes reported after the last one too (narration, a line that did not
  /// parse).
  ///
  /// - Complexity: O(*r*) in the outcomes reported.
  func outcomes(ofSteps steps: Int) -> [(outcome: Outcome, location: SourceLocation)] {
    reported[..<(steps == stepCount ? reported.count : kept[steps])].map { entry in
      switch entry.kept {
      case .step(let index): (page.outcome(ofStep: index)!, entry.location)
      case .aside(let outcome): (outcome, entry.location)
      }
    }
  }

  /// The number of steps recorded.
  var stepCount: Int { page.stepCount }

  /// What an output line is, as the page's log styles it; its raw value is the line's number
  /// for it in the answer's JSON.
  enum OutputKind: Int {
    /// What the REPL prints on standard output.
    case output = 0
    /// An error, on standard error.
    case error = 1
    /// A warning, on standard error in the REPL: the page shows it as a warning.
    case warning = 2
  }

  /// What a line did: the steps it added, its text output and whether it ended the session.
  struct Answer {
    /// The steps before the first new one.
    var from: Int
    /// Each output line, with its kind and the step (from 0) whose command printed it: nil for
    /// a line that became no step (a command that did not parse, the note of the commands a
    /// failure left unrun), which the page's quiz never holds back.
    var output: [(text: String, kind: OutputKind, step: Int?)] = []
    /// Whether `quit` ran.
    var ended = false
    /// Whether the line was stopped at the step or item limit and its steps undone.
    var overLimit = false
  }

  /// Runs `line` after the first `at` steps (dropping the later ones), as `file` line
  /// `lineNumber`, recording each command as a step.
  ///
  /// An error of a line typed (`isTyped`) names no place, as at the shell's prompt; one of a
  /// script file, or of a file it `source`s, names its file and line.
  ///
  /// A command that would make step `stepLimit` + 1 (a `source`d file's included), or that
  /// follows one that left more than `itemLimit` items, is not run: the line stops there, every
  /// step it made is undone, and the answer is `overLimit` with no output but the error; so
  /// is a line whose last command left more than `itemLimit` items.
  ///
  /// - Complexity: O(*d*) to drop *d* later steps, then the line's commands' own costs, at
  ///   most `stepLimit` − `at` of them, and O(*s*) before each in the sections.
  func run(
    _ line: String, at: Int, file: String = "playground", isTyped: Bool = true,
    stepLimit: Int = .max, itemLimit: Int = .max
  ) -> Answer {
    rewind(toSteps: at)
    lineNumber += 1
    var answer = Answer(from: at)
    let renderer = TextRenderer(color: false)
    var overItems = false
    var options = ScriptOptions(isInterrupted: { [self] in
      overItems = overItems || itemCount > itemLimit
      return overItems || page.stepCount >= stepLimit
    }) { [self] outcome, location in
      // Described once, for the step and the text output both; the step's Swift is worked
      // out when the step is written.
      let calls = outcome.handlers.map(\.description)
      let steps = page.stepCount
      // A command that did not parse ran nothing: no step, so that the script download
      // (which writes it as a comment) replays to the same steps.
      if outcome.parsed != nil {
        page.record(outcome, at: location, swift: nil, handlerLines: calls)
      }
      let step = page.stepCount > steps ? steps : nil
      reported.append((step.map { .step($0) } ?? .aside(outcome), location))
      if page.stepCount == checkpoints.count {
        checkpoints.append(session.checkpoint)
        kept.append(reported.count)
      }
      for text in renderer.lines(for: outcome, mode: session.outputMode, handlerLines: calls) {
        answer.output.append((text, .output, step))
      }
      for text in renderer.warningLines(for: outcome) {
        answer.output.append((text, .warning, step))
      }
      if let error = outcome.error {
        let place = isTyped && location.depth == 0 ? nil : location
        answer.output.append((renderer.errorLine(error, at: place), .error, step))
      }
    }
    options.notRun = { commands, location in
      let place = isTyped && location.depth == 0 ? nil : location
      answer.output.append((renderer.notRunLine(commands, at: place), .error, nil))
    }
    let end = session.runScript(line, file: file, firstLine: lineNumber, options: options)
    if case .quit = end { answer.ended = true }
    overItems = overItems || itemCount > itemLimit
    if overItems || end == .interrupted {
      rewind(toSteps: at)
      let message =
        overItems ? Self.overItemLimitMessage(itemLimit) : Self.overLimitMessage(stepLimit)
      answer.output = [("error: " + message, .error, nil)]
      answer.overLimit = true
      answer.ended = false
    }
    return answer
  }

  /// The items of the session's sections, and of a batch's working copy.
  ///
  /// - Complexity: O(*s*) in the sections.
  private var itemCount: Int {
    // Read from the data source, no `SessionState` made: this runs before every command.
    let dataSource = session.dataSource
    return dataSource.snapshot().sectionIdentifiers.reduce(session.batch?.working.count ?? 0) {
      $0 + dataSource.snapshot(for: $1).count
    }
  }

  /// The error of a line that would take a session past `limit` steps.
  static func overLimitMessage(_ limit: Int) -> String {
    "a session holds at most \(limit) steps, and this line would make more: nothing "
      + "of it was kept. Step back and continue from an earlier step, or download the session "
      + "and reload the page for a new one."
  }

  /// The error of a line that would leave a session with more than `limit` items.
  static func overItemLimitMessage(_ limit: Int) -> String {
    "a session holds at most \(limit) items, and this line would leave more: nothing of it "
      + "was kept. Step back and continue from an earlier step, or download the session and "
      + "reload the page for a new one."
  }

  /// Drops the steps after the first `count`, putting the session back as it was then.
  ///
  /// - Complexity: O(*d*) in the steps dropped.
  func rewind(toSteps count: Int) {
    let count = min(max(count, 0), stepCount)
    guard count < stepCount else { return }
    session.rewind(to: checkpoints[count])
    page.rewind(toSteps: count, state: checkpoints[count].state)
    checkpoints.removeLast(checkpoints.count - count - 1)
    reported.removeLast(reported.count - kept[count])
    kept.removeLast(kept.count - count - 1)
  }
}
