import Foundation
import OutlineLanguage

extension Playground {
  /// `GET /`: a new session for this tab (running the configured script first), and the page
  /// that shows it with a command line of its own.
  ///
  /// The new session counts against the limit from the start, but the table is not held while
  /// the script runs. At the limit the answer is an HTML page (503) that says so and tries
  /// again every `PlaygroundPage.retrySeconds`; the API's errors stay JSON. A script that makes more steps than a session holds is refused (413),
  /// and no session is made.
  func page(_ request: PlaygroundRequest) -> PlaygroundResponse {
    let started: Double? = table.withLock {
      guard sessions.count + opening < configuration.limits.sessions else { return nil }
      opening += 1
      return now()
    }
    guard let started else {
      // A page, not the API's JSON: the tab shows it and tries again, which also outlasts a
      // reload whose old page's quit arrives after the new page's request.
      return PlaygroundPage.full(
        "The playground holds \(configuration.limits.sessions) sessions, its most: close a "
          + "tab, or wait for an idle one to end.")
    }
    let session = PlaygroundSession(fileSystem: fileSystem, now: started)
    if let script = configuration.script, runScript(script, in: session).overLimit {
      table.withLock { opening -= 1 }
      return .error(413, scriptOverLimitMessage(script.name))
    }
    let identifier = table.withLock {
      opening -= 1
      let identifier = makeIdentifier()
      session.lastUsed = now()
      sessions[identifier] = session
      return identifier
    }
    return PlaygroundResponse(
      status: 200, contentType: "text/html; charset=utf-8",
      body: PlaygroundPage.html(
        for: session, identifier: identifier, driver: configuration.testDriver))
  }

  /// The JSON object of a POST's body, or the response refusing it.
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  func object(of request: PlaygroundRequest) -> Result<[String: Any], PlaygroundError> {
    if let object = Self.plainObject(request.body) { return .success(object) }
    return foundationObject(of: request)
  }

  /// The JSON object of a POST's body as Foundation's parser reads it, or the response
  /// refusing it.
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  private func foundationObject(of request: PlaygroundRequest)
    -> Result<[String: Any], PlaygroundError>
  {
    guard
      let value = try? JSONSerialization.jsonObject(with: Data(request.body)),
      let object = value as? [String: Any]
    else {
      return .failure(PlaygroundError(400, "The request's body is not a JSON object."))
    }
    return .success(object)
  }

  /// The members of a `POST /api/run` body that `runLine` reads, each nil when it is missing
  /// or of another type: `at` as a whole number (a JSON number of an integral value).
  struct RunFields {
    var session: String?
    var at: Int?
    var line: String?
    /// Whether the page is in quiz mode (`quiz`, 0 or 1, or a JSON boolean; 1 when missing):
    /// the new steps carry their questions only then.
    var quiz = true

    /// The members read.
    enum Member: String {
      case session, at, line, quiz

      /// The member's bit in a set of members held as an integer.
      var bit: Int {
        switch self {
        case .session: 1
        case .at: 2
        case .line: 4
        case .quiz: 8
        }
      }
    }

    /// No field read.
    init() {}

    /// The fields of a body read without Foundation (`plainMembers`).
    init(_ members: [String: PlainValue]) {
      for (key, value) in members {
        if let member = Member(rawValue: key) { set(member, value) }
      }
    }

    /// Reads `member` from `value` when it is of the member's type.
    mutating func set(_ member: Member, _ value: PlainValue) {
      switch (member, value) {
      case (.session, .string(let session)): self.session = session
      case (.at, .number(let at)): self.at = at
      case (.line, .string(let line)): self.line = line
      case (.quiz, .number(let quiz)): self.quiz = quiz != 0
      default: break
      }
    }

    /// The fields of an object Foundation's parser read.
    init(_ object: [String: Any]) {
      session = object["session"] as? String
      at = Playground.wholeNumber(object["at"])
      line = object["line"] as? String
      if let quiz = object["quiz"] as? NSNumber { self.quiz = quiz.doubleValue != 0 }
    }
  }

  /// A member of an object Foundation's parser read as a whole number: a JSON number of an
  /// integral value; nil for any other value.
  static func wholeNumber(_ value: Any?) -> Int? {
    (value as? NSNumber).flatMap { Int(exactly: $0.doubleValue) }
  }

  /// The session a request names (`session`), marked as used now.
  func session(in request: PlaygroundRequest) -> Result<PlaygroundSession, PlaygroundError> {
    object(of: request).flatMap { self.session(named: $0["session"] as? String) }
  }

  /// The session a request names (`session`), marked as used now.
  func session(named name: String?) -> Result<PlaygroundSession, PlaygroundError> {
    guard let name else {
      return .failure(PlaygroundError(400, "The request names no session."))
    }
    let found: PlaygroundSession? = table.withLock {
      guard let session = sessions[name] else { return nil }
      session.lastUsed = now()
      return session
    }
    guard let found else { return .failure(.ended) }
    return .success(found)
  }

  /// Runs `body` holding `session`'s lock, or answers that the session has ended when it
  /// ended (quit, or idle) while the request waited for the lock.
  ///
  /// - Complexity: O(*s*) in the sessions held, then `body`'s own cost.
  func holding(
    _ session: PlaygroundSession, _ body: () -> PlaygroundResponse
  ) -> PlaygroundResponse {
    session.lock.withLock {
      guard table.withLock({ sessions.values.contains { $0 === session } }) else {
        return PlaygroundError.ended.response
      }
      return body()
    }
  }

  /// Ends `session`: it leaves the table (a request already running on it finishes).
  private func end(_ session: PlaygroundSession) {
    table.withLock { sessions = sessions.filter { $0.value !== session } }
  }

  /// `POST /api/run` with `{"session": ID, "at": STEPS, "line": TEXT, "quiz": 0|1}`: runs a line.
  ///
  /// The line runs after the first STEPS steps, and the answer is `{"at": STEPS, "steps":
  /// [...], "output": [[TEXT, KIND]…], "ended": BOOL}`, the new steps as the page's data holds
  /// them; a file command refused before it ran answers with every step kept (`at` is the number
  /// of steps). With `"quiz": 0` (a page not in quiz mode) the steps carry no question but `"nq": 1`, and
  /// the page asks for the questions when it turns quiz mode on (`questions`).
  ///
  /// The session's lock is held from the check of `at` to the answer; a request that waited
  /// for it while the session ended (quit, or idle) finds it ended.
  ///
  /// - Complexity: O(*d*) to drop *d* later steps, then the line's commands' own costs and the
  ///   size of their steps.
  func runLine(_ request: PlaygroundRequest) -> PlaygroundResponse {
    // A body as the page writes it is read into its fields directly; any other body by
    // Foundation's parser, the same fields taken from its object.
    let fields: RunFields
    if let plain = Self.plainRunFields(request.body)
      ?? Self.plainMembers(request.body).map(
        RunFields.init)
    {
      fields = plain
    } else {
      switch foundationObject(of: request) {
      case .failure(let error): return error.response
      case .success(let object): fields = RunFields(object)
      }
    }
    let session: PlaygroundSession
    switch self.session(named: fields.session) {
    case .failure(let error): return error.response
    case .success(let found): session = found
    }
    guard let line = fields.line else {
      return .error(400, "The request has no command line (\"line\").")
    }
    guard line.utf8.count <= configuration.limits.lineBytes else {
      return .error(413, "The command line is longer than \(configuration.limits.lineBytes) bytes.")
    }
    return holding(session) {
      run(line, at: fields.at, questions: fields.quiz, in: session)
    }
  }

  /// `runLine`'s work once the session's lock is held.
  private func run(
    _ line: String, at: Int?, questions: Bool, in session: PlaygroundSession
  ) -> PlaygroundResponse {
    guard let at, (0...session.stepCount).contains(at) else {
      return .error(400, "\"at\" must be a step from 0 to \(session.stepCount).")
    }
    if let refused = refusal(of: line) {
      // Nothing ran: the steps stay as they are, the later ones too.
      return answer(at: session.stepCount, output: [(refused, .error, nil)], ended: false) {
        $0.write("[]")
      }
    }
    let limit = configuration.limits.steps
    if at + Self.mostCommands(in: line, under: limit - at) > limit {
      // Each command makes at most one step (a `source` is its file's commands, counted as
      // they run): the line is refused whole before it runs, the later steps kept.
      return .error(413, PlaygroundSession.overLimitMessage(limit))
    }
    let result = session.run(
      line, at: at, stepLimit: limit, itemLimit: configuration.limits.items)
    if result.ended { end(session) }
    return answer(at: result.from, output: result.output, ended: result.ended) {
      session.page.writeSteps(from: result.from, questions: questions, to: &$0)
    }
  }

  /// At most how many commands `line` holds, `source`s counted as one: its `;` and line
  /// breaks, plus one; when that passes no limit it is all that is read, else the line is
  /// parsed for the exact count.
  ///
  /// - Complexity: O(*m*) in the line's length.
  static func mostCommands(in line: String, under limit: Int = 0) -> Int {
    var separators = 0
    for byte in line.utf8 where byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\n") {
      separators += 1
    }
    guard separators + 1 > limit else { return separators + 1 }
    return Session.lines(of: line).reduce(0) { $0 + CommandParser.parse(line: String($1)).count }
  }

  /// The error of a line holding `edit` (always refused: there is no terminal to open an
  /// editor in) or a file command while file commands are off; nil otherwise.
  ///
  /// - Complexity: O(*m*) in the line's length.
  func refusal(of line: String) -> String? {
    guard Self.mayNameFileCommand(line) else { return nil }
    for parsed in CommandParser.parse(line: line) {
      guard case .success(.files(let command)) = parsed.result else { continue }
      switch command {
      case .edit:
        return "error: edit: " + PlaygroundEditor.refusal
      case .load, .save, .saveAll, .importFile, .export, .diff, .source:
        guard configuration.allowedDirectory == nil else { continue }
        return "error: \(command.name): " + PlaygroundFileSystem.refusal
      default: continue
      }
    }
    return nil
  }

  /// The words of the file commands a line may not hold while file commands are off.
  static let fileCommandWords = ["load", "save", "import", "export", "diff", "edit", "source"]

  /// Whether `line` may hold a file command: false when none of their words is in its bytes
  /// and it has no backslash (a command word is the text of a token, bare or quoted, which
  /// only an escape can spell with other bytes), so that most lines are not parsed twice.
  ///
  /// - Complexity: O(*m*) in the line's length.
  static func mayNameFileCommand(_ line: String) -> Bool {
    var line = line
    return line.withUTF8 { bytes in
      guard !bytes.contains(UInt8(ascii: "\\")) else { return true }
      // A plain scan for each short word: the standard library's `firstRange(of:)` is generic
      // and sets up a searcher for each call, which costs more than the scan.
      for word in fileCommandWordBytes {
        var start = 0
        while start + word.count <= bytes.count {
          if bytes[start] == word[0],
            UnsafeBufferPointer(rebasing: bytes[start..<(start + word.count)]).elementsEqual(word)
          {
            return true
          }
          start += 1
        }
      }
      return false
    }
  }

  /// `fileCommandWords` as UTF-8 bytes.
  private static let fileCommandWordBytes = fileCommandWords.map { Array($0.utf8) }

  /// The answer to a line, written by one writer: the new steps' JSON (`steps` writes it)
  /// and each output line as `[TEXT, KIND]` (0 output, 1 error, 2 warning:
  /// `PlaygroundSession.OutputKind`), or `[TEXT, KIND, STEP]` for a line that step
  /// (from 0) printed (the page holds it back while the quiz asks that step), never copied
  /// apart.
  ///
  /// - Complexity: O(*n*) in the answer's bytes, and `steps`'s own cost.
  private func answer(
    at: Int, output: [(text: String, kind: PlaygroundSession.OutputKind, step: Int?)],
    ended: Bool,
    steps: (inout JSONWriter) -> Void
  ) -> PlaygroundResponse {
    // Room for most answers from the start (a command's is about 2 KiB), so that the buffer
    // seldom grows and copies itself on the way.
    var writer = JSONWriter(capacity: 4_096, scriptSafe: true)
    writer.write("{\"at\":")
    writer.write(number: at)
    writer.write(",\"steps\":")
    steps(&writer)
    writer.write(",\"output\":")
    HTMLEscaping.writeJSON(output.map { ($0.text, $0.kind.rawValue, $0.step) }, to: &writer)
    writer.write(ended ? ",\"ended\":true}" : ",\"ended\":false}")
    return PlaygroundResponse(status: 200, contentType: "application/json", bytes: writer.bytes)
  }

  /// `POST /api/quit` with `{"session": ID}`: ends that session (the tab closed).
  func quit(_ request: PlaygroundRequest) -> PlaygroundResponse {
    switch session(in: request) {
    case .failure(let error): return error.response
    case .success(let session):
      end(session)
      return PlaygroundResponse(status: 200, contentType: "application/json", body: "{}")
    }
  }

  /// `GET /download?session=ID&as=script|swift|html&at=STEPS`: the session's first STEPS steps
  /// as a file.
  func download(_ request: PlaygroundRequest) -> PlaygroundResponse {
    let session: PlaygroundSession
    switch self.session(named: request.query["session"]) {
    case .failure(let error): return error.response
    case .success(let found): session = found
    }
    guard let kind = request.query["as"].flatMap(PlaygroundSession.Download.init(rawValue:)) else {
      return .error(400, "Download as script, swift or html (as=…).")
    }
    return holding(session) {
      download(kind, at: request.query["at"], of: session)
    }
  }

  /// `download`'s work once the session's lock is held.
  private func download(
    _ kind: PlaygroundSession.Download, at: String?, of session: PlaygroundSession
  ) -> PlaygroundResponse {
    let at = at.flatMap { Int($0) } ?? session.stepCount
    guard (0...session.stepCount).contains(at) else {
      return .error(400, "\"at\" must be a step from 0 to \(session.stepCount).")
    }
    return PlaygroundResponse(
      status: 200, contentType: kind.contentType, body: session.download(kind, steps: at),
      headers: ["Content-Disposition": "attachment; filename=\"\(kind.fileName)\""])
  }
}

/// A refusal on the way to an answer: its status and sentence.
struct PlaygroundError: Error {
  var status: Int
  var message: String
  init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }
  var response: PlaygroundResponse { .error(status, message) }

  /// The session a request names has ended, or never was.
  static let ended = PlaygroundError(
    404, "This session has ended (quit, or idle for 30 minutes): reload the page.")
}
