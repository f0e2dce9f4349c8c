#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the shell writes.
///
/// Standard output for results, standard error for errors, the banner and (through readline)
/// the prompt. A protocol so that tests can capture both.
public protocol Console: AnyObject {
  /// Writes `line` and a newline to standard output.
  func output(_ line: String)
  /// Writes `line` and a newline to standard error.
  func error(_ line: String)
}

/// The process's standard output and error.
///
/// Standard output is flushed before anything goes to standard error, so that on a terminal
/// (or a file that gets both) an error appears after the output of the commands before it.
public final class StandardConsole: Console {
  /// Creates the console.
  public init() {}

  public func output(_ line: String) {
    fputs(line, stdout)
    fputs("\n", stdout)
  }

  public func error(_ line: String) {
    fflush(stdout)
    fputs(line, stderr)
    fputs("\n", stderr)
    fflush(stderr)
  }

  /// Flushes standard output (before a prompt, and at exit).
  public func flush() { fflush(stdout) }
}
