import XCTest

@testable import OutlineLanguage

/// `JSONDuplicateKeys`: the object and the key, keys compared decoded, values never taken for
/// keys, and JSON the decoder accepts leniently (a trailing comma) or bytes it would reject
/// answered without a trap.
final class JSONDuplicateKeysTests: XCTestCase {
  func first(_ text: String) -> String? {
    JSONDuplicateKeys.first(in: Array(text.utf8)).map { $0.place + " " + $0.key }
  }

  func testTheObjectAndTheKey() {
    XCTAssertEqual(first(#"{"a": 1, "a": 2}"#), " a")
    XCTAssertEqual(first(#"{"a": {"b": 1, "b": 2}}"#), "a b")
    XCTAssertEqual(first(#"{"a": [{"x": 1}, {"y": 1, "y": 2}]}"#), "a[1] y")
    XCTAssertEqual(first(#"{"a": [[1, 2], {"z": 1, "\u007a": 2}]}"#), "a[1] z")
    XCTAssertEqual(first(#"{"\ud83d\ude00": 1, "😀": 2}"#), " 😀")
    // Two different lone surrogates both decode to U+FFFD: the same key once decoded.
    XCTAssertEqual(first(#"{"\ud800": 1, "\ud801": 2}"#), " \u{FFFD}")
  }

  func testNoRepeatedKey() {
    XCTAssertNil(first(#"{"a": "a", "b": {"a": "a"}, "c": [{"a": 1}, {"a": 2}]}"#))
    XCTAssertNil(first(#"{"a": "{\"a\": 1, \"a\": 2}", "b": "\\"}"#))
    XCTAssertNil(first(#"{"a": 1, "b": [1, 2,], }"#), "a trailing comma, which the decoder accepts")
  }

  func testBytesThatAreNotJSONDoNotTrap() {
    for text in ["]]}}", #"{"a": 1}}]"#, #"{"a"#, #"{"a\"#, #"{"\u12"#, "", "\"", "[{,,,:}]"] {
      _ = first(text)
    }
  }
}
