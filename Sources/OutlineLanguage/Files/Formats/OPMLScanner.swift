/// Splits a well-formed OPML file's text into the markup of each `<outline>` element and the
/// markup around the outline (`OPMLItemSource`, `OPMLDocumentSource`): the concrete syntax
/// that `OPMLSourceWriter` writes back.
///
/// It runs after libxml2 has read the file whole without an error, so it only needs to find
/// where each token starts and ends: comments, processing instructions, CDATA sections, the
/// document type declaration, start, end and empty-element tags (quoted values may hold `>`),
/// and text. It follows the same elements as `OPMLBuilder`: an `<outline>` in `<body>` or in an
/// `<outline>` is an item, in the same order; anything else stays in the markup around it.
///
/// ```swift
/// let scan = OPMLScanner.scan(Array("<opml><body>\n  <outline text=\"A\"/>\n</body></opml>".utf8))
/// scan?.items[0].leading   // "\n  "
/// scan?.items[0].startTag  // "<outline text=\"A\"/>"
/// scan?.source.tail        // "\n</body></opml>"
/// ```
struct OPMLScanner {
  /// The file's text, UTF-8.
  private let bytes: [UInt8]
  private var position = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// What a token is.
  private enum Token {
    case text, markup
    case start(name: Range<Int>, empty: Bool)
    case end
  }

  /// What an open element is (as `OPMLBuilder` sees it).
  private enum Open {
    case opml, head, headField, expansionState, body, outline(Int), other
  }

  /// The items' markup in document order and the markup around them (with `listed` empty
  /// and `encoding` UTF-8, for the reader to set), or nil when the text does not have the shape
  /// libxml2 read (which a caller takes as "not kept").
  ///
  /// - Complexity: O(*b*) in the bytes of the text, and O(*d*) in the depth of the outline for
  ///   each line re-indented.
  static func scan(_ bytes: [UInt8]) -> (source: OPMLDocumentSource, items: [OPMLItemSource])? {
    var scanner = OPMLScanner(bytes)
    return scanner.run()
  }

  private mutating func run() -> (source: OPMLDocumentSource, items: [OPMLItemSource])? {
    var items: [OPMLItemSource] = []
    var stack: [Open] = []
    var pending = 0  // where the markup before the next item starts
    var slot: Range<Int>?
    var slotOpen = "", slotClose = ""
    var sawExpansionState = false
    var headEnd: Int?  // the start of the blanks before `</head>`
    var lastHeadFieldIndent = ""
    var headStart: Int?  // the start of the `<head>` tag
    var bodyTag: Range<Int>?
    var bodyForm = OPMLDocumentSource.BodyForm.missing
    var tailStart: Int?
    var opmlEnd: Int?  // the start of `</opml>`
    var expansionStart = 0
    while position < bytes.count {
      let start = position
      guard let token = next() else { return nil }
      let end = position
      switch token {
      case .text, .markup: continue
      case .start(let name, let empty):
        let open: Open
        switch stack.last {
        case nil:
          guard named(name, "opml") else { return nil }
          open = .opml
        case .opml?:
          if named(name, "head") {
            headStart = start
            open = .head
            if empty {
              slot = start..<end
              let tag = String(decoding: bytes[start..<end - 2], as: UTF8.self)
              slotOpen = tag + ">\n    <expansionState>"
              slotClose = "</expansionState>\n  </head>"
            }
          } else if named(name, "body") {
            guard bodyTag == nil else { return nil }  // a second body: not kept apart
            bodyTag = start..<end
            bodyForm = empty ? .empty : .open
            pending = end
            if empty { tailStart = end }
            open = .body
          } else {
            open = .other
          }
        case .head?:
          if named(name, "expansionState"), !sawExpansionState {
            sawExpansionState = true
            if empty {
              slot = start..<end
              slotOpen = "<expansionState>"
              slotClose = "</expansionState>"
            } else {
              expansionStart = end
            }
            open = .expansionState
          } else {
            open = .headField
          }
          lastHeadFieldIndent = Self.lastLine(bytes[..<start])
        case .body?, .outline?:
          guard named(name, "outline") else {
            open = .other
            break
          }
          if case .outline(let parent)? = stack.last { items[parent].hadChildren = true }
          items.append(
            OPMLItemSource(
              leading: string(pending..<start), startTag: string(start..<end),
              closing: nil, level: stack.count - 2, hadChildren: false))
          pending = end
          open = .outline(items.count - 1)
        case .headField?, .expansionState?, .other?:
          open = .other
        }
        if !empty { stack.append(open) }
      case .end:
        switch stack.popLast() {
        case .outline(let index)?:
          items[index].closing = string(pending..<end)
          pending = end
        case .body?:
          tailStart = pending
        case .head?:
          var at = start - Self.lastLine(bytes[..<start]).utf8.count
          if at > 0, bytes[at - 1] == 0x0A { at -= 1 }
          if at > 0, bytes[at - 1] == 0x0D { at -= 1 }
          headEnd = at
        case .expansionState?:
          if slot == nil { slot = expansionStart..<start }
        case .opml?:
          opmlEnd = start
        case nil: return nil
        default: break
        }
      }
    }
    guard stack.isEmpty, let opmlEnd else { return nil }
    if slot == nil {
      // No `<expansionState>`: a new one goes last in the head, or in a new head.
      if let headEnd {
        slot = headEnd..<headEnd
        slotOpen =
          (lastHeadFieldIndent.isEmpty ? "\n    " : "\n" + lastHeadFieldIndent)
          + "<expansionState>"
        slotClose = "</expansionState>"
      } else if headStart == nil {
        let at = bodyTag?.lowerBound ?? opmlEnd
        slot = at..<at
        slotOpen = "<head>\n    <expansionState>"
        slotClose = "</expansionState>\n  </head>\n  "
      } else {
        return nil
      }
    }
    guard let slot else { return nil }
    let bodyEnd = bodyTag?.upperBound ?? opmlEnd
    let tail = tailStart ?? opmlEnd
    guard slot.upperBound <= bodyEnd, bodyEnd <= tail else { return nil }
    let (summit, unit) = Self.indentation(of: items)
    let source = OPMLDocumentSource(
      head: string(0..<slot.lowerBound), expansion: string(slot), open: slotOpen,
      close: slotClose, listed: "", body: string(slot.upperBound..<bodyEnd),
      tail: string(tail..<bytes.count), bodyForm: bodyForm, encoding: .utf8,
      summitIndent: summit, indentUnit: unit)
    return (source, items)
  }

  /// The blanks at the end of `text` after its last line break (all of it when it has none and
  /// is blank); empty when the last line holds more than blanks.
  private static func lastLine(_ text: ArraySlice<UInt8>) -> String {
    var start = text.endIndex
    while start > text.startIndex, text[start - 1] == 0x20 || text[start - 1] == 0x09 {
      start -= 1
    }
    guard start == text.startIndex || text[start - 1] == 0x0A || text[start - 1] == 0x0D else {
      return ""
    }
    return String(decoding: text[start...], as: UTF8.self)
  }

  /// The indentation of a summit's line and of one level more, from the first summit and the
  /// first child of a summit that start their own lines; outline's own (`OPMLWriter`) else.
  private static func indentation(of items: [OPMLItemSource]) -> (String, String) {
    var summit: String?
    var unit: String?
    for item in items {
      let bytes = Array(item.leading.utf8)
      guard bytes.contains(0x0A) else { continue }
      let indent = lastLine(bytes[...])
      if item.level == 0, summit == nil {
        summit = indent
      } else if item.level == 1, let summit, indent.hasPrefix(summit), indent.count > summit.count {
        unit = String(indent.dropFirst(summit.count))
        break
      }
    }
    return (summit ?? "    ", unit ?? "  ")
  }

  // MARK: Tokens

  private func named(_ name: Range<Int>, _ expected: StaticString) -> Bool {
    name.count == expected.utf8CodeUnitCount
      && zip(bytes[name], UnsafeBufferPointer(start: expected.utf8Start, count: name.count))
        .allSatisfy { $0 == $1 }
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Reads the token at `position` and moves past it; nil when the text ends inside one.
  private mutating func next() -> Token? {
    guard bytes[position] == UInt8(ascii: "<") else {
      position = find(UInt8(ascii: "<"), from: position) ?? bytes.count
      return .text
    }
    if starts(with: "<!--") { return skip(past: "-->", from: position + 4) ? .markup : nil }
    if starts(with: "<![CDATA[") { return skip(past: "]]>", from: position + 9) ? .text : nil }
    if starts(with: "<?") { return skip(past: "?>", from: position + 2) ? .markup : nil }
    if starts(with: "<!") {  // the document type declaration: brackets and quoted literals
      guard let end = OPMLProlog.endOfDeclaration(in: bytes, from: position) else { return nil }
      position = end + 1
      return .markup
    }
    if starts(with: "</") {
      guard let end = find(UInt8(ascii: ">"), from: position) else { return nil }
      position = end + 1
      return .end
    }
    let nameStart = position + 1
    var index = nameStart
    while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
    let name = nameStart..<index
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
      if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
        guard let end = find(bytes[index], from: index + 1) else { return nil }
        index = end
      }
      index += 1
    }
    guard index < bytes.count else { return nil }
    position = index + 1
    return .start(name: name, empty: bytes[index - 1] == UInt8(ascii: "/"))
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
      || byte == UInt8(ascii: ">")
  }

  private func starts(with marker: StaticString) -> Bool {
    let count = marker.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != marker.utf8Start[offset] {
      return false
    }
    return true
  }

  private func find(_ byte: UInt8, from start: Int) -> Int? {
    bytes[start...].firstIndex(of: byte)
  }

  /// Moves past the next `marker` from `start`; false when there is none.
  private mutating func skip(past marker: StaticString, from start: Int) -> Bool {
    let first = marker.utf8Start.pointee
    var index = start
    while let candidate = find(first, from: index) {
      position = candidate
      if starts(with: marker) {
        position = candidate + marker.utf8CodeUnitCount
        return true
      }
      index = candidate + 1
    }
    return false
  }
}
