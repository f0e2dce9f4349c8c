import XCTest

@testable import OutlineLanguage

/// The question each step of a page asks in quiz mode (`HTMLPage.question(for:change:)`): its
/// kind follows what the step did, and its expected answers are the step's own result.
final class HTMLPageQuizTests: XCTestCase {
  /// The question of the last command of `script`, each earlier command run first.
  func question(after script: [String]) throws -> HTMLPage.Quiz? {
    let session = Session()
    var page = HTMLPage(title: "test", state: session.state)
    for line in script {
      let outcome = session.run(line)
      XCTAssertTrue(outcome.ok || line == script.last, "\(line): \(outcome)")
      page.record(outcome, at: SourceLocation(file: "test", line: 1))
    }
    // The question alone is the one worked out with the rest of the step's changes.
    XCTAssertEqual(page.steps.last?.quiz, page.steps.last?.changes.quiz)
    guard let quiz = page.steps.last?.quiz, let outcome = page.steps.last?.outcome else {
      return nil
    }
    let resolved = quiz.resolved(for: outcome)
    XCTAssertFalse(resolved.choices.isEmpty, "a question has choices")
    return resolved
  }

  func answers(_ quiz: HTMLPage.Quiz?) -> [String] {
    quiz?.choices.map { "\($0.choice)=\($0.answer)" } ?? []
  }

  func testADeletionAsksWhichRowsChangeWithTheDeletedRowRemoved() throws {
    let quiz = try question(after: ["append A B C", "delete B"])
    XCTAssertEqual(quiz?.kind, .rows)
    XCTAssertEqual(answers(quiz), ["A=stays", "B=removed", "C=stays"])
  }

  func testAnInsertedItemIsListedAfterTheItemItFollows() throws {
    let quiz = try question(after: ["append A C", "insert B after A"])
    XCTAssertEqual(quiz?.kind, .rows)
    XCTAssertEqual(answers(quiz), ["A=stays", "B=inserted", "C=stays"])
  }

  func testAReorderAsksWhichHandlersUIKitCalls() throws {
    let quiz = try question(after: ["append A B C", "move C before A"])
    XCTAssertEqual(quiz?.kind, .calls)
    XCTAssertEqual(
      answers(quiz),
      [
        "shouldExpandItem=no", "willExpandItem=no", "snapshotForExpandingParent=no",
        "shouldCollapseItem=no", "willCollapseItem=no", "canReorderItem=yes", "willReorder=yes",
        "didReorder=yes",
      ])
  }

  func testARefusedTapStillAsksWhichHandlersWereCalled() throws {
    let quiz = try question(
      after: [
        "append Food", "append Fruit to Food", "expand Food", "rule no-collapse Food",
        "collapse Food",
      ])
    XCTAssertEqual(quiz?.kind, .calls)
    XCTAssertEqual(
      quiz?.choices.filter { $0.answer == "yes" }.map(\.choice), ["shouldCollapseItem"])
  }

  func testATapOnAHiddenRowAsksWhichHandlersAndTheAnswerIsNone() throws {
    for tap in ["expand Apple", "collapse Apple", "move Apple up"] {
      let quiz = try question(
        after: ["append Food Drinks", "append Apple Pear to Food", "append Pip to Apple", tap])
      XCTAssertEqual(quiz?.kind, .calls, tap)
      XCTAssertEqual(quiz?.choices.count, HTMLPage.handlerNames.count, tap)
      XCTAssertEqual(quiz?.choices.filter { $0.answer == "yes" }.map(\.choice), [], tap)
    }
    // Any other failure with no handler call still asks nothing.
    XCTAssertNil(try question(after: ["append A", "delete Nope"]))
  }

  func testAnExpansionByCodeAsksWhatVisibleItemsHolds() throws {
    let quiz = try question(after: ["append Food Drinks", "append Fruit to Food", "reveal Fruit"])
    XCTAssertEqual(quiz?.kind, .visible)
    XCTAssertEqual(answers(quiz), ["Food=yes", "Fruit=yes", "Drinks=yes"])
    let collapsed = try question(
      after: ["append Food Drinks", "append Fruit to Food", "reveal Fruit", "collapse --all"])
    XCTAssertEqual(collapsed?.kind, .visible)
    XCTAssertEqual(answers(collapsed), ["Food=yes", "Fruit=no", "Drinks=yes"])
  }

  func testAStepThatChangesNoRowAndCallsNoHandlerAsksNothing() throws {
    XCTAssertNil(try question(after: ["append A", "count"]))
    XCTAssertNil(try question(after: ["append A", "rule no-expand A"]))
    XCTAssertNil(try question(after: ["append A", "append A"]))
  }

  func testLastReprintsATransactionButChangesNoRowSoAsksNothing() throws {
    XCTAssertNil(try question(after: ["append A B C", "move C before A", "last"]))
    XCTAssertNil(try question(after: ["append A B C", "delete B", "last"]))
    XCTAssertNil(try question(after: ["append A B C", "delete B", "undo", "redo", "last"]))
    XCTAssertNil(try question(after: ["append-items A B", "apply --reload-data", "last"]))
  }

  func testAReloadDataApplyAsksNothing() throws {
    XCTAssertNil(
      try question(after: ["append-items A B C", "begin", "delete-items B", "apply --reload-data"]))
  }

  func testALongListAsksAboutTheChangesAndTheRowsAroundThem() throws {
    let items = (0..<30).map { "I\($0)" }
    let quiz = try question(after: ["append " + items.joined(separator: " "), "delete I20"])
    XCTAssertEqual(quiz?.choices.count, HTMLPage.maxChoices)
    XCTAssertEqual(
      quiz?.choices.map(\.choice), (14...25).map { "I\($0)" }, "the rows nearest the change")
    XCTAssertEqual(quiz?.choices.filter { $0.answer != "stays" }.map(\.choice), ["I20"])
  }

  func testAnInsertionIntoALongListIsAskedAmongTheRowsAroundIt() throws {
    let items = (0..<30).map { "I\($0)" }
    let quiz = try question(after: [
      "append " + items.joined(separator: " "), "insert New after I9",
    ])
    XCTAssertEqual(
      quiz?.choices.map(\.choice), (4...9).map { "I\($0)" } + ["New"] + (10...14).map { "I\($0)" })
    XCTAssertEqual(quiz?.choices.filter { $0.answer != "stays" }.map(\.choice), ["New"])
  }

  func testEachRunOfInsertedItemsIsListedAfterTheRowBeforeTheRun() throws {
    let quiz = try question(after: [
      "append A B C", "begin", "insert X Y before A", "insert P Q R after B", "apply",
    ])
    XCTAssertEqual(
      answers(quiz),
      [
        "X=inserted", "Y=inserted", "A=stays", "B=stays", "P=inserted", "Q=inserted",
        "R=inserted", "C=stays",
      ])
  }

  func testEveryChangeIsAskedWhenEveryRowFits() throws {
    let items = (0..<10).map { "I\($0)" }
    let quiz = try question(after: [
      "append " + items.joined(separator: " "), "delete " + items.joined(separator: " "),
    ])
    XCTAssertEqual(quiz?.choices.map(\.choice), items)
    XCTAssertTrue(quiz?.choices.allSatisfy { $0.answer == "removed" } == true)
  }

  func testAnExpansionInALongSectionAsksAboutItsChildrenAndTheItemsAroundThem() throws {
    let roots = (0..<20).map { "R\($0)" }
    let quiz = try question(after: [
      "append " + roots.joined(separator: " "), "append C1 C2 to R10", "reveal C1",
    ])
    XCTAssertEqual(quiz?.kind, .visible)
    XCTAssertEqual(quiz?.choices.count, HTMLPage.maxChoices)
    XCTAssertEqual(
      answers(quiz).filter { $0.hasPrefix("C") }, ["C1=yes", "C2=yes"], "the rows it shows")
    XCTAssertTrue(answers(quiz).contains("R10=yes") && answers(quiz).contains("R11=yes"))
  }

  func testAMoveByCodeIsAMoveInTheRowsQuestion() throws {
    let quiz = try question(after: ["append B A", "sort --roots"])
    XCTAssertEqual(quiz?.kind, .rows)
    XCTAssertEqual(quiz?.choices.map(\.choice), ["B", "A"])
    XCTAssertTrue(quiz?.choices.contains { $0.answer == "moved" } == true)
    XCTAssertTrue(quiz?.choices.allSatisfy { ["moved", "stays"].contains($0.answer) } == true)
  }

  func testThePageCarriesEachQuestionAndWhetherItOpensInQuizMode() throws {
    let session = Session()
    var page = HTMLPage(title: "test", state: session.state)
    page.quiz = true
    for line in ["append A B", "count", "delete A"] {
      page.record(session.run(line), at: SourceLocation(file: "test", line: 1))
    }
    let data = try XCTUnwrap(HTMLPageTests.data(in: page.html))
    XCTAssertEqual(data["quiz"] as? Int, 1)
    let steps = HTMLPageTests.steps(data)
    XCTAssertNil(steps[1]["q"], "a query asks nothing")
    let question = try XCTUnwrap(steps[2]["q"] as? [String: Any])
    XCTAssertEqual(question["k"] as? String, "rows")
    // The flat difference the page picks the choices from: the row at 0 removed, no move.
    XCTAssertEqual(question["r"] as? [Int], [0, -1])
    XCTAssertEqual(question["i"] as? [Int], [])
    XCTAssertNil(question["c"])
    page.quiz = false
    XCTAssertEqual(HTMLPageTests.data(in: page.html)?["quiz"] as? Int, 0)
  }
}

extension HTMLPage.Quiz {
  /// The question with a rows question's choices picked as the page picks them
  /// (`HTMLPage.rowsQuiz`, which `RowsChoicesBrowserTests` checks the page against), from
  /// `outcome`'s flat snapshots; any other question as it is.
  func resolved(for outcome: Outcome) -> HTMLPage.Quiz {
    guard let rows, let (before, after, _, _) = HTMLPage.flatChange(of: outcome) else {
      return self
    }
    var quiz = self
    quiz.choices =
      HTMLPage.rowsQuiz(before: before, after: after, offsets: rows.offsets, near: rows.near)
      .choices
    return quiz
  }
}
