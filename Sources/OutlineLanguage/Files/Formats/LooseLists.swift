/// The list items of a Markdown file that stand apart from their siblings: a blank line before
/// each of them and before the sibling after them, as every item of a loose list is (Drummer's
/// and many a note-taker's lists: `- a`, blank, `- b`, blank, `- c`).
///
/// `SourceTextWriter` writes an item put after such an item (a new one, or one moved there)
/// apart from it as well, and an item of such a list apart from a new item before it, so that
/// the list stays spaced as the file spaced it. Items in groups (`- a`, `- b`, blank, `- c`:
/// a list and the list after it) are not apart: a new item after `b` joins its group
/// (`BlankSeparators`).
///
/// ```text
/// - a     insert N after a     - a
///
/// - b              →           - N
///
///                              - b
/// ```
struct LooseLists {
  /// By file node: whether it is a list item with a sibling, a blank line before it unless it
  /// is the first, and one before its next sibling unless it is the last.
  private var apart: [Bool]

  /// The items of `source` that stand apart.
  ///
  /// - Complexity: O(*n* + *l*) in the file's items and the lines of their blocks.
  init(source: SourceText) {
    let nodes = source.nodes
    apart = [Bool](repeating: false, count: nodes.count)
    guard source.format == .markdown else { return }
    // The items after which their parent has text of its own (a paragraph, a table): the
    // sibling after such an item starts another list.
    var interrupted = [Bool](repeating: false, count: nodes.count)
    func mark(_ pieces: [SourceText.Piece]) {
      for piece in pieces where piece.after >= 0 && piece.after < nodes.count {
        if piece.lines.contains(where: { !SourceLayout.isBlank(source.line($0)) }) {
          interrupted[piece.after] = true
        }
      }
    }
    mark(source.pieces)
    for node in nodes { mark(node.pieces) }
    // The sibling before and after each item in its list, and whether a blank line is right
    // before its head.
    var spacedFromPrevious = [Bool](repeating: false, count: nodes.count)
    var previous = [Int](repeating: -1, count: nodes.count)
    var next = [Int](repeating: -1, count: nodes.count)
    var lastChild: [Int: Int] = [:]  // by parent node (-1: the summits)
    for index in nodes.indices {
      let parent = nodes[index].parent
      defer { lastChild[parent] = index }
      guard case .item = nodes[index].kind else { continue }
      if let before = lastChild[parent], case .item = nodes[before].kind, !interrupted[before] {
        previous[index] = before
        next[before] = index
        let line = nodes[index].head.lowerBound
        spacedFromPrevious[index] = line > 0 && SourceLayout.isBlank(source.line(line - 1))
      }
    }
    for index in nodes.indices where previous[index] >= 0 || next[index] >= 0 {
      apart[index] =
        (previous[index] < 0 || spacedFromPrevious[index])
        && (next[index] < 0 || spacedFromPrevious[next[index]])
    }
  }

  /// Whether file node `node` is a list item that stands apart from its siblings.
  ///
  /// - Complexity: O(1).
  func isApart(_ node: Int) -> Bool {
    node >= 0 && node < apart.count && apart[node]
  }
}
