import OutlineLanguage

/// `outline --open FILE...`: files to edit, loaded before anything else runs, as an editor opens
/// the files its command line names.
///
/// ```text
/// $ outline --open todo.md --open work.opml
/// loaded 7 items from todo.md into section main
/// added section work.opml
/// …
/// loaded 13 items from work.opml into section work.opml
/// outline>
/// ```
extension Shell {
  /// Loads each `--open` file as `load FILE` does, in order: the first into the current
  /// section (`main`), each other into a section of its own, named after the file (its last
  /// path component, suffixed ` (2)`, … where taken), as `section add NAME; section use NAME;
  /// load FILE` would; then the first file's section is the current one again.
  ///
  /// Each command is reported as a script's is, a `load` at most in brief (a file's every row
  /// would otherwise scroll the terminal away). A native save file holds sections of its own,
  /// so `OutlineCommand` lets it be opened only first.
  ///
  /// - Returns: nil when every file loaded, else the message of the first that did not (the
  ///   program exits 2 then: nothing else runs).
  func openFiles() -> String? {
    var first: String?
    for (index, path) in options.openFiles.enumerated() {
      if index > 0 {
        let name = freeSectionName(for: path)
        for command in ["section add", "section use"] {
          guard run("\(command) \(Quoting.word(name))", index: index) == nil else {
            return "cannot open \(Quoting.word(path)): no section for it"
          }
        }
      }
      if let error = run("load \(Quoting.word(path))", index: index, brief: true) {
        return error.message
      }
      if index == 0 { first = session.section }
    }
    if let first, options.openFiles.count > 1 {
      _ = run("section use \(Quoting.word(first))", index: options.openFiles.count - 1)
    }
    return nil
  }

  /// Runs one command of `--open`'s `index`th file, reporting it as a script's, at most in brief
  /// when `brief`; answers its error, unreported.
  private func run(_ text: String, index: Int, brief: Bool = false) -> CommandError? {
    let outcome = session.run(text)
    if let error = outcome.error { return error }
    let mode = session.outputMode
    if brief, mode == .full { session.outputMode = .brief }
    report(outcome, at: SourceLocation(file: "--open", line: index + 1), interactive: false)
    session.outputMode = mode
    return nil
  }

  /// A name for the section of the file at `path`: its last path component, suffixed ` (2)`,
  /// ` (3)`, … where a section has it.
  private func freeSectionName(for path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    let taken = Set(session.dataSource.snapshot().sectionIdentifiers)
    var name = base
    var suffix = 2
    while taken.contains(name) {
      name = "\(base) (\(suffix))"
      suffix += 1
    }
    return name
  }
}
