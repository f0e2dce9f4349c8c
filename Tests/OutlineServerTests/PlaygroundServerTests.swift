import Foundation
import OutlineTestSupport
import XCTest

/// The socket layer's framing, in this process (`PlaygroundStress.RunningServer`): a request
/// refused before its end still gets its answer, not a reset connection.
final class PlaygroundServerTests: XCTestCase {
  private var server: PlaygroundStress.RunningServer!
  private var client: RawHTTPClient { RawHTTPClient(port: server.port) }

  override func setUpWithError() throws {
    server = try PlaygroundStress.RunningServer.start()
  }

  override func tearDown() {
    server.stop()
  }

  /// Sends `bytes` whole, then ends the stream, `times` times: each answer's status.
  private func statuses(_ bytes: [UInt8], times: Int = 10) throws -> [Int] {
    try (0..<times).map { _ in try client.exchange(bytes).status }
  }

  func testAHeadPastTheLimitGets431WhileTheClientIsStillSending() throws {
    let head = client.requestBytes(
      "GET", "/", cookie: PlaygroundStress.cookie,
      extra: [("X-Long", String(repeating: "h", count: 1_000_000))])
    XCTAssertEqual(try statuses(head), Array(repeating: 431, count: 10))
  }

  func testAChunkedBodyGets411AndAMalformedHead400WithMoreBytesBehind() throws {
    let chunk = String(repeating: "c", count: 1_000_000)
    let chunked =
      client.requestBytes(
        "POST", "/api/run", cookie: PlaygroundStress.cookie,
        extra: [("Transfer-Encoding", "chunked")])
      + Array("\(String(chunk.utf8.count, radix: 16))\r\n\(chunk)\r\n0\r\n\r\n".utf8)
    XCTAssertEqual(try statuses(chunked), Array(repeating: 411, count: 10))
    let malformed =
      Array("NOT HTTP\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "z"), count: 1_000_000)
    XCTAssertEqual(try statuses(malformed), Array(repeating: 400, count: 10))
  }

  func testTheServerStillAnswersAfterwards() throws {
    XCTAssertEqual(try client.request("GET", "/?token=\(PlaygroundStress.token)").status, 303)
    XCTAssertFalse(server.hasStopped)
  }
}
