import OutlineLanguage
import OutlineServer

/// The `playground` scenario: `outline serve`'s request handler (issue 28), request in to
/// response out, against the same commands' text-mode run; and the memory of 64 idle sessions.
///
/// The goals: a command on a 10,000-item outline answered within 2× of its text-mode run, with
/// the quiz off and on; an idle session costing under 1 MiB beside its outline.
enum PlaygroundScenario: Scenario {
  static let name = "playground"
  static let summary = "outline serve's handler per command against text mode; 64 idle sessions"

  static func run(_ plan: Plan) -> [Goal] {
    commandGoals(plan) + memoryGoals(plan)
  }

  /// A handler whose sessions are named `s1`, `s2`, … and whose clock stands still.
  static func playground(script: String?) -> Playground {
    var count = 0
    var configuration = Playground.Configuration(port: 1, token: "t", secret: "s")
    configuration.script = script.map { ("outline.outline", $0) }
    do {
      return try Playground(
        configuration: configuration, now: { 0 },
        makeIdentifier: {
          count += 1
          return "s\(count)"
        })
    } catch {
      preconditionFailure("a playground without files cannot fail: \(error)")
    }
  }

  static let headers = [("Host", "127.0.0.1:1"), ("Cookie", "outline_playground=s")]

  /// The `POST /api/run` request with `body`, as the socket layer makes it from the bytes
  /// that arrived.
  static func request(body: [UInt8]) -> PlaygroundRequest {
    PlaygroundRequest(method: "POST", target: "/api/run", headers: headers, body: body)
  }

  /// The JSON body the page's script writes for `line` after `at` steps.
  static func body(_ line: String, at: Int, session: String = "s1", quiz: Bool = false)
    -> [UInt8]
  {
    var body = "{\"session\":\"\(session)\",\"at\":\(at),\"quiz\":\(quiz ? 1 : 0),\"line\":\""
    for scalar in line.unicodeScalars {
      body += scalar == "\"" || scalar == "\\" ? "\\" + String(scalar) : String(scalar)
    }
    body += "\"}"
    return Array(body.utf8)
  }

  private static func commandGoals(_ plan: Plan) -> [Goal] {
    let commands = plan.quick ? 200 : 1_000
    let runs = plan.quick ? 3 : 5
    Report.heading(
      "\(name): \(Report.count(commands)) commands on a 10,000-item outline, one request each",
      [
        "The outline of 6. (100 expanded roots of 99 children), then the \"with taps\" cycle of",
        "the emit scenario, a line at a time: each through Playground.respond (the request made",
        "from the JSON body the page wrote before, the body parsed, the command run, the step",
        "recorded with its checkpoint, the answer's step JSON and text written) against",
        "Session.runScript with the text renderer (text mode, no states recorded). The playground as a page sends its lines with the quiz off (the",
        "default: no questions worked out) and on (each step's question in its answer).",
        "Interleaved, \(runs) rounds after a warm-up: median [min–max].",
      ])
    let outline = ScriptScenario.outlineScript()
    let lines = ScriptScenario.editScript(commands: commands, taps: true, children: 99)
      .split(separator: "\n").map(String.init)
    var answerBytes = [0, 0]
    // A page not in quiz mode (the default) and one in quiz mode, whose steps carry their
    // questions.
    func playgroundRun(quiz: Bool) -> () -> Double {
      {
        let playground = playground(script: outline)
        let page = playground.respond(
          to: PlaygroundRequest(method: "GET", target: "/", headers: headers))
        precondition(page.status == 200)
        // The bodies are the page's work, written before; the server's starts with the bytes.
        let bodies = lines.indices.map { body(lines[$0], at: 102 + $0, quiz: quiz) }
        var bytes = 0
        let seconds = Measure.seconds {
          for body in bodies {
            let response = playground.respond(to: request(body: body))
            precondition(response.status == 200, response.text)
            bytes += response.body.count
          }
        }
        answerBytes[quiz ? 1 : 0] = bytes / lines.count
        return seconds / Double(lines.count)
      }
    }
    let samples = Measure.interleavedSamples(
      runs: runs,
      [
        {
          let session = Session()
          session.recordsStates = false
          _ = session.runScript(outline, file: "outline", options: ScriptOptions { _, _ in })
          let renderer = TextRenderer(color: false)
          var bytes = 0
          let seconds = Measure.seconds {
            for line in lines {
              _ = session.runScript(
                line, file: "line",
                options: ScriptOptions { outcome, _ in
                  for text in renderer.lines(for: outcome, mode: .full) { bytes += text.utf8.count }
                  precondition(outcome.ok, "\(outcome.command): \(outcome.error!.message)")
                })
            }
          }
          blackHole(bytes)
          return seconds / Double(lines.count)
        },
        playgroundRun(quiz: false),
        playgroundRun(quiz: true),
      ])
    let ratios = [1, 2].map { run in zip(samples[run], samples[0]).map { $0 / $1 } }
    Report.table(
      ["run", "per command", "ratio to text", "answer"],
      [["text mode", Report.spread(samples[0], Report.time), "", ""]]
        + ["playground", "playground, quiz on"].enumerated().map { index, run in
          [
            run, Report.spread(samples[index + 1], Report.time),
            Report.spread(ratios[index], Report.ratio),
            Report.significant(Double(answerBytes[index]) / 1024) + " KiB",
          ]
        })
    return ["", " (quiz on)"].enumerated().map { index, mode in
      let ratio = Measure.median(of: ratios[index])
      return Goal(
        name, "a command on 10,000 items answered within 2× of text mode" + mode,
        met: ratio <= 2,
        "\(Report.time(Measure.median(of: samples[index + 1]))) a command, "
          + "\(Report.ratio(ratio)) text")
    }
  }

  private static func memoryGoals(_ plan: Plan) -> [Goal] {
    let sessions = 64
    let rounds = plan.quick ? 3 : 5
    Report.heading(
      "\(name): \(sessions) sessions held at once, idle",
      [
        "Heap bytes in use (mallinfo2) before and after opening \(sessions) tabs (GET /), per",
        "session: empty sessions, then sessions that ran the 10,000-item outline script, less",
        "one text-mode Session holding the same outline (the outline itself). \(rounds) rounds:",
        "median [min–max].",
      ])
    guard Memory.heapBytes != nil else {
      return [
        Goal(name, "an idle session < 1 MiB beside its outline", .notJudged, "no mallinfo2()")
      ]
    }
    let outline = ScriptScenario.outlineScript()
    func perSession(script: String?) -> Double {
      let before = Memory.heapBytes!
      let playground = playground(script: script)
      for _ in 0..<sessions {
        let page = playground.respond(
          to: PlaygroundRequest(method: "GET", target: "/", headers: headers))
        precondition(page.status == 200, page.text)
      }
      let after = withExtendedLifetime(playground) { Memory.heapBytes! }
      precondition(playground.sessionCount == sessions)
      return Double(after - before) / Double(sessions)
    }
    func bareOutline() -> Double {
      let before = Memory.heapBytes!
      let session = Session()
      session.recordsStates = false
      _ = session.runScript(outline, file: "outline", options: ScriptOptions { _, _ in })
      let after = withExtendedLifetime(session) { Memory.heapBytes! }
      return Double(after - before)
    }
    var empty: [Double] = []
    var withOutline: [Double] = []
    var bare: [Double] = []
    for _ in 0..<rounds {
      empty.append(perSession(script: nil))
      withOutline.append(perSession(script: outline))
      bare.append(bareOutline())
    }
    let overhead = zip(withOutline, bare).map { $0 - $1 }
    func bytes(_ value: Double) -> String { Report.significant(value / 1024) + " KiB" }
    Report.table(
      ["sessions", "heap per session"],
      [
        ["empty", Report.spread(empty, bytes)],
        ["after the outline's 102 commands", Report.spread(withOutline, bytes)],
        ["the outline alone (one Session)", Report.spread(bare, bytes)],
        ["beside the outline: its 102 steps", Report.spread(overhead, bytes)],
      ])
    return [
      Goal(
        name, "an idle session < 1 MiB", met: Measure.median(of: empty) < 1_048_576,
        bytes(Measure.median(of: empty)) + " (64 empty sessions)"),
      Goal(
        name, "a session that built 10,000 items < 1 MiB beside its outline",
        met: Measure.median(of: overhead) < 1_048_576,
        bytes(Measure.median(of: overhead)) + " (the steps kept for stepping back)"),
    ]
  }
}
