import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saved files survive a process killed in the middle of `save`, and `load` rejects truncated,
/// corrupted and inconsistent files with a message naming the problem while the session keeps
/// its state (issue 4, part 4; SPEC §2, Files).
final class AtomicSaveTests: BinaryTestCase {
  // MARK: Helpers

  /// The release build of `outline`: `OUTLINE_RELEASE_BINARY` (`none` for none), or
  /// `release/outline` beside the debug build the tests run (`swift build -c release` with the
  /// same scratch path).
  static let releaseBinary: URL? = {
    if let path = ProcessInfo.processInfo.environment["OUTLINE_RELEASE_BINARY"], !path.isEmpty {
      return path == "none" ? nil : URL(fileURLWithPath: path)
    }
    guard let debug = OutlineBinary.url else { return nil }
    let directory = debug.deletingLastPathComponent()
    guard directory.lastPathComponent == "debug" else { return nil }
    let release = directory.deletingLastPathComponent()
      .appendingPathComponent("release").appendingPathComponent("outline")
    return OutlineBinary.isExecutableFile(release.path) ? release : nil
  }()

  /// Runs the binary in `home`.
  func outline(_ arguments: String...) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, in: home, home: home)
  }

  /// Runs `binary` in `home` with `arguments` and answers its exit status; its standard output
  /// goes to `output` (or nowhere), its standard error to the test's log.
  func run(_ binary: URL, _ arguments: [String], output: String? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = OutlineBinary.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    process.standardInput = FileHandle.nullDevice
    if let output {
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    } else {
      process.standardOutput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Writes `bytes` to `name` in `home`.
  func write(_ bytes: Data, to name: String) throws {
    try bytes.write(to: URL(fileURLWithPath: home + "/" + name))
  }

  /// The names in `home` that start with `prefix`, read with `readdir` (fast enough to poll).
  func names(startingWith prefix: String) -> [String] {
    guard let directory = opendir(home) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasPrefix(prefix) { names.append(name) }
    }
    return names
  }

  /// The number of items in the first section of the save file `name`, or nil when it is not a
  /// complete save file (not JSON, or not of the save file's shape).
  func itemCount(of name: String) -> Int? {
    guard let data = FileManager.default.contents(atPath: home + "/" + name),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      object["format"] as? String == "outline",
      let sections = object["sections"] as? [[String: Any]],
      let items = sections.first?["items"] as? [[String: Any]]
    else { return nil }
    return items.count
  }

  /// A script that appends `count` items named `prefix0`, `prefix1`… in one command.
  static func appending(_ count: Int, prefix: String) -> String {
    var line = "append"
    line.reserveCapacity(count * (prefix.count + 8))
    for index in 0..<count { line += " \(prefix)\(index)" }
    return line + "\n"
  }

  // MARK: Killed during a save

  /// SIGKILL at random moments of a save never leaves `big.json` half-written: afterwards it is
  /// always a complete save file, the one before or one the killed process finished.
  ///
  /// `big.json` starts as a 200,000-item outline (12 MB). Each round starts a process that
  /// builds a 100,000-item outline and saves it to `big.json` four times, one item more each
  /// time, and kills it: in even rounds a few milliseconds (at random, up to 8 ms) after its
  /// temporary file `.big.json.XXXXXX` appears, so that most kills land between the first
  /// write and the rename (the temporary file lives about 10 ms); in odd rounds up to 0.6 s
  /// after, anywhere in the saves. The file must then be the one before the round (same inode,
  /// size and time) or a complete save file holding one of the four counts saved. Leftover
  /// temporary files are acceptable after SIGKILL (nothing can remove them): they are counted,
  /// are never `big.json` itself, and are removed before the next round. A save that wrote no
  /// temporary file in any round fails the test: it would not be atomic.
  ///
  /// The release binary is used when it is built (about 1 s a round; `OUTLINE_KILL_ROUNDS` sets
  /// the number of rounds, 20 by default), and loads the file to count it once for each kind of
  /// outcome. With only the debug binary the outlines are ten times smaller (20,000 and 10,000
  /// items) and the files are only parsed here: the debug binary needs minutes to `load` even
  /// 10,000 items, since it checks the invariants after every item it adds.
  func testKillDuringSaveLeavesTheOldOrTheNewFile() throws {
    let release = Self.releaseBinary
    let binary = try release ?? OutlineBinary.require()
    let scale = release == nil ? 10 : 1
    let old = 200_000 / scale
    let new = 100_000 / scale
    let saves = 4
    let rounds = Int(ProcessInfo.processInfo.environment["OUTLINE_KILL_ROUNDS"] ?? "") ?? 20
    let started = Date()

    let oldScript = Self.appending(old, prefix: "O") + "save big.json\n"
    try write(Data(oldScript.utf8), to: "old.outline")
    XCTAssertEqual(try run(binary, ["old.outline"]), 0)
    XCTAssertEqual(itemCount(of: "big.json"), old)

    var newScript = Self.appending(new, prefix: "N")
    for save in 0..<saves {
      newScript += "save big.json\n"
      if save < saves - 1 { newScript += "append X\(save)\n" }
    }
    try write(Data(newScript.utf8), to: "new.outline")
    let saved = Set((0..<saves).map { new + $0 })

    var generator = SplitMix(seed: UInt64(Date().timeIntervalSince1970 * 1000))
    var outcomes: [String: Int] = [:]
    var leftovers = 0
    var temporarySeen = 0
    var checkedByLoading: Set<String> = []
    var count = old
    var identity = try FileIdentity(home + "/big.json")
    for round in 0..<rounds {
      let process = try runSilently(binary, "new.outline")

      let window: UInt64 = round % 2 == 0 ? 8_000 : 600_000  // microseconds
      let delay = generator.next() % window
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning, names(startingWith: ".big.json.").isEmpty, Date() < deadline {
        usleep(200)
      }
      if !names(startingWith: ".big.json.").isEmpty { temporarySeen += 1 }
      usleep(useconds_t(delay))
      let wasRunning = process.isRunning
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let temporary = names(startingWith: ".big.json.")
      XCTAssertFalse(temporary.contains("big.json"))
      leftovers += temporary.count
      let now = try FileIdentity(home + "/big.json")
      let after = now == identity ? count : itemCount(of: "big.json")
      let description =
        "round \(round): killed \(wasRunning ? "" : "after its end, ")\(delay) µs after the "
        + "temporary file appeared; \(temporary.count) left over; "
        + "items \(after.map(String.init) ?? "unreadable"), before \(count)"
      guard let after, now == identity || saved.contains(after) else {
        XCTFail("big.json is not a complete save file: \(description)")
        break
      }
      let kind =
        now == identity
        ? (temporary.isEmpty ? "unchanged" : "unchanged with a temporary file left")
        : (after == new + saves - 1 ? "last save complete" : "an earlier save complete")
      outcomes[kind, default: 0] += 1

      // The binary itself loads it, once for each kind of outcome (release binary only).
      if let release, checkedByLoading.insert(kind).inserted {
        let output = home + "/count.txt"
        XCTAssertEqual(try run(release, ["-c", "load big.json; count"], output: output), 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n\(after)\n"), description)
      }
      for name in temporary { unlink(home + "/" + name) }
      (count, identity) = (after, now)
    }
    print(
      "kill during save: \(rounds) rounds, \(old) and \(new) items, "
        + "\(release == nil ? "debug" : "release") binary; temporary file seen in \(temporarySeen): "
        + outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        .joined(separator: ", ") + "; \(leftovers) temporary files left over; "
        + String(format: "%.1f s", Date().timeIntervalSince(started)))
    XCTAssertEqual(itemCount(of: "big.json"), count, "the file is complete at the end")
    XCTAssertGreaterThan(temporarySeen, 0, "no save wrote a temporary file beside big.json")
  }

  /// SIGTERM or SIGHUP while a save writes its temporary file ends the process as the signal
  /// does (status 128 plus its number in a shell), once the save is done: no temporary file is
  /// left beside `big.json`, which holds a complete save.
  ///
  /// Each round starts a process that builds an outline (10,000 items with the debug binary,
  /// 100,000 with the release one) and saves it to `big.json` eight times, one item more each
  /// time, and sends the signal as soon as the first temporary file `.big.json.XXXXXX` appears.
  /// A round that never saw the temporary file before the process ended proves nothing; the
  /// test fails when none of the four rounds saw it.
  func testTerminationDuringSaveLeavesNoTemporaryFile() throws {
    let release = Self.releaseBinary
    let binary = try release ?? OutlineBinary.require()
    let count = release == nil ? 10_000 : 100_000
    let saves = 8
    var script = Self.appending(count, prefix: "N")
    for save in 0..<saves { script += "save big.json\nappend X\(save)\n" }
    try write(Data(script.utf8), to: "new.outline")
    let saved = Set((0..<saves).map { count + $0 })
    var caught = 0
    for (round, signal) in [SIGTERM, SIGHUP, SIGTERM, SIGHUP].enumerated() {
      let process = try runSilently(binary, "new.outline")
      let deadline = Date().addingTimeInterval(120)
      while process.isRunning, names(startingWith: ".big.json.").isEmpty, Date() < deadline {
        usleep(100)
      }
      let seen = !names(startingWith: ".big.json.").isEmpty && process.isRunning
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      let description = "round \(round), signal \(signal)"
      let leftover = names(startingWith: ".big.json.")
      for name in leftover { unlink(home + "/" + name) }
      guard seen else { continue }
      caught += 1
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, description)
      XCTAssertEqual(process.terminationStatus, signal, description)
      XCTAssertEqual(leftover, [], description)
      XCTAssertTrue(saved.contains(itemCount(of: "big.json") ?? -1), description)
    }
    print("termination during save: signal sent during a save in \(caught) of 4 rounds")
    XCTAssertGreaterThan(caught, 0, "no round sent its signal while a temporary file existed")
  }

  /// What tells whether a file was replaced or rewritten: its inode, size and modification time.
  struct FileIdentity: Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init(_ path: String) throws {
      var status = stat()
      guard stat(path, &status) == 0 else { throw OutlineBinary.Failure("cannot stat \(path)") }
      inode = UInt64(status.st_ino)
      size = Int64(status.st_size)
      seconds = Int(status.st_mtim.tv_sec)
      nanoseconds = Int(status.st_mtim.tv_nsec)
    }
  }

  // MARK: Files that are not save files

  /// Runs `loads` (commands that must fail) in a session holding K1 › K2, K3 with a rule and a
  /// kept snapshot, and checks that each failed with `io`, its message holding the expected
  /// words, and that the session kept everything: items, expansion, rules, snapshots, sections
  /// and its undo history.
  func checkRejected(
    _ cases: [(command: String, message: String)], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    var script = [
      "append K1 K3", "append K2 to K1", "expand K1", "rule no-collapse K1",
      "child-snapshot K1 as kept", "section add side",
    ]
    script += cases.map(\.command)
    script += [
      "items", "expanded", "rules", "sections", "visible", "log", "expect items K1 K2 K3",
    ]
    try write(Data(script.joined(separator: "\n").utf8), to: "session.outline")
    let result = try OutlineBinary.run(
      ["--json", "--keep-going", "session.outline"], in: home, home: home)
    XCTAssertEqual(result.status, 1, file: file, line: line)
    let objects = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertEqual(objects.count, script.count, file: file, line: line)
    guard objects.count == script.count else { return }
    for (index, expected) in cases.enumerated() {
      let object = objects[6 + index]
      let error = object["error"] as? [String: Any]
      XCTAssertEqual(error?["code"] as? String, "io", expected.command, file: file, line: line)
      let message = error?["message"] as? String ?? ""
      XCTAssertTrue(
        message.contains(expected.message), "\(expected.command): \(message)", file: file,
        line: line)
    }
    let answers = objects.suffix(7).map { $0["result"] }
    XCTAssertEqual(answers[0] as? [String], ["K1", "K2", "K3"], file: file, line: line)
    XCTAssertEqual(answers[1] as? [String], ["K1"], file: file, line: line)
    XCTAssertEqual((answers[2] as? [String])?.count, 1, "rules: \(answers[2] ?? "")")
    XCTAssertEqual(answers[3] as? [String], ["main", "side"], file: file, line: line)
    XCTAssertEqual(answers[4] as? [String], ["K1", "K2", "K3"], file: file, line: line)
    XCTAssertEqual(
      (answers[5] as? [String])?.count, 4, "log: the failed loads are not changes",
      file: file, line: line)
    XCTAssertEqual(objects.last?["ok"] as? Bool, true, file: file, line: line)
  }

  /// A save file with sections, nesting, expansion, a rule and a kept snapshot, as `save`
  /// writes it.
  func goodFile() throws -> Data {
    let result = try outline(
      "-c",
      "append Food Drinks; append Apple Pear to Food; section add side; section use side; "
        + "append Tea; section use main; rule no-collapse Food; child-snapshot Food as fruit; "
        + "expand Food; save good.json")
    XCTAssertEqual(result.status, 0, result.stderr)
    return try Data(contentsOf: URL(fileURLWithPath: home + "/good.json"))
  }

  /// Every truncation of a save file (every prefix but the whole file and the file without its
  /// final newline) is rejected, and the session keeps its state.
  func testTruncatedFilesAreRejected() throws {
    let good = try goodFile()
    var cases: [(String, String)] = []
    for length in 0..<(good.count - 1) {
      try write(good.prefix(length), to: "cut-\(length).json")
      cases.append(
        ("load cut-\(length).json", "not valid JSON (the file may be truncated or not a save file)")
      )
    }
    try checkRejected(cases)
  }

  /// Corrupted bytes, wrong shapes and hand edits that break the model are rejected with a
  /// message naming the problem and where it is; the session keeps its state.
  func testCorruptedAndInconsistentFilesAreRejected() throws {
    let good = String(decoding: try goodFile(), as: UTF8.self)
    func edit(_ old: String, _ new: String) -> Data {
      precondition(good.contains(old), old)
      return Data(good.replacingOccurrences(of: old, with: new).utf8)
    }
    var bytes = Array(good.utf8)
    bytes[bytes.count / 2] = 0xFF
    let files: [(name: String, contents: Data, message: String)] = [
      ("empty", Data(), "not valid JSON"),
      ("null", Data("null".utf8), "expected an object"),
      ("list", Data("[]".utf8), "expected an object"),
      ("object", Data("{}".utf8), "\"format\" is missing"),
      ("not-utf8", Data(bytes), "not valid JSON"),
      ("nul", Data(Array(good.utf8).map { $0 == UInt8(ascii: "T") ? 0 : $0 }), "not valid JSON"),
      ("trailing", Data((good + "}").utf8), "not valid JSON"),
      ("format", edit("\"outline\"", "\"outlinx\""), "\"format\" is \"outlinx\", not \"outline\""),
      ("version", edit("\"version\": 2", "\"version\": 4"), "version 4 is not supported"),
      (
        "type", edit("\"expanded\": true", "\"expanded\": \"yes\""),
        "sections[0].items[0].expanded: expected true or false"
      ),
      (
        "missing", edit("{\"item\": \"Drinks\", \"level\": 0}", "{}"),
        "sections[0].items[3]: \"item\" is missing"
      ),
      (
        "duplicate", edit("\"Pear\"", "\"Apple\""),
        "sections[0].items[2]: item Apple appears twice in section main"
      ),
      (
        "across", edit("\"Tea\"", "\"Drinks\""),
        "sections[1].items[0]: item Drinks appears in sections main and side"
      ),
      (
        "jump", edit("{\"item\": \"Apple\", \"level\": 1}", "{\"item\": \"Apple\", \"level\": 2}"),
        "sections[0].items[1]: level 2 is more than one deeper than the item before (level 0)"
      ),
      (
        "first", edit("{\"item\": \"Food\", \"level\": 0", "{\"item\": \"Food\", \"level\": 1"),
        "sections[0].items[0]: the first item's level is 1, not 0"
      ),
      (
        "no-level", edit("{\"item\": \"Apple\", \"level\": 1}", "{\"item\": \"Apple\"}"),
        "sections[0].items[1]: \"level\" is missing"
      ),
      (
        "level",
        edit("{\"item\": \"Apple\", \"level\": 1}", "{\"item\": \"Apple\", \"level\": 1.0}"),
        "sections[0].items[1].level: expected a whole number, not 1.0"
      ),
      ("section", edit("\"name\": \"side\"", "\"name\": \"main\""), "section main appears twice"),
      (
        "current", edit("\"section\": \"main\"", "\"section\": \"gone\""),
        "the current section gone is not in \"sections\""
      ),
      ("rule", edit("no-collapse Food", "no-collapse"), "rules[0]: \"no-collapse\" is not a rule"),
      (
        "no-sections",
        Data(#"{"format": "outline", "version": 2, "section": "main", "sections": []}"#.utf8),
        "\"sections\" is empty"
      ),
      (
        "snapshots",
        edit(
          "{\"name\": \"fruit\"", "{\"name\": \"fruit\", \"items\": []},\n    {\"name\": \"fruit\""),
        "snapshots[1]: @fruit appears twice"
      ),
    ]
    for file in files { try write(file.contents, to: file.name + ".json") }
    try checkRejected(files.map { ("load \($0.name).json", $0.message) })
  }

  /// Starts `binary` on `script` in the home folder, with no input and its output dropped.
  func runSilently(_ binary: URL, _ script: String) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = [script]
    process.environment = OutlineBinary.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}
