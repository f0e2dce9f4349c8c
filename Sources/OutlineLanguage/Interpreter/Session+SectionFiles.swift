/// Each section's file: the one `save` with no file name writes, as an editor's "save" writes
/// the file it opened.
///
/// A section's file is the last one a `load FILE`, `save FILE` or `import FILE` (into a section
/// with no file yet, as Vim's `:read` names a buffer that has none) named there, with the
/// `--format` given, if any; `export` never changes it. A native save file holds every section,
/// so loading or saving one makes it the file of each section it holds. Switching sections
/// keeps each section's own.
///
/// ```swift
/// session.run("load notes.opml")
/// session.run("append Kiwi")
/// session.run("save").note  // "saved 13 items of section main to notes.opml as opml"
/// ```
extension Session {
  /// A file named by `load`, `save` or `import`, with the format it was named with.
  struct SectionFile: Equatable, Sendable {
    /// The path as the command named it.
    var path: String
    /// The `--format` given with it; nil: told by the path's extension.
    var format: OutlineFormat?
  }

  /// The path of the current section's file, which `save` with no file name writes; nil when
  /// no `load`, `save` or `import` named one there.
  ///
  /// - Complexity: O(1).
  public var sectionFilePath: String? { sectionFilePath(of: section) }

  /// The path of `section`'s file, which `save` with no file name writes there; nil when no
  /// `load`, `save` or `import` named one there.
  ///
  /// - Complexity: O(1) on average.
  public func sectionFilePath(of section: String) -> String? { sectionFiles[section]?.path }

  /// The file `save` writes in the current section: `path` when the command names one, else
  /// the section's file, with `format` when given, else the section file's own.
  ///
  /// - Throws: `syntax` when the command names no file and the section has none; nothing
  ///   changes.
  /// - Complexity: O(1).
  func fileToSave(_ path: String?, format: OutlineFormat?) throws(CommandError) -> SectionFile {
    if let path { return SectionFile(path: path, format: format) }
    guard let file = sectionFiles[section] else {
      throw CommandError(because: .noFileToSave(section: section))
    }
    return SectionFile(path: file.path, format: format ?? file.format)
  }

  /// Remembers the file a command that succeeded (`parsed`, its file name resolved) named for
  /// the section it ran in, and forgets the file of a section added anew.
  ///
  /// - Complexity: O(1), or O(*s*) in the sections of a native file loaded.
  func rememberFile(of command: Command) {
    guard case .files(let file) = command else {
      if case .sections(.add(let names)) = command, !sectionFiles.isEmpty {
        for name in names { sectionFiles[name] = nil }
      }
      return
    }
    switch file {
    case .save(let path?, let format, _), .load(let path, let format, _):
      if (format ?? OutlineFormat(path: path)) == .native {
        // A save file holds every section (a load replaces them all).
        sectionFiles = [:]
        for name in dataSource.snapshot().sectionIdentifiers {
          sectionFiles[name] = SectionFile(path: path, format: format)
        }
      } else {
        sectionFiles[section] = SectionFile(path: path, format: format)
      }
    case .importFile(let path, _, let format) where path != "-":
      if sectionFiles[section] == nil {
        sectionFiles[section] = SectionFile(path: path, format: format)
      }
    default: break
    }
  }
}
