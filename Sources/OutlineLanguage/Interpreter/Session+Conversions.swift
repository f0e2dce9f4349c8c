extension Session {
  /// Something of an outline that a save in another format than the one it was read from
  /// cannot write: an item's (`item` its node index) or the file's own (`item` nil).
  struct Unheld {
    /// The node index of the item that holds it, or nil for the file's own (its preamble,
    /// its head).
    var item: Int?
    /// What it is, as the error says it: `it has 4 lines besides its title and note (a code
    /// block)`.
    var what: String
    /// How to keep it, up to the pronoun that names it: `save to a Markdown file to keep`.
    var advice: String
    /// Whether `what` is several things (`them`) or one (`it`), for the pronoun that names
    /// it in the advice and after `--force`.
    var isPlural: Bool
  }

  /// What the items read from the section's own file hold that `format`, another format,
  /// cannot: a Markdown item's own lines besides its head and note (a code block, a quote, a
  /// table, HTML, text after a block), written as OPML or text (SPEC §4, "Nothing is dropped in
  /// silence").
  ///
  /// `save notes.opml` after `load notes.md` is such a conversion; an item from another
  /// Markdown file is `unheldContent(of:in:verb:converting:)`'s.
  ///
  /// ```swift
  /// // notes.md: "- Setup\n\n  ```sh\n  make\n  ```\n"
  /// // item 1 ("Setup"): it has 3 lines besides its title and note (a code block)
  /// ```
  ///
  /// - Parameters:
  ///   - own: The section's file, read in a format that is not `format`.
  ///   - whole: Whether `document` is the whole section, so that the file's own lines (its
  ///     preamble, text outside every item) are written too.
  /// - Complexity: O(*n* + *b*) in the items and the bytes of their lines.
  static func unheldLines(
    of document: OutlineDocument, from own: SourceText, in format: OutlineFormat, whole: Bool
  ) -> [Unheld] {
    guard own.format == .markdown, format != .markdown else { return [] }
    var found: [Unheld] = []
    let advice = "save to a Markdown file to keep"
    if whole {
      var lines = LineTally()
      for piece in own.pieces {
        for number in piece.lines where !SourceLayout.isBlank(own.line(number)) {
          lines.add(number + 1)
        }
      }
      if !lines.isEmpty {
        found.append(
          Unheld(
            item: nil,
            what: "the file's text outside its items (\(lines.range))", advice: advice,
            isPlural: lines.count > 1))
      }
    }
    var foreign = Set<Int>()
    for node in document.foreign { foreign.insert(node.index) }
    for index in document.nodes.indices where !foreign.contains(index) {
      guard let number = document.nodes[index].sourceNode, number >= 0,
        number < own.nodes.count
      else { continue }
      let (lines, kinds) = own.ownBlocks(of: number)
      guard lines > 0 else { continue }
      found.append(
        Unheld(
          item: index,
          what: "it has \(count(lines, "line")) besides its title and note "
            + "(\(kinds.joined(separator: ", ")))",
          advice: advice, isPlural: lines > 1))
    }
    return found
  }

  /// What the items of `document` carry that `format` does not write.
  ///
  /// In Markdown, attributes other than a note and a task's box (`UnwrittenAttributes.holds(_:_:)`); in
  /// text, any attribute, a note and a task's box included. Nothing in OPML or the native
  /// file, which keep them all.
  ///
  /// - Complexity: O(*n* + *a*) in the items and their attributes.
  static func unheldAttributes(of document: OutlineDocument, in format: OutlineFormat)
    -> [Unheld]
  {
    guard format == .markdown || format == .text else { return [] }
    var found: [Unheld] = []
    for index in document.nodes.indices {
      var kept: [String] = []
      var names: [String] = []
      for attribute in document.nodes[index].attributes {
        if UnwrittenAttributes.holds(format, attribute) { continue }
        if attribute.name == OutlineDocument.noteAttribute {
          kept.append("a note")
        } else if OutlineDocument.taskState(of: [attribute]) != nil {
          kept.append("a task box")
        } else {
          names.append(attribute.name)
        }
      }
      if !names.isEmpty {
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
        kept.append(names.count == 1 ? "the attribute \(shown)" : "the attributes \(shown)")
      }
      guard !kept.isEmpty else { continue }
      found.append(
        Unheld(
          item: index, what: "it has \(listed(kept))",
          advice: "save to an OPML or native file to keep",
          isPlural: kept.count > 1 || names.count > 1))
    }
    return found
  }

  /// What the OPML file the section was read from holds around its outline that `format`,
  /// Markdown or text, cannot hold.
  ///
  /// Its head's fields (`title`, `ownerName`, …), and comments or processing instructions
  /// outside every item; none for a subtree (`whole` false), which writes no head.
  ///
  /// - Complexity: O(*h*) in the head's fields and the file's markup around the outline.
  static func unheldHead(of document: OutlineDocument, in format: OutlineFormat, whole: Bool)
    -> [Unheld]
  {
    guard whole, format == .markdown || format == .text else { return [] }
    var kept: [String] = []
    if !document.head.isEmpty {
      let names = document.head.map(\.name)
      let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      kept.append("\(count(names.count, "head field")) (\(shown))")
    }
    if let markup = document.opml {
      var text = Substring(markup.head + markup.body + markup.tail)
      if text.first == "\u{FEFF}" { text = text.dropFirst() }
      if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = text[end.upperBound...] }
      if text.contains("<!--") { kept.append("a comment") }
      if text.contains("<?") { kept.append("a processing instruction") }
    }
    guard !kept.isEmpty else { return [] }
    // `the file's 2 head fields (…) and a comment outside its items`, `a comment outside the
    // file's items`.
    let what =
      document.head.isEmpty
      ? "\(listed(kept)) outside the file's items" : "the file's \(listed(kept)) outside its items"
    return [
      Unheld(
        item: nil, what: what, advice: "save to an OPML or native file to keep",
        isPlural: kept.count > 1 || document.head.count > 1)
    ]
  }

  /// `a`, `a and b`, `a, b and c`.
  static func listed(_ parts: [String]) -> String {
    parts.count <= 1
      ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
  }
}
