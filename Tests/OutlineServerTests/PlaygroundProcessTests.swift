import Foundation
import OutlineTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The real `outline serve`, started with `--port 0`: the printed URL, the token, and requests
/// over real sockets, hostile ones included, after each of which the server still answers.
final class PlaygroundProcessTests: XCTestCase {
  func testServerAnswersAfterGarbageDroppedConnectionsAndOversizedRequests() throws {
    let server = try ServedPlayground.start()
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)

    XCTAssertEqual(try client.request("GET", "/").status, 403, "no cookie yet")
    let exchanged = try client.request("GET", "/?token=\(server.token)")
    XCTAssertEqual(exchanged.status, 303)
    let setCookie = try XCTUnwrap(exchanged.headers["set-cookie"])
    XCTAssertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
    let cookie = String(setCookie.prefix { $0 != ";" })
    XCTAssertEqual(try client.request("GET", "/?token=\(server.token)").status, 403, "spent")

    let page = try client.request("GET", "/", cookie: cookie)
    XCTAssertEqual(page.status, 200)
    let session = try XCTUnwrap(ServedPlayground.session(in: page.body))

    func stillAnswers(_ after: String, file: StaticString = #filePath, line: UInt = #line) throws {
      let answer = try client.request(
        "POST", "/api/run", cookie: cookie,
        body: #"{"session":"\#(session)","line":"count","at":0}"#)
      XCTAssertEqual(answer.status, 200, "after \(after): \(answer.body)", file: file, line: line)
    }

    // Garbage bytes: a closed socket or a 4xx, never a crash.
    for garbage in [
      [UInt8](repeating: 0, count: 64), Array("\u{1}\u{2}GARBAGE\r\n\r\n".utf8),
      Array("GET\r\n\r\n".utf8), Array("GET / HTTP/1.1\r\nHost\r\n\r\n".utf8),
      (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) },
    ] {
      let response = try client.exchange(garbage)
      XCTAssertTrue(response.status == 0 || (400..<500).contains(response.status))
      try stillAnswers("garbage")
    }

    // A connection dropped in the middle of a request's body.
    let dropped = try client.connect()
    client.write(
      dropped,
      Array(
        "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: \(cookie)\r\nContent-Length: 200\r\n\r\n{\"sess"
          .utf8))
    close(dropped)
    try stillAnswers("a dropped connection")

    // A connection dropped in the middle of the header.
    let half = try client.connect()
    client.write(half, Array("GET / HTTP/1.1\r\nHo".utf8))
    close(half)
    try stillAnswers("a dropped header")

    // A head past 16 KiB: a line with no end, and a header field too long.
    let endless = try client.exchange(Array(repeating: UInt8(ascii: "G"), count: 40_000))
    XCTAssertTrue(endless.status == 431 || endless.status == 0, "\(endless.status)")
    try stillAnswers("an endless request line")
    let longField = try client.exchange(
      Array(
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Long: "
          + String(repeating: "z", count: 20_000) + "\r\n\r\n").utf8))
    XCTAssertEqual(longField.status, 431)
    try stillAnswers("a long header field")

    // Oversized: a body past the limit, sent whole.
    let big = String(repeating: "x", count: 1_000_000)
    let oversized = try client.request("POST", "/api/run", cookie: cookie, body: big)
    XCTAssertEqual(oversized.status, 413)
    try stillAnswers("an oversized body")

    // A line past 64 KiB.
    let longLine = "append " + String(repeating: "y", count: 70_000)
    let tooLong = try client.request(
      "POST", "/api/run", cookie: cookie,
      body: #"{"session":"\#(session)","line":"\#(longLine)","at":0}"#)
    XCTAssertEqual(tooLong.status, 413)
    try stillAnswers("an oversized line")

    // Chunked bodies are refused.
    let chunked = try client.exchange(
      Array(
        "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: \(cookie)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n"
          .utf8))
    XCTAssertTrue(chunked.status == 411 || chunked.status == 0 || chunked.status == 400)
    try stillAnswers("a chunked body")

    // DNS rebinding: another host name.
    XCTAssertEqual(
      try client.request("GET", "/", cookie: cookie, host: "attacker.example:\(server.port)")
        .status, 403)

    // The session is as it was: `count` ran, nothing else.
    let script = try client.request(
      "GET", "/download?session=\(session)&as=script", cookie: cookie)
    XCTAssertEqual(script.status, 200)
    XCTAssertFalse(script.body.contains("append"), script.body)
    XCTAssertTrue(server.isRunning)
  }

  func testServerOutlivesRunningOutOfDescriptors() throws {
    // 64 descriptors for the server: 80 idle connections would take them all, and libdispatch
    // ends a process whose watch of its threads (an open of /proc/<tid>/stat each second)
    // fails. The connections past the server's limit are answered 503 and closed, so that
    // it keeps descriptors free; held for two of libdispatch's ticks, three times over.
    let server = try ServedPlayground.start(descriptorLimit: 64)
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    for round in 1...3 {
      let idle = try (0..<80).map { _ in try client.connect(seconds: 2) }
      // The last one is past the limit: its 503 comes at once, before it sends anything.
      let refused = client.read(idle.last!)
      XCTAssertEqual(refused.status, 503, "round \(round)")
      XCTAssertTrue(refused.body.contains("connections, its most"), refused.body)
      Thread.sleep(forTimeInterval: 2.2)
      XCTAssertTrue(
        server.isRunning, "round \(round): the server stopped with its descriptors in use")
      for descriptor in idle { close(descriptor) }
      Thread.sleep(forTimeInterval: 0.3)
    }
    XCTAssertTrue(server.isRunning, "the server stopped when its descriptors ran out")
    XCTAssertEqual(try client.request("GET", "/?token=\(server.token)").status, 303)
  }

  func testASlowCommandInOneTabHoldsUpNoOtherTab() throws {
    let directory = try directoryWithPipe()
    let pipe = directory.appendingPathComponent("slow.outline").path
    let server = try ServedPlayground.start(["--allow-files", directory.path])
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let setCookie = try client.request("GET", "/?token=\(server.token)").headers["set-cookie"]
    let cookie = String(try XCTUnwrap(setCookie).prefix { $0 != ";" })
    let slow = try XCTUnwrap(
      ServedPlayground.session(in: try client.request("GET", "/", cookie: cookie).body))
    let other = try XCTUnwrap(
      ServedPlayground.session(in: try client.request("GET", "/", cookie: cookie).body))

    /// A request on a thread of its own; the box is filled when it is answered.
    final class Pending: @unchecked Sendable {
      var response: RawHTTPClient.Response?
      let done = DispatchSemaphore(value: 0)
    }
    func send(_ method: String, _ target: String, body: String? = nil) -> Pending {
      let pending = Pending()
      Thread {
        // A bound for a failure only: every request here is answered once the pipe is written.
        pending.response = try? client.request(
          method, target, cookie: cookie, body: body, seconds: 120)
        pending.done.signal()
      }.start()
      return pending
    }
    // The slow tab's `source` blocks in the pipe; the write end opens once it has opened it.
    let sourced = send(
      "POST", "/api/run", body: #"{"session":"\#(slow)","line":"source slow.outline","at":0}"#)
    let writer = open(pipe, O_WRONLY)
    XCTAssertGreaterThanOrEqual(writer, 0, "open: errno \(errno)")
    // A second request to the slow tab waits for it.
    let queued = send("GET", "/download?session=\(slow)&as=html")
    let quick = send(
      "POST", "/api/run", body: #"{"session":"\#(other)","line":"append Quick","at":0}"#)
    let answeredWhileSlowRan = quick.done.wait(timeout: .now() + 120) == .success
    XCTAssertTrue(answeredWhileSlowRan, "the other tab waited for the slow tab's command")
    XCTAssertEqual(quick.response?.status, 200, quick.response?.body ?? "no answer")

    let script = Array("append Slow\n".utf8)
    XCTAssertEqual(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, script.count)
    close(writer)
    sourced.done.wait()
    queued.done.wait()
    if !answeredWhileSlowRan { quick.done.wait() }
    XCTAssertEqual(sourced.response?.status, 200, sourced.response?.body ?? "no answer")
    XCTAssertEqual(queued.response?.status, 200)
    XCTAssertTrue(
      queued.response?.body.contains("append Slow") ?? false,
      "the download waited for the tab's command: \(queued.response?.body ?? "no answer")")
    XCTAssertTrue(server.isRunning)
  }

  func testServeListensOnLoopbackOnlyAndUsageErrorsExit2() throws {
    let server = try ServedPlayground.start()
    defer { server.stop() }
    XCTAssertTrue(server.url.hasPrefix("http://127.0.0.1:"), server.url)
    let status = try ServedPlayground.exitStatus(["serve", "--port", "70000"])
    XCTAssertEqual(status, 2)
    XCTAssertEqual(try ServedPlayground.exitStatus(["serve", "--bogus"]), 2)
    XCTAssertEqual(try ServedPlayground.exitStatus(["serve", "/nonexistent/script.outline"]), 2)
  }

  func testAScriptThatFailsIsReportedOnStandardErrorAndTheServerStillServes() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "serve-failing-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("bad.outline").path
    try Data("append A B\ndelete Zz\nappend C\n".utf8).write(to: URL(fileURLWithPath: script))
    let server = try ServedPlayground.start([script], capturingErrors: true)
    let client = RawHTTPClient(port: server.port)
    let setCookie = try client.request("GET", "/?token=\(server.token)").headers["set-cookie"]
    let cookie = String(try XCTUnwrap(setCookie).prefix { $0 != ";" })
    let page = try client.request("GET", "/", cookie: cookie)
    XCTAssertEqual(page.status, 200, "the page shows the steps up to the failed one")
    XCTAssertTrue(page.body.contains("delete Zz"))
    XCTAssertTrue(server.isRunning)
    XCTAssertEqual(
      server.stopReadingErrors(),
      "\(script):2: error: Failed to find index of item Zz in section snapshot\n",
      "once, as the server started, not again for the page")
  }

  func testScriptFileNamedServeRunsAsDotSlashServe() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "serve-file-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("append A\nexpect items A\n".utf8).write(to: directory.appendingPathComponent("serve"))
    XCTAssertEqual(try ServedPlayground.exitStatus(["./serve"], in: directory.path), 0)
  }
}
