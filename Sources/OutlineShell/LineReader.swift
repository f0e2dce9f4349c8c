#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// A line whose bytes are not UTF-8: the shell reports it and goes on.
  case notUTF8
  /// Ctrl-C while the line was edited: the line is abandoned.
  case interrupted
  /// End of input (Ctrl-D on an empty line).
  case end
}

/// Where the shell's lines come from: readline on a terminal, plain reads otherwise.
public protocol LineReader: AnyObject {
  /// Reads one line, showing `prompt` first if the reader shows prompts.
  func readLine(prompt: String) -> LineInput
}

/// Lines from standard input with no prompt, no editing and no history: a script on a pipe.
public final class PlainLineReader: LineReader {
  /// Creates the reader.
  public init() {}

  public func readLine(prompt: String) -> LineInput {
    // The output so far must be out before a read that may wait: whoever feeds the pipe may be
    // waiting for it. A line already in stdin's buffer is read without waiting, so the flush
    // is left for later: a piped script then writes in blocks, not a write per command.
    if !Self.hasBufferedInput { fflush(stdout) }
    if Interrupts.isPending { return .interrupted }
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let count = getline(&buffer, &capacity, stdin)
    guard count >= 0, let buffer else {
      return Interrupts.isPending ? .interrupted : .end
    }
    var bytes = UnsafeRawBufferPointer(start: buffer, count: count)
    if bytes.last == UInt8(ascii: "\n") {
      bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
    }
    if bytes.last == UInt8(ascii: "\r") {
      bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
    }
    guard let line = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
    return .line(line)
  }

  /// Whether stdin's buffer holds bytes not yet read (glibc's `FILE` says; elsewhere, assume
  /// not, which only costs a flush).
  private static var hasBufferedInput: Bool {
    #if canImport(Glibc)
      return stdin.pointee._IO_read_ptr != stdin.pointee._IO_read_end
    #else
      return false
    #endif
  }
}
