@preconcurrency import CReadline
import OutlineLanguage

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines from GNU readline.
///
/// Editing, a history file, tab completion from the grammar, Ctrl-C that abandons the line. The
/// prompt goes to standard error, never into piped output.
///
/// readline's callbacks are C function pointers that cannot capture, so the completion source
/// lives in a global; there is one reader per process.
public final class ReadlineLineReader: LineReader {
  /// The history file, nil for none.
  let historyPath: String?

  /// Creates the reader, loading the history from `historyPath` (created with its directories
  /// if missing) and answering tab completion with `complete`: the candidates for a line up to
  /// the cursor.
  public init(
    historyPath: String?,
    complete: @escaping (_ lineBeforeCursor: String) -> Completion.Candidates
  ) {
    self.historyPath = historyPath
    _completionSource = complete
    rl_readline_name = UnsafePointer(strdup("outline"))
    rl_outstream = stderr
    rl_completer_word_break_characters = UnsafePointer(strdup(" \t;"))
    rl_attempted_completion_function = { _, start, _ in
      rl_attempted_completion_over = 1
      let candidates = ReadlineLineReader.candidates(startingAtByte: Int(start))
      _completionListed = candidates.listed
      // A directory completes without the space after it, so that its files come next.
      let isDirectory = candidates.words.count == 1 && candidates.words[0].hasSuffix("/")
      rl_completion_append_character = isDirectory ? 0 : 32
      return ReadlineLineReader.matches(candidates)
    }
    // The list shows the whole words, bare: `ab cd`, not the `cd"` after readline's word start.
    rl_completion_display_matches_hook = { matches, count, _ in
      let listed = _completionListed
      guard Int(count) == listed.count else {
        return rl_display_match_list(matches, count, Int32(listed.map(\.utf8.count).max() ?? 0))
      }
      var strings: [UnsafeMutablePointer<CChar>?] = [strdup("")] + listed.map { strdup($0) }
      strings.append(nil)
      defer { for string in strings { free(string) } }
      rl_display_match_list(&strings, count, Int32(listed.map(\.utf8.count).max() ?? 0))
      rl_forced_update_display()
    }
    rl_signal_event_hook = ReadlineLineReader.stopOnInterrupt
    rl_event_hook = ReadlineLineReader.stopOnInterrupt
    using_history()
    // The list in memory keeps as many lines as the file: a long session stays bounded.
    stifle_history(History.limit)
    if let historyPath { History.prepare(historyPath) }
  }

  public func readLine(prompt: String) -> LineInput {
    fflush(stdout)
    Interrupts.clear()
    guard let pointer = readline(prompt) else {
      fputs("\n", stderr)
      return .end
    }
    defer { free(pointer) }
    if Interrupts.isPending {
      Interrupts.clear()
      fputs("\n", stderr)
      return .interrupted
    }
    guard let line = String(validatingCString: pointer) else { return .notUTF8 }
    // History keeps the line without the blanks a completion leaves at its end.
    var kept = Substring(line)
    while kept.last?.isWhitespace == true { kept.removeLast() }
    if !kept.isEmpty {
      add_history(String(kept))
      if let historyPath { History.append(to: historyPath) }
    }
    return .line(line)
  }

  /// readline's event hooks: after a Ctrl-C, end the line being edited (emptied) at once.
  private static let stopOnInterrupt: @convention(c) () -> Int32 = {
    if Interrupts.isPending {
      rl_replace_line("", 0)
      rl_done = 1
    }
    return 0
  }

  /// The completions of the word readline is completing, which starts at byte `start` of the
  /// line: the grammar's candidates, trimmed of what lies between their start and readline's
  /// (readline breaks words at blanks even inside quotes), and the words as the list shows them.
  private static func candidates(
    startingAtByte start: Int
  ) -> (words: [String], listed: [String], common: String?) {
    guard let source = _completionSource, let buffer = rl_line_buffer else { return ([], [], nil) }
    let cursor = Int(rl_point)
    let bytes = UnsafeRawBufferPointer(start: buffer, count: cursor)
    let before = String(decoding: bytes, as: UTF8.self)
    let candidates = source(before)
    let candidateStart = String(before.prefix(candidates.replacing.lowerBound)).utf8.count
    guard candidateStart <= start, start <= bytes.count else { return ([], [], nil) }
    let skipped = String(decoding: bytes[candidateStart..<start], as: UTF8.self)
    let kept = candidates.words.indices.filter { candidates.words[$0].hasPrefix(skipped) }
    let common = candidates.common.flatMap { common in
      common.hasPrefix(skipped) ? String(common.dropFirst(skipped.count)) : nil
    }
    return (
      kept.map { String(candidates.words[$0].dropFirst(skipped.count)) },
      kept.map { candidates.listed[$0] }, common
    )
  }

  /// readline's array of matches, which it frees: the text that replaces the word (the one
  /// match, or what the matches share), then each match, then a null pointer; nil for none.
  private static func matches(
    _ candidates: (words: [String], listed: [String], common: String?)
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard !candidates.words.isEmpty else { return nil }
    let entries = candidates.words.count == 1 ? [] : candidates.words
    let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 2)
    guard let raw = malloc(size) else { return nil }
    let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 2)
    array[0] = strdup(candidates.common ?? candidates.words[0])
    for (index, word) in entries.enumerated() { array[index + 1] = strdup(word) }
    array[entries.count + 1] = nil
    return array
  }
}

/// The history file: appended to after every line (so concurrent sessions interleave rather
/// than overwrite), trimmed to `limit` lines when a session starts.
///
/// Trimming rewrites the file (readline may write a new file and rename it over the old one), so
/// every write holds an exclusive `flock` on a lock file beside it, `PATH.lock`, whose inode never
/// changes: a session that starts (and trims) while another appends loses none of its lines.
enum History {
  static let limit: Int32 = 1000

  static func prepare(_ path: String) {
    let directory = LocalFileSystem.split(path).directory
    makeDirectories(directory)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
    locked(path) {
      read_history(path)
      history_truncate_file(path, limit)
    }
  }

  static func append(to path: String) {
    locked(path) { _ = append_history(1, path) }
  }

  /// Runs `body` holding an exclusive lock on `PATH.lock` (created if missing); runs it unlocked
  /// when the lock file cannot be opened.
  static func locked(_ path: String, _ body: () -> Void) {
    let descriptor = open(path + ".lock", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    body()
    flock(descriptor, LOCK_UN)
  }

  /// `mkdir -p`.
  static func makeDirectories(_ path: String) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part + "/"
      mkdir(prefix, 0o700)
    }
  }
}

nonisolated(unsafe) private var _completionSource: ((String) -> Completion.Candidates)?
nonisolated(unsafe) private var _completionListed: [String] = []
