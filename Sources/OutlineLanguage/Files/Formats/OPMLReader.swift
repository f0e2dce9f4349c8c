import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an OPML file (1.0 or 2.0) into an outline, with Foundation's `XMLParser`.
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
/// attribute `_note`); the head keeps `title`. Every `<outline>` element becomes a node in
/// document order, its level the number of `<outline>` elements around it; `text` is its text
/// and every other attribute is kept in file order (`OPMLStartTags` recovers it). `<head>`'s
/// child elements are kept in order with their text, except `expansionState`, which expands the
/// nodes (`ExpansionState`); without it the outline reads collapsed. Elements OPML does not
/// define in the body, an `<outline>` without `text` and expansion numbers out of range are
/// notes, not errors. An `<outline>` without `text` (a feed reader's, which names the feed in
/// `title`) reads with its `title` attribute as its text, or an empty text, and `hasText`
/// false, so that the writer gives it no `text` either.
///
/// # Hostile files, and what Foundation's parser does with them on Linux
///
/// swift-corelibs-foundation runs libxml2 (here the system's 2.9.14) as a push parser with
/// `XML_PARSE_NOENT` (entities substituted) and `XML_PARSE_RECOVER` always on, and
/// `XML_PARSE_DTDLOAD` only when `shouldResolveExternalEntities` is set (it is not, and the
/// external entity policy is `.never`). Measured with this reader's settings:
/// - billion laughs (nested internal entities): libxml2 stops with `XML_ERR_ENTITY_LOOP` (89)
///   in about 1 ms, but only after delivering the elements before the reference; a small
///   internal entity (`<!ENTITY co "Acme">`) is expanded silently, and the delegate is never
///   told of its declaration. So `OPMLStartTags` refuses any internal subset before parsing.
/// - an external entity: `SYSTEM "file:///etc/passwd"` is not read (the loader returns nothing;
///   error 29 in an attribute), but `SYSTEM "http://…"` in content is dropped with *no error*:
///   the file would read as if the reference were not there. Refused the same way, as is an
///   external DTD (`<!DOCTYPE opml SYSTEM "…">`, which libxml2 would not load).
/// - malformed XML: with recovery on, `parse()` can return `true` while `parserError` is set
///   (a mismatched end tag, content after the root): the reader fails on the first error the
///   delegate is told of, with the parser's line then.
/// - invalid UTF-8: error 9 (`XML_ERR_INVALID_CHAR`), the bad bytes passed on as U+FFFD.
/// - UTF-16 (with or without a byte-order mark) and ISO-8859-1 declared in the XML declaration
///   are decoded by libxml2; attribute values arrive normalized (a raw line break or tab in one
///   is a space, as XML says), character references decoded.
/// - size: `XMLParser(data:)` hands libxml2 the whole file as one chunk, and libxml2 refuses
///   any document over 10,000,000 bytes that way (error 1, "huge input lookup", at its end);
///   `XMLParser(stream:)` feeds 128 KiB chunks and reads files of any size, so this reader
///   uses a stream over the bytes. A single attribute value over 10,000,000 bytes is still
///   refused (libxml2's `XML_MAX_TEXT_LENGTH` without `XML_PARSE_HUGE`, which Foundation never
///   sets); the writer refuses to write one.
/// - depth: this push parser has no nesting limit (100,000 nested elements read in 0.17 s);
///   newer libxml2 versions stop at 256 levels without `XML_PARSE_HUGE`. The writer checks a
///   deep outline against the parser it runs on (`OPMLWriter`).
/// - an empty or 3-byte file: `parse()` returns `true` with no error and no element; the
///   reader's own check (no `<opml>` element) reports it.
/// - error codes are libxml2's numbers with no message (`XMLErrorMessage` words them).
enum OPMLReader {
  /// Reads `bytes`.
  ///
  /// - Throws: `FormatProblem` naming the line: malformed XML, a document type declaration
  ///   (entities refused), a root element other than `<opml>`.
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes and *n* outline elements.
  static func read(_ bytes: [UInt8]) throws(FormatProblem) -> OutlineDocument {
    let tags = try OPMLStartTags(bytes)
    let delegate = OPMLParserDelegate(tags: tags)
    let parser = XMLParser(stream: InputStream(data: Data(bytes)))
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    parser.externalEntityResolvingPolicy = .never
    parser.shouldProcessNamespaces = false
    let parsed = parser.parse()
    if let problem = delegate.problem { throw problem }
    // With recovery on, `parse()` may return true after an error, and false after a namespace
    // problem the delegate only noted: the error's code decides.
    if !parsed || parser.parserError != nil {
      let code = (parser.parserError as NSError?)?.code ?? 0
      if !XMLErrorMessage.isNamespaceWarning(code: code) {
        throw FormatProblem(line: max(parser.lineNumber, 1), XMLErrorMessage.message(code: code))
      }
    }
    guard delegate.sawRoot else {
      throw FormatProblem("not an OPML file: there is no <opml> element")
    }
    var document = OutlineDocument(
      head: delegate.head, nodes: delegate.nodes, notes: [],
      opmlAttributes: delegate.opmlAttributes)
    var notes = delegate.notes
    if !delegate.sawBody { notes.append("no <body>: the outline is empty") }
    if delegate.withoutText > 0 {
      notes.append(
        "\(delegate.withoutText) <outline> element\(delegate.withoutText == 1 ? " has" : "s have") "
          + "no text attribute: named by their title attribute, or untitled")
    }
    if let state = delegate.expansionState {
      notes += ExpansionState.apply(state, to: &document.nodes)
    }
    document.notes = notes
    return document
  }
}

/// The delegate that builds the outline as `XMLParser` reports elements, with a stack of what
/// is open (no recursion, so any depth the parser reads).
final class OPMLParserDelegate: NSObject, XMLParserDelegate {
  /// What an open element is to the reader.
  private enum Open {
    case opml, head, headField, body, outline, ignored
  }

  private var tags: OPMLStartTags
  private var open: [Open] = []
  /// The number of `<outline>` elements open.
  private var outlineDepth = 0
  /// The index in `head` of the field whose text is being read, -1 for `expansionState`.
  private var headField: Int?
  private var expansionText = ""

  private(set) var nodes: [OutlineDocument.Node] = []
  private(set) var head: [OutlineDocument.Attribute] = []
  private(set) var opmlAttributes: [OutlineDocument.Attribute] = []
  private(set) var expansionState: String?
  private(set) var notes: [String] = []
  private(set) var problem: FormatProblem?
  private(set) var sawRoot = false
  private(set) var sawBody = false
  private(set) var withoutText = 0
  private var ignoredInBody: Set<String> = []
  private var ignoredElsewhere: Set<String> = []
  private var nestedInHead: Set<String> = []

  init(tags: OPMLStartTags) { self.tags = tags }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    let ordered = order(attributes, of: name)
    switch open.last {
    case nil:
      guard name == "opml" else {
        fail(parser, "not an OPML file: the root element is <\(name)>, not <opml>")
        return
      }
      sawRoot = true
      opmlAttributes = ordered.filter { $0.name != "version" }
      open.append(.opml)
    case .opml?:
      switch name {
      case "head": open.append(.head)
      case "body":
        sawBody = true
        open.append(.body)
      default:
        ignoredElsewhere.insert(name)
        open.append(.ignored)
      }
    case .head?:
      if name == "expansionState" && expansionState == nil {
        headField = -1
      } else {
        headField = head.count
        head.append(OutlineDocument.Attribute(name: name, value: ""))
      }
      open.append(.headField)
    case .headField?:
      nestedInHead.insert(name)
      open.append(.ignored)
    case .body?, .outline?:
      guard name == "outline" else {
        ignoredInBody.insert(name)
        open.append(.ignored)
        return
      }
      var text = ""
      var rest: [OutlineDocument.Attribute] = []
      var hasText = false
      for attribute in ordered {
        if attribute.name == "text" && !hasText {
          text = attribute.value
          hasText = true
        } else {
          rest.append(attribute)
        }
      }
      if !hasText {
        withoutText += 1
        text = OutlineDocument.Node.textWithout(rest)
      }
      nodes.append(
        OutlineDocument.Node(level: outlineDepth, text: text, attributes: rest, hasText: hasText))
      outlineDepth += 1
      open.append(.outline)
    case .ignored?:
      if headField != nil { nestedInHead.insert(name) }
      open.append(.ignored)
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    switch open.popLast() {
    case .outline?: outlineDepth -= 1
    case .headField?:
      if headField == -1 { expansionState = expansionText }
      headField = nil
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    append(string)
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    append(String(decoding: block, as: UTF8.self))
  }

  func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
    let code = (error as NSError).code
    if XMLErrorMessage.isNamespaceWarning(code: code) {
      if notes.count < 20 {
        notes.append("line \(parser.lineNumber): a namespace problem (libxml2 \(code)), ignored")
      }
      return
    }
    fail(parser, XMLErrorMessage.message(code: code))
  }

  /// Adds the notes for elements the reader skipped, once parsing is over.
  func parserDidEndDocument(_ parser: XMLParser) {
    if !ignoredInBody.isEmpty {
      notes.append(
        "elements OPML does not define in <body> ignored: "
          + ignoredInBody.sorted().map { "<\($0)>" }.joined(separator: ", "))
    }
    if !ignoredElsewhere.isEmpty {
      notes.append(
        "elements other than <head> and <body> in <opml> ignored: "
          + ignoredElsewhere.sorted().map { "<\($0)>" }.joined(separator: ", "))
    }
    if !nestedInHead.isEmpty {
      notes.append(
        "elements inside <head> fields ignored (their text is kept): "
          + nestedInHead.sorted().map { "<\($0)>" }.joined(separator: ", "))
    }
  }

  /// Appends text to the head field being read.
  private func append(_ string: String) {
    guard let field = headField else { return }
    if field == -1 {
      expansionText += string
    } else {
      head[field].value += string
    }
  }

  /// `attributes` in file order: the order of the start tag that `tags` finds next (the same
  /// element, as both go through the file in order), then any it did not name, sorted.
  private func order(_ attributes: [String: String], of name: String)
    -> [OutlineDocument.Attribute]
  {
    // With one attribute or none there is no order to recover: the scan only moves on.
    if attributes.count <= 1 {
      tags.skip()
      return attributes.map { OutlineDocument.Attribute(name: $0.key, value: $0.value) }
    }
    var ordered: [OutlineDocument.Attribute] = []
    ordered.reserveCapacity(attributes.count)
    if let tag = tags.next(), tag.name == name {
      for attribute in tag.attributes {
        if let value = attributes[attribute] {
          ordered.append(OutlineDocument.Attribute(name: attribute, value: value))
        }
      }
    }
    // Every attribute found in the tag (the common case), with no copy of the dictionary.
    guard ordered.count != attributes.count else { return ordered }
    let found = Set(ordered.map(\.name))
    for (attribute, value) in attributes.sorted(by: { $0.key < $1.key })
    where !found.contains(attribute) {
      ordered.append(OutlineDocument.Attribute(name: attribute, value: value))
    }
    return ordered
  }

  /// Records the first problem, at the parser's line, and stops the parse.
  private func fail(_ parser: XMLParser, _ message: String) {
    guard problem == nil else { return }
    problem = FormatProblem(line: max(parser.lineNumber, 1), message)
    parser.abortParsing()
  }
}
