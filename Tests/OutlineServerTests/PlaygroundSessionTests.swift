import Foundation
import OutlineServer
import XCTest

/// A tab's session through the handler: each answer carries only its step, the history steps
/// back and a command there continues from it, `quit` ends only its tab, the downloads.
final class PlaygroundSessionTests: XCTestCase {
  func testEachAnswerCarriesOnlyItsStepAndTheTextOutput() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let first = try fixture.run(tab, "append Food Drinks", at: 0)
    XCTAssertEqual(first["at"] as? Int, 0)
    XCTAssertEqual(PlaygroundFixture.commands(first), ["append Food Drinks"])
    let step = try XCTUnwrap((first["steps"] as? [[String: Any]])?.first)
    XCTAssertEqual(step["ok"] as? Int, 1)
    XCTAssertNotNil(step["o"], "the rows the step changed")
    XCTAssertFalse(PlaygroundFixture.output(first).isEmpty)
    let second = try fixture.run(tab, "append Apple to Food; expand Food", at: 1)
    XCTAssertEqual(second["at"] as? Int, 1)
    XCTAssertEqual(PlaygroundFixture.commands(second), ["append Apple to Food", "expand Food"])
    XCTAssertEqual(second["ended"] as? Bool, false)
  }

  func testFailedCommandIsAStepWithItsErrorAndChangesNothing() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    let answer = try fixture.run(tab, "delete Nope", at: 1)
    let step = try XCTUnwrap((answer["steps"] as? [[String: Any]])?.first)
    XCTAssertEqual(step["ok"] as? Int, 0)
    XCTAssertTrue(
      PlaygroundFixture.output(answer).contains { $0.contains("error") }, "\(answer)")
    let after = try fixture.run(tab, "expect items A", at: 2)
    XCTAssertEqual(PlaygroundFixture.output(after).filter { $0.contains("error") }, [])
  }

  func testEachOutputLineNamesItsStepAndAFailureNamesTheCommandsItLeftUnrun() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append Food", at: 0)
    let answer = try fixture.run(tab, "append A B; expand Nope; append C; count", at: 1)
    XCTAssertEqual(PlaygroundFixture.commands(answer), ["append A B", "expand Nope"])
    let output = try XCTUnwrap(answer["output"] as? [[Any]])
    // Each line of a step carries that step's index (from 0), which the page's quiz holds
    // back while it asks the step; the note of the commands not run belongs to no step.
    let stepped = output.filter { $0.count == 3 }
    XCTAssertEqual(Set(stepped.compactMap { $0[2] as? Int }), [1, 2], "\(output)")
    XCTAssertTrue(stepped.contains { ($0[0] as? String)?.hasPrefix("error:") == true })
    XCTAssertEqual(
      output.last.map { $0.count }, 2, "the note is the last line, of no step: \(output)")
    XCTAssertEqual(
      output.last?.first as? String, "note: 2 commands not run: append C; count")
    XCTAssertEqual(output.last?[1] as? Int, 1)
  }

  func testCommandAtAnEarlierStepContinuesFromThereAndDropsTheLaterSteps() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    _ = try fixture.run(tab, "append B", at: 1)
    _ = try fixture.run(tab, "append C", at: 2)
    let answer = try fixture.run(tab, "append D", at: 1)
    XCTAssertEqual(answer["at"] as? Int, 1)
    XCTAssertEqual(PlaygroundFixture.commands(answer), ["append D"])
    let check = try fixture.run(tab, "expect items A D", at: 2)
    XCTAssertEqual(PlaygroundFixture.output(check).filter { $0.contains("error") }, [], "\(check)")
    XCTAssertEqual(
      fixture.script(tab).split(separator: "\n").dropFirst(),
      ["append A", "append D", "expect items A D"])
    // undo goes back to A alone: B and C left the history with their steps.
    _ = try fixture.run(tab, "undo", at: 3)
    let undone = try fixture.run(tab, "expect items A", at: 4)
    XCTAssertEqual(
      PlaygroundFixture.output(undone).filter { $0.contains("error") }, [], "\(undone)")
  }

  func testRulesAndQueriesRewindToo() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append Food; append Apple to Food", at: 0)
    _ = try fixture.run(tab, "rule no-expand Food", at: 2)
    let refused = try fixture.run(tab, "expand Food", at: 3)
    XCTAssertEqual(refused["at"] as? Int, 3)
    // From step 2, before the rule: the tap expands Food.
    let answer = try fixture.run(tab, "expand Food; expect visible Food Apple", at: 2)
    XCTAssertEqual(
      PlaygroundFixture.output(answer).filter { $0.contains("error") }, [], "\(answer)")
  }

  func testRulesWithNoRulesSaysSo() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let answer = try fixture.run(tab, "rules", at: 0)
    XCTAssertEqual(PlaygroundFixture.output(answer), ["(none)"], "\(answer)")
  }

  func testQuitEndsOnlyItsTab() throws {
    let fixture = try PlaygroundFixture()
    let one = try fixture.openTab()
    let two = try fixture.openTab()
    _ = try fixture.run(two, "append B", at: 0)
    let answer = try fixture.run(one, "append A; quit; append Never", at: 0)
    XCTAssertEqual(answer["ended"] as? Bool, true)
    XCTAssertFalse(PlaygroundFixture.commands(answer).contains("append Never"))
    XCTAssertEqual(fixture.playground.sessionCount, 1)
    XCTAssertEqual(fixture.send("GET", "/download?session=\(one)&as=script").status, 404)
    XCTAssertEqual(fixture.script(two).split(separator: "\n").dropFirst(), ["append B"])
    XCTAssertEqual(fixture.send("POST", "/api/quit", body: #"{"session":"\#(two)"}"#).status, 200)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
  }

  func testFileCommandsAreRefusedWithoutAllowFiles() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    for line in [
      "load /etc/passwd", "save x.outline", "import /etc/hostname", "export out.md",
      "source /etc/profile", "diff /etc/passwd", "append B; save y.outline", "save --all",
      // A command word quoted, or spelled with an escape, is the same command.
      "\"load\" /etc/passwd", "\"lo\\u{61}d\" /etc/passwd", "append B; \"sav\\u{65}\" z",
    ] {
      let answer = try fixture.run(tab, line, at: 1)
      XCTAssertEqual(PlaygroundFixture.commands(answer), [], line)
      let output = PlaygroundFixture.output(answer).joined()
      XCTAssertTrue(output.contains("--allow-files"), "\(line): \(output)")
    }
    // Refused at an earlier step, it drops nothing: the answer stands after every step.
    let earlier = try fixture.run(tab, "save x.outline", at: 0)
    XCTAssertEqual(earlier["at"] as? Int, 1)
    XCTAssertEqual(fixture.script(tab).split(separator: "\n").dropFirst(), ["append A"])
  }

  func testFileCommandsWithAllowFilesStayInsideTheDirectory() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-files-" + UUID().uuidString)
    let inside = root.appendingPathComponent("inside")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("secret\n".utf8).write(to: root.appendingPathComponent("outside.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: inside.appendingPathComponent("link.txt").path,
      withDestinationPath: root.appendingPathComponent("outside.txt").path)
    let fixture = try PlaygroundFixture(allowedDirectory: inside.path)
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append Food Drinks", at: 0)
    let saved = try fixture.run(tab, "save notes.outline", at: 1)
    XCTAssertEqual(
      PlaygroundFixture.output(saved).filter { $0.contains("error") }, [], "\(saved)")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: inside.appendingPathComponent("notes.outline").path))
    for line in [
      "import ../outside.txt", "import link.txt", "save ../escaped.outline",
      "import \(root.path)/outside.txt", "save sub/../../escaped2.outline",
    ] {
      let answer = try fixture.run(tab, line, at: 2)
      let output = PlaygroundFixture.output(answer).joined(separator: "\n")
      XCTAssertTrue(output.contains("error"), "\(line): \(output)")
      XCTAssertFalse(output.contains("secret"), line)
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("escaped.outline").path))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("escaped2.outline").path))
    let loaded = try fixture.run(tab, "load notes.outline; expect items Food Drinks", at: 2)
    XCTAssertEqual(
      PlaygroundFixture.output(loaded).filter { $0.contains("error") }, [], "\(loaded)")
  }

  func testEditIsRefusedWithOrWithoutAllowFilesAndChangesNothing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-edit-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("append Typed\nedit\n".utf8).write(
      to: directory.appendingPathComponent("edits.outline"))
    for allowed in [nil, directory.path] {
      let fixture = try PlaygroundFixture(allowedDirectory: allowed)
      let tab = try fixture.openTab()
      _ = try fixture.run(tab, "append Food; append Apple to Food", at: 0)
      let script = fixture.script(tab)
      for line in ["edit", "edit Food", "append B; edit", "expand Food; edit Food; delete Food"] {
        let answer = try fixture.run(tab, line, at: 2)
        XCTAssertEqual(PlaygroundFixture.commands(answer), [], "\(line): nothing ran")
        XCTAssertEqual(answer["at"] as? Int, 2, line)
        XCTAssertEqual(
          PlaygroundFixture.output(answer),
          [
            "error: edit: edit opens a text editor in the terminal, and the playground has no "
              + "terminal: type the changes as commands, or (with 'outline serve --allow-files "
              + "DIR') edit a file in DIR in your own editor, see its transaction with 'diff "
              + "FILE' and apply it with 'load FILE'"
          ],
          line)
        XCTAssertEqual(fixture.script(tab), script, "\(line) changed the session")
      }
      guard allowed != nil else { continue }
      // A sourced script reaches the session's editor, which refuses with the same reason.
      let sourced = try fixture.run(tab, "source edits.outline", at: 2)
      let errors = PlaygroundFixture.output(sourced).filter { $0.contains("error") }
      XCTAssertEqual(errors.count, 1, "\(errors)")
      XCTAssertTrue(
        errors.first?.contains("cannot edit: edit opens a text editor in the terminal") ?? false,
        "\(errors)")
      let steps = (sourced["at"] as? Int ?? 0) + (sourced["steps"] as? [Any] ?? []).count
      let check = try fixture.run(tab, "expect items Food Apple Typed", at: steps)
      XCTAssertEqual(
        PlaygroundFixture.output(check).filter { $0.contains("error") }, [], "\(check)")
    }
  }

  func testAllowFilesMustBeADirectory() {
    XCTAssertThrowsError(
      try PlaygroundFixture(allowedDirectory: "/nonexistent-\(UUID().uuidString)"))
    XCTAssertThrowsError(try PlaygroundFixture(allowedDirectory: "/etc/hostname"))
  }

  func testDownloadsAsScriptSwiftTestAndStaticPageUpToTheStepShown() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "say Two rows.", at: 0)
    _ = try fixture.run(tab, "append Food Drinks", at: 0)
    _ = try fixture.run(tab, "append Apple to Food", at: 1)
    XCTAssertEqual(
      fixture.script(tab),
      "# A session of outline's playground (outline serve).\nsay Two rows.\nappend Food Drinks\n"
        + "append Apple to Food\n")
    XCTAssertEqual(
      fixture.script(tab, at: 1),
      "# A session of outline's playground (outline serve).\nsay Two rows.\nappend Food Drinks\n")
    let swift = fixture.send("GET", "/download?session=\(tab)&as=swift")
    XCTAssertEqual(swift.status, 200)
    XCTAssertEqual(
      swift.headers["Content-Disposition"], "attachment; filename=\"PlaygroundTests.swift\"")
    XCTAssertTrue(swift.text.contains("import XCTest"), swift.text)
    XCTAssertTrue(swift.text.contains("Apple"))
    let page = fixture.send("GET", "/download?session=\(tab)&as=html&at=1")
    XCTAssertEqual(page.status, 200)
    XCTAssertTrue(page.text.hasPrefix("<!DOCTYPE html>"))
    XCTAssertTrue(page.text.contains("Two rows."))
    XCTAssertFalse(page.text.contains("append Apple to Food"))
    XCTAssertFalse(page.text.contains("command-form"), "the static page has no command line")
    XCTAssertEqual(fixture.send("GET", "/download?session=\(tab)&as=pdf").status, 400)
    XCTAssertEqual(fixture.send("GET", "/download?session=\(tab)&as=script&at=9").status, 400)
  }

  func testScriptRunsFirstInEveryNewSession() throws {
    let fixture = try PlaygroundFixture(
      script: ("start.outline", "append Food\nappend Apple to Food\n"))
    let tab = try fixture.openTab()
    let answer = try fixture.run(tab, "expect items Food Apple", at: 2)
    XCTAssertEqual(
      PlaygroundFixture.output(answer).filter { $0.contains("error") }, [], "\(answer)")
    XCTAssertEqual(
      fixture.script(tab).split(separator: "\n").dropFirst(),
      ["append Food", "append Apple to Food", "expect items Food Apple"])
  }
}
