#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C: a SIGINT handler that only sets a flag, which the shell reads between commands and
/// readline's event hooks read while a line is edited; and SIGTERM and SIGHUP held back while a
/// file is replaced.
public enum Interrupts {
  /// Installs the handler.
  ///
  /// Reads are not restarted after the signal (no `SA_RESTART`), so a
  /// script blocked on standard input notices it.
  public static func install() {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in _outlineInterrupted = 1 }
    #else
      action.__sigaction_u.__sa_handler = { _ in _outlineInterrupted = 1 }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Whether Ctrl-C was pressed since the last `clear()`.
  public static var isPending: Bool { _outlineInterrupted != 0 }

  /// Forgets a Ctrl-C.
  public static func clear() { _outlineInterrupted = 0 }

  /// Runs `body` with SIGTERM and SIGHUP held back, so that neither ends the process half-way
  /// through it (a save's temporary file left behind); one that arrived meanwhile ends the
  /// process as soon as `body` returns, as the signal does, so a shell reads status 128 plus
  /// its number.
  ///
  /// The signals are blocked in the calling thread; `outline` reads and saves on one thread, so
  /// no other thread takes them meanwhile.
  ///
  /// - Complexity: O(1), plus `body`.
  static func holdingTermination<Value, Failure>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var held = sigset_t()
    sigemptyset(&held)
    sigaddset(&held, SIGTERM)
    sigaddset(&held, SIGHUP)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }
}

/// The flag the SIGINT handler sets: a C-compatible global, the only thing a handler may touch.
nonisolated(unsafe) var _outlineInterrupted: sig_atomic_t = 0
