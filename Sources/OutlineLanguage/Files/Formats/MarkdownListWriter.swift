/// Writes an outline made by commands as a nested Markdown list, `outline`'s own layout: `- `
/// and the title, two spaces of indentation per level.
///
/// ```swift
/// try MarkdownListWriter.write(document)  // "- Food\n  - Apple\n  - \\- dash first\n"
/// ```
///
/// Titles are written as they are (inline Markdown included), with a backslash before one that
/// would start a block of its own (`MarkdownEscapes.startsBlock`) or read as a task box, which
/// `MarkdownReader` removes (and an empty first child gets a blank line before it, as an empty
/// list item cannot interrupt a paragraph): it reads back the same titles and levels, and a CommonMark renderer
/// shows the same list (a child's marker at two more spaces is inside its parent's content). A
/// title that a list item's line cannot hold (a line break, blanks at either end) is refused.
/// A note (`_note`) is written as the item's paragraphs, indented to its content after a blank
/// line (right after an empty item's line, whose content cannot start after one), and the list
/// is then read back: a note that would not read back as the same paragraphs is refused.
/// A task (`_status`, `TaskBox`) is written with its box, `[ ] ` or `[x] ` before the title.
/// Expansion and the other attributes are not written. An outline read from a Markdown file is
/// written back into it instead (`SourceTextWriter`).
enum MarkdownListWriter {
  /// The list, one line per node, each ending in a newline; an empty outline is an empty file.
  ///
  /// - Throws: `FormatProblem` naming the first item whose title a list item cannot hold, or
  ///   whose note would not read back.
  /// - Complexity: O(*b*) in the bytes written, and as much again to read them back when
  ///   there are notes.
  static func write(_ document: OutlineDocument) throws(FormatProblem) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(document.nodes.count * 16)
    var notes: [Int] = []
    var lastWasNote = false
    for (index, node) in document.nodes.enumerated() {
      if let problem = SourceLayout.problem(with: node.text) {
        throw FormatProblem(item: index, text: node.text, problem)
      }
      let title = Array(node.text.utf8)
      if title.isEmpty, index > 0,
        lastWasNote
          || (document.nodes[index - 1].level < node.level
            && !document.nodes[index - 1].text.isEmpty)
      {
        out.append(0x0A)  // an empty item cannot interrupt its parent's paragraph
      }
      out.append(contentsOf: repeatElement(0x20, count: 2 * node.level))
      if title.isEmpty {
        out.append(UInt8(ascii: "-"))
        if let state = node.taskState { out.append(contentsOf: (state ? " [x]" : " [ ]").utf8) }
      } else {
        out.append(contentsOf: "- ".utf8)
        if let state = node.taskState { out.append(contentsOf: (state ? "[x] " : "[ ] ").utf8) }
        out.append(contentsOf: MarkdownEscapes.escaped(title))
      }
      out.append(0x0A)
      let note = node.note
      lastWasNote = !note.isEmpty
      guard !note.isEmpty else { continue }
      notes.append(index)
      if !title.isEmpty {
        out.append(0x0A)  // a paragraph of its own, not a continuation of the item's line
      }
      let indentation = [UInt8](repeating: 0x20, count: 2 * node.level + 2)
      for line in SourceText.noteLines(note, indentation: indentation, ending: [0x0A]) {
        out.append(contentsOf: line)
      }
    }
    if !notes.isEmpty {
      try SourceTextWriter.check(out, against: document, format: .markdown, notes: notes)
    }
    return out
  }
}
