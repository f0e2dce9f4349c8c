import Foundation
import OutlineServer

/// Runs arbitrary bytes through the playground's request handler as a sequence of requests:
/// the check that `outline-fuzz` runs on an input whose first line is `#playground`.
///
/// The rest of the input is requests separated by lines `%%`, each written as on the wire:
/// `METHOD TARGET`, header lines `Name: value`, a blank line, the body. `$TOKEN`, `$COOKIE`,
/// `$HOST` and `$SESSION` (the last session a page opened) stand for the real values, so that
/// mutations reach past the checks; a header `X-Advance: SECONDS` moves the clock first. The
/// limits are small (4 sessions, lines of 256 bytes, bodies of 2 KiB) for the fuzzer to reach.
///
/// After every request: the status is one the handler documents; an error's body is a JSON
/// object with an `error`; a refused request changed no session (its script download is as it
/// was); no more sessions than the limit.
///
/// ```swift
/// PlaygroundFuzzCheck.problem(running: Array("#playground\nGET /?token=$TOKEN\nHost: $HOST\n".utf8))
/// // nil
/// ```
public enum PlaygroundFuzzCheck {
  static let marker = Array("#playground\n".utf8)

  /// Whether `bytes` is a playground input.
  public static func isPlaygroundInput(_ bytes: [UInt8]) -> Bool { bytes.starts(with: marker) }

  /// The statuses the handler answers with.
  static let statuses: Set<Int> = [200, 303, 400, 403, 404, 405, 413, 503]

  /// The first broken rule for the playground input `bytes`, or nil when every check held.
  ///
  /// - Complexity: at most 64 requests, each a command's cost at most.
  public static func problem(running bytes: [UInt8]) -> String? {
    guard isPlaygroundInput(bytes) else { return nil }
    var limits = Playground.Limits()
    limits.sessions = 4
    limits.lineBytes = 256
    limits.bodyBytes = 2048
    var configuration = Playground.Configuration(port: 4242, token: "tok", secret: "sec")
    configuration.limits = limits
    var clock = 0.0
    var made = 0
    let playground: Playground
    do {
      playground = try Playground(
        configuration: configuration, now: { clock },
        makeIdentifier: {
          made += 1
          return "id\(made)"
        })
    } catch {
      return "the playground did not start: \(error)"
    }
    let text = String(decoding: bytes.dropFirst(marker.count), as: UTF8.self)
    var session = "none"
    for (index, piece) in text.components(separatedBy: "\n%%\n").prefix(64).enumerated() {
      let filled =
        piece
        .replacingOccurrences(of: "$TOKEN", with: "tok")
        .replacingOccurrences(of: "$COOKIE", with: "outline_playground=sec")
        .replacingOccurrences(of: "$HOST", with: "127.0.0.1:4242")
        .replacingOccurrences(of: "$SESSION", with: session)
      var request = Self.request(filled)
      if let advance = request.headers["x-advance"].flatMap(Double.init), advance.isFinite {
        clock += min(max(advance, 0), 7200)
      }
      let before = download(playground, session)
      let response = playground.respond(to: request)
      let label = "request \(index + 1) (\(request.method) \(request.path))"
      guard statuses.contains(response.status) else {
        return "\(label): status \(response.status)"
      }
      if response.status >= 400 {
        guard
          WireResponse.isPlaygroundError(
            status: response.status, contentType: response.headers["Content-Type"],
            body: response.body)
        else { return "\(label): an error whose body is not {\"error\": …}: \(response.text)" }
        if response.status != 404, before != nil, download(playground, session) != before {
          return "\(label): refused with \(response.status) but the session changed"
        }
      }
      if playground.sessionCount > limits.sessions {
        return "\(label): \(playground.sessionCount) sessions, over the limit"
      }
      if request.path == "/", response.status == 200, let found = sessionIdentifier(response.text) {
        session = found
      }
      request.body = []
    }
    return nil
  }

  /// A request written as on the wire (lines may end in `\r\n` or `\n`).
  static func request(_ text: String) -> PlaygroundRequest {
    let parts = text.components(separatedBy: "\n\n")
    let head = parts[0].split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    let start = head.first?.split(separator: " ", maxSplits: 1) ?? []
    var headers: [(String, String)] = []
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(
        (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    let body = parts.count > 1 ? parts[1...].joined(separator: "\n\n") : ""
    return PlaygroundRequest(
      method: start.first.map(String.init) ?? "", target: start.count > 1 ? String(start[1]) : "",
      headers: headers, body: Array(body.utf8))
  }

  private static func download(_ playground: Playground, _ session: String) -> [UInt8]? {
    let response = playground.respond(
      to: PlaygroundRequest(
        method: "GET", target: "/download?session=\(session)&as=script",
        headers: [("Host", "127.0.0.1:4242"), ("Cookie", "outline_playground=sec")]))
    return response.status == 200 ? response.body : nil
  }

  private static func sessionIdentifier(_ page: String) -> String? {
    let marker = "id=\"playground-data\">{\"session\":\""
    guard let start = page.range(of: marker),
      let end = page.range(of: "\"", range: start.upperBound..<page.endIndex)
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }
}
