extension Session {
  /// How deep `source` commands may nest: a file that sources itself stops here.
  public static let maximumSourceDepth = 64

  /// Runs the commands of `text`, a script named `file` whose first line is line `firstLine`,
  /// line by line, reporting each outcome.
  ///
  /// Each line is read with `CommandParser.parse(line:)`; a line that does not parse reports a
  /// `syntax` or `unknownCommand` error for that command. `source FILE` reads FILE through
  /// `fileSystem` and runs it the same way, nested (its commands are reported with FILE's name
  /// and lines); when a command inside fails and `keepGoing` is off, the `source` stops and the
  /// script that ran it stops too. `quit` ends every level. A failed command changes nothing,
  /// but the commands before it keep their effect: a script is not a transaction. When a
  /// failure stops a line of several commands, the commands after it on that line (at each
  /// level it stops) go to `options.notRun`, so that a front end says they were not run.
  ///
  /// ```swift
  /// let end = session.runScript("append A\nexpect count 2", file: "demo", options: .init {
  ///   outcome, location in
  ///   if let error = outcome.error { print("\(location): error: \(error.message)") }
  /// })
  /// ```
  ///
  /// - Complexity: the sum of the commands' own costs.
  public func runScript(
    _ text: String, file: String, firstLine: Int = 1, options: ScriptOptions
  ) -> ScriptEnd {
    var failures = 0
    let end = runScript(
      text, file: file, firstLine: firstLine, depth: 0, options: options, failures: &failures)
    switch end {
    case .finished: return .finished(failures: failures)
    case .quit: return .quit(failures: failures)
    case .failed, .interrupted: return end
    }
  }

  private func runScript(
    _ text: String, file: String, firstLine: Int = 1, depth: Int, options: ScriptOptions,
    failures: inout Int
  ) -> ScriptEnd {
    var lineNumber = firstLine - 1
    // A byte-order mark that an editor put before the first line is not part of a command.
    let text = firstLine == 1 && text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
    for line in Self.lines(of: text) {
      lineNumber += 1
      let commands = CommandParser.parse(line: String(line))
      for (index, parsed) in commands.enumerated() {
        if options.isInterrupted() { return .interrupted }
        let location = SourceLocation(file: file, line: lineNumber, depth: depth)
        switch parsed.result {
        case .success(.files(.quit)):
          options.report(
            Outcome(
              command: parsed.source, parsed: .files(.quit), state: recordsStates ? state : nil),
            location)
          return .quit(failures: failures)
        case .success(.files(.source(let path))):
          let end = runSource(
            path, command: parsed.source, at: location, options: options, failures: &failures)
          switch end {
          case .finished: continue
          case .failed:
            if options.keepGoing { continue }
            Self.reportNotRun(commands[(index + 1)...], at: location, options: options)
          case .quit, .interrupted: break
          }
          return end
        case .failure(let error):
          var outcome = Outcome(command: parsed.source)
          outcome.error = CommandError(error)
          options.report(outcome, location)
          failures += 1
        case .success:
          let outcome = run(parsed)
          options.report(outcome, location)
          if outcome.ok { continue }
          failures += 1
        }
        if !options.keepGoing {
          Self.reportNotRun(commands[(index + 1)...], at: location, options: options)
          return .failed
        }
      }
    }
    return .finished(failures: failures)
  }

  /// Reports the commands a failure left unrun on its line, when there are any.
  ///
  /// - Complexity: O(*c*) in those commands.
  private static func reportNotRun(
    _ rest: ArraySlice<ParsedCommand>, at location: SourceLocation, options: ScriptOptions
  ) {
    guard !rest.isEmpty else { return }
    options.notRun(rest.map(\.source), location)
  }

  /// Runs `source FILE` one level deeper.
  ///
  /// `-` is the `source` command's own `syntax` error, as for `save` and `load`: it names no
  /// file, and `outline -` runs standard input as a script. A file that cannot be read, is not
  /// UTF-8, or is nested too deep is the `source` command's own `io` error; a failure inside is
  /// reported and counted there, and ends the nested run `.failed` (unless `keepGoing`). The
  /// `source` command itself is reported (as a success with nothing in it) before the file's
  /// commands, so that `--echo` and `--json` show it; so is `quit`.
  private func runSource(
    _ path: String, command: String, at location: SourceLocation, options: ScriptOptions,
    failures: inout Int
  ) -> ScriptEnd {
    let text: String
    do throws(CommandError) {
      if path == "-" { throw CommandError(because: .dashIsNoFile(verb: "source")) }
      do throws(FileError) {
        guard location.depth + 1 <= Self.maximumSourceDepth else {
          throw FileError("sources nest more than \(Self.maximumSourceDepth) deep")
        }
        text = try readScript(path)
      } catch {
        throw CommandError(because: .cannotSource(path: path, reason: error.reason))
      }
    } catch {
      var outcome = Outcome(
        command: command, parsed: .files(.source(path)), state: recordsStates ? state : nil)
      outcome.error = error
      options.report(outcome, location)
      failures += 1
      return .failed
    }
    options.report(
      Outcome(command: command, parsed: .files(.source(path)), state: recordsStates ? state : nil),
      location)
    return runScript(
      text, file: path, depth: location.depth + 1, options: options, failures: &failures)
  }

  /// The text of the script file at `path`, read through `fileSystem`: what `source` runs, and
  /// what a front end reads for the script files it is given.
  ///
  /// - Throws: `FileError` when the file cannot be read or is not UTF-8 text.
  /// - Complexity: O(*n*) in the file's bytes.
  public func readScript(_ path: String) throws(FileError) -> String {
    try Self.scriptText(try fileSystem.contents(of: path))
  }

  /// Standard input to its end as a script (`outline -`), read through `fileSystem`.
  ///
  /// - Throws: `FileError` when standard input may not be read (`FileSystem.standardInput()`)
  ///   or is not UTF-8 text.
  /// - Complexity: O(*n*) in the bytes read.
  public func readStandardInputScript() throws(FileError) -> String {
    try Self.scriptText(try fileSystem.standardInput())
  }

  /// `bytes` as the text of a script.
  ///
  /// - Throws: `FileError` when they are not UTF-8 text.
  /// - Complexity: O(*n*) in the bytes.
  private static func scriptText(_ bytes: [UInt8]) throws(FileError) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw FileError("not UTF-8 text")
    }
    return text
  }

  /// The lines of `text`, split at `\n` or `\r\n`, with no empty last line after a final
  /// newline.
  ///
  /// The split is over UTF-8 bytes: a line feed is always a `Character` of its own (or the end
  /// of a `\r\n` one), so the lines are the same as splitting the `Character`s, without their
  /// cost.
  ///
  /// - Complexity: O(*n*) in the text's UTF-8 bytes.
  package static func lines(of text: String) -> [Substring] {
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { bytes in
        let end =
          bytes.last == UInt8(ascii: "\r") ? bytes.index(before: bytes.endIndex) : bytes.endIndex
        return text[bytes.startIndex..<end]
      }
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
