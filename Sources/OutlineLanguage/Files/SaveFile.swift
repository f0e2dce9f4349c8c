import Diffable

/// What `save` writes and `load` reads: every section's outline with its expansion, item titles
/// and attributes and the section's file head, the handler rules, the kept snapshots and the
/// current section, as JSON.
///
/// ```json
/// {
///   "format": "outline",
///   "version": 2,
///   "section": "main",
///   "sections": [
///     {"name": "main", "head": {"title": "Groceries"}, "items": [
///       {"item": "Food", "level": 0, "expanded": true},
///       {"item": "Apple", "level": 1},
///       {"item": "Notes (2)", "level": 1, "title": "Notes", "attributes": {"_note": "ripe"}}
///     ]}
///   ],
///   "rules": ["no-collapse Food"],
///   "snapshots": [{"name": "fruit", "items": [
///     {"item": "Apple", "level": 0}
///   ]}]
/// }
/// ```
///
/// Items are listed in tree order, one per line, each with its level (0 for a root; never more
/// than one deeper than the item before), so an outline of any depth is read and written in one
/// pass without recursion or lookups. `expanded` is written only when true, `title` only when it
/// differs from the identifier, `attributes` and `head` only when not empty (objects whose key
/// order is kept), `"noText": true` only for an item read from an OPML `<outline>` without a
/// `text` attribute, `"textPosition": N` only for an item whose OPML `text` attribute came
/// after N of its other attributes (version 2 files without these keys still load: `text`
/// first), and `"opml": {…}` for an item read from OPML: its element's markup as the file had
/// it (`OPMLItemSource`), so that an export to OPML writes the file back as it was. A section
/// read from a Markdown or text file keeps it (`"source": {"format": …, "text": …}`), and each
/// item its node there: `"node": N`, or `"copyOf": N` for a copy of that node's item, which
/// writes the node's lines too. Rules are kept as the text of their `rule` command. Version 1
/// named each item's parent instead of its level (`"parent": "Food"`) and had no titles,
/// attributes or heads; `load` still reads it.
struct SaveFile {
  /// The format's name, the first thing `load` checks.
  static let format = "outline"
  /// The version `save` writes.
  static let version = 2

  /// The section the commands edit.
  var section: String
  /// The sections, in order, with their outlines.
  var sections: [(name: String, outline: SectionSnapshot<String>)]
  /// The handler rules, in order.
  var rules: [Command.Rule]
  /// The kept snapshots (`@NAME`), sorted by name.
  var snapshots: [(name: String, outline: SectionSnapshot<String>)]
  /// The titles and attributes of the sections' items, and the sections' heads.
  var contents: Contents
  /// The sections as one flat snapshot: the data source's (`save`), or built from the file
  /// (`load` applies it).
  var flat: Snapshot<String, String>

  /// The file's text as UTF-8: pretty JSON with one item per line, ending in a newline.
  ///
  /// - Complexity: O(*n*) in the size of the file.
  var bytes: [UInt8] {
    var writer = JSONWriter(capacity: 64 * sections.reduce(0) { $0 + $1.outline.count } + 256)
    writer.write("{\n  \"format\": ")
    writer.write(string: Self.format)
    writer.write(",\n  \"version\": ")
    writer.write(number: Self.version)
    writer.write(",\n  \"section\": ")
    writer.write(string: section)
    writer.write(",\n  \"sections\": ")
    write(sections, withContents: true, to: &writer)
    writer.write(",\n  \"rules\": [")
    for (index, rule) in rules.enumerated() {
      if index > 0 { writer.write(", ") }
      writer.write(string: RuleSet.text(rule))
    }
    writer.write("],\n  \"snapshots\": ")
    write(snapshots, withContents: false, to: &writer)
    writer.write("\n}\n")
    return writer.bytes
  }

  /// `[{"name": …, "head": {…}, "items": [ one item per line ]}, …]`; the items of kept
  /// snapshots carry no contents (those belong to the data source's items).
  private func write(
    _ outlines: [(name: String, outline: SectionSnapshot<String>)], withContents: Bool,
    to writer: inout JSONWriter
  ) {
    guard !outlines.isEmpty else { return writer.write("[]") }
    writer.write("[\n")
    for (index, (name, outline)) in outlines.enumerated() {
      writer.write(index == 0 ? "    {\"name\": " : ",\n    {\"name\": ")
      writer.write(string: name)
      if withContents, let head = contents.heads[name], !head.isEmpty {
        writer.write(", \"head\": ")
        Self.write(head, to: &writer)
      }
      if withContents, let source = contents.sources[name] {
        writer.write(", \"source\": {\"format\": ")
        writer.write(string: source.format.rawValue)
        writer.write(", \"text\": ")
        writer.write(string: String(decoding: source.originalBytes, as: UTF8.self))
        writer.write("}")
      }
      writer.write(", \"items\": [")
      let items = withContents ? contents.items : [:]
      let source = contents.sources[name]
      var first = true
      outline.forEachRow { row in
        writer.write(first ? "\n      {\"item\": " : ",\n      {\"item\": ")
        first = false
        writer.write(string: row.item)
        writer.write(", \"level\": ")
        writer.write(number: row.level)
        if row.isExpanded { writer.write(", \"expanded\": true") }
        if !items.isEmpty, let content = items[row.item] {
          if let title = content.title, title != row.item {
            writer.write(", \"title\": ")
            writer.write(string: title)
          }
          if !content.attributes.isEmpty {
            writer.write(", \"attributes\": ")
            Self.write(content.attributes, to: &writer)
          }
          if content.hasNoTextAttribute { writer.write(", \"noText\": true") }
          if content.textPosition != 0 {
            writer.write(", \"textPosition\": ")
            writer.write(number: content.textPosition)
          }
          if let node = content.sourceNode(in: source) {
            writer.write(content.copiesSourceNode ? ", \"copyOf\": " : ", \"node\": ")
            writer.write(number: node)
          }
          if let source = content.opml { Self.write(source, to: &writer) }
        }
        writer.write("}")
        return true
      }
      writer.write(first ? "]}" : "\n    ]}")
    }
    writer.write("\n  ]")
  }

  /// `, "opml": {"leading": …, "startTag": …, "closing": …, "level": …, "hadChildren": …}`:
  /// an item's OPML markup (`closing` only for an element that had an end tag, `hadChildren`
  /// only when true).
  private static func write(_ source: OPMLItemSource, to writer: inout JSONWriter) {
    writer.write(", \"opml\": {\"leading\": ")
    writer.write(string: source.leading)
    writer.write(", \"startTag\": ")
    writer.write(string: source.startTag)
    if let closing = source.closing {
      writer.write(", \"closing\": ")
      writer.write(string: closing)
    }
    writer.write(", \"level\": ")
    writer.write(number: source.level)
    if source.hadChildren { writer.write(", \"hadChildren\": true") }
    writer.write("}")
  }

  /// `{"name": "value", …}` in order.
  private static func write(_ attributes: [Attribute], to writer: inout JSONWriter) {
    writer.write("{")
    for (index, attribute) in attributes.enumerated() {
      if index > 0 { writer.write(", ") }
      writer.write(string: attribute.name)
      writer.write(": ")
      writer.write(string: attribute.value)
    }
    writer.write("}")
  }
}
