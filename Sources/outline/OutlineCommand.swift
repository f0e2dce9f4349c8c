import ArgumentParser
import OutlineLanguage
import OutlineShell

/// The command line of SPEC §2, Invocation.
struct OutlineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outline",
    abstract: "Edit a section snapshot by command: Apple's diffable data source model.",
    discussion: """
      With no FILE and no -c, reads commands from standard input: interactively (readline) on \
      a terminal, as a script otherwise. The --open files load first; the -c texts and the \
      FILEs run in the order given, then -i's FILE, then the session. OUTLINE_OUTPUT \
      (full, brief or quiet) sets the output mode that --output and -q override. Type "help" in a session for the commands; see \
      outline(1). 'outline serve [--port N] [--allow-files DIR] [SCRIPT]' serves the \
      playground in a browser (a script named serve runs as 'outline ./serve').
      """,
    version: "outline \(OutlineLanguage.version)")

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp(
      "Run these commands (';' separates them), in order with the FILEs.",
      valueName: "commands"),
    completion: .list(CommandCatalog.commandWords))
  var commands: [String] = []

  @Option(
    name: .customLong("open"),
    help: ArgumentHelp(
      "Load FILE to edit it, as 'load FILE' does, before anything else runs (repeatable: each "
        + "further FILE into a section named after it).", valueName: "file"),
    completion: .file())
  var open: [String] = []

  @Option(
    name: .customShort("i"),
    help: ArgumentHelp("Run FILE, then continue interactively.", valueName: "file"),
    completion: .file())
  var interactiveFile: String?

  @Option(
    name: .customLong("diff"), parsing: .upToNextOption,
    help: ArgumentHelp(
      "Print the transaction that turns A's outline into B's; exit 0 when they are the same, "
        + "1 when they differ, 2 on an error, as diff(1).", valueName: "A B"),
    completion: .file())
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

  @Flag(
    help: """
      With --emit-html: the page opens in quiz mode, hiding each step's result until the \
      reader predicts it (which rows change, which handlers UIKit calls, or what visibleItems \
      holds); every page has the switch.
      """)
  var quiz = false

  @Flag(help: "In scripts, go on after a failed command.")
  var keepGoing = false

  @Flag(help: "Print each command before its output.")
  var echo = false

  @Flag(help: "Plain text (also when NO_COLOR is set or stdout is not a terminal).")
  var noColor = false

  @Option(
    help: ArgumentHelp(
      "What each command prints: full (everything), brief (one line per change) or quiet "
        + "(only results, say and errors).", valueName: "mode"))
  var output: OutputMode?

  @Flag(name: [.short, .long], help: "--output quiet: only results, say and errors; no banner.")
  var quiet = false

  @Flag(help: "No banner in an interactive session.")
  var noBanner = false

  @Option(
    help: ArgumentHelp("History file (/dev/null: none).", valueName: "file"),
    completion: .file())
  var history: String?

  @Argument(
    help: ArgumentHelp(
      "Script files to run in order, with the -c texts (- is standard input).",
      valueName: "file"),
    completion: .file())
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
      guard commands.isEmpty, files.isEmpty, interactiveFile == nil, open.isEmpty, !emitSwift,
        !emitHTML
      else {
        throw ValidationError(
          "--diff compares two files: no -c, -i, --open, script files or --emit-*")
      }
    }
    if let native = open.dropFirst().first(where: { OutlineFormat(path: $0) == .native }) {
      throw ValidationError(
        "--open \(native): a native save file holds sections of its own and replaces every "
          + "section; open it first")
    }
    if quiz && !emitHTML {
      throw ValidationError("--quiz is a mode of the page: use it with --emit-html")
    }
    if quiet, let output, output != .quiet {
      throw ValidationError("-q is --output quiet, not --output \(output.rawValue): choose one")
    }
    if swift, let emit = outputs.first(where: { $0.hasPrefix("--emit") }) {
      throw ValidationError("--swift adds to the usual output, which \(emit) replaces")
    }
  }
}

extension OutputMode: ExpressibleByArgument {}

extension OutlineCommand {
  /// The `-c` texts and the script files in the order `arguments` (the command line, without
  /// the program's name) gives them.
  ///
  /// swift-argument-parser keeps the order of each option's values but not their order among
  /// other options and arguments, so the command line is read again, knowing only which options
  /// take a value: `-c` is a `-c` text, an argument that is not an option or an option's value
  /// is a file, and after `--` every argument is a file. The values found must be the parser's,
  /// in the parser's order; when they are not (a spelling this reading does not know), the
  /// `-c` texts run first, then the files.
  func scripts(in arguments: [String]) -> [ShellOptions.Script] {
    let parsed =
      commands.map(ShellOptions.Script.commands) + files.map(ShellOptions.Script.file)
    var scripts: [ShellOptions.Script] = []
    var index = 0
    var optionsEnded = false
    func value(after position: Int) -> String? {
      position + 1 < arguments.count ? arguments[position + 1] : nil
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        scripts.append(.file(argument))
      } else if argument == "--" {
        optionsEnded = true
      } else if argument.hasPrefix("--") {
        if !argument.contains("="), Self.longOptionsWithValue.contains(argument) { index += 1 }
      } else if let last = argument.dropFirst().last, Self.shortOptionsWithValue.contains(last) {
        // A group of short options: the last one may take the next argument as its value.
        if last == "c", let text = value(after: index) { scripts.append(.commands(text)) }
        index += 1
      }
    }
    var found = ShellOptions()
    found.scripts = scripts
    return found.commands == commands && found.files == files ? scripts : parsed
  }

  /// The long options that take the next argument as their value (`--diff` takes two, and
  /// allows no script).
  static let longOptionsWithValue: Set<String> = ["--output", "--history", "--open"]
  /// The short options that take the next argument as their value.
  static let shortOptionsWithValue: Set<Character> = ["c", "i"]
}
