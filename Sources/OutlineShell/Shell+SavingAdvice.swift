import OutlineLanguage

/// What the first `quit` (or Ctrl-D) of a session with unsaved changes says: the sections that
/// changed, each with its file, and the command that keeps them.
///
/// ```text
/// the outline has changes that were never saved, in sections main (todo.md), S (no file):
/// "save --all" writes todo.md, "section use S" then "save FILE" keeps its; Ctrl-D or "quit"
/// again ends the session without them
/// ```
extension Shell {
  /// Which sections changed and how to keep them: each section with its file, then `save`
  /// when the current section alone changed and has a file, `save --all` with the files it
  /// writes when more have one, and `save FILE` for a section with none.
  ///
  /// `in sections main (todo.md), S (no file): "save --all" writes todo.md, "section use S"
  /// then "save FILE" keeps its`.
  func savingAdvice() -> String {
    let sections = session.unsavedSections
    let shown = 4
    let listed = sections.prefix(shown).map { section in
      Quoting.word(section) + " ("
        + (session.sectionFilePath(of: section).map(Quoting.word) ?? "no file") + ")"
    }
    var text =
      (sections.count == 1 ? "in section " : "in sections ") + listed.joined(separator: ", ")
      + (sections.count > shown ? ", and \(sections.count - shown) more" : "") + ": "
    let files = sections.compactMap { session.sectionFilePath(of: $0) }
    var uniqueFiles: [String] = []
    for file in files where !uniqueFiles.contains(file) { uniqueFiles.append(file) }
    let withoutFile = sections.filter { session.sectionFilePath(of: $0) == nil }
    var advice: [String] = []
    if sections == [session.section], !files.isEmpty {
      advice.append("\"save\" writes them")
    } else if !uniqueFiles.isEmpty {
      advice.append(
        "\"save --all\" writes "
          + uniqueFiles.prefix(shown).map(Quoting.word).joined(separator: ", ")
          + (uniqueFiles.count > shown ? ", …" : ""))
    }
    if withoutFile == [session.section] {
      let whose = sections.count == 1 ? "them" : "section \(Quoting.word(session.section))'s"
      advice.append("\"save FILE\" keeps \(whose)")
    } else if withoutFile.count == 1 {
      advice.append(
        "\"section use \(Quoting.word(withoutFile[0]))\" then \"save FILE\" keeps "
          + (sections.count == 1 ? "them" : "its"))
    } else if !withoutFile.isEmpty {
      advice.append(
        "\"save FILE\" in each of sections "
          + withoutFile.prefix(shown).map(Quoting.word).joined(separator: ", ")
          + (withoutFile.count > shown ? ", …" : "") + " keeps theirs")
    }
    text += advice.joined(separator: ", ")
    return text
  }
}
