/// The attributes of a document's items that a Markdown or text file cannot hold (SPEC §4,
/// "Nothing is dropped in silence"): Markdown writes a note (as the item's paragraphs) and a
/// task's box (`_status` `checked`/`unchecked`) and no other attribute; text keeps titles and
/// levels only.
///
/// `save` and `export` refuse to drop them unless `--force`
/// (`Session.unheldAttributes(of:in:)`, which names each item's); with `--force` they write the
/// file and name them all in a warning (`warning(path:)`).
///
/// ```swift
/// // Milk has a `color`, and the section's file is todo.md
/// UnwrittenAttributes(of: document, in: .markdown)?.names  // ["color"]
/// ```
struct UnwrittenAttributes: Equatable, Sendable {
  /// The format written.
  var format: OutlineFormat
  /// How many nodes have such attributes.
  var items: Int
  /// The names of every such attribute, each once, in the order first met.
  var names: [String]

  /// What `document`'s nodes carry that `format` cannot hold, or nil when nothing (for OPML and
  /// the native file, always nil).
  ///
  /// - Complexity: O(*n* + *a*) in the nodes and their attributes.
  init?(of document: OutlineDocument, in format: OutlineFormat) {
    guard format == .markdown || format == .text else { return nil }
    var items = 0
    var names: [String] = []
    var seen: Set<String> = []
    for node in document.nodes {
      var unwritten = false
      for attribute in node.attributes where !Self.holds(format, attribute) {
        unwritten = true
        if seen.insert(attribute.name).inserted { names.append(attribute.name) }
      }
      if unwritten { items += 1 }
    }
    guard items > 0 else { return nil }
    self.format = format
    self.items = items
    self.names = names
  }

  /// Whether a file of `format` holds `attribute`: OPML and the native file hold every one;
  /// Markdown a note (`_note`) and a task's box (`_status` `checked` or `unchecked`); text none.
  ///
  /// - Complexity: O(1).
  static func holds(_ format: OutlineFormat, _ attribute: Attribute) -> Bool {
    switch format {
    case .native, .opml: return true
    case .text: return false
    case .markdown:
      return attribute.name == OutlineDocument.noteAttribute
        || OutlineDocument.taskState(of: [attribute]) != nil
    }
  }

  /// What a file of `format` keeps of an item's attributes, in words.
  static func keeps(_ format: OutlineFormat) -> String {
    format == .markdown ? "no attributes other than notes" : "no attributes or notes"
  }

  /// The warning of a write that dropped them: `todo.md: markdown keeps no attributes other
  /// than notes: those of 1 item were not written (color); …`.
  func warning(path: String) -> String {
    let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    return "\(Quoting.word(path)): \(format.rawValue) keeps \(Self.keeps(format)): those of "
      + "\(Session.count(items, "item")) were not written (\(shown)); OPML and the native file "
      + "keep them"
  }
}
