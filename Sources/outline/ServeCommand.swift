import ArgumentParser
import Dispatch
@preconcurrency import Foundation
import OutlineLanguage
import OutlineServer
import OutlineShell

/// `outline serve`: the learner's playground (SPEC §4), a local web server.
///
/// `outline serve …` is read as this command only when `serve` is the first argument; a script
/// file named `serve` runs as `outline ./serve`.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the playground: the step-by-step page with a command line of its own.",
    discussion: """
      Listens on 127.0.0.1 only and prints a URL with a one-time token; the first page that \
      opens it gets a cookie, and only that browser is answered. Each tab runs its own \
      session. File commands (load, save, import, export, diff, source) are refused unless \
      --allow-files names the directory they may touch; edit is refused either way (it opens \
      a terminal editor). Ctrl-C stops the server.
      """)

  @Option(help: ArgumentHelp("The port (0, the default: one the system picks).", valueName: "n"))
  var port: Int = 0

  @Option(
    help: ArgumentHelp("Let file commands read and write inside DIR.", valueName: "dir"),
    completion: .directory)
  var allowFiles: String?

  @Argument(
    help: ArgumentHelp(
      "A script each new session runs first; run once as the server starts, its errors are "
        + "printed.", valueName: "script"),
    completion: .file())
  var script: String?

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535 (given \(port))")
    }
  }

  /// Serves until the process is stopped; exits 2 when the script cannot be read, 1 when the
  /// server cannot start.
  ///
  /// A script that fails is reported on standard error as `outline SCRIPT` reports it
  /// (`Playground.scriptProblems()`), and the server starts all the same.
  func serve() -> Never {
    var scriptText: (name: String, text: String)?
    if let script {
      do {
        let bytes = try LocalFileSystem().contents(of: script)
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw FileError("not UTF-8 text")
        }
        scriptText = (script, text)
      } catch {
        fputs("outline: \(script): \(error)\n", stderr)
        Foundation.exit(ExitStatus.usage.rawValue)
      }
    }
    let allowFiles = self.allowFiles
    let token = Playground.randomHex(bytes: 16)
    let secret = Playground.randomHex(bytes: 32)
    let script = scriptText
    // The browser tests' driver, appended to the page: a test's, never a user's.
    let driver = ProcessInfo.processInfo.environment["OUTLINE_PLAYGROUND_DRIVER"].flatMap {
      try? String(contentsOfFile: $0, encoding: .utf8)
    }
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await PlaygroundServer.run(
          port: UInt16(port),
          makePlayground: { port in
            var configuration = Playground.Configuration(
              port: port, token: token, secret: secret, allowedDirectory: allowFiles)
            configuration.script = script
            configuration.testDriver = driver
            let playground = try Playground(configuration: configuration)
            for line in playground.scriptProblems() { fputs(line + "\n", stderr) }
            return playground
          },
          ready: { port in
            print("outline playground: http://127.0.0.1:\(port)/?token=\(token)")
            print("Open it in a browser (the link works once). Ctrl-C stops the server.")
            fflush(stdout)
          })
      } catch {
        fputs("outline serve: \(error)\n", stderr)
        Foundation.exit(ExitStatus.failure.rawValue)
      }
      done.signal()
    }
    done.wait()
    Foundation.exit(ExitStatus.success.rawValue)
  }
}
