import Foundation
import OutlineServer
import XCTest

/// `Playground.scriptProblems()`: what `outline serve SCRIPT` prints on standard error as it
/// starts, from a run of SCRIPT in a session that no tab sees.
final class PlaygroundScriptTests: XCTestCase {
  func testAFailedCommandIsReportedWithItsFileAndLineAndPagesStillOpen() throws {
    let fixture = try PlaygroundFixture(
      script: ("bad.outline", "append A B\ndelete Zz\nappend C\n"))
    XCTAssertEqual(
      fixture.playground.scriptProblems(),
      ["bad.outline:2: error: Failed to find index of item Zz in section snapshot"])
    XCTAssertEqual(fixture.playground.sessionCount, 0, "the run's session is no tab's")
    let tab = try fixture.openTab()
    XCTAssertEqual(
      fixture.script(tab).split(separator: "\n").dropFirst(),
      ["append A B", "expect error delete Zz"], "the page's steps stop at the failed one")
  }

  func testAFailureInASourcedFileNamesThatFileAndARefusedFileCommandItsLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-script-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("append A\nappend A\n".utf8).write(to: directory.appendingPathComponent("lib.outline"))
    let script = ("start.outline", "say hello\nsource lib.outline\n")
    let allowed = try PlaygroundFixture(allowedDirectory: directory.path, script: script)
    XCTAssertEqual(
      allowed.playground.scriptProblems(),
      [
        "lib.outline:2: error: Identifiers in a section snapshot must be unique. Duplicate item "
          + "identifiers: A (A is already in section main)"
      ])
    let refused = try PlaygroundFixture(script: script)
    let problems = refused.playground.scriptProblems()
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].hasPrefix("start.outline:2: error: "), "\(problems)")
    XCTAssertTrue(problems[0].contains("--allow-files"), "\(problems)")
  }

  func testAScriptThatRunsWholeOrNoScriptReportsNothing() throws {
    XCTAssertEqual(
      try PlaygroundFixture(script: ("good.outline", "append A\nexpect items A\n")).playground
        .scriptProblems(), [])
    XCTAssertEqual(try PlaygroundFixture().playground.scriptProblems(), [])
  }

  func testAScriptPastTheLimitIsReportedAsEveryPageRefusesIt() throws {
    var limits = Playground.Limits()
    limits.steps = 3
    let fixture = try PlaygroundFixture(
      limits: limits, script: ("long.outline", "append A\nappend B\nappend C\nappend D\n"))
    XCTAssertEqual(
      fixture.playground.scriptProblems(),
      [
        "error: long.outline makes more than 3 steps or 20000 items, the most a session holds: "
          + "start 'outline serve' with a shorter script (or see the whole run as a static page "
          + "with 'outline --emit-html long.outline')."
      ])
    XCTAssertEqual(fixture.send("GET", "/").status, 413)
  }
}
