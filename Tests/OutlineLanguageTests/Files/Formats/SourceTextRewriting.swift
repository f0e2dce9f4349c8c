@testable import OutlineLanguage

/// A test that reads a Markdown or text file, edits its nodes and writes it back
/// (`SourceTextWriterTests`, `SourceTextOwnersTests`).
protocol SourceTextRewriting {}

extension SourceTextRewriting {
  /// `text` read as `format`, `edit` applied to its nodes, written back.
  func rewrite(
    _ text: String, as format: OutlineFormat = .markdown,
    _ edit: (inout [OutlineDocument.Node]) -> Void = { _ in }
  ) throws -> String {
    var document = try format.read(Array(text.utf8))
    edit(&document.nodes)
    return String(decoding: try format.write(document), as: UTF8.self)
  }

  /// A new node: `text` at `level`.
  func node(_ text: String, _ level: Int) -> OutlineDocument.Node {
    OutlineDocument.Node(level: level, text: text)
  }

  /// A new task that is not done: `text` at `level`, `_status` `unchecked`.
  func task(_ text: String, _ level: Int) -> OutlineDocument.Node {
    OutlineDocument.Node(
      level: level, text: text,
      attributes: [Attribute(name: OutlineDocument.statusAttribute, value: "unchecked")])
  }
}
