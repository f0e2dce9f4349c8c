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
  /// Written as UTF-8 bytes into one array, then made a string once: appending to a `String`
  /// piece by piece cost about a third of a `--json` script's time.
  ///
  /// - Complexity: O(*n*) in the size of the value.
  public var serialized: String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private func write(to out: inout [UInt8]) {
    switch self {
    case .null: Self.put("null", &out)
    case .bool(let value): Self.put(value ? "true" : "false", &out)
    case .number(let value): out.append(contentsOf: String(value).utf8)
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let values):
      out.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { Self.put(", ", &out) }
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { Self.put(", ", &out) }
        Self.writeString(key, to: &out)
        Self.put(": ", &out)
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the bytes of `text`.
  private static func put(_ text: StaticString, _ out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  /// Writes `text` as a JSON string: quotes, backslashes and control characters (C1 and DEL
  /// too, which JSON allows raw but a terminal may act on) escaped, every
  /// other character (emoji included) as it is, in UTF-8.
  ///
  /// A string with nothing to escape, as most identifiers are, is appended whole: one check of
  /// its UTF-8 bytes (a lead byte 0xC2 may start a C1 control, so it takes the scalar-by-scalar
  /// path, as do quotes, backslashes, C0 controls and DEL).
  private static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    let plain = !text.utf8.contains { byte in
      byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2
    }
    if plain {
      out.append(contentsOf: text.utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": put("\\\"", &out)
      case "\\": put("\\\\", &out)
      case "\n": put("\\n", &out)
      case "\r": put("\\r", &out)
      case "\t": put("\\t", &out)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        put("\\u", &out)
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
        out.append(contentsOf: hex.utf8)
      default: UTF8.encode(scalar) { out.append($0) }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
