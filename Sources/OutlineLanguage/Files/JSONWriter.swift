/// Writes JSON text as UTF-8 bytes, straight into one buffer: the save file's writer.
///
/// Strings are copied in runs between the characters that need an escape, with no `String` built
/// on the way. Escaped: `"` and `\`, the control characters (C0, DEL and C1, as `\n`, `\r`,
/// `\t` or `\u00XX`: a terminal that shows the file would act on them); everything else is
/// written as it is.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.write("{\"a\": ")
/// writer.write(string: "say \"hi\"")
/// writer.write("}")
/// writer.bytes  // {"a": "say \"hi\""}
/// ```
struct JSONWriter {
  /// The text so far.
  private(set) var bytes: [UInt8] = []

  /// Creates a writer whose buffer has room for `capacity` bytes.
  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// Appends `text` as it is (JSON punctuation and keys).
  @inline(__always)
  mutating func write(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a whole number.
  @inline(__always)
  mutating func write(number: Int) {
    if number >= 0 && number < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(number))
    } else {
      bytes.append(contentsOf: String(number).utf8)
    }
  }

  /// Appends `text` as a JSON string, quoted and escaped.
  ///
  /// - Complexity: O(*m*) in the string's UTF-8 bytes.
  @inline(__always)
  mutating func write(string text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        let isC1 = byte == 0xC2 && index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1])
        guard
          byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || byte == 0x7F || isC1
        else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        let scalar = isC1 ? UInt32(utf8[index + 1]) : UInt32(byte)
        escape(scalar)
        index += isC1 ? 2 : 1
        runStart = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape of a character that cannot appear raw.
  private mutating func escape(_ scalar: UInt32) {
    switch scalar {
    case 0x22: write(#"\""#)
    case 0x5C: write(#"\\"#)
    case 0x0A: write(#"\n"#)
    case 0x0D: write(#"\r"#)
    case 0x09: write(#"\t"#)
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      write(#"\u00"#)
      bytes.append(hex[Int(scalar >> 4)])
      bytes.append(hex[Int(scalar & 0xF)])
    }
  }
}
