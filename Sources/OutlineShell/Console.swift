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
    Self.write(line, to: stdout)
  }

  public func error(_ line: String) {
    fflush(stdout)
    Self.write(line, to: stderr)
    fflush(stderr)
  }

  /// Writes `line` and a newline as bytes: `fputs` would stop at a NUL inside an identifier.
  private static func write(_ line: String, to stream: UnsafeMutablePointer<FILE>) {
    var line = line
    line.append("\n")
    line.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stream) }
  }

  /// Flushes standard output (before a prompt, and at exit).
  public func flush() { fflush(stdout) }
}
