#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C: a SIGINT handler that only sets a flag, which the shell reads between commands and
/// readline's event hooks read while a line is edited.
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
}

/// The flag the SIGINT handler sets: a C-compatible global, the only thing a handler may touch.
nonisolated(unsafe) var _outlineInterrupted: sig_atomic_t = 0
