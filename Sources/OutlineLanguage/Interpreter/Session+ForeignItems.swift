extension Session {
  /// Why `document` cannot be written in `format` without dropping what an item that came
  /// from another file carries there, or nil: the first such item named, with how many more.
  ///
  /// An item keeps what the file it is written to can hold: a Markdown item's lines in a
  /// Markdown file, an OPML item's markup in an OPML file, a title and a note everywhere but
  /// text (whose lost notes and attributes are a warning, `unwrittenAttributes`). What it
  /// cannot hold is refused rather than dropped in silence (SPEC §4, "Nothing is dropped in
  /// silence"):
  /// - a Markdown item from another file (`OutlineDocument.foreign`) whose own
  ///   lines there, besides its head and its note, are more than blank lines (a code block, a
  ///   quote, a table, HTML, text after a block), written as OPML or text;
  /// - an OPML item whose markup holds more than the element (a comment, a processing
  ///   instruction before it or after its last child), written into a Markdown or text file
  ///   the section was read from (`OutlineDocument.source`), which it came into from elsewhere.
  ///
  /// An outline of the section's own file written in another format (`save notes.opml` after
  /// `load notes.md`) is a conversion, and is not refused.
  ///
  /// - Complexity: O(*k*) in the items that came from other files and the bytes of their
  ///   lines; O(*n*) more in the items for a Markdown or text file the section was read from.
  static func unheldContent(of document: OutlineDocument, in format: OutlineFormat, verb: String)
    -> FormatProblem?
  {
    var found: [(index: Int, what: String, advice: String)] = []
    if format != .markdown {
      for node in document.foreign where node.file.format == .markdown {
        guard let number = document.nodes[node.index].sourceNode, number >= 0,
          number < node.file.nodes.count
        else { continue }
        let (lines, kinds) = node.file.ownBlocks(of: number)
        guard lines > 0 else { continue }
        found.append(
          (
            node.index,
            "it came from another Markdown file with \(count(lines, "line")) besides its title "
              + "and note (\(kinds.joined(separator: ", ")))",
            "move it into a Markdown file's section to keep them"
          ))
      }
    }
    // Items of an OPML file in a Markdown or text file the section was read from came from
    // elsewhere: its own items have no OPML markup.
    if format != .opml, document.source?.format == format {
      for index in document.nodes.indices {
        guard let markup = document.nodes[index].source, let kinds = Self.extraMarkup(markup)
        else { continue }
        found.append(
          (
            index, "it came from an OPML file with \(kinds) around its element",
            "move it into an OPML file's section to keep it"
          ))
      }
    }
    guard let first = found.min(by: { $0.index < $1.index }) else { return nil }
    let others = found.count > 1 ? " (\(count(found.count - 1, "more item")) too)" : ""
    return FormatProblem(
      item: first.index, text: document.nodes[first.index].text,
      "\(first.what), which \(format.rawValue) cannot hold\(others); \(first.advice), or "
        + "\(verb) --force to drop it")
  }

  /// What an OPML element's markup holds besides blanks, its start tag and end tag: `a
  /// comment`, `a processing instruction`, `markup` (another element, text), or nil.
  ///
  /// - Complexity: O(*k*) in the bytes of the markup.
  static func extraMarkup(_ markup: OPMLItemSource) -> String? {
    var text = markup.leading
    if var closing = markup.closing {
      if closing.hasSuffix("</outline>") { closing.removeLast("</outline>".count) }
      text += closing
    }
    let content = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard !content.isEmpty else { return nil }
    var kinds: [String] = []
    if text.contains("<!--") { kinds.append("a comment") }
    if text.contains("<?") { kinds.append("a processing instruction") }
    if kinds.isEmpty { kinds.append("markup") }
    return kinds.joined(separator: " and ")
  }
}
