import OutlineLanguage

/// What the command line asked for (SPEC §2, Invocation), parsed by the executable.
public struct ShellOptions: Equatable, Sendable {
  /// The `-c` texts and script files, in the order the command line gives them: they run in
  /// that order (as `psql` runs `-c` and `-f`).
  public var scripts: [Script] = []
  /// `--open FILE`, in order: each loaded as `load FILE` loads it, the first into the current
  /// section and each other into a new section named after it, before anything else runs.
  public var openFiles: [String] = []
  /// `-i FILE`: runs after the scripts, then the session goes on interactively.
  public var interactiveFile: String?
  /// `--json`: one JSON object per command.
  public var json = false
  /// `--json-snapshots`: each section entry of a transaction's JSON also carries the whole
  /// `initial` and `final` section snapshots (only with `json`).
  public var jsonSnapshots = false
  /// `--swift`: after each command's output, the Swift it stands for (`SwiftCode`).
  public var swift = false
  /// `--emit-swift`: instead of the usual output, one Swift test file equivalent to the run
  /// (`SwiftTestEmitter`), written when the run ends.
  public var emitSwift = false
  /// `--emit-html`: instead of the usual output, one HTML page that walks through the run.
  public var emitHTML = false
  /// `--quiz` (with `--emit-html`): the page opens in quiz mode, each step's result hidden
  /// until the reader answers its question.
  public var quiz = false
  /// `--keep-going`: scripts go on after a failed command.
  public var keepGoing = false
  /// `--echo`: each command is printed before its output.
  public var echo = false
  /// Whether to color the output (off for `--no-color`, `NO_COLOR` or a non-terminal stdout).
  public var color = false
  /// Whether to color error lines (off for `--no-color`, `NO_COLOR` or a non-terminal stderr).
  public var errorColor = false
  /// `--no-banner` (and `-q`, `--output quiet`): no banner in an interactive session.
  public var noBanner = false
  /// `--output MODE`: how much the text output says about each command, until `set output`.
  public var output = OutputMode.full
  /// The history file, nil for none.
  public var historyPath: String?

  /// Creates options with every default.
  public init() {}

  /// The `-c` texts, in order.
  public var commands: [String] {
    scripts.compactMap { if case .commands(let text) = $0 { text } else { nil } }
  }

  /// The script files, in order.
  public var files: [String] {
    scripts.compactMap { if case .file(let path) = $0 { path } else { nil } }
  }

  /// Whether the interactive session opens with the banner.
  var showsBanner: Bool { !noBanner && output != .quiet }

  /// Whether the session reads lines after the scripts: with `-i`, or when nothing else was
  /// given to run.
  public var continuesWithInput: Bool {
    interactiveFile != nil || (commands.isEmpty && files.isEmpty)
  }

  /// The default history file: `$XDG_STATE_HOME/outline/history`, else
  /// `$HOME/.local/state/outline/history`; nil without either variable.
  public static func defaultHistoryPath(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
      return state + "/outline/history"
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home + "/.local/state/outline/history"
    }
    return nil
  }

  /// The output mode `OUTLINE_OUTPUT` names (`full`, `brief` or `quiet`), for a command line
  /// that gives none (`--output` and `-q` win); nil when it is unset or empty.
  ///
  /// - Throws: `UsageError` for any other value, naming the modes.
  public static func outputMode(environment: [String: String]) throws(UsageError) -> OutputMode? {
    guard let value = environment["OUTLINE_OUTPUT"], !value.isEmpty else { return nil }
    guard let mode = OutputMode(rawValue: value) else {
      throw UsageError(
        "OUTLINE_OUTPUT is \(Quoting.quote(value)): it names an output mode, one of "
          + OutputMode.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return mode
  }

  /// Whether `NO_COLOR` asks for no color: set to anything but the empty string.
  public static func noColor(environment: [String: String]) -> Bool {
    environment["NO_COLOR"].map { !$0.isEmpty } ?? false
  }
}

extension ShellOptions {
  /// One script the command line names: a `-c` text or a script file.
  public enum Script: Equatable, Sendable {
    /// `-c TEXT`: commands, `;` separating them.
    case commands(String)
    /// A script file's path.
    case file(String)
  }
}

/// A command line or environment the program cannot run with: exit status 2.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, a sentence without a final period.
  public var message: String

  /// Creates the error.
  public init(_ message: String) { self.message = message }
}

/// The exit statuses of SPEC §2.
public enum ExitStatus: Int32, Sendable {
  /// Every command succeeded.
  case success = 0
  /// A command or an `expect` failed.
  case failure = 1
  /// A usage error: an unknown flag, an unreadable file.
  case usage = 2
  /// A script was interrupted by Ctrl-C.
  case interrupted = 130
}
