import Foundation

extension PlaygroundStress {
  /// What the client threads share: the shared tabs' ledgers, the throwaway tabs, the counts
  /// and the problems, behind one lock.
  final class StormState: @unchecked Sendable {
    let options: Options
    let client: RawHTTPClient
    private let lock = NSLock()
    private(set) var tabs: [TabLedger] = []
    private var throwaways: [String] = []
    private var ended: Set<String> = []
    private var endedList: [String] = []
    private var kindCounts: [Kind: Int] = [:]
    private var statusCounts: [Int: Int] = [:]
    private var found: [String] = []

    init(options: Options, port: Int) {
      self.options = options
      self.client = RawHTTPClient(port: port)
    }

    var kinds: [Kind: Int] { lock.withLock { kindCounts } }
    var statuses: [Int: Int] { lock.withLock { statusCounts } }
    var problems: [String] { lock.withLock { found } }

    func problem(_ text: String) {
      lock.withLock { if found.count < 200 { found.append(text) } }
    }

    func count(_ kind: Kind, status: Int?) {
      lock.withLock {
        kindCounts[kind, default: 0] += 1
        if let status { statusCounts[status, default: 0] += 1 }
      }
    }

    /// A throwaway tab, if any: one in four times one that has quit, else one open (which may
    /// have quit, or ended idle, since).
    func throwaway(using random: inout SplitMix64) -> String? {
      lock.withLock {
        if !endedList.isEmpty, random.next() % 4 == 0 {
          return endedList.randomElement(using: &random)
        }
        return throwaways.randomElement(using: &random)
      }
    }

    func addThrowaway(_ session: String) {
      lock.withLock { throwaways.append(session) }
    }

    /// Records that `session` quit (its answer came back): it leaves the throwaway tabs, and
    /// a request sent to it from now on must not be answered with 200.
    func end(_ session: String) {
      lock.withLock {
        throwaways.removeAll { $0 == session }
        if ended.insert(session).inserted { endedList.append(session) }
      }
    }

    /// Whether `session` quit before now.
    func hasEnded(_ session: String) -> Bool {
      lock.withLock { ended.contains(session) }
    }

    /// Spends the token and opens the shared tabs; a problem when that fails.
    func openTabs() -> String? {
      do {
        let exchanged = try client.request("GET", "/?token=\(PlaygroundStress.token)")
        guard exchanged.status == 303,
          exchanged.headers["set-cookie"]?.hasPrefix(PlaygroundStress.cookie + ";") == true
        else { return "the token exchange answered \(exchanged.status)" }
        for index in 0..<options.tabs {
          let page = try client.request("GET", "/", cookie: PlaygroundStress.cookie)
          guard page.status == 200, let session = PlaygroundStress.session(in: page.body) else {
            return "opening shared tab \(index) answered \(page.status)"
          }
          tabs.append(TabLedger(index: index, session: session))
        }
      } catch {
        return "opening the shared tabs: \(error)"
      }
      return nil
    }

    /// A download of each shared tab once the storm is over (each takes its tab's lock),
    /// timed by the caller; a problem when one is not answered with 200.
    func health() -> String? {
      for tab in tabs {
        let target = "/download?session=\(tab.session)&as=script"
        guard let answer = try? client.request("GET", target, cookie: PlaygroundStress.cookie)
        else { return "no answer after the storm from shared tab \(tab.index)" }
        guard answer.status == 200 else {
          return "after the storm, shared tab \(tab.index) answered \(answer.status)"
        }
      }
      return nil
    }

    /// Checks each shared tab's history (`TabLedger.fetch`, then `TabLedger.problems(of:)`);
    /// answers their step counts.
    func checkTabs() -> [Int] {
      let finals = tabs.map { $0.fetch(client: client) }
      for (tab, final) in zip(tabs, finals) {
        for problem in TabLedger.problems(of: final) {
          self.problem("shared tab \(tab.index): \(problem)")
        }
      }
      return finals.map(\.history.count)
    }
  }
}

extension PlaygroundStress {
  /// The session identifier in a playground page.
  public static func session(in page: String) -> String? {
    let marker = "id=\"playground-data\">{\"session\":\""
    guard let start = page.range(of: marker),
      let end = page.range(of: "\"", range: start.upperBound..<page.endIndex)
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }
}
