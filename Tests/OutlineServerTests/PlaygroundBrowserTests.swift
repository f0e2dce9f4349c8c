import Foundation
import OutlineTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The playground in a real browser: `outline serve` appends a driver to its page
/// (`OUTLINE_PLAYGROUND_DRIVER`, read only by the tests: `BrowserDrivers/playground-common.js`
/// then the test's own, as `ServedPlayground.start(driver:in:)` writes them), and
/// chromium-headless-shell opens the printed URL, follows the token's redirect with its cookie,
/// and runs the driver, which types commands, steps back, types at the earlier step and
/// downloads; the test reads what the driver saw from the dumped DOM.
///
/// The driver rides on the page rather than on the DevTools protocol: the shell's
/// `--dump-dom` then runs everything, and the server answers as it does for a person (the
/// token, the cookie, the Host field). A page that never goes quiet (the full playground's,
/// which reloads itself) is driven through the protocol instead:
/// `PlaygroundFullPageBrowserTests`.
final class PlaygroundBrowserTests: XCTestCase {
  func testTypeCommandsSeeRowsAnimateStepBackContinueAndDownload() throws {
    let browser = try Self.browser()
    let server = try ServedPlayground.start(driver: "playground-driver.js", in: self)
    defer { server.stop() }
    let reports = try Self.dumpReports(browser: browser, url: server.url)
    XCTAssertEqual(reports["t-done"], "yes", "\(reports)")
    XCTAssertEqual(reports["t-start"], "No steps")
    XCTAssertNotEqual(reports["t-animations-1"], "0", "the first command's rows animate")
    XCTAssertEqual(reports["t-rows-1"], #"["Food:inserted","Drinks:inserted"]"#)
    XCTAssertEqual(reports["t-position-1"], "Step 1 of 1")
    XCTAssertEqual(
      reports["t-rows-3"], #"["Food:changed","Apple:inserted","Pear:inserted","Drinks"]"#)
    XCTAssertEqual(reports["t-position-3"], "Step 3 of 3")
    XCTAssertEqual(reports["t-back"], #"Step 1 of 3 ["Food:inserted","Drinks:inserted"]"#)
    XCTAssertEqual(
      reports["t-continued"], #"Step 3 of 3 ["Food","Drinks:changed","Milk:inserted"]"#)
    XCTAssertEqual(
      reports["t-list"], #"["append Food Drinks","append Milk to Drinks","expand Drinks"]"#)
    XCTAssertEqual(reports["t-failed"], "Step 4 of 4 ✗ failed")
    XCTAssertEqual(reports["t-refused"], "Step 4 of 4 1", "load refused, no step added")
    XCTAssertEqual(
      reports["t-script"],
      "# A session of outline's playground (outline serve).\nappend Food Drinks\n"
        + "append Milk to Drinks\nexpand Drinks\n")
    XCTAssertEqual(reports["t-html"], "static page")
    XCTAssertEqual(reports["t-swift"], "test")
    XCTAssertEqual(
      reports["t-asked"], "Which rows does the collection view insert, remove or move?")
    XCTAssertEqual(reports["t-wrong"], "Score: 0 of 1 right")
    XCTAssertEqual(reports["t-right"], "Score: 1 of 2 right")
    XCTAssertEqual(
      reports["t-asked-again"], "asked Score: 0 of 1 right",
      "a line at an earlier step drops the later step's answer and asks anew")
    XCTAssertEqual(
      reports["t-output-top"], "scrolled, first line whole",
      "the output pane, scrolled to its end, cuts no line at its top")
    XCTAssertEqual(reports["t-errors"], "", "no script error on the page")
    XCTAssertTrue(server.isRunning)
  }

  func testScriptOpensAtItsLastStepWarnsBeforeDroppingAndAsksEveryNewStep() throws {
    let browser = try Self.browser()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-script-" + UUID().uuidString + ".outline")
    try "append Food Drinks\nappend Apple to Food\nexpand Food\nsection add S2\nappend-items Tea\n"
      .write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = try ServedPlayground.start(
      [scratch.path], driver: "playground-script-driver.js", in: self)
    defer { server.stop() }
    let reports = try Self.dumpReports(browser: browser, url: server.url)
    XCTAssertEqual(reports["t-done"], "yes", "\(reports)")
    XCTAssertEqual(reports["t-start"], "Step 5 of 5 (hidden)")
    XCTAssertEqual(reports["t-continued"], "Step 6 of 6")
    XCTAssertEqual(
      reports["t-note"],
      "You are at step 3 of 6: a line typed here continues from it and drops steps 4–6, as "
        + "undo then a command does.Go to step 6")
    XCTAssertEqual(
      reports["t-asked"],
      "Step 3 of 6 nothing sent | This line would drop steps 4–6 (you are at step 3 of 6): "
        + "press Return again to run it, or go to step 6 first to keep them.")
    XCTAssertEqual(reports["t-moved-then-asked"], "asked again", "stepping asks anew")
    XCTAssertEqual(reports["t-dropped"], "Step 4 of 4 (hidden)")
    XCTAssertEqual(reports["t-quiz-first"], "Step 5 of 6 asked", "the line's first step asks")
    XCTAssertEqual(reports["t-quiz-second"], "Step 6 of 6 asked Score: 1 of 1 right")
    XCTAssertEqual(
      reports["t-reload"],
      "Step 10 of 10 not asked 0 [] The visible rows after, replaced at once: reloadData "
        + "computes no difference, so no row is inserted, removed or moved, and nothing animates.")
    XCTAssertEqual(
      reports["t-reload-last"], "Step 11 of 11 not asked 0 [] 0",
      "last asks nothing and, after a reload-data apply, shows no transaction")
    XCTAssertEqual(reports["t-errors"], "", "no script error on the page")
  }

  /// A line of several steps shows its last step with that step's own change only (a query's
  /// step, two edits' second, a failed command's, a narration's), and so does each step when
  /// stepping back and forth across it.
  func testEachStepOfALineAnimatesOnlyItsOwnChange() throws {
    let browser = try Self.browser()
    let server = try ServedPlayground.start(driver: "playground-line-driver.js", in: self)
    defer { server.stop() }
    let reports = try Self.dumpReports(browser: browser, url: server.url)
    XCTAssertEqual(reports["t-done"], "yes", "\(reports)")
    let animates = "The visible rows, as the collection view animates them."
    let unchanged = "The visible rows: no change."
    XCTAssertEqual(
      reports["t-query"], #"Step 3 of 3 ["A","C"] ghosts [] | "# + unchanged + " | moving []",
      "the query's step shows no row removed or inserted")
    XCTAssertEqual(
      reports["t-query-back"],
      #"Step 2 of 3 ["A","C"] ghosts ["B"] | "# + animates + #" | moving ["ghost B folds"]"#,
      "stepping back to delete B shows B removed")
    XCTAssertEqual(reports["t-query-forth"], reports["t-query"])
    XCTAssertEqual(
      reports["t-two-edits"],
      #"Step 5 of 5 ["C","D"] ghosts ["A"] | "# + animates + #" | moving ["ghost A folds"]"#,
      "the last step shows delete A's change, not append D's")
    XCTAssertEqual(
      reports["t-two-edits-back"],
      #"Step 4 of 5 ["A","C","D:inserted"] ghosts [] | "# + animates + #" | moving ["D unfolds"]"#)
    XCTAssertEqual(reports["t-two-edits-forth"], reports["t-two-edits"])
    XCTAssertEqual(
      reports["t-failed"], #"Step 7 of 7 ["D"] ghosts [] | "# + unchanged + " | moving []",
      "a failed command's step shows no change, not delete C's")
    XCTAssertEqual(
      reports["t-say"],
      #"Step 10 of 10 ["E","F:inserted"] ghosts [] | "# + animates + #" | moving ["F unfolds"]"#,
      "a say waits for the next command: the last step is append F, shown with its own change")
    let warning =
      "warning: W is already in the snapshot: appendItems moves it into place, and UIKit logs "
      + "this as a bug in the app (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_"
      + "EXISTS, a costlier update); moveItem (move-item) is the call that moves an item"
    XCTAssertEqual(
      reports["t-warned"], "[\"\(warning)\",\"\(warning)\"]",
      "the warning in the log, styled as one, and on its step")
    XCTAssertEqual(
      reports["t-warning-style"], "rgb(154, 103, 0) rgb(154, 103, 0)", "warning's amber, not red")
    XCTAssertEqual(reports["t-no-warning-before"], "0", "the step before warned of nothing")
    XCTAssertEqual(reports["t-errors"], "", "no script error on the page")
  }

  /// The quiz in the playground: the log tells no answer before the learner gives it, a line
  /// typed while a line's later steps are still to be asked loses none of them, gestures ask
  /// whether they run (plain or under `expect error`), a failure names the commands its
  /// line did not run, and a step run with the quiz off is asked once it is turned on.
  func testTheQuizHoldsBackTheLogLosesNoStepAsksWhetherAGestureRunsAndFetchesQuestions() throws {
    let browser = try Self.browser()
    let server = try ServedPlayground.start(driver: "playground-quiz-driver.js", in: self)
    defer { server.stop() }
    let reports = try Self.dumpReports(browser: browser, url: server.url)
    XCTAssertEqual(reports["t-done"], "yes", "\(reports)")
    func log(_ name: String) throws -> [String] {
      try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data((reports["t-" + name] ?? "").utf8)) as? [String],
        name)
    }
    let rows = "Which rows does the collection view insert, remove or move?"
    let gesture = "Which handlers does UIKit call? | Does the gesture run?"
    let held = { (step: Int) in "step \(step): answer the question above to see its result" }
    XCTAssertEqual(reports["t-first"], "Step 1 of 2 | " + rows)
    XCTAssertEqual(
      try log("held"),
      ["> append Food Drinks; append Apple Pear to Food", held(1), held(2)],
      "nothing of either step's output shows while they are to be asked")
    XCTAssertEqual(
      reports["t-note"],
      "The quiz has step 2 still to ask (→ goes on): a line typed now runs after step 2, "
        + "dropping nothing.")
    XCTAssertEqual(
      reports["t-continued"],
      "Step 2 of 3 not asked to drop append Food Drinks, append Apple Pear to Food, expand Food",
      "the line ran after step 2 and the page asks step 2")
    XCTAssertEqual(reports["t-none-asked"], rows + " | Food=stays Drinks=stays")
    let skipped = try log("skipped")
    XCTAssertTrue(skipped.contains("  + 0 Food"), "step 1, stepped past, shows: \(skipped)")
    XCTAssertEqual(Array(skipped.suffix(3)), [held(2), "> expand Food", held(3)])
    let answered = try XCTUnwrap(reports["t-answered"])
    XCTAssertTrue(answered.hasPrefix("Score: 1 of 1 right | "), answered)
    XCTAssertTrue(answered.contains("rows: none"), "step 2's output, answered: \(answered)")
    XCTAssertFalse(answered.contains("shouldExpandItem"), "step 3's is still held: \(answered)")
    XCTAssertTrue(answered.hasSuffix(held(3)), answered)
    XCTAssertEqual(reports["t-gesture"], "Step 3 of 3 | " + gesture)
    let gestureAnswered = try XCTUnwrap(reports["t-gesture-answered"])
    XCTAssertTrue(gestureAnswered.hasPrefix("Score: 2 of 2 right | "), gestureAnswered)
    XCTAssertTrue(gestureAnswered.contains("shouldExpandItem(Food) -> true"), gestureAnswered)
    XCTAssertEqual(
      reports["t-failing"],
      "Step 5 of 5 | " + gesture + " | Step 5 of 5: expand Pip | listed failed: ",
      "nothing says the tap failed before the answer")
    let failingHeld = try log("failing-held")
    XCTAssertEqual(failingHeld.last, held(5))
    XCTAssertFalse(failingHeld.contains { $0.contains("not on a visible row") }, "\(failingHeld)")
    XCTAssertEqual(reports["t-failing-answered"], "Score: 4 of 4 right | listed failed: expand Pip")
    XCTAssertEqual(
      reports["t-expected"],
      gesture + #" | [{"k":"fails","c":[["expect error expand Pip","notVisible"]]}]"#)
    XCTAssertEqual(
      try log("expected-wrong"),
      ["✗ expect error expand Pip: fails: notVisible (on no visible row) (you said runs)"])
    XCTAssertEqual(reports["t-not-run"], "note: 2 commands not run: append Y; count")
    XCTAssertEqual(reports["t-print-hides-playground"], "yes")
    // The quiz off: the step comes without its question, and nothing is asked; on again, the
    // page fetches the questions and asks the step shown.
    XCTAssertEqual(reports["t-quiz-off"], "Step 9 of 9 | nq no q | asked: 0")
    XCTAssertEqual(
      reports["t-quiz-on-again"],
      "Step 9 of 9 | " + rows + " | 0 without questions | "
        + "Food=stays Apple=stays Pear=stays Drinks=stays X=stays Z=inserted")
    XCTAssertEqual(reports["t-quiz-on-answered"], "Score: 4 of 5 right -> Score: 5 of 6 right")
    XCTAssertEqual(reports["t-errors"], "", "no script error on the page")
  }

  /// Printed, the playground is its steps as the static page prints them: no command line,
  /// Run button, output or downloads.
  func testThePrintedPlaygroundHoldsItsStepsAndNoCommandLine() throws {
    let browser = try Self.browser()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-print-" + UUID().uuidString + ".outline")
    try "append North South\ndelete South\n".write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = try ServedPlayground.start([scratch.path])
    defer { server.stop() }
    guard let text = try Self.printedText(browser: browser, url: server.url) else {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("pdftotext is missing and CI=true: install poppler-utils")
      }
      return
    }
    let first = try XCTUnwrap(text.range(of: "Step 1 of 2: append North South"), text)
    XCTAssertNotNil(
      text.range(of: "Step 2 of 2: delete South", range: first.upperBound..<text.endIndex))
    for control in ["Download the session", "append Food Drinks", "Run", "Type a command"] {
      XCTAssertFalse(text.contains(control), "\(control) is printed: \(text)")
    }
  }

  /// chromium-headless-shell, a skip when it is missing outside CI, a failure in CI.
  static func browser() throws -> String {
    if let path = ProcessInfo.processInfo.environment["CHROMIUM_HEADLESS_SHELL"], !path.isEmpty {
      return path
    }
    for path in [
      "/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell",
      "/usr/lib/chromium-headless-shell/chromium-headless-shell",
    ] where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      throw RawHTTPClient.Failure(description: "chromium-headless-shell is missing and CI=true")
    }
    throw XCTSkip("chromium-headless-shell is not installed: the playground's browser test")
  }

  /// Opens `url` in the browser and answers the root element's `data-*` attributes once the
  /// page went quiet.
  static func dumpReports(browser: String, url: String) throws -> [String: String] {
    let dom = try run(browser: browser, ["--dump-dom", url])
    guard let reports = try BrowserReports.read(fromDOM: dom) else {
      throw RawHTTPClient.Failure(description: "no <html> element in the DOM: \(dom.prefix(300))")
    }
    return reports
  }

  /// The text of the page at `url` as the browser prints it (print media, the page's
  /// `beforeprint` handler run first); nil without pdftotext.
  static func printedText(browser: String, url: String) throws -> String? {
    let pdf = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-print-" + UUID().uuidString + ".pdf"
    ).path
    defer {
      try? FileManager.default.removeItem(atPath: pdf)
      try? FileManager.default.removeItem(atPath: pdf + ".txt")
    }
    _ = try run(browser: browser, ["--no-pdf-header-footer", "--print-to-pdf=" + pdf, url])
    return try PDFText.read(pdf)
  }

  /// Runs the browser with `arguments` after the flags every run needs, in a profile of its
  /// own; answers its standard output.
  static func run(browser: String, _ arguments: [String]) throws -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-browser-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputPath = scratch.appendingPathComponent("dom.html").path
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    defer { try? output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser)
    process.arguments =
      [
        "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=" + scratch.appendingPathComponent("profile").path,
        "--virtual-time-budget=30000", "--run-all-compositor-stages-before-draw",
      ] + arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(180)
    while process.isRunning && Date() < deadline { usleep(50_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw RawHTTPClient.Failure(description: "chromium-headless-shell did not finish in 180 s")
    }
    return try String(contentsOfFile: outputPath, encoding: .utf8)
  }
}
