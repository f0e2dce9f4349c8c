import Foundation
import OutlineTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A running `outline serve --port 0` for a test: its URL, port and token, read from the line
/// it prints; stopped (SIGTERM, by its process identifier) at the end.
final class ServedPlayground {
  let process: Process
  let url: String
  let port: Int
  let token: String
  /// Its standard error, when the test reads it (`start(capturingErrors: true)`).
  private let errors: Pipe?

  /// The package's root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `outline` executable beside the test bundle, at `OUTLINE_BINARY`, or in .build/debug.
  static func binary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["OUTLINE_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("outline")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
      directory = directory.deletingLastPathComponent()
    }
    let fallback = packageRoot.appendingPathComponent(".build/debug/outline")
    guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
      throw XCTSkip("the outline executable is not built (set OUTLINE_BINARY to its path)")
    }
    return fallback
  }

  private init(process: Process, url: String, errors: Pipe?) throws {
    self.process = process
    self.url = url
    self.errors = errors
    guard let portText = url.split(separator: ":").last?.split(separator: "/").first,
      let port = Int(portText), let token = url.split(separator: "=").last
    else { throw RawHTTPClient.Failure(description: "no URL in \(url)") }
    self.port = port
    self.token = String(token)
  }

  /// Starts the server with `arguments` after `serve` and `environment` added; waits for its URL.
  ///
  /// Its standard error is dropped unless `capturingErrors`.
  static func start(
    _ arguments: [String] = [], environment: [String: String] = [:], descriptorLimit: Int? = nil,
    capturingErrors: Bool = false
  ) throws -> ServedPlayground {
    let process = Process()
    let binary = try binary()
    if let descriptorLimit {
      // Through the shell, whose `ulimit` the server inherits; `exec` keeps its process.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" serve --port 0 \"$@\"", binary.path]
        + arguments
    } else {
      process.executableURL = binary
      process.arguments = ["serve", "--port", "0"] + arguments
    }
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    process.environment = merged
    let output = Pipe()
    process.standardOutput = output
    let errors = capturingErrors ? Pipe() : nil
    process.standardError = errors ?? FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    let handle = output.fileHandleForReading
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let byte = handle.readData(ofLength: 1)
      if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
      line.append(contentsOf: byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let start = text.range(of: "http://") else {
      process.terminate()
      throw RawHTTPClient.Failure(description: "outline serve printed no URL: \(text)")
    }
    return try ServedPlayground(
      process: process, url: String(text[start.lowerBound...]), errors: errors)
  }

  /// Starts the server with `arguments` after `serve`, its page driven by the browser driver
  /// `BrowserDrivers/NAME` after `BrowserDrivers/playground-common.js` (what every driver
  /// shares), both written into the one file `OUTLINE_PLAYGROUND_DRIVER` names; the file is
  /// removed when the test ends.
  static func start(
    _ arguments: [String] = [], driver name: String, in test: XCTestCase
  ) throws -> ServedPlayground {
    let drivers = packageRoot.appendingPathComponent("Tests/OutlineServerTests/BrowserDrivers")
    let common = try String(
      contentsOf: drivers.appendingPathComponent("playground-common.js"), encoding: .utf8)
    let own = try String(contentsOf: drivers.appendingPathComponent(name), encoding: .utf8)
    let driver = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-driver-" + UUID().uuidString + ".js")
    try (common + "\n" + own).write(to: driver, atomically: true, encoding: .utf8)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: driver) }
    return try start(arguments, environment: ["OUTLINE_PLAYGROUND_DRIVER": driver.path])
  }

  var isRunning: Bool { process.isRunning }

  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    process.waitUntilExit()
  }

  /// Stops the server and answers what it wrote on standard error (nothing unless started
  /// `capturingErrors`).
  func stopReadingErrors() -> String {
    stop()
    guard let errors else { return "" }
    return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// The session identifier in a playground page.
  static func session(in page: String) -> String? {
    let marker = "id=\"playground-data\">{\"session\":\""
    guard let start = page.range(of: marker),
      let end = page.range(of: "\"", range: start.upperBound..<page.endIndex)
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }

  /// Runs `outline` with `arguments` to its end (in `directory`) and answers its exit status.
  static func exitStatus(_ arguments: [String], in directory: String? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
