/// A small writer of compact JSON into one string, safe to embed in a `<script>` element (its
/// strings go through `HTMLEscaping.appendJSON`).
///
/// The caller writes separators itself through `array` and `object`, which put the commas.
///
/// ```swift
/// var writer = HTMLJSONWriter()
/// writer.array(["a", "<b>"]) { $0.string($1) }
/// writer.text  // "[\"a\",\"\\u003cb\\u003e\"]"
/// ```
struct HTMLJSONWriter {
  /// The JSON written so far.
  private(set) var text = ""

  /// Writes a string literal.
  mutating func string(_ value: String) {
    text += "\""
    HTMLEscaping.appendJSON(value, to: &text)
    text += "\""
  }

  /// Writes a number.
  mutating func number(_ value: Int) { text += String(value) }

  /// Writes `1` or `0`: the page reads flags as numbers, which keeps the data short.
  mutating func flag(_ value: Bool) { text += value ? "1" : "0" }

  /// Appends JSON that the caller has made: punctuation and numbers.
  mutating func raw(_ json: String) { text += json }

  /// Writes `null`.
  mutating func null() { text += "null" }

  /// Writes an array of `elements`, each written by `body`.
  mutating func array<S: Sequence>(_ elements: S, _ body: (inout HTMLJSONWriter, S.Element) -> Void)
  {
    text += "["
    var first = true
    for element in elements {
      if !first { text += "," }
      first = false
      body(&self, element)
    }
    text += "]"
  }

  /// Writes an array of strings.
  mutating func strings<S: Sequence<String>>(_ elements: S) {
    array(elements) { $0.string($1) }
  }

  /// Writes an object whose members `body` writes with `member`.
  mutating func object(_ body: (inout Members) -> Void) {
    var members = Members(writer: self)
    text = ""
    members.writer.text += "{"
    body(&members)
    members.writer.text += "}"
    self = members.writer
  }

  /// The members of an object being written.
  struct Members {
    /// The writer the object goes to.
    var writer: HTMLJSONWriter
    /// Whether a member has been written.
    private var hasMembers = false

    init(writer: HTMLJSONWriter) { self.writer = writer }

    /// Writes the member `key`, whose value `body` writes.
    mutating func member(_ key: String, _ body: (inout HTMLJSONWriter) -> Void) {
      if hasMembers { writer.text += "," }
      hasMembers = true
      writer.string(key)
      writer.text += ":"
      body(&writer)
    }
  }
}
