import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private tmux server for the pseudo-terminal tests: its own socket in a test's `home`, no
/// configuration file, so that it never meets the tmux of the person running the tests.
///
/// The server starts with the first `new-session` and runs until `killServer()`.
struct TmuxServer {
  /// The tmux executable, or nil when tmux is not installed.
  static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first(where: { FileManager.default.isExecutableFile(atPath: $0) })

  /// The tmux executable, or a skip when tmux is not installed.
  static func require() throws -> String {
    guard let executable else { throw XCTSkip("tmux is not installed") }
    return executable
  }

  /// The tmux executable.
  let path: String
  /// The directory the output of each run goes through.
  let home: String
  /// The server's socket, in `home`.
  let socket: String

  /// The server with its socket in `home`; a skip when tmux is not installed.
  init(home: String) throws {
    path = try Self.require()
    self.home = home
    socket = home + "/tmux.sock"
  }

  /// Runs tmux on the private server and answers its standard output.
  ///
  /// Spawned with `posix_spawn` and waited for with `waitpid`, not with Foundation's `Process`:
  /// the tmux server that `new-session` starts keeps the descriptors it inherits open, and
  /// `Process` on Linux waits for those to close, so it would wait as long as the server runs.
  /// The output goes through a file for the same reason.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let outputPath = home + "/tmux-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let words = [path, "-S", socket, "-f", "/dev/null"] + arguments
    var argv = words.map { strdup($0) } + [nil]
    defer { for word in argv { free(word) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
    guard spawned == 0 else { throw OutlineBinary.Failure("cannot run tmux: error \(spawned)") }
    var status: Int32 = 0
    let ended = OutlineBinary.poll(timeout: 10) { waitpid(pid, &status, WNOHANG) == pid }
    guard ended else {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      throw OutlineBinary.Failure("tmux \(arguments) did not finish")
    }
    guard status == 0 else {
      throw OutlineBinary.Failure("tmux \(arguments) ended with wait status \(status)")
    }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// Ends the server and its sessions, if it runs.
  func killServer() {
    _ = try? run(["kill-server"])
  }

  /// A word quoted for `sh`.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
