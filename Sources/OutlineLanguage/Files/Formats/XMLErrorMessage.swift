/// Words for the error codes Foundation's `XMLParser` reports on Linux.
///
/// There, `parserError` is an `NSError` whose `code` is libxml2's own `xmlParserErrors` value
/// (`XML_ERR_TAG_NAME_MISMATCH` is 76) with no message: not the `XMLParser.ErrorCode` case of
/// the same number (whose 76 is `standaloneValueError`), so those names would mislead. This
/// table words the codes a damaged or hostile file produces; any other is reported by number.
enum XMLErrorMessage {
  /// A sentence for libxml2 error `code`.
  static func message(code: Int) -> String {
    switch code {
    case 1: "the XML parser gave up (a value longer than 10,000,000 bytes?)"
    case 2: "out of memory"
    case 3, 4: "no XML document: the file is empty or does not start with an element"
    case 5, 77:
      "the document does not end where it should (an element never closed, or content after it)"
    case 86: "extra content after the end of the document"
    case 6, 7, 8: "a character reference names no character"
    case 9: "a character that is not allowed here (or bytes not in the declared encoding)"
    case 10, 14: "the file ends inside a reference"
    case 22, 23: "an & that starts no reference (write &amp;)"
    case 26, 27, 28, 29, 30:
      "a reference to an undefined entity: OPML knows only &amp; &lt; &gt; &quot; &apos;"
    case 31, 32, 79, 81: "an encoding this parser does not read"
    case 33, 34: "a string that is not closed"
    case 38: "a < inside an attribute value (write &lt;)"
    case 39, 41: "an attribute without a quoted value"
    case 40:
      "an attribute value that does not end (or is longer than the 10,000,000 bytes libxml2 reads)"
    case 42: "an attribute appears twice in one element"
    case 45: "a comment that is not closed"
    case 47: "a processing instruction that is not closed"
    case 57: "an XML declaration that is not closed"
    case 61: "a document type declaration that is not closed"
    case 63: "a CDATA section that is not closed"
    case 65: "a space is missing (between attributes?)"
    case 68: "a name is missing after < or & (write &amp; for an & in text)"
    case 73: "a > is missing at the end of a tag"
    case 74: "a </ is missing"
    case 75: "an = is missing after an attribute name"
    case 76: "an end tag does not match the start tag"
    case 80: "-- inside a comment"
    case 85: "the elements are not well balanced"
    case 89: "an entity refers to itself or expands without bound"
    case 96: "the XML declaration has no version"
    case 108, 109: "an XML version this parser does not read"
    case 110: "a name longer than the parser allows"
    default: "malformed XML (libxml2 error \(code))"
    }
  }

  /// Whether libxml2 error `code` leaves the document readable.
  ///
  /// A warning about a namespace URI (99, 100) or a namespace error (200–299, such as an
  /// undeclared prefix), which XML 1.0 without namespaces allows. The reader notes them
  /// instead of failing.
  static func isNamespaceWarning(code: Int) -> Bool {
    code == 99 || code == 100 || (200..<300).contains(code)
  }
}
