import Foundation
import OutlineTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The playground in a real browser: `outline serve` appends `BrowserDrivers/
/// playground-driver.js` to its page (`OUTLINE_PLAYGROUND_DRIVER`, read only by the tests), and
/// chromium-headless-shell opens the printed URL, follows the token's redirect with its cookie,
/// and runs the driver, which types commands, steps back, types at the earlier step and
/// downloads; the test reads what the driver saw from the dumped DOM.
///
/// The driver rides on the page rather than on the DevTools protocol: the shell's
/// `--dump-dom` then runs everything, with no client of the protocol to write here, and the
/// server answers as it does for a person (the token, the cookie, the Host field).
final class PlaygroundBrowserTests: XCTestCase {
  func testTypeCommandsSeeRowsAnimateStepBackContinueAndDownload() throws {
    let browser = try Self.browser()
    let driver = ServedPlayground.packageRoot.appendingPathComponent(
      "Tests/OutlineServerTests/BrowserDrivers/playground-driver.js"
    ).path
    let server = try ServedPlayground.start(environment: ["OUTLINE_PLAYGROUND_DRIVER": driver])
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
    let driver = ServedPlayground.packageRoot.appendingPathComponent(
      "Tests/OutlineServerTests/BrowserDrivers/playground-script-driver.js"
    ).path
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-script-" + UUID().uuidString + ".outline")
    try "append Food Drinks\nappend Apple to Food\nexpand Food\nsection add S2\nappend-items Tea\n"
      .write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = try ServedPlayground.start(
      [scratch.path], environment: ["OUTLINE_PLAYGROUND_DRIVER": driver])
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
    let driver = ServedPlayground.packageRoot.appendingPathComponent(
      "Tests/OutlineServerTests/BrowserDrivers/playground-line-driver.js"
    ).path
    let server = try ServedPlayground.start(environment: ["OUTLINE_PLAYGROUND_DRIVER": driver])
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
    XCTAssertEqual(reports["t-errors"], "", "no script error on the page")
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
    process.arguments = [
      "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--user-data-dir=" + scratch.appendingPathComponent("profile").path,
      "--virtual-time-budget=30000", "--run-all-compositor-stages-before-draw", "--dump-dom", url,
    ]
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
    let dom = try String(contentsOfFile: outputPath, encoding: .utf8)
    guard let reports = try BrowserReports.read(fromDOM: dom) else {
      throw RawHTTPClient.Failure(description: "no <html> element in the DOM: \(dom.prefix(300))")
    }
    return reports
  }
}
