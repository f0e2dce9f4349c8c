import Foundation
import OutlineLanguage
import OutlineServer
import XCTest

/// The script download replays the session: a command that failed as `expect error`, a line
/// that did not parse as a comment (it made no step), so that `outline SCRIPT` and `outline
/// serve SCRIPT` reach the same steps and the same outline.
final class PlaygroundSessionDownloadsTests: XCTestCase {
  /// The tester's session: `append A; apend B`, `append B`, `delete Nope`, `append C`.
  private func typedSession() throws -> (PlaygroundFixture, String) {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let first = try fixture.run(tab, "append A; apend B", at: 0)
    XCTAssertEqual(PlaygroundFixture.commands(first), ["append A"], "apend B made no step")
    XCTAssertTrue(
      PlaygroundFixture.output(first).contains { $0.hasPrefix("error:") && $0.contains("apend") },
      "\(PlaygroundFixture.output(first))")
    _ = try fixture.run(tab, "append B", at: 1)
    let failed = try fixture.run(tab, "delete Nope", at: 2)
    XCTAssertEqual(
      PlaygroundFixture.commands(failed), ["delete Nope"], "a failed command is a step")
    _ = try fixture.run(tab, "append C", at: 3)
    return (fixture, tab)
  }

  func testALineThatDoesNotParseMakesNoStepAndChangesNothing() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    let typo = try fixture.run(tab, "apend B", at: 1)
    XCTAssertEqual(PlaygroundFixture.commands(typo), [])
    XCTAssertEqual(typo["at"] as? Int, 1)
    XCTAssertEqual(
      PlaygroundFixture.output(try fixture.run(tab, "show", at: 1)), ["0•   A"],
      "nothing changed, and the next command is step 2")
    XCTAssertEqual(
      fixture.send("POST", "/api/run", body: #"{"session":"\#(tab)","line":"show","at":3}"#).status,
      400)
  }

  func testScriptDownloadChecksFailuresAndCommentsLinesThatDidNotParse() throws {
    let (fixture, tab) = try typedSession()
    XCTAssertEqual(
      fixture.script(tab),
      "# A session of outline's playground (outline serve).\nappend A\n# did not parse: apend B\n"
        + "append B\nexpect error delete Nope\nappend C\n")
    XCTAssertEqual(
      fixture.script(tab, at: 2),
      "# A session of outline's playground (outline serve).\nappend A\n# did not parse: apend B\n"
        + "append B\n")
  }

  func testScriptDownloadServedAgainGivesTheSameStepsAndOutline() throws {
    let (fixture, tab) = try typedSession()
    let script = fixture.script(tab)
    let replay = try PlaygroundFixture(script: ("playground.outline", script))
    let again = try replay.openTab()
    XCTAssertEqual(
      try Self.stepChanges(replay, again), try Self.stepChanges(fixture, tab),
      "the same steps, each changing the same rows")
    XCTAssertEqual(
      replay.send("POST", "/api/run", body: #"{"session":"\#(again)","line":"show","at":5}"#)
        .status, 400, "no more steps than the session had")
    XCTAssertEqual(
      PlaygroundFixture.output(try replay.run(again, "show", at: 4)),
      PlaygroundFixture.output(try fixture.run(tab, "show", at: 4)))
    XCTAssertEqual(
      PlaygroundFixture.output(try replay.run(again, "show", at: 4)),
      ["0    A", "1    B", "2•   C"])
  }

  func testScriptDownloadRunsToTheEndAsAScript() throws {
    let (fixture, tab) = try typedSession()
    let session = Session(fileSystem: MemoryFileSystem())
    var errors: [String] = []
    let end = session.runScript(
      fixture.script(tab), file: "playground.outline",
      options: ScriptOptions { outcome, _ in
        if let error = outcome.error { errors.append(error.message) }
      })
    XCTAssertEqual(end, .finished(failures: 0), "\(errors)")
    XCTAssertEqual(session.state.outline(of: "main").items, ["A", "B", "C"])
  }

  func testAFailureExpectErrorCannotCheckIsAComment() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-downloads-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fixture = try PlaygroundFixture(allowedDirectory: directory.path)
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    let refused = try fixture.run(tab, "save missing/out.outline", at: 1)
    XCTAssertEqual(PlaygroundFixture.commands(refused), ["save missing/out.outline"])
    XCTAssertEqual(
      fixture.script(tab),
      "# A session of outline's playground (outline serve).\nappend A\n"
        + "# failed: save missing/out.outline\n")
  }

  /// Each step's row changes, as the page's data holds them (`o`), from the static page the
  /// session downloads as.
  private static func stepChanges(_ fixture: PlaygroundFixture, _ tab: String) throws -> [String] {
    let page = fixture.send("GET", "/download?session=\(tab)&as=html").text
    let start = try XCTUnwrap(page.range(of: "id=\"run-data\">"))
    let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let data = Data(page[start.upperBound..<end.lowerBound].utf8)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
    return try steps.map { step in
      guard let changes = step["o"] else { return "no change" }
      return String(
        decoding: try JSONSerialization.data(withJSONObject: changes, options: .sortedKeys),
        as: UTF8.self)
    }
  }
}
