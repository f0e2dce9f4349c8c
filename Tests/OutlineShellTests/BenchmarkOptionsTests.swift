import Foundation
import XCTest

/// The `outline-benchmark` executable's command line, run as a subprocess: its help lists every
/// scenario, and a wrong name is a usage error with a suggestion. (The scenarios themselves run
/// in `scripts/benchmark` and in CI's smoke run, not here.)
final class BenchmarkOptionsTests: BinaryTestCase {
  /// The benchmark built beside `outline`, or a skip when it is not there.
  func benchmark() throws -> URL {
    let url = try OutlineBinary.require().deletingLastPathComponent()
      .appendingPathComponent("outline-benchmark")
    guard OutlineBinary.isExecutableFile(url.path) else {
      throw XCTSkip("outline-benchmark is not built beside outline")
    }
    return url
  }

  func testHelpListsEveryScenarioWithItsSummaryAligned() throws {
    let result = try OutlineBinary.run(["--help"], home: home, executable: benchmark())
    // A name longer than the old fixed column ("interchange") once trapped here.
    XCTAssertEqual(result.reason, .exit, result.stderr)
    XCTAssertEqual(result.status, 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let usage = try XCTUnwrap(lines.first)
    let names = try XCTUnwrap(usage.split(separator: "[--scenario ").last).dropLast()
      .split(separator: "|").map(String.init)
    XCTAssertTrue(names.contains("interchange"), usage)
    var summaryColumns: Set<Int> = []
    for name in names {
      let line = try XCTUnwrap(
        lines.first { $0.hasPrefix("                       \(name) ") }, "no line for \(name)")
      let rest = line.dropFirst(23 + name.count)
      XCTAssertGreaterThanOrEqual(rest.prefix { $0 == " " }.count, 2, line)
      summaryColumns.insert(line.count - rest.drop { $0 == " " }.count)
    }
    XCTAssertEqual(summaryColumns.count, 1, "summaries start in one column: \(summaryColumns)")
  }

  func testAnUnknownScenarioIsAUsageErrorWithASuggestion() throws {
    let result = try OutlineBinary.run(
      ["--scenario", "interchang"], home: home, executable: benchmark())
    XCTAssertEqual(result.reason, .exit)
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.contains("unknown scenario 'interchang'; did you mean 'interchange'?"),
      result.stderr)
  }
}
