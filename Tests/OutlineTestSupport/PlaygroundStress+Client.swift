import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension PlaygroundStress {
  /// One client thread: draws a kind of request from its generator, sends it on a new
  /// connection, and checks the answer against what the kind deserves.
  struct StormClient {
    let state: StormState
    let thread: Int
    var random: SplitMix64
    private var sent = 0

    init(state: StormState, thread: Int, random: SplitMix64) {
      self.state = state
      self.thread = thread
      self.random = random
    }

    private var client: RawHTTPClient { state.client }
    private var cookie: String { PlaygroundStress.cookie }

    /// Sends one request: each kind once first (from the thread's own place in the list), then
    /// kinds drawn from the generator.
    mutating func sendOne() {
      sent += 1
      let kinds = Kind.allCases
      let kind =
        sent <= kinds.count
        ? kinds[(sent + thread) % kinds.count] : Kind.table.randomElement(using: &random)!
      switch kind {
      case .run, .slowRun: runInSharedTab(kind)
      case .pastEnd:
        let tab = state.tabs.randomElement(using: &random)!
        let at = tab.pastEnd(using: &random)
        send(kind, post("/api/run", #"{"session":"\#(tab.session)","line":"count","at":\#(at)}"#))
      case .download: download()
      case .questions:
        let tab = state.tabs.randomElement(using: &random)!
        let from = Int.random(in: 0...40, using: &random)
        let answer = send(
          kind, post("/api/questions", #"{"session":"\#(tab.session)","from":\#(from)}"#))
        if answer?.status == 200, !(answer?.object?["q"] is [Any]) {
          fail(kind, "questions that are not a list: \(answer?.text.prefix(200) ?? "")")
        }
      case .slowRead:
        let tab = state.tabs.randomElement(using: &random)!
        let target = "/download?session=\(tab.session)&as=html"
        send(kind, client.requestBytes("GET", target, cookie: cookie), readSlowly: true)
      case .page:
        if let answer = send(kind, client.requestBytes("GET", "/", cookie: cookie)),
          answer.status == 200
        {
          guard let session = PlaygroundStress.session(in: answer.text) else {
            return fail(kind, "a page with no session")
          }
          state.addThrowaway(session)
        }
      case .tabRun, .quitCommand:
        let session = state.throwaway(using: &random) ?? "ended"
        let line = kind == .quitCommand ? "quit" : "append x; count; show"
        let ended = state.hasEnded(session)
        let answer = send(
          kind, post("/api/run", #"{"session":"\#(session)","line":"\#(line)","at":0}"#))
        if ended, answer?.status == 200 { fail(kind, "a line ran in a tab that had quit") }
        if kind == .quitCommand, answer?.status == 200 {
          if answer?.object?["ended"] as? Bool != true { fail(kind, "quit did not end the tab") }
          state.end(session)
        }
      case .quitRequest:
        let session = state.throwaway(using: &random) ?? "ended"
        let ended = state.hasEnded(session)
        if send(kind, post("/api/quit", #"{"session":"\#(session)"}"#))?.status == 200 {
          if ended { fail(kind, "a tab that had quit quit again") }
          state.end(session)
        }
      default: sendHostile(kind)
      }
    }

    /// A line in a shared tab; an accepted one goes into the tab's ledger.
    private mutating func runInSharedTab(_ kind: Kind) {
      let tab = state.tabs.randomElement(using: &random)!
      let (line, marker, at) = tab.nextLine(using: &random)
      // A page sends its lines with the quiz off or on: the steps come without their questions
      // or with them.
      let quiz = Int.random(in: 0...1, using: &random)
      let body = #"{"session":"\#(tab.session)","line":"\#(line)","at":\#(at),"quiz":\#(quiz)}"#
      guard let answer = send(kind, post("/api/run", body), slowly: kind == .slowRun) else {
        return
      }
      guard answer.status == 200 else {
        // `"at" must be a step from 0 to N.`: the tab's step count when it was refused.
        let words = (answer.object?["error"] as? String)?.split(separator: " ")
        if let last = words?.last, let steps = Int(last.dropLast()) { tab.learn(steps: steps) }
        return
      }
      guard let object = answer.object, let from = object["at"] as? Int,
        let steps = object["steps"] as? [[String: Any]], object["output"] is [[Any]]
      else { return fail(kind, "an answer that is not the run's JSON: \(answer.text.prefix(200))") }
      let commands = steps.compactMap { $0["c"] as? String }
      guard from == at, commands.count == steps.count, commands.first == marker else {
        return fail(kind, "ran \(line) at \(at), answered at \(from) with steps \(commands)")
      }
      tab.record(marker: marker, TabLedger.Accepted(from: from, commands: commands))
    }

    /// A download of a shared or throwaway tab, at its end or a step given.
    private mutating func download() {
      let session =
        Bool.random(using: &random)
        ? state.tabs.randomElement(using: &random)!.session
        : state.throwaway(using: &random) ?? "ended"
      let kind = ["script", "swift", "html"].randomElement(using: &random)!
      let at = Bool.random(using: &random) ? "&at=\(Int.random(in: 0...40, using: &random))" : ""
      let target = "/download?session=\(session)&as=\(kind)" + at
      let ended = state.hasEnded(session)
      let answer = send(.download, client.requestBytes("GET", target, cookie: cookie))
      if ended, answer?.status == 200 { fail(.download, "a tab that had quit downloaded") }
      if answer?.status == 200, answer?.headers["content-disposition"] == nil {
        fail(.download, "a download with no Content-Disposition")
      }
    }

    /// The hostile kinds: bytes that are not a request, or a request the server must refuse.
    private mutating func sendHostile(_ kind: Kind) {
      let tab = state.tabs.randomElement(using: &random)!
      let runBody = #"{"session":"\#(tab.session)","line":"count","at":0}"#
      switch kind {
      case .garbage:
        var bytes = (0..<Int.random(in: 1...8192, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
        if Bool.random(using: &random) { bytes += Array("\r\n\r\n".utf8) }
        send(kind, bytes)
      case .truncated:
        let whole = post("/api/run", runBody)
        send(kind, Array(whole.prefix(Int.random(in: 1..<whole.count, using: &random))))
      case .longHead:
        let field = String(repeating: "h", count: Int.random(in: 17_000...40_000, using: &random))
        send(kind, client.requestBytes("GET", "/", cookie: cookie, extra: [("X-Long", field)]))
      case .bigBody:
        let size = Int.random(in: 600_000...1_500_000, using: &random)
        send(kind, post("/api/run", String(repeating: "x", count: size)))
      case .longLine:
        let line = "append " + String(repeating: "y", count: 70_000)
        send(kind, post("/api/run", #"{"session":"\#(tab.session)","line":"\#(line)","at":0}"#))
      case .chunked:
        send(
          kind,
          client.requestBytes(
            "POST", "/api/run", cookie: cookie, extra: [("Transfer-Encoding", "chunked")])
            + Array("5\r\nhello\r\n0\r\n\r\n".utf8))
      case .badLength:
        let length = ["abc", "-5", "1e3", "99999999999999999999999"].randomElement(using: &random)!
        send(
          kind,
          client.requestBytes(
            "POST", "/api/run", cookie: cookie, extra: [("Content-Length", length)]))
      case .badJSON:
        let body = ["not json", "[1,2]", "{\"session\":", "\"text\"", ""].randomElement(
          using: &random)!
        send(kind, post("/api/run", body))
      case .wrongToken:
        send(kind, client.requestBytes("GET", "/?token=\(random.next())"))
      case .spentToken:
        send(kind, client.requestBytes("GET", "/?token=\(PlaygroundStress.token)"))
      case .wrongHost:
        let name = ["attacker.example:\(client.port)", "127.0.0.1", "localhost:1", ""]
          .randomElement(using: &random)!
        send(kind, client.requestBytes("GET", "/", cookie: cookie, host: name))
      case .noCookie:
        let wrong = Bool.random(using: &random) ? "outline_playground=nope" : nil
        send(kind, client.requestBytes("POST", "/api/run", cookie: wrong, body: runBody))
      case .badOrigin:
        send(kind, post("/api/run", runBody, extra: [("Origin", "http://attacker.example")]))
      case .wrongMethod:
        let (method, path) = [("PUT", "/api/run"), ("GET", "/api/quit"), ("POST", "/download")]
          .randomElement(using: &random)!
        send(kind, client.requestBytes(method, path, cookie: cookie))
      case .unknownPath:
        send(kind, client.requestBytes("GET", "/etc/passwd", cookie: cookie))
      case .dropRequest:
        let whole = post("/api/run", runBody)
        drop(Array(whole.prefix(Int.random(in: 1..<whole.count, using: &random))), reading: 0)
      case .dropResponse:
        let target = "/download?session=\(tab.session)&as=html"
        drop(client.requestBytes("GET", target, cookie: cookie), reading: 1 + sent % 200)
      case .silent:
        guard let descriptor = try? client.connect(seconds: 40) else { break }
        usleep(UInt32.random(in: 0...300_000, using: &random))
        close(descriptor)
      default: preconditionFailure("\(kind) is not hostile")
      }
      if kind.deserved == nil { state.count(kind, status: nil) }
    }

    /// A POST with the right host and cookie.
    private func post(_ path: String, _ body: String, extra: [(String, String)] = []) -> [UInt8] {
      client.requestBytes("POST", path, cookie: cookie, body: body, extra: extra)
    }

    /// Sends `bytes` on a new connection (a few bytes at a time when `slowly`), reads the
    /// answer (through a 4 KiB receive buffer, 512 bytes at a time with pauses of up to 2 ms,
    /// when `readSlowly`) and checks it against `kind`: a closed socket is status 0.
    @discardableResult
    private mutating func send(
      _ kind: Kind, _ bytes: [UInt8], slowly: Bool = false, readSlowly: Bool = false
    ) -> WireResponse? {
      let buffer: Int32? = readSlowly ? 4096 : nil
      guard let descriptor = try? client.connect(seconds: 40, receiveBuffer: buffer) else {
        fail(kind, "no connection")
        return nil
      }
      defer { close(descriptor) }
      if slowly {
        var offset = 0
        for _ in 0..<40 where offset < bytes.count {
          let piece = min(Int.random(in: 1...64, using: &random), bytes.count - offset)
          client.write(descriptor, Array(bytes[offset..<(offset + piece)]))
          offset += piece
          usleep(UInt32.random(in: 0...20_000, using: &random))
        }
        client.write(descriptor, Array(bytes[offset...]))
      } else {
        client.write(descriptor, bytes)
      }
      shutdown(descriptor, Int32(SHUT_WR))
      var pauses = random
      let (received, clean) =
        readSlowly
        ? client.readAll(descriptor, piece: 512) {
          usleep(UInt32.random(in: 0...2_000, using: &pauses))
        } : client.readAll(descriptor)
      random = pauses
      let deserved = kind.deserved ?? []
      let parsed = received.isEmpty ? nil : WireResponse.parse(received)
      guard case .success(let response) = parsed else {
        // No answer, or part of one cut by a reset: a closed socket, if the kind deserves one.
        state.count(kind, status: 0)
        if !deserved.contains(0) {
          switch parsed {
          case .failure(let problem) where clean: fail(kind, "a malformed answer: \(problem)")
          case .failure(let problem): fail(kind, "an answer cut short: \(problem)")
          default: fail(kind, clean ? "the connection closed with no answer" : "no answer")
          }
        } else if case .failure(let problem) = parsed, clean {
          fail(kind, "a malformed answer: \(problem)")
        }
        return nil
      }
      state.count(kind, status: response.status)
      if !deserved.contains(response.status) {
        fail(
          kind,
          "status \(response.status), deserved \(deserved.sorted()): \(response.text.prefix(200))")
      }
      return response
    }

    /// Sends `bytes`, reads `count` bytes of the answer (none: does not wait for one), and
    /// resets the connection.
    private func drop(_ bytes: [UInt8], reading count: Int) {
      guard let descriptor = try? client.connect(seconds: 40) else { return }
      client.write(descriptor, bytes)
      if count > 0 { _ = client.readAll(descriptor, limit: count) }
      client.reset(descriptor)
    }

    private func fail(_ kind: Kind, _ problem: String) {
      state.problem(
        "seed \(state.options.seed &+ UInt64(thread)) (thread \(thread)), request \(sent), "
          + "\(kind.rawValue): \(problem)")
    }
  }
}
