#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A light pass over an OPML file's markup, beside the XML parser, for the two things Foundation's
/// `XMLParser` does not give: the file order of each element's attributes, and a refusal of
/// document type declarations before the parser expands anything.
///
/// Hand-written on purpose, and kept to markup that needs no decoding: on Linux,
/// `XMLParser`'s delegate gets an element's attributes as a `[String: String]` (built in
/// swift-corelibs-foundation's `_NSXMLParserStartElementNs`), so their order is lost, and it
/// reports no entity declaration (`foundInternalEntityDeclarationWithName` is never called) while
/// libxml2 substitutes entities. This pass reads only tag and attribute *names*, skipping
/// comments, processing instructions, CDATA sections and quoted values; every value, reference
/// and encoding is still the parser's to decode. It never fails: on markup it does not follow it
/// stops finding tags, and the reader falls back to sorted names (the parser reports the error).
///
/// ```swift
/// var tags = try OPMLStartTags(Array(#"<opml><body><outline b="1" a="2"/>"#.utf8))
/// tags.next()  // ("opml", []), then ("body", []), then ("outline", ["b", "a"])
/// ```
struct OPMLStartTags {
  /// The file as UTF-8 or an 8-bit encoding (a UTF-16 file is transcoded first).
  private let bytes: [UInt8]
  /// Whether names are in ISO-8859-1 (one byte a character) rather than UTF-8.
  private let latin1: Bool
  /// Where the scan goes on from.
  private var position = 0

  /// Prepares the scan and checks the prolog, up to the root element's start tag.
  ///
  /// - Throws: `FormatProblem` for a document type declaration with an internal subset
  ///   (`<!DOCTYPE opml [ … ]>`, where entities are declared) or an external one
  ///   (`SYSTEM "…"`, `PUBLIC "…" "…"`): OPML needs neither, and an entity can read a local
  ///   file or the network, or expand without bound (billion laughs). A bare
  ///   `<!DOCTYPE opml>` is allowed: it declares nothing.
  /// - Complexity: O(*p*) in the length of the prolog (O(*b*) to transcode UTF-16).
  init(_ file: [UInt8]) throws(FormatProblem) {
    if let utf16 = Self.utf16(file) {
      bytes = utf16
      latin1 = false
    } else {
      bytes = file
      latin1 = Self.declaresLatin1(file)
    }
    try checkProlog()
  }

  /// The next start tag's element name and attribute names in file order, or nil when there
  /// is none (or the markup is broken).
  ///
  /// - Complexity: O(*k*) in the bytes from the last tag to the end of this one.
  mutating func next() -> (name: String, attributes: [String])? {
    while let open = find(UInt8(ascii: "<"), from: position) {
      position = open + 1
      guard position < bytes.count else { return nil }
      switch bytes[position] {
      case UInt8(ascii: "!"):
        if starts(with: "<!--", at: open) {
          guard let end = find("-->", from: open + 4) else { return nil }
          position = end + 3
        } else if starts(with: "<![CDATA[", at: open) {
          guard let end = find("]]>", from: open + 9) else { return nil }
          position = end + 3
        } else {
          guard let end = endOfDeclaration(from: open) else { return nil }
          position = end + 1
        }
      case UInt8(ascii: "?"):
        guard let end = find("?>", from: position) else { return nil }
        position = end + 2
      case UInt8(ascii: "/"):
        guard let end = find(UInt8(ascii: ">"), from: position) else { return nil }
        position = end + 1
      default:
        return startTag()
      }
    }
    position = bytes.count
    return nil
  }

  /// Moves past the next start tag without reading its names: for an element whose attribute
  /// order does not matter (none or one), so that the scan stays with the parser.
  ///
  /// - Complexity: O(*k*) in the bytes from the last tag to the end of this one.
  mutating func skip() {
    while let open = find(UInt8(ascii: "<"), from: position) {
      position = open + 1
      guard position < bytes.count else { return }
      switch bytes[position] {
      case UInt8(ascii: "/"):
        guard let end = find(UInt8(ascii: ">"), from: position) else {
          position = bytes.count
          return
        }
        position = end + 1
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        // A comment, CDATA section, declaration or processing instruction: as `next()` does.
        position = open
        _ = next()
        return
      default:
        // A start tag: past its quoted values to its `>`.
        while position < bytes.count {
          let byte = bytes[position]
          if byte == UInt8(ascii: ">") {
            position += 1
            return
          }
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            guard let end = find(byte, from: position + 1) else {
              position = bytes.count
              return
            }
            position = end + 1
          } else {
            position += 1
          }
        }
        return
      }
    }
    position = bytes.count
  }

  /// Reads the start tag whose name begins at `position`.
  private mutating func startTag() -> (name: String, attributes: [String])? {
    let nameStart = position
    while position < bytes.count, !isBlank(bytes[position]),
      bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
    {
      position += 1
    }
    let name = text(nameStart..<position)
    var attributes: [String] = []
    while position < bytes.count {
      let byte = bytes[position]
      if isBlank(byte) || byte == UInt8(ascii: "/") {
        position += 1
      } else if byte == UInt8(ascii: ">") {
        position += 1
        return (name, attributes)
      } else {
        let start = position
        while position < bytes.count, !isBlank(bytes[position]),
          bytes[position] != UInt8(ascii: "="), bytes[position] != UInt8(ascii: ">")
        {
          position += 1
        }
        attributes.append(text(start..<position))
        while position < bytes.count,
          isBlank(bytes[position]) || bytes[position] == UInt8(ascii: "=")
        {
          position += 1
        }
        guard position < bytes.count else { return nil }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
        guard let end = find(quote, from: position + 1) else { return nil }
        position = end + 1
      }
    }
    return nil
  }

  /// Refuses a document type declaration with an internal or external subset (see `init`).
  private mutating func checkProlog() throws(FormatProblem) {
    while let open = find(UInt8(ascii: "<"), from: position), open + 1 < bytes.count {
      if starts(with: "<!--", at: open) {
        guard let end = find("-->", from: open + 4) else { return }
        position = end + 3
      } else if bytes[open + 1] == UInt8(ascii: "?") {
        guard let end = find("?>", from: open + 2) else { return }
        position = end + 2
      } else if starts(with: "<!DOCTYPE", at: open) {
        let end = endOfDeclaration(from: open) ?? bytes.count
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
        position = open  // the root element: `next()` starts here
        return
      }
    }
  }

  /// The index of the `>` that ends a declaration starting at `open` (`<!DOCTYPE …>`), past a
  /// bracketed internal subset and quoted literals, or nil.
  private func endOfDeclaration(from open: Int) -> Int? {
    var index = open + 2
    var depth = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let end = find(bytes[index], from: index + 1) else { return nil }
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

  private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func text(_ range: Range<Int>) -> String {
    latin1
      ? String(String.UnicodeScalarView(bytes[range].map { Unicode.Scalar($0) }))
      : String(decoding: bytes[range], as: UTF8.self)
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

  /// Whether the XML declaration names ISO-8859-1 (`latin1`, `iso-8859-1`, `ISO_8859-1`).
  private static func declaresLatin1(_ file: [UInt8]) -> Bool {
    guard file.starts(with: Array("<?xml".utf8)) else { return false }
    let declaration = String(
      decoding: file.prefix(200).prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self
    )
    .lowercased()
    return declaration.contains("8859-1") || declaration.contains("latin1")
  }
}
