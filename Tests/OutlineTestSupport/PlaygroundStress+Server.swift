import Foundation
import OutlineServer

extension PlaygroundStress {
  /// `PlaygroundServer.run` on a port of its own in this process, until `stop()`: the
  /// playground's token is `PlaygroundStress.token`, its cookie `PlaygroundStress.cookie`.
  public final class RunningServer: @unchecked Sendable {
    private let lock = NSLock()
    private var boundPort = 0
    private var made: Playground?
    private var finished = false
    private var failure: (any Error)?
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var task: Task<Void, Never>?

    /// The port the server listens on.
    public var port: Int { lock.withLock { boundPort } }
    /// The server's playground.
    public var playground: Playground { lock.withLock { made! } }
    /// Whether the server's `run` returned (it must not, until `stop()`).
    public var hasStopped: Bool { lock.withLock { finished } }

    /// Starts a server whose playground holds at most `sessionLimit` sessions, ends a session
    /// idle for `idleSeconds`, and allows file commands inside `allowedDirectory` (nil: none).
    public static func start(
      sessionLimit: Int = 64, idleSeconds: Double = 30 * 60, allowedDirectory: String? = nil
    ) throws -> RunningServer {
      let server = RunningServer()
      server.task = Task.detached { [server] in
        do {
          try await PlaygroundServer.run(
            port: 0,
            makePlayground: { port in
              var configuration = Playground.Configuration(
                port: port, token: PlaygroundStress.token, secret: PlaygroundStress.secret,
                allowedDirectory: allowedDirectory)
              configuration.limits.sessions = sessionLimit
              configuration.limits.idleSeconds = idleSeconds
              // A long storm's shared tabs grow past a person's step and item limits, which
              // the ledger's replay does not model: PlaygroundStepLimitTests checks them.
              configuration.limits.steps = 1_000_000
              configuration.limits.items = 1_000_000
              let playground = try Playground(configuration: configuration)
              server.lock.withLock { server.made = playground }
              return playground
            },
            ready: { port in
              server.lock.withLock { server.boundPort = port }
              server.ready.signal()
            })
        } catch {
          server.lock.withLock { server.failure = error }
        }
        server.lock.withLock { server.finished = true }
        server.ready.signal()
        server.done.signal()
      }
      guard server.ready.wait(timeout: .now() + 30) == .success, server.port != 0 else {
        let failure = server.lock.withLock { server.failure }
        server.stop()
        throw RawHTTPClient.Failure(
          description: "no port after 30 s" + (failure.map { ": \($0)" } ?? ""))
      }
      return server
    }

    /// Cancels the server's task and waits (10 s at most) for it to end; a second call does
    /// nothing.
    public func stop() {
      guard
        let task = lock.withLock({ () -> Task<Void, Never>? in
          defer { self.task = nil }
          return self.task
        })
      else { return }
      task.cancel()
      _ = done.wait(timeout: .now() + 10)
    }
  }

  /// Samples the playground's session count on a thread of its own: the most seen, and a
  /// problem for each sample over the limit.
  final class SessionMonitor: @unchecked Sendable {
    private let playground: Playground
    private let limit: Int
    private let lock = NSLock()
    private var running = true
    private var seen = 0
    private var found: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    init(playground: Playground, limit: Int) {
      self.playground = playground
      self.limit = limit
    }

    /// The most sessions seen at once.
    var most: Int { lock.withLock { seen } }
    /// The samples over the limit.
    var problems: [String] { lock.withLock { found } }

    func start() {
      Thread { [self] in
        while lock.withLock({ running }) {
          let count = playground.sessionCount
          lock.withLock {
            seen = max(seen, count)
            if count > limit, found.count < 5 {
              found.append("\(count) sessions held, over the limit of \(limit)")
            }
          }
          usleep(1000)
        }
        finished.signal()
      }.start()
    }

    func stop() {
      lock.withLock { running = false }
      finished.wait()
    }
  }
}
