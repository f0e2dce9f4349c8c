import Foundation
import OutlineTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// chromium-headless-shell driven through the DevTools protocol on a pipe.
///
/// With `--remote-debugging-pipe` the browser reads commands on its descriptor 3 and writes
/// answers and events on 4, each a JSON object ended by a NUL byte. No port and no WebSocket:
/// a test drives a page that never goes quiet (one that reloads itself, where `--dump-dom`
/// would never finish), reads its responses as `Network` events and its text through
/// `Runtime.evaluate`.
///
/// One page (`Target.createTarget`), attached with `flatten`, so that its commands carry the
/// session's identifier. The browser is killed by its process identifier when the test stops it.
final class DevToolsPipe {
  private let process: pid_t
  private let commands: Int32
  private let answers: Int32
  private let profile: URL
  private var buffer: [UInt8] = []
  private var nextIdentifier = 0
  /// The page's session in the protocol.
  private var page = ""
  /// Every event received so far, in order: its method and parameters.
  private(set) var events: [(method: String, params: [String: Any])] = []

  /// Starts `browser` on about:blank with a profile of its own and opens a page to drive.
  init(browser: String) throws {
    profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-devtools-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    let (browserReads, commands) = try Self.pipe()
    let (answers, browserWrites) = try Self.pipe()
    defer {
      close(browserReads)
      close(browserWrites)
    }
    self.commands = commands
    self.answers = answers
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
    posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
    for output: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(
        &actions, output, "/dev/null", output == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let arguments = [
      browser, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--user-data-dir=" + profile.appendingPathComponent("profile").path,
      "--remote-debugging-pipe", "about:blank",
    ]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var process: pid_t = 0
    let spawned = posix_spawn(&process, browser, &actions, nil, &argv, environ)
    guard spawned == 0 else {
      close(commands)
      close(answers)
      try? FileManager.default.removeItem(at: profile)
      throw RawHTTPClient.Failure(description: "posix_spawn \(browser): \(spawned)")
    }
    self.process = process
    do {
      let target = try call("Target.createTarget", ["url": "about:blank"])
      let attached = try call(
        "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true])
      guard let session = attached["sessionId"] as? String else {
        throw RawHTTPClient.Failure(description: "no session attached: \(attached)")
      }
      page = session
    } catch {
      stop()
      throw error
    }
  }

  /// A pipe whose ends close on exec and are numbered 10 or more, so that neither is already
  /// the descriptor 3 or 4 it is duplicated to for the browser (a dup2 onto itself would keep
  /// close-on-exec).
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else {
      throw RawHTTPClient.Failure(description: "pipe: errno \(errno)")
    }
    defer { ends.forEach { close($0) } }
    return (fcntl(ends[0], F_DUPFD_CLOEXEC, 10), fcntl(ends[1], F_DUPFD_CLOEXEC, 10))
  }

  /// Kills the browser, waits for it, and removes its profile.
  func stop() {
    kill(process, SIGKILL)
    var status: Int32 = 0
    waitpid(process, &status, 0)
    close(commands)
    close(answers)
    try? FileManager.default.removeItem(at: profile)
  }

  /// Sends `method` to the page (or to the browser, `toBrowser`) and answers its result,
  /// keeping the events that arrive before it.
  @discardableResult
  func call(
    _ method: String, _ params: [String: Any] = [:], toBrowser: Bool = false, seconds: Double = 30
  ) throws -> [String: Any] {
    nextIdentifier += 1
    var message: [String: Any] = ["id": nextIdentifier, "method": method, "params": params]
    if !toBrowser && !page.isEmpty { message["sessionId"] = page }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.write(commands, $0.baseAddress, $0.count) }
      guard count > 0 else {
        throw RawHTTPClient.Failure(description: "the browser closed its pipe")
      }
      sent += count
    }
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let answer = try receive(until: deadline)
      if answer["id"] as? Int == nextIdentifier {
        if let error = answer["error"] {
          throw RawHTTPClient.Failure(description: "\(method): \(error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
      }
    }
  }

  /// The value of `expression` evaluated in the page.
  func evaluate(_ expression: String) throws -> Any? {
    let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Waits, reading events, until `done` holds (it is asked after each message), or throws
  /// once `seconds` passed, saying `what` was awaited.
  func wait(_ what: String, seconds: Double, until done: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try !done() {
      guard Date() < deadline else {
        throw RawHTTPClient.Failure(description: "waited \(seconds) s for \(what)")
      }
      _ = try receive(until: min(deadline, Date().addingTimeInterval(0.25)), orNothing: true)
    }
  }

  /// The next message, kept in `events` when it is one; an empty one when `orNothing` and
  /// nothing came by `deadline`.
  private func receive(until deadline: Date, orNothing: Bool = false) throws -> [String: Any] {
    while true {
      if let end = buffer.firstIndex(of: 0) {
        let message = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] ?? [:]
        if let method = object["method"] as? String {
          events.append((method, object["params"] as? [String: Any] ?? [:]))
        }
        return object
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        if orNothing { return [:] }
        throw RawHTTPClient.Failure(description: "the browser did not answer in time")
      }
      var ready = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
      var piece = [UInt8](repeating: 0, count: 65_536)
      let count = piece.withUnsafeMutableBytes { Glibc.read(answers, $0.baseAddress, $0.count) }
      guard count > 0 else { throw RawHTTPClient.Failure(description: "the browser exited") }
      buffer.append(contentsOf: piece[..<count])
    }
  }
}
