import ArgumentParser
import OutlineLanguage

/// The command line of SPEC §2, Invocation.
struct OutlineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outline",
    abstract: "Edit a section snapshot by command: Apple's diffable data source model.",
    discussion: """
      With no FILE and no -c, reads commands from standard input: interactively (readline) on \
      a terminal, as a script otherwise. -c runs first, then each FILE, then -i's FILE, then \
      the session. Type "help" in a session for the commands; see outline(1).
      """,
    version: "outline \(OutlineLanguage.version)")

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp("Run these commands (';' separates them).", valueName: "commands"))
  var commands: [String] = []

  @Option(
    name: .customShort("i"),
    help: ArgumentHelp("Run FILE, then continue interactively.", valueName: "file"))
  var interactiveFile: String?

  @Option(
    name: .customLong("diff"), parsing: .upToNextOption,
    help: ArgumentHelp(
      "Print the transaction that turns A's outline into B's; exit 0 when they are the same, "
        + "1 when they differ, 2 on an error, as diff(1).", valueName: "A B"))
  var diff: [String] = []

  @Flag(help: "Print one JSON object per command (JSON Lines).")
  var json = false

  @Flag(
    help: """
      As --json, each transaction's section entries also carrying the whole initial and final \
      section snapshots.
      """)
  var jsonSnapshots = false

  @Flag(help: "After each command's output, the Swift it stands for, in UIKit's API.")
  var swift = false

  @Flag(help: "Instead of the usual output, write a Swift test file equivalent to the run.")
  var emitSwift = false

  @Flag(
    help: """
      Instead of the usual output, write one self-contained HTML page that walks through the \
      run step by step (outline --emit-html FILE > page.html).
      """)
  var emitHTML = false

  @Flag(help: "In scripts, go on after a failed command.")
  var keepGoing = false

  @Flag(help: "Print each command before its output.")
  var echo = false

  @Flag(help: "Plain text (also when NO_COLOR is set or stdout is not a terminal).")
  var noColor = false

  @Flag(name: [.short, .long], help: "No banner.")
  var quiet = false

  @Option(help: ArgumentHelp("History file (/dev/null: none).", valueName: "file"))
  var history: String?

  @Argument(help: ArgumentHelp("Script files to run in order.", valueName: "file"))
  var files: [String] = []

  /// Refuses two flags that each decide what standard output is.
  ///
  /// --json and --json-snapshots print JSON Lines, --emit-swift and --emit-html replace the
  /// output with one file, and --swift adds to the usual output that the two --emit flags
  /// replace. Together they would print two things in one stream (a test file followed by a
  /// page, say), neither usable.
  func validate() throws {
    let outputs = [
      ("--json", json), ("--json-snapshots", jsonSnapshots), ("--emit-swift", emitSwift),
      ("--emit-html", emitHTML),
    ].filter(\.1).map(\.0)
    if outputs.count > 1 {
      throw ValidationError(
        "\(outputs.joined(separator: " and ")) each decide the output: choose one")
    }
    if !diff.isEmpty {
      guard diff.count == 2 else {
        throw ValidationError("--diff takes two files, A and B (given \(diff.count))")
      }
      guard commands.isEmpty, files.isEmpty, interactiveFile == nil, !emitSwift, !emitHTML else {
        throw ValidationError("--diff compares two files: no -c, -i, script files or --emit-*")
      }
    }
    if swift, let emit = outputs.first(where: { $0.hasPrefix("--emit") }) {
      throw ValidationError("--swift adds to the usual output, which \(emit) replaces")
    }
  }
}
