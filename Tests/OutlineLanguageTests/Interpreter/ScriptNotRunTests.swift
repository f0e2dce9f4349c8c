import OutlineLanguage
import XCTest

/// `ScriptOptions.notRun`: the commands a failure leaves unrun on its line, at each level it
/// stops, and none with `keepGoing` or when the failure ends its line.
final class ScriptNotRunTests: XCTestCase {
  /// The commands reported unrun, as `FILE:LINE [COMMAND, …]`, and the commands run.
  func notRun(
    _ text: String, keepGoing: Bool = false, files: [String: String] = [:]
  ) -> (notRun: [String], ran: [String]) {
    let session = Session(fileSystem: MemoryFileSystem(files))
    var ran: [String] = []
    var notRun: [String] = []
    var options = ScriptOptions(keepGoing: keepGoing) { outcome, _ in ran.append(outcome.command) }
    options.notRun = { commands, location in notRun.append("\(location) \(commands)") }
    _ = session.runScript(text, file: "s", options: options)
    return (notRun, ran)
  }

  func testAFailureNamesTheCommandsAfterItOnItsLine() {
    let run = notRun("append A B; expand Nope; append C; show\nappend D")
    XCTAssertEqual(run.notRun, [#"s:1 ["append C", "show"]"#])
    XCTAssertEqual(run.ran, ["append A B", "expand Nope"], "nothing after the failure ran")
  }

  func testALineThatDoesNotParseCountsAsTheFailure() {
    let run = notRun("append A; apend B; count")
    XCTAssertEqual(run.notRun, [#"s:1 ["count"]"#])
  }

  func testAFailureThatEndsItsLineOrAKeptGoingScriptNamesNothing() {
    XCTAssertEqual(notRun("append A; expand Nope\nappend C").notRun, [])
    let kept = notRun("append A; expand Nope; append C", keepGoing: true)
    XCTAssertEqual(kept.notRun, [])
    XCTAssertEqual(kept.ran.last, "append C")
  }

  func testAFailureInsideASourceNamesTheRestOfEachLineItStops() {
    let run = notRun(
      "source inner.outline; append Z", files: ["inner.outline": "append A; expand Nope; count\n"])
    XCTAssertEqual(
      run.notRun, [#"inner.outline:1 ["count"]"#, #"s:1 ["append Z"]"#])
  }
}
