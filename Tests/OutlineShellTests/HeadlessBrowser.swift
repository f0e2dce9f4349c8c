import Foundation
import OutlineTestSupport
import XCTest

/// Debian's `chromium-headless-shell`, run as a subprocess to load the pages `--emit-html`
/// writes: `--dump-dom` gives the DOM after the page's script ran, `--screenshot` a picture.
///
/// Found at `CHROMIUM_HEADLESS_SHELL`, else where Debian installs it. Absent, the tests that
/// need it are skipped, except in CI (`CI=true`), where its absence is a failure.
enum HeadlessBrowser {
  /// The browser's executable, nil when it is not installed.
  static let path: String? = {
    if let path = ProcessInfo.processInfo.environment["CHROMIUM_HEADLESS_SHELL"], !path.isEmpty {
      return path
    }
    return [
      "/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell",
      "/usr/lib/chromium-headless-shell/chromium-headless-shell",
    ].first { OutlineBinary.isExecutableFile($0) }
  }()

  /// The browser, a skip when it is missing outside CI, or an error when it is missing in CI.
  static func require() throws -> String {
    if let path { return path }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      throw OutlineBinary.Failure(
        "chromium-headless-shell is missing and CI=true: install it (apt-get install "
          + "chromium-headless-shell; .ci/run does) or set CHROMIUM_HEADLESS_SHELL")
    }
    throw XCTSkip(
      "chromium-headless-shell is not installed (apt-get install chromium-headless-shell, or set "
        + "CHROMIUM_HEADLESS_SHELL); the --emit-html browser tests are skipped (CI=true fails)")
  }

  /// Loads `file` with `fragment` and answers the DOM once its script ran and the page went
  /// quiet (virtual time, so that timers and animations finish at once); with `reducedMotion`,
  /// as for a reader who asked for less motion (`prefers-reduced-motion: reduce`).
  static func dumpDOM(
    _ file: String, fragment: String, reducedMotion: Bool = false, scratch: String
  ) throws -> String {
    try run(
      (reducedMotion ? ["--force-prefers-reduced-motion"] : []) + [
        "--dump-dom", url(file, fragment),
      ],
      scratch: scratch)
  }

  /// Loads `file` with `fragment` in a window `width` by `height` and writes a PNG to `png`.
  static func screenshot(
    _ file: String, fragment: String, to png: String, width: Int = 1280, height: Int = 1600,
    scratch: String
  ) throws {
    _ = try run(
      ["--screenshot=" + png, "--window-size=\(width),\(height)", url(file, fragment)],
      scratch: scratch)
  }

  /// Loads a copy of the page `file` with `BrowserDrivers/driver.js` and then `lines` appended
  /// after its own script, and answers the values the driver reported (`T.report(name, …)`).
  ///
  /// The driver acts as a reader does (keys, clicks, form controls) on the page as it was
  /// emitted; virtual time lets nothing run on its own between its lines unless they wait.
  static func drive(_ file: String, _ lines: String, scratch: String) throws -> [String: String] {
    let driverPath = OutlineBinary.packageRoot.appendingPathComponent(
      "Tests/OutlineShellTests/BrowserDrivers/driver.js"
    ).path
    let driver = try String(contentsOfFile: driverPath, encoding: .utf8)
    let page = try String(contentsOfFile: file, encoding: .utf8)
    guard let end = page.range(of: "</body>", options: .backwards) else {
      throw OutlineBinary.Failure("\(file) has no </body>")
    }
    let driven =
      page[..<end.lowerBound] + "<script>\n" + driver + "\n" + lines + "\n</script>\n"
      + page[end.lowerBound...]
    let copy = scratch + "/driven-" + UUID().uuidString + ".html"
    try Data(driven.utf8).write(to: URL(fileURLWithPath: copy))
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let dom = try run(["--dump-dom", url(copy, "")], scratch: scratch)
    guard let reports = try BrowserReports.read(fromDOM: dom) else {
      throw OutlineBinary.Failure("no <html> element in the dumped DOM")
    }
    return reports
  }

  /// Prints `file` to the PDF `pdf`, as a reader's print dialog does (print media, the
  /// page's `beforeprint` handler run first).
  static func printToPDF(_ file: String, to pdf: String, scratch: String) throws {
    _ = try run(
      ["--no-pdf-header-footer", "--print-to-pdf=" + pdf, url(file, "")], scratch: scratch)
  }

  static func url(_ file: String, _ fragment: String) -> String {
    URL(fileURLWithPath: file).absoluteString + fragment
  }

  /// Runs the browser with `arguments` after the flags every run needs; answers its output.
  static func run(_ arguments: [String], scratch: String) throws -> String {
    let browser = try require()
    let profile = scratch + "/profile-" + UUID().uuidString
    let outputPath = scratch + "/browser-" + UUID().uuidString + ".out"
    let errorPath = outputPath + ".err"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: profile)
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser)
    process.arguments =
      [
        "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=" + profile, "--virtual-time-budget=30000",
        "--run-all-compositor-stages-before-draw",
      ] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: scratch)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    defer {
      try? output.close()
      try? error.close()
    }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    guard OutlineBinary.wait(for: process, timeout: 180) else {
      // Chromium may ignore SIGTERM (a test run once hung here for half an hour): kill it.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw OutlineBinary.Failure("chromium-headless-shell \(arguments) did not finish in 180 s")
    }
    let text = try String(contentsOfFile: outputPath, encoding: .utf8)
    guard process.terminationStatus == 0 else {
      let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw OutlineBinary.Failure(
        "chromium-headless-shell exited \(process.terminationStatus): \(stderr.suffix(2000))")
    }
    return text
  }
}
