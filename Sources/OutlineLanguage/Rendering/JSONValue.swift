/// A JSON value whose objects keep their keys in the order given, so the output reads as the
/// SPEC shows it (`command`, `ok`, then the rest), which `JSONEncoder` cannot promise.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }

  /// The value on one line: `{"a": 1, "b": [true, null]}`.
  ///
  /// - Complexity: O(*n*) in the size of the value.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += String(value)
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += ", " }
        value.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ", " }
        Self.writeString(key, to: &out)
        out += ": "
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// Writes `text` as a JSON string: quotes, backslashes and control characters (C1 and DEL
  /// too, which JSON allows raw but a terminal may act on) escaped, every
  /// other character (emoji included) as it is, in UTF-8.
  ///
  /// A string with nothing to escape, as most identifiers are, is appended whole: one check of
  /// its UTF-8 bytes (a lead byte 0xC2 may start a C1 control, so it takes the scalar-by-scalar
  /// path, as do quotes, backslashes, C0 controls and DEL).
  private static func writeString(_ text: String, to out: inout String) {
    out += "\""
    let plain = !text.utf8.contains { byte in
      byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2
    }
    if plain {
      out += text
      out += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
