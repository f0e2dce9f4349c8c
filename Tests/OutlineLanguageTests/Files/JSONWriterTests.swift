import XCTest

@testable import OutlineLanguage

/// `JSONWriter`: its own storage (a copy keeps its own text, growth past any capacity, an
/// object's members written in place), numbers, and each escape in plain and script-safe
/// writers.
final class JSONWriterTests: XCTestCase {
  func testACopyKeepsItsOwnText() {
    var writer = JSONWriter()
    writer.write("[")
    var copy = writer
    copy.write(string: "copy")
    writer.write(number: 1)
    XCTAssertEqual(writer.text, "[1")
    XCTAssertEqual(copy.text, "[\"copy\"")
    writer.write("]")
    XCTAssertEqual(copy.text, "[\"copy\"")
    XCTAssertEqual(writer.text, "[1]")
  }

  func testGrowsPastItsCapacity() {
    for capacity in [0, 1, 17, 4_096] {
      var writer = JSONWriter(capacity: capacity)
      var expected = "["
      writer.write("[")
      for index in 0..<2_000 {
        let text = String(repeating: "é", count: index % 40)
        if index > 0 {
          writer.write(",")
          expected += ","
        }
        writer.write(string: text)
        expected += "\"" + text + "\""
      }
      writer.write("]")
      expected += "]"
      XCTAssertEqual(writer.text, expected, "capacity \(capacity)")
      XCTAssertEqual(writer.withBytes { Array($0) }, Array(expected.utf8))
      XCTAssertEqual(writer.bytes, Array(expected.utf8))
    }
  }

  func testObjectsArraysAndNumbers() {
    var writer = JSONWriter()
    writer.object { members in
      members.member("n") { writer in
        writer.array([0, 9, 10, -1, -10, 123_456_789, Int.max, Int.min]) { $0.write(number: $1) }
      }
      members.member("o") { writer in
        writer.object { members in
          members.member("f") { $0.flag(true) }
          members.member("z") { $0.null() }
        }
      }
      members.member("s") { $0.strings(["a", ""]) }
    }
    XCTAssertEqual(
      writer.text,
      #"{"n":[0,9,10,-1,-10,123456789,9223372036854775807,-9223372036854775808],"#
        + #""o":{"f":1,"z":null},"s":["a",""]}"#)
    // The writer goes on after an object, its text kept.
    writer.raw(",x")
    XCTAssertTrue(writer.text.hasSuffix(#"["a",""]},x"#))
  }

  func testEscapes() {
    let text = "q\"b\\n\nr\rt\t\u{1}\u{1F}\u{7F}\u{85}\u{2028}\u{2029}<>&é€"
    var plain = JSONWriter()
    plain.write(string: text)
    XCTAssertEqual(
      plain.text,
      #""q\"b\\n\nr\rt\t\u0001\u001f\u007f\u0085"# + "\u{2028}\u{2029}<>&é€\"")
    var safe = JSONWriter(scriptSafe: true)
    safe.write(string: text)
    XCTAssertEqual(
      safe.text,
      #""q\"b\\n\nr\rt\t\u0001\u001f\u007f\u0085\u2028\u2029\u003c\u003e\u0026é€""#)
    // A string whose storage is not contiguous UTF-8 is written the same.
    let bridged = String(decoding: Array(text.utf16), as: UTF16.self)
    var again = JSONWriter(scriptSafe: true)
    again.write(string: bridged)
    XCTAssertEqual(again.text, safe.text)
  }
}
