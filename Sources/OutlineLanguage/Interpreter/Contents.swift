/// A name and a value: an OPML attribute of an item, or a field of a file's head.
public struct Attribute: Hashable, Sendable {
  /// The attribute's or field's name (`_note`, `type`, `title`, `dateCreated`, …).
  public var name: String
  /// Its value, as text.
  public var value: String

  /// Creates an attribute.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// An item's content, kept beside the identifier the snapshot holds, as an app keeps its model
/// beside the identifiers it hands a diffable data source (SPEC §3, "Identifier and title").
///
/// # Size
///
/// Every item of a Markdown or text file has a content (its `sourceNode`), so a content holds
/// inline only what such an item has: its title and its node. The fields an OPML item or a
/// noted item adds (`attributes`, `hasNoTextAttribute`, `textPosition`, `opml`) live in one
/// shared, immutable box (`Details`), nil while they are all at their defaults; setting one
/// makes a new box. An item that has only a title and a node allocates nothing for them.
public struct ItemContent: Hashable, Sendable {
  /// The title a person reads, when it differs from the identifier.
  public var title: String?
  /// The fields an item read from a Markdown or text file seldom has; nil when every one is
  /// at its default.
  private var details: Details?
  /// The read of the file `sourceNode` is a node of.
  ///
  /// The node's place is that read's: an item imported, or pasted or moved from another
  /// section, takes no line of the section's file (`sourceNode(in:)`), even when the two files
  /// hold the same bytes; a save into a file of the read's format writes the node's own lines
  /// from the read (`OutlineDocument.foreign`).
  package var sourceFile: SourceFile?
  /// The item's node in the Markdown or text file it was read from (`sourceFile`: its
  /// section's, `Contents.sources`, or another), whose lines a save writes; nil for an item no
  /// such file had.
  public var sourceNode: Int?
  /// Whether the item is a copy of `sourceNode`'s item (`copy`, `duplicate`): a save writes
  /// the node's lines for it too, where it is, and leaves the node's place in the file to the
  /// original.
  package private(set) var copiesSourceNode = false

  /// Creates a content.
  public init(
    title: String? = nil, attributes: [Attribute] = [], hasNoTextAttribute: Bool = false,
    textPosition: Int = 0, sourceNode: Int? = nil, opml: OPMLItemSource? = nil
  ) {
    self.title = title
    self.sourceNode = sourceNode
    if !attributes.isEmpty || hasNoTextAttribute || textPosition != 0 || opml != nil {
      self.details = Details(
        Details.Fields(
          attributes: attributes, hasNoTextAttribute: hasNoTextAttribute,
          textPosition: textPosition, opml: opml))
    }
  }

  /// A file line's content under the identifier `item`, with its place in `file` (the Markdown
  /// node, the OPML markup), so that a save writes the file back.
  ///
  /// - Complexity: O(1), and one allocation when the node has attributes, no text, or OPML
  ///   markup.
  init(_ node: borrowing OutlineDocument.Node, as item: String, in file: SourceFile?) {
    self.init(
      title: item == node.text ? nil : node.text, attributes: node.attributes,
      hasNoTextAttribute: !node.hasText,
      textPosition: min(max(node.textPosition, 0), node.attributes.count),
      sourceNode: node.sourceNode, opml: node.source)
    if node.sourceNode != nil { sourceFile = file }
  }

  /// The item's other attributes from an OPML file (`_note`, `type`, `url`, …), in file order.
  public var attributes: [Attribute] {
    get { details?.fields.attributes ?? [] }
    set { update { $0.attributes = newValue } }
  }

  /// Whether the item came from an OPML `<outline>` without a `text` attribute (a feed
  /// reader's, named by its `title`): export writes none while the title is still the one the
  /// file gave, so the file round-trips unchanged.
  public var hasNoTextAttribute: Bool {
    get { details?.fields.hasNoTextAttribute ?? false }
    set { update { $0.hasNoTextAttribute = newValue } }
  }

  /// Where the OPML `text` attribute was among `attributes`: how many of them came before it
  /// (0: first), so that export writes the attributes back in the file's order.
  public var textPosition: Int {
    get { details?.fields.textPosition ?? 0 }
    set { update { $0.textPosition = newValue } }
  }

  /// The item's `<outline>` element as the OPML file it came from had it (comments before it
  /// included), which a save writes back while the element still says the same; nil for an
  /// item not read from OPML.
  public var opml: OPMLItemSource? {
    get { details?.fields.opml }
    set { update { $0.opml = newValue } }
  }

  /// Changes the boxed fields: a new box, or none when they are all back at their defaults.
  ///
  /// - Complexity: O(*a*) in the attributes, which are copied.
  private mutating func update(_ change: (inout Details.Fields) -> Void) {
    var fields = details?.fields ?? Details.Fields()
    change(&fields)
    details = Details.boxed(fields)
  }

  /// Sets an OPML `title` attribute that said `oldTitle` to `newTitle`.
  ///
  /// The item was retitled (`retitle`, `edit`, `rename`), and a title attribute that repeated
  /// its text follows it; one that said something else is the file's own and stays.
  ///
  /// - Complexity: O(*a*) in the attributes.
  mutating func retitleAttribute(from oldTitle: String, to newTitle: String) {
    guard oldTitle != newTitle,
      let index = attributes.firstIndex(where: { $0.name == "title" && $0.value == oldTitle })
    else { return }
    attributes[index].value = newTitle
  }

  /// Whether the item has a note that is not empty: a `_note` attribute (OPML's, or a Markdown
  /// item's paragraphs).
  ///
  /// - Complexity: O(*a*) in the item's attributes.
  public var hasNote: Bool {
    attributes.contains { $0.name == OutlineDocument.noteAttribute && !$0.value.isEmpty }
  }

  /// Whether the item is a task that is done, one that is not, or no task (nil): its
  /// `_status` attribute (`TaskBox`).
  ///
  /// - Complexity: O(*a*) in the attributes.
  public var taskState: Bool? {
    get { OutlineDocument.taskState(of: attributes) }
    set {
      guard newValue != taskState else { return }
      attributes = OutlineDocument.attributes(attributes, withTaskState: newValue)
    }
  }

  /// The item's node in `source`, a section's kept file, for a save that writes the file back:
  /// `sourceNode` when `sourceFile` is that read, else nil.
  ///
  /// - Complexity: O(1).
  package func sourceNode(in source: SourceText?) -> Int? {
    guard let source, sourceFile?.text === source else { return nil }
    return sourceNode
  }

  /// The item's own lines in the Markdown file it was read from besides its head and note
  /// (`SourceText.blockText`), or nil.
  ///
  /// - Complexity: O(*l*) in the bytes of those lines.
  var blockText: String? {
    guard let text = sourceFile?.text, text.format == .markdown, let node = sourceNode,
      node >= 0, node < text.nodes.count
    else { return nil }
    return text.blockText(of: node)
  }

  /// Forgets the item's node: a line of another file is new to the section's file.
  package mutating func forgetSourceNode() {
    sourceNode = nil
    sourceFile = nil
    copiesSourceNode = false
  }

  /// Makes the content a copy's: the item's node stays the original's, and a save writes the
  /// node's own lines (its blocks, its marker) for the copy too (SPEC §4, "a block indented
  /// into a list item is that item's").
  package mutating func becomeCopy() {
    copiesSourceNode = sourceNode != nil
  }

  /// Whether this is the content every item starts with: the identifier as its title and no
  /// attributes.
  public var isDefault: Bool {
    title == nil && details == nil && sourceNode == nil && sourceFile == nil
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.sourceNode == rhs.sourceNode
      && lhs.copiesSourceNode == rhs.copiesSourceNode && lhs.sourceFile == rhs.sourceFile
      && (lhs.details === rhs.details || lhs.details?.fields == rhs.details?.fields)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(details?.fields)
    hasher.combine(sourceNode)
    hasher.combine(copiesSourceNode)
    hasher.combine(sourceFile)
  }

  /// The boxed fields of a content: immutable, shared by every copy of it.
  private final class Details: Sendable {
    /// The fields, never all at their defaults (`boxed(_:)` gives nil then).
    let fields: Fields

    /// A box holding `fields`, which are not all at their defaults.
    init(_ fields: Fields) { self.fields = fields }

    /// A box holding `fields`, or nil when they are all at their defaults.
    static func boxed(_ fields: Fields) -> Details? {
      fields.attributes.isEmpty && !fields.hasNoTextAttribute && fields.textPosition == 0
        && fields.opml == nil ? nil : Details(fields)
    }

    /// The fields themselves.
    struct Fields: Hashable, Sendable {
      var attributes: [Attribute] = []
      var hasNoTextAttribute = false
      var textPosition = 0
      var opml: OPMLItemSource?
    }
  }
}

/// One read of a kept Markdown or text file, as an item's `sourceFile`.
///
/// Compared by identity, since node numbers are one read's: two reads of the same bytes (the
/// file imported into the section it was loaded into, or loaded into two sections) are two
/// files, whose items must not take each other's lines.
package struct SourceFile: Hashable, Sendable {
  /// The read.
  package let text: SourceText

  /// Refers to `text`.
  package init(_ text: SourceText) { self.text = text }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.text === rhs.text }

  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(text)) }
}

/// What a session knows of its items and sections beside the snapshots: item contents (titles
/// and attributes) and the head of each section's file.
///
/// Only contents that differ from the default are stored, so an outline built by `append` costs
/// nothing here. A value: the history keeps the contents before and after each change that
/// touched them, sharing storage (`ItemContents`), so that changing one item's content costs
/// O(log *k*), not a copy of every item's.
public struct Contents: Equatable, Sendable {
  /// The contents that are not the default, by identifier.
  public internal(set) var items = ItemContents()
  /// Each section's file head (OPML `<head>` fields, in file order), by section name.
  public internal(set) var heads: [String: [Attribute]] = [:]
  /// The Markdown or text file each section was read from, kept whole so that a save writes
  /// back every line no edit touched, by section name.
  package internal(set) var sources: [String: SourceText] = [:]

  /// Creates contents with every item at its default.
  public init() {}

  /// `item`'s content: the default when none was set.
  ///
  /// - Complexity: O(1) on average to read, O(log *k*) in the changes kept apart
  ///   (`ItemContents`) to read or set.
  public subscript(item: String) -> ItemContent {
    // An outline of bare identifiers has no contents: no hash to find that out.
    get { items.isEmpty ? ItemContent() : items[item] ?? ItemContent() }
    set {
      var content = newValue
      if content.title == item { content.title = nil }
      items[item] = content.isDefault ? nil : content
    }
  }

  /// The title a person reads for `item`: its title, or the identifier itself.
  ///
  /// - Complexity: O(1) on average.
  public func title(of item: String) -> String {
    items.isEmpty ? item : items[item]?.title ?? item
  }

  /// Makes room for `count` more contents, so that adding many (a `duplicate`) does not grow
  /// the storage step by step.
  ///
  /// - Complexity: O(*c*) for the *c* contents when it grows their storage (`ItemContents`:
  ///   for many to come); else O(1).
  mutating func reserve(_ count: Int) { items.reserveCapacity(items.count + count) }

  /// Forgets the content of `item` (it left the data source).
  ///
  /// - Complexity: O(1) on average.
  mutating func forget(_ item: String) { items[item] = nil }

  /// Moves `item`'s content to `newItem` (a `rename`): a title that was the identifier follows
  /// it (with an OPML `title` attribute that said the same), a title of its own stays.
  ///
  /// - Complexity: O(1) on average.
  mutating func move(_ item: String, to newItem: String) {
    guard var content = items.removeValue(forKey: item) else { return }
    // A title that follows the identifier is a retitle, which an OPML `title` attribute
    // saying the same follows too.
    if content.title == nil { content.retitleAttribute(from: item, to: newItem) }
    self[newItem] = content
  }
}
