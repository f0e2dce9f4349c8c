import Foundation
import OutlineLanguage
import XCTest

/// The scripts in `examples/` run through the interpreter: every command succeeds, every
/// `expect` holds, and after every command the session keeps the model's invariants and the
/// command's transaction applies from its initial snapshots to its final ones.
final class ExampleScriptsRunTests: XCTestCase {
  func testEveryExampleRunsCleanlyAndKeepsTheInvariants() throws {
    let scripts = try ExampleScriptsParseTests.scripts()
    XCTAssertFalse(scripts.isEmpty, "no example found")
    // The examples' other files (an OPML file to import), where a script run from the package
    // root finds them.
    let files = MemoryFileSystem()
    for name in try FileManager.default.contentsOfDirectory(
      atPath: ExampleScriptsParseTests.examples.path) where !name.hasSuffix(".outline")
    {
      let url = ExampleScriptsParseTests.examples.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files.files["examples/" + name] = [UInt8](try Data(contentsOf: url))
    }
    for script in scripts {
      let name = script.lastPathComponent
      let session = Session(fileSystem: files)
      let text = try String(contentsOf: script, encoding: .utf8)
      var commands = 0
      let end = session.runScript(
        text, file: name,
        options: ScriptOptions { outcome, location in
          commands += 1
          XCTAssertTrue(
            outcome.ok, "\(location): error: " + (outcome.error?.message ?? "failed"))
          XCTAssertEqual(session.invariantViolations(), [], "after \(location)")
          if let transaction = outcome.transaction {
            XCTAssertEqual(Session.violations(in: transaction), [], "after \(location)")
          }
        })
      XCTAssertEqual(end, .finished(failures: 0), name)
      XCTAssertGreaterThan(commands, 10, "\(name) ran too few commands")
    }
  }
}
