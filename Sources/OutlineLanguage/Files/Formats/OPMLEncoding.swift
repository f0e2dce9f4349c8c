/// The encodings an OPML file is written back in: the one it was read in.
///
/// ```swift
/// let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml/>".utf8)
/// OPMLEncoding.decode(latin1)  // .success((.latin1, the same bytes))
/// OPMLEncoding.latin1.encode(Array("é ☃".utf8))  // [0xE9, 0x20] + "&#9731;"
/// ```
///
/// A file is read as UTF-16 when it starts with a byte-order mark or with `<?` in 16-bit
/// units, else by the encoding its XML declaration names (UTF-8 without one). A character the
/// encoding cannot hold (outside Latin-1, say) is written as a character reference: only an
/// item's new text can hold one, in an attribute value, where a reference means the same.
package enum OPMLEncoding: String, Sendable {
  case utf8 = "UTF-8"
  case latin1 = "ISO-8859-1"
  case ascii = "US-ASCII"
  case utf16LittleEndian = "UTF-16LE"
  case utf16BigEndian = "UTF-16BE"

  /// The file's encoding and its text as UTF-8 (a byte-order mark kept as U+FEFF), or the
  /// declared name of an encoding not written back.
  ///
  /// - Complexity: O(*b*) in the bytes of the file.
  package static func decode(_ file: [UInt8]) -> Result<(OPMLEncoding, [UInt8]), Unsupported> {
    if file.count >= 2 {
      switch (file[0], file[1]) {
      case (0xFE, 0xFF), (0x00, 0x3C):
        return .success((.utf16BigEndian, utf8(utf16: file, big: true)))
      case (0xFF, 0xFE), (0x3C, 0x00):
        return .success((.utf16LittleEndian, utf8(utf16: file, big: false)))
      default: break
      }
    }
    guard let name = declaredName(file) else { return .success((.utf8, file)) }
    switch name.uppercased() {
    case "UTF-8", "UTF8": return .success((.utf8, file))
    case "US-ASCII", "ASCII": return .success((.ascii, file))
    case "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "ISO-IR-100",
      "CP819", "IBM819":
      var text: [UInt8] = []
      text.reserveCapacity(file.count + file.count / 8)
      for byte in file {
        if byte < 0x80 {
          text.append(byte)
        } else {
          text.append(0xC0 | byte >> 6)
          text.append(0x80 | byte & 0x3F)
        }
      }
      return .success((.latin1, text))
    default: return .failure(Unsupported(name: name))
    }
  }

  /// An encoding that `decode` does not write back, by the name the file declares.
  package struct Unsupported: Error, Equatable {
    package var name: String
  }

  /// `text` (UTF-8) in this encoding.
  ///
  /// - Complexity: O(*b*) in the bytes of the text.
  package func encode(_ text: [UInt8]) -> [UInt8] {
    switch self {
    case .utf8: return text
    case .latin1, .ascii:
      let limit: UInt32 = self == .latin1 ? 0xFF : 0x7F
      guard text.contains(where: { $0 >= 0x80 }) else { return text }
      var out: [UInt8] = []
      out.reserveCapacity(text.count)
      for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
        if scalar.value <= limit {
          out.append(UInt8(scalar.value))
        } else {
          out += Array("&#\(scalar.value);".utf8)
        }
      }
      return out
    case .utf16LittleEndian, .utf16BigEndian:
      var out: [UInt8] = []
      out.reserveCapacity(text.count * 2)
      for unit in String(decoding: text, as: UTF8.self).utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        if self == .utf16BigEndian {
          out += [high, low]
        } else {
          out += [low, high]
        }
      }
      return out
    }
  }

  /// The encoding named in the XML declaration at the start of `file` (after a UTF-8
  /// byte-order mark), or nil when there is none.
  private static func declaredName(_ file: [UInt8]) -> String? {
    var start = 0
    if file.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    guard file[start...].starts(with: Array("<?xml".utf8)) else { return nil }
    var end = start
    while end + 1 < file.count,
      !(file[end] == UInt8(ascii: "?") && file[end + 1] == UInt8(ascii: ">"))
    {
      end += 1
    }
    let declaration = String(decoding: file[start..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// A UTF-16 file's text as UTF-8.
  private static func utf8(utf16 file: [UInt8], big: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(file.count / 2)
    var index = 0
    while index + 1 < file.count {
      let (high, low) = big ? (file[index], file[index + 1]) : (file[index + 1], file[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }
}
