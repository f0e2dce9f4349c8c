import Foundation
import OutlineLanguage
import XCTest

/// The scripts in `examples/` run through the interpreter: every command succeeds and every
/// `expect` holds, as `outline examples/NAME.outline` will check once the executable exists.
///
/// A script that uses a command the interpreter does not implement yet is skipped, naming the
/// commands it waits for, so the test grows with the interpreter instead of being loosened.
final class ExampleScriptsRunTests: XCTestCase {
  func testEveryExampleRunsCleanly() throws {
    var ran: [String] = []
    var waiting: [String] = []
    for script in try ExampleScriptsParseTests.scripts() {
      let lines = try ExampleScriptsParseTests.lines(of: script)
      let commands = lines.enumerated().flatMap { index, line in
        CommandParser.parse(line: line).map { (line: index + 1, parsed: $0) }
      }
      let missing = Set(
        commands.compactMap { entry -> String? in
          guard let command = entry.parsed.command else { return nil }
          let outcome = Session().run(command, source: entry.parsed.source)
          let text = outcome.error?.message ?? ""
          return text.hasSuffix("is not implemented yet") ? command.name : nil
        })
      if !missing.isEmpty {
        waiting.append("\(script.lastPathComponent) (\(missing.sorted().joined(separator: ", ")))")
        continue
      }
      let session = Session()
      for entry in commands {
        let outcome = session.run(entry.parsed.source)
        XCTAssertTrue(
          outcome.ok,
          "\(script.lastPathComponent):\(entry.line): error: "
            + (outcome.error?.message ?? "failed"))
        if !outcome.ok { break }
      }
      ran.append(script.lastPathComponent)
    }
    print("examples run: \(ran.joined(separator: ", "))")
    print("examples waiting for commands: \(waiting.joined(separator: "; "))")
    XCTAssertFalse(ran.isEmpty, "no example could run")
  }
}
