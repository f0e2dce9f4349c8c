import Foundation
import XCTest

/// The Swift test that `--emit-swift` writes for the emoji-explorer example, against its golden
/// file.
///
/// The output of `outline --emit-swift examples/emoji-explorer.outline` is compared byte for
/// byte with `examples/golden/EmojiExplorerTests.swift`, so that a change of the generated code
/// is seen in review. `OUTLINE_RECORD=1` records it again (and fails, saying so).
///
/// `scripts/check-emitted-swift` compiles and runs the emitted tests of every example.
final class EmittedSwiftGoldenTests: BinaryTestCase {
  static let golden = OutlineBinary.packageRoot
    .appendingPathComponent("examples/golden/EmojiExplorerTests.swift")

  func testEmojiExplorersSwiftMatchesTheGoldenFile() throws {
    let result = try OutlineBinary.run(
      ["--emit-swift", "examples/emoji-explorer.outline"], in: OutlineBinary.packageRoot.path,
      home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    if ProcessInfo.processInfo.environment["OUTLINE_RECORD"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(result.stdout.utf8).write(to: Self.golden)
      XCTFail("OUTLINE_RECORD=1: recorded \(Self.golden.path); review it, then run without")
      return
    }
    let expected = try String(contentsOf: Self.golden, encoding: .utf8)
    if result.stdout != expected {
      XCTFail(
        "examples/golden/EmojiExplorerTests.swift differs from "
          + "`outline --emit-swift examples/emoji-explorer.outline`:\n"
          + GoldenTranscriptTests.firstDifference(expected: expected, actual: result.stdout)
          + "\n(OUTLINE_RECORD=1 records the new output)")
    }
  }

  /// The script's failures still give the whole file: a wrong `expect` is a failing assertion in
  /// it, and the run's status is 1.
  func testAFailingScriptStillEmitsItsTest() throws {
    let script = home + "/wrong.outline"
    try Data("append A B\nexpect items A B C\n".utf8).write(to: URL(fileURLWithPath: script))
    let result = try OutlineBinary.run(["--emit-swift", script], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("final class WrongTests: XCTestCase {"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        #"XCTAssertEqual(dataSource.snapshot(for: "main").items, ["A", "B", "C"])"#),
      result.stdout)
    XCTAssertTrue(result.stderr.contains("error: expected items A B C, got A B"), result.stderr)
  }
}
