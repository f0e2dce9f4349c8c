/// The attributes of a document's items that a Markdown or text file cannot hold (SPEC §4,
/// "Nothing is dropped in silence"): Markdown writes a note (as the item's paragraphs) and a
/// task's box (`_status` `checked`/`unchecked`) and no other attribute; text keeps titles and
/// levels only.
///
/// `save` refuses to drop them unless `--force` (`refusal(naming:)`); `save --force` and
/// `export` write the file and name them in a warning (`warning(path:)`).
///
/// ```swift
/// // Milk has a `color`, and the section's file is todo.md
/// UnwrittenAttributes(of: document, in: .markdown)?.names  // ["color"]
/// ```
struct UnwrittenAttributes: Equatable, Sendable {
  /// The format written.
  var format: OutlineFormat
  /// The index of the first node with an attribute the format cannot hold.
  var first: Int
  /// That node's attributes that the format cannot hold, by name, in its order.
  var firstNames: [String]
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
    var first: (index: Int, names: [String])?
    var items = 0
    var names: [String] = []
    var seen: Set<String> = []
    for (index, node) in document.nodes.enumerated() {
      var unwritten: [String] = []
      for attribute in node.attributes where !Self.holds(format, attribute) {
        unwritten.append(attribute.name)
        if seen.insert(attribute.name).inserted { names.append(attribute.name) }
      }
      guard !unwritten.isEmpty else { continue }
      items += 1
      if first == nil { first = (index, unwritten) }
    }
    guard let first else { return nil }
    self.format = format
    self.first = first.index
    self.firstNames = first.names
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

  /// Why `save` refuses, the first item named as `item` (by its row): `@1 (Milk) has an
  /// attribute markdown cannot hold (color) (1 more item too); …`.
  func refusal(naming item: String) -> String {
    let what = firstNames.count == 1 ? "an attribute" : "attributes"
    let others = items > 1 ? " (\(Session.count(items - 1, "more item")) too)" : ""
    return "\(item) has \(what) \(format.rawValue) cannot hold "
      + "(\(firstNames.joined(separator: ", ")))\(others); save it as OPML or the native file "
      + "(save FILE.opml), or save --force to drop \(firstNames.count == 1 ? "it" : "them")"
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
