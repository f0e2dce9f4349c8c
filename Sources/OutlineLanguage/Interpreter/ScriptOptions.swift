/// How `Session.runScript` runs a script.
public struct ScriptOptions {
  /// Go on after a failed command (`--keep-going`) instead of stopping at the first.
  public var keepGoing: Bool
  /// Asked before each command; true stops the script (Ctrl-C): the script ends `interrupted`.
  public var isInterrupted: () -> Bool
  /// Called with every command's outcome and where the command was written, as it completes;
  /// commands of `source`d files are reported with their own file and line.
  public var report: (Outcome, SourceLocation) -> Void
  /// Called when a failure stops the script with commands left on its line.
  ///
  /// With those commands' text, in order, and where the line was written
  /// (`TextRenderer.notRunLine` says so). Not called with `keepGoing`, which runs them.
  public var notRun: ([String], SourceLocation) -> Void = { _, _ in }

  /// Creates options.
  public init(
    keepGoing: Bool = false, isInterrupted: @escaping () -> Bool = { false },
    report: @escaping (Outcome, SourceLocation) -> Void
  ) {
    self.keepGoing = keepGoing
    self.isInterrupted = isInterrupted
    self.report = report
  }
}

/// How a script ended.
public enum ScriptEnd: Equatable, Hashable, Sendable {
  /// Every line ran (with `keepGoing`, some may have failed: `failures` counts them).
  case finished(failures: Int)
  /// A command failed and the script stopped there.
  case failed
  /// `quit` ran; `failures` counts the commands that failed before it.
  case quit(failures: Int)
  /// `isInterrupted` answered true.
  case interrupted

  /// Whether no command failed.
  public var succeeded: Bool {
    switch self {
    case .finished(let failures), .quit(let failures): return failures == 0
    case .failed, .interrupted: return false
    }
  }
}
