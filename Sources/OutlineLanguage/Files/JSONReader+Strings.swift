extension JSONReader {
  /// Where a string ends and what decoding it needs.
  struct StringBytes {
    /// The index of the closing quote.
    var end: Int
    /// Whether it holds a backslash escape.
    var escaped: Bool
    /// Whether every byte is ASCII (no UTF-8 validation needed).
    var ascii: Bool
  }

  /// Consumes a string whose opening quote is at `position`, checking that it closes and holds
  /// no raw control character; escapes and UTF-8 are checked when it is decoded.
  ///
  /// - Complexity: O(*m*) in the string's bytes; the loop over plain ASCII is a comparison and
  ///   an increment per byte.
  @inline(__always)
  mutating func stringBytes() throws(LoadProblem) -> StringBytes {
    var index = position + 1
    var escaped = false
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return StringBytes(end: index, escaped: escaped, ascii: ascii)
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        index += 2
        continue
      }
      if byte < 0x20 {
        position = index
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { throw syntaxError() }
        throw syntaxError("a control character (\(byte)) inside a string")
      }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    position = bytes.count
    throw syntaxError()
  }

  /// The string in `range`, which holds no escape.
  ///
  /// - Throws: A syntax error when the bytes are not UTF-8.
  @inline(__always)
  func string(in range: Range<Int>, ascii: Bool) throws(LoadProblem) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    if ascii { return String(decoding: slice, as: UTF8.self) }
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw syntaxError("a string that is not UTF-8")
    }
    return text
  }

  /// The string whose first byte (after the opening quote) is at `start`, escapes decoded; it
  /// has been checked to close.
  ///
  /// - Throws: A syntax error for an escape JSON does not have (`\x`, `\u12`), a surrogate
  ///   escape that is not half of a pair, or bytes that are not UTF-8.
  func decodedString(from start: Int) throws(LoadProblem) -> String {
    var buffer: [UInt8] = []
    var index = start
    while bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        buffer.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var unit = try hexUnit(at: index)
        index += 4
        if (0xDC00..<0xE000).contains(unit) {
          throw syntaxError("\\u\(hex(unit)) is half of a surrogate pair, alone")
        }
        if (0xD800..<0xDC00).contains(unit) {
          guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
            let low = try? hexUnit(at: index + 2), (0xDC00..<0xE000).contains(low)
          else {
            throw syntaxError("\\u\(hex(unit)) is half of a surrogate pair, alone")
          }
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        // Not a surrogate, so always a scalar.
        let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
        UTF8.encode(scalar) { buffer.append($0) }
      default:
        let shown = escape >= 0x20 && escape < 0x7F ? String(UnicodeScalar(escape)) : "…"
        throw syntaxError("\\\(shown) is not a JSON escape")
      }
    }
    guard let text = String(validating: buffer, as: UTF8.self) else {
      throw syntaxError("a string that is not UTF-8")
    }
    return text
  }

  /// The four hex digits at `index`, as a number.
  private func hexUnit(at index: Int) throws(LoadProblem) -> UInt32 {
    var unit: UInt32 = 0
    for offset in 0..<4 {
      guard index + offset < bytes.count else { throw syntaxError() }
      let byte = bytes[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("\\u needs four hex digits")
      }
      unit = unit << 4 | UInt32(digit)
    }
    return unit
  }

  /// `unit` as four upper-case hex digits.
  private func hex(_ unit: UInt32) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
