import Foundation
import OutlineLanguage

/// The playground of `outline serve`, as a pure function from a request to a response.
///
/// It holds the token exchange, the cookie and `Host` checks, the routes, the limits and the
/// sessions, one per browser tab. The socket layer (`PlaygroundServer`) only turns bytes into a
/// `PlaygroundRequest` and a `PlaygroundResponse` back into bytes.
///
/// ```swift
/// let playground = try Playground(configuration: .init(port: 8080, token: "t", secret: "s"))
/// playground.respond(to: PlaygroundRequest(method: "GET", target: "/?token=t",
///   headers: [("Host", "127.0.0.1:8080")])).status  // 303, with the cookie
/// ```
///
/// Every request must name the loopback address and the server's port in its `Host` field
/// (a page of another site that a DNS rebinding points at 127.0.0.1 names its own host) and,
/// past the token exchange, carry the cookie that exchange set. A bad request gets an HTTP
/// error and changes nothing; no request can stop the server.
///
/// # Concurrency
///
/// Requests may come from many threads at once. The session table, the token and the clock
/// sit behind one lock (`table`), held only to look a session up, add or end one: never
/// while a command runs. Each tab's session has a lock of its own, held for the whole of a
/// request to it, so that a long command in one tab delays only that tab. A thread takes a
/// session's lock, then perhaps the table's, never the other way round.
public final class Playground: @unchecked Sendable {
  /// What a playground is started with.
  public struct Configuration: Sendable {
    /// The port the server listens on, which the `Host` field must name.
    public var port: Int
    /// The one-time token of the printed URL.
    public var token: String
    /// The cookie's value, given for the token.
    public var secret: String
    /// The directory file commands may touch; nil: none.
    public var allowedDirectory: String?
    /// A script each new session runs first (its name and text).
    public var script: (name: String, text: String)?
    /// The limits.
    public var limits = Limits()
    /// A script the page runs after its own, for the browser tests only
    /// (`OUTLINE_PLAYGROUND_DRIVER`); nil in use.
    public var testDriver: String?

    /// A configuration with the default limits and no files.
    public init(
      port: Int, token: String, secret: String, allowedDirectory: String? = nil,
      script: (name: String, text: String)? = nil
    ) {
      self.port = port
      self.token = token
      self.secret = secret
      self.allowedDirectory = allowedDirectory
      self.script = script
    }
  }

  /// SPEC §4's limits.
  public struct Limits: Sendable {
    /// The longest command line, in UTF-8 bytes.
    public var lineBytes = 64 * 1024
    /// The largest request body, in bytes: a command line written as JSON, escapes and all.
    public var bodyBytes = 512 * 1024
    /// The most sessions held at once.
    public var sessions = 64
    /// How long a session may go unused before it ends, in seconds.
    public var idleSeconds = 30.0 * 60
    /// The most steps a session keeps, its SCRIPT's included.
    public var steps = 2_000
    /// The most items a session's outline holds (its sections and a batch's working copy):
    /// with `steps`, what bounds a tab's memory, since one command may add many items.
    public var items = 20_000

    /// The default limits.
    public init() {}
  }

  /// The cookie's name.
  static let cookieName = "outline_playground"

  let configuration: Configuration
  /// Guards `sessions`, `opening`, `tokenSpent`, every session's `lastUsed`, and the calls
  /// of `now` and `makeIdentifier`.
  let table = NSLock()
  /// The sessions, by identifier.
  var sessions: [String: PlaygroundSession] = [:]
  /// The sessions being made for pages not yet answered, counted against the limit.
  var opening = 0
  /// Whether the token has been exchanged.
  private var tokenSpent = false
  /// The clock, in seconds.
  let now: () -> Double
  /// Makes a new session's identifier.
  let makeIdentifier: () -> String
  let fileSystem: PlaygroundFileSystem
  /// The `Host` values that name this server (`hosts(port:)`).
  private let hosts: [String]
  /// The `Origin` values of this server's own pages: `http://` and a `Host` value.
  private let origins: [String]

  /// A playground with `configuration`, reading `now` for idle sessions and `makeIdentifier`
  /// for new sessions' identifiers.
  ///
  /// - Throws: `FileError` when the allowed directory is not one.
  public init(
    configuration: Configuration, now: @escaping () -> Double = Playground.monotonicSeconds,
    makeIdentifier: @escaping () -> String = { Playground.randomHex(bytes: 16) }
  ) throws(FileError) {
    self.configuration = configuration
    self.now = now
    self.makeIdentifier = makeIdentifier
    self.fileSystem = try PlaygroundFileSystem(directory: configuration.allowedDirectory)
    self.hosts = Self.hosts(port: configuration.port)
    self.origins = hosts.map { "http://" + $0 }
  }

  /// The number of sessions held.
  public var sessionCount: Int { table.withLock { sessions.count } }

  /// The answer to `request`.
  ///
  /// Safe to call from any thread: requests to different tabs run at the same time, and those
  /// to one tab one after another.
  ///
  /// - Complexity: O(*s*) to end the idle sessions among *s*, then the route's own cost: a
  ///   command's, or the size of a page or download.
  public func respond(to request: PlaygroundRequest) -> PlaygroundResponse {
    var response = route(request)
    // Most answers have one field of their own, a common `Content-Type`: a dictionary made
    // for it stands in, with no insertion.
    if response.headers.count == 1, let type = response.headers["Content-Type"],
      let prepared = Self.fixedHeadersByType[type]
    {
      response.headers = prepared
    } else {
      response.headers.merge(Self.fixedHeaders) { $1 }
    }
    return response
  }

  /// The header fields of every answer: no caching, no sniffing, no referrer, no framing, and
  /// a content security policy that lets the page run only its own inline script and style.
  static let fixedHeaders = [
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy":
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
      + "connect-src 'self'; img-src data:; form-action 'none'; frame-ancestors 'none'",
  ]

  /// `fixedHeaders` with the `Content-Type` of the common answers (the API's JSON, the page,
  /// a redirect's text), by that type.
  static let fixedHeadersByType = Dictionary(
    uniqueKeysWithValues: [
      "application/json", "text/html; charset=utf-8", "text/plain; charset=utf-8",
    ].map { type in (type, fixedHeaders.merging(["Content-Type": type]) { $1 }) })

  private func route(_ request: PlaygroundRequest) -> PlaygroundResponse {
    guard hostIsLoopback(request.headers["host"]) else {
      return .error(403, "The Host field must name 127.0.0.1:\(configuration.port).")
    }
    table.withLock { endIdleSessions() }
    let route: (methods: [String], handle: (PlaygroundRequest) -> PlaygroundResponse)
    switch request.path {
    case "/": route = (["GET"], page)
    case "/api/run": route = (["POST"], runLine)
    case "/api/quit": route = (["POST"], quit)
    case "/api/questions": route = (["POST"], questions)
    case "/download": route = (["GET"], download)
    default: return .error(404, "There is no such page in the playground.")
    }
    guard route.methods.contains(request.method) else {
      var response = PlaygroundResponse.error(405, "\(request.method) is not allowed here.")
      response.headers["Allow"] = route.methods.joined(separator: ", ")
      return response
    }
    let holdsCookie = request.cookie(Self.cookieName).map { Self.same($0, configuration.secret) }
    if request.path == "/", let token = request.query["token"] {
      // A browser that already holds the cookie (the printed link opened again) goes to the
      // page; the token is spent only by a browser without it.
      return holdsCookie == true ? Self.redirectToPage(setting: nil) : exchange(token)
    }
    guard holdsCookie == true else {
      return .error(
        403, "Open the playground through the link that 'outline serve' printed.")
    }
    if request.method == "POST" {
      if let origin = request.headers["origin"], !originIsLoopback(origin) {
        return .error(403, "Requests from \(origin) are refused.")
      }
      guard request.body.count <= configuration.limits.bodyBytes else {
        return .error(413, "The request is larger than \(configuration.limits.bodyBytes) bytes.")
      }
    }
    return route.handle(request)
  }

  /// The token exchange: the cookie for the token, once, then a redirect to the page without
  /// the token.
  private func exchange(_ token: String) -> PlaygroundResponse {
    let spent = table.withLock {
      guard !tokenSpent, Self.same(token, configuration.token) else { return false }
      tokenSpent = true
      return true
    }
    guard spent else {
      return .error(
        403,
        "This link's token is wrong or has been used, and this browser holds no playground "
          + "cookie: the browser that first opened the link holds the playground (open "
          + "http://127.0.0.1:\(configuration.port)/ there). For this browser, start "
          + "'outline serve' again for a new link.")
    }
    return Self.redirectToPage(
      setting: "\(Self.cookieName)=\(configuration.secret); Path=/; HttpOnly; SameSite=Strict")
  }

  /// A redirect to the page without the token, setting `cookie` when not nil.
  private static func redirectToPage(setting cookie: String?) -> PlaygroundResponse {
    var headers = ["Location": "/"]
    if let cookie { headers["Set-Cookie"] = cookie }
    return PlaygroundResponse(
      status: 303, contentType: "text/plain; charset=utf-8", body: "See /\n", headers: headers)
  }

  /// Ends the sessions idle longer than the limit; the caller holds `table`.
  ///
  /// - Complexity: O(*s*) in the sessions; the table is built anew only when one ends.
  private func endIdleSessions() {
    let cutoff = now() - configuration.limits.idleSeconds
    guard sessions.values.contains(where: { $0.lastUsed <= cutoff }) else { return }
    sessions = sessions.filter { $0.value.lastUsed > cutoff }
  }

  /// The `Host` values that name a server on `port`: the loopback address or `localhost`
  /// with the port (without it for port 80, as a browser writes it).
  static func hosts(port: Int) -> [String] {
    let names = ["127.0.0.1", "localhost"]
    return names.map { $0 + ":\(port)" } + (port == 80 ? names : [])
  }

  private func hostIsLoopback(_ host: String?) -> Bool {
    guard let host else { return false }
    return hosts.contains(host)
  }

  private func originIsLoopback(_ origin: String) -> Bool {
    origins.contains(origin)
  }

  /// Whether two secrets are equal, in a time that does not depend on where they differ.
  static func same(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a.utf8, b.utf8) { difference |= x ^ y }
    return difference == 0
  }

  /// `bytes` random bytes, in hexadecimal.
  public static func randomHex(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<bytes).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte, radix: 16).count == 1
        ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }

  /// Seconds on a clock that never goes back.
  public static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension PlaygroundResponse {
  /// An error page: `status` and a sentence.
  static func error(_ status: Int, _ message: String) -> PlaygroundResponse {
    PlaygroundResponse(
      status: status, contentType: "application/json",
      body: "{\"error\":" + HTMLEscaping.json(message) + "}")
  }
}
