/// JSON text for the playground's answers.
enum JSONText {
  /// `text` as a JSON string, with `<`, `>` and `&` escaped as well so that the text is also
  /// safe inside a `<script>` element.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        result += "\\u" + hex4(scalar.value)
      default:
        if scalar.value < 0x20 {
          result += "\\u" + hex4(scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
