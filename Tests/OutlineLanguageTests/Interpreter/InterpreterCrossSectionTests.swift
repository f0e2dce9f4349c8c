import Diffable
import OutlineLanguage
import XCTest

/// `move ITEM to-section NAME [before|after ITEM]` and `drag NAME:ROW NAME:ROW`: reorders into
/// another section, through the reordering handlers, refused by `no-reorder` rules.
final class InterpreterCrossSectionTests: XCTestCase {
  /// `main` [Food (Apple, Pear), Drinks (Water)] and `Archive` [Old, Older].
  private func twoSections() -> Session {
    let session = foodSession()
    run(session, "section add Archive\nsection use Archive\nappend Old Older\nsection use main")
    return session
  }

  func testMoveToSectionWithAndWithoutPlacement() throws {
    let session = twoSections()
    let outcome = run(session, "move Drinks to-section Archive before Older")
    XCTAssertEqual(
      outcome.handlers, [.canReorderItem("Drinks", result: true), .willReorder, .didReorder])
    let transaction = try XCTUnwrap(outcome.transaction)
    XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["main", "Archive"])
    XCTAssertEqual(
      session.dataSource.snapshot(for: "Archive").items, ["Old", "Drinks", "Water", "Older"])
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear"])
    XCTAssertEqual(moves(transaction.removalOffsets), ["1->2"])
    XCTAssertEqual(moves(transaction.insertionOffsets), ["2->1"])

    run(session, "move Food to-section Archive")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "Archive").rootItems, ["Old", "Drinks", "Older", "Food"])
    XCTAssertEqual(session.outline.items, [])
    run(session, "undo\nundo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertEqual(session.dataSource.snapshot(for: "Archive").items, ["Old", "Older"])
  }

  func testDragBetweenSectionsByName() throws {
    let session = twoSections()
    // main's rows: Food 0, Drinks 1; Archive's: Old 0, Older 1. Drinks to Archive's row 1.
    let outcome = run(session, "drag main:1 Archive:1")
    XCTAssertNotNil(outcome.transaction)
    XCTAssertEqual(
      session.dataSource.snapshot(for: "Archive").rootItems, ["Old", "Drinks", "Older"])
    XCTAssertEqual(session.outline.rootItems, ["Food"])
    // Within one section, the NAME:ROW form is an ordinary drag.
    run(session, "drag Archive:0 Archive:2")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "Archive").rootItems, ["Drinks", "Older", "Old"])
  }

  func testFailedMovesAcrossChangeNothing() {
    let session = twoSections()
    assertFails(session, "move Drinks to-section Attic", .unknownSection)
    assertFails(session, "move Drinks to-section Archive before Apple", .unknownItem)
    assertFails(session, "move Drnks to-section Archive", .unknownItem)
    assertFails(session, "drag main:5 Archive:0", .invalidMove)
    assertFails(session, "drag main:0 Archive:3", .invalidMove)
    assertFails(session, "drag main:0 Attic:0", .unknownSection)
    assertFails(session, "drag main:x Archive:0", .syntax)
    run(session, "rule no-reorder Dr*")
    assertFails(
      session, "move Drinks to-section Archive", .refused,
      "move of \"Drinks\" refused by rule 1: no-reorder Dr*")
    assertFails(session, "drag main:1 Archive:0", .refused)
    XCTAssertEqual(session.dataSource.snapshot(for: "Archive").items, ["Old", "Older"])
  }

  func testTheFormsParseAndPrintBack() throws {
    for text in [
      "move A to-section Archive", "move A to-section Archive before B",
      "move A to-section \"My List\" after B", "drag main:1 Archive:0", "drag \"My List:3\" a:b:0",
    ] {
      let command = try CommandParser.parse(command: text)
      XCTAssertEqual(command.description, text)
      XCTAssertEqual(try CommandParser.parse(command: command.description), command)
    }
    XCTAssertEqual(
      try CommandParser.parse(command: "drag a:b:0 x:1"),
      .interactions(
        .dragAcross(from: .init(section: "a:b", row: 0), to: .init(section: "x", row: 1))))
  }

  /// An `undo` whose change was in another section makes that section current again, and its
  /// output says so (a script's reader sees no prompt); `redo` too.
  func testUndoThatSwitchesTheSectionSaysSo() {
    let session = Session()
    run(session, "section add S\nsection use S\nappend Q\nsection use main")
    let undone = run(session, "undo")
    XCTAssertEqual(undone.note, "undid: append Q (now editing section S)")
    XCTAssertEqual(session.section, "S")
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: undone, mode: .brief),
      ["undid append Q (now editing section S): 1 row removed"])
    run(session, "section use main")
    XCTAssertEqual(run(session, "redo").note, "redid: append Q (now editing section S)")
    XCTAssertEqual(run(session, "undo").note, "undid: append Q")
  }
}

extension InterpreterCrossSectionTests {
  /// A section may be named "": its rows are `:ROW`, which parses and prints back.
  func testASectionWithAnEmptyNameTakesADragByName() throws {
    let session = foodSession()
    run(session, #"section add """#)
    run(session, #"drag main:1 ":0""#)
    XCTAssertEqual(session.dataSource.snapshot(for: "").rootItems, ["Drinks"])
    let command = try CommandParser.parse(command: "drag :0 main:0")
    XCTAssertEqual(command.description, "drag :0 main:0")
    run(session, "drag :0 main:0")
    XCTAssertEqual(session.outline.rootItems, ["Drinks", "Food"])
  }
}
