/// One outline of a save file (a section or a kept snapshot) as the file holds it, before any
/// check but the JSON's: its items in file order with their levels (version 2) or parents
/// (version 1), expansion, contents and head.
///
/// Kept as parallel arrays, not an array of item structs: the reader appends to each in one
/// pass and the outline is built from them without another copy.
struct RawOutline {
  /// The section's or snapshot's name.
  var name = ""
  /// The identifiers, in file order.
  var items: [String] = []
  /// Each item's level, or -1 where the file gave none (version 1 files give none).
  var levels: [Int32] = []
  /// Each item's expansion flag.
  var expanded: [Bool] = []
  /// Each item's parent (version 1); empty when no item named one, else padded with nils to the
  /// last item that did.
  var parents: [String?] = []
  /// The items whose title or attributes the file gives, by index.
  var contents: [(index: Int, content: ItemContent)] = []
  /// The items whose node is one of another file than the section's source, by index, with
  /// that file's place in the save file's `files` (version 3).
  var files: [(index: Int, file: Int)] = []
  /// The section's file head, in file order.
  var head: [Attribute] = []
  /// The Markdown or text file the section was read from: its format's name and its text.
  var source: (format: String, text: String)?

  /// The parent of the item at `index` (version 1).
  func parent(at index: Int) -> String? { index < parents.count ? parents[index] : nil }

  private static let outlineKeys = KeyNames("name", "items", "head", "source")
  private static let itemKeys = KeyNames(
    "item", "level", "expanded", "title", "attributes", "parent", "noText", "textPosition",
    "node", "opml", "copyOf", "file")
  private static let sourceKeys = KeyNames(
    "leading", "startTag", "closing", "level", "hadChildren")

  /// Reads `{"name": …, "head": {…}, "items": […]}` at `path` (`sections[0]`).
  ///
  /// - Throws: The first problem of syntax, shape or repeated key, naming its place.
  init(reading reader: inout JSONReader, at path: String) throws(LoadProblem) {
    try reader.beginObject(at: path)
    var first = true
    var seen: UInt8 = 0
    var others: Set<String> = []
    while let key = try reader.nextKey(among: Self.outlineKeys, &first) {
      switch key {
      case .known(let index):
        guard seen & (1 << index) == 0 else {
          throw LoadProblem("\(path): key \(quoted(Self.outlineKeys[index])) appears twice")
        }
        seen |= 1 << index
        switch index {
        case 0: name = try reader.string(at: path + ".name")
        case 1: try readItems(&reader, at: path + ".items")
        case 2: head = try Self.attributes(&reader, at: path + ".head")
        default: source = try Self.sourceText(&reader, at: path + ".source")
        }
      case .other(let text):
        guard others.insert(text).inserted else {
          throw LoadProblem("\(path): key \(quoted(text)) appears twice")
        }
        try reader.skipValue(at: path + "." + text)
      }
    }
    if seen & 1 == 0 { throw LoadProblem("\(path): \"name\" is missing") }
    if seen & 2 == 0 { throw LoadProblem("\(path): \"items\" is missing") }
  }

  /// Reads the list of items, one object each.
  private mutating func readItems(_ reader: inout JSONReader, at path: String)
    throws(LoadProblem)
  {
    try reader.beginList(at: path)
    var first = true
    while try reader.nextElement(&first) {
      try readItem(&reader, at: path, items.count)
    }
  }

  /// Reads `{"item": …, "level": …, …}`, the `index`th item of the list at `path`.
  @inline(__always)
  private mutating func readItem(_ reader: inout JSONReader, at path: String, _ index: Int)
    throws(LoadProblem)
  {
    func place() -> String { "\(path)[\(index)]" }
    try reader.beginObject(at: place())
    var first = true
    var seen: UInt16 = 0
    var others: Set<String> = []
    var item: String?
    var source: OPMLItemSource?
    var level: Int32 = -1
    var isExpanded = false
    var title: String?
    var attributes: [Attribute] = []
    var parent: String?
    var noText = false
    var textPosition = 0
    var node: Int?
    var isCopy = false
    var file: Int?
    while let key = try reader.nextKey(among: Self.itemKeys, &first) {
      switch key {
      case .known(let known):
        guard seen & (1 << known) == 0 else {
          throw LoadProblem("\(place()): key \(quoted(Self.itemKeys[known])) appears twice")
        }
        seen |= 1 << known
        switch known {
        case 0: item = try reader.string(at: place() + ".item")
        case 1: level = Int32(try reader.count(at: place() + ".level"))
        case 2: isExpanded = try reader.bool(at: place() + ".expanded", orNull: true) ?? false
        case 3: title = reader.null() ? nil : try reader.string(at: place() + ".title")
        case 4: attributes = try Self.attributes(&reader, at: place() + ".attributes")
        case 5: parent = reader.null() ? nil : try reader.string(at: place() + ".parent")
        case 6: noText = try reader.bool(at: place() + ".noText", orNull: true) ?? false
        case 7: textPosition = try reader.count(at: place() + ".textPosition")
        case 8: node = try reader.count(at: place() + ".node")
        case 9: source = try Self.source(&reader, at: place() + ".opml")
        case 10:
          node = try reader.count(at: place() + ".copyOf")
          isCopy = true
        default: file = try reader.count(at: place() + ".file")
        }
      case .other(let text):
        guard others.insert(text).inserted else {
          throw LoadProblem("\(place()): key \(quoted(text)) appears twice")
        }
        try reader.skipValue(at: place() + "." + text)
      }
    }
    guard let item else { throw LoadProblem("\(place()): \"item\" is missing") }
    items.append(item)
    levels.append(level)
    expanded.append(isExpanded)
    if let parent {
      parents.append(contentsOf: repeatElement(nil, count: index - parents.count))
      parents.append(parent)
    }
    // The title is the OPML `text` attribute; a second one would make an export that repeats
    // the attribute, which OPML refuses.
    guard !attributes.contains(where: { $0.name == "text" }) else {
      throw LoadProblem(
        "\(place()).attributes: \"text\" is the item's title (the \"title\" key), not an "
          + "attribute")
    }
    // An item is its node's, or a copy of it.
    guard seen & (1 << 8) == 0 || !isCopy else {
      throw LoadProblem("\(place()): \"node\" and \"copyOf\" both name a line of the source")
    }
    guard file == nil || node != nil else {
      throw LoadProblem("\(place()).file: the item names no line of it (\"node\" or \"copyOf\")")
    }
    guard textPosition <= attributes.count else {
      throw LoadProblem(
        "\(place()).textPosition: \(textPosition) is past the item's \(attributes.count) "
          + "attributes")
    }
    if title != nil || !attributes.isEmpty || noText || node != nil || source != nil {
      var content = ItemContent(
        title: title, attributes: attributes, hasNoTextAttribute: noText,
        textPosition: textPosition, sourceNode: node, opml: source)
      if isCopy { content.becomeCopy() }
      contents.append((index, content))
      if let file { files.append((index, file)) }
    }
  }

  /// Reads `{"format": "markdown", "text": "…"}`.
  ///
  /// - Throws: The first problem of syntax or shape, naming its place.
  private static func sourceText(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> (format: String, text: String)
  {
    let fields = try attributes(&reader, at: path)
    guard let format = fields.first(where: { $0.name == "format" })?.value,
      let text = fields.first(where: { $0.name == "text" })?.value, fields.count == 2
    else { throw LoadProblem("\(path): expected {\"format\": …, \"text\": …}") }
    return (format, text)
  }

  /// Reads an item's `"opml": {"leading": …, "startTag": …, "closing": …, "level": …,
  /// "hadChildren": …}`; `null` is none.
  ///
  /// - Throws: The first problem of syntax or shape, naming its place; `startTag` missing.
  /// - Complexity: O(*m*) in the length of the markup.
  private static func source(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> OPMLItemSource?
  {
    if reader.null() { return nil }
    try reader.beginObject(at: path)
    var first = true
    var seen: UInt8 = 0
    var source = OPMLItemSource(
      leading: "", startTag: "", closing: nil, level: 0, hadChildren: false)
    while let key = try reader.nextKey(among: sourceKeys, &first) {
      guard case .known(let known) = key else {
        guard case .other(let text) = key else { continue }
        try reader.skipValue(at: path + "." + text)
        continue
      }
      guard seen & (1 << known) == 0 else {
        throw LoadProblem("\(path): key \(quoted(sourceKeys[known])) appears twice")
      }
      seen |= 1 << known
      switch known {
      case 0: source.leading = try reader.string(at: path + ".leading")
      case 1: source.startTag = try reader.string(at: path + ".startTag")
      case 2: source.closing = try reader.string(at: path + ".closing")
      case 3: source.level = try reader.count(at: path + ".level")
      default:
        source.hadChildren = try reader.bool(at: path + ".hadChildren", orNull: true) ?? false
      }
    }
    guard seen & 2 != 0 else { throw LoadProblem("\(path): \"startTag\" is missing") }
    return source
  }

  /// Reads an object of string values (`attributes`, `head`), keeping its order; `null` is
  /// empty.
  ///
  /// - Throws: `"PATH: key "k" appears twice"`, `"PATH.k: expected a string"`.
  static func attributes(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> [Attribute]
  {
    if reader.null() { return [] }
    try reader.beginObject(at: path)
    var first = true
    var attributes: [Attribute] = []
    var names: Set<String> = []  // used past a few names, where a scan would cost more
    while let key = try reader.nextKey(among: KeyNames.none, &first) {
      guard case .other(let name) = key else { preconditionFailure("no names were given") }
      let repeated: Bool
      if attributes.count < 16 {
        repeated = attributes.contains { $0.name == name }
      } else {
        if names.isEmpty { names = Set(attributes.map(\.name)) }
        repeated = !names.insert(name).inserted
      }
      guard !repeated else { throw LoadProblem("\(path): key \(quoted(name)) appears twice") }
      attributes.append(Attribute(name: name, value: try reader.string(at: path + "." + name)))
    }
    return attributes
  }
}
