import Foundation
import OutlineLanguage
import OutlineTestSupport
import XCTest

/// The scripts in `examples/`: every line parses, and each one is a lesson in the shape STYLE.md
/// asks for (practice 13): a leading comment block naming its scenario, narration with `say`,
/// checks with `expect`, and a line in `examples/README.md`.
///
/// Whether the expectations hold is for the interpreter's end-to-end tests; this test keeps the
/// scripts readable by the parser they will run under.
final class ExampleScriptsParseTests: XCTestCase {
  /// `examples/` in the package.
  static let examples = PackageRoot.url().appendingPathComponent("examples", isDirectory: true)

  /// Every `examples/*.outline` file, by name.
  static func scripts() throws -> [URL] {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
    return names.filter { $0.hasSuffix(".outline") }.sorted().map {
      Self.examples.appendingPathComponent($0)
    }
  }

  /// A script's lines, as the script runner reads them.
  static func lines(of script: URL) throws -> [String] {
    try String(contentsOf: script, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
  }

  func testThereAreExampleScripts() throws {
    XCTAssertFalse(try Self.scripts().isEmpty, "no .outline file in \(Self.examples.path)")
  }

  func testEveryLineOfEveryScriptParses() throws {
    for script in try Self.scripts() {
      for (index, line) in try Self.lines(of: script).enumerated() {
        for parsed in CommandParser.parse(line: line) {
          if let error = parsed.error {
            XCTFail(
              "\(script.lastPathComponent):\(index + 1):\(error.column): \(error.message)"
                + " in \"\(parsed.source)\"")
          }
        }
      }
    }
  }

  func testEveryScriptNarratesWithSayAndChecksWithExpect() throws {
    for script in try Self.scripts() {
      let commands = try Self.lines(of: script).flatMap { CommandParser.parse(line: $0) }
        .compactMap(\.command)
      let says = commands.filter {
        if case .files(.say) = $0 { return true }
        return false
      }
      let expects = commands.filter {
        if case .files(.expect) = $0 { return true }
        return false
      }
      XCTAssertFalse(says.isEmpty, "\(script.lastPathComponent) has no say")
      XCTAssertFalse(expects.isEmpty, "\(script.lastPathComponent) has no expect")
    }
  }

  func testEveryScriptStartsWithACommentBlockNamingItsScenario() throws {
    for script in try Self.scripts() {
      let block = try Self.lines(of: script).prefix { $0.hasPrefix("#") }
      XCTAssertGreaterThanOrEqual(
        block.count, 2, "\(script.lastPathComponent) should start with a comment block")
      XCTAssertTrue(
        block.contains { $0.contains("WWDC") },
        "\(script.lastPathComponent)'s comment block should name its WWDC scenario")
      XCTAssertTrue(
        block.contains { $0.contains("Teaches") },
        "\(script.lastPathComponent)'s comment block should say what it teaches")
    }
  }

  func testTheExamplesReadmeListsEveryScript() throws {
    let readme = try String(
      contentsOf: Self.examples.appendingPathComponent("README.md"), encoding: .utf8)
    for script in try Self.scripts() {
      XCTAssertTrue(
        readme.contains(script.lastPathComponent),
        "examples/README.md does not list \(script.lastPathComponent)")
    }
  }
}
