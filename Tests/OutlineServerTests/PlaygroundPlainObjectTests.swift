import Foundation
import XCTest

@testable import OutlineServer

/// The request body read without Foundation (`Playground.plainObject`): the same object as
/// `JSONSerialization` where it answers, and no answer for any body it does not take.
final class PlaygroundPlainObjectTests: XCTestCase {
  /// `object`'s values as text, for comparing the two readers' objects.
  func described(_ object: [String: Any]) -> [String: String] {
    object.mapValues { value in
      if let text = value as? String { return "string " + text }
      if let number = value as? NSNumber { return "number \(number.doubleValue)" }
      return "other \(value)"
    }
  }

  func foundation(_ body: String) -> [String: String]? {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]).map(described)
  }

  func testThePageBodiesReadAsFoundationReadsThem() throws {
    let bodies = [
      #"{"session":"s1","at":0,"line":"append A"}"#,
      #"{"line":"move N3 before R7.4","at":102,"session":"s12"}"#,
      #"{"session":"s1","at":999999999999999,"line":""}"#,
      #"{"session":"s1","at":7,"line":"append Äpfel 🍎 日本"}"#,
      #"{"a":"1"}"#, #"{"line":"x","other":5}"#,
    ]
    for body in bodies {
      let object = try XCTUnwrap(Playground.plainObject(Array(body.utf8)), body)
      XCTAssertEqual(described(object), foundation(body), body)
    }
  }

  func testAnyOtherBodyIsLeftToFoundation() {
    let bodies = [
      "", "{}", "{", "}", "[1]", #"{"line": "append A"}"#, #" {"line":"a"}"#,
      #"{"line":"say \"hi\""}"#, #"{"line":"a\\b"}"#, #"{"line":"a\u0041"}"#,
      "{\"line\":\"a\tb\"}", #"{"at":-1}"#, #"{"at":1.5}"#, #"{"at":1e3}"#, #"{"at":01}"#,
      #"{"at":1234567890123456}"#, #"{"at":true}"#, #"{"at":null}"#, #"{"at":[1]}"#,
      #"{"a":"1","a":"2"}"#, #"{"a":"1",}"#, #"{"a":"1"}x"#, #"{"a""1"}"#, #"{"a":"1"x}"#,
      #"{"a":1"#, #"{"a":"1"#, #"{"a":}"#, #"{a:"1"}"#,
    ]
    for body in bodies {
      XCTAssertNil(Playground.plainObject(Array(body.utf8)), body)
    }
    XCTAssertNil(Playground.plainObject([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]))
  }

  /// `runLine` reads a page's body into its fields without Foundation: the same fields as
  /// from Foundation's object, a member of another type being none.
  func testRunFieldsAreTheSameFromEitherReader() throws {
    let bodies = [
      #"{"session":"s1","at":0,"line":"append A"}"#,
      #"{"line":"move N3 before R7.4","at":102,"session":"s12"}"#,
      #"{"session":7,"at":"3","line":4}"#, #"{"line":"x","other":5}"#, #"{"at":999999999999999}"#,
    ]
    for body in bodies {
      let members = try XCTUnwrap(Playground.plainMembers(Array(body.utf8)), body)
      let plain = Playground.RunFields(members)
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], body)
      let foundation = Playground.RunFields(object)
      XCTAssertEqual(plain.session, foundation.session, body)
      XCTAssertEqual(plain.at, foundation.at, body)
      XCTAssertEqual(plain.line, foundation.line, body)
    }
    let fields = Playground.RunFields(
      try XCTUnwrap(Playground.plainMembers(Array(bodies[0].utf8))))
    XCTAssertEqual(fields.session, "s1")
    XCTAssertEqual(fields.at, 0)
    XCTAssertEqual(fields.line, "append A")
    // The page's own bodies are read straight into the fields, the same ones.
    for body in bodies where !body.contains("other") {
      let direct = try XCTUnwrap(Playground.plainRunFields(Array(body.utf8)), body)
      let members = Playground.RunFields(try XCTUnwrap(Playground.plainMembers(Array(body.utf8))))
      XCTAssertEqual(direct.session, members.session, body)
      XCTAssertEqual(direct.at, members.at, body)
      XCTAssertEqual(direct.line, members.line, body)
      XCTAssertEqual(direct.quiz, members.quiz, body)
    }
    let quizOff = try XCTUnwrap(
      Playground.plainRunFields(Array(#"{"session":"s1","at":2,"quiz":0,"line":"x"}"#.utf8)))
    XCTAssertFalse(quizOff.quiz)
    XCTAssertTrue(try XCTUnwrap(Playground.plainRunFields(Array(#"{"quiz":1}"#.utf8))).quiz)
    // A member of another name, or one given twice, is left to the other readers.
    for body in [#"{"line":"x","other":5}"#, #"{"at":1,"at":2}"#, #"{"line": "x"}"#] {
      XCTAssertNil(Playground.plainRunFields(Array(body.utf8)), body)
    }
    // Foundation's reader takes an integral number written otherwise.
    let written = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(#"{"at": 3.0}"#.utf8)) as? [String: Any])
    XCTAssertEqual(Playground.RunFields(written).at, 3)
  }
}
