import Diffable
import OutlineLanguage
import XCTest

/// Sections, batches and history: `section …`, `begin`/`apply`/`discard`, `last`, `log`,
/// `undo`/`redo`.
final class InterpreterSessionTests: XCTestCase {
  // MARK: Sections

  func testSectionsAreAddedUsedAndKeepTheirOwnTrees() {
    let session = foodSession()
    run(session, "section add Recents")
    XCTAssertEqual(session.run("sections").result, .items(["main", "Recents"]))
    run(session, "section use Recents\nappend Star")
    XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Star"])
    XCTAssertEqual(session.run("items").result, .items(["Star"]))
    XCTAssertEqual(session.run("sections").note, "current section: Recents")
    run(session, "section use main")
    XCTAssertEqual(
      session.run("items").result, .items(["Food", "Apple", "Pear", "Drinks", "Water"]))
  }

  func testAnItemLivesInOneSectionOnly() {
    let session = foodSession()
    run(session, "section add Recents\nsection use Recents")
    assertFails(session, "append Apple", .duplicateItem)
  }

  func testSectionErrorsChangeNothing() {
    let session = foodSession()
    assertFails(session, "section add main", .duplicateSection)
    assertFails(session, "section use Nowhere", .unknownSection)
    assertFails(session, "section delete Nowhere", .unknownSection)
    assertFails(session, "section move main before Nowhere", .unknownSection)
    XCTAssertEqual(session.section, "main")
  }

  func testDeletingTheCurrentSectionMovesToTheFirstOneLeft() {
    let session = foodSession()
    run(session, "section add Other\nsection use Other\nappend X")
    let outcome = run(session, "section delete Other")
    XCTAssertEqual(session.section, "main")
    XCTAssertEqual(outcome.transaction?.removalOffsets.map(\.offset), [2])
    XCTAssertEqual(
      run(session, "section delete main").note,
      "deleted section main, the only one: an empty section main takes its place")
    XCTAssertEqual(session.run("sections").result, .items(["main"]))
    XCTAssertEqual(session.run("count").result, .number(0))
  }

  func testDeletingTheOnlySectionOfAnotherNameSaysMainTakesItsPlace() {
    let session = Session()
    run(session, "section add Other\nsection delete main\nsection use Other\nappend X")
    XCTAssertEqual(
      run(session, "section delete Other").note,
      "deleted section Other, the only one: an empty section main takes its place; "
        + "now editing section main")
    XCTAssertEqual(session.section, "main")
    XCTAssertEqual(session.run("count").result, .number(0))
  }

  func testMovingASectionMovesItsRows() {
    let session = foodSession()
    run(session, "section add Top\nsection use Top\nappend T\nsection move Top before main")
    XCTAssertEqual(session.dataSource.snapshot().itemIdentifiers, ["T", "Food", "Drinks"])
  }

  // MARK: Batches

  func testABatchEditsAWorkingCopyAndAppliesAsOneTransaction() {
    let session = foodSession()
    run(session, "expand Food\nbegin")
    XCTAssertNil(run(session, "append Kiwi to Food").transaction)
    XCTAssertNil(run(session, "delete Drinks").transaction)
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Apple", "Pear", "Kiwi"]))
    XCTAssertEqual(
      session.dataSource.snapshot().itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"],
      "nothing is applied before apply")
    let applied = run(session, "apply").transaction
    XCTAssertEqual(applied?.finalSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Kiwi"])
    XCTAssertEqual(applied?.sectionTransactions.count, 1)
    XCTAssertNil(session.batch)
  }

  func testBeginEmptyLosesExpansionLikeAFreshlyBuiltSnapshot() {
    let session = foodSession()
    run(session, "expand Food\nbegin --empty\nappend Food Drinks\nappend Apple Pear to Food\napply")
    XCTAssertEqual(session.run("expanded").result, .items([]))
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Drinks"]))
  }

  func testDiscardDropsTheBatch() {
    let session = foodSession()
    run(session, "begin\ndelete-all\ndiscard")
    XCTAssertEqual(session.run("count").result, .number(5))
  }

  func testBatchStateErrorsAndInteractionsInABatchAreRefused() {
    let session = foodSession()
    assertFails(session, "apply", .refused)
    assertFails(session, "discard", .refused)
    run(session, "begin")
    assertFails(session, "begin", .refused)
    assertFails(session, "expand Food", .refused)
    assertFails(session, "move Drinks before Food", .refused)
    assertFails(session, "section add Other", .refused)
    assertFails(session, "undo", .refused)
    XCTAssertNil(run(session, "expand --force Food").transaction, "programmatic: in the batch")
    XCTAssertEqual(run(session, "apply").transaction?.finalSnapshot.numberOfItems, 4)
  }

  /// Code that builds a snapshot calls `snapshot.expand([…])`: in a batch the tap is refused,
  /// and the message names the command that is that call, with the batch left as it was.
  func testATapInABatchNamesTheSnapshotsOwnCall() throws {
    let session = foodSession()
    run(session, "begin\nappend Kiwi to Food")
    let before = session.batch?.working
    let expand = session.run("expand Food")
    XCTAssertEqual(expand.error?.code, .refused)
    XCTAssertEqual(
      expand.error?.message,
      "\"expand\" is a user interaction on the applied outline: apply or discard the batch "
        + "first; in the batch, expand --force is the snapshot's expand(_:)")
    XCTAssertTrue(
      session.run("collapse Food").error?.message.hasSuffix(
        "collapse --force is the snapshot's collapse(_:)") == true)
    XCTAssertEqual(
      session.run("move Drinks before Food").error?.message,
      "\"move\" is a user interaction on the applied outline: apply or discard the batch first")
    XCTAssertEqual(session.batch?.working, before, "the batch is as it was")
    XCTAssertEqual(try session.batch?.working.isExpanded("Food"), false)
  }

  func testABatchRefusesAnItemOfAnotherSection() {
    let session = foodSession()
    run(session, "section add Other\nsection use Other\nbegin")
    assertFails(session, "append Apple", .duplicateItem)
    XCTAssertNotNil(session.batch)
    XCTAssertEqual(session.run("items").result, .items([]))
    run(session, "append Kiwi\napply")
    XCTAssertEqual(session.dataSource.snapshot(for: "Other").items, ["Kiwi"])
  }

  // MARK: History

  func testLastAndLogReplayTheChanges() {
    let session = foodSession()
    XCTAssertEqual(
      session.run("last").transaction?.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(
      session.run("log").result,
      .lines([
        "1: append Food Drinks  (+2 −0 rows)", "2: append Apple Pear to Food  (+0 −0 rows)",
        "3: append Water to Drinks  (+0 −0 rows)",
      ]))
    XCTAssertEqual(Session().run("last").note, "no change yet")
  }

  /// `log` counts what a content change did, though it moves no row.
  func testLogCountsReconfiguredItems() {
    let session = foodSession()
    run(session, "note Food \"Fresh\"\nretitle Drinks \"Cold drinks\"")
    XCTAssertEqual(
      session.run("log").result,
      .lines([
        "1: append Food Drinks  (+2 −0 rows)", "2: append Apple Pear to Food  (+0 −0 rows)",
        "3: append Water to Drinks  (+0 −0 rows)",
        "4: note Food \"Fresh\"  (+0 −0 rows, 1 reconfigured)",
        "5: retitle Drinks \"Cold drinks\"  (+0 −0 rows, 1 reconfigured)",
      ]))
  }

  func testUndoAndRedoStepThroughTheStates() {
    let session = foodSession()
    run(session, "expand Food\ndelete Pear")
    run(session, "undo")
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Apple", "Pear", "Drinks"]))
    run(session, "undo")
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Drinks"]))
    let redo = run(session, "redo")
    XCTAssertEqual(redo.note, "redid: expand Food")
    XCTAssertEqual(redo.transaction?.insertionOffsets.map(\.offset), [1, 2])
    run(session, "append Kiwi")
    XCTAssertEqual(session.run("redo").note, "nothing to redo", "a new change clears redo")
    run(session, "undo\nundo\nundo\nundo\nundo")
    XCTAssertEqual(session.run("count").result, .number(0))
    XCTAssertEqual(session.run("undo").note, "nothing to undo")
  }
}
