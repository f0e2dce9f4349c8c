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
package struct JSONWriter {
  /// The text so far, in storage the writer grows itself: most writes are a few bytes, which
  /// go straight into it with no `Array` append.
  private var storage: JSONBytes
  /// Whether strings escape what could end a `<script>` element.
  let scriptSafe: Bool
  /// The bytes 0x00 to 0x3F and 0x40 to 0x7F that may start an escape, a bit each
  /// (`mayStartEscape(_:)`).
  private let attentionLow: UInt64
  private let attentionHigh: UInt64

  /// Creates a writer whose buffer has room for `capacity` bytes; `scriptSafe` for JSON inside
  /// an HTML `<script>` element.
  package init(capacity: Int = 0, scriptSafe: Bool = false) {
    self.scriptSafe = scriptSafe
    storage = JSONBytes(capacity: capacity)
    // The C0 controls, `"` and `\\`, DEL; `<`, `>` and `&` when script-safe.
    var low: UInt64 = 0xFFFF_FFFF | 1 << 0x22
    let high: UInt64 = 1 << (0x5C - 0x40) | 1 << (0x7F - 0x40)
    if scriptSafe { low |= 1 << 0x3C | 1 << 0x3E | 1 << 0x26 }
    attentionLow = low
    attentionHigh = high
  }

  /// The text so far, as bytes.
  ///
  /// - Complexity: O(*n*): a copy.
  package var bytes: [UInt8] { storage.array }

  /// The text so far, as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The storage, not shared with another writer (a copy of the writer keeps its own text),
  /// with room for `more` bytes after the text.
  @inline(__always)
  private mutating func room(for more: Int) -> JSONBytes {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(adding: more) }
    if storage.count + more > storage.capacity { storage.grow(toHold: storage.count + more) }
    return storage
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    let storage = room(for: 1)
    storage.base[storage.count] = byte
    storage.count += 1
  }

  /// Appends `bytes` as they are.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let storage = room(for: bytes.count)
    let target = storage.base + storage.count
    if bytes.count <= 16 {
      for index in 0..<bytes.count { target[index] = source[index] }
    } else {
      target.update(from: source, count: bytes.count)
    }
    storage.count += bytes.count
  }

  /// Appends `text` as it is (JSON punctuation and keys).
  @inline(__always)
  package mutating func write(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a whole number, its digits written straight into the buffer.
  ///
  /// - Complexity: O(*d*) in its digits.
  @inline(__always)
  package mutating func write(number: Int) {
    if number >= 0 && number < 10 {
      append(UInt8(ascii: "0") + UInt8(number))
      return
    }
    if number < 0 { append(UInt8(ascii: "-")) }
    var rest = number.magnitude
    var digits = 0
    var probe = rest
    repeat {
      digits += 1
      probe /= 10
    } while probe > 0
    let storage = room(for: digits)
    var index = storage.count + digits
    repeat {
      index -= 1
      storage.base[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
    storage.count += digits
  }

  /// Appends `text` as a JSON string, quoted and escaped.
  ///
  /// - Complexity: O(*m*) in the string's UTF-8 bytes.
  @inline(__always)
  mutating func write(string text: String) {
    // A short string that needs no escape (most identifiers) in one pass with its quotes; a
    // longer one is looked at eight bytes at a time (`write(escapedUTF8:)`).
    if text.utf8.count <= 16, append(plain: text, between: "\"") { return }
    append(UInt8(ascii: "\""))
    write(escaped: text)
    append(UInt8(ascii: "\""))
  }

  /// Appends `text` escaped as in a JSON string, without the quotes: a part of a string the
  /// caller writes in pieces.
  ///
  /// - Complexity: O(*m*) in the string's UTF-8 bytes.
  mutating func write(escaped text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ write(escapedUTF8: $0) }) != nil { return }
    var text = text
    text.withUTF8 { write(escapedUTF8: $0) }
  }

  /// Appends `text` between two `quote`s when each of its bytes is printable ASCII that starts
  /// no escape (`mayStartEscape`), in one pass; false, having appended nothing, for any other
  /// text.
  ///
  /// - Complexity: O(*m*) in its bytes.
  mutating func append(plain text: String, between quote: StaticString) -> Bool {
    let plain = text.utf8.withContiguousStorageIfAvailable {
      append(plain: $0, between: quote)
    }
    return plain == true
  }

  /// `append(plain:between:)` of a string's UTF-8 bytes: checked eight at a time
  /// (`mayStartEscape(word:)`), then copied a word at a time.
  ///
  /// A text shorter than a word is read as one word of its bytes (some read twice) beside
  /// bytes that start no escape; a longer one as whole words, its last word overlapping the
  /// one before it. Nothing is written past the room the text and its quotes take.
  private mutating func append(
    plain bytes: UnsafeBufferPointer<UInt8>, between quote: StaticString
  ) -> Bool {
    let count = bytes.count
    if let source = bytes.baseAddress, !isPlain(source, count: count) { return false }
    let quoteCount = quote.utf8CodeUnitCount
    let storage = room(for: count + 2 * quoteCount)
    let base = storage.base
    var end = storage.count
    for index in 0..<quoteCount { base[end + index] = quote.utf8Start[index] }
    end += quoteCount
    if let source = bytes.baseAddress {
      Self.copy(source, count: count, to: base + end)
      end += count
    }
    for index in 0..<quoteCount { base[end + index] = quote.utf8Start[index] }
    storage.count = end + quoteCount
    return true
  }

  /// Whether none of the `count` bytes at `source` may start an escape of this writer's
  /// (`mayStartEscape(word:)`, which flags every byte beyond ASCII): one word per eight bytes.
  ///
  /// - Complexity: O(*m*) in the bytes.
  @inline(__always)
  private func isPlain(_ source: UnsafePointer<UInt8>, count: Int) -> Bool {
    let raw = UnsafeRawPointer(source)
    if count >= 8 {
      var index = 0
      while index + 8 <= count {
        if mayStartEscape(word: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
          return false
        }
        index += 8
      }
      return index == count
        || !mayStartEscape(
          word: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
    // `A` (0x41) fills the bytes the text does not: it starts no escape, and no borrow or
    // carry between bytes comes from it.
    let filler: UInt64 = 0x4141_4141_4141_4141
    if count >= 4 {
      let low = UInt64(raw.loadUnaligned(as: UInt32.self))
      let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      return !mayStartEscape(word: low | high << 32)
    }
    if count == 0 { return true }
    // The first, middle and last bytes: every byte of one to three.
    let word =
      filler & ~0xFF_FFFF | UInt64(source[0]) | UInt64(source[count >> 1]) << 8
      | UInt64(source[count - 1]) << 16
    return !mayStartEscape(word: word)
  }

  /// Copies `count` bytes from `source` to `target` a word at a time where there are eight
  /// or more, the last word overlapping the one before it; fewer in two or three moves.
  ///
  /// Hand-written beside `update(from:count:)` (a call to `memmove`) for speed alone: a step's
  /// strings are mostly a few bytes long, where the call costs more than these moves (measured
  /// with the word-wise check: see commit 817160c).
  ///
  /// - Complexity: O(*m*) in the bytes.
  @inline(__always)
  private static func copy(
    _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if count >= 8 {
      var index = 0
      while index + 8 <= count {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: index, as: UInt64.self), toByteOffset: index,
          as: UInt64.self)
        index += 8
      }
      if index < count {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
          toByteOffset: count - 8, as: UInt64.self)
      }
    } else if count >= 4 {
      let low = from.loadUnaligned(as: UInt32.self)
      let high = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      to.storeBytes(of: low, as: UInt32.self)
      to.storeBytes(of: high, toByteOffset: count - 4, as: UInt32.self)
    } else if count > 0 {
      target[0] = source[0]
      target[count >> 1] = source[count >> 1]
      target[count - 1] = source[count - 1]
    }
  }

  /// `write(escaped:)` of a string's UTF-8 bytes.
  private mutating func write(escapedUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    guard let first = utf8.baseAddress else { return }
    var runStart = 0
    var index = 0
    while index < utf8.count {
      // Eight bytes at once while none of them may start an escape, the bulk of most text;
      // then the next eight one by one.
      if index + 8 <= utf8.count,
        !mayStartEscape(word: UnsafeRawPointer(first + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let stop = min(index + 8, utf8.count)
      while index < stop {
        let byte = utf8[index]
        // A byte that can start no escape goes on in the run.
        if !mayStartEscape(byte) {
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
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
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
    }
    append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
  }

  /// Whether any of the eight bytes of `word` may start an escape.
  ///
  /// Those are a byte below 0x20 or from 0x7F up (DEL, and every byte of a character beyond
  /// ASCII), `"` or `\\`, and `<`, `>` or `&` in a `scriptSafe` writer. It may say so of a word
  /// with none (a carry between bytes), never the other way: such a word is then looked at
  /// byte by byte.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func mayStartEscape(word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte below `n` (at most 0x80) sets its high bit in `(w - n·ones) & ~w`; a zero byte is
    // one below 1, so a byte equal to `c` is a zero byte of `w ^ c·ones`.
    func hasByte(below n: UInt64, in w: UInt64) -> UInt64 { (w &- n &* ones) & ~w }
    var flags = hasByte(below: 0x20, in: word)
    // From 0x7F up: adding 1 to 0x7F sets its high bit; the bytes above have theirs set.
    flags |= (word &+ ones) | word
    flags |= hasByte(below: 1, in: word ^ (0x22 &* ones))
    flags |= hasByte(below: 1, in: word ^ (0x5C &* ones))
    if scriptSafe {
      // `<` (0x3C) and `>` (0x3E) differ in one bit: both are 0x3E once it is set.
      flags |= hasByte(below: 1, in: (word | (0x02 &* ones)) ^ (0x3E &* ones))
      flags |= hasByte(below: 1, in: word ^ (0x26 &* ones))
    }
    return flags & highs != 0
  }

  /// Whether `byte` may start an escape (`write(escaped:)` looks closer): the C0 controls,
  /// `"`, `\\`, DEL, and 0xC2 and 0xE2 (the first bytes of the C1 controls and of U+2028 and
  /// U+2029); `<`, `>` and `&` too in a `scriptSafe` writer.
  @inline(__always)
  func mayStartEscape(_ byte: UInt8) -> Bool {
    if byte < 0x40 { return attentionLow >> UInt64(byte) & 1 != 0 }
    if byte < 0x80 { return attentionHigh >> UInt64(byte - 0x40) & 1 != 0 }
    return byte == 0xC2 || byte == 0xE2
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
      append(hex[Int(scalar >> 4)])
      append(hex[Int(scalar & 0xF)])
    }
  }
}

// MARK: - Values and structure

extension JSONWriter {
  /// Appends text the caller made: punctuation and numbers.
  mutating func raw(_ json: String) {
    if json.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
    var json = json
    json.withUTF8 { append($0) }
  }

  /// Writes `null`.
  mutating func null() { write("null") }

  /// Writes `1` or `0`: the page reads flags as numbers, which keeps its data short.
  mutating func flag(_ value: Bool) { append(value ? UInt8(ascii: "1") : UInt8(ascii: "0")) }

  /// Writes a string literal.
  package mutating func string(_ value: String) { write(string: value) }

  /// Writes an array of `elements`, each written by `body`, with the commas between them.
  mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
    append(UInt8(ascii: "["))
    var first = true
    for element in elements {
      if !first { append(UInt8(ascii: ",")) }
      first = false
      body(&self, element)
    }
    append(UInt8(ascii: "]"))
  }

  /// Writes an array of strings.
  mutating func strings<S: Sequence<String>>(_ elements: S) {
    array(elements) { $0.string($1) }
  }

  /// Writes an object whose members `body` writes with `Members.member`.
  mutating func object(_ body: (inout Members) -> Void) {
    append(UInt8(ascii: "{"))
    var members = Members(writer: self)
    // The members hold the only reference to the storage while they write: no copy.
    storage = JSONBytes.empty
    body(&members)
    // Closed before it comes back: appending after `self = members.writer` would copy the
    // whole buffer while `members` still holds it.
    members.writer.append(UInt8(ascii: "}"))
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

/// The bytes a `JSONWriter` has written, with room after them: one buffer, grown by doubling.
final class JSONBytes {
  /// The first byte.
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// The bytes written.
  var count = 0
  /// The bytes `base` has room for.
  private(set) var capacity: Int

  /// Empty storage with room for `capacity` bytes.
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Storage no writer writes to: what an object's writer holds while its members write.
  nonisolated(unsafe) static let empty = JSONBytes(capacity: 0)

  /// A copy of the bytes, with room for `more` after them.
  ///
  /// - Complexity: O(*n*) in the bytes.
  func copy(adding more: Int) -> JSONBytes {
    let copy = JSONBytes(capacity: Swift.max(capacity, count + more))
    copy.base.initialize(from: base, count: count)
    copy.count = count
    return copy
  }

  /// Grows the buffer to hold at least `needed` bytes, at least doubling it.
  ///
  /// - Complexity: O(*n*) in the bytes, moved.
  func grow(toHold needed: Int) {
    let grown = Swift.max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.initialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = grown
  }

  /// The bytes, as an array.
  ///
  /// - Complexity: O(*n*): a copy.
  var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
