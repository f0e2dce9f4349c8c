/// An OPML `<outline>` element's own markup as the file had it, so that a save writes an
/// untouched item back byte for byte.
///
/// ```xml
///   <body>
///     <!-- trips -->
///     <outline text="Trip">
///       <outline text="Book"/>
///     </outline>
/// ```
///
/// `Trip`'s `leading` is `"\n    <!-- trips -->\n    "` (what came after the element before it:
/// blanks, comments, processing instructions, elements OPML does not define, text), its
/// `startTag` `<outline text="Trip">`, its `closing` `"\n    </outline>"` (what came after its
/// last child, with the end tag); `Book`'s `closing` is nil (an empty-element tag). A comment or
/// processing instruction thus belongs to the element after it: it moves and is deleted with
/// it. The text is UTF-8, whatever the file's encoding (`OPMLEncoding`).
public struct OPMLItemSource: Hashable, Sendable {
  /// The markup before the start tag, since the element before it (a sibling's end, the
  /// parent's start tag, `<body>`).
  public var leading: String
  /// The start tag as written: `<outline text="Trip">` or `<outline text="Book"/>`.
  public var startTag: String
  /// What followed the last child, up to and including `</outline>`; nil for an empty-element
  /// tag (`<outline …/>`).
  public var closing: String?
  /// The element's level in the file, so that a move to another level re-indents its lines.
  public var level: Int
  /// Whether the element had `<outline>` children in the file.
  public var hadChildren: Bool

  /// Creates a source.
  public init(
    leading: String, startTag: String, closing: String?, level: Int, hadChildren: Bool
  ) {
    self.leading = leading
    self.startTag = startTag
    self.closing = closing
    self.level = level
    self.hadChildren = hadChildren
  }
}

/// The markup of an OPML file around its outline, as the file had it: everything up to the
/// first summit, with the first `<expansionState>`'s text set apart, and everything after the
/// last one.
///
/// `OPMLSourceWriter` writes `head`, the expansion slot, `body`, the items, `tail`, and turns
/// the text into the file's encoding. The slot is `expansion` as written while the file's list
/// (`listed`) still says the outline's expansion, else `open`, the new list and `close`.
package struct OPMLDocumentSource: Equatable, Sendable {
  /// From the file's start (a byte-order mark included) to the expansion slot.
  package var head: String
  /// The slot as the file had it: the first `<expansionState>`'s content, or what stands where
  /// one would go (empty, or an empty `<head/>` a new list replaces).
  package var expansion: String
  /// What goes before a new list in the slot: empty when the slot is an `<expansionState>`'s
  /// content, else the markup that opens one.
  package var open: String
  /// What goes after a new list in the slot.
  package var close: String
  /// The file's `expansionState` as read (references decoded), empty when it has none: while
  /// it says what is expanded (`ExpansionState.says`), a save writes the file's own text.
  package var listed: String
  /// From the slot's end through `<body>`'s start tag (the place for one, when the file has no
  /// `<body>`).
  package var body: String
  /// After the last summit: the body's end (its comments included), `</body>` and the rest.
  package var tail: String
  /// How the file's `<body>` was written.
  package var bodyForm: BodyForm
  /// The file's encoding, for the written text.
  package var encoding: OPMLEncoding
  /// The indentation of a summit's line, and the unit one level adds.
  package var summitIndent: String
  package var indentUnit: String

  /// How a file's `<body>` was written.
  package enum BodyForm: String, Sendable {
    /// `<body>` … `</body>`.
    case open
    /// `<body/>`: `body` ends with it, and a first item opens it.
    case empty
    /// No `<body>`: `body` ends where one goes, before `</opml>`.
    case missing
  }

  /// The indentation of a line at `level`.
  ///
  /// - Complexity: O(*level*).
  package func indent(_ level: Int) -> String {
    summitIndent + String(repeating: indentUnit, count: min(max(level, 0), 32))
  }

  /// The prefix of head-field names under which a session keeps a source (`#opml.head`, …):
  /// no XML element has a name with `#`.
  static let fieldPrefix = "#opml."

  /// The source as named fields, which a session keeps in its section head (and the save file
  /// writes with it).
  ///
  /// - Complexity: O(1).
  package var fields: [Attribute] {
    [
      ("head", head), ("expansion", expansion), ("open", open), ("close", close),
      ("listed", listed), ("body", body), ("tail", tail), ("bodyForm", bodyForm.rawValue),
      ("encoding", encoding.rawValue), ("summitIndent", summitIndent),
      ("indentUnit", indentUnit),
    ].map { Attribute(name: Self.fieldPrefix + $0.0, value: $0.1) }
  }

  /// The source that `fields` describe, or nil when one is missing or unknown.
  ///
  /// - Complexity: O(*f*) in the fields.
  package init?(fields: [Attribute]) {
    var values: [String: String] = [:]
    for field in fields where field.name.hasPrefix(Self.fieldPrefix) {
      values[String(field.name.dropFirst(Self.fieldPrefix.count))] = field.value
    }
    guard let head = values["head"], let expansion = values["expansion"],
      let open = values["open"], let close = values["close"],
      let body = values["body"], let tail = values["tail"],
      let bodyForm = values["bodyForm"].flatMap(BodyForm.init(rawValue:)),
      let encoding = values["encoding"].flatMap(OPMLEncoding.init(rawValue:)),
      let summitIndent = values["summitIndent"], let indentUnit = values["indentUnit"]
    else { return nil }
    // A session saved before `listed` was kept reads as a file without a list: its list is
    // then written again when anything is expanded.
    self.init(
      head: head, expansion: expansion, open: open, close: close,
      listed: values["listed"] ?? "",
      body: body, tail: tail, bodyForm: bodyForm, encoding: encoding,
      summitIndent: summitIndent, indentUnit: indentUnit)
  }

  package init(
    head: String, expansion: String, open: String, close: String, listed: String,
    body: String, tail: String, bodyForm: BodyForm, encoding: OPMLEncoding,
    summitIndent: String, indentUnit: String
  ) {
    self.head = head
    self.expansion = expansion
    self.open = open
    self.close = close
    self.listed = listed
    self.body = body
    self.tail = tail
    self.bodyForm = bodyForm
    self.encoding = encoding
    self.summitIndent = summitIndent
    self.indentUnit = indentUnit
  }
}
