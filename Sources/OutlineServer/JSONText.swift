/// JSON text for the playground's answers.
enum JSONText {
  /// `text` as a JSON string, with `<`, `>` and `&` escaped as well so that the text is also
  /// safe inside a `<script>` element.
  ///
  /// Reads the UTF-8 bytes and copies the runs between the characters that need an escape
  /// whole: `"`, `\`, the C0 controls, `<`, `>`, `&`, U+2028 and U+2029 (`\n`, `\r`, `\t` by
  /// name, the others as `\u` and four lowercase hex digits).
  ///
  /// - Complexity: O(*n*) in the length of the text.
  static func string(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    var text = text
    text.withUTF8 { utf8 in
      bytes.reserveCapacity(utf8.count + 2)
      var runStart = 0
      var index = 0
      func escape(_ escaped: StaticString, length: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        bytes.append(
          contentsOf: UnsafeBufferPointer(
            start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
        index += length
        runStart = index
      }
      while index < utf8.count {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""): escape("\\\"", length: 1)
        case UInt8(ascii: "\\"): escape("\\\\", length: 1)
        case UInt8(ascii: "\n"): escape("\\n", length: 1)
        case UInt8(ascii: "\r"): escape("\\r", length: 1)
        case UInt8(ascii: "\t"): escape("\\t", length: 1)
        case UInt8(ascii: "<"): escape("\\u003c", length: 1)
        case UInt8(ascii: ">"): escape("\\u003e", length: 1)
        case UInt8(ascii: "&"): escape("\\u0026", length: 1)
        case 0xE2
        where index + 2 < utf8.count && utf8[index + 1] == 0x80
          && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
          escape(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", length: 3)
        case 0..<0x20:
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: Array("\\u00".utf8))
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
          index += 1
          runStart = index
        default: index += 1
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}
