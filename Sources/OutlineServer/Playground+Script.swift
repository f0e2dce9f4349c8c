import Foundation
import OutlineLanguage

extension Playground {
  /// What a run of SCRIPT reports on standard error, as `outline SCRIPT` prints it: its warnings
  /// and the error that stopped it, with the file and line (`intro.outline:3: error: …`), or
  /// that it makes more steps or items than a session holds; nothing for a script that runs
  /// whole, or none.
  ///
  /// `outline serve` runs the script once when it starts, in a session of its own that no
  /// tab sees, so that a mistake in it shows where the server was started, not only in each
  /// page. The server still starts: every tab runs the script again from the start, and its
  /// page shows the failing step and the steps before it.
  ///
  /// - Complexity: the script's own cost.
  public func scriptProblems() -> [String] {
    guard let script = configuration.script else { return [] }
    let session = PlaygroundSession(fileSystem: fileSystem, now: table.withLock { now() })
    let run = runScript(script, in: session)
    if run.overLimit { return ["error: " + scriptOverLimitMessage(script.name)] }
    return run.output.filter { $0.kind != .output }.map(\.text)
  }

  /// Runs `script` in a new `session`, as its first steps, within the session's limits.
  ///
  /// - Complexity: the script's own cost.
  func runScript(
    _ script: (name: String, text: String), in session: PlaygroundSession
  ) -> PlaygroundSession.Answer {
    session.run(
      script.text, at: 0, file: script.name, isTyped: false,
      stepLimit: configuration.limits.steps, itemLimit: configuration.limits.items)
  }

  /// Why a script named `name` that makes more steps or items than a session holds is refused.
  func scriptOverLimitMessage(_ name: String) -> String {
    "\(name) makes more than \(configuration.limits.steps) steps or "
      + "\(configuration.limits.items) items, the most a session holds: start 'outline serve' "
      + "with a shorter script (or see the whole run as a static page with "
      + "'outline --emit-html \(name)')."
  }
}
