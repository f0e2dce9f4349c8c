import Diffable
import Foundation
import XCTest

@testable import OutlineLanguage

/// The questions a learner most often mispredicts: a gesture asks whether it runs (the same
/// under `expect error` as plain), and what is visible after it when it shows or hides more
/// than the tapped item's children; a change of hidden items alone asks which rows change,
/// none being the answer.
extension HTMLPageQuizTests {
  /// The parts of a question after its first, as `KIND: CHOICE=ANSWER, …`.
  func more(_ quiz: HTMLPage.Quiz?) -> [String] {
    (quiz?.more ?? []).map { part in
      part.kind.rawValue + ": " + answers(part).joined(separator: ", ")
    }
  }

  func testAGestureThatRunsSaysSo() throws {
    let quiz = try question(after: ["append A B C", "move C before A"])
    XCTAssertEqual(more(quiz), ["fails: move C before A=runs"])
  }

  func testAnExpectedFailureAsksAsThePlainFailingGestureDoes() throws {
    let setup = ["append Food Drinks", "append Apple Pear to Food", "append Pip to Apple"]
    for tap in ["expand Apple", "collapse Apple", "move Apple up"] {
      let plain = try question(after: setup + [tap])
      let expected = try question(after: setup + ["expect error " + tap])
      XCTAssertEqual(expected?.kind, .calls, tap)
      XCTAssertEqual(
        expected?.choices.map(\.answer), plain?.choices.map(\.answer), "no handler: \(tap)")
      XCTAssertEqual(more(plain), ["fails: \(tap)=notVisible"])
      XCTAssertEqual(more(expected), ["fails: expect error \(tap)=notVisible"])
    }
  }

  func testARuleThatRefusesATapIsWhyItFails() throws {
    let setup = ["append Food", "append Fruit to Food", "expand Food", "rule no-collapse Food"]
    let plain = try question(after: setup + ["collapse Food"])
    let expected = try question(after: setup + ["expect error collapse Food"])
    XCTAssertEqual(more(plain), ["fails: collapse Food=refused"])
    XCTAssertEqual(more(expected), ["fails: expect error collapse Food=refused"])
    XCTAssertEqual(
      expected?.choices.filter { $0.answer == "yes" }.map(\.choice), ["shouldCollapseItem"])
  }

  func testATapThatShowsOnlyTheItemsChildrenAsksNoMore() throws {
    let quiz = try question(after: ["append A B", "append A1 A2 to A", "expand A"])
    XCTAssertEqual(more(quiz), ["fails: expand A=runs"])
    let collapse = try question(after: ["append A B", "append A1 to A", "expand A", "collapse A"])
    XCTAssertEqual(more(collapse), ["fails: collapse A=runs"])
  }

  func testATapOnAParentOfManyChildrenInALongOutlineAsksNoMore() throws {
    // Enough rows that the states before and after share most of their storage.
    let roots = (0..<40).map { "R\($0)" }
    let children = (0..<150).map { "R20.\($0)" }
    let setup = [
      "append " + roots.joined(separator: " "),
      "append " + children.joined(separator: " ") + " to R20",
    ]
    let expand = try question(after: setup + ["expand R20"])
    XCTAssertEqual(more(expand), ["fails: expand R20=runs"])
    let collapse = try question(after: setup + ["expand R20", "collapse R20"])
    XCTAssertEqual(more(collapse), ["fails: collapse R20=runs"])
    // A child's own children shown: the collapse hides more than the tapped item's children.
    let deeper = try question(
      after: setup + ["append G to R20.3", "expand R20", "expand R20.3", "collapse R20"])
    XCTAssertEqual(more(deeper).count, 2)
    XCTAssertEqual(quizPart(deeper, 1)?.kind, .visible)
  }

  /// The part of `quiz` after its first at `index`, from 0.
  func quizPart(_ quiz: HTMLPage.Quiz?, _ index: Int) -> HTMLPage.Quiz? {
    guard let more = quiz?.more, more.indices.contains(index) else { return nil }
    return more[index]
  }

  func testEachHandlerCallIsAnsweredAtItsHandlersName() {
    let empty = SectionSnapshot<String>()
    let calls: [HandlerCall] = [
      .shouldExpandItem("A", result: true), .willExpandItem("A"),
      .snapshotForExpandingParent("A", current: empty, result: empty),
      .shouldCollapseItem("A", result: false), .willCollapseItem("A"),
      .canReorderItem("A", result: true), .willReorder, .didReorder,
    ]
    XCTAssertEqual(
      calls.map { HTMLPage.handlerNames[HTMLPage.handlerIndex(of: $0)] }, calls.map(\.name))
    XCTAssertEqual(Set(calls.map(HTMLPage.handlerIndex(of:))).count, HTMLPage.handlerNames.count)
  }

  func testATapThatBringsBackOrHidesGrandchildrenAlsoAsksWhatIsVisible() throws {
    let setup = ["append A B", "append A1 to A", "append A11 to A1", "expand A", "expand A1"]
    let collapse = try question(after: setup + ["collapse A"])
    XCTAssertEqual(
      more(collapse),
      ["fails: collapse A=runs", "visible: A=yes, A1=no, A11=no, B=yes"])
    let expand = try question(after: setup + ["collapse A", "expand A"])
    XCTAssertEqual(
      more(expand), ["fails: expand A=runs", "visible: A=yes, A1=yes, A11=yes, B=yes"])
  }

  func testDraggingAnExpandedParentAlsoAsksWhatIsVisible() throws {
    // UIKit collapses the dragged parent first, without asking its handlers.
    let quiz = try question(after: ["append A B C", "append A1 A2 to A", "expand A", "drag 0 1"])
    XCTAssertEqual(quiz?.kind, .calls)
    XCTAssertEqual(more(quiz).first, "fails: drag 0 1=runs")
    let visible = try XCTUnwrap(quiz?.more.last)
    XCTAssertEqual(visible.kind, .visible)
    XCTAssertEqual(
      Set(answers(visible)), ["A=yes", "A1=no", "A2=no", "B=yes", "C=yes"])
  }

  func testAnAppendUnderACollapsedParentAsksWhichRowsChangeAndNoneIsTheAnswer() throws {
    let quiz = try question(after: ["append A B", "append A1 to A"])
    XCTAssertEqual(quiz?.kind, .rows)
    XCTAssertEqual(answers(quiz), ["A=stays", "B=stays"])
    XCTAssertEqual(more(quiz), [])
  }

  func testAHiddenChangeInALongListAsksAboutTheRowsAroundItsVisibleAncestor() throws {
    let roots = (0..<30).map { "R\($0)" }
    let quiz = try question(after: [
      "append " + roots.joined(separator: " "), "append C to R20", "append D to C",
    ])
    XCTAssertEqual(quiz?.kind, .rows)
    XCTAssertEqual(quiz?.choices.map(\.choice), (14...25).map { "R\($0)" })
    XCTAssertTrue(quiz?.choices.allSatisfy { $0.answer == "stays" } == true)
  }

  /// A question read back from its JSON as the page reads it (`quiz.js`, `expandQuestion`):
  /// each part as `KIND: CHOICE=ANSWER, …`, a rows part as its offsets (`r`, `i`, `n`).
  static func decoded(_ json: [UInt8]) throws -> [String] {
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    let parts = [object] + (object["more"] as? [[String: Any]] ?? [])
    return try parts.map { part in
      let kind = try XCTUnwrap(part["k"] as? String)
      var pairs: [String]
      switch kind {
      case "calls":
        let called = try XCTUnwrap(part["c"] as? Int)
        pairs = HTMLPage.handlerNames.enumerated().map {
          "\($1)=" + (called & (1 << $0) != 0 ? "yes" : "no")
        }
      case "rows":
        let removals = try XCTUnwrap(part["r"] as? [Int]).map(String.init)
        let insertions = try XCTUnwrap(part["i"] as? [Int]).map(String.init)
        pairs = [
          "r=" + removals.joined(separator: ","), "i=" + insertions.joined(separator: ","),
          "n=" + ((part["n"] as? Int).map(String.init) ?? "none"),
        ]
      case "visible":
        let choices = try XCTUnwrap(part["c"] as? [String])
        let letters = try XCTUnwrap(part["a"] as? String).map { $0 == "y" ? "yes" : "no" }
        XCTAssertEqual(letters.count, choices.count)
        pairs = zip(choices, letters).map { "\($0)=\($1)" }
      default:
        pairs = try XCTUnwrap(part["c"] as? [[String]]).map { $0.joined(separator: "=") }
      }
      return kind + ": " + pairs.joined(separator: ", ")
    }
  }

  /// `quiz` as `decoded(_:)` reads it back.
  static func expected(_ quiz: HTMLPage.Quiz) -> [String] {
    ([quiz] + quiz.more).map { part in
      let pairs =
        part.rows.map { rows in
          let numbers = { (changes: [(offset: Int, associatedWith: Int?)]) in
            changes.flatMap { [$0.offset, $0.associatedWith ?? -1] }.map(String.init)
              .joined(separator: ",")
          }
          return [
            "r=\(numbers(rows.offsets.removals))", "i=\(numbers(rows.offsets.insertions))",
            "n=\(rows.near.map(String.init) ?? "none")",
          ]
        } ?? part.choices.map { "\($0.choice)=\($0.answer)" }
      return part.kind.rawValue + ": " + pairs.joined(separator: ", ")
    }
  }

  func testAQuestionIsWrittenAsEachOfItsStringsWouldBe() throws {
    let setup = ["append A B C D", "append A1 A2 to A", "append A11 to A1"]
    var quizzes: [HTMLPage.Quiz] = []
    for last in [
      "expand A", "collapse A", "expand --force A A1", "move D before A", "delete B",
      "append F", "rule no-collapse A", "expect error collapse A1",
    ] {
      if let quiz = try question(after: setup + ["expand A", last]) { quizzes.append(quiz) }
    }
    let kinds = quizzes.flatMap { [$0] + $0.more }.map(\.kind)
    XCTAssertEqual(Set(kinds), [.rows, .calls, .visible, .fails])
    // Any other strings too, as `JSONWriter.string` writes them.
    quizzes.append(
      HTMLPage.Quiz(
        kind: .visible,
        choices: [("<willExpandItem>", "yes"), ("\"x\u{2028}\"", "no"), ("é\u{7}", "yes")],
        more: [HTMLPage.Quiz(kind: .fails, choices: [("expand \"<&>\"", "runs")])]))
    for quiz in quizzes {
      for scriptSafe in [false, true] {
        var writer = JSONWriter(scriptSafe: scriptSafe)
        HTMLDocument.write(quiz, to: &writer)
        XCTAssertEqual(try Self.decoded(writer.bytes), Self.expected(quiz))
      }
    }
  }

  /// The page reads a `calls` part's number against its own list of the handlers, and a
  /// part's answer letters against its own words: both as the writer has them.
  func testThePageReadsTheCompactQuestionWithTheWritersNamesAndLetters() throws {
    let script = String(decoding: PackageResources.quiz_js, as: UTF8.self)
    let handlers = try XCTUnwrap(script.firstMatch(of: /var HANDLERS = \[([^\]]*)\]/)?.1)
    XCTAssertEqual(
      handlers.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["'"]))
      },
      HTMLPage.handlerNames)
    let letters = try XCTUnwrap(script.firstMatch(of: /var LETTERS = \{([^}]*)\}/)?.1)
    let words = ["yes", "no"]
    XCTAssertEqual(
      letters.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
      words.map { "\($0.first!): '\($0)'" })
  }

  func testThePageWritesEachPartOfAQuestion() throws {
    let session = Session()
    var page = HTMLPage(title: "test", state: session.state)
    for line in ["append A B", "move B up"] {
      page.record(session.run(line), at: SourceLocation(file: "test", line: 1))
    }
    let data = try XCTUnwrap(HTMLPageTests.data(in: page.html))
    let question = try XCTUnwrap(HTMLPageTests.steps(data)[1]["q"] as? [String: Any])
    XCTAssertEqual(question["k"] as? String, "calls")
    let parts = try XCTUnwrap(question["more"] as? [[String: Any]])
    XCTAssertEqual(parts.map { $0["k"] as? String }, ["fails"])
    XCTAssertEqual(parts.first?["c"] as? [[String]], [["move B up", "runs"]])
  }

  /// A collapse hid its item's first children when the rows after the item hold them in both
  /// states, even where a child's flag differs between the two (the storage not shared): then
  /// the rows are compared one by one, items and levels.
  func testHiddenRowsAreFirstChildrenWhenOnlyAChildsFlagDiffers() throws {
    let session = Session()
    for line in ["append A E", "append B C to A", "append D to C", "expand A", "collapse C"] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    let before = session.state
    for line in ["expand C", "collapse A"] { XCTAssertTrue(session.run(line).ok, line) }
    let after = session.state
    XCTAssertEqual(before.snapshot.itemIdentifiers, ["A", "B", "C", "E"])
    XCTAssertEqual(after.snapshot.itemIdentifiers, ["A", "E"])
    let hidden = try XCTUnwrap(
      CollectionDifference<String>([
        .remove(offset: 1, element: "B", associatedWith: nil),
        .remove(offset: 2, element: "C", associatedWith: nil),
      ]))
    func onlyChildren(_ states: (before: SessionState, after: SessionState)) -> Bool {
      HTMLPage.showsOrHidesOnlyChildren(
        of: "A", offsets: HTMLPage.OffsetChanges(hidden),
        rows: (states.before.snapshot, states.after.snapshot), states: states)
    }
    XCTAssertTrue(onlyChildren((before, after)))
    // Other items after A before the step: not the children the step hid.
    let other = Session()
    for line in ["append A E", "append B X to A", "append D to X", "expand A", "collapse X"] {
      XCTAssertTrue(other.run(line).ok, line)
    }
    XCTAssertFalse(onlyChildren((other.state, after)))
    // A row two levels deeper among them: no first child.
    let deeper = Session()
    for line in ["append A E", "append B to A", "append C to B", "expand A", "expand B"] {
      XCTAssertTrue(deeper.run(line).ok, line)
    }
    XCTAssertFalse(onlyChildren((deeper.state, after)))
  }
}
