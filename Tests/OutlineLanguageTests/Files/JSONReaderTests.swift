import XCTest

@testable import OutlineLanguage

/// `JSONReader`: strings (escapes, surrogate pairs, UTF-8), whole numbers, skipped values (their
/// repeated keys and their nesting), and bytes that are not JSON, each with its message.
final class JSONReaderTests: XCTestCase {
  /// Runs `body` on a reader over `text`'s bytes.
  func read<T>(_ text: String, _ body: (inout JSONReader) throws(LoadProblem) -> T)
    -> Result<T, LoadProblem>
  {
    read(Array(text.utf8), body)
  }

  func read<T>(_ bytes: [UInt8], _ body: (inout JSONReader) throws(LoadProblem) -> T)
    -> Result<T, LoadProblem>
  {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(LoadProblem) {
        let value = try body(&reader)
        try reader.end()
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
  }

  func string(_ text: String) -> Result<String, LoadProblem> {
    read(text) { reader throws(LoadProblem) in try reader.string(at: "s") }
  }

  func message<T>(_ result: Result<T, LoadProblem>) -> String? {
    if case .failure(let problem) = result { return problem.message }
    return nil
  }

  let notJSON = "not valid JSON (the file may be truncated or not a save file)"

  func testStringsAndTheirEscapes() throws {
    XCTAssertEqual(try string(#""plain""#).get(), "plain")
    XCTAssertEqual(try string(#""""#).get(), "")
    XCTAssertEqual(try string(#""a\"b\\c\/d\b\f\n\r\t""#).get(), "a\"b\\c/d\u{8}\u{C}\n\r\t")
    XCTAssertEqual(try string(#""\u0041\u00e9\u20AC""#).get(), "Aé€")
    XCTAssertEqual(try string(#""\ud83d\ude00 and 😀""#).get(), "😀 and 😀")
    XCTAssertEqual(try string(#""é, then \n""#).get(), "é, then \n")
  }

  func testBadEscapesAreErrors() {
    XCTAssertEqual(message(string(#""\x""#)), #"not valid JSON at line 1: \x is not a JSON escape"#)
    XCTAssertEqual(
      message(string(#""\u12""#)), #"not valid JSON at line 1: \u needs four hex digits"#)
    XCTAssertEqual(
      message(string(#""\uZZZZ""#)), #"not valid JSON at line 1: \u needs four hex digits"#)
    XCTAssertEqual(
      message(string(#""\ud83d""#)),
      #"not valid JSON at line 1: \uD83D is half of a surrogate pair, alone"#)
    XCTAssertEqual(
      message(string(#""\ud83dx""#)),
      #"not valid JSON at line 1: \uD83D is half of a surrogate pair, alone"#)
    XCTAssertEqual(
      message(string(#""\ud83d\u0041""#)),
      #"not valid JSON at line 1: \uD83D is half of a surrogate pair, alone"#)
    XCTAssertEqual(
      message(string(#""\ude00""#)),
      #"not valid JSON at line 1: \uDE00 is half of a surrogate pair, alone"#)
  }

  func testInvalidUTF8AndControlCharactersAreErrors() {
    let utf8Problem = "not valid JSON at line 2: a string that is not UTF-8"
    let bad: [[UInt8]] = [
      [0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
      [0xC0, 0xAF],
    ]
    for bytes in bad {
      let text = Array("\n\"a".utf8) + bytes + Array("\"".utf8)
      XCTAssertEqual(
        message(read(text) { reader throws(LoadProblem) in try reader.string(at: "") }),
        utf8Problem, "\(bytes)")
      let escaped = Array("\n\"\\n".utf8) + bytes + Array("\"".utf8)
      XCTAssertEqual(
        message(read(escaped) { reader throws(LoadProblem) in try reader.string(at: "") }),
        utf8Problem, "\(bytes), escaped")
    }
    XCTAssertEqual(
      message(string("\"a\u{1}b\"")),
      "not valid JSON at line 1: a control character (1) inside a string")
    XCTAssertEqual(message(string("\"a\nb\"")), notJSON)
    XCTAssertEqual(message(string("\"abc")), notJSON)
    XCTAssertEqual(message(string("\"abc\\")), notJSON)
  }

  func testWholeNumbers() throws {
    func count(_ text: String) -> Result<Int, LoadProblem> {
      read(text) { reader throws(LoadProblem) in try reader.count(at: "level") }
    }
    XCTAssertEqual(try count("0").get(), 0)
    XCTAssertEqual(try count(" 42 ").get(), 42)
    XCTAssertEqual(try count("999999999").get(), 999_999_999)
    XCTAssertEqual(message(count("1000000000")), "level: 1000000000 is too large")
    XCTAssertEqual(
      message(count("123456789012345678901234567890")),
      "level: 123456789012345678901234567890 is too large")
    XCTAssertEqual(message(count("1.5")), "level: expected a whole number, not 1.5")
    XCTAssertEqual(message(count("1e3")), "level: expected a whole number, not 1e3")
    XCTAssertEqual(message(count("-1")), "level: expected a whole number, not -1")
    XCTAssertEqual(message(count("\"1\"")), "level: expected a number")
    XCTAssertEqual(message(count("null")), "level: expected a number")
    for broken in ["01", "1.", "-", "1e", "1e+", "-x", ".5"] {
      XCTAssertEqual(message(count(broken)), notJSON, broken)
    }
  }

  func testSkippedValuesAreCheckedForRepeatedKeys() {
    func skip(_ text: String) -> Result<Void, LoadProblem> {
      read(text) { reader throws(LoadProblem) in try reader.skipValue(at: "extra") }
    }
    XCTAssertNoThrow(
      try skip(#"{"a": [1, -2.5e3, true, false, null, "s", {}], "b": {"a": 1}}"#).get())
    XCTAssertEqual(message(skip(#"{"a": 1, "a": 2}"#)), #"extra: key "a" appears twice"#)
    XCTAssertEqual(message(skip(#"{"a": {"b": 1, "b": 2}}"#)), #"extra.a: key "b" appears twice"#)
    XCTAssertEqual(
      message(skip(#"{"a": [{"x": 1}, {"y": 1, "y": 2}]}"#)), #"extra.a[1]: key "y" appears twice"#)
    XCTAssertEqual(
      message(skip(#"{"a": [[1, 2], {"z": 1, "\u007a": 2}]}"#)),
      #"extra.a[1]: key "z" appears twice"#)
    XCTAssertEqual(message(skip(#"{"\ud83d\ude00": 1, "😀": 2}"#)), #"extra: key "😀" appears twice"#)
    // Strings holding braces and quotes are values, not structure.
    XCTAssertNoThrow(try skip(#"{"a": "{\"a\": 1, \"a\": 2}", "b": "\\"}"#).get())
  }

  func testSkippedValuesThatAreNotJSON() {
    func skip(_ text: String) -> Result<Void, LoadProblem> {
      read(text) { reader throws(LoadProblem) in try reader.skipValue(at: "extra") }
    }
    for text in [
      "]]}}", #"{"a": 1}}]"#, #"{"a"#, #"{"a\"#, #"{"\u12"#, "", "\"", "[{,,,:}]",
      #"{"a": 1, "b": [1, 2,], }"#, "[1 2]", #"{"a" 1}"#, "tru", "nul", "[", "{", "[1,]",
    ] {
      XCTAssertNotNil(message(skip(text)), text)
    }
  }

  func testDeepNestingIsAnErrorNotARecursion() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let result = read(deep) { reader throws(LoadProblem) in try reader.skipValue(at: "extra") }
    XCTAssertEqual(message(result), "extra: nested more than 1000 levels deep")
    let allowed =
      String(repeating: #"{"a": "#, count: 1_000) + "1" + String(repeating: "}", count: 1_000)
    XCTAssertNoThrow(
      try read(allowed) { reader throws(LoadProblem) in try reader.skipValue(at: "x") }.get())
  }

  func testTheLineOfAProblem() {
    let text = "{\n\n  \"a\": \"\\q\"}"
    XCTAssertEqual(
      message(read(text) { reader throws(LoadProblem) in try reader.skipValue(at: "") }),
      #"not valid JSON at line 3: \q is not a JSON escape"#)
  }
}
