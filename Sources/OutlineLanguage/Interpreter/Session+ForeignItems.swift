extension Session {
  /// Why `document` cannot be written in `format` without dropping something it holds, or
  /// nil: the first item that would lose something named, with how many more.
  ///
  /// An item keeps what the file it is written to can hold: a Markdown item's lines in a
  /// Markdown file, an OPML item's markup in an OPML file, a title and a note everywhere but
  /// text. What the file cannot hold is refused rather than dropped in silence (SPEC §4,
  /// "Nothing is dropped in silence"):
  /// - a Markdown item from another file (`OutlineDocument.foreign`), or of the section's own
  ///   Markdown file in a conversion (`converting`), whose own lines there, besides its head
  ///   and its note, are more than blank lines (a code block, a quote, a table, HTML, text
  ///   after a block), written as OPML or text, and in a conversion of the whole section the
  ///   file's own lines outside every item (`unheldLines`);
  /// - an OPML item whose markup holds more than the element (a comment, a processing
  ///   instruction before it or after its last child), written as Markdown or text, and in a
  ///   conversion of the whole section the file's head and its comments (`unheldHead`);
  /// - an attribute the format does not write: in Markdown any but a note and a task's box, in
  ///   text any (`unheldAttributes`).
  ///
  /// - Parameters:
  ///   - converting: The section's own Markdown or text file when it is written in another
  ///     format than its own (`save notes.opml` after `load notes.md`), else nil.
  ///   - readFromOPML: Whether the section was read from an OPML file, whose items' markup is
  ///     its own.
  ///   - whole: Whether `document` is the whole section (no `export FILE ITEM`).
  /// - Complexity: O(*n* + *b*) in the items and the bytes of the lines of those from
  ///   Markdown files.
  static func unheldContent(
    of document: OutlineDocument, in format: OutlineFormat, verb: String,
    converting: SourceText? = nil, readFromOPML: Bool = false, whole: Bool = true
  ) -> FormatProblem? {
    var found: [Unheld] = []
    if format != .markdown {
      for node in document.foreign where node.file.format == .markdown {
        guard let number = document.nodes[node.index].sourceNode, number >= 0,
          number < node.file.nodes.count
        else { continue }
        let (lines, kinds) = node.file.ownBlocks(of: number)
        guard lines > 0 else { continue }
        found.append(
          Unheld(
            item: node.index,
            what: "it came from another Markdown file with \(count(lines, "line")) besides its "
              + "title and note (\(kinds.joined(separator: ", ")))",
            advice: "move it into a Markdown file's section to keep", isPlural: lines > 1))
      }
    }
    if let converting {
      found += unheldLines(of: document, from: converting, in: format, whole: whole)
    }
    if format != .opml {
      // An item of an OPML file in a Markdown or text file the section was read from came
      // from elsewhere; in a section read from OPML it is the file's own.
      let fromElsewhere = !readFromOPML
      for index in document.nodes.indices {
        guard let markup = document.nodes[index].source, let kinds = Self.extraMarkup(markup)
        else { continue }
        found.append(
          Unheld(
            item: index,
            what: fromElsewhere
              ? "it came from an OPML file with \(kinds) around its element"
              : "it has \(kinds) around its element",
            advice: fromElsewhere
              ? "move it into an OPML file's section to keep"
              : "save to an OPML or native file to keep",
            isPlural: kinds.contains(" and ")))
      }
      found += unheldHead(of: document, in: format, whole: whole)
    }
    found += unheldAttributes(of: document, in: format)
    return problem(found, in: format, verb: verb, document: document)
  }

  /// The refusal for `found`: the file's own first, else the first item in order, with how
  /// many more items would lose something.
  private static func problem(
    _ found: [Unheld], in format: OutlineFormat, verb: String, document: OutlineDocument
  ) -> FormatProblem? {
    guard !found.isEmpty else { return nil }
    var items = Set<Int>()
    for entry in found { if let item = entry.item { items.insert(item) } }
    // The file's own (item nil) comes first, as it does in the file; then the first item.
    let first = found.min { ($0.item ?? -1) < ($1.item ?? -1) }!
    let more = items.count - (first.item == nil ? 0 : 1)
    var others = ""
    if more > 0 {
      let counted = first.item == nil ? "and \(count(more, "item"))" : count(more, "more item")
      others = " (\(counted) too)"
    }
    // The pronoun names what `--force` drops: every item's too when there are more.
    let them = first.isPlural || more > 0 ? "them" : "it"
    let message =
      "\(first.what), which \(format.rawValue) cannot hold\(others); \(first.advice) \(them), "
      + "or \(verb) --force to drop \(them)"
    guard let item = first.item else { return FormatProblem(message) }
    return FormatProblem(item: item, text: document.nodes[item].text, message)
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
