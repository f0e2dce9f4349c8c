import Foundation
import OutlineServer
import XCTest

/// A playground on port 8080 with a fixed token and cookie, a clock the test moves and
/// session identifiers `s1`, `s2`, …: requests made as the browser makes them.
final class PlaygroundFixture {
  static let host = "127.0.0.1:8080"
  var clock = 1000.0
  private var made = 0
  let playground: Playground

  init(
    limits: Playground.Limits = Playground.Limits(), allowedDirectory: String? = nil,
    script: (name: String, text: String)? = nil
  ) throws {
    var configuration = Playground.Configuration(
      port: 8080, token: "tok3n", secret: "s3cret", allowedDirectory: allowedDirectory,
      script: script)
    configuration.limits = limits
    var clockBox: PlaygroundFixture?
    var counter = 0
    playground = try Playground(
      configuration: configuration, now: { clockBox?.clock ?? 0 },
      makeIdentifier: {
        counter += 1
        return "s\(counter)"
      })
    clockBox = self
    _ = made
  }

  /// A request with the right host and cookie unless told otherwise.
  func send(
    _ method: String, _ target: String, body: String = "", host: String? = PlaygroundFixture.host,
    cookie: String? = "outline_playground=s3cret", extra: [(String, String)] = []
  ) -> PlaygroundResponse {
    var headers: [(String, String)] = extra
    if let host { headers.append(("Host", host)) }
    if let cookie { headers.append(("Cookie", cookie)) }
    return playground.respond(
      to: PlaygroundRequest(
        method: method, target: target, headers: headers, body: Array(body.utf8)))
  }

  /// Opens a tab: the page, and its session's identifier.
  func openTab() throws -> String {
    let response = send("GET", "/")
    XCTAssertEqual(response.status, 200, response.text)
    let marker = "id=\"playground-data\">{\"session\":\""
    guard let start = response.text.range(of: marker),
      let end = response.text.range(of: "\"", range: start.upperBound..<response.text.endIndex)
    else { throw XCTSkip("no session in the page") }
    return String(response.text[start.upperBound..<end.lowerBound])
  }

  /// Runs `line` in `session` after `at` steps; the answer as JSON.
  func run(_ session: String, _ line: String, at: Int) throws -> [String: Any] {
    let body = try JSONSerialization.data(
      withJSONObject: ["session": session, "line": line, "at": at])
    let response = send("POST", "/api/run", body: String(decoding: body, as: UTF8.self))
    XCTAssertEqual(response.status, 200, response.text)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  /// The output lines of an answer.
  static func output(_ answer: [String: Any]) -> [String] {
    (answer["output"] as? [[Any]] ?? []).compactMap { $0.first as? String }
  }

  /// The commands of an answer's steps.
  static func commands(_ answer: [String: Any]) -> [String] {
    (answer["steps"] as? [[String: Any]] ?? []).compactMap { $0["c"] as? String }
  }

  /// The session's script download.
  func script(_ session: String, at: Int? = nil) -> String {
    send("GET", "/download?session=\(session)&as=script" + (at.map { "&at=\($0)" } ?? "")).text
  }
}
