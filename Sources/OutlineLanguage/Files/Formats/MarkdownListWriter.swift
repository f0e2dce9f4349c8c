/// Writes an outline as a nested Markdown list: `- text`, two spaces of indentation per level.
///
/// ```swift
/// MarkdownListWriter.write(document)  // "- Food\n  - Apple\n  - \\- dash first\n"
/// ```
///
/// Each text is escaped by `MarkdownEscapes.escape(_:)` (a first character that would start a
/// block, backslashes, line breaks, blanks at either end), so `MarkdownListReader` reads back
/// the same texts and levels, and a CommonMark renderer shows the same list: a child's marker
/// at two more spaces is inside its parent's content column. Expansion and attributes are not
/// written (Markdown has no place for them). Any depth is written; the indentation makes the
/// file grow with the square of the depth of a single deep chain.
enum MarkdownListWriter {
  /// The list, one line per node, each ending in a newline; an empty outline is an empty file.
  ///
  /// - Complexity: O(*b*) in the bytes written.
  static func write(_ document: OutlineDocument) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(document.nodes.count * 16)
    for node in document.nodes {
      out.append(contentsOf: repeatElement(0x20, count: 2 * node.level))
      if node.text.isEmpty {
        out.append(UInt8(ascii: "-"))
      } else {
        out.append(contentsOf: "- ".utf8)
        out.append(contentsOf: MarkdownEscapes.escape(node.text).utf8)
      }
      out.append(0x0A)
    }
    return out
  }
}
