/// An outline as a file holds it: flat, in pre-order, with no recursion anywhere, so that any
/// depth reads and writes.
///
/// The format layer's model: `OutlineFormat.read(_:)` makes one from a file's bytes and
/// `OutlineFormat.write(_:)` turns one into bytes; neither touches a file or a session.
///
/// ```swift
/// let document = try OutlineFormat.markdown.read(Array("- Food\n  - Apple\n".utf8))
/// document.nodes.map(\.level)  // [0, 1]
/// document.nodes[0].expanded   // true: Markdown carries no expansion, parents read expanded
/// ```
package struct OutlineDocument: Equatable, Sendable {
  /// One item of the outline, at its place in pre-order.
  package struct Node: Equatable, Sendable {
    /// 0 for a summit; each node's level is at most the previous node's level + 1.
    package var level: Int
    /// OPML's `text` attribute, or the list item's text: the item's title.
    ///
    /// For an OPML `<outline>` without `text` (feed readers name a feed in `title`), its
    /// `title` attribute, else empty.
    package var text: String
    /// Whether the node has a text of its own: false for an OPML `<outline>` without a `text`
    /// attribute, which `OPMLWriter` then writes without one while `text` is still what the
    /// reader made of it (so such files round-trip unchanged).
    package var hasText: Bool
    /// OPML's other attributes, in file order (never `text`); empty for Markdown and text.
    package var attributes: [Attribute]
    /// Where `text` goes among `attributes`: the number written before it (0, the default:
    /// first), so that an OPML file's attribute order comes back as it was.
    package var textPosition: Int
    /// Whether the item is expanded (only meaningful for a node with children).
    package var expanded: Bool
    /// The item's node in `OutlineDocument.source`, the file it was read from: nil for an item
    /// the file did not have (one a command made).
    package var sourceNode: Int?
    /// Whether the item is a copy of `sourceNode`'s item: a writer writes the node's lines
    /// for it as for the original, which keeps the node's place in the file.
    package var copiesSourceNode = false
    /// The `<outline>` element's markup as an OPML file had it, which `OPMLSourceWriter` writes
    /// back when the node still says the same; nil for a node not read from OPML.
    package var source: OPMLItemSource?

    package init(
      level: Int, text: String, attributes: [Attribute] = [], expanded: Bool = false,
      hasText: Bool = true, textPosition: Int = 0, sourceNode: Int? = nil,
      source: OPMLItemSource? = nil
    ) {
      self.sourceNode = sourceNode
      self.source = source
      self.textPosition = textPosition
      self.level = level
      self.text = text
      self.attributes = attributes
      self.expanded = expanded
      self.hasText = hasText
    }

    /// Whether the node has more than a title for an item's content: attributes, no text of
    /// its own, or a place in the file it was read from.
    package var hasContent: Bool {
      !attributes.isEmpty || !hasText || sourceNode != nil || source != nil
    }

    /// The text an OPML `<outline>` without a `text` attribute reads as: its `title`
    /// attribute's value, else empty.
    ///
    /// - Complexity: O(*a*) in the number of attributes.
    package static func textWithout(_ attributes: [Attribute]) -> String {
      attributes.first { $0.name == "title" }?.value ?? ""
    }
  }

  /// OPML's `<head>` child elements in order (name, text content), unknown ones included, but
  /// never `expansionState` (which the nodes' `expanded` carries); empty for Markdown and text.
  package var head: [Attribute]
  /// The outline, in pre-order.
  package var nodes: [Node]
  /// What a reader tells the user about how it read the file, losing nothing:
  /// `expansionState: read with line 1 as the first summit`.
  package var notes: [String]
  /// What the reader found in the file and does not keep (`FormatLoss`).
  ///
  /// A save would not write it back: text outside a Markdown list, an OPML comment. Empty for a
  /// file that a save gives back whole, layout aside.
  package var losses: [FormatLoss]
  /// The `<opml>` element's attributes in file order, `version` among them when the file
  /// had one (the writer writes `version="2.0"` first when there is none).
  ///
  /// Namespace declarations (`xmlns:dc`) that the outline's attributes may need; empty for
  /// Markdown and text. An addition to the brief's model: without it a file whose attributes
  /// use a namespace prefix would be written back without the declaration.
  package var opmlAttributes: [Attribute]
  /// The number of the first line in OPML's `expansionState`: 1 (outliners', and a new
  /// outline's) or 0, as the file was read, so that it is written back the same way
  /// (`ExpansionState`).
  package var expansionBase: Int
  /// Whether OPML's `expansionState` names expanded leaves: false for a file whose list named
  /// parents and no leaf, so that a list written again after an edit names parents only, as
  /// the file did (`ExpansionState.written`).
  package var expansionLeaves = true
  /// The Markdown or text file the outline was read from, kept whole, so that a writer gives
  /// back every line no edit touched; nil for an outline made by commands (written in
  /// `outline`'s own layout).
  package var source: SourceText?
  /// The nodes whose `sourceNode` is a node of another file than `source` (an item imported,
  /// or pasted or moved from another section's file), in order, which a writer of that file's
  /// format writes from their own lines there (`SourceTextWriter`); empty for most documents.
  package var foreign: [ForeignNode] = []
  /// Whether the nodes are the whole outline of `source`, so that the document's own lines (its
  /// preamble, blocks outside every item) are written too; false for one item's subtree.
  package var isWhole = true
  /// The markup of the OPML file read around its outline, which `OPMLWriter` writes back (with
  /// the nodes' `source`) instead of its own layout; nil for an outline not read from OPML.
  package var opml: OPMLDocumentSource?

  package init(
    head: [Attribute] = [], nodes: [Node] = [], notes: [String] = [], losses: [FormatLoss] = [],
    opmlAttributes: [Attribute] = [], expansionBase: Int = 1, opml: OPMLDocumentSource? = nil
  ) {
    self.opml = opml
    self.head = head
    self.nodes = nodes
    self.notes = notes
    self.losses = losses
    self.opmlAttributes = opmlAttributes
    self.expansionBase = expansionBase
  }
}

extension OutlineDocument {
  /// A node whose item came from another file than the document's `source`.
  package struct ForeignNode: Equatable, Sendable {
    /// The node's index in `nodes`.
    package var index: Int
    /// The file its `sourceNode` is a node of.
    package var file: SourceText

    package init(index: Int, file: SourceText) {
      self.index = index
      self.file = file
    }
  }

  /// Whether node `index` has children: the next node is one level deeper.
  ///
  /// - Complexity: O(1).
  package func hasChildren(_ index: Int) -> Bool {
    index + 1 < nodes.count && nodes[index + 1].level > nodes[index].level
  }

  /// The first node whose level breaks the pre-order rule (negative, or more than one deeper
  /// than the node before it; the first node must be a summit), or nil when every level is
  /// right.
  ///
  /// - Complexity: O(*n*) in the number of nodes.
  package func firstBadLevel() -> Int? {
    var previous = -1
    for (index, node) in nodes.enumerated() {
      if node.level < 0 || node.level > previous + 1 { return index }
      previous = node.level
    }
    return nil
  }

  /// The deepest level of the outline, or -1 when it is empty.
  ///
  /// - Complexity: O(*n*) in the number of nodes.
  package var deepestLevel: Int {
    nodes.reduce(-1) { max($0, $1.level) }
  }
}
