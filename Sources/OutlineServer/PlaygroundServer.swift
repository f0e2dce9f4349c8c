import FlyingSocks
import Foundation

/// The socket layer of `outline serve`: FlyingSocks' non-blocking sockets on 127.0.0.1, one
/// request per connection.
///
/// It reads a request's head (at most `headLimit` bytes) and its body (by `Content-Length`,
/// within the playground's limit), hands a `PlaygroundRequest` to the `Playground` and writes
/// its `PlaygroundResponse` back, then closes the connection. It decides nothing but framing:
/// a head that is not HTTP/1.x is 400, one too long 431, a chunked body 411, a body past the
/// limit 413; a connection that stalls is closed after `connectionSeconds`.
public enum PlaygroundServer {
  /// The longest request head (request line and header fields), in bytes.
  static let headLimit = 16 * 1024
  /// How long one connection may take, from its accept to its response, in seconds.
  static let connectionSeconds: UInt64 = 30
  /// The largest body past the limit that is read (and dropped) before the 413, so that the
  /// client, still sending, reads the answer rather than a reset connection.
  static let drainLimit = 16 * 1024 * 1024

  /// Listens on 127.0.0.1:`port` (0: a port the system picks), makes the playground for the
  /// port it got with `makePlayground`, calls `ready` with that port, and serves until the task
  /// is cancelled; then closes the port (connections being answered go on).
  ///
  /// - Throws: when the address cannot be bound, or `makePlayground` throws.
  public static func run(
    port: UInt16, makePlayground: @escaping @Sendable (Int) throws -> Playground,
    ready: @escaping @Sendable (Int) -> Void
  ) async throws {
    let pool = SocketPool.make()
    try await pool.prepare()
    let socket = try Socket(domain: AF_INET)
    // Closed however `run` ends (a cancelled task included), so that the port is free again.
    defer { try? socket.close() }
    try socket.setValue(true, for: .localAddressReuse)
    try socket.bind(to: sockaddr_in.inet(ip4: "127.0.0.1", port: port))
    try socket.listen()
    guard case .ip4(_, let bound) = try socket.sockname() else {
      throw SocketError.unsupportedAddress
    }
    let host = PlaygroundHost(try makePlayground(Int(bound)))
    ready(Int(bound))
    let listener = try AsyncSocket(socket: socket, pool: pool)
    let connections = ConnectionCount(most: connectionLimit())
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await pool.run() }
      group.addTask {
        while !Task.isCancelled {
          do {
            let connection = try await listener.accept()
            guard connections.open() else {
              try? await connection.write(Data(bytes(of: busy(connections.most))))
              try? connection.close()
              continue
            }
            Task {
              await serve(connection, host: host)
              connections.close()
            }
          } catch {
            // Out of descriptors, or a connection reset before its accept: the server goes on
            // accepting once the stalled connections time out.
            try await Task.sleep(nanoseconds: 50_000_000)
          }
        }
      }
      try await group.next()
      group.cancelAll()
    }
  }

  /// The descriptors kept free of connections: libdispatch's thread pool on Linux opens
  /// `/proc/<tid>/stat` to watch its threads and ends the process when that open fails, and a
  /// file command under `--allow-files` opens files.
  static let descriptorReserve = 32

  /// How many connections may be open at once.
  ///
  /// That is the process's descriptor limit less those open now and less `descriptorReserve`,
  /// at least 1. Past it a connection is answered 503 and closed, so that the process never
  /// runs out of descriptors.
  ///
  /// - Complexity: O(*d*) in the descriptors open now.
  static func connectionLimit() -> Int {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return 1_024 }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 16
    let most = Int(clamping: min(limit.rlim_cur, 1 << 20)) - open - descriptorReserve
    return max(1, most)
  }

  /// The answer to a connection past `connectionLimit()`.
  static func busy(_ most: Int) -> PlaygroundResponse {
    .error(503, "The playground is answering \(most) connections, its most: try again.")
  }

  /// Answers one request on `connection`, then closes it; gives up after `connectionSeconds`.
  static func serve(_ connection: AsyncSocket, host: PlaygroundHost) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        guard let response = try? await answer(connection, host: host) else { return }
        try? await connection.write(Data(response))
      }
      group.addTask { try? await Task.sleep(nanoseconds: connectionSeconds * 1_000_000_000) }
      await group.next()
      group.cancelAll()
    }
    try? connection.close()
  }

  /// Reads a request from `connection` and answers its response's bytes.
  ///
  /// - Throws: when the connection ends or fails before a whole request arrived.
  static func answer(_ connection: AsyncSocket, host: PlaygroundHost) async throws -> [UInt8] {
    var buffer: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      if buffer.count > headLimit {
        return bytes(of: .error(431, "The request's head is longer than \(headLimit) bytes."))
      }
      buffer += try await connection.read(atMost: 4096)
      headEnd = endOfHead(in: buffer)
    }
    guard headEnd! <= headLimit else {
      return bytes(of: .error(431, "The request's head is longer than \(headLimit) bytes."))
    }
    guard let head = Self.head(buffer[..<headEnd!]) else {
      return bytes(of: .error(400, "The request is not HTTP/1.1."))
    }
    let limit = host.bodyLimit
    var body = Array(buffer[(headEnd! + 4)...])
    if head.fields.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
      return bytes(of: .error(411, "Send the body with a Content-Length."))
    }
    let lengthField = head.fields.last { $0.0.lowercased() == "content-length" }?.1
    let length = lengthField.map { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
    guard let length, length >= 0 else {
      return bytes(of: .error(400, "The Content-Length is not a number."))
    }
    if length > limit {
      var dropped = body.count
      while dropped < min(length, drainLimit) {
        dropped += try await connection.read(atMost: 65_536).count
      }
      return bytes(of: .error(413, "The request is larger than \(limit) bytes."))
    }
    while body.count < length {
      body += try await connection.read(atMost: min(65_536, length - body.count))
    }
    let request = PlaygroundRequest(
      method: head.method, target: head.target, headers: head.fields,
      body: Array(body.prefix(length)))
    return bytes(of: await host.respond(to: request))
  }

  /// The offset of the blank line that ends a request's head, if it has arrived.
  static func endOfHead(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return nil
  }

  /// The request line and header fields of `head`, or nil when it is not an HTTP/1.x head.
  static func head(_ head: ArraySlice<UInt8>) -> (
    method: String, target: String, fields: [(String, String)]
  )? {
    guard let text = String(validating: head, as: UTF8.self) else { return nil }
    let lines = text.components(separatedBy: "\r\n")
    let start = lines[0].split(separator: " ", omittingEmptySubsequences: false)
    guard start.count == 3, start[2].hasPrefix("HTTP/1."), !start[0].isEmpty,
      start[1].hasPrefix("/")
    else { return nil }
    var fields: [(String, String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return nil }
      fields.append(
        (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    return (String(start[0]), String(start[1]), fields)
  }

  /// `response` as bytes on the wire, closing the connection.
  static func bytes(of response: PlaygroundResponse) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      text += "\(name): \(value)\r\n"
    }
    text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    return Array(text.utf8) + response.body
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
    case 431: "Request Header Fields Too Large"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}

/// The playground as the socket layer reaches it: each request answered on a thread of its
/// own, off the cooperative pool that runs the sockets, so that a long command, or a request
/// waiting for its tab's lock, never holds up the reading and writing of other connections,
/// nor the requests to other tabs.
///
/// Not Dispatch's global queue: a request waiting for a busy tab blocks its thread, and on
/// Linux that queue adds threads only slowly once its threads block, so a few requests
/// waiting for one tab would hold up every other tab's.
final class PlaygroundHost: Sendable {
  private let playground: Playground
  /// The body limit the socket layer enforces before reading a body.
  let bodyLimit: Int

  init(_ playground: Playground) {
    self.playground = playground
    self.bodyLimit = playground.configuration.limits.bodyBytes
  }

  /// The playground's answer to `request`, computed on a new thread.
  ///
  /// - Complexity: the request's own cost (`Playground.respond(to:)`), plus a thread's start.
  func respond(to request: PlaygroundRequest) async -> PlaygroundResponse {
    await withCheckedContinuation { continuation in
      Thread { [playground] in
        continuation.resume(returning: playground.respond(to: request))
      }.start()
    }
  }
}

/// The connections open at once, within a limit; shared by the accepting loop and the
/// connections' tasks.
final class ConnectionCount: @unchecked Sendable {
  /// The most that may be open at once.
  let most: Int
  private let lock = NSLock()
  private var count = 0

  init(most: Int) { self.most = most }

  /// Counts one more open connection and answers true, or answers false at the limit.
  func open() -> Bool {
    lock.withLock {
      guard count < most else { return false }
      count += 1
      return true
    }
  }

  /// Counts a connection closed.
  func close() { lock.withLock { count -= 1 } }
}
