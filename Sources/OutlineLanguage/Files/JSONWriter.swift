/// Writes JSON text as UTF-8 bytes, straight into one buffer: the save file's writer, and the
/// `--emit-html` page's (`scriptSafe`).
///
/// Strings are copied in runs between the characters that need an escape, with no `String` built
/// on the way. Escaped: `"` and `\`, the control characters (C0, DEL and C1, as `\n`, `\r`,
/// `\t` or `\u00XX`: a terminal that shows the file would act on them); everything else is
/// written as it is. A `scriptSafe` writer also escapes `<`, `>` and `&` (`\u003c`, …), so that
/// no `</script>` or `<!--` ends the `<script>` element the JSON sits in, and U+2028 and U+2029.
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
  /// Whether strings escape what could end a `<script>` element.
  let scriptSafe: Bool

  /// Creates a writer whose buffer has room for `capacity` bytes; `scriptSafe` for JSON inside
  /// an HTML `<script>` element.
  init(capacity: Int = 0, scriptSafe: Bool = false) {
    self.scriptSafe = scriptSafe
    bytes.reserveCapacity(capacity)
  }

  /// Creates a writer that goes on after `bytes`, taking their storage.
  init(appendingTo bytes: [UInt8], scriptSafe: Bool) {
    self.scriptSafe = scriptSafe
    self.bytes = bytes
  }

  /// The text so far, as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is (JSON punctuation and keys).
  @inline(__always)
  mutating func write(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a whole number, its digits written straight into the buffer.
  ///
  /// - Complexity: O(*d*) in its digits.
  @inline(__always)
  mutating func write(number: Int) {
    if number >= 0 && number < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(number))
      return
    }
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = number.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  /// Appends `text` as a JSON string, quoted and escaped.
  ///
  /// - Complexity: O(*m*) in the string's UTF-8 bytes.
  @inline(__always)
  mutating func write(string text: String) {
    bytes.append(UInt8(ascii: "\""))
    write(escaped: text)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `text` escaped as in a JSON string, without the quotes: a part of a string the
  /// caller writes in pieces.
  ///
  /// - Complexity: O(*m*) in the string's UTF-8 bytes.
  mutating func write(escaped text: String) {
    var text = text
    let table = scriptSafe ? Self.scriptSafeAttention : Self.attention
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        // A byte that can start no escape, the bulk of most text, goes on in the run.
        if table[Int(byte)] == 0 {
          index += 1
          continue
        }
        let isC1 = byte == 0xC2 && index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1])
        // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
        let isSeparator =
          scriptSafe && byte == 0xE2 && index + 2 < utf8.count && utf8[index + 1] == 0x80
          && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
        let isMarkup =
          scriptSafe
          && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&"))
        guard
          byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || byte == 0x7F || isC1 || isSeparator || isMarkup
        else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        if isSeparator {
          write(utf8[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#)
          index += 3
        } else {
          let scalar = isC1 ? UInt32(utf8[index + 1]) : UInt32(byte)
          escape(scalar)
          index += isC1 ? 2 : 1
        }
        runStart = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
  }

  /// For each byte, 1 when it may start an escape (`write(escaped:)` looks closer), else 0: the
  /// C0 controls, `"`, `\\`, DEL, and 0xC2 and 0xE2 (the first bytes of the C1 controls and of
  /// U+2028 and U+2029).
  private static let attention: [UInt8] = (0...255).map { byte in
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
      ? 1 : 0
  }

  /// `attention` with `<`, `>` and `&`, for a `scriptSafe` writer.
  private static let scriptSafeAttention: [UInt8] = (0...255).map { byte in
    attention[byte] == 1 || byte == 0x3C || byte == 0x3E || byte == 0x26 ? 1 : 0
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

// MARK: - Values and structure

extension JSONWriter {
  /// Appends text the caller made: punctuation and numbers.
  mutating func raw(_ json: String) { bytes.append(contentsOf: json.utf8) }

  /// Writes `null`.
  mutating func null() { write("null") }

  /// Writes `1` or `0`: the page reads flags as numbers, which keeps its data short.
  mutating func flag(_ value: Bool) { bytes.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0")) }

  /// Writes a string literal.
  mutating func string(_ value: String) { write(string: value) }

  /// Writes an array of `elements`, each written by `body`, with the commas between them.
  mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for element in elements {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      body(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes an array of strings.
  mutating func strings<S: Sequence<String>>(_ elements: S) {
    array(elements) { $0.string($1) }
  }

  /// Writes an object whose members `body` writes with `Members.member`.
  mutating func object(_ body: (inout Members) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    var members = Members(writer: self)
    bytes = []
    body(&members)
    // Closed before it comes back: appending after `self = members.writer` would copy the
    // whole buffer while `members` still holds it.
    members.writer.bytes.append(UInt8(ascii: "}"))
    self = members.writer
  }

  /// The members of an object being written.
  struct Members {
    /// The writer the object goes to.
    var writer: JSONWriter
    /// Whether a member has been written.
    private var hasMembers = false

    init(writer: JSONWriter) { self.writer = writer }

    /// Writes the member `key`, whose value `body` writes.
    mutating func member(_ key: String, _ body: (inout JSONWriter) -> Void) {
      if hasMembers { writer.raw(",") }
      hasMembers = true
      writer.string(key)
      writer.raw(":")
      body(&writer)
    }
  }
}
