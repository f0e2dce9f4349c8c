/// Words for libxml2's error codes (`xmlParserErrors`: `XML_ERR_TAG_NAME_MISMATCH` is 76).
///
/// This table words the codes a damaged or hostile file produces, in the user's terms (what to
/// write instead); any other is libxml2's own message, with its number.
enum XMLErrorMessage {
  /// A sentence for libxml2 error `code`, whose own message is `libxml2` and which names
  /// `name` (an entity, an element; libxml2's `str1`) where it names one.
  static func message(code: Int, libxml2: String?, name: String?) -> String {
    switch code {
    case 1:
      "the XML parser gave up (a start tag or value of about 10,000,000 bytes or more?)"
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
      "a reference to an undefined entity\(name.map { " (&\($0);)" } ?? ""): OPML knows only "
        + "&amp; &lt; &gt; &quot; &apos;"
    case 31, 32, 79: "an encoding this parser does not read"
    case 81: "bytes that are not in the declared encoding"
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
    case 76:
      "an end tag does not match the start tag\(name.map { " <\($0)>" } ?? "")"
    case 80: "-- inside a comment"
    case 85: "the elements are not well balanced"
    case 89: "an entity refers to itself or expands without bound"
    case 96: "the XML declaration must begin with its version (version=\"1.0\")"
    case 108, 109: "an XML version this parser does not read"
    case 110: "a name longer than the parser allows"
    default: "malformed XML (libxml2 error \(code)\(libxml2.map { ": \($0)" } ?? ""))"
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
