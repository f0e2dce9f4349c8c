/// Escaping for text that goes into an HTML page: element content and attribute values, and
/// JSON embedded in a `<script>` element.
enum HTMLEscaping {
  /// `text` as element content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` become
  /// character references.
  ///
  /// ```swift
  /// HTMLEscaping.text("<script>")  // "&lt;script&gt;"
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  static func text(_ text: String) -> String {
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
  /// `<!--` can appear), and U+2028 and U+2029 become `\u2028` and `\u2029`.
  ///
  /// ```swift
  /// HTMLEscaping.json("</script>")  // "\"\\u003c/script\\u003e\""
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  static func json(_ text: String) -> String {
    var escaped = "\""
    appendJSON(text, to: &escaped)
    escaped += "\""
    return escaped
  }

  /// Appends `text`'s JSON escape (without the quotes) to `output`.
  static func appendJSON(_ text: String, to output: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "<": output += "\\u003c"
      case ">": output += "\\u003e"
      case "&": output += "\\u0026"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
  }
}
