import FlyingFox
import FlyingSocks
import Foundation
import OutlineLanguage

/// The socket layer of `outline serve`: FlyingFox's HTTP/1.1 server on 127.0.0.1.
///
/// It turns each request into a `PlaygroundRequest` for the `Playground` and its
/// `PlaygroundResponse` back into bytes, and decides nothing but the size of a body it reads.
public enum PlaygroundServer {
  /// Listens on 127.0.0.1:`port` (0: a port the system picks), makes the playground for the
  /// port it got with `makePlayground`, calls `ready` with that port, and serves until the task
  /// is cancelled.
  ///
  /// - Throws: when the address cannot be bound, or `makePlayground` throws.
  public static func run(
    port: UInt16, makePlayground: @escaping @Sendable (Int) throws -> Playground,
    ready: @escaping @Sendable (Int) -> Void
  ) async throws {
    let host = PlaygroundHost()
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), timeout: 600, logger: .disabled,
      handler: host)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await server.run() }
      try await server.waitUntilListening(timeout: 10)
      guard case .ip4(_, let bound)? = await server.listeningAddress else {
        throw SocketError.unsupportedAddress
      }
      try host.install(makePlayground(Int(bound)))
      ready(Int(bound))
      try await group.next()
    }
  }
}

/// The playground behind a lock, as FlyingFox's handler: one request at a time reaches it.
final class PlaygroundHost: HTTPHandler, @unchecked Sendable {
  /// Guards `playground` and `bodyLimit`.
  private let lock = NSLock()
  private var playground: Playground?
  /// The body limit the socket layer enforces before reading a body.
  private var bodyLimit = 0

  func install(_ new: Playground) {
    lock.withLock {
      playground = new
      bodyLimit = new.configuration.limits.bodyBytes
    }
  }

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let limit = lock.withLock { bodyLimit }
    if request.headers[.transferEncoding] != nil {
      return Self.reply(.error(411, "Send the body with a Content-Length."))
    }
    if let length = request.headers[.contentLength].map({ Int($0) }) {
      guard let length, length >= 0 else {
        return Self.reply(.error(400, "The Content-Length is not a number."))
      }
      if length > limit {
        return Self.reply(.error(413, "The request is larger than \(limit) bytes."))
      }
    }
    let body = [UInt8](try await request.bodyData)
    var target = request.target.path(percentEncoded: true)
    let query = request.target.query(percentEncoded: true)
    if !query.isEmpty { target += "?" + query }
    let headers = request.headers.map { ($0.key.rawValue, $0.value) }
    let value = PlaygroundRequest(
      method: request.method.rawValue, target: target, headers: headers, body: body)
    let response = lock.withLock {
      playground?.respond(to: value) ?? .error(503, "The playground is starting.")
    }
    return Self.reply(response)
  }

  /// `response` as FlyingFox's.
  static func reply(_ response: PlaygroundResponse) -> HTTPResponse {
    var headers = HTTPHeaders()
    for (name, value) in response.headers { headers[HTTPHeader(name)] = value }
    return HTTPResponse(
      statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)),
      headers: headers, body: Data(response.body))
  }

  private static func phrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 303: "See Other"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}
