import Foundation
import XCTest

/// The interactive session on a real pseudo-terminal, driven through tmux: the banner and the
/// prompt, readline's tab completion, Ctrl-C, Ctrl-D and the history file (SPEC §2).
///
/// Each test runs the binary in a detached tmux session on a private tmux server (its own
/// socket, no configuration file), types with `send-keys` and reads the screen with
/// `capture-pane`, polling until the expected text appears instead of sleeping. Skipped when tmux
/// or the binary is missing.
final class InteractiveTests: BinaryTestCase {
  /// The private tmux server, its socket in `home`.
  var tmux: TmuxServer!
  /// The built binary's path.
  var binary = ""
  /// The tmux session: unique, although the private server would keep it apart anyway.
  let session = "outline-test-" + UUID().uuidString.prefix(8)

  override func setUpWithError() throws {
    _ = try TmuxServer.require()
    try super.setUpWithError()
    binary = try OutlineBinary.require().path
    tmux = try TmuxServer(home: home)
  }

  override func tearDown() {
    tmux?.killServer()
    super.tearDown()
  }

  // MARK: Driving tmux

  /// Starts `outline arguments` in the tmux session, its standard output going on through
  /// `redirect` (a shell suffix such as `| cat`) when given.
  ///
  /// The shell around it ignores SIGINT, so that Ctrl-C reaches only `outline`, and prints
  /// `EXIT=STATUS` when it ends.
  func start(_ arguments: [String] = [], redirect: String = "", color: Bool = false) throws {
    let command =
      "trap '' INT; env \(color ? "-u NO_COLOR" : "NO_COLOR=1") TERM=dumb INPUTRC=/dev/null "
      + "HOME=\(TmuxServer.quoted(home)) "
      + "XDG_STATE_HOME=\(TmuxServer.quoted(home + "/state")) "
      + ([binary] + arguments).map(TmuxServer.quoted).joined(separator: " ")
      + " \(redirect); echo EXIT=$?; sleep 5"
    try tmux.run(["new-session", "-d", "-s", session, "-x", "200", "-y", "50", command])
  }

  /// Types `text` literally.
  func type(_ text: String) throws { try tmux.run(["send-keys", "-t", session, "-l", text]) }

  /// Presses keys by tmux name: `Enter`, `Tab`, `C-c`, `C-d`.
  func press(_ keys: String...) throws { try tmux.run(["send-keys", "-t", session] + keys) }

  /// The screen and its scrollback, wrapped lines joined, trailing blank lines dropped.
  func screen() -> String {
    let text = (try? tmux.run(["capture-pane", "-p", "-J", "-S", "-1000", "-t", session])) ?? ""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Waits until the screen satisfies `condition`, at most `timeout` seconds.
  func waitFor(
    _ description: String, timeout: TimeInterval = 10, file: StaticString = #filePath,
    line: UInt = #line, _ condition: (String) -> Bool
  ) {
    var last = ""
    let held = OutlineBinary.poll(timeout: timeout) {
      last = screen()
      return condition(last)
    }
    if !held {
      XCTFail("timed out waiting for \(description); the screen:\n\(last)", file: file, line: line)
    }
  }

  /// Waits until the screen contains `text`.
  func waitFor(
    _ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
  ) {
    waitFor(text.debugDescription, timeout: timeout, file: file, line: line) { $0.contains(text) }
  }

  /// How many lines of the screen start with the prompt.
  func prompts(in screen: String) -> Int {
    screen.split(separator: "\n").filter { $0.hasPrefix("outline> ") || $0 == "outline>" }.count
  }

  /// Waits until the `count`-th prompt is shown.
  func waitForPrompt(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
    waitFor("prompt \(count)", file: file, line: line) { self.prompts(in: $0) >= count }
  }

  /// Runs `line` at the prompt: types it, presses Enter and waits for the next prompt.
  func run(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
    let count = prompts(in: screen())
    try type(line)
    try press("Enter")
    waitForPrompt(count + 1, file: file, line: lineNumber)
  }

  // MARK: Tests

  func testBannerAndPrompt() throws {
    try start()
    waitForPrompt(1)
    let lines = screen().split(separator: "\n")
    XCTAssertTrue(lines.first?.hasPrefix("outline 0.1.0: ") == true, screen())
    XCTAssertTrue(lines.first?.contains("Ctrl-D ends the session") == true, screen())
  }

  func testQuietHasNoBanner() throws {
    try start(["-q"])
    waitForPrompt(1)
    XCTAssertEqual(screen().split(separator: "\n").first, "outline>")
    try run("append Food")
    try run("items")
    XCTAssertEqual(screen(), "outline> append Food\noutline> items\nFood\noutline>")
  }

  func testNoBannerPrintsEverythingElse() throws {
    try start(["--no-banner"])
    waitForPrompt(1)
    XCTAssertEqual(screen().split(separator: "\n").first, "outline>")
    try run("append Food")
    XCTAssertTrue(screen().contains("outline> append Food\nrows:\n  + 0 Food\n"), screen())
  }

  func testAppendPrintsTheTransaction() throws {
    try start()
    waitForPrompt(1)
    try run("append Food Drinks")
    XCTAssertTrue(
      screen().contains(
        "outline> append Food Drinks\nrows:\n  + 0 Food\n  + 1 Drinks\nsection main:\n"
          + "  + 0 Food\n  + 1 Drinks\noutline>"), screen())
  }

  func testTabCompletesItemsAndCommands() throws {
    try start()
    waitForPrompt(1)
    try run("append Food Drinks")
    try type("expand Fo")
    try press("Tab")
    waitFor("outline> expand Food")
    try press("Enter")
    waitFor("shouldExpandItem(Food) -> true")
    waitForPrompt(3)

    try type("sho")
    try press("Tab")
    waitFor("outline> show")
    try press("Enter")
    waitForPrompt(4)
    XCTAssertTrue(screen().contains("Drinks"), screen())
  }

  func testTabCompletesAnIdentifierWithBlanksQuotedAndListsWholeOnes() throws {
    try start(["--no-banner", "--output", "quiet"])
    waitForPrompt(1)
    try run(#"append "ab cd" Food "x  y" "x  z""#)
    try type("title ab")
    try press("Tab")
    waitFor(#"outline> title "ab cd""#)
    try press("Enter")
    waitForPrompt(3)
    XCTAssertTrue(screen().hasSuffix("\nab cd\noutline>"), screen())

    // Inside an open quote: completed, and the quote closed.
    try type(#"title "ab"#)
    try press("Tab")
    waitFor(#"outline> title "ab cd""#)
    try press("C-u")
    try press("C-l")

    // A shared prefix with blanks: the quote left open, then the whole identifiers listed.
    try type("title x")
    try press("Tab")
    waitFor(#"outline> title "x"#)
    // readline rings at the first Tab that adds nothing and lists at the next.
    try press("Tab")
    try press("Tab")
    waitFor("the list x  y, x  z") { $0.contains("\nx  y  x  z\n") }
  }

  func testThePromptShowsTheFocusPathAndTabCompletesInTheFocus() throws {
    try start(["-q"])
    waitForPrompt(1)
    try run("append Food Drinks; append Fruit Fennel to Food; append Apple to Fruit")
    try type("focus Fruit")
    try press("Enter")
    waitFor("outline Food › Fruit>")
    try type("show F")
    try press("Tab")
    // Fennel and Food are outside the focus: nothing to complete, the line stays as typed.
    try type("x")
    waitFor("outline Food › Fruit> show Fx")
    try press("C-u")
    try type("unfocus")
    try press("Enter")
    waitForPrompt(2)
    XCTAssertTrue(screen().hasSuffix("outline Food › Fruit> unfocus\noutline>"), screen())
  }

  /// `@` then Tab lists the visible rows with their titles.
  func testTabListsRowsWithTheirTitles() throws {
    try start(["--no-banner", "--output", "quiet"])
    waitForPrompt(1)
    try run(#"append Food "Green tea" Drinks"#)
    try type("delete @")
    // readline rings at the first Tab that adds nothing and lists at the next.
    try press("Tab")
    try press("Tab")
    waitFor("the rows with their titles") {
      $0.contains("@0 Food") && $0.contains("@1 Green tea") && $0.contains("@2 Drinks")
    }
    try type("1")
    try press("Enter")
    waitForPrompt(4)
    try run("items")
    XCTAssertTrue(screen().hasSuffix("\nFood Drinks\noutline>"), screen())
  }

  func testCtrlCAbandonsTheLine() throws {
    try start()
    waitForPrompt(1)
    try type("append Half")
    waitFor("outline> append Half")
    try press("C-c")
    waitForPrompt(2)
    try run("items")
    let lines = screen().split(separator: "\n")
    XCTAssertEqual(lines.last, "outline>")
    XCTAssertEqual(lines.dropLast().last, "(none)", "the abandoned line did not run:\n\(screen())")
    try press("C-d")
    waitFor("EXIT=0")
  }

  func testErrorAtThePromptHasNoLocationAndTheSessionGoesOn() throws {
    try start()
    waitForPrompt(1)
    try run("delete Nope")
    try run("say still here")
    let lines = screen().split(separator: "\n").map(String.init)
    let error = try XCTUnwrap(lines.first { $0.contains("error:") }, screen())
    XCTAssertTrue(error.hasPrefix("error: "), error)
    XCTAssertTrue(lines.contains("still here"), screen())
  }

  func testCtrlDOnAnEmptyLineEndsWithZero() throws {
    try start()
    waitForPrompt(1)
    try run("delete Nope")
    try press("C-d")
    waitFor("EXIT=0")
  }

  func testQuitEndsWithZero() throws {
    try start()
    waitForPrompt(1)
    try type("quit")
    try press("Enter")
    waitFor("EXIT=0")
  }

  /// A save of one section to its Markdown file leaves another section's new item unsaved:
  /// the first `quit` warns and names that section, the second ends (the tester's repro f0).
  func testQuitAfterSavingOneSectionWarnsOfAnotherSection() throws {
    let file = home + "/sec.md"
    try "- a\n- b\n  - c\n".write(toFile: file, atomically: true, encoding: .utf8)
    try start(["--history", "/dev/null", "-q"])
    waitForPrompt(1)
    try run(
      "load \"\(file)\"; section add S; section use S; append Important; "
        + "section use main")
    try run("save")
    try type("quit")
    try press("Enter")
    waitFor("in section S (no file): \"section use S\" then \"save FILE\" keeps them")
    XCTAssertFalse(screen().contains("EXIT="), screen())
    try type("quit")
    try press("Enter")
    waitFor("EXIT=0")
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "- a\n- b\n  - c\n")
  }

  func testHistoryFileHoldsTheLinesTyped() throws {
    try start()
    waitForPrompt(1)
    try run("append Food Drinks")
    try run("say hello")
    try run("")
    // The outline changed and was never saved: the first Ctrl-D warns, the second ends.
    try press("C-d")
    waitFor("changes that were never saved")
    XCTAssertFalse(screen().contains("EXIT="), screen())
    try press("C-d")
    waitFor("EXIT=0")
    let history = try String(contentsOfFile: home + "/state/outline/history", encoding: .utf8)
    XCTAssertEqual(history, "append Food Drinks\nsay hello\n")

    // A second session reads it back: Up recalls the last line.
    try tmux.run(["kill-server"])
    try start()
    waitForPrompt(1)
    try press("Up")
    waitFor("outline> say hello")
  }

  func testHistoryDevNullKeepsNoHistory() throws {
    try start(["--history", "/dev/null"])
    waitForPrompt(1)
    try run("say hello")
    try press("C-d")
    waitFor("EXIT=0")
    XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/state/outline/history"))
  }

  func testBannerAndPromptStayOutOfRedirectedOutput() throws {
    let output = home + "/out.txt"
    try start(redirect: "> \(TmuxServer.quoted(output))")
    waitForPrompt(1)
    try run("say hello")
    try press("C-d")
    waitFor("EXIT=0")
    XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "hello\n")
    XCTAssertTrue(screen().hasPrefix("outline 0.1.0: "), screen())
  }

  /// Color is for a terminal: error lines redirected to a file are plain even when standard
  /// output is a terminal.
  func testErrorLinesRedirectedToAFileHaveNoColor() throws {
    let errors = home + "/errors.txt"
    try start(["-c", "append A; bogus"], redirect: "2> \(TmuxServer.quoted(errors))", color: true)
    waitFor("EXIT=1")
    let text = try String(contentsOfFile: errors, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("<command line>:1: "), text)
    XCTAssertFalse(text.contains("\u{1B}"), "escape codes in a file: \(text.debugDescription)")
  }

  /// With standard output piped (`outline | tee log`), each command's output is flushed before
  /// the shell waits for the next line, so the person at the terminal sees it at once.
  ///
  /// The output goes through `cat` while the prompt goes straight to the terminal, so the two
  /// may land in either order: the test looks for `hello` anywhere after the command.
  func testOutputThroughAPipeAppearsAtOnce() throws {
    try start(redirect: "| cat")
    waitForPrompt(1)
    try type("say hello")
    try press("Enter")
    waitFor("the output of say hello", timeout: 3) { screen in
      guard let command = screen.range(of: "outline> say hello\n") else { return false }
      return screen[command.upperBound...].contains("hello")
    }
    try press("C-d")
    waitFor("EXIT=0")
  }
}
