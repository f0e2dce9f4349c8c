#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A check of an OPML file's prolog before libxml2 parses it: a document type declaration
/// with an internal subset (where entities are declared) or an external identifier is refused.
///
/// libxml2 with this reader's options substitutes no entity and loads no DTD, so a declared
/// entity would not expand; but refusing the declaration outright gives one clear message for
/// every such file (billion laughs, `SYSTEM "file:///etc/passwd"`, an external DTD) before any
/// parsing, whatever a libxml2 version does with it. Hand-written and light: it reads only
/// markup that needs no decoding (comments, processing instructions, the declaration's
/// brackets and quoted literals), up to the root element's start tag.
///
/// ```swift
/// try OPMLProlog.check(Array("<!DOCTYPE opml [<!ENTITY a \"b\">]><opml/>".utf8))  // throws
/// try OPMLProlog.check(Array("<!DOCTYPE opml><opml/>".utf8))  // fine: it declares nothing
/// ```
struct OPMLProlog {
  /// The file as UTF-8 or an 8-bit encoding (a UTF-16 file is transcoded first).
  private let bytes: [UInt8]
  /// Where the scan goes on from.
  private var position = 0

  /// Checks the prolog of `file`, up to the root element's start tag.
  ///
  /// - Throws: `FormatProblem` naming the line of a document type declaration with an
  ///   internal subset (`<!DOCTYPE opml [ … ]>`) or an external one (`SYSTEM "…"`,
  ///   `PUBLIC "…" "…"`): OPML needs neither, and an entity can read a local file or the
  ///   network, or expand without bound (billion laughs). A bare `<!DOCTYPE opml>` is allowed.
  ///   Also a file in 32-bit text (UCS-4), which the check does not decode.
  /// - Complexity: O(*p*) in the length of the prolog (O(*b*) to transcode UTF-16).
  static func check(_ file: [UInt8]) throws(FormatProblem) {
    // libxml2 also reads 32-bit text (UCS-4), which this scan does not decode: refused, so that
    // no prolog goes unchecked (OPML files are UTF-8, UTF-16 or 8-bit).
    if file.count >= 4 {
      switch (file[0], file[1], file[2], file[3]) {
      case (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00), (0x00, 0x00, 0x3C, 0x00),
        (0x00, 0x3C, 0x00, 0x00), (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00):
        throw FormatProblem(
          line: 1, "32-bit text (UCS-4) is not read: save the file as UTF-8 or UTF-16")
      default: break
      }
    }
    var prolog = OPMLProlog(bytes: utf16(file) ?? file)
    try prolog.checkProlog()
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Refuses a document type declaration with an internal or external subset (see `check`).
  private mutating func checkProlog() throws(FormatProblem) {
    while let open = find(UInt8(ascii: "<"), from: position), open + 1 < bytes.count {
      if starts(with: "<!--", at: open) {
        guard let end = find("-->", from: open + 4) else { return }
        position = end + 3
      } else if bytes[open + 1] == UInt8(ascii: "?") {
        guard let end = find("?>", from: open + 2) else { return }
        position = end + 2
      } else if starts(with: "<!DOCTYPE", at: open) {
        let end = Self.endOfDeclaration(in: bytes, from: open) ?? bytes.count
        let declaration = bytes[open..<end]
        let subset = declaration.contains(UInt8(ascii: "["))
        let external = contains("SYSTEM", in: declaration) || contains("PUBLIC", in: declaration)
        if subset || external {
          let line = 1 + bytes[..<open].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
          let entities = contains("<!ENTITY", in: declaration)
          throw FormatProblem(
            line: line,
            (entities
              ? "the file declares entities (<!ENTITY …>)"
              : subset
                ? "the file has a document type declaration with an internal subset"
                : "the file refers to an external DTD")
              + "; OPML needs none, and entities can read local files or the network or expand "
              + "without bound, so they are refused")
        }
        position = end + 1
      } else {
        return  // the root element: the prolog ends here
      }
    }
  }

  /// The index of the `>` that ends a declaration starting at `open` (`<!DOCTYPE …>`), past a
  /// bracketed internal subset and quoted literals, or nil; `OPMLScanner` skips one the same way.
  ///
  /// - Complexity: O(*d*) in the declaration's length.
  static func endOfDeclaration(in bytes: [UInt8], from open: Int) -> Int? {
    var index = open + 2
    var depth = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let end = bytes[(index + 1)...].firstIndex(of: bytes[index]) else { return nil }
        index = end
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ">") where depth <= 0: return index
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The index of the next `byte` from `start`, found by `memchr` (fast in every build).
  private func find(_ byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  private func find(_ marker: StaticString, from start: Int) -> Int? {
    let first = marker.utf8Start.pointee
    var index = start
    while let candidate = find(first, from: index) {
      if starts(with: marker, at: candidate) { return candidate }
      index = candidate + 1
    }
    return nil
  }

  private func starts(with marker: StaticString, at index: Int) -> Bool {
    let count = marker.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = marker.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
    return true
  }

  private func contains(_ marker: StaticString, in slice: ArraySlice<UInt8>) -> Bool {
    var index = slice.startIndex
    while index < slice.endIndex {
      if starts(with: marker, at: index) { return true }
      index += 1
    }
    return false
  }

  /// The file transcoded to UTF-8 when it is UTF-16 (a byte-order mark, or `<?` as two 16-bit
  /// units), else nil.
  private static func utf16(_ file: [UInt8]) -> [UInt8]? {
    guard file.count >= 4 else { return nil }
    let bigEndian: Bool
    switch (file[0], file[1], file[2], file[3]) {
    case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, 0x3F): bigEndian = true
    case (0xFF, 0xFE, _, _), (0x3C, 0x00, 0x3F, 0x00): bigEndian = false
    default: return nil
    }
    var units: [UInt16] = []
    units.reserveCapacity(file.count / 2)
    var index = 0
    while index + 1 < file.count {
      let (high, low) = bigEndian ? (file[index], file[index + 1]) : (file[index + 1], file[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }
}
