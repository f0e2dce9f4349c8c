import Foundation
import OutlineLanguage
import XCTest

@testable import OutlineShell

/// A console that keeps what the shell writes: standard output, standard error, and both in the
/// order written.
final class RecordingConsole: Console {
  /// The lines written to standard output.
  var outputLines: [String] = []
  /// The lines written to standard error.
  var errorLines: [String] = []
  /// Both, in order; error lines start with `!`.
  var transcript: [String] = []

  func output(_ line: String) {
    outputLines.append(line)
    transcript.append(line)
  }

  func error(_ line: String) {
    errorLines.append(line)
    transcript.append("!" + line)
  }
}

/// A line reader that gives the inputs it was made with, then `.end`, and records the prompts it
/// was asked to show.
///
/// Like `ReadlineLineReader`, it forgets a pending Ctrl-C when a read starts; `interruptAfter`
/// names the reads (0-based) after which a Ctrl-C arrives, while the line runs.
final class ScriptedLineReader: LineReader {
  /// The inputs still to give.
  var inputs: [LineInput]
  /// The prompts of every read, in order, including the read that gave `.end`.
  var prompts: [String] = []
  /// The reads after which a Ctrl-C is pending.
  var interruptAfter: Set<Int> = []

  /// Creates a reader that gives `inputs`.
  init(_ inputs: [LineInput]) { self.inputs = inputs }

  func readLine(prompt: String) -> LineInput {
    Interrupts.clear()
    prompts.append(prompt)
    if interruptAfter.contains(prompts.count - 1) { _outlineInterrupted = 1 }
    return inputs.isEmpty ? .end : inputs.removeFirst()
  }
}

final class ShellTests: XCTestCase {
  override func tearDown() {
    Interrupts.clear()
    super.tearDown()
  }

  /// What a run of the shell gave.
  struct Run {
    var status: ExitStatus
    var console: RecordingConsole
    var reader: ScriptedLineReader
    var files: MemoryFileSystem
    /// Whether the shell asked for its line reader.
    var readInput: Bool

    var output: [String] { console.outputLines }
    var errors: [String] { console.errorLines }
  }

  /// Runs a shell with `options` over `files`, reading `input` after the scripts.
  func run(
    _ options: ShellOptions, files: [String: String] = [:], input: [LineInput] = [],
    interactive: Bool = false, interruptAfter: Set<Int> = []
  ) -> Run {
    let console = RecordingConsole()
    let fileSystem = MemoryFileSystem(files)
    let reader = ScriptedLineReader(input)
    reader.interruptAfter = interruptAfter
    var readInput = false
    let shell = Shell(options: options, console: console, fileSystem: fileSystem)
    let status = shell.run(
      input: {
        readInput = true
        return reader
      }, interactive: interactive)
    return Run(
      status: status, console: console, reader: reader, files: fileSystem, readInput: readInput)
  }

  /// Options with `-c` texts, files and `-i`'s file.
  func options(
    commands: [String] = [], files: [String] = [], interactiveFile: String? = nil,
    configure: (inout ShellOptions) -> Void = { _ in }
  ) -> ShellOptions {
    var options = ShellOptions()
    options.scripts =
      commands.map(ShellOptions.Script.commands) + files.map(ShellOptions.Script.file)
    options.interactiveFile = interactiveFile
    options.noBanner = true
    configure(&options)
    return options
  }

  /// The message the interpreter gives for `command` run on a new session.
  func message(of command: String, after setup: [String] = []) -> String {
    let session = Session()
    for line in setup { _ = session.run(line) }
    return session.run(command).error?.message ?? "(no error for \(command))"
  }

  /// Lines as the reader gives them.
  func lines(_ lines: String...) -> [LineInput] { lines.map { .line($0) } }

  // MARK: Order

  func testCommandsThenFilesThenInteractiveFileThenInput() {
    let ran = run(
      options(
        commands: ["say c1", "say c2; say c3"], files: ["a.outline", "b.outline"],
        interactiveFile: "i.outline"),
      files: ["a.outline": "say a\n", "b.outline": "say b", "i.outline": "say i"],
      input: lines("say typed"), interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["c1", "c2", "c3", "a", "b", "i", "typed"])
    XCTAssertEqual(ran.errors, [])
  }

  func testCommandsAndFilesAloneDoNotReadInput() {
    let ran = run(
      options(commands: ["say c"], files: ["a.outline"]), files: ["a.outline": "say a"],
      input: lines("say never"))
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["c", "a"])
    XCTAssertFalse(ran.readInput)
  }

  func testNothingToRunReadsInput() {
    let ran = run(options(), input: lines("say one", "say two"))
    XCTAssertTrue(ran.readInput)
    XCTAssertEqual(ran.output, ["one", "two"])
    XCTAssertEqual(ran.status, .success)
  }

  func testEditsCarryAcrossCommandsFilesAndInput() {
    let ran = run(
      options(commands: ["append A B"], files: ["a.outline"], interactiveFile: "i.outline"),
      files: ["a.outline": "append C to A", "i.outline": "expect items A C B"],
      input: lines("expect parent C A"))
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.errors, [])
  }

  // MARK: Exit statuses

  func testFirstFailureStopsEverything() {
    let ran = run(
      options(commands: ["say c"], files: ["a.outline", "b.outline"]),
      files: ["a.outline": "say one\nbogus\nsay two", "b.outline": "say three"])
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, ["c", "one"])
    XCTAssertEqual(ran.errors, ["a.outline:2: error: " + message(of: "bogus")])
  }

  func testFailureInCommandLineStopsBeforeTheFiles() {
    let ran = run(
      options(commands: ["say a; bogus; say b", "say c"], files: ["a.outline"]),
      files: ["a.outline": "say file"])
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, ["a"])
    XCTAssertEqual(
      ran.errors,
      [
        "<command line>:1: error: " + message(of: "bogus"),
        "<command line>:1: note: 1 command not run: say b",
      ])
  }

  func testAFailureAtThePromptNamesTheCommandsItsLineDidNotRun() {
    let ran = run(
      options(), input: lines("append A B; expand Nope; append C; show", "count"),
      interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(
      ran.errors,
      [
        "error: " + message(of: "expand Nope", after: ["append A B"]),
        "note: 2 commands not run: append C; show", Self.unsavedWarning,
      ])
    XCTAssertEqual(ran.output.last, "2", "the session goes on: the next line runs")
  }

  func testFailedExpectationIsAFailure() {
    let ran = run(options(commands: ["append A; expect items B"]))
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.errors, ["<command line>:1: error: expected items B, got A"])
  }

  func testKeepGoingRunsOnAndStillFails() {
    let ran = run(
      options(commands: ["bogus; say c"], files: ["a.outline", "b.outline"]) {
        $0.keepGoing = true
      },
      files: ["a.outline": "say one\nappend A\nappend A\nsay two", "b.outline": "say three"])
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(
      ran.output.filter { ["c", "one", "two", "three"].contains($0) }, ["c", "one", "two", "three"])
    XCTAssertEqual(
      ran.errors,
      [
        "<command line>:1: error: " + message(of: "bogus"),
        "a.outline:3: error: " + message(of: "append A", after: ["append A"]),
      ])
  }

  func testKeepGoingOnStandardInputRunsOnAndStillFails() {
    let ran = run(
      options { $0.keepGoing = true }, input: lines("say one", "bogus", "say two"))
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, ["one", "two"])
    XCTAssertEqual(ran.errors, ["<stdin>:2: error: " + message(of: "bogus")])
  }

  func testUnreadableFileIsUsageErrorAndNothingRuns() {
    let ran = run(
      options(commands: ["say c"], files: ["a.outline", "missing.outline"]),
      files: ["a.outline": "say a"], input: lines("say typed"))
    XCTAssertEqual(ran.status, .usage)
    XCTAssertEqual(ran.output, [])
    XCTAssertEqual(ran.errors, ["outline: cannot read missing.outline: no such file or directory"])
    XCTAssertFalse(ran.readInput)
  }

  func testUnreadableInteractiveFileIsUsageError() {
    let ran = run(
      options(commands: ["say c"], interactiveFile: "missing.outline"), input: lines("say x"),
      interactive: true)
    XCTAssertEqual(ran.status, .usage)
    XCTAssertEqual(ran.output, [])
    XCTAssertFalse(ran.readInput)
  }

  func testFileThatIsNotUTF8IsUsageError() {
    let console = RecordingConsole()
    let files = MemoryFileSystem()
    files.files["bad.outline"] = [0x73, 0x61, 0x79, 0x20, 0xFF, 0xFE]
    let shell = Shell(
      options: options(commands: ["say c"], files: ["bad.outline"]), console: console,
      fileSystem: files)
    XCTAssertEqual(shell.run(input: { ScriptedLineReader([]) }, interactive: false), .usage)
    XCTAssertEqual(console.outputLines, [])
    XCTAssertEqual(console.errorLines, ["outline: cannot read bad.outline: not UTF-8 text"])
  }

  func testQuitEndsEverythingWithSuccess() {
    let ran = run(
      options(commands: ["say a; quit; say b"], files: ["a.outline"]),
      files: ["a.outline": "say file"], input: lines("say typed"))
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["a"])
    XCTAssertFalse(ran.readInput)
  }

  func testQuitInAFileSkipsTheRest() {
    let ran = run(
      options(files: ["a.outline", "b.outline"]),
      files: ["a.outline": "say a\nquit\nsay after", "b.outline": "say b"])
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["a"])
  }

  func testQuitAfterAFailureWithKeepGoingIsAFailure() {
    let ran = run(options(commands: ["bogus; quit; say b"]) { $0.keepGoing = true })
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, [])
  }

  func testQuitOnStandardInputStopsReading() {
    let ran = run(options(), input: lines("say a", "quit", "say b"))
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["a"])
    XCTAssertEqual(ran.reader.inputs, lines("say b"))
  }

  func testQuitEndsTheInteractiveSession() {
    let ran = run(
      options(), input: lines("bogus", "say a", "quit", "say b"), interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["a"])
    XCTAssertEqual(ran.reader.inputs, lines("say b"))
  }

  func testAnInteractiveSessionWithUnsavedChangesWarnsOnceBeforeItEnds() {
    let ran = run(
      options(), input: lines("append A", "quit", "say still here", "quit", "say b"),
      interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output.last, "still here")
    XCTAssertEqual(
      ran.errors,
      [
        "the outline has changes that were never saved, in section main (no file): "
          + "\"save FILE\" keeps them; Ctrl-D or \"quit\" again ends the session without them"
      ])
    XCTAssertEqual(ran.reader.inputs, lines("say b"))
  }

  /// A save of one section to its Markdown file leaves another section's edit unsaved: the
  /// first `quit` warns and names that section (the tester's repro f0).
  func testSavingOneSectionStillWarnsOfAnotherSectionsChanges() {
    let ran = run(
      options(), files: ["sec.md": "- a\n- b\n  - c\n"],
      input: lines(
        "load sec.md", "section add S", "section use S", "append Important", "section use main",
        "save", "quit", "say still here", "quit", "say b"),
      interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output.last, "still here")
    XCTAssertEqual(
      ran.errors,
      [
        "the outline has changes that were never saved, in section S (no file): \"section use "
          + "S\" then \"save FILE\" keeps them; Ctrl-D or \"quit\" again ends the session "
          + "without them"
      ])
    XCTAssertEqual(ran.reader.inputs, lines("say b"))
  }

  /// Two sections loaded from files of their own, both edited, S's saved: the warning names
  /// main and its file (the tester's repro f0b); once main is saved too, `quit` ends at once.
  func testTheUnsavedChangesWarningNamesEachUnsavedSectionAndItsFile() {
    let ran = run(
      options(), files: ["one.md": "- a\n", "two.md": "- x\n"],
      input: lines(
        "load one.md", "append edited-in-main", "section add S", "section use S", "load two.md",
        "append edited-in-S", "save", "quit", "section use main", "save", "quit",
        "say not read"),
      interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(
      ran.errors,
      [
        "the outline has changes that were never saved, in section main (one.md): \"save "
          + "--all\" writes one.md; Ctrl-D or \"quit\" again ends the session without them"
      ])
    XCTAssertEqual(ran.reader.inputs, lines("say not read"))
  }

  /// Changes in several sections, none of them the current one's: each is named.
  func testTheUnsavedChangesWarningListsEverySection() {
    let ran = run(
      options(), files: ["one.md": "- a\n"],
      input: lines(
        "load one.md", "append b", "section add S T", "section use S", "append s",
        "section use T", "append t", "quit"),
      interactive: true)
    XCTAssertEqual(
      ran.errors,
      [
        "the outline has changes that were never saved, in sections main (one.md), S (no "
          + "file), T (no file): \"save --all\" writes one.md, \"save FILE\" in each of sections "
          + "S, T keeps theirs; Ctrl-D or \"quit\" again ends the session without them"
      ])
  }

  func testTheUnsavedChangesWarningNamesTheSectionsFile() {
    let ran = run(
      options(), files: ["notes.md": "- A\n"],
      input: lines("load notes.md", "append B", "quit", "save", "quit"), interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(
      ran.errors,
      [
        "the outline has changes that were never saved, in section main (notes.md): \"save\" "
          + "writes them; Ctrl-D or \"quit\" again ends the session without them"
      ])
    XCTAssertEqual(ran.reader.inputs, [], "the save ended the session at the second quit")
  }

  func testCtrlDWarnsOfUnsavedChangesAndASecondCtrlDEnds() {
    let ran = run(options(), input: lines("append A") + [.end, .end], interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.errors.count, 1)
    XCTAssertEqual(ran.reader.prompts.count, 3, "read again after the warning")
  }

  func testASavedSessionEndsWithoutAWarningAndAnUndoneSaveIsUnsavedAgain() {
    let saved = run(options(), input: lines("append A", "save a.json", "quit"), interactive: true)
    XCTAssertEqual(saved.errors, [])
    XCTAssertEqual(saved.reader.inputs, [])
    let undone = run(
      options(), input: lines("append A", "save a.json", "undo", "quit", "say b"),
      interactive: true)
    XCTAssertEqual(undone.errors.count, 1)
    XCTAssertEqual(undone.reader.inputs, [], "the warning's second quit is the say's turn")
  }

  func testQueriesAndAScriptDoNotWarn() {
    let queried = run(options(), input: lines("show", "count", "quit"), interactive: true)
    XCTAssertEqual(queried.errors, [])
    let script = run(options(), input: lines("append A", "quit", "say b"))
    XCTAssertEqual(script.errors, [])
    XCTAssertEqual(script.reader.inputs, lines("say b"))
  }

  // MARK: Error lines

  func testErrorLineNamesTheFileAndLine() {
    let ran = run(
      options(files: ["dir/demo.outline"]),
      files: ["dir/demo.outline": "# a comment\n\nappend A\ndelete B\n"])
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.errors, ["dir/demo.outline:4: error: " + message(of: "delete B")])
  }

  func testErrorLineOfCommandLineCountsItsLines() {
    let ran = run(options(commands: ["say a\nsay b; bogus"]))
    XCTAssertEqual(ran.errors, ["<command line>:2: error: " + message(of: "bogus")])
  }

  func testErrorLineOfPipedInputCountsEveryLine() {
    let ran = run(options(), input: lines("say a", "", "# comment", "bogus", "say b"))
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, ["a"])
    XCTAssertEqual(ran.errors, ["<stdin>:4: error: " + message(of: "bogus")])
    XCTAssertEqual(ran.reader.inputs, lines("say b"), "nothing is read after the failure")
  }

  func testErrorInsideSourceNamesTheSourcedFile() {
    let files = ["lib.outline": "say in lib\n\nbogus\nsay not reached"]
    let piped = run(options(), files: files, input: lines("say a", "source lib.outline"))
    XCTAssertEqual(piped.status, .failure)
    XCTAssertEqual(piped.output, ["a", "in lib"])
    XCTAssertEqual(piped.errors, ["lib.outline:3: error: " + message(of: "bogus")])

    let fromFile = run(
      options(files: ["main.outline"]),
      files: files.merging(["main.outline": "say a\nsource lib.outline"]) { $1 })
    XCTAssertEqual(fromFile.errors, ["lib.outline:3: error: " + message(of: "bogus")])
  }

  func testSourceOfMissingFileIsTheSourceCommandsError() {
    let ran = run(options(commands: ["say a", "source nope.outline"]))
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(
      ran.errors,
      ["<command line>:2: error: cannot source nope.outline: no such file or directory"])
  }

  func testNotUTF8LineOnStandardInputIsAnError() {
    let stopped = run(options(), input: [.line("say a"), .notUTF8, .line("say b")])
    XCTAssertEqual(stopped.status, .failure)
    XCTAssertEqual(stopped.output, ["a"])
    XCTAssertEqual(stopped.errors, ["<stdin>:2: error: the line is not UTF-8 text"])

    let going = run(
      options { $0.keepGoing = true }, input: [.line("say a"), .notUTF8, .line("say b")])
    XCTAssertEqual(going.status, .failure)
    XCTAssertEqual(going.output, ["a", "b"])
  }

  // MARK: Interactive session

  /// What the first Ctrl-D or `quit` of a session with unsaved changes prints.
  static let unsavedWarning =
    "the outline has changes that were never saved, in section main (no file): "
    + "\"save FILE\" keeps them; Ctrl-D or \"quit\" again ends the session without them"

  func testInteractiveErrorHasNoLocationAndTheSessionGoesOn() {
    let ran = run(
      options(), input: lines("append A", "delete B", "bogus; say skipped", "say after"),
      interactive: true)
    XCTAssertEqual(ran.status, .success, "Ctrl-D ends the session with 0 even after errors")
    // The outline changed and was never saved: the first Ctrl-D warns, the second ends.
    XCTAssertEqual(
      ran.errors,
      [
        "error: " + message(of: "delete B"), "error: " + message(of: "bogus"),
        "note: 1 command not run: say skipped", Self.unsavedWarning,
      ])
    XCTAssertEqual(ran.output.last, "after")
    XCTAssertFalse(ran.output.contains("skipped"), "the rest of a line after a failure is skipped")
  }

  func testInteractiveSourceNamesTheFileAndLine() {
    let ran = run(
      options(), files: ["f.outline": "say in f\nbogus"],
      input: lines("source f.outline", "source missing.outline", "say after"), interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["in f", "after"])
    XCTAssertEqual(
      ran.errors,
      [
        "f.outline:2: error: " + message(of: "bogus"),
        "error: cannot source missing.outline: no such file or directory",
      ])
  }

  func testInteractiveNotUTF8LineIsAnErrorAndTheSessionGoesOn() {
    let ran = run(options(), input: [.notUTF8, .line("say after")], interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.errors, ["error: the line is not UTF-8 text"])
    XCTAssertEqual(ran.output, ["after"])
  }

  func testInterruptedLineIsAbandonedAndTheSessionGoesOn() {
    let ran = run(
      options(), input: [.line("say a"), .interrupted, .line("say b")], interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["a", "b"])
    XCTAssertEqual(ran.errors, [])
    XCTAssertEqual(ran.reader.prompts.count, 4)
  }

  func testCtrlCWhileALineRunsStopsItAndReturnsToThePrompt() {
    let ran = run(
      options(), input: lines("say a; say b", "say c"), interactive: true, interruptAfter: [0])
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.output, ["c"])
    XCTAssertEqual(ran.errors, ["interrupted"])
  }

  func testInterruptedPipedInputEndsWith130() {
    let ran = run(options(), input: [.line("say a"), .interrupted, .line("say b")])
    XCTAssertEqual(ran.status, .interrupted)
    XCTAssertEqual(ran.output, ["a"])
  }

  func testCtrlCDuringAScriptEndsWith130() {
    let ran = run(options(), input: lines("say a; say b", "say c"), interruptAfter: [0])
    XCTAssertEqual(ran.status, .interrupted)
    XCTAssertEqual(ran.output, [])

    Interrupts.clear()
    _outlineInterrupted = 1
    let commands = run(options(commands: ["say a"], files: ["a.outline"]), files: ["a.outline": ""])
    XCTAssertEqual(commands.status, .interrupted)
    XCTAssertEqual(commands.output, [])
  }

  func testFailedInteractiveFileGoesOnInteractively() {
    let ran = run(
      options(interactiveFile: "i.outline"), files: ["i.outline": "say i\nbogus\nsay skipped"],
      input: lines("say typed"), interactive: true)
    XCTAssertEqual(ran.output, ["i", "typed"])
    XCTAssertEqual(ran.errors, ["i.outline:2: error: " + message(of: "bogus")])
    XCTAssertEqual(ran.status, .success)
  }

  /// Ctrl-C during `-i`'s file stops the file and returns to the prompt, as a failure in it
  /// does (and as Ctrl-C during a `source` at the prompt does).
  func testCtrlCDuringTheInteractiveFileReturnsToThePrompt() {
    _outlineInterrupted = 1
    let ran = run(
      options(interactiveFile: "i.outline"), files: ["i.outline": "say i"],
      input: lines("say typed"), interactive: true)
    XCTAssertEqual(ran.output, ["typed"])
    XCTAssertEqual(ran.errors, ["interrupted"])
    XCTAssertEqual(ran.status, .success)
  }

  func testFailedInteractiveFileWithPipedInputStops() {
    let ran = run(
      options(interactiveFile: "i.outline"), files: ["i.outline": "bogus"],
      input: lines("say typed"), interactive: false)
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output, [])
  }

  func testInteractiveSessionEndsWithSuccessAtEnd() {
    let ran = run(options(), input: [], interactive: true)
    XCTAssertEqual(ran.status, .success)
    XCTAssertEqual(ran.reader.prompts, ["outline> "])
  }

  // MARK: Banner and prompts

  func testBannerOnlyInteractiveAndNotQuiet() {
    var loud = ShellOptions()
    loud.noBanner = false
    let interactive = run(loud, input: lines("say a"), interactive: true)
    XCTAssertEqual(interactive.errors.count, 1)
    XCTAssertTrue(
      interactive.errors[0].hasPrefix("outline \(OutlineLanguage.version): "), interactive.errors[0]
    )
    XCTAssertEqual(interactive.output, ["a"], "the banner never goes to standard output")
    XCTAssertEqual(interactive.console.transcript.first, "!" + interactive.errors[0])

    XCTAssertEqual(run(options(), input: lines("say a"), interactive: true).errors, [])
    XCTAssertEqual(run(loud, input: lines("say a"), interactive: false).errors, [])
    XCTAssertEqual(run(loud, input: lines("say a"), interactive: false).output, ["a"])
  }

  func testPromptShowsTheSectionAndTheBatch() {
    let ran = run(
      options(),
      input: lines(
        "append A", "section add side; section use side", "begin", "append B", "apply",
        "section use main", "begin --empty", "discard", "save a.json"),
      interactive: true)
    XCTAssertEqual(ran.errors, [])
    XCTAssertEqual(
      ran.reader.prompts,
      [
        "outline> ", "outline> ", "outline [side]> ", "outline [side] (batch)> ",
        "outline [side] (batch)> ", "outline [side]> ", "outline> ", "outline (batch)> ",
        "outline> ", "outline> ",
      ])
  }

  func testPromptShowsTheFocusPathByTitleShortenedWhenDeepOrLong() {
    let long = String(repeating: "x", count: 40)
    let ran = run(
      options(),
      input: lines(
        "append A; append B to A; append C to B; append D to C", "focus B",
        "retitle A \"The A\"; begin", "discard; focus D", "append \(long) to D; focus \(long)",
        "unfocus", "save a.json"),
      interactive: true)
    XCTAssertEqual(ran.errors, [])
    XCTAssertEqual(
      ran.reader.prompts,
      [
        "outline> ", "outline> ", "outline A › B> ", "outline The A › B (batch)> ",
        "outline The A › … › C › D> ",
        "outline The A › … › D › \(String(repeating: "x", count: 29))…> ", "outline> ",
        "outline> ",
      ])
  }

  func testControlCharactersInTheSectionAndTheEchoAreShownEscaped() {
    let ran = run(
      options(),
      input: lines("append \u{1B}[2J", "section add \"s\\u{7}\"; section use \"s\\u{7}\""),
      interactive: true)
    XCTAssertEqual(ran.reader.prompts[2], #"outline [s\u{7}]> "#)
    let echoed = run(options(commands: ["append \u{1B}[2J"]) { $0.echo = true })
    XCTAssertEqual(
      echoed.output,
      [
        #"> append \u{1B}[2J"#, "rows:", #"  + 0 "\u{1B}[2J""#, "section main:",
        #"  + 0 "\u{1B}[2J""#,
      ])
  }

  func testPipedInputShowsNoPrompt() {
    let ran = run(options(), input: lines("section add side; section use side", "begin"))
    XCTAssertEqual(ran.reader.prompts, ["", "", ""])
  }

  // MARK: --echo and --json

  func testEchoPrintsEachCommandBeforeItsOutputAndNarrationOnce() {
    let ran = run(
      options(commands: ["append A; say hi", "bogus"]) { $0.echo = true })
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(
      ran.console.transcript,
      [
        "> append A", "rows:", "  + 0 A", "section main:", "  + 0 A", "hi",
        "> bogus", "!<command line>:2: error: " + message(of: "bogus"),
      ])
  }

  func testEchoOfAnEmptySayIsABlankLineAndOfExpectErrorSayTheCommand() {
    let ran = run(
      options(commands: ["say", "expect error say hi"]) {
        $0.echo = true
        $0.keepGoing = true
      })
    XCTAssertEqual(ran.output, ["", "> expect error say hi"])
    XCTAssertEqual(ran.errors.count, 1, "say succeeds, so expect error fails")
  }

  func testEchoWithSwiftPrintsNarrationOnceAndNoSwiftForIt() {
    let ran = run(
      options(commands: ["say Add the fruit; append A"]) {
        $0.echo = true
        $0.swift = true
      })
    XCTAssertEqual(ran.output.first, "Add the fruit")
    XCTAssertEqual(ran.output.dropFirst().first, "> append A")
    XCTAssertEqual(ran.output.filter { $0.contains("Add the fruit") }.count, 1)
  }

  func testEchoShowsCommandsAsWritten() {
    let ran = run(
      options(commands: ["append   \"Smileys 😀\"   # comment"]) { $0.echo = true })
    XCTAssertEqual(ran.output.first, "> append   \"Smileys 😀\"")
  }

  func testJSONPrintsOneObjectPerCommand() throws {
    let ran = run(
      options(commands: ["append A B; expand A; count; say hi", "bogus"]) {
        $0.json = true
        $0.echo = true
      })
    XCTAssertEqual(ran.status, .failure)
    XCTAssertEqual(ran.output.count, 5, "one line per command, no echo in JSON")
    var objects: [[String: Any]] = []
    for line in ran.output {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      objects.append(try XCTUnwrap(object, line))
    }
    XCTAssertEqual(
      objects.map { $0["command"] as? String },
      ["append A B", "expand A", "count", "say hi", "bogus"])
    XCTAssertEqual(objects.map { $0["ok"] as? Bool }, [true, true, true, true, false])
    XCTAssertEqual(objects[2]["result"] as? Int, 2)
    XCTAssertEqual((objects[4]["error"] as? [String: Any])?["code"] as? String, "unknownCommand")
    XCTAssertEqual(ran.errors, ["<command line>:2: error: " + message(of: "bogus")])
  }

  func testJSONInTheInteractiveSessionStillPrintsTheErrorLine() throws {
    let ran = run(
      options { $0.json = true }, input: lines("delete X"), interactive: true)
    XCTAssertEqual(ran.output.count, 1)
    let object = try JSONSerialization.jsonObject(with: Data(ran.output[0].utf8)) as? [String: Any]
    XCTAssertEqual(object?["ok"] as? Bool, false)
    XCTAssertEqual(ran.errors, ["error: " + message(of: "delete X")])
  }

  // MARK: Files

  func testSaveAndLoadGoThroughTheFileSystem() {
    let saved = run(options(commands: ["append A B; append C to A; expand A; save out.json"]))
    XCTAssertEqual(saved.status, .success)
    let text = try? XCTUnwrap(saved.files.text(of: "out.json"))
    let loaded = run(
      options(commands: ["load out.json; expect items A C B; expect expanded A"]),
      files: ["out.json": text ?? ""])
    XCTAssertEqual(loaded.status, .success, loaded.errors.joined(separator: "\n"))
  }
}
