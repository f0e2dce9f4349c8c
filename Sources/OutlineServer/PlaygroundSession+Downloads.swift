import OutlineLanguage

extension PlaygroundSession {
  /// What the session downloads as.
  enum Download: String, CaseIterable {
    /// The commands typed, one a line: a script `outline` runs again to the same steps (a
    /// command that failed as `expect error`, a line that did not parse as a comment).
    case script
    /// The run as an XCTest in UIKit's API (`--emit-swift`).
    case swift
    /// The run as a static page (`--emit-html`).
    case html

    /// The file's name.
    var fileName: String {
      switch self {
      case .script: "playground.outline"
      case .swift: "PlaygroundTests.swift"
      case .html: "playground.html"
      }
    }

    /// The file's media type.
    var contentType: String {
      switch self {
      case .script: "text/plain; charset=utf-8"
      case .swift: "text/x-swift; charset=utf-8"
      case .html: "text/html; charset=utf-8"
      }
    }
  }

  /// The session's first `steps` steps as `kind`.
  ///
  /// The steps are what the page shows up to the step it is on. Nothing is run again: the
  /// printers read the outcomes recorded.
  ///
  /// - Complexity: O(*c*) in the size of the outcomes recorded.
  func download(_ kind: Download, steps: Int) -> String {
    let steps = min(max(steps, 0), stepCount)
    let recorded = outcomes(ofSteps: steps)
    switch kind {
    case .script:
      let lines = recorded.filter { $0.location.depth == 0 }.map { Self.scriptLine($0.outcome) }
      return "# A session of outline's playground (outline serve).\n"
        + lines.map { $0 + "\n" }.joined()
    case .swift:
      var emitter = SwiftTestEmitter(scriptName: Download.script.fileName)
      for entry in recorded { emitter.record(entry.outcome) }
      return emitter.file(final: checkpoints[steps].state)
    case .html:
      var copy = page
      copy.rewind(toSteps: steps, state: checkpoints[steps].state)
      if steps == stepCount { copy = page }
      return copy.html
    }
  }

  /// The line of the script download that replays `outcome`'s step.
  ///
  /// It is the command; for one that failed, `expect error COMMAND`, which fails and changes
  /// nothing the same way, so that the script goes on (and stays one step); for one that did
  /// not parse, a comment, as it made no step. A failure `expect error` cannot check (a `save`, an `export` to a file, a
  /// command nested as deep as `expect error` goes) is a comment too.
  ///
  /// - Complexity: O(*m*) in the command's length.
  static func scriptLine(_ outcome: Outcome) -> String {
    guard let command = outcome.parsed else { return "# did not parse: " + outcome.command }
    guard outcome.error != nil else { return outcome.command }
    let checked = "expect error " + outcome.command
    let checkable: Bool
    switch command {
    case .files(.save): checkable = false
    case .files(.export(let path, _, _, _)): checkable = path == "-"
    default:
      let parsed = CommandParser.parse(line: checked)
      if parsed.count == 1, case .success = parsed[0].result {
        checkable = true
      } else {
        checkable = false
      }
    }
    return checkable ? checked : "# failed: " + outcome.command
  }
}
