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
/// writes the node's lines too. An item from another Markdown or text file (imported, pasted or
/// moved from another section) keeps its node there too, `"file": K` beside it naming the
/// file in the top-level `"files"` list: `{"format": …, "text": …}`, or `{"section": NAME}`
/// for another section's source; a file with such items is version 3, which an older
/// `outline` refuses rather than read the node as one of the section's file. Rules are kept
/// as the text of their `rule` command. Version 1
/// named each item's parent instead of its level (`"parent": "Food"`) and had no titles,
/// attributes or heads; `load` still reads it.
struct SaveFile {
  /// The format's name, the first thing `load` checks.
  static let format = "outline"
  /// The version `save` writes: 3 when an item came from another file than its section's
  /// (`"files"`), else 2, which an older `outline` reads too.
  static let version = 2
  /// The version of a file whose items name other files (`"files"`, `"file": K`): an older
  /// `outline`, which would skip the keys and take the item's node for one of its section's
  /// file, refuses it instead.
  static let versionWithFiles = 3

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
    let files = otherFiles()
    writer.write("{\n  \"format\": ")
    writer.write(string: Self.format)
    writer.write(",\n  \"version\": ")
    writer.write(number: files.list.isEmpty ? Self.version : Self.versionWithFiles)
    writer.write(",\n  \"section\": ")
    writer.write(string: section)
    writer.write(",\n  \"sections\": ")
    write(sections, withContents: true, files: files.numbers, to: &writer)
    writer.write(",\n  \"rules\": [")
    for (index, rule) in rules.enumerated() {
      if index > 0 { writer.write(", ") }
      writer.write(string: RuleSet.text(rule))
    }
    writer.write("],\n  \"snapshots\": ")
    write(snapshots, withContents: false, files: [:], to: &writer)
    if !files.list.isEmpty {
      writer.write(",\n  \"files\": [")
      for (index, file) in files.list.enumerated() {
        writer.write(index == 0 ? "\n    " : ",\n    ")
        // A file that is a section's source here is named by the section, so that its
        // items and those from it stay of one read.
        if let name = sections.first(where: { contents.sources[$0.name] === file })?.name {
          writer.write("{\"section\": ")
          writer.write(string: name)
          writer.write("}")
        } else {
          Self.write(file, to: &writer)
        }
      }
      writer.write("\n  ]")
    }
    writer.write("\n}\n")
    return writer.bytes
  }

  /// `[{"name": …, "head": {…}, "items": [ one item per line ]}, …]`; the items of kept
  /// snapshots carry no contents (those belong to the data source's items).
  private func write(
    _ outlines: [(name: String, outline: SectionSnapshot<String>)], withContents: Bool,
    files: [ObjectIdentifier: Int], to writer: inout JSONWriter
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
        writer.write(", \"source\": ")
        Self.write(source, to: &writer)
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
          } else if let node = content.sourceNode, let file = content.sourceFile?.text,
            let number = files[ObjectIdentifier(file)]
          {
            writer.write(", \"file\": ")
            writer.write(number: number)
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

  /// The files the sections' items came from besides their own section's (an item imported,
  /// pasted or moved from another section), in the order their first item comes, with each
  /// one's place in that list: `"files"`, which `"file": K` names.
  ///
  /// - Complexity: O(*n*) in the sections' items, when any item has a file; O(1) otherwise.
  private func otherFiles() -> (list: [SourceText], numbers: [ObjectIdentifier: Int]) {
    var list: [SourceText] = []
    var numbers: [ObjectIdentifier: Int] = [:]
    guard contents.items.values.contains(where: { $0.sourceFile != nil }) else {
      return (list, numbers)
    }
    for (name, outline) in sections {
      let source = contents.sources[name]
      outline.forEachRow { row in
        guard let content = contents.items[row.item], content.sourceNode != nil,
          let file = content.sourceFile?.text, file !== source
        else { return true }
        if numbers[ObjectIdentifier(file)] == nil {
          numbers[ObjectIdentifier(file)] = list.count
          list.append(file)
        }
        return true
      }
    }
    return (list, numbers)
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

  /// `{"format": "markdown", "text": "…"}`: a Markdown or text file as it was read, its
  /// byte-order mark included.
  private static func write(_ file: SourceText, to writer: inout JSONWriter) {
    writer.write("{\"format\": ")
    writer.write(string: file.format.rawValue)
    writer.write(", \"text\": ")
    writer.write(string: String(decoding: file.originalBytes, as: UTF8.self))
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
