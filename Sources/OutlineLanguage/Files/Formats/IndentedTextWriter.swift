/// Writes an outline as indented text: one line per item, a tab per level.
///
/// ```swift
/// try IndentedTextWriter.write(document)  // "Food\n\tApple\nDrinks\n"
/// ```
///
/// Text has no escapes, so a text that would not read back the same is refused rather than
/// changed: one with a line break (it would be two items), blanks at either end (the reader
/// takes leading ones for indentation and drops trailing ones), or none at all (a blank line is
/// skipped). Expansion and attributes are not written.
enum IndentedTextWriter {
  /// The text, one line per node, each ending in a newline; an empty outline is an empty file.
  ///
  /// - Throws: `FormatProblem` naming the first item whose text a text file cannot hold.
  /// - Complexity: O(*b*) in the bytes written.
  static func write(_ document: OutlineDocument) throws(FormatProblem) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(document.nodes.count * 16)
    for (index, node) in document.nodes.enumerated() {
      if let problem = problem(with: node.text) {
        throw FormatProblem(item: index, text: node.text, problem)
      }
      out.append(contentsOf: repeatElement(0x09, count: node.level))
      out.append(contentsOf: node.text.utf8)
      out.append(0x0A)
    }
    return out
  }

  /// Why a text file cannot hold `text` as one line that reads back the same, or nil, naming
  /// the formats that can.
  static func problem(with text: String) -> String? {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else {
      return "a text file cannot hold an empty text (a blank line is skipped); use Markdown or OPML"
    }
    // Markdown refuses these two as well (`SourceLayout.problem(with:)`): only OPML and the
    // native file hold them.
    if utf8.contains(0x0A) || utf8.contains(0x0D) {
      return "a text file holds one line per item and this text has a line break; "
        + "use OPML or the native file"
    }
    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 {
      return "a text file cannot hold blanks at the start or end of a text; "
        + "use OPML or the native file"
    }
    return nil
  }
}
