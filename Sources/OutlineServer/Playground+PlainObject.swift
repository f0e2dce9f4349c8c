import Foundation

extension Playground {
  /// The object of a body written as the page writes it, read without Foundation's parser:
  /// `{"KEY":VALUE,…}` with no white space, each key once, each value a string with no escape
  /// or control character or a whole number of up to 15 digits; nil for any other body, which
  /// `JSONSerialization` then reads.
  ///
  /// Where it answers, the object is the one `JSONSerialization` makes of the same bytes: the
  /// same keys, each string the same text, each number an `NSNumber` of the same value.
  ///
  /// Hand-written beside Foundation's parser for speed alone (measured by perf on the
  /// playground benchmark: see commit 7c81cbe); every refusal and error stays Foundation's.
  ///
  /// ```swift
  /// Playground.plainObject(Array(#"{"session":"s1","at":3,"line":"append A"}"#.utf8))
  /// // ["session": "s1", "at": 3, "line": "append A"]
  /// Playground.plainObject(Array(#"{"line": "append A"}"#.utf8))  // nil: a space
  /// ```
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  static func plainObject(_ body: [UInt8]) -> [String: Any]? {
    plainMembers(body)?.mapValues { member -> Any in
      switch member {
      case .string(let text): text
      case .number(let number): NSNumber(value: number)
      }
    }
  }

  /// A member's value in a plain body (`plainObject(_:)`): a string, or a whole number.
  enum PlainValue: Equatable {
    case string(String)
    case number(Int)
  }

  /// `plainObject(_:)`'s members with their values as read, no `Any` or `NSNumber` made: what
  /// `runLine` reads a page's request with.
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  static func plainMembers(_ body: [UInt8]) -> [String: PlainValue]? {
    var object: [String: PlainValue] = [:]
    let read = readPlainMembers(body) { key, value in
      guard object[key] == nil else { return false }
      object[key] = value
      return true
    }
    return read ? object : nil
  }

  /// The fields of a `POST /api/run` body as the page writes it (`plainObject(_:)`) when its
  /// members are among `session`, `at`, `line` and `quiz`, each once; nil for any other body,
  /// which `plainMembers(_:)` or Foundation's parser then reads to the same fields.
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  static func plainRunFields(_ body: [UInt8]) -> RunFields? {
    var fields = RunFields()
    // The members seen, a bit each: four members need no set.
    var seen = 0
    let read = readPlainMembers(body) { key, value in
      guard let member = RunFields.Member(rawValue: key), seen & member.bit == 0 else {
        return false
      }
      seen |= member.bit
      fields.set(member, value)
      return true
    }
    return read ? fields : nil
  }

  /// Reads a plain body's members in order, handing each to `member`, which answers whether
  /// to go on; false when the body is not plain (`plainObject(_:)`) or `member` refused one.
  ///
  /// - Complexity: O(*m*) in the body's bytes.
  private static func readPlainMembers(
    _ body: [UInt8], _ member: (String, PlainValue) -> Bool
  ) -> Bool {
    body.withUnsafeBufferPointer { bytes in
      guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}")
      else { return false }
      var index = 1
      while true {
        guard let key = plainString(bytes, at: &index), index < bytes.count,
          bytes[index] == UInt8(ascii: ":")
        else { return false }
        index += 1
        guard index < bytes.count else { return false }
        let value: PlainValue
        if bytes[index] == UInt8(ascii: "\"") {
          guard let text = plainString(bytes, at: &index) else { return false }
          value = .string(text)
        } else {
          guard let number = plainNumber(bytes, at: &index) else { return false }
          value = .number(number)
        }
        guard member(key, value), index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else {
          return bytes[index] == UInt8(ascii: "}") && index == bytes.count - 1
        }
      }
    }
  }

  /// The string literal at `index` (moved past it), nil unless it has no `\` and no control
  /// character and is valid UTF-8.
  private static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int)
    -> String?
  {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var end = start
    var isASCII = true
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      guard bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\\") else { return nil }
      isASCII = isASCII && bytes[end] < 0x80
      end += 1
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
    // ASCII is valid UTF-8: only other bytes need the validating decoder.
    return isASCII
      ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
  }

  /// The whole number at `index` (moved past it): 1 to 15 digits, no leading zero; nil for
  /// anything else (a sign, a fraction, an exponent).
  private static func plainNumber(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int)
    -> Int?
  {
    var value = 0
    var end = index
    while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
      value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
      end += 1
      guard end - index <= 15 else { return nil }
    }
    let digits = end - index
    guard digits > 0, digits == 1 || bytes[index] != UInt8(ascii: "0"), end < bytes.count,
      bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: "}")
    else { return nil }
    index = end
    return value
  }
}
