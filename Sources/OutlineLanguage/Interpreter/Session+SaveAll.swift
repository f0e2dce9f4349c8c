/// `save --all`: every section that has a file and unsaved changes, each to its file, as an
/// editor's "Save All" writes every modified buffer.
///
/// ```swift
/// session.run("load todo.md")
/// session.run("section add work; section use work; load work.opml")
/// session.run("append Call to Inbox; section use main; append Milk")
/// session.run("save --all").note
/// // saved 8 items of section main to todo.md as markdown
/// // saved 13 items of section work to work.opml as opml
/// ```
extension Session {
  /// `save --all [--force]`: writes each section that changed since its file was saved or
  /// loaded (`unsavedSections`) to that file (`sectionFiles`), one line each; a native file,
  /// which holds every section, once.
  ///
  /// Every file is made and checked before any is written, so that a refusal of one (a file
  /// changed on disk, an attribute its format cannot hold, …; see `outlineFile(to:item:as:verb:
  /// force:)` and `nativeFile(to:force:)`) refuses them all and writes nothing. A section with
  /// changes and no file is named in a note: `save FILE` there keeps them.
  ///
  /// - Throws: `io` for the first refusal, naming its section when it is not the current one;
  ///   nothing is written. `io` when a file cannot be written, naming the files written before
  ///   it (each holds what the session wrote, and counts as saved).
  /// - Complexity: O(*n*) in the items of the sections written.
  func saveAll(force: Bool, into outcome: inout Outcome) throws(CommandError) {
    let current = section
    defer { section = current }
    var files: [(file: OutlineFile, sections: [String], native: Bool)] = []
    var noFile: [String] = []
    for name in unsavedSections {
      guard let named = sectionFiles[name] else {
        noFile.append(name)
        continue
      }
      let format = named.format ?? OutlineFormat(path: named.path)
      if let index = files.firstIndex(where: { $0.file.path == named.path }) {
        guard files[index].native, format == .native else {
          throw CommandError(
            because: .cannotUseFile(
              verb: "save", path: named.path,
              reason: "it is the file of sections \(Quoting.word(files[index].sections[0])) "
                + "and \(Quoting.word(name)), and holds one of them only: save FILE in one of "
                + "them first"))
        }
        files[index].sections.append(name)
        continue
      }
      // A native file holds every section, and the current one as the session's.
      section = format == .native ? current : name
      do {
        let file =
          format == .native
          ? try nativeFile(to: named.path, force: force)
          : try outlineFile(to: named.path, item: nil, as: format, verb: "save", force: force)
        files.append((file, [name], format == .native))
      } catch {
        guard name != current else { throw error }
        throw CommandError(error.code, "section \(Quoting.word(name)): " + error.message)
      }
    }
    section = current
    var written: [String] = []
    let place = historyDropped + history.count
    for (file, sections, native) in files {
      do {
        try write(file)
      } catch {
        guard !written.isEmpty else { throw error }
        throw CommandError(
          error.code,
          error.message + " (written before it: "
            + written.map(Quoting.word).joined(separator: ", ")
            + ")")
      }
      written.append(file.path)
      if native {
        savePoints.saveAll(at: place)
      } else {
        for name in sections { savePoints.save(section: name, at: place) }
      }
      outcome.warnings += file.warnings
    }
    var lines = files.map(\.file.note)
    if lines.isEmpty {
      lines.append("nothing to save: no section with a file has unsaved changes")
    }
    // A native file written saved every section, those with no file of their own too.
    let unsaved = Set(unsavedSections)
    noFile = noFile.filter(unsaved.contains)
    if !noFile.isEmpty {
      lines.append(
        "\(noFile.count == 1 ? "section" : "sections") \(noFile.map(Quoting.word).joined(separator: ", ")) "
          + "\(noFile.count == 1 ? "has" : "have") unsaved changes and no file: save FILE there "
          + "keeps them")
    }
    outcome.note = lines.joined(separator: "\n")
  }
}
