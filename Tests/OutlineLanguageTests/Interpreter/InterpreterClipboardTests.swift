import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `cut`, `copy` and `paste` (SPEC §4, "Clipboard"): a cut item keeps its identifier, so a cut
/// and a paste in a batch is a move; a copy pastes under new identifiers.
final class InterpreterClipboardTests: XCTestCase {
  func session() -> Session {
    let session = Session()
    run(
      session,
      "append Food Drinks\nappend Apple Pear to Food\nappend Seed to Pear\nappend Tea to Drinks\n"
        + "expand --force Food Drinks Pear\nretitle Pear \"Green pear\"")
    return session
  }

  func testCutDeletesAndPasteBringsTheSameItemsBack() throws {
    let session = session()
    let cut = run(session, "cut Pear Seed")
    XCTAssertEqual(cut.note, "cut 2 items to the clipboard")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items, ["Food", "Apple", "Drinks", "Tea"])
    let pasted = run(session, "paste into Drinks")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items,
      ["Food", "Apple", "Drinks", "Tea", "Pear", "Seed"])
    XCTAssertEqual(session.contents.title(of: "Pear"), "Green pear")
    XCTAssertTrue(try session.dataSource.snapshot(for: "main").isExpanded("Pear"))
    XCTAssertEqual(pasted.transaction?.insertionOffsets.count, 2)
    // A second paste makes copies, titled as the originals.
    run(session, "paste before Apple")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items,
      ["Food", "Pear (2)", "Seed (2)", "Apple", "Drinks", "Tea", "Pear", "Seed"])
    XCTAssertEqual(session.contents.title(of: "Pear (2)"), "Green pear")
    XCTAssertEqual(session.contents.title(of: "Seed (2)"), "Seed")
  }

  /// In a batch, a cut and a paste of the same item are one move in the transaction.
  func testCutAndPasteInABatchIsAMove() throws {
    let session = session()
    let applied = run(session, "begin\ncut Apple\npaste after Tea\napply")
    let section = try XCTUnwrap(applied.transaction?.sectionTransactions.first)
    let moves = section.difference.inferringMoves().insertions.filter {
      if case .insert(_, _, let associated) = $0 { return associated != nil }
      return false
    }
    XCTAssertEqual(moves.count, 1)
    XCTAssertEqual(section.hierarchyChanges.map(\.item), ["Apple"])
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items,
      ["Food", "Pear", "Seed", "Drinks", "Tea", "Apple"])
  }

  func testCopyChangesNothingAndPastesUnderNewIdentifiers() throws {
    let session = session()
    let before = session.dataSource.snapshot(for: "main")
    let copy = run(session, "copy @2 Food")
    XCTAssertNil(copy.transaction)
    XCTAssertTrue(session.dataSource.snapshot(for: "main") == before)
    run(session, "paste after Drinks")
    XCTAssertEqual(
      session.dataSource.snapshot(for: "main").items.suffix(4),
      ["Food (2)", "Apple (2)", "Pear (2)", "Seed (2)"])
    run(session, "undo")
    XCTAssertTrue(session.dataSource.snapshot(for: "main") == before)
  }

  /// Paste into a leaf makes its children; into a parent, its last children.
  func testPasteIntoALeafOrAParent() throws {
    let session = session()
    run(session, "cut Apple\npaste into Tea")
    XCTAssertEqual(try session.dataSource.snapshot(for: "main").parent(of: "Apple"), "Tea")
    // A collapsed item pasted into opens on what it got, in the same transaction.
    XCTAssertTrue(try session.dataSource.snapshot(for: "main").isVisible("Apple"))
    run(session, "copy Seed\npaste into Pear")
    XCTAssertEqual(
      try session.dataSource.snapshot(for: "main").snapshot(of: "Pear").items,
      ["Seed", "Seed (2)"])
  }

  func testErrorsChangeNothingAndKeepTheClipboard() throws {
    let session = session()
    assertFails(session, "paste after Tea", .refused, "nothing to paste: cut or copy items first")
    assertFails(session, "cut Nope", .unknownItem)
    assertFails(session, "copy Apple Nope", .unknownItem)
    run(session, "cut Apple")
    assertFails(session, "paste after Nope", .unknownItem)
    assertFails(session, "paste after Apple", .unknownItem)  // it was cut
    run(session, "paste after Tea")
    XCTAssertEqual(try session.dataSource.snapshot(for: "main").parent(of: "Apple"), "Drinks")
  }

  /// A `copy` or `cut` that `expect error` runs succeeds, so the expectation fails, and the
  /// clipboard, like everything else, is as it was (found by the random session test).
  func testAFailedExpectationLeavesTheClipboardAsItWas() throws {
    let session = session()
    let before = SessionFingerprint(session)
    assertFails(session, "expect error copy Apple", .expectationFailed)
    assertFails(session, "expect error cut Pear", .expectationFailed)
    XCTAssertEqual(SessionFingerprint(session), before)
    assertFails(session, "paste after Tea", .refused, "nothing to paste: cut or copy items first")
    // What was kept before stays kept, and a cut not pasted yet keeps its identifiers.
    run(session, "cut Apple")
    assertFails(session, "expect error paste after Tea", .expectationFailed)
    run(session, "paste after Tea")
    XCTAssertEqual(try session.dataSource.snapshot(for: "main").parent(of: "Apple"), "Drinks")
  }

  func testParsingAndPrinting() throws {
    let cases: [(Command, String)] = [
      (.editing(.cut(["A", "B c"])), #"cut A "B c""#),
      (.editing(.copy(["A"])), "copy A"),
      (.editing(.paste(.before("A"))), "paste before A"),
      (.editing(.paste(.after("A"))), "paste after A"),
      (.editing(.paste(.into("into"))), "paste into into"),
    ]
    for (command, text) in cases {
      XCTAssertEqual(command.description, text)
      XCTAssertEqual(try CommandParser.parse(command: text), command)
    }
    XCTAssertThrowsError(try CommandParser.parse(command: "paste A"))
    XCTAssertThrowsError(try CommandParser.parse(command: "cut"))
  }
}
