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

  /// Each character that needs an escape, at each place of a longer text (eight bytes are
  /// looked at together), and plain runs of each length: as escaped one character at a time.
  func testEscapesAtEachPlaceOfALongText() {
    func escaped(_ text: String, scriptSafe: Bool) -> String {
      var out = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += #"\""#
        case "\\": out += #"\\"#
        case "\n": out += #"\n"#
        case "\r": out += #"\r"#
        case "\t": out += #"\t"#
        case "<" where scriptSafe: out += #"\u003c"#
        case ">" where scriptSafe: out += #"\u003e"#
        case "&" where scriptSafe: out += #"\u0026"#
        case "\u{2028}" where scriptSafe: out += #"\u2028"#
        case "\u{2029}" where scriptSafe: out += #"\u2029"#
        default:
          let value = scalar.value
          if value < 0x20 || (0x7F...0x9F).contains(value) {
            out += #"\u00"# + String(value >> 4, radix: 16) + String(value & 0xF, radix: 16)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      return "\"" + out + "\""
    }
    let filler = "abcdefghijklmnopqrstuvwxyz0123456789"
    let odd = [
      "\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "<", ">", "&",
      "=",
      "?", "\u{2028}", "\u{2029}", "\u{2027}", "é", "€", "😀", "~", " ",
    ]
    for scriptSafe in [false, true] {
      for length in 0..<filler.count {
        var writer = JSONWriter(scriptSafe: scriptSafe)
        let plain = String(filler.prefix(length))
        writer.write(string: plain)
        XCTAssertEqual(writer.text, "\"" + plain + "\"")
      }
      for character in odd {
        for place in 0..<20 {
          // A longer text, and a short one (up to 16 bytes are first tried as plain).
          let long =
            String(filler.prefix(place)) + character + String(filler.prefix(19 - place))
            + character
          for text in [long, String(filler.prefix(place)) + character] {
            var writer = JSONWriter(scriptSafe: scriptSafe)
            writer.write(string: text)
            XCTAssertEqual(
              writer.text, escaped(text, scriptSafe: scriptSafe),
              "\(character.unicodeScalars.map(\.value)) at \(place) of \(text.utf8.count) bytes, "
                + "script-safe \(scriptSafe)")
          }
        }
      }
    }
  }

  /// A plain literal is written whole with its quotes; any other text is not written at all.
  func testAPlainTextIsAppendedBetweenQuotesAndAnyOtherNot() {
    for scriptSafe in [false, true] {
      var writer = JSONWriter(scriptSafe: scriptSafe)
      writer.write("[")
      XCTAssertTrue(writer.append(plain: "Apple pie 3.14", between: #"\""#))
      XCTAssertTrue(writer.append(plain: "", between: "'"))
      for text in ["say \"hi\"", #"back\slash"#, "tab\t", "é", "\u{7F}"] {
        XCTAssertFalse(writer.append(plain: text, between: #"\""#), text)
      }
      XCTAssertEqual(
        writer.append(plain: "a<b", between: "'"), !scriptSafe, "script-safe \(scriptSafe)")
      writer.write("]")
      XCTAssertEqual(writer.text, #"[\"Apple pie 3.14\"''"# + (scriptSafe ? "]" : "'a<b']"))
    }
  }

  /// A text of each length up to three words is plain or not by each of its bytes, wherever
  /// it is (the bytes are looked at a word at a time, a short text's as one word): every
  /// length of plain text is copied whole, and one odd character at any place of it makes
  /// the text not plain, with nothing written.
  func testAPlainTextOfEachLengthAndAnOddCharacterAtEachPlace() {
    let filler = "The quick brown fox jumps over the lazy dog"
    let odd = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "é", "😀", "<", ">", "&"]
    for scriptSafe in [false, true] {
      for length in 0...24 {
        let plain = String(filler.prefix(length))
        var writer = JSONWriter(scriptSafe: scriptSafe)
        writer.write("[")
        XCTAssertTrue(writer.append(plain: plain, between: #"\""#), plain)
        XCTAssertTrue(writer.append(plain: plain, between: "'"), plain)
        writer.write("]")
        XCTAssertEqual(writer.text, #"[\""# + plain + #"\"'"# + plain + "']")
        for character in odd {
          let markup = character == "<" || character == ">" || character == "&"
          for place in 0...length {
            let text =
              String(filler.prefix(place)) + character
              + String(filler.prefix(length).dropFirst(place))
            var writer = JSONWriter(scriptSafe: scriptSafe)
            writer.write("[")
            let isPlain = writer.append(plain: text, between: "'")
            XCTAssertEqual(
              isPlain, markup && !scriptSafe,
              "\(character.unicodeScalars.map(\.value)) at \(place) of \(text.utf8.count) bytes")
            writer.write("]")
            XCTAssertEqual(writer.text, isPlain ? "['" + text + "']" : "[]")
          }
        }
      }
    }
  }
}
