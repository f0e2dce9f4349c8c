import Diffable
import OutlineLanguage
import XCTest

/// `say`, `expect`, `help`, rules commands, parse errors and the commands not implemented yet.
final class InterpreterScriptTests: XCTestCase {
  func testSayAnswersItsText() {
    XCTAssertEqual(Session().run(#"say hello "big  world""#).result, .text("hello big  world"))
  }

  func testExpectationsThatHold() {
    let session = foodSession()
    run(
      session,
      """
      expect items Food Apple Pear Drinks Water
      expect visible Food Drinks
      expect roots Food Drinks
      expect expanded
      expect parent Apple Food
      expect parent Food none
      expect level Water 1
      """)
  }

  func testExpectationsThatFailShowExpectedAndActual() {
    let session = foodSession()
    assertFails(
      session, "expect visible Food Apple", .expectationFailed,
      "expected visible Food Apple, got Food Drinks")
    assertFails(
      session, "expect expanded Food", .expectationFailed, "expected expanded Food, got (none)")
    assertFails(
      session, "expect parent Apple none", .expectationFailed,
      "expected the parent of Apple to be none, got Food")
    assertFails(
      session, "expect level Apple 0", .expectationFailed,
      "expected the level of Apple to be 0, got 1")
    assertFails(session, "expect level Nope 0", .unknownItem)
  }

  func testExpectErrorPassesWhenTheCommandFailsAndChangesNothing() {
    let session = foodSession()
    let outcome = run(session, "expect error append Apple")
    XCTAssertEqual(
      outcome.note,
      "failed as expected: duplicateItem: "
        + "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple"
        + " (Apple is already in section main)")
    run(session, "rule no-expand Food\nexpect error expand Food\nexpect error rule remove 7")
    XCTAssertEqual(session.outline.expandedItems, [])
  }

  func testExpectErrorOfACommandThatDoesNotParsePassesWithItsSyntaxError() {
    let session = foodSession()
    let items = session.outline.items
    let history = session.history.count
    let depth = run(session, "expect error expand --depth 0")
    XCTAssertEqual(
      depth.note, #"failed as expected: syntax: "expand" takes a number of at least 1: 0 is less"#)
    XCTAssertEqual(depth.expectedFailure?.error.code, .syntax)
    XCTAssertEqual(depth.effect, Effect.none)
    XCTAssertEqual(
      run(session, "expect error bogus A").note,
      #"failed as expected: unknownCommand: unknown command "bogus" ("help" lists the commands)"#)
    XCTAssertEqual(
      run(session, "expect error append").note,
      #"failed as expected: syntax: expected an item after "append""#)
    run(session, "expect error expect error expect error delete")
    XCTAssertEqual(session.outline.items, items)
    XCTAssertEqual(session.history.count, history, "no step recorded")
  }

  func testExpectErrorOfAnExpectErrorOfABadCommandFailsAndChangesNothing() {
    let session = foodSession()
    let items = session.outline.items
    assertFails(
      session, "expect error expect error bogus", .expectationFailed,
      #"expected "expect error bogus" to fail, but it succeeded"#)
    assertFails(
      session, "expect error", .syntax, #"expected a command after "expect error""#)
    XCTAssertEqual(session.outline.items, items)
  }

  func testExpectErrorOfASucceedingCommandFailsAndUndoesIt() {
    let session = foodSession()
    assertFails(
      session, "expect error append Kiwi", .expectationFailed,
      "expected \"append Kiwi\" to fail, but it succeeded")
    XCTAssertFalse(session.outline.contains("Kiwi"))
    assertFails(session, "expect error rule no-expand X", .expectationFailed)
    XCTAssertEqual(session.rules.rules, [])
  }

  func testRulesAreNumberedRemovedAndCleared() {
    let session = Session()
    XCTAssertEqual(
      session.run(#"rule no-collapse "Fav*""#).result, .text("rule 1: no-collapse Fav*"))
    run(session, "rule no-reorder A B\nrule lazy P C D")
    XCTAssertEqual(
      session.run("rules").result,
      .lines(["rule 1: no-collapse Fav*", "rule 2: no-reorder A B", "rule 3: lazy P C D"]))
    run(session, "rule remove 2")
    XCTAssertEqual(
      session.run("rules").result, .lines(["rule 1: no-collapse Fav*", "rule 2: lazy P C D"]))
    assertFails(
      session, "rule remove 3", .unknownItem, "There is no rule 3 (rules are numbered 1 to 2)")
    run(session, "rule clear")
    XCTAssertEqual(session.run("rules").result, .lines([]))
    assertFails(session, "rule remove 1", .unknownItem, "There is no rule 1 (there are no rules)")
  }

  func testHelpComesFromTheCatalog() {
    guard case .lines(let all) = Session().run("help").result else {
      return XCTFail("help gives lines")
    }
    XCTAssertEqual(all.first, "Commands by group (help GROUP lists a group in full):")
    XCTAssertTrue(all.contains("Editing                   help editing"), "\(all)")
    guard case .lines(let one) = Session().run("help append").result else {
      return XCTFail("help append gives lines")
    }
    XCTAssertEqual(one.first, "append ITEM... [to PARENT]")
    XCTAssertTrue(one.contains("  Apple API: append(_:to:)"), "\(one)")
    assertFails(Session(), "help apend", .unknownCommand)
    let unknown = Session().run(.files(.help("rule lazzy")), source: "help rule lazzy")
    XCTAssertEqual(
      unknown.error,
      CommandError(.unknownCommand, #"no help for "rule lazzy" (did you mean "rule lazy"?)"#))
  }

  func testLinesThatDoNotParseAreSyntaxOrUnknownCommand() {
    assertFails(Session(), "apend A", .unknownCommand)
    assertFails(Session(), "move A sideways B", .syntax)
  }

  func testAnAppleNameTypedAsACommandChangesNothing() {
    let session = foodSession()
    let outcome = session.run("appendSections Archive")
    XCTAssertEqual(outcome.error?.code, .unknownCommand)
    XCTAssertTrue(outcome.error?.message.contains(#""section add""#) == true)
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main"])
    XCTAssertEqual(
      session.run("items").result, .items(["Food", "Apple", "Pear", "Drinks", "Water"]))
  }

  func testEveryErrorCodeIsTheSpecList() {
    XCTAssertEqual(
      CommandError.Code.allCases.map(\.rawValue),
      [
        "duplicateItem", "unknownItem", "unknownParent", "unknownSection", "duplicateSection",
        "refused", "invalidMove", "notVisible", "syntax", "unknownCommand", "io",
        "expectationFailed",
      ])
  }

  func testSnapshotErrorsMapToTheirCodesKeepingAppleMessages() {
    let cases: [(SnapshotError, CommandError.Code)] = [
      (.duplicateItems(["A"]), .duplicateItem), (.itemsNotUnique(["A"]), .duplicateItem),
      (.parentNotFound("A"), .unknownParent), (.insertBeforeItemNotFound("A"), .unknownItem),
      (.insertAfterItemNotFound("A"), .unknownItem), (.deleteItemNotFound("A"), .unknownItem),
      (.itemNotFound("A"), .unknownItem), (.childNotFound("A"), .unknownItem),
      (.flatItemNotFound("A"), .unknownItem), (.reloadItemNotFound("A"), .unknownItem),
      (.duplicateSections(["S"]), .duplicateSection), (.sectionNotFound("S"), .unknownSection),
      (.noSections, .unknownSection), (.invalidMove("why"), .invalidMove),
    ]
    for (error, code) in cases {
      XCTAssertEqual(CommandError(error), CommandError(code, error.message), "\(error)")
    }
  }
}
