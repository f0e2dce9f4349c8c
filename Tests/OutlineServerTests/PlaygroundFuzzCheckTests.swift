import Foundation
import OutlineTestSupport
import XCTest

/// `PlaygroundFuzzCheck`: the playground's seed inputs of the fuzz corpus and hostile requests
/// pass it.
final class PlaygroundFuzzCheckTests: XCTestCase {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fuzz/corpus")

  func testPlaygroundSeedsPassAndAreRecognised() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
      .filter { $0.hasPrefix("playground-") }
    XCTAssertGreaterThanOrEqual(names.count, 2)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
      XCTAssertTrue(PlaygroundFuzzCheck.isPlaygroundInput(bytes), name)
      XCTAssertNil(ScriptFuzzCheck.problem(running: bytes), name)
    }
  }

  func testHostileRequestsPass() {
    let inputs = [
      "#playground\n", "#playground\n\u{0}\u{ff}\n%%\n%%\n", "#playground\nGET\n%%\n POST  \n\n\n",
      "#playground\nGET /?token=$TOKEN&token=x\nHost: $HOST\n%%\nGET /\nHost: $HOST\nCookie: $COOKIE;"
        + "$COOKIE\n%%\nPOST /api/run\nHost: $HOST\nCookie: $COOKIE\n\n{\"session\":\"$SESSION\","
        + "\"at\":1e308,\"line\":\"x\"}",
      "#playground\n" + String(repeating: "GET /\nHost: $HOST\nCookie: $COOKIE\n%%\n", count: 70),
    ]
    for input in inputs {
      XCTAssertNil(PlaygroundFuzzCheck.problem(running: Array(input.utf8)), input)
    }
  }
}
