import CLibXML2

/// Reads an OPML file (1.0 or 2.0) into an outline, with libxml2's SAX2 push parser.
///
/// ```xml
/// <opml version="2.0">
///   <head><title>Plans</title><expansionState>0</expansionState></head>
///   <body>
///     <outline text="Trip" created="Mon, 1 Jun 2026">
///       <outline text="Book &amp; pay" _note="by Friday"/>
///     </outline>
///   </body>
/// </opml>
/// ```
///
/// Reads as `Trip` (level 0, expanded, attribute `created`) and `Book & pay` (level 1,
/// attribute `_note`); the head keeps `title`, the `<opml>` element's attributes `version`.
/// Every `<outline>` element becomes a node in document order, its level the number of
/// `<outline>` elements around it; `text` is its text, and every other attribute is kept in
/// file order, with the place `text` had among them (`textPosition`), so that the writer puts
/// every attribute back where it was. `<head>`'s child elements are kept in order with their
/// text, except `expansionState`, which expands the nodes (`ExpansionState`); without it the
/// outline reads collapsed. An `<outline>` without `text` and expansion numbers out of range
/// are notes, not errors. The file's markup is kept whole (`OPMLScanner`: each node's element
/// with the comments, processing instructions, unknown elements and text before it, and the
/// markup around the outline, the head as written), so that a save writes it back byte for
/// byte, in its encoding (`OPMLEncoding`). Only a file in an encoding that is not written back
/// loses what `outline`'s own layout does not keep (`OPMLLosses`): comments, processing
/// instructions, a document type declaration, elements OPML does not define and what is
/// inside them, attributes of `<head>`, `<body>` and the head fields, text outside the head
/// fields, a second `<expansionState>`, and expansion numbers not written back. An `<outline>` without
/// `text` (a feed reader's, which names the feed in `title`) reads with its `title` attribute
/// as its text, or an empty text, and `hasText` false, so that the writer gives it no `text`
/// either.
///
/// # Why libxml2 itself, and with which options
///
/// Foundation's `XMLParser` runs the same libxml2 on Linux, but builds a `[String: String]` and
/// bridged strings for every element (losing the attributes' order, which a second pass over
/// the markup would have to recover) and fixes the options (entity substitution and recovery
/// always on). Here the SAX2 callbacks (`OPMLBuilder`) build the nodes straight from libxml2's
/// buffers, attributes in their order, in one pass (the `interchange` scenario of
/// `scripts/benchmark` times `load` against the native one). The options are this reader's, set
/// explicitly (`options`):
/// - no `XML_PARSE_NOENT`: entities are not substituted. The five predefined entities and
///   character references are still decoded (in attribute values libxml2 passes `&amp;` on as
///   `&#38;`, which the builder reads as `&`); any other entity reference is an error.
/// - no `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`, `XML_PARSE_DTDVALID`: no DTD is loaded or
///   applied; `XML_PARSE_NONET`: no network access, whatever a file names.
/// - no `XML_PARSE_RECOVER`: the first error stops the parse, and the reader reports it with
///   its line (a namespace problem, which XML 1.0 without namespaces allows, and a warning are
///   notes instead).
/// - no `XML_PARSE_HUGE`: libxml2's limits stay (a single value or text over 10,000,000 bytes,
///   a name over 50,000 bytes, are errors), bounding what one hostile value costs.
///
/// # Hostile files (libxml2 2.9.14, Debian 12)
///
/// - a document type declaration with an internal subset (billion laughs, any `<!ENTITY>`) or
///   an external identifier (`SYSTEM "file:///etc/passwd"`, an external DTD) is refused before
///   parsing (`OPMLProlog`), with one message. Without that check, libxml2 with these options
///   is safe too: the SAX2 handler stores no declaration, so `&lol9;`, `&xxe;` (a file or
///   `http://` entity, in an attribute or in text) are undeclared entities, error 26, with
///   nothing expanded, read or fetched; an external DTD is not loaded, and the file reads.
/// - `&undeclared;`: error 26, "a reference to an undefined entity (&undeclared;)", naming the
///   line; nothing of the file is kept.
/// - malformed XML: the first error, with its line; nothing after it is read.
/// - invalid UTF-8: error 9, naming the line of the bad bytes.
/// - UTF-16 (with or without a byte-order mark) and ISO-8859-1 declared in the XML declaration
///   are decoded by libxml2; attribute values arrive normalized (a raw line break or tab in one
///   is a space, as XML says), references decoded.
/// - size: the bytes are fed in chunks of `chunkSize` (the push parser), so a file of any size
///   reads (libxml2 refuses a document over 10,000,000 bytes handed over as one chunk). Without
///   `XML_PARSE_HUGE` it stops, with error 1 ("huge input lookup") or 40, when more than
///   10,000,000 bytes of input are unconsumed: a start tag (its attribute values) of about
///   that size; the writer refuses a start tag over `OPMLWriter.longestStartTag`. Text (a head
///   field) of any length reads.
/// - depth: this push parser has no nesting limit (100,000 nested `<outline>` elements read);
///   newer libxml2 versions stop at 256 levels without
///   `XML_PARSE_HUGE`. The writer checks a deep outline against this reader (`OPMLWriter`).
/// - an empty or blank file: "no XML document" (libxml2 would say the document does not end).
/// - the version in the XML declaration: 1.1 or another is a warning, noted.
enum OPMLReader {
  /// The parser options (see above): no network, and nothing else: no entity substitution, no
  /// DTD loading, no recovery, libxml2's limits kept.
  static let options = Int32(XML_PARSE_NONET.rawValue)

  /// How many bytes each call to `xmlParseChunk` is handed.
  static let chunkSize = 1 << 18
  /// The error reported when libxml2 stops on bytes its decoder refuses without naming an
  /// error: `XML_ERR_INVALID_CHAR`, whose message speaks of the declared encoding.
  static let encodingFailure = 9

  /// Reads `bytes`.
  ///
  /// - Throws: `FormatProblem` naming the line: malformed XML, a document type declaration
  ///   (entities refused), a root element other than `<opml>`.
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes and *n* outline elements (the log for
  ///   the expansion state).
  static func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    // libxml2 calls an empty file one that "does not end", so that case is worded here.
    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
      throw FormatProblem(line: 1, XMLErrorMessage.message(code: 4, libxml2: nil, name: nil))
    }
    try OPMLProlog.check(bytes)
    let builder = OPMLBuilder()
    parse(bytes, into: builder)
    if let problem = builder.problem { throw problem }
    guard builder.sawRoot else {
      throw FormatProblem("not an OPML file: there is no <opml> element")
    }
    var document = OutlineDocument(
      head: builder.head, nodes: builder.nodes, notes: [],
      opmlAttributes: builder.opmlAttributes)
    var notes = builder.notes
    if !builder.sawBody { notes.append("no <body>: the outline is empty") }
    if builder.withoutText > 0 {
      notes.append(
        "\(builder.withoutText) <outline> element\(builder.withoutText == 1 ? " has" : "s have") "
          + "no text attribute: named by their title attribute, or untitled")
    }
    if let state = builder.expansionState {
      let read = ExpansionState.read(state, into: &document.nodes)
      notes += read.notes
      document.expansionBase = read.base
      document.expansionLeaves = read.leaves
    }
    if builder.losses.hiddenOutlines > 0 {
      let count = builder.losses.hiddenOutlines
      notes.append(
        "\(count) <outline> element\(count == 1 ? "" : "s") inside elements OPML does not "
          + "define \(count == 1 ? "is" : "are") kept as written, not read as items")
    }
    document.notes = notes
    switch keep(bytes, &document, listed: builder.expansionState ?? "") {
    case .kept: break
    case .notKept(let encoding):
      var losses = builder.losses.losses(
        expansionState: builder.expansionState,
        saved: builder.expansionState == nil
          ? ""
          : ExpansionState.written(
            document.nodes, base: document.expansionBase, leaves: document.expansionLeaves),
        line: builder.expansionStateLine)
      if let encoding {
        losses.insert(
          FormatLoss(
            count: 1, "encoding", "encodings", line: 1,
            detail: "the encoding \(encoding.debugDescription) is not kept: a save writes UTF-8"),
          at: 0)
      }
      document.losses = losses
    }
    return document
  }

  /// Whether `keep(_:_:)` kept the file's markup, and if not, the encoding it does not write.
  private enum Kept {
    case kept
    case notKept(encoding: String?)
  }

  /// Gives `document` and its nodes the file's markup (`OPMLScanner`), so that a save writes
  /// the file back as it was; not when the file's encoding is one `OPMLEncoding` does not
  /// write, or its markup does not split into the nodes read (the reader's losses then say
  /// what a save would lose).
  ///
  /// - Parameter listed: The file's expansion list as read, empty when it has none.
  /// - Complexity: O(*b* + *n*) for *b* bytes and *n* nodes.
  private static func keep(_ bytes: [UInt8], _ document: inout OutlineDocument, listed: String)
    -> Kept
  {
    let encoding: OPMLEncoding
    let text: [UInt8]
    switch OPMLEncoding.decode(bytes) {
    case .success(let decoded): (encoding, text) = decoded
    case .failure(let unsupported): return .notKept(encoding: unsupported.name)
    }
    guard let (found, items) = OPMLScanner.scan(text), items.count == document.nodes.count
    else { return .notKept(encoding: nil) }
    var source = found
    source.encoding = encoding
    source.listed = listed
    for index in items.indices { document.nodes[index].source = items[index] }
    document.opml = source
    return .kept
  }

  /// Runs libxml2's push parser over `bytes`, `chunkSize` at a time, with `builder` as the SAX2
  /// callbacks' user data; stops at the chunk where the builder records a problem.
  ///
  /// Internal for the tests, which run it without `OPMLProlog`'s check to see what libxml2
  /// itself does with these options.
  static func parse(_ bytes: [UInt8], into builder: OPMLBuilder) {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = {
      user, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
      guard let user, let localName else { return }
      OPMLReader.builder(user).start(
        localName, prefix: prefix,
        namespaces: (Int(namespaceCount), namespaces),
        attributes: (Int(attributeCount), attributes))
    }
    handler.endElementNs = { user, _, _, _ in
      guard let user else { return }
      OPMLReader.builder(user).end()
    }
    handler.characters = { user, text, count in
      guard let user, let text else { return }
      OPMLReader.builder(user).text(text, count: Int(count))
    }
    handler.cdataBlock = { user, text, count in
      guard let user, let text else { return }
      OPMLReader.builder(user).text(text, count: Int(count))
    }
    handler.comment = { user, _ in
      guard let user else { return }
      OPMLReader.builder(user).comment()
    }
    handler.processingInstruction = { user, target, _ in
      guard let user else { return }
      OPMLReader.builder(user).instruction(target)
    }
    handler.internalSubset = { user, _, _, _ in
      guard let user else { return }
      OPMLReader.builder(user).documentType()
    }
    handler.serror = { user, error in
      guard let user, let error else { return }
      OPMLReader.builder(user).report(error.pointee)
    }
    let user = Unmanaged.passUnretained(builder).toOpaque()
    withExtendedLifetime(builder) {
      bytes.withUnsafeBufferPointer { buffer in
        let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
          .assumingMemoryBound(to: CChar.self)
        // The first bytes let libxml2 tell the encoding (a byte-order mark, UTF-16's `<?`).
        let first = min(4, buffer.count)
        guard let context = xmlCreatePushParserCtxt(&handler, user, base, Int32(first), nil)
        else { return }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, options)
        builder.context = context
        defer { builder.context = nil }
        var offset = first
        // What `xmlParseChunk` answered last: 0, or an error. Bytes that are not in the declared
        // encoding (a lone UTF-16 surrogate) stop libxml2 with no callback, `wellFormed` still
        // set and `errNo` sometimes 0: only this number tells (checked in C).
        var status: Int32 = 0
        // A status that a note already told of (a namespace problem, a warning) is no error.
        func failed() -> Bool { status != 0 && !builder.notedCodes.contains(Int(status)) }
        while offset < buffer.count, builder.problem == nil, !failed() {
          let count = min(chunkSize, buffer.count - offset)
          status = xmlParseChunk(context, base + offset, Int32(count), 0)
          offset += count
        }
        if builder.problem == nil, !failed() { status = xmlParseChunk(context, nil, 0, 1) }
        if builder.problem == nil, context.pointee.wellFormed == 0 || failed() {
          // An error that reached no callback: its number (an encoding failure when libxml2
          // gives none that names it), at the line the parser reached.
          let errNo = Int(context.pointee.errNo)
          let code =
            [errNo, Int(status)].first { $0 > 0 && !builder.notedCodes.contains($0) }
            ?? encodingFailure
          builder.report(code: code, line: Int(xmlSAX2GetLineNumber(context)))
        }
      }
    }
  }

  /// The builder behind libxml2's user data pointer.
  private static func builder(_ user: UnsafeMutableRawPointer) -> OPMLBuilder {
    Unmanaged<OPMLBuilder>.fromOpaque(user).takeUnretainedValue()
  }
}
