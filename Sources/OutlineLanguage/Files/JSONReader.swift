/// A pull reader of JSON over the bytes of a file: the save file's parser.
///
/// The caller walks the document it expects (`beginObject`, `nextKey`, `string`, …); the reader
/// checks the syntax as it goes, decodes strings (escapes, surrogate pairs, UTF-8 validated), and
/// reads numbers only as the whole numbers a save file holds. A value the caller does not want
/// is skipped by `skipValue`, with its own stack instead of recursion, so a hostile file's
/// nesting costs no stack; its objects are checked for repeated keys too.
///
/// Why not Foundation: `JSONDecoder` and `JSONSerialization` are each slower than Python's
/// `json.load` on a large save file, before any outline is built, and both keep one value of a
/// repeated key without a word, so a second scan would have to find repeated keys. This reader
/// does the syntax, the repeated keys and the file's shape in one pass over the bytes, and
/// `load` builds the outline from levels in one more, not one `append(_:to:)` per item (the
/// `files` scenario of `scripts/benchmark` times it against `json.load`).
///
/// ```swift
/// var reader = JSONReader(buffer)  // the bytes of {"a": 1}
/// try reader.beginObject(at: "")
/// var first = true
/// while let key = try reader.nextKey(among: KeyNames("a"), &first) {
///   try reader.count(at: "a")      // key: .known(0); 1
/// }
/// try reader.end()
/// ```
struct JSONReader {
  /// The file's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The index of the next byte to read.
  var position = 0

  /// How deep `skipValue` follows nested lists and objects before it gives up.
  static let depthLimit = 1_000

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  // MARK: Errors

  /// The error for bytes that are not JSON: the message every truncated file gets, or a
  /// `reason` with the line it is on.
  func syntaxError(_ reason: String? = nil) -> LoadProblem {
    guard let reason else {
      return LoadProblem("not valid JSON (the file may be truncated or not a save file)")
    }
    var line = 1
    for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
    }
    return LoadProblem("not valid JSON at line \(line): \(reason)")
  }

  // MARK: Structure

  /// Skips spaces, tabs and line breaks, and returns the next byte (nil at the end).
  @inline(__always)
  mutating func peek() -> UInt8? {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      case let byte: return byte
      }
    }
    return nil
  }

  /// Consumes `byte` after any white space.
  @inline(__always)
  mutating func expect(_ byte: UInt8) throws(LoadProblem) {
    guard peek() == byte else { throw syntaxError() }
    position += 1
  }

  /// Checks that nothing but white space is left.
  mutating func end() throws(LoadProblem) {
    guard peek() == nil else { throw syntaxError() }
  }

  /// What the next value is, for type errors: nil at the end of the bytes.
  mutating func nextKind() -> Kind? {
    guard let byte = peek() else { return nil }
    return switch byte {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .list
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
    default: nil
    }
  }

  /// The kinds of JSON value.
  enum Kind { case object, list, string, number, bool, null }

  /// Consumes the `{` of an object.
  ///
  /// - Throws: `"PATH: expected an object"` when the next value is another one.
  mutating func beginObject(at path: @autoclosure () -> String) throws(LoadProblem) {
    guard peek() == UInt8(ascii: "{") else { throw typeError("an object", at: path()) }
    position += 1
  }

  /// Consumes the `[` of a list.
  mutating func beginList(at path: @autoclosure () -> String) throws(LoadProblem) {
    guard peek() == UInt8(ascii: "[") else { throw typeError("a list", at: path()) }
    position += 1
  }

  /// Moves to the next element of a list, or past its `]` (then returns false).
  ///
  /// `first` is true before the first element, and is cleared.
  @inline(__always)
  mutating func nextElement(_ first: inout Bool) throws(LoadProblem) -> Bool {
    let byte = peek()
    if byte == UInt8(ascii: "]") {
      position += 1
      return false
    }
    if first {
      first = false
      return true
    }
    guard byte == UInt8(ascii: ",") else { throw syntaxError() }
    position += 1
    return true
  }

  /// Reads the next key of an object and its `:`: the index of the name in `names` it matches
  /// (compared after decoding), `.other` with any other key, or nil after the object's `}`.
  @inline(__always)
  mutating func nextKey(among names: KeyNames, _ first: inout Bool) throws(LoadProblem) -> Key? {
    let byte = peek()
    if byte == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if first {
      first = false
    } else {
      guard byte == UInt8(ascii: ",") else { throw syntaxError() }
      position += 1
    }
    guard peek() == UInt8(ascii: "\"") else { throw syntaxError() }
    let start = position + 1
    let raw = try stringBytes()
    let key: Key
    if raw.escaped {
      let text = try decodedString(from: start)
      key = names.index(of: Array(text.utf8)).map(Key.known) ?? .other(text)
    } else if let index = names.index(of: bytes, start..<raw.end) {
      key = .known(index)
    } else {
      key = .other(try string(in: start..<raw.end, ascii: raw.ascii))
    }
    try expect(UInt8(ascii: ":"))
    return key
  }

  /// A key as `nextKey` read it.
  enum Key: Equatable {
    /// The index of a name the caller expected.
    case known(Int)
    /// Any other key, decoded.
    case other(String)
  }

  // MARK: Values

  /// Reads a string.
  ///
  /// - Throws: `"PATH: expected a string"` for another kind of value; a syntax error for a bad
  ///   escape, a raw control character or bytes that are not UTF-8.
  @inline(__always)
  mutating func string(at path: @autoclosure () -> String) throws(LoadProblem) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw typeError("a string", at: path()) }
    let start = position + 1
    let raw = try stringBytes()
    if raw.escaped { return try decodedString(from: start) }
    return try string(in: start..<raw.end, ascii: raw.ascii)
  }

  /// Reads `true` or `false`, or `null` as nil when `null` is allowed.
  mutating func bool(at path: @autoclosure () -> String, orNull: Bool = false)
    throws(LoadProblem) -> Bool?
  {
    if literal("true") { return true }
    if literal("false") { return false }
    if literal("null") {
      if orNull { return nil }
      throw LoadProblem(prefix(path()) + "expected true or false")
    }
    throw typeError("true or false", at: path())
  }

  /// Reads `null` if it comes next.
  mutating func null() -> Bool { literal("null") }

  /// Reads a whole number from 0 to 999,999,999.
  ///
  /// - Throws: `"PATH: expected a number"` for another kind of value; `"PATH: expected a whole
  ///   number, not 1.5"` for a fraction, an exponent or a minus sign; `"PATH: 10000000000 is too
  ///   large"` beyond the limit; a syntax error for a number JSON does not allow (`01`, `1.`).
  @inline(__always)
  mutating func count(at path: @autoclosure () -> String) throws(LoadProblem) -> Int {
    guard nextKind() == .number else { throw typeError("a number", at: path()) }
    let start = position
    try skipNumber()
    var value = 0
    var whole = true
    for index in start..<position {
      let digit = bytes[index] &- UInt8(ascii: "0")
      if digit < 10 { value = value &* 10 &+ Int(digit) } else { whole = false }
    }
    guard whole, position - start <= 9 else {
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      throw LoadProblem(
        prefix(path()) + (whole ? "\(text) is too large" : "expected a whole number, not \(text)"))
    }
    return value
  }

  /// Consumes `word` if the bytes continue with it.
  private mutating func literal(_ word: StaticString) -> Bool {
    guard isAhead(word) else { return false }
    position += word.utf8CodeUnitCount
    return true
  }

  /// Whether the bytes continue with `word` (after white space).
  private mutating func isAhead(_ word: StaticString) -> Bool {
    guard peek() != nil, position + word.utf8CodeUnitCount <= bytes.count else { return false }
    let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for (offset, letter) in letters.enumerated() where bytes[position + offset] != letter {
      return false
    }
    return true
  }

  /// The error for a value of the wrong kind: a syntax error when the next bytes are not a
  /// value at all (`tru`, a file cut short).
  private mutating func typeError(_ expected: String, at path: String)
    -> LoadProblem
  {
    switch nextKind() {
    case nil: return syntaxError()
    case .bool? where !isAhead("true") && !isAhead("false"), .null? where !isAhead("null"):
      return syntaxError()
    default: break
    }
    return LoadProblem(prefix(path) + "expected " + expected)
  }

  /// `path: `, or nothing for the outermost value.
  func prefix(_ path: String) -> String { path.isEmpty ? "" : path + ": " }
}

/// The keys of one kind of object, as bytes, for `JSONReader.nextKey(among:_:)`.
struct KeyNames {
  /// Each name's UTF-8 bytes.
  let names: [[UInt8]]

  init(_ names: String...) { self.names = names.map { Array($0.utf8) } }

  /// No names: every key is `.other`.
  static let none = KeyNames()

  /// The name at `index`.
  subscript(index: Int) -> String { String(decoding: names[index], as: UTF8.self) }

  /// The index of the name whose bytes are `key`.
  func index(of key: [UInt8]) -> Int? { names.firstIndex(of: key) }

  /// The index of the name whose bytes are `bytes[range]`, without copying them.
  @inline(__always)
  func index(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    for (index, name) in names.enumerated() where name.count == range.count {
      var equal = true
      for offset in 0..<name.count where name[offset] != bytes[range.lowerBound + offset] {
        equal = false
        break
      }
      if equal { return index }
    }
    return nil
  }
}
