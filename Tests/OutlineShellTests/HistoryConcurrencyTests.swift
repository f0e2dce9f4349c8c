import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The history file under concurrent interactive sessions (issue 4, part 4): no line is lost or
/// torn when several sessions append to it at once, or when one starts while others append.
///
/// readline keeps a history only when standard input is a terminal, so each session runs on a
/// pseudo-terminal of its own in tmux (on a private server, a `TmuxServer`), and the lines are
/// typed into all of them at once. A lighter test (threads calling `append_history`) would not be
/// equivalent: what is under test is the whole session, from `History.prepare` (which trims the
/// file when it starts) to the append after every line.
///
/// How readline 8.2 writes, seen with strace: each line is appended with one `write` to a
/// descriptor opened with `O_APPEND`, which the kernel makes atomic for a regular file, so lines
/// cannot tear or overwrite each other; but the trim at start-up (`history_truncate_file`, when
/// the file holds more than 1,000 lines) reads the whole file, writes the last 1,000 lines to
/// `history-PID.tmp` and renames that over the file, so a line another session appended between
/// the read and the rename was lost, until `History` took a lock around both.
final class HistoryConcurrencyTests: BinaryTestCase {
  /// The private tmux server, its socket in `home`.
  var tmux: TmuxServer!
  /// The built binary's path.
  var binary = ""

  override func setUpWithError() throws {
    _ = try TmuxServer.require()
    try super.setUpWithError()
    binary = try OutlineBinary.require().path
    tmux = try TmuxServer(home: home)
    try FileManager.default.createDirectory(
      atPath: home + "/state/outline", withIntermediateDirectories: true)
  }

  override func tearDown() {
    tmux?.killServer()
    super.tearDown()
  }

  /// The history file every session shares.
  var historyPath: String { home + "/state/outline/history" }

  // MARK: Driving tmux

  /// Starts an interactive `outline --no-banner` in a new tmux session named `name`, with the shared
  /// history file; the shell prints `EXIT=STATUS` when it ends.
  func start(_ name: String) throws {
    let command =
      "trap '' INT; env NO_COLOR=1 TERM=dumb INPUTRC=/dev/null "
      + "HOME=\(TmuxServer.quoted(home)) XDG_STATE_HOME=\(TmuxServer.quoted(home + "/state")) "
      + "\(TmuxServer.quoted(binary)) --no-banner; echo EXIT=$?; sleep 30"
    try tmux.run(["new-session", "-d", "-s", name, "-x", "200", "-y", "50", command])
  }

  /// The screen of session `name` and its scrollback, wrapped lines joined.
  func screen(_ name: String) -> [String] {
    let text = (try? tmux.run(["capture-pane", "-p", "-J", "-S", "-5000", "-t", name])) ?? ""
    return text.split(separator: "\n").map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// Waits until the screen of `name` has a line equal to `line`.
  func waitFor(
    _ line: String, in name: String, timeout: TimeInterval = 30, file: StaticString = #filePath,
    lineNumber: UInt = #line
  ) {
    let held = OutlineBinary.poll(timeout: timeout) { screen(name).contains(line) }
    if !held {
      XCTFail(
        "timed out waiting for \(line.debugDescription) in \(name):\n"
          + screen(name).suffix(10).joined(separator: "\n"), file: file, line: lineNumber)
    }
  }

  /// Types `lines` into session `name`, each ended by a newline (readline's accept-line).
  func type(_ lines: [String], into name: String) throws {
    try tmux.run(["send-keys", "-t", name, "-l", lines.map { $0 + "\n" }.joined()])
  }

  /// Ends session `name` with Ctrl-D and waits for its status 0.
  func end(_ name: String) throws {
    try tmux.run(["send-keys", "-t", name, "C-d"])
    waitFor("EXIT=0", in: name)
  }

  /// The lines of the history file.
  func historyLines() throws -> [String] {
    try String(contentsOfFile: historyPath, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  // MARK: Tests

  /// Four sessions typing 200 distinct lines each, at the same time: the file holds all 800,
  /// each whole, each session's in the order typed.
  func testConcurrentSessionsAppendEveryLine() throws {
    let sessions = (1...4).map { "s\($0)" }
    let count = 200
    for name in sessions { try start(name) }
    for name in sessions { waitFor("outline>", in: name) }

    // Twenty-five lines to each session in turn, so that all four read and append at once.
    for chunk in stride(from: 1, through: count, by: 25) {
      for name in sessions {
        try type((chunk..<min(chunk + 25, count + 1)).map { "say \(name)-\($0)" }, into: name)
      }
    }
    for name in sessions { waitFor("\(name)-\(count)", in: name) }
    for name in sessions { try end(name) }

    let lines = try historyLines()
    let expected = sessions.flatMap { name in (1...count).map { "say \(name)-\($0)" } }
    XCTAssertEqual(lines.count, expected.count, "lines lost or doubled")
    XCTAssertEqual(Set(lines), Set(expected), "lines lost or torn")
    for name in sessions {
      let own = lines.filter { $0.hasPrefix("say \(name)-") }
      XCTAssertEqual(own, (1...count).map { "say \(name)-\($0)" }, "\(name)'s order")
    }
    var switches = 0
    for (before, after) in zip(lines, lines.dropFirst()) where before.prefix(6) != after.prefix(6) {
      switches += 1
    }
    print("history of 4 concurrent sessions: \(lines.count) lines, \(switches) switches")
  }

  /// A session that starts while another appends does not drop the other's lines.
  ///
  /// The history file starts with 1,001 lines of 40 KB, so that every session's start trims it
  /// and the trim (read 40 MB, write the last 1,000 lines to a temporary file, rename) takes
  /// long enough to overlap the appends; session A is typed 600 short lines in 30 bursts over
  /// about a second while sessions B1, B2 and B3 start. All 600 lines must be in the file: they
  /// are its newest lines, so no trim to 1,000 lines may drop them.
  ///
  /// A regression test: while `History.prepare` trimmed without a lock, about one line in ten
  /// was lost (61 of 600 in one run), each appended by session A between a late session's read
  /// of the file and its rename; now the trim and every append hold a `flock` on
  /// `history.lock`.
  func testSessionStartingWhileAnotherAppendsLosesNoLine() throws {
    let long = "say " + String(repeating: "p", count: 40_000) + "\n"
    let history = String(repeating: long, count: 1_001)
    try Data(history.utf8).write(to: URL(fileURLWithPath: historyPath))
    try start("A")
    waitFor("outline>", in: "A")

    let count = 600
    let late = ["B1", "B2", "B3"]
    for burst in 0..<30 {
      try type((1...20).map { "say a-\(burst * 20 + $0)" }, into: "A")
      if burst % 10 == 3 { try start(late[burst / 10]) }
      usleep(30_000)
    }
    waitFor("a-\(count)", in: "A")
    for name in late { waitFor("outline>", in: name) }
    for name in ["A"] + late { try end(name) }

    let lines = try historyLines()
    let typed = (1...count).map { "say a-\($0)" }
    let kept = Set(lines)
    let lost = typed.filter { !kept.contains($0) }
    XCTAssertTrue(
      lost.isEmpty,
      "\(lost.count) of \(count) lines lost: \(lost.prefix(10).joined(separator: ", ")) …")
    let typedLines = lines.filter { $0.hasPrefix("say a-") }
    XCTAssertEqual(typedLines.count, Set(typedLines).count, "lines doubled")
  }
}
