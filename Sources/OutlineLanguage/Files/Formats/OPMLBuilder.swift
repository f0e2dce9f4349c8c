import CLibXML2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What libxml2's SAX2 callbacks build as `OPMLReader` parses: the nodes, the head, the
/// `<opml>` element's attributes and the notes, with a stack of what is open (no recursion, so
/// any depth the parser reads).
///
/// Each callback works on libxml2's own `xmlChar` pointers: an element's name is compared
/// byte by byte, and only what is kept becomes a `String` (one copy, decoded as UTF-8, which
/// libxml2 has already checked and converted the file's encoding to).
final class OPMLBuilder {
  /// What an open element is to the reader.
  private enum Open {
    case opml, head, headField, body, outline, ignored
  }

  /// The parser, to read its line and stop it; set once it is created.
  var context: xmlParserCtxtPtr?

  private var open: [Open] = []
  /// The number of `<outline>` elements open.
  private var outlineDepth = 0
  /// The index in `head` of the field whose text is being read, -1 for `expansionState`.
  private var headField: Int?
  private var expansionText = ""

  private(set) var nodes: [OutlineDocument.Node] = []
  private(set) var head: [Attribute] = []
  private(set) var opmlAttributes: [Attribute] = []
  private(set) var expansionState: String?
  private(set) var notes: [String] = []
  /// The first problem: libxml2's first error, or the reader's own (a root that is not
  /// `<opml>`).
  private(set) var problem: FormatProblem?
  private(set) var sawRoot = false
  private(set) var sawBody = false
  private(set) var withoutText = 0
  /// What the file holds and the nodes and head do not keep, counted as it is read.
  private(set) var losses = OPMLLosses()
  /// The line of the `<expansionState>` read.
  private(set) var expansionStateLine: Int?
  /// Whether text since the last tag, comment or processing instruction was counted as a loss.
  private var inStrayText = false
  /// How many warnings were noted (at most 20 are).
  private var warnings = 0

  /// The parser's current line (1 before it has one).
  private var line: Int { max(Int(xmlSAX2GetLineNumber(context)), 1) }

  // MARK: Callbacks

  /// An element starts (`startElementNs`): `attributes` holds five pointers an attribute
  /// (local name, prefix, namespace URI, value start, value end), in document order;
  /// `namespaces` two a declaration (prefix, URI).
  ///
  /// - Complexity: O(*a*) in the element's attributes, and for an element that declares
  ///   namespaces a scan of its start tag.
  func start(
    _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
    namespaces: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?),
    attributes: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
  ) {
    inStrayText = false
    switch open.last {
    case nil:
      guard prefix == nil, Self.equal(localName, "opml") else {
        fail("not an OPML file: the root element is <\(Self.name(localName, prefix))>, not <opml>")
        return
      }
      sawRoot = true
      opmlAttributes = all(namespaces: namespaces, attributes: attributes)
      open.append(.opml)
    case .opml?:
      if prefix == nil && Self.equal(localName, "head") {
        noteAttributes(of: localName, prefix, namespaces, attributes)
        open.append(.head)
      } else if prefix == nil && Self.equal(localName, "body") {
        noteAttributes(of: localName, prefix, namespaces, attributes)
        sawBody = true
        open.append(.body)
      } else {
        losses.otherElements.add("<\(Self.name(localName, prefix))>", line: line)
        open.append(.ignored)
      }
    case .head?:
      noteAttributes(of: localName, prefix, namespaces, attributes)
      if prefix == nil && Self.equal(localName, "expansionState") && expansionState == nil
        && expansionStateLine == nil
      {
        headField = -1
        expansionStateLine = line
      } else {
        if prefix == nil && Self.equal(localName, "expansionState") {
          // The writer writes one, from the nodes: a second is not written back.
          losses.repeatedExpansionState.add(nil, line: line)
        }
        headField = head.count
        head.append(Attribute(name: Self.name(localName, prefix), value: ""))
      }
      open.append(.headField)
    case .headField?:
      losses.headMarkup.add("<\(Self.name(localName, prefix))>", line: line)
      open.append(.ignored)
    case .body?, .outline?:
      guard prefix == nil, Self.equal(localName, "outline") else {
        losses.bodyElements.add("<\(Self.name(localName, prefix))>", line: line)
        open.append(.ignored)
        return
      }
      outline(namespaces: namespaces, attributes: attributes)
      outlineDepth += 1
      open.append(.outline)
    case .ignored?:
      if headField != nil {
        losses.headMarkup.add("<\(Self.name(localName, prefix))>", line: line)
      } else if prefix == nil, Self.equal(localName, "outline") {
        losses.hiddenOutlines += 1
      }
      open.append(.ignored)
    }
  }

  /// Counts each attribute and namespace declaration of an element whose attributes nothing
  /// keeps (`<head>`, `<body>`, a head field) as a loss, so that the load says what a round trip
  /// would lose.
  ///
  /// - Complexity: O(*a*) in the element's attributes.
  private func noteAttributes(
    of localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
    _ namespaces: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?),
    _ attributes: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
  ) {
    guard attributes.count > 0 || namespaces.count > 0 else { return }
    let element = Self.name(localName, prefix)
    for attribute in all(namespaces: namespaces, attributes: attributes) {
      losses.attributes.add("<\(element) \(attribute.name)>", line: line)
    }
  }

  /// An element ends (`endElementNs`).
  ///
  /// - Complexity: O(1).
  func end() {
    inStrayText = false
    switch open.popLast() {
    case .outline?: outlineDepth -= 1
    case .headField?:
      if headField == -1 { expansionState = expansionText }
      headField = nil
    default: break
    }
  }

  /// Text or a CDATA section (`characters`, `cdataBlock`): kept inside a head field, and
  /// elsewhere a loss unless it is blank (the layout between elements) or inside an element
  /// that is a loss already.
  ///
  /// - Complexity: O(*k*) in the text's bytes.
  func text(_ bytes: UnsafePointer<xmlChar>, count: Int) {
    guard let field = headField else {
      if !inStrayText, open.last != .ignored,
        UnsafeBufferPointer(start: bytes, count: count).contains(where: {
          $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D
        })
      {
        inStrayText = true
        losses.strayText.add(nil, line: line)
      }
      return
    }
    let string = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    if field == -1 {
      expansionText += string
    } else {
      head[field].value += string
    }
  }

  /// A comment (`comment`): nothing keeps it.
  func comment() {
    inStrayText = false
    losses.comments.add(nil, line: line)
  }

  /// A processing instruction (`processingInstruction`), such as `<?xml-stylesheet …?>`:
  /// nothing keeps it.
  func instruction(_ target: UnsafePointer<xmlChar>?) {
    inStrayText = false
    losses.instructions.add(target.map { "<?\(String(cString: $0))?>" }, line: line)
  }

  /// A document type declaration (`internalSubset`), which `OPMLProlog` let through because it
  /// declares nothing: nothing keeps it.
  func documentType() {
    losses.documentType.add(nil, line: line)
  }

  /// The codes of the problems `report(_:)` took as notes: `xmlParseChunk` answers them too,
  /// and the reader goes on past them.
  private(set) var notedCodes: Set<Int> = []

  /// libxml2 reports an error or a warning (`serror`).
  ///
  /// The first error stops the reading; a namespace problem (an undeclared prefix, a relative
  /// namespace URI, which XML 1.0 without namespaces allows) and a warning are notes.
  func report(_ error: xmlError) {
    let line = max(Int(error.line), 1)
    let isNamespace =
      error.domain == Int32(XML_FROM_NAMESPACE.rawValue)
      || XMLErrorMessage.isNamespaceWarning(code: Int(error.code))
    if isNamespace || error.level == XML_ERR_WARNING {
      guard problem == nil else { return }
      notedCodes.insert(Int(error.code))
      warnings += 1
      guard warnings <= 20 else { return }
      notes.append(
        isNamespace
          ? "line \(line): a namespace problem (libxml2 \(error.code)), ignored"
          : "line \(line): \(Self.message(of: error)) (a warning from libxml2), ignored")
      return
    }
    guard problem == nil else { return }
    problem = FormatProblem(
      line: line,
      XMLErrorMessage.message(
        code: Int(error.code), libxml2: Self.message(of: error),
        name: error.str1.map { String(cString: $0) }))
  }

  /// An error the parser ended with but reported to no callback: its number, at `line`.
  func report(code: Int, line: Int) {
    guard problem == nil else { return }
    problem = FormatProblem(
      line: max(line, 1), XMLErrorMessage.message(code: code, libxml2: nil, name: nil))
  }

  // MARK: Building

  /// Appends the node an `<outline>` element stands for.
  private func outline(
    namespaces: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?),
    attributes: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
  ) {
    var text = ""
    var hasText = false
    var textPosition = 0
    var rest: [Attribute] = []
    if namespaces.count > 0 {
      for attribute in all(namespaces: namespaces, attributes: attributes) {
        if attribute.name == "text" && !hasText {
          (text, hasText, textPosition) = (attribute.value, true, rest.count)
        } else {
          rest.append(attribute)
        }
      }
    } else if let pointers = attributes.pointers {
      rest.reserveCapacity(attributes.count)
      for index in 0..<attributes.count {
        let base = pointers + 5 * index
        if !hasText, base[1] == nil, Self.equal(base[0]!, "text") {
          (text, hasText, textPosition) = (Self.value(base[3]!, base[4]!), true, rest.count)
        } else {
          rest.append(
            Attribute(name: Self.name(base[0]!, base[1]), value: Self.value(base[3]!, base[4]!)))
        }
      }
    }
    if !hasText {
      withoutText += 1
      text = OutlineDocument.Node.textWithout(rest)
    }
    nodes.append(
      OutlineDocument.Node(
        level: outlineDepth, text: text, attributes: rest, hasText: hasText,
        textPosition: textPosition))
  }

  /// An element's namespace declarations (`xmlns`, `xmlns:p`) and attributes, in document
  /// order: SAX2 reports the two apart, so where there are declarations the start tag's names
  /// are read again from libxml2's input (declarations first when that fails).
  private func all(
    namespaces: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?),
    attributes: (count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
  ) -> [Attribute] {
    var all: [Attribute] = []
    all.reserveCapacity(namespaces.count + attributes.count)
    if let pointers = namespaces.pointers {
      for index in 0..<namespaces.count {
        let prefix = pointers[2 * index]
        let uri = pointers[2 * index + 1].map { String(cString: $0) } ?? ""
        all.append(
          Attribute(
            name: prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns",
            value: Self.undoAmpersands(uri)))
      }
    }
    if let pointers = attributes.pointers {
      for index in 0..<attributes.count {
        let base = pointers + 5 * index
        all.append(
          Attribute(name: Self.name(base[0]!, base[1]), value: Self.value(base[3]!, base[4]!)))
      }
    }
    guard namespaces.count > 0, let names = startTagNames(), names.count == all.count else {
      return all
    }
    var ordered: [Attribute] = []
    ordered.reserveCapacity(all.count)
    for name in names {
      guard let found = all.first(where: { $0.name == name }) else { return all }
      ordered.append(found)
    }
    return ordered
  }

  /// The attribute names of the start tag libxml2 has just read, in order, from its input
  /// (in UTF-8 there, whatever the file's encoding): back from the current position to the
  /// tag's `<`, which no attribute value holds unescaped; nil when the input is not there.
  private func startTagNames() -> [String]? {
    guard let input = context?.pointee.input?.pointee, let base = input.base,
      var cursor = input.cur, cursor > base
    else { return nil }
    let end = cursor
    while cursor > base && cursor.pointee != UInt8(ascii: "<") { cursor -= 1 }
    guard cursor.pointee == UInt8(ascii: "<") else { return nil }
    let tag = UnsafeBufferPointer(start: cursor, count: end - cursor)
    func isBlank(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    var index = 1
    while index < tag.count, !isBlank(tag[index]) { index += 1 }  // the element's name
    var names: [String] = []
    while index < tag.count {
      if isBlank(tag[index]) || tag[index] == UInt8(ascii: "/") {
        index += 1
        continue
      }
      let start = index
      while index < tag.count, !isBlank(tag[index]), tag[index] != UInt8(ascii: "=") {
        index += 1
      }
      names.append(String(decoding: tag[start..<index], as: UTF8.self))
      while index < tag.count, tag[index] != UInt8(ascii: "\""), tag[index] != UInt8(ascii: "'") {
        index += 1
      }
      guard index < tag.count else { return nil }
      let quote = tag[index]
      index += 1
      while index < tag.count, tag[index] != quote { index += 1 }
      index += 1
    }
    return names
  }

  /// Records the reader's own problem at the parser's line and stops the parser.
  private func fail(_ message: String) {
    guard problem == nil else { return }
    problem = FormatProblem(line: max(Int(xmlSAX2GetLineNumber(context)), 1), message)
    xmlStopParser(context)
  }

  // MARK: Bytes

  /// Whether the NUL-terminated `name` is `expected`.
  private static func equal(_ name: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
    strcmp(
      UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
      UnsafeRawPointer(expected.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
  }

  /// `prefix:local`, or `local`.
  private static func name(_ local: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?)
    -> String
  {
    guard let prefix else { return String(cString: local) }
    return String(cString: prefix) + ":" + String(cString: local)
  }

  /// An attribute value from `start` up to `end`, as libxml2 gives it: normalized, references
  /// decoded, but for `&`, which without entity substitution it passes on as `&#38;`.
  private static func value(_ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>)
    -> String
  {
    let bytes = UnsafeBufferPointer(start: start, count: end - start)
    guard memchr(start, Int32(UInt8(ascii: "&")), bytes.count) != nil else {
      return String(decoding: bytes, as: UTF8.self)
    }
    return undoAmpersands(bytes)
  }

  /// `value` with each `&#38;` libxml2 left in it read as the `&` it stands for.
  private static func undoAmpersands(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
    var value = value
    return value.withUTF8 { undoAmpersands($0) }
  }

  /// The bytes with each `&#38;` read as `&`, byte by byte (a `;` followed by a combining mark
  /// is one `Character`, so a `String` search would miss it).
  ///
  /// libxml2 (`xmlParseAttValueComplex`) decodes every character and predefined entity
  /// reference in an attribute value but `&amp;` and `&#38;`, which it writes as `&#38;` when
  /// entities are not substituted, so that a tree builder can tell a literal `&` from a
  /// reference. No other `&` can be in the value: an undeclared entity is an error.
  private static func undoAmpersands(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let reference: [UInt8] = Array("&#38;".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "&"), index + 5 <= bytes.count,
        bytes[index..<index + 5].elementsEqual(reference)
      {
        out.append(UInt8(ascii: "&"))
        index += 5
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// libxml2's message for `error`, without its final line break.
  private static func message(of error: xmlError) -> String {
    guard let message = error.message else { return "libxml2 error \(error.code)" }
    var text = String(cString: message)
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }
}
