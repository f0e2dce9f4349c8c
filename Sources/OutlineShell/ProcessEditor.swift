import OutlineLanguage

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's editor, for `edit`: `$VISUAL`, else `$EDITOR`, else `vi`, run by `/bin/sh` on a
/// temporary file, as `git commit` and `crontab -e` run it.
///
/// The variable may hold arguments (`EDITOR="code --wait"`): the shell reads it as the words of
/// a command, and the file's path is given as one more argument, never spliced into that text.
/// The file is made with `mkstemps` in `$TMPDIR` (else `/tmp`), readable by its owner only; it
/// stays when its text is not applied, so that what was typed is not lost.
///
/// The default `vi` draws a screen and reads keys: with neither variable set, `edit` is refused
/// unless standard input and output are both a terminal, since on a pipe `vi`'s screen codes
/// would land in the output and, when standard input is the script, it would read the script's
/// next lines as keys. A command the environment names runs whatever they are (a script can be
/// an editor). Standard output is flushed before the editor starts, so that what the commands
/// before `edit` printed comes before anything the editor writes.
public final class ProcessEditor: TextEditor {
  /// The command the shell runs, the file's path after it.
  public let command: String
  /// Whether `command` is the default `vi`: the environment named no editor.
  public let isDefault: Bool
  /// Where the temporary files are made.
  public let directory: String

  /// Creates the editor the environment names.
  public init(environment: [String: String]) {
    let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
    let chosen = named.first { !$0.allSatisfy(\.isWhitespace) }
    command = chosen ?? "vi"
    isDefault = chosen == nil
    let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    directory = temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
  }

  /// Writes `text` to a temporary file, runs the editor on it and waits for it.
  ///
  /// - Throws: `FileError` when the editor is the default `vi` and standard input or output is
  ///   not a terminal (`terminalRefusal(standardInput:standardOutput:)`; no file is made then),
  ///   when the file cannot be written, or when the editor cannot start.
  /// - Complexity: O(*n*) in the text's bytes, plus the editor's time.
  public func edit(_ text: [UInt8], suffix: String) throws(FileError) -> EditedText {
    if isDefault,
      let refusal = Self.terminalRefusal(
        standardInput: isatty(0) == 1, standardOutput: isatty(1) == 1)
    {
      throw FileError(refusal)
    }
    let path = try Self.temporaryFile(in: directory, suffix: suffix, holding: text)
    let status: Int32
    do {
      status = try Self.run(["/bin/sh", "-c", command + " \"$@\"", command, path])
    } catch {
      unlink(path)
      throw error
    }
    return EditedText(path: path, status: status, bytes: try? LocalFileSystem().contents(of: path))
  }

  public func discard(_ edited: EditedText) { unlink(edited.path) }

  /// Why the default `vi` may not start, nil when standard input and output are both terminals.
  ///
  /// - Complexity: O(1).
  static func terminalRefusal(standardInput: Bool, standardOutput: Bool) -> String? {
    guard !(standardInput && standardOutput) else { return nil }
    let streams =
      switch (standardInput, standardOutput) {
      case (false, false): "standard input and output are not terminals"
      case (false, _): "standard input is not a terminal"
      case (_, _): "standard output is not a terminal"
      }
    return
      "neither $VISUAL nor $EDITOR is set, and the default vi needs a terminal, but \(streams): "
      + "set $EDITOR to the editor to run (EDITOR=nano, or a command that edits the file it is "
      + "given), or run edit at a terminal"
  }

  /// A new file `DIRECTORY/outline-edit-XXXXXX.SUFFIX` holding `text`.
  static func temporaryFile(in directory: String, suffix: String, holding text: [UInt8])
    throws(FileError) -> String
  {
    var template = Array("\(directory)/outline-edit-XXXXXX\(suffix)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer {
      mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
    }
    guard descriptor >= 0 else { throw LocalFileSystem.lastError() }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = 0
    while written < text.count {
      let count = text.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, text.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let error = LocalFileSystem.lastError()
        close(descriptor)
        unlink(path)
        throw error
      }
      written += count
    }
    close(descriptor)
    return path
  }

  /// Runs `arguments` (the program first) with this process's environment and terminal, and
  /// waits for it: its exit status, or 128 + the signal that ended it.
  ///
  /// Standard output and error are flushed first: what was printed before the editor starts
  /// comes before what it writes.
  static func run(_ arguments: [String]) throws(FileError) -> Int32 {
    fflush(stdout)
    fflush(stderr)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
    guard spawned == 0 else {
      errno = spawned
      throw FileError("cannot run the editor: \(LocalFileSystem.lastError().reason)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw LocalFileSystem.lastError() }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
