import Foundation
import XCTest

/// The `outline-benchmark` executable's command line, run as a subprocess: its help lists every
/// scenario with its summary, and a wrong name or option is a usage error (status 64) that names
/// the right ones. (The scenarios themselves run in `scripts/benchmark` and in CI's smoke run,
/// not here.)
final class BenchmarkCommandTests: BinaryTestCase {
  /// The benchmark built beside `outline`, or a skip when it is not there.
  func benchmark() throws -> URL {
    let url = try OutlineBinary.require().deletingLastPathComponent()
      .appendingPathComponent("outline-benchmark")
    guard OutlineBinary.isExecutableFile(url.path) else {
      throw XCTSkip("outline-benchmark is not built beside outline")
    }
    return url
  }

  /// The scenarios the help lists under `--scenario`: each line `NAME - SUMMARY`.
  func listedScenarios(_ help: String) -> [(name: String, summary: String)] {
    let lines = help.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  --scenario <name>") }) else {
      return []
    }
    return lines[(start + 1)...].prefix { !$0.hasPrefix("  -") }.compactMap { line in
      let words = line.split(separator: " ", maxSplits: 2)
      guard words.count == 3, words[1] == "-" else { return nil }
      return (String(words[0]), String(words[2]))
    }
  }

  func testHelpListsEveryScenarioOnceWithItsSummary() throws {
    let result = try OutlineBinary.run(["--help"], home: home, executable: benchmark())
    XCTAssertEqual(result.reason, .exit, result.stderr)
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(
      result.stdout.contains("USAGE: outline-benchmark [--quick] [--scenario <name>]"),
      result.stdout)
    let scenarios = listedScenarios(result.stdout)
    let names = scenarios.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "a name listed twice: \(names)")
    for name in ["build", "edits", "script", "tree", "interchange", "emit"] {
      XCTAssertTrue(names.contains(name), "\(name) is not listed: \(names)")
    }
    for scenario in scenarios {
      XCTAssertFalse(scenario.summary.isEmpty, "\(scenario.name) has no summary")
    }
  }

  func testAnUnknownScenarioIsAUsageErrorListingTheNames() throws {
    let result = try OutlineBinary.run(
      ["--scenario", "interchang"], home: home, executable: benchmark())
    XCTAssertEqual(result.reason, .exit)
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.contains("The value 'interchang' is invalid for '--scenario <name>'"),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("  - interchange\n"), result.stderr)
  }

  func testAnUnknownOptionIsAUsageErrorWithASuggestion() throws {
    let result = try OutlineBinary.run(["--quik"], home: home, executable: benchmark())
    XCTAssertEqual(result.reason, .exit)
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.contains("Unknown option '--quik'. Did you mean '--quick'?"), result.stderr)
  }
}
