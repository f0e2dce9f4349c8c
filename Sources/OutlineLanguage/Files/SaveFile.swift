import Diffable

/// What `save` writes and `load` reads: every section's outline with its expansion, the handler
/// rules, the kept snapshots and the current section, as JSON.
///
/// ```json
/// {
///   "format": "outline",
///   "version": 1,
///   "section": "main",
///   "sections": [
///     {"name": "main", "items": [
///       {"item": "Food", "parent": null, "expanded": true},
///       {"item": "Apple", "parent": "Food", "expanded": false}
///     ]}
///   ],
///   "rules": ["no-collapse Food"],
///   "snapshots": [
///     {"name": "fruit", "items": [{"item": "Apple", "parent": null, "expanded": false}]}
///   ]
/// }
/// ```
///
/// Items are listed in tree order, one per line, each naming its parent (not nested, so an
/// outline of any depth is read and written without recursion). Rules are kept as the text of
/// their `rule` command.
struct SaveFile {
  /// The format's name, the first thing `load` checks.
  static let format = "outline"
  /// The version `save` writes and `load` reads.
  static let version = 1

  /// The section the commands edit.
  var section: String
  /// The sections, in order, with their outlines.
  var sections: [(name: String, outline: SectionSnapshot<String>)]
  /// The handler rules, in order.
  var rules: [Command.Rule]
  /// The kept snapshots (`@NAME`), sorted by name.
  var snapshots: [(name: String, outline: SectionSnapshot<String>)]

  /// The file's text: pretty JSON with one item per line, ending in a newline.
  ///
  /// - Complexity: O(*n*) in the number of items.
  var text: String {
    var out = "{\n"
    out += "  \"format\": \(JSONValue.string(Self.format).serialized),\n"
    out += "  \"version\": \(Self.version),\n"
    out += "  \"section\": \(JSONValue.string(section).serialized),\n"
    out += "  \"sections\": " + Self.list(sections) + ",\n"
    let ruleTexts = rules.map { JSONValue.string(RuleSet.text($0)).serialized }
    out += "  \"rules\": [" + ruleTexts.joined(separator: ", ") + "],\n"
    out += "  \"snapshots\": " + Self.list(snapshots) + "\n"
    out += "}\n"
    return out
  }

  /// `[{"name": …, "items": [ one item per line ]}, …]`.
  private static func list(_ outlines: [(name: String, outline: SectionSnapshot<String>)])
    -> String
  {
    guard !outlines.isEmpty else { return "[]" }
    var parts: [String] = []
    for (name, outline) in outlines {
      var part = "    {\"name\": \(JSONValue.string(name).serialized), \"items\": ["
      let lines = itemLines(of: outline)
      if !lines.isEmpty {
        part += "\n" + lines.map { "      " + $0 }.joined(separator: ",\n") + "\n    "
      }
      parts.append(part + "]}")
    }
    return "[\n" + parts.joined(separator: ",\n") + "\n  ]"
  }

  /// One `{"item": …, "parent": …, "expanded": …}` per item, in tree order; the parent comes
  /// from a stack of the open ancestors, one pass and no lookups.
  private static func itemLines(of outline: SectionSnapshot<String>) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(outline.count)
    var ancestors: [String] = []
    outline.forEachRow { row in
      ancestors.removeLast(ancestors.count - row.level)
      let parent: JSONValue = ancestors.last.map { .string($0) } ?? .null
      let value = JSONValue.object([
        ("item", .string(row.item)), ("parent", parent), ("expanded", .bool(row.isExpanded)),
      ])
      lines.append(value.serialized)
      ancestors.append(row.item)
      return true
    }
    return lines
  }
}
