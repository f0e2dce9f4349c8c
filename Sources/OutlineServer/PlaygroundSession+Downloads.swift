import OutlineLanguage

extension PlaygroundSession {
  /// What the session downloads as.
  enum Download: String, CaseIterable {
    /// The commands typed, one a line: a script `outline` runs again.
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
      let lines = recorded.filter { $0.location.depth == 0 }.map(\.outcome.command)
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
}
