import Foundation
import OutlineServer

/// Many threads at once against one real playground server over loopback sockets, valid
/// traffic mixed with hostile, from a seeded generator: the stress run of `PlaygroundStressTests`
/// and of `outline-fuzz --concurrent`.
///
/// The server is `PlaygroundServer.run` in this process (port 0, small limits), so the run can
/// read the playground's session count while the storm goes on. Each thread sends every kind
/// of request once, then kinds drawn from `SplitMix64(seed + thread)`: the traffic a seed makes
/// is the same on every run, its interleaving is the machine's.
///
/// Checked while it runs and after:
/// - every answer is well-formed HTTP (`WireResponse`) with a status the request deserves
///   (`PlaygroundStress.Kind.deserved`), or a closed socket where the request deserves one;
/// - the sessions never exceed the limit (sampled by a thread of its own);
/// - after the storm every shared tab answers within `healthSeconds`, and the server has not
///   stopped;
/// - each shared tab's history is a serial history of the requests it accepted, and running it
///   again in a fresh `Session` gives the outline the tab shows (`TabLedger`).
///
/// ```swift
/// let report = PlaygroundStress.run(.init(seed: 7, threads: 8, seconds: 3))
/// report.problems  // []
/// ```
public enum PlaygroundStress {
  /// What a run does.
  public struct Options: Sendable {
    /// The seed of every thread's generator (thread *t* uses `seed + t`).
    public var seed: UInt64
    /// The client threads sending requests.
    public var threads: Int
    /// How long the storm lasts, in seconds.
    public var seconds: Double
    /// The tabs every thread runs commands in, checked at the end.
    public var tabs = 3
    /// The playground's session limit (the shared tabs count against it).
    public var sessionLimit = 8
    /// How long a session may go unused before it ends, in seconds: short, so that throwaway
    /// tabs end while the storm goes on (the shared tabs are used far more often).
    public var idleSeconds = 5.0
    /// How long the server may take to answer after the storm, in seconds.
    public var healthSeconds = 10.0

    public init(seed: UInt64, threads: Int, seconds: Double) {
      self.seed = seed
      self.threads = threads
      self.seconds = seconds
    }
  }

  /// What a run saw.
  public struct Report: CustomStringConvertible {
    public var options: Options
    /// Requests sent, by kind.
    public var kinds: [Kind: Int] = [:]
    /// Answers, by status (0: the connection closed with no answer).
    public var statuses: [Int: Int] = [:]
    /// Every broken rule, with the seed, thread and request that broke it.
    public var problems: [String] = []
    /// The shared tabs' step counts at the end.
    public var tabSteps: [Int] = []
    /// The command lines the shared tabs accepted (answered with 200).
    public var accepted = 0
    /// The most sessions seen at once.
    public var mostSessions = 0
    /// How long the server took to answer after the storm, in seconds.
    public var healthSeconds = 0.0

    /// The requests sent.
    public var requests: Int { kinds.values.reduce(0, +) }

    public var description: String {
      let kinds = self.kinds.sorted { $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
      let statuses = self.statuses.sorted { $0.key < $1.key }
        .map { "\($0.key == 0 ? "closed" : String($0.key)) \($0.value)" }
        .joined(separator: ", ")
      return """
        seed \(options.seed), \(options.threads) threads, \(options.seconds) s: \
        \(requests) requests (\(kinds))
        statuses: \(statuses)
        lines accepted in the shared tabs: \(accepted); their steps at the end: \
        \(tabSteps.map(String.init).joined(separator: ", ")); \
        most sessions at once: \(mostSessions) of \(options.sessionLimit); \
        answered after the storm in \(String(format: "%.3f", healthSeconds)) s
        \(problems.isEmpty ? "no problem" : "\(problems.count) problems:\n" + problems.prefix(20).joined(separator: "\n"))
        """
    }
  }

  /// The token and cookie secret of the run's playground.
  public static let token = "stress-token"
  static let secret = "stress-secret"
  public static var cookie: String { "outline_playground=\(secret)" }

  /// Starts a server, runs the storm, checks the server and the tabs, and stops the server.
  ///
  /// - Complexity: `options.seconds` of requests, then one replay of each shared tab.
  public static func run(_ options: Options) -> Report {
    var report = Report(options: options)
    let server: RunningServer
    do {
      server = try RunningServer.start(
        sessionLimit: options.sessionLimit, idleSeconds: options.idleSeconds)
    } catch {
      report.problems.append("the server did not start: \(error)")
      return report
    }
    defer { server.stop() }
    let state = StormState(options: options, port: server.port)
    if let problem = state.openTabs() {
      report.problems.append(problem)
      return report
    }
    let monitor = SessionMonitor(playground: server.playground, limit: options.sessionLimit)
    monitor.start()
    let group = DispatchGroup()
    let deadline = Date().addingTimeInterval(options.seconds)
    for thread in 0..<options.threads {
      group.enter()
      let worker = Thread {
        var client = StormClient(
          state: state, thread: thread,
          random: SplitMix64(seed: options.seed &+ UInt64(thread)))
        while Date() < deadline { client.sendOne() }
        group.leave()
      }
      worker.stackSize = 4 << 20
      worker.start()
    }
    // A bound for a failure only: every request has a receive timeout.
    if group.wait(timeout: .now() + options.seconds + 120) == .timedOut {
      state.problem("the client threads did not finish within 120 s of the storm's end")
    }
    monitor.stop()
    let started = Date()
    let health = state.health()
    report.healthSeconds = Date().timeIntervalSince(started)
    if let health { state.problem(health) }
    if report.healthSeconds > options.healthSeconds {
      state.problem(
        "the server took \(report.healthSeconds) s to answer after the storm "
          + "(the bound is \(options.healthSeconds) s)")
    }
    if server.hasStopped { state.problem("the server stopped") }
    for problem in monitor.problems { state.problem(problem) }
    report.tabSteps = state.checkTabs()
    report.accepted = state.tabs.map(\.acceptedCount).reduce(0, +)
    report.mostSessions = monitor.most
    report.kinds = state.kinds
    report.statuses = state.statuses
    report.problems = state.problems
    return report
  }
}
