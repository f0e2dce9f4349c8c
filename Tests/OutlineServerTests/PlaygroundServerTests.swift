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

  func testAStoppedServerClosesItsPort() throws {
    let port = server.port
    XCTAssertEqual(try client.request("GET", "/?token=\(PlaygroundStress.token)").status, 303)
    server.stop()
    XCTAssertTrue(server.hasStopped)
    XCTAssertThrowsError(
      try RawHTTPClient(port: port).connect(seconds: 2), "the port still takes connections")
  }

  func testTheServerStillAnswersAfterwards() throws {
    XCTAssertEqual(try client.request("GET", "/?token=\(PlaygroundStress.token)").status, 303)
    XCTAssertFalse(server.hasStopped)
  }
}

/// Requests waiting for a busy tab hold up no other tab, however many there are.
///
/// The busy tab runs a `source` of a named pipe in the `--allow-files` directory, which blocks
/// until the test writes the script (as in `PlaygroundConcurrencyTests`).
final class PlaygroundServerWaitingTests: XCTestCase {
  func testManyRequestsWaitingForABusyTabHoldUpNoOtherTab() throws {
    let directory = try directoryWithPipe()
    let pipe = directory.appendingPathComponent("slow.outline").path
    let server = try PlaygroundStress.RunningServer.start(allowedDirectory: directory.path)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let cookie = PlaygroundStress.cookie
    XCTAssertEqual(try client.request("GET", "/?token=\(PlaygroundStress.token)").status, 303)
    func openTab() throws -> String {
      let page = try client.request("GET", "/", cookie: cookie)
      return try XCTUnwrap(PlaygroundStress.session(in: page.body))
    }
    let busy = try openTab()
    let other = try openTab()
    func run(_ session: String, _ line: String) -> DispatchSemaphore {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = try? client.request(
          "POST", "/api/run", cookie: cookie,
          body: #"{"session":"\#(session)","line":"\#(line)","at":0}"#, seconds: 120)
        done.signal()
      }.start()
      return done
    }
    let sourced = run(busy, "source slow.outline")
    // Returns once the busy tab's `source` has opened the pipe: it holds its tab now.
    let writer = open(pipe, O_WRONLY)
    XCTAssertGreaterThanOrEqual(writer, 0, "open: errno \(errno)")
    let waiting = (0..<32).map { _ in run(busy, "count") }
    // Time for the 32 requests to reach the busy tab's lock, so that a server that holds a
    // thread for each of them has them all held before the other tab's request comes.
    Thread.sleep(forTimeInterval: 0.5)
    let started = Date()
    let answered = run(other, "count").wait(timeout: .now() + 5) == .success
    XCTAssertTrue(
      answered, "the other tab waited \(Date().timeIntervalSince(started)) s for the busy tab")

    let script = Array("append Slow\n".utf8)
    XCTAssertEqual(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, script.count)
    close(writer)
    sourced.wait()
    for request in waiting { request.wait() }
    XCTAssertFalse(server.hasStopped)
  }
}
