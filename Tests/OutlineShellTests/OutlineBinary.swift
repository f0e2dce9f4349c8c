import Foundation
import XCTest

/// The built `outline` executable, run as a subprocess by the process, golden and pseudo-terminal
/// tests.
///
/// The binary is found beside the test bundle (SwiftPM puts both in the build directory, whatever
/// `--scratch-path` says), or at `OUTLINE_BINARY` when that variable is set.
enum OutlineBinary {
  /// The package's root directory, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The executable, or nil when it has not been built.
  static let url: URL? = {
    if let path = ProcessInfo.processInfo.environment["OUTLINE_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let starts = [
      Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    for start in starts.compactMap({ $0 }) {
      var directory = start.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("outline")
        if isExecutableFile(candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    let fallback = packageRoot.appendingPathComponent(".build/debug/outline")
    return isExecutableFile(fallback.path) ? fallback : nil
  }()

  /// The executable, or a skip when it has not been built.
  static func require() throws -> URL {
    guard let url else {
      throw XCTSkip("the outline executable is not built (set OUTLINE_BINARY to its path)")
    }
    return url
  }

  /// Whether `path` is an executable regular file (not a directory such as `Sources/outline`).
  static func isExecutableFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
  }

  /// The environment the binary runs in: no color, and `HOME` and `XDG_STATE_HOME` in `home`
  /// so that no history file of the person running the tests is touched.
  static func environment(home: String) -> [String: String] {
    var environment: [String: String] = [:]
    for key in ["PATH", "LANG", "LC_ALL", "TMPDIR"] {
      if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
    }
    environment["NO_COLOR"] = "1"
    environment["HOME"] = home
    environment["XDG_STATE_HOME"] = home + "/state"
    return environment
  }

  /// What a finished run of the binary gave.
  struct Result {
    /// The exit status (or the signal number, when `reason` is `.uncaughtSignal`).
    var status: Int32
    /// How the process ended.
    var reason: Process.TerminationReason
    /// Its standard output.
    var stdout: String
    /// Its standard error.
    var stderr: String
    /// Both streams as written, when they were merged; otherwise empty.
    var merged: String
  }

  /// Runs the binary with `arguments` in `directory` and waits for it.
  ///
  /// Standard input is `stdin` (from a file: never a terminal); standard output and error go to
  /// files, so a large output cannot fill a pipe and block the child. With `merge`, both streams
  /// go to the same file, in the order written, and `merged` holds it.
  static func run(
    _ arguments: [String], stdin: String = "", in directory: String? = nil,
    home: String, merge: Bool = false, timeout: TimeInterval = 60, executable: URL? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Result {
    try run(
      arguments, input: Data(stdin.utf8), in: directory, home: home, merge: merge,
      timeout: timeout, executable: executable, environment: extra)
  }

  /// Runs the binary (or `executable`) with `arguments` and the bytes `input` on standard input.
  static func run(
    _ arguments: [String], input: Data, in directory: String? = nil,
    home: String, merge: Bool = false, timeout: TimeInterval = 60, executable: URL? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Result {
    let binary = try executable ?? require()
    let scratch = home + "/run-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let inputPath = scratch + "/stdin"
    let outputPath = scratch + "/stdout"
    let errorPath = scratch + "/stderr"
    try input.write(to: URL(fileURLWithPath: inputPath))
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment(home: home).merging(extra) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? home)
    let inputFile = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = merge ? output : try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    defer {
      try? inputFile.close()
      try? output.close()
      if !merge { try? error.close() }
    }
    process.standardInput = inputFile
    process.standardOutput = output
    process.standardError = error
    try process.run()
    guard wait(for: process, timeout: timeout) else {
      process.terminate()
      process.waitUntilExit()
      throw Failure("outline \(arguments) did not finish within \(timeout) s")
    }
    let stdoutText = try String(contentsOfFile: outputPath, encoding: .utf8)
    return Result(
      status: process.terminationStatus, reason: process.terminationReason,
      stdout: merge ? "" : stdoutText,
      stderr: merge ? "" : try String(contentsOfFile: errorPath, encoding: .utf8),
      merged: merge ? stdoutText : "")
  }

  /// Waits until `process` exits, at most `timeout` seconds; answers whether it did.
  static func wait(for process: Process, timeout: TimeInterval) -> Bool {
    poll(timeout: timeout) { !process.isRunning }
  }

  /// Asks `condition` every 20 ms until it holds or `timeout` seconds pass; answers whether it
  /// held.
  static func poll(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if condition() { return true }
      if Date() >= deadline { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// A new temporary directory.
  static func temporaryDirectory() -> String { FileManagerless.temporaryDirectory() }

  /// An error with a message, for a test helper that cannot go on.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
