/// The file formats an outline is read from and written to, chosen by a file's extension or by
/// `--format NAME`.
///
/// ```swift
/// OutlineFormat(path: "notes.opml")  // .opml
/// OutlineFormat(path: "notes")       // .native: no extension, the native save file
/// OutlineFormat(name: "md")          // .markdown
/// ```
///
/// `read(_:)` and `write(_:)` serve the three outline formats; the native save file holds a
/// whole session (sections, rules, snapshots) and has its own reader (`SaveFile`).
public enum OutlineFormat: String, CaseIterable, Sendable {
  /// The native JSON save file (`.json`, or no extension).
  case native
  /// OPML 2.0 (`.opml`).
  case opml
  /// A nested Markdown list (`.md`, `.markdown`).
  case markdown
  /// Indented text, one item a line (`.txt`).
  case text

  /// The format a file's extension names.
  ///
  /// `.json` the native file, `.opml`, `.md` or `.markdown`, `.txt`; no extension, or any
  /// other, the native file. Case is ignored.
  package init(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      self = .native
      return
    }
    switch name[name.index(after: dot)...].lowercased() {
    case "opml": self = .opml
    case "md", "markdown": self = .markdown
    case "txt": self = .text
    default: self = .native
    }
  }

  /// The format `--format NAME` names (`native` or `json`, `opml`, `markdown` or `md`, `text`
  /// or `txt`; case is ignored), or nil for any other name.
  package init?(name: String) {
    switch name.lowercased() {
    case "native", "json": self = .native
    case "opml": self = .opml
    case "markdown", "md": self = .markdown
    case "text", "txt": self = .text
    default: return nil
    }
  }

  /// The names `--format` takes, for messages and completion.
  package static let names = ["native", "json", "opml", "markdown", "md", "text", "txt"]

  /// Reads a file's bytes as an outline.
  ///
  /// - Throws: `FormatProblem` naming the line of the first problem; for `.native`, which
  ///   holds a session rather than an outline, a problem saying so.
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes and *n* items (the log for OPML's
  ///   expansion state; Markdown and text are O(*b*)).
  package func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    switch self {
    case .native: throw FormatProblem("the native save file is read by load, not as an outline")
    case .opml: try OPMLReader.read(bytes)
    case .markdown: try MarkdownReader.read(bytes)
    case .text: try IndentedTextReader.read(bytes)
    }
  }

  /// Writes an outline as a file's bytes (UTF-8): into the Markdown or text file it was read
  /// from when the document keeps one (`source`), losing none of its lines, else in `outline`'s
  /// own layout.
  ///
  /// Either way an item read from another file of the format (`foreign`) is written
  /// from its lines there (`SourceTextWriter`).
  ///
  /// - Throws: `FormatProblem` when the outline's levels are not in pre-order, or when the
  ///   format cannot hold it so that it reads back the same (OPML: a text XML cannot hold or a
  ///   depth this system's XML parser cannot read; text: a line break or edge whitespace in a
  ///   text); for `.native`, a problem saying it is written by `save`.
  /// - Complexity: O(*b*) in the bytes written.
  package func write(_ document: OutlineDocument) throws(FormatProblem) -> [UInt8] {
    if let bad = document.firstBadLevel() {
      let node = document.nodes[bad]
      throw FormatProblem(
        item: bad, text: node.text,
        "level \(node.level) does not follow level \(bad == 0 ? -1 : document.nodes[bad - 1].level)"
      )
    }
    switch self {
    case .native: throw FormatProblem("the native save file is written by save, not as an outline")
    case .opml: return try OPMLWriter.write(document)
    case .markdown, .text:
      if let source = document.source, source.format == self {
        return try SourceTextWriter.write(document, into: source)
      }
      if document.foreign.contains(where: { $0.file.format == self }) {
        // Items from files of this format keep their lines there; the others are new.
        var items = document
        var isForeign = [Bool](repeating: false, count: items.nodes.count)
        for node in items.foreign { isForeign[node.index] = true }
        for index in items.nodes.indices where !isForeign[index] {
          items.nodes[index].sourceNode = nil
          items.nodes[index].copiesSourceNode = false
        }
        return try SourceTextWriter.write(items, into: SourceText.empty(self))
      }
      return self == .markdown
        ? try MarkdownListWriter.write(document) : try IndentedTextWriter.write(document)
    }
  }
}
