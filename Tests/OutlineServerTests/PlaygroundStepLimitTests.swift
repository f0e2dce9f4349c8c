import Foundation
import OutlineServer
import XCTest

/// The steps and items a session keeps are bounded (`Playground.Limits.steps`, `.items`): a
/// line that would pass a limit is refused whole, typed or `source`d, and leaves the session
/// as it was.
final class PlaygroundStepLimitTests: XCTestCase {
  private func fixture(steps: Int, allowedDirectory: String? = nil) throws -> PlaygroundFixture {
    var limits = Playground.Limits()
    limits.steps = steps
    return try PlaygroundFixture(limits: limits, allowedDirectory: allowedDirectory)
  }

  func testDefaultLimitsAreTwoThousandStepsAndTwentyThousandItems() {
    XCTAssertEqual(Playground.Limits().steps, 2_000)
    XCTAssertEqual(Playground.Limits().items, 20_000)
  }

  func testLineThatLeavesMoreItemsThanTheLimitIsUndoneWhole() throws {
    var limits = Playground.Limits()
    limits.items = 5
    let fixture = try PlaygroundFixture(limits: limits)
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A B", at: 0)
    let script = fixture.script(tab)
    let message =
      "error: a session holds at most 5 items, and this line would leave more: nothing of it "
      + "was kept. Step back and continue from an earlier step, or download the session and "
      + "reload the page for a new one."
    // One command past it, the last of its line or followed by more; in a batch too.
    for line in [
      "append C D E F", "append C D E F; count; append G", "append C; append D E F",
      "begin; append C D E F", "append C; duplicate C; duplicate C; duplicate C",
    ] {
      let answer = try fixture.run(tab, line, at: 1)
      XCTAssertEqual(answer["at"] as? Int, 1, line)
      XCTAssertEqual(PlaygroundFixture.commands(answer), [], line)
      XCTAssertEqual(PlaygroundFixture.output(answer), [message], line)
      XCTAssertEqual(fixture.script(tab), script, "\(line) changed the session")
    }
    let check = try fixture.run(tab, "expect items A B", at: 1)
    XCTAssertEqual(PlaygroundFixture.output(check).filter { $0.contains("error") }, [])
    let upTo = try fixture.run(tab, "append C D E", at: 2)
    XCTAssertEqual(PlaygroundFixture.commands(upTo), ["append C D E"], "5 items: at the limit")
  }

  func testLineUpToTheLimitRunsAndOnePastItIsRefusedWithNothingChanged() throws {
    let fixture = try fixture(steps: 5)
    let tab = try fixture.openTab()
    let first = try fixture.run(tab, "append A; append B; append C", at: 0)
    XCTAssertEqual(PlaygroundFixture.commands(first).count, 3)
    let script = fixture.script(tab)
    for (line, at) in [
      ("append D; append E; append F", 3), ("count;count;count;count;count;count", 0),
    ] {
      let body = try JSONSerialization.data(
        withJSONObject: ["session": tab, "line": line, "at": at])
      let refused = fixture.send("POST", "/api/run", body: String(decoding: body, as: UTF8.self))
      XCTAssertEqual(refused.status, 413, line)
      XCTAssertEqual(
        refused.text,
        #"{"error":"a session holds at most 5 steps, and this line would make more: nothing of "#
          + #"it was kept. Step back and continue from an earlier step, or download the "#
          + #"session and reload the page for a new one."}"#, line)
      XCTAssertEqual(fixture.script(tab), script, "\(line) changed the session")
    }
    // Semicolons inside quotes are no separators: the exact count lets this line through.
    let quoted = try fixture.run(tab, #"append "x;y;z;w" E"#, at: 3)
    XCTAssertEqual(PlaygroundFixture.commands(quoted), [#"append "x;y;z;w" E"#])
    let last = try fixture.run(tab, "count", at: 4)
    XCTAssertEqual(PlaygroundFixture.commands(last), ["count"])
    let full = fixture.send(
      "POST", "/api/run", body: #"{"session":"\#(tab)","line":"count","at":5}"#)
    XCTAssertEqual(full.status, 413)
    // Continuing from an earlier step is within the limit again.
    let earlier = try fixture.run(tab, "count; count", at: 3)
    XCTAssertEqual(earlier["at"] as? Int, 3)
    XCTAssertEqual(PlaygroundFixture.commands(earlier), ["count", "count"])
  }

  func testSourcedFilePastTheLimitIsUndoneWhole() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-limit-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let lines = (1...300).map { "append r\($0)" }.joined(separator: "\n") + "\n"
    try Data(lines.utf8).write(to: directory.appendingPathComponent("huge.outline"))
    try Data("append s1\nappend s2\n".utf8).write(
      to: directory.appendingPathComponent("small.outline"))
    let fixture = try fixture(steps: 10, allowedDirectory: directory.path)
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    let script = fixture.script(tab)
    let answer = try fixture.run(tab, "source huge.outline", at: 1)
    XCTAssertEqual(answer["at"] as? Int, 1)
    XCTAssertEqual(PlaygroundFixture.commands(answer), [])
    XCTAssertEqual(
      PlaygroundFixture.output(answer),
      [
        "error: a session holds at most 10 steps, and this line would make more: nothing of "
          + "it was kept. Step back and continue from an earlier step, or download the session "
          + "and reload the page for a new one."
      ])
    XCTAssertEqual(fixture.script(tab), script, "the sourced file's steps were kept")
    let check = try fixture.run(tab, "expect items A", at: 1)
    XCTAssertEqual(PlaygroundFixture.output(check).filter { $0.contains("error") }, [])
    let small = try fixture.run(tab, "source small.outline", at: 2)
    XCTAssertEqual(
      PlaygroundFixture.commands(small).filter { $0.hasPrefix("append") },
      ["append s1", "append s2"])
  }

  func testScriptPastTheLimitIsRefusedAndMakesNoSession() throws {
    var limits = Playground.Limits()
    limits.steps = 3
    let fixture = try PlaygroundFixture(
      limits: limits, script: ("long.outline", "append A\nappend B\nappend C\nappend D\n"))
    let page = fixture.send("GET", "/")
    XCTAssertEqual(page.status, 413)
    XCTAssertEqual(
      page.text,
      #"{"error":"long.outline makes more than 3 steps or 20000 items, the most a session "#
        + #"holds: start 'outline serve' with a shorter script (or see the whole run as a "#
        + #"static page with 'outline --emit-html long.outline')."}"#)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
    limits.sessions = 1
    let short = try PlaygroundFixture(
      limits: limits, script: ("short.outline", "append A\nappend B\nappend C\n"))
    let tab = try short.openTab()
    XCTAssertEqual(
      short.script(tab),
      "# A session of outline's playground (outline serve).\nappend A\nappend B\nappend C\n")
  }
}
