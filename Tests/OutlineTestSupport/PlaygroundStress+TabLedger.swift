import Foundation
import OutlineLanguage

extension PlaygroundStress {
  /// A shared tab: the lines the threads send it and what the server accepted, to check its
  /// history against at the end.
  ///
  /// Every line the storm sends a shared tab begins with a marker, `append tK_N`, a new item
  /// that cannot fail, so each step of the tab's history names the request it came from. The
  /// tab's lock serialises its requests, so its final history must be a serial history:
  /// runs of steps, each run the first steps of one accepted request, standing at the step
  /// that request was answered at (`problems(history:accepted:)`). Running that history again
  /// in a fresh `Session` must give the outline the tab shows.
  public final class TabLedger: @unchecked Sendable {
    /// A request the server answered with 200: the steps before its first, and its steps'
    /// commands.
    public struct Accepted: Sendable {
      public var from: Int
      public var commands: [String]
      public init(from: Int, commands: [String]) {
        self.from = from
        self.commands = commands
      }
    }

    let index: Int
    let session: String
    private let lock = NSLock()
    private var known = 0
    private var made = 0
    private var items: [String] = []
    private var accepted: [String: Accepted] = [:]

    init(index: Int, session: String) {
      self.index = index
      self.session = session
    }

    /// A line for the tab: its marker first, then perhaps another command on the tab's items;
    /// and the step to run it at (the last known, or one or two before).
    func nextLine(using random: inout SplitMix64) -> (line: String, marker: String, at: Int) {
      lock.withLock {
        made += 1
        let tag = "t\(index)_\(made)"
        let marker = "append \(tag)"
        let item = items.randomElement(using: &random) ?? tag
        let other = items.randomElement(using: &random) ?? tag
        items.append(tag)
        let commands = [
          "", "append \(tag)c to \(item)", "collapse \(item)", "expand \(item)",
          "delete \(item)", "move \(item) before \(other)", "move \(item) to \(other)",
          "indent \(item)", "outdent \(item)", "undo", "redo", "begin", "apply", "discard",
          "count", "items", "expand --all", "collapse --all", "sort --roots", "frobnicate",
        ]
        let second = commands.randomElement(using: &random)!
        let at = max(0, known - Int.random(in: 0...2, using: &random))
        return (second.isEmpty ? marker : marker + "; " + second, marker, at)
      }
    }

    /// The step past the last the tab is known to have.
    func pastEnd(using random: inout SplitMix64) -> Int {
      lock.withLock { known + Int.random(in: 1_000...2_000, using: &random) }
    }

    /// Records the tab's step count as a refusal of `at` gave it.
    func learn(steps: Int) {
      lock.withLock { known = steps }
    }

    /// The number of requests the server accepted.
    var acceptedCount: Int { lock.withLock { accepted.count } }

    /// Records an accepted request.
    func record(marker: String, _ entry: Accepted) {
      lock.withLock {
        accepted[marker] = entry
        known = entry.from + entry.commands.count
      }
    }

    /// The broken rules of a tab's `history` (its steps' commands in order), given the
    /// requests the server `accepted`, by marker: each step begins or continues a run of one
    /// accepted request's steps, a run begins with its marker at the step that request was
    /// answered at, and holds the first of its steps in order.
    ///
    /// - Complexity: O(*h*) in the history's length.
    public static func problems(history: [String], accepted: [String: Accepted]) -> [String] {
      var problems: [String] = []
      var step = 0
      while step < history.count, problems.count < 10 {
        guard let entry = accepted[history[step]] else {
          problems.append(
            "step \(step + 1), \(history[step]), begins no accepted request's steps")
          step += 1
          continue
        }
        if entry.from != step {
          problems.append(
            "step \(step + 1), \(history[step]), was answered as step \(entry.from + 1)")
        }
        // The run goes on to the next marker; only its first wrong step is reported.
        var offset = 1
        var wrong = false
        while step + offset < history.count, accepted[history[step + offset]] == nil {
          let command = history[step + offset]
          if !wrong, offset >= entry.commands.count || entry.commands[offset] != command {
            problems.append(
              "step \(step + offset + 1), \(command), is not step \(offset + 1) of the request "
                + "beginning \(history[step]): \(entry.commands)")
            wrong = true
          }
          offset += 1
        }
        step += offset
      }
      return problems
    }

    /// What the server shows of a tab at the end: its history, the output of the final
    /// queries (nil when they failed), and the problems found on the way.
    struct Final {
      var history: [String] = []
      var script: [String] = []
      var served: [String]?
      var problems: [String] = []
    }

    /// The queries run at the end of the history, on the server and in the replay.
    static let finalQueries = "describe; expanded; visible"

    /// Downloads the tab's history, checks it (`problems(history:accepted:)`), checks that no
    /// step is past its end, and runs the final queries at its end.
    func fetch(client: RawHTTPClient) -> Final {
      let cookie = PlaygroundStress.cookie
      let script = try? client.request(
        "GET", "/download?session=\(session)&as=script", cookie: cookie)
      guard let script, script.status == 200 else {
        return Final(problems: ["its script did not download: \(script?.status ?? 0)"])
      }
      var final = Final()
      final.script = script.body.split(separator: "\n").dropFirst().map(String.init)
      final.history = Self.stepCommands(ofScript: final.script)
      let history = final.history
      final.problems = lock.withLock { Self.problems(history: history, accepted: accepted) }

      func run(_ line: String, at: Int) -> (status: Int, object: [String: Any]?) {
        let body = try? JSONSerialization.data(
          withJSONObject: ["session": session, "line": line, "at": at])
        guard let body,
          let answer = try? client.request(
            "POST", "/api/run", cookie: cookie, body: String(decoding: body, as: UTF8.self))
        else { return (0, nil) }
        let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))
        return (answer.status, object as? [String: Any])
      }
      let past = run("count", at: history.count + 1)
      if past.status != 400 {
        final.problems.append(
          "a line at step \(history.count + 1) of \(history.count) answered \(past.status)")
      }
      let shown = run(Self.finalQueries, at: history.count)
      guard shown.status == 200, let object = shown.object else {
        final.problems.append("the final queries answered \(shown.status)")
        return final
      }
      if (object["at"] as? Int) != history.count {
        final.problems.append(
          "the final queries ran at \(object["at"] ?? "nil"), not \(history.count)")
      }
      final.served = (object["output"] as? [[Any]] ?? []).compactMap { $0.first as? String }
      return final
    }

    /// The problems `fetch` found, and one more unless a serial replay of the history in a
    /// fresh `Session` gives the outline the tab showed.
    ///
    /// The replay takes seconds in a debug build, so the caller fetches every tab first: none
    /// ends idle while another is replayed.
    static func problems(of final: Final) -> [String] {
      guard let served = final.served else { return final.problems }
      let (end, replayed) = replay(final.script, then: finalQueries)
      var problems = final.problems
      if end != .finished(failures: 0) {
        problems.append("its script download did not run to its end: \(end)")
      }
      guard served != replayed else { return problems }
      return problems + [
        "the tab shows \(served) but a serial replay of its \(final.history.count) steps "
          + "gives \(replayed)"
      ]
    }

    /// The commands of the steps a script download replays: its lines, with the comment of a
    /// line that did not parse (no step) left out and a failed command's `expect error`
    /// taken off (the storm never types one).
    static func stepCommands(ofScript script: [String]) -> [String] {
      script.compactMap { line in
        if line.hasPrefix("# did not parse: ") { return nil }
        return line.hasPrefix("expect error ") ? String(line.dropFirst(13)) : line
      }
    }

    /// How the script download `script` ended when run in a fresh session, stopping at a
    /// failure as `outline SCRIPT` does, and the text output of `queries` after it.
    static func replay(_ script: [String], then queries: String) -> (ScriptEnd, [String]) {
      let session = Session()
      let end = session.runScript(
        script.joined(separator: "\n"), file: "replay", options: ScriptOptions { _, _ in })
      let renderer = TextRenderer(color: false)
      var output: [String] = []
      _ = session.runScript(
        queries, file: "replay",
        options: ScriptOptions { outcome, _ in
          output += renderer.lines(for: outcome, mode: session.outputMode)
          if let error = outcome.error { output.append(renderer.errorLine(error, at: nil)) }
        })
      return (end, output)
    }
  }
}
