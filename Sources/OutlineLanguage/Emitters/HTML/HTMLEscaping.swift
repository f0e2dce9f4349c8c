/// Escaping for text that goes into an HTML page: element content and attribute values, and
/// JSON embedded in a `<script>` element.
package enum HTMLEscaping {
  /// `text` as element content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` become
  /// character references.
  ///
  /// ```swift
  /// HTMLEscaping.text("<script>")  // "&lt;script&gt;"
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func text(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` as a JSON string literal that is safe inside a `<script>` element: besides JSON's
  /// own escapes, `<`, `>` and `&` become `\u003c`, `\u003e` and `\u0026` (so no `</script>` or
  /// `<!--` can appear), and U+2028 and U+2029 become `\u2028` and `\u2029`: what a
  /// `scriptSafe` `JSONWriter` writes.
  ///
  /// ```swift
  /// HTMLEscaping.json("</script>")  // "\"\\u003c/script\\u003e\""
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  package static func json(_ text: String) -> String {
    var writer = JSONWriter(scriptSafe: true)
    writer.string(text)
    return writer.text
  }

  /// Writes `[[TEXT, KIND], …]` to `writer` (a script-safe one): each text as `json(text)`,
  /// each kind a number, then the line's number when it has one (`[TEXT, KIND, NUMBER]`), a
  /// part of a caller's larger JSON (the playground's answer, whose kinds say output, error or
  /// warning, and whose number is the step that printed the line).
  ///
  /// ```swift
  /// var writer = JSONWriter(scriptSafe: true)
  /// HTMLEscaping.writeJSON([("ok", 0, 0), ("<no>", 2, nil)], to: &writer)
  /// writer.text  // [["ok",0,0],["\u003cno\u003e",2]]
  /// ```
  ///
  /// - Complexity: O(*n*) in the texts' bytes.
  package static func writeJSON(
    _ lines: [(text: String, kind: Int, number: Int?)], to writer: inout JSONWriter
  ) {
    writer.write("[")
    for index in lines.indices {
      writer.write(index == 0 ? "[" : ",[")
      writer.string(lines[index].text)
      writer.write(",")
      writer.write(number: lines[index].kind)
      if let number = lines[index].number {
        writer.write(",")
        writer.write(number: number)
      }
      writer.write("]")
    }
    writer.write("]")
  }
}
