import Foundation
import OutlineServer
import XCTest

/// A page not in quiz mode gets its steps without their questions, and asks for them when the
/// quiz is turned on (`POST /api/questions`): the same questions a page in quiz mode gets.
final class PlaygroundQuestionsTests: XCTestCase {
  /// The script of both tabs: a rows question, a gesture's (calls and visible items), a query
  /// that asks nothing, a tap on no item (which asks nothing either).
  static let lines = [
    "append Food Drinks", "append Apple Pear to Food", "expand Food", "count",
    "move Pear before Apple", "collapse Food", "expand Nope",
  ]

  /// Runs `lines` in a new tab, one request each, with `quiz` as the page sends it.
  private func tab(_ fixture: PlaygroundFixture, quiz: Int?) throws -> (String, [[String: Any]]) {
    let tab = try fixture.openTab()
    var steps: [[String: Any]] = []
    for (at, line) in Self.lines.enumerated() {
      var object: [String: Any] = ["session": tab, "line": line, "at": at]
      if let quiz { object["quiz"] = quiz }
      let body = try JSONSerialization.data(withJSONObject: object)
      let response = fixture.send("POST", "/api/run", body: String(decoding: body, as: UTF8.self))
      XCTAssertEqual(response.status, 200, response.text)
      let answer = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
      steps += try XCTUnwrap(answer["steps"] as? [[String: Any]])
    }
    return (tab, steps)
  }

  /// The `q` of each step as JSON text, "null" for none.
  private static func texts(_ questions: [Any?]) throws -> [String] {
    try questions.map { question in
      guard let question, !(question is NSNull) else { return "null" }
      return String(
        decoding: try JSONSerialization.data(withJSONObject: question, options: .sortedKeys),
        as: UTF8.self)
    }
  }

  private func questions(_ fixture: PlaygroundFixture, _ body: String) -> PlaygroundResponse {
    fixture.send("POST", "/api/questions", body: body)
  }

  func testStepsWithoutTheQuizHaveNoQuestionAndGetTheQuizsOnesLater() throws {
    let fixture = try PlaygroundFixture()
    let (asked, withQuestions) = try tab(fixture, quiz: nil)
    let (plain, withoutQuestions) = try tab(fixture, quiz: 0)
    XCTAssertEqual(withQuestions.count, Self.lines.count)
    XCTAssertEqual(withoutQuestions.count, Self.lines.count)
    // Without the quiz: no step has a question, each is marked; with it (the default), none is.
    XCTAssertTrue(withoutQuestions.allSatisfy { $0["q"] == nil && $0["nq"] as? Int == 1 })
    XCTAssertTrue(withQuestions.allSatisfy { $0["nq"] == nil })
    let expected = try Self.texts(withQuestions.map { $0["q"] })
    XCTAssertEqual(expected.filter { $0 != "null" }.count, 5, "\(expected)")
    // Everything else about the steps is the same.
    for (one, other) in zip(withQuestions, withoutQuestions) {
      var one = one
      var other = other
      one["q"] = nil
      other["nq"] = nil
      XCTAssertEqual(
        try JSONSerialization.data(withJSONObject: one, options: .sortedKeys),
        try JSONSerialization.data(withJSONObject: other, options: .sortedKeys))
    }
    for from in [0, 2, Self.lines.count] {
      let response = questions(fixture, #"{"session":"\#(plain)","from":\#(from)}"#)
      XCTAssertEqual(response.status, 200, response.text)
      let answer = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
      XCTAssertEqual(answer["from"] as? Int, from)
      XCTAssertEqual(
        try Self.texts(try XCTUnwrap(answer["q"] as? [Any])), Array(expected[from...]))
    }
    // The quiz's tab answers the same.
    let again = questions(fixture, #"{"session":"\#(asked)","from":0}"#)
    let answer = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(again.body)) as? [String: Any])
    XCTAssertEqual(try Self.texts(try XCTUnwrap(answer["q"] as? [Any])), expected)
  }

  func testBadQuestionRequestsAreRefusedAndChangeNothing() throws {
    let fixture = try PlaygroundFixture()
    let (tab, _) = try tab(fixture, quiz: 0)
    let before = fixture.script(tab)
    let refused: [(String, Int)] = [
      ("", 400), ("not json", 400), (#"{"session":"\#(tab)"}"#, 400),
      (#"{"session":"\#(tab)","from":-1}"#, 400),
      (#"{"session":"\#(tab)","from":\#(Self.lines.count + 1)}"#, 400),
      (#"{"session":"\#(tab)","from":0.5}"#, 400), (#"{"session":"\#(tab)","from":"0"}"#, 400),
      (#"{"from":0}"#, 400), (#"{"session":"nope","from":0}"#, 404),
    ]
    for (body, status) in refused {
      let response = questions(fixture, body)
      XCTAssertEqual(response.status, status, "\(body): \(response.text)")
      XCTAssertNotNil(
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any], body)
    }
    XCTAssertEqual(fixture.send("GET", "/api/questions").status, 405)
    XCTAssertEqual(
      fixture.send("POST", "/api/questions", body: #"{"session":"\#(tab)","from":0}"#, cookie: nil)
        .status, 403)
    XCTAssertEqual(fixture.script(tab), before)
    XCTAssertEqual(fixture.script(tab).split(separator: "\n").count, Self.lines.count + 1)
  }
}
