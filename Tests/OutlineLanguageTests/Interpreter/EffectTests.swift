import Diffable
import OutlineLanguage
import XCTest

/// `Outcome.effect`: what the interpreter decided a command did to the data source, carried
/// with the parsed command and the states around it, so that the printers read it instead of
/// working it out again.
final class EffectTests: XCTestCase {
  func testAnOutcomeCarriesTheParsedCommandAndTheStatesAroundIt() throws {
    let session = foodSession()
    let outcome = session.run("append Kiwi to Food")
    XCTAssertEqual(outcome.parsed, .editing(.append(["Kiwi"], to: "Food")))
    XCTAssertEqual(outcome.before?.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(
      outcome.after?.outline.items, ["Food", "Apple", "Pear", "Kiwi", "Drinks", "Water"])
    XCTAssertEqual(outcome.effect, .edit([.append(["Kiwi"], to: "Food")]))
  }

  func testALineThatDoesNotParseHasNoCommandNoStatesAndNoEffect() {
    let outcome = Session().run("append")
    XCTAssertNotNil(outcome.error)
    XCTAssertNil(outcome.parsed)
    XCTAssertNil(outcome.before)
    XCTAssertNil(outcome.after)
    XCTAssertEqual(outcome.effect, .none)
  }

  func testAFailureKeepsTheStateBeforeAsTheStateAfter() {
    let session = foodSession()
    let outcome = session.run("append Apple")
    XCTAssertEqual(outcome.error?.code, .duplicateItem)
    XCTAssertEqual(outcome.after?.outline, outcome.before?.outline)
    // What it attempted, as far as it got: the call that threw.
    XCTAssertEqual(outcome.effect, .edit([.append(["Apple"], to: nil)]))
  }

  func testTitledAppendsRecordTheIdentifiersTheSessionGave() {
    let session = foodSession()
    let outcome = session.run("append --titled Apple Tea")
    XCTAssertEqual(outcome.effect, .edit([.append(["Apple (2)", "Tea"], to: nil)]))
  }

  func testReordersRecordTheDestinationTheInterpreterResolved() {
    let session = foodSession()
    run(session, "expand Food Drinks")
    XCTAssertEqual(
      session.run("indent Pear").effect,
      .reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"))
    run(session, "expand Apple")
    XCTAssertEqual(session.run("outdent Pear").effect, .reorder("Pear", to: .after("Apple")))
    XCTAssertEqual(session.run("move Drinks up").effect, .reorder("Drinks", to: .before("Food")))
    XCTAssertEqual(session.run("move Drinks down").effect, .reorder("Drinks", to: .after("Food")))
    XCTAssertEqual(
      session.run("move Water to Food").effect, .reorder("Water", to: .lastChild(of: "Food")))
  }

  func testARefusedReorderKeepsTheReorderItAttempted() {
    let session = foodSession()
    run(session, "expand Food\nrule no-reorder Pear")
    let outcome = session.run("indent Pear")
    XCTAssertEqual(outcome.error?.code, .refused)
    XCTAssertEqual(outcome.effect, .reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"))
  }

  func testTapsRecordEachItemTappedAndSkipTheOnesAlreadyThere() {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = session.run("expand Food Drinks")
    XCTAssertEqual(outcome.effect, .taps(["Drinks"]))
    XCTAssertEqual(session.run("expand --force Food").effect, .edit([.expand(["Food"])]))
  }

  func testDragsRecordTheirRows() {
    let session = foodSession()
    XCTAssertEqual(session.run("drag 1 0").effect, .drag(fromRow: 1, toRow: 0))
  }

  func testTheOutlinersSubtreeEditsAreTheirSnapshotCalls() {
    let session = foodSession()
    run(session, "expand Food")
    XCTAssertEqual(
      session.run("rename Food Meals").effect,
      .edit([
        .insert(["Meals"], .before("Food")), .delete(["Food"]),
        .replaceChildren(of: "Meals", using: .childrenOf("Food")), .expand(["Meals"]),
      ]))
    XCTAssertEqual(
      session.run("duplicate Drinks").effect,
      .edit([
        .insert(["Drinks (2)"], .after("Drinks")),
        .replaceChildren(of: "Drinks (2)", using: .built(of: "Drinks (2)")),
      ]))
    XCTAssertEqual(
      session.run("sort Meals --reverse").effect,
      .edit([.replaceChildren(of: "Meals", using: .built(of: "Meals"))]))
    XCTAssertEqual(session.run("sort --roots").effect, .rebuild)
    XCTAssertEqual(session.run("expand --all").effect, .rebuild)
  }

  func testUndoRestoresAWholeStateAndAQueryDoesNothing() {
    let session = foodSession()
    XCTAssertEqual(session.run("count").effect, .none)
    XCTAssertEqual(session.run("undo").effect, .restore)
    XCTAssertEqual(session.run("retitle Food Meals").effect, .reconfigure(["Food"]))
  }

  func testExpectErrorCarriesWhatTheCommandAttemptedAndItsError() {
    let session = foodSession()
    run(session, "expand Food\nrule no-reorder Pear")
    let outcome = session.run("expect error indent Pear")
    XCTAssertTrue(outcome.ok)
    XCTAssertEqual(outcome.effect, .none)
    XCTAssertEqual(
      outcome.expectedFailure?.effect,
      .reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"))
    XCTAssertEqual(outcome.expectedFailure?.error.code, .refused)
  }

  func testSectionCommandsRecordTheirSectionCalls() {
    let session = Session()
    XCTAssertEqual(session.run("section add s2").effect, .sections([.append(["s2"])]))
    XCTAssertEqual(
      session.run("section move s2 before main").effect, .sections([.move("s2", .before("main"))]))
    run(session, "section delete s2")
    XCTAssertEqual(
      session.run("section delete main").effect, .sections([.delete(["main"]), .keepOne("main")]))
  }

  func testASessionThatRecordsNoStatesStillRecordsTheEffect() {
    let session = foodSession()
    run(session, "expand Food")
    session.recordsStates = false
    let outcome = session.run("indent Pear")
    XCTAssertNil(outcome.before)
    XCTAssertNil(outcome.after)
    XCTAssertEqual(outcome.effect, .reorder("Pear", to: .lastChild(of: "Apple"), opening: "Apple"))
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
  }
}
