import OutlineLanguage

/// The `outline` program once its arguments are parsed: loads the `--open` files, runs the `-c`
/// texts and the script files in the order given, then `-i`'s file and then the lines of standard input (interactively on a terminal), printing every
/// outcome, and answers the exit status.
///
/// The shell is thin: the interpreter (`Session.runScript`) runs the commands; the shell picks
/// where lines come from, how outcomes are printed (`TextRenderer` or `--json`) and where errors
/// go (`FILE:LINE: error: MESSAGE` on standard error; `error: MESSAGE` at the prompt).
public final class Shell {
  /// The session the commands run in.
  public let session: Session
  let options: ShellOptions
  let console: any Console
  let renderer: TextRenderer
  let errorRenderer: TextRenderer
  /// The test file `--emit-swift` writes, as the run records it.
  var emitter: SwiftTestEmitter?
  /// The page `--emit-html` writes at the end, nil otherwise.
  var page: HTMLPage?

  /// Creates a shell over a new session reading and writing files in `fileSystem`.
  public init(options: ShellOptions, console: any Console, fileSystem: any FileSystem) {
    self.options = options
    self.console = console
    self.session = Session(fileSystem: fileSystem)
    session.outputMode = options.output
    self.renderer = TextRenderer(color: options.color)
    self.errorRenderer = TextRenderer(color: options.errorColor)
    // Only the printers of Swift and of the page read the states around each command.
    session.recordsStates = options.swift || options.emitSwift || options.emitHTML
    if options.emitSwift {
      let script = options.files.first ?? options.interactiveFile ?? "command-line"
      emitter = SwiftTestEmitter(scriptName: script)
    }
    if options.emitHTML {
      let names = options.files + (options.interactiveFile.map { [$0] } ?? [])
      let title = names.isEmpty ? "outline" : names.joined(separator: ", ")
      page = HTMLPage(title: title, state: session.state)
      page?.quiz = options.quiz
    }
  }

  /// Runs everything the options name, then the lines `input` gives (when the options continue
  /// with input); `interactive` tells whether those lines come from a person at a terminal.
  ///
  /// - Returns: 0 when every command succeeded, 1 when one failed, 2 when a file named on the
  ///   command line cannot be read or an `--open` file cannot be loaded (nothing else runs
  ///   then), 130 after Ctrl-C in a script.
  public func run(input: () -> any LineReader, interactive: Bool) -> ExitStatus {
    let status = runAll(input: input, interactive: interactive)
    if let emitter {
      // The file is written whatever the run's end: a failed `expect` is a failing assertion.
      let file = emitter.file(final: session.state)
      for line in file.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        console.output(String(line))
      }
    }
    // With --emit-html, the page is the output (not after a usage error: nothing ran).
    if let page, status != .usage { console.output(page.html) }
    return status
  }

  private func runAll(input: () -> any LineReader, interactive: Bool) -> ExitStatus {
    // The -c options read as the lines of one script, `<command line>`: the second -c is
    // line 2, so that an error says which one failed. Every file is read before anything runs.
    var scripts: [(name: String, text: String, firstLine: Int)] = []
    var line = 1
    let interactiveFile = options.interactiveFile.map { [ShellOptions.Script.file($0)] } ?? []
    for script in options.scripts + interactiveFile {
      switch script {
      case .commands(let commands):
        scripts.append(("<command line>", commands, line))
        line += max(1, Session.lines(of: commands).count)  // as the script runner counts them
      case .file(let path):
        do throws(FileError) {
          // `-` is standard input, read to its end before anything runs, as a file is.
          if path == "-" {
            scripts.append(("<stdin>", try session.readStandardInputScript(), 1))
          } else {
            scripts.append((path, try session.readScript(path), 1))
          }
        } catch {
          console.error("outline: cannot read \(Quoting.word(path)): \(error.reason)")
          return .usage
        }
      }
    }
    // The banner greets an interactive session before anything it runs prints: `--open`'s
    // loads, the -c texts, -i's file. (Files that cannot be read stopped it before.)
    if interactive, options.continuesWithInput, options.showsBanner {
      console.error(
        "outline \(OutlineLanguage.version): section snapshots, by command. "
          + "\"help\" lists the commands; Ctrl-D ends the session.")
    }
    // `--open`'s files, then the scripts run against them.
    if let problem = openFiles() {
      console.error("outline: " + problem)
      return .usage
    }
    var failed = false
    for (name, text, firstLine) in scripts {
      let running = scriptOptions(interactive: false)
      let end = session.runScript(text, file: name, firstLine: firstLine, options: running)
      if !end.succeeded, end != .interrupted, name != "<command line>" {
        adviseLoading(script: name)
      }
      switch end {
      case .finished(let failures):
        failed = failed || failures > 0
      case .failed:
        // With -i, the session goes on interactively after its file fails.
        if !(interactive && name == options.interactiveFile) { return .failure }
        failed = true
      case .quit(let failures):
        return failed || failures > 0 ? .failure : .success
      case .interrupted:
        // With -i, Ctrl-C stops the file and the session goes on, as after a failure.
        guard interactive && name == options.interactiveFile else { return .interrupted }
        Interrupts.clear()
        console.error("interrupted")
      }
    }
    guard options.continuesWithInput else { return failed ? .failure : .success }
    return interactive ? runInteractive(input()) : runScript(from: input(), failed: failed)
  }

  /// Says how to open a failed script FILE that is an OPML or Markdown file.
  ///
  /// Whoever typed `outline notes.opml` most likely meant to edit it, and FILE arguments are
  /// scripts of commands. The failure itself was already reported, with its line.
  private func adviseLoading(script path: String) {
    let kind: String
    switch OutlineFormat(path: path) {
    case .opml: kind = "an OPML file"
    case .markdown: kind = "a Markdown file"
    case .native, .text: return
    }
    console.error(
      "outline: \(Quoting.word(path)) is \(kind), and a FILE argument is a script of commands;"
        + " to edit it, run: outline --open \(Quoting.word(path))")
  }

  /// Standard input as a script: `<stdin>`, line by line as it arrives.
  private func runScript(from reader: any LineReader, failed: Bool) -> ExitStatus {
    var failed = failed
    var number = 0
    while true {
      number += 1
      let text: String
      switch reader.readLine(prompt: "") {
      case .end: return failed ? .failure : .success
      case .interrupted: return .interrupted
      case .notUTF8:
        reportNotUTF8(at: SourceLocation(file: "<stdin>", line: number), interactive: false)
        failed = true
        if options.keepGoing { continue }
        return .failure
      case .line(let line): text = line
      }
      let options = scriptOptions(interactive: false)
      switch session.runScript(text, file: "<stdin>", firstLine: number, options: options) {
      case .finished(let failures): failed = failed || failures > 0
      case .failed: return .failure
      case .quit(let failures): return failed || failures > 0 ? .failure : .success
      case .interrupted: return .interrupted
      }
    }
  }

  /// The interactive session: prompts, errors without a location, Ctrl-C back to the prompt,
  /// Ctrl-D or `quit` ending with status 0.
  private func runInteractive(_ reader: any LineReader) -> ExitStatus {
    var number = 0
    var warnedOfUnsavedChanges = false
    /// Whether the session may end now: not the first time it would end with unsaved changes.
    func mayEnd() -> Bool {
      guard session.hasUnsavedChanges, !warnedOfUnsavedChanges else { return true }
      warnedOfUnsavedChanges = true
      console.error(
        "the outline has changes that were never saved, \(savingAdvice()); "
          + "Ctrl-D or \"quit\" again ends the session without them")
      return false
    }
    while true {
      number += 1
      switch reader.readLine(prompt: prompt) {
      case .end: if mayEnd() { return .success }
      case .interrupted: continue
      case .notUTF8:
        reportNotUTF8(at: SourceLocation(file: "<stdin>", line: number), interactive: true)
      case .line(let text):
        let options = scriptOptions(interactive: true)
        switch session.runScript(text, file: "<stdin>", firstLine: number, options: options) {
        case .finished, .failed: continue
        case .quit: if mayEnd() { return .success }
        case .interrupted: console.error("interrupted")
        }
      }
    }
  }

  /// The prompt: `outline> `, with the section when it is not `main`, the focus's path
  /// (`outline Food › Fruit> `) and a mark for a batch.
  var prompt: String {
    var text = "outline"
    if session.section != "main" { text += " [\(Quoting.visible(session.section))]" }
    let path = Session.pathText(titles: session.focusTitles)
    if !path.isEmpty { text += " " + path }
    if session.batch != nil { text += " (batch)" }
    return text + "> "
  }

  /// How scripts run: stop at the first failure unless `--keep-going` (at the prompt, the rest
  /// of a line after a failure is skipped too, and a note names it); Ctrl-C stops between
  /// commands.
  private func scriptOptions(interactive: Bool) -> ScriptOptions {
    var scriptOptions = ScriptOptions(
      keepGoing: options.keepGoing, isInterrupted: { Interrupts.isPending }
    ) { [unowned self] outcome, location in
      report(outcome, at: location, interactive: interactive)
    }
    // After the failure's own error line, on standard error with it.
    scriptOptions.notRun = { [unowned self] commands, location in
      let place = interactive && location.depth == 0 ? nil : location
      console.error(errorRenderer.notRunLine(commands, at: place))
    }
    return scriptOptions
  }

  /// Prints one outcome: its JSON line or its text on standard output, its error on standard
  /// error.
  func report(_ outcome: Outcome, at location: SourceLocation, interactive: Bool) {
    let swift = swiftLines(for: outcome)
    if page != nil {
      page?.record(outcome, at: location, swift: swift ?? [])
    } else if options.emitSwift {
      // Only the test file goes to standard output, at the end.
    } else if options.json {
      var json = outcome.json(snapshots: options.jsonSnapshots)
      if let swift, case .object(var members) = json {
        members.append(("swift", .array(swift.map { .string($0) })))
        json = .object(members)
      }
      console.output(json.serialized)
    } else {
      // Narration is the transcript's prose: its text once, not `> say TEXT` then TEXT.
      if options.echo, !outcome.isNarration {
        console.output("> " + Quoting.visible(outcome.command))
      }
      for line in renderer.lines(for: outcome, mode: session.outputMode) {
        console.output(line)
      }
      for line in renderer.swiftLines(swift ?? []) { console.output(line) }
    }
    // Warnings about a file's content go to standard error whatever the output (SPEC §4).
    for line in errorRenderer.warningLines(for: outcome) { console.error(line) }
    if let error = outcome.error {
      let place = interactive && location.depth == 0 ? nil : location
      console.error(errorRenderer.errorLine(error, at: place))
    }
  }

  /// The Swift of the command `outcome` reports, for `--swift` and the page (nil without them,
  /// and for a line that did not parse), after recording it for `--emit-swift`.
  private func swiftLines(for outcome: Outcome) -> [String]? {
    emitter?.record(outcome)
    guard options.swift || page != nil, outcome.parsed != nil else { return nil }
    return SwiftCode.lines(for: outcome)
  }

  private func reportNotUTF8(at location: SourceLocation, interactive: Bool) {
    var outcome = Outcome(command: "")
    outcome.error = CommandError(.syntax, "the line is not UTF-8 text")
    report(outcome, at: location, interactive: interactive)
  }
}
