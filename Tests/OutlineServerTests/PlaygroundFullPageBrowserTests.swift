import Foundation
import OutlineTestSupport
import XCTest

/// The page of a full playground in a real browser, which retries until a session is free.
///
/// With 64 sessions held, a tab gets the 503 page that says so and reloads itself every 2
/// seconds (`Retry-After: 2`); once a session ends, its next try lands on the playground. The
/// page never goes quiet, so the browser is driven through the DevTools protocol
/// (`DevToolsPipe`), not `--dump-dom`.
final class PlaygroundFullPageBrowserTests: XCTestCase {
  func testTheFullPageSaysSoRetriesAndOpensThePlaygroundOnceASessionEnds() throws {
    let browser = try PlaygroundBrowserTests.browser()
    let server = try ServedPlayground.start()
    defer { server.stop() }
    let client = RawHTTPClient(port: server.port)
    let exchanged = try client.request("GET", "/?token=\(server.token)")
    let setCookie = try XCTUnwrap(exchanged.headers["set-cookie"])
    let cookie = String(setCookie.prefix { $0 != ";" })
    let sessions = try (0..<64).map { tab in
      let page = try client.request("GET", "/", cookie: cookie)
      XCTAssertEqual(page.status, 200, "tab \(tab)")
      return try XCTUnwrap(ServedPlayground.session(in: page.body), "tab \(tab)")
    }

    let devTools = try DevToolsPipe(browser: browser)
    defer { devTools.stop() }
    let origin = "http://127.0.0.1:\(server.port)/"
    let cookieParts = cookie.split(separator: "=", maxSplits: 1).map(String.init)
    try devTools.call("Network.enable")
    try devTools.call("Page.enable")
    try devTools.call(
      "Network.setCookie",
      [
        "name": cookieParts[0], "value": cookieParts[1], "url": origin, "httpOnly": true,
        "sameSite": "Strict",
      ])
    // The page's own responses, in order: status and Retry-After.
    func pageResponses() -> [(status: Int, retryAfter: String?)] {
      devTools.events.compactMap { event in
        guard event.method == "Network.responseReceived",
          event.params["type"] as? String == "Document",
          let response = event.params["response"] as? [String: Any]
        else { return nil }
        let headers = response["headers"] as? [String: Any] ?? [:]
        let retry = headers.first { $0.key.lowercased() == "retry-after" }?.value as? String
        return ((response["status"] as? NSNumber)?.intValue ?? 0, retry)
      }
    }
    let started = Date()
    try devTools.call("Page.navigate", ["url": origin])
    try devTools.wait("the full page twice", seconds: 20) { pageResponses().count >= 2 }
    let waited = Date().timeIntervalSince(started)
    for response in pageResponses() {
      XCTAssertEqual(response.status, 503)
      XCTAssertEqual(response.retryAfter, "2")
    }
    XCTAssertGreaterThanOrEqual(waited, 1.5, "the page waits its 2 seconds before it retries")
    try devTools.wait("the full page drawn", seconds: 10) {
      try devTools.evaluate("document.readyState") as? String == "complete"
    }
    XCTAssertEqual(
      try devTools.evaluate("document.body.innerText") as? String,
      "The playground is full\n\nThe playground holds 64 sessions, its most: close a tab, or "
        + "wait for an idle one to end.\n\nThis page tries again every 2 seconds, and opens the "
        + "playground as soon as a session is free.")
    XCTAssertEqual(try devTools.evaluate("document.title") as? String, "outline playground: busy")

    // A tab closes: the page's next try opens the playground, a session of its own.
    let quit = try client.request(
      "POST", "/api/quit", cookie: cookie, body: #"{"session":"\#(sessions[0])"}"#)
    XCTAssertEqual(quit.status, 200)
    try devTools.wait("the playground after a session ended", seconds: 20) {
      guard pageResponses().last?.status == 200 else { return false }
      return try devTools.evaluate("document.documentElement.dataset.playground") as? String
        == "ready"
    }
    XCTAssertEqual(try devTools.evaluate("location.href") as? String, origin)
    XCTAssertEqual(
      try devTools.evaluate("document.getElementById('command').placeholder") as? String,
      "append Food Drinks")
    let tries = pageResponses()
    XCTAssertEqual(tries.filter { $0.status == 200 }.count, 1, "opened once: \(tries)")
    XCTAssertEqual(
      try client.request("GET", "/", cookie: cookie).status, 503,
      "the retry took the session freed: the playground holds 64 again")
    XCTAssertTrue(server.isRunning)
  }
}
