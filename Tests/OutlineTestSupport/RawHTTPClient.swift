import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client that writes any bytes to 127.0.0.1:`port` and reads what comes back: the process
/// tests and the stress run send well-formed requests through it, and garbage, write slowly,
/// and hang up half-way.
public struct RawHTTPClient: Sendable {
  public let port: Int

  public init(port: Int) { self.port = port }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// A response: its status (0 when the server closed the connection without one), its
  /// header fields by lower-case name and its body.
  public struct Response {
    public var status = 0
    public var headers: [String: String] = [:]
    public var body = ""
  }

  /// A connected socket, with a receive timeout of `seconds` and, when given, a receive
  /// buffer of `receiveBuffer` bytes (a small one makes the server wait to write).
  public func connect(seconds: Int = 10, receiveBuffer: Int32? = nil) throws -> Int32 {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(descriptor)
      throw Failure(description: "connect to port \(port): errno \(errno)")
    }
    return descriptor
  }

  /// Writes all of `bytes`; false when the server closed the connection first.
  @discardableResult
  public func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  /// Reads until the server closes the connection, the timeout, or `limit` bytes.
  ///
  /// Answers the bytes, and whether the connection ended cleanly (false after a reset or a
  /// timeout). With a `pause`, reads at most `piece` bytes at a time and calls `pause` between reads (a slow
  /// reader).
  public func readAll(
    _ descriptor: Int32, limit: Int = .max, piece: Int = 65_536, pause: (() -> Void)? = nil
  ) -> (bytes: [UInt8], clean: Bool) {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: piece)
    while data.count < limit {
      let count = buffer.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, min($0.count, limit - data.count), 0)
      }
      if count == 0 { return (data, true) }
      if count < 0 { return (data, false) }
      data.append(contentsOf: buffer[..<count])
      pause?()
    }
    return (data, true)
  }

  /// Closes `descriptor` with a reset (`SO_LINGER` of 0): the peer's next read or write fails
  /// at once, as when a browser tab is killed.
  public func reset(_ descriptor: Int32) {
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close(descriptor)
  }

  /// Reads until the server closes the connection (or the timeout), and parses a response.
  public func read(_ descriptor: Int32) -> Response {
    let text = String(decoding: readAll(descriptor).bytes, as: UTF8.self)
    var response = Response()
    guard let end = text.range(of: "\r\n\r\n") else { return response }
    let head = text[..<end.lowerBound].components(separatedBy: "\r\n")
    let statusWords = head.first?.split(separator: " ") ?? []
    response.status = statusWords.count > 1 ? Int(statusWords[1]) ?? 0 : 0
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      response.headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    response.body = String(text[end.upperBound...])
    return response
  }

  /// Sends `bytes` on a new connection and reads the response, waiting at most `seconds` for
  /// each read.
  public func exchange(_ bytes: [UInt8], seconds: Int = 10) throws -> Response {
    let descriptor = try connect(seconds: seconds)
    defer { close(descriptor) }
    write(descriptor, bytes)
    // Nothing more to send: the server sees the end of the stream after the request.
    shutdown(descriptor, Int32(SHUT_WR))
    return read(descriptor)
  }

  /// A request's bytes as a browser sends them, on a connection that closes after the response.
  public func requestBytes(
    _ method: String, _ target: String, cookie: String? = nil, body: String? = nil,
    host: String? = nil, extra: [(String, String)] = []
  ) -> [UInt8] {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    text += "Connection: close\r\n"
    if let cookie { text += "Cookie: \(cookie)\r\n" }
    for (name, value) in extra { text += "\(name): \(value)\r\n" }
    if let body {
      text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    } else {
      text += "\r\n"
    }
    return Array(text.utf8)
  }

  /// A request as a browser sends it, on a connection that closes after the response.
  public func request(
    _ method: String, _ target: String, cookie: String? = nil, body: String? = nil,
    host: String? = nil, seconds: Int = 10
  ) throws -> Response {
    try exchange(
      requestBytes(method, target, cookie: cookie, body: body, host: host), seconds: seconds)
  }
}
