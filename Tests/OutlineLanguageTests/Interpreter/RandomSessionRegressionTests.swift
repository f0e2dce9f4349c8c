import OutlineLanguage
import XCTest

/// The defects the random session tests found, each reduced to a few commands.
final class RandomSessionRegressionTests: XCTestCase {
  /// `expect error undo` fails (the undo succeeds), and a failed command changes nothing: the
  /// history keeps its last step, and nothing can be redone.
  func testAFailedExpectErrorOfUndoKeepsTheHistory() {
    let session = Session()
    run(session, "append A\nappend B")
    assertFails(session, "expect error undo", .expectationFailed)
    XCTAssertEqual(session.history.map(\.command), ["append A", "append B"])
    XCTAssertEqual(session.run("redo").note, "nothing to redo")
    run(session, "undo")
    XCTAssertEqual(session.run("items").result, .items(["A"]))
  }

  /// `expect error expect error expand H A` holds (the inner expectation fails: the taps
  /// succeed), and like every `expect error` it leaves the history as it was: the taps it ran
  /// and undid are no step (found with DIFFABLE_SEED=10896586775620282416: the two taps change no
  /// row, and the change they made was still kept for the history).
  func testANestedExpectErrorOfTapsRecordsNoStep() {
    let session = Session()
    run(session, "append Q\nappend A to Q\nappend H")
    let outcome = run(session, "expect error expect error expand H Q A")
    XCTAssertEqual(
      outcome.note,
      "failed as expected: expectationFailed: expected \"expand H Q A\" to fail, but it "
        + "succeeded")
    XCTAssertEqual(session.history.map(\.command), ["append Q", "append A to Q", "append H"])
    XCTAssertEqual(session.run("expanded").result, .items([]))
    run(session, "undo")
    XCTAssertEqual(session.run("items").result, .items(["Q", "A"]))
  }

  /// Adding, deleting or reordering empty sections changes no row and no section snapshot, but
  /// it changes the data source: it is a step of the history, and undoing the step before it
  /// does not take it away too.
  func testChangesOfEmptySectionsAreStepsOfTheHistory() {
    let session = Session()
    run(session, "append A\nsection add S T\nsection move T before main\nsection delete S")
    XCTAssertEqual(
      session.history.map(\.command),
      ["append A", "section add S T", "section move T before main", "section delete S"])
    run(session, "undo")
    XCTAssertEqual(session.run("sections").result, .items(["T", "main", "S"]))
    run(session, "undo")
    XCTAssertEqual(session.run("sections").result, .items(["main", "S", "T"]))
    run(session, "undo")
    XCTAssertEqual(session.run("sections").result, .items(["main"]))
    XCTAssertEqual(session.run("items").result, .items(["A"]), "append A is not undone")
  }

  /// `expand A B` fails when a rule refuses B, and changes nothing, A included; so
  /// `expect error expand A B` holds.
  func testExpectErrorOfATapRefusedAfterAnotherTapHolds() {
    let session = Session()
    run(session, "append A B\nappend C to A\nappend D to B\nrule no-expand B")
    assertFails(session, "expand A B", .refused)
    let outcome = run(session, "expect error expand A B")
    XCTAssertEqual(
      outcome.note, "failed as expected: refused: expand of \"B\" refused by rule 1: no-expand B")
    XCTAssertEqual(session.run("expanded").result, .items([]))
  }

  /// `expect error save f` fails (the save succeeds), and a failed command changes nothing: the
  /// file keeps what the last successful `save` wrote.
  func testAFailedExpectErrorOfSaveLeavesTheFileAsItWas() {
    let session = Session()
    run(session, "append A\nsave f\nappend B")
    XCTAssertFalse(session.run("expect error save f").ok)
    run(session, "load f")
    XCTAssertEqual(session.run("items").result, .items(["A"]))
  }

  /// A batch that duplicates an item (the copy titled as its original) and then deletes
  /// everything it added changes nothing: `apply` records no step, and the copy's title does
  /// not outlive it (an item added later under that identifier starts from its default).
  func testABatchThatDeletesWhatItTitledChangesNothing() {
    let session = Session()
    run(session, "begin\nappend G\nappend q\"t to G\nduplicate q\"t\ndelete-all\napply")
    XCTAssertEqual(session.history.map(\.command), [])
    XCTAssertEqual(session.contents, Contents())
    run(session, "append \"q\\\"t (2)\"")
    XCTAssertEqual(session.run("title \"q\\\"t (2)\"").result, .text("q\"t (2)"))
  }
}
