import Diffable
import XCTest

@testable import OutlineLanguage

/// SPEC §3, readable transactions: rows numbered as `show` and `drag` number them, the offset
/// beside where it differs; the items that changed parent; the lazy handler's child snapshot as
/// a tree; an expanded childless item marked in `show`.
final class TextRendererRowsTests: XCTestCase {
  let plain = TextRenderer(color: false)

  /// The lines `command` prints on `session`, which must succeed.
  func lines(
    _ session: Session, _ command: String, file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    let outcome = session.run(command)
    XCTAssertNil(outcome.error, "\(command): \(outcome.error!)", file: file, line: line)
    return plain.lines(for: outcome)
  }

  /// Sections main (M, N) and s2, s2 current.
  func twoSections() -> Session {
    let session = Session()
    run(session, "append M N\nsection add s2\nsection use s2")
    return session
  }

  // MARK: Row numbers

  func testRowsOfALaterSectionAreNumberedInItWithTheFlatOffsetBeside() {
    let session = twoSections()
    XCTAssertEqual(
      lines(session, "append X Y"),
      [
        "rows:", "  + s2:0 X  (flat 2)", "  + s2:1 Y  (flat 3)", "section s2:", "  + 0 X",
        "  + 1 Y",
      ])
    // `show` and `drag` call them rows 0 and 1.
    XCTAssertEqual(lines(session, "show"), ["0•   X", "1    Y"])
    XCTAssertEqual(
      Array(lines(session, "drag s2:0 s2:1").suffix(4)),
      ["rows:", "  ~ s2:0 -> s2:1 X  (flat 2 -> 3)", "section s2:", "  ~ 0 -> 1 X"])
  }

  func testTheFirstOfSeveralSectionsIsNamedWithNothingBeside() {
    let session = twoSections()
    run(session, "section use main")
    XCTAssertEqual(
      lines(session, "append O"), ["rows:", "  + main:2 O", "section main:", "  + 2 O"])
  }

  func testOneSectionPrintsRowsAsBefore() {
    let session = foodSession()
    run(session, "expand Food")
    XCTAssertEqual(
      lines(session, "append Kiwi to Food"),
      ["rows:", "  + 3 Kiwi", "section main:", "  + 3 Kiwi"])
  }

  func testAHiddenItemIsADotWithItsIndexBeside() {
    let session = foodSession()
    // Food is collapsed: Kiwi has no row; its offset in `items` is 3.
    XCTAssertEqual(
      lines(session, "append Kiwi to Food"),
      ["rows: none", "section main:", "  + · Kiwi  (index 3)"])
    // Drinks, after the hidden Apple, Pear and Kiwi: row 1, index 4.
    XCTAssertEqual(
      lines(session, "append Soda"),
      ["rows:", "  + 2 Soda", "section main:", "  + 2 Soda  (index 6)"])
    XCTAssertEqual(
      Array(lines(session, "move Drinks before Food").suffix(3)),
      ["section main:", "  ~ 1 -> 0 Drinks  (index 4 -> 0)", "  ~ · -> · Water  (index 5 -> 1)"])
  }

  func testAMoveToAnotherSectionNamesBothEnds() {
    let session = twoSections()
    run(session, "append X Y")
    XCTAssertEqual(
      lines(session, "move Y to-section main"),
      [
        "canReorderItem(Y) -> true", "willReorder(transaction)", "didReorder(transaction)",
        "rows:", "  ~ s2:1 -> main:2 Y  (flat 3 -> 2)", "section main:", "  + 2 Y",
        "section s2:", "  - 1 Y",
      ])
  }

  func testTheSummaryNumbersRowsTheSameWay() {
    let session = twoSections()
    let items = (0..<60).map { "A\($0)" }
    let printed = lines(session, "append " + items.joined(separator: " "))
    XCTAssertEqual(
      printed,
      [
        #"rows: 60 changes  (a summary: "last --full" lists every one)"#,
        "  + 60 inserted: s2:0 A0 (flat 2) … s2:59 A59 (flat 61)",
        #"section s2: 60 changes  (a summary: "last --full" lists every one)"#,
        "  + 60 inserted: 0 A0 … 59 A59",
      ])
  }

  // MARK: Hierarchy

  func testAnIndentListsTheItemThatChangedParent() {
    let session = Session()
    run(session, "append Food Garden\nappend Apple Pear to Food")
    XCTAssertEqual(
      lines(session, "indent Garden"),
      [
        "canReorderItem(Garden) -> true", "willReorder(transaction)", "didReorder(transaction)",
        "rows:", "  - 1 Garden", "section main: no change to items", "hierarchy main:",
        "  Garden: parent none, level 0 -> parent Food, level 1",
      ])
    XCTAssertEqual(
      lines(session, "log").last, "3: indent Garden  (+0 −1 rows, 1 re-parented)")
    XCTAssertEqual(
      Array(lines(session, "last").suffix(2)),
      ["hierarchy main:", "  Garden: parent none, level 0 -> parent Food, level 1"])
    // Garden is under the collapsed Food now: a tap shows it before the user touches it.
    run(session, "expand Food")
    XCTAssertEqual(
      Array(lines(session, "outdent Garden").suffix(2)),
      ["hierarchy main:", "  Garden: parent Food, level 1 -> parent none, level 0"])
  }

  func testADraggedSubtreeListsItsRootAlone() {
    let session = Session()
    run(session, "append Food Garden\nappend Rose to Garden\nappend Bud to Rose")
    run(session, "expand Garden Rose")
    // Rows Food 0, Garden 1, Rose 2, Bud 3: Rose dropped at the top becomes the first root.
    XCTAssertEqual(
      Array(lines(session, "drag 2 0").suffix(2)),
      ["hierarchy main:", "  Rose: parent Garden, level 1 -> parent none, level 0"])
  }

  func testAMoveAmongSiblingsListsNoHierarchy() {
    let session = foodSession()
    run(session, "expand Food")
    XCTAssertFalse(
      lines(session, "move Pear up").contains { $0.hasPrefix("hierarchy") })
  }

  func testMoreThanFiftyReparentedItemsPrintASummary() {
    let changes = (0..<60).map {
      HierarchyChange<String>(
        item: "I\($0)", from: .init(parent: nil, level: 0), to: .init(parent: "P", level: 1))
    }
    var lines: [String] = []
    plain.appendHierarchy(changes, in: "main", full: false, to: &lines)
    XCTAssertEqual(
      lines,
      [
        #"hierarchy main: 60 items re-parented  (a summary: "last --full" lists every one)"#,
        "  I0: parent none, level 0 -> parent P, level 1 … "
          + "I59: parent none, level 0 -> parent P, level 1",
      ])
    lines = []
    plain.appendHierarchy(changes, in: "main", full: true, to: &lines)
    XCTAssertEqual(lines.count, 61)
  }

  // MARK: The lazy handler's child snapshot, and show

  func testTheChildSnapshotPrintsAsATree() {
    let session = Session()
    run(
      session,
      """
      append Documents
      rule lazy Documents Letters Taxes
      rule lazy Letters Mom.txt Bank.txt
      expand Documents
      expand Letters
      collapse Documents
      """)
    XCTAssertEqual(
      lines(session, "expand Documents")[2],
      "snapshotForExpandingParent(Documents, [Letters [Mom.txt, Bank.txt], Taxes]) -> "
        + "[Letters [Mom.txt, Bank.txt], Taxes]")
  }

  func testTheTreeQuotesWordsThatHoldBracketsOrCommas() throws {
    var snapshot = SectionSnapshot<String>()
    try snapshot.append(["a,b", "c"])
    try snapshot.append(["[d]", "e f"], to: "c")
    try snapshot.append(["g"], to: "e f")
    XCTAssertEqual(HandlerCall.tree(snapshot), #"["a,b", c ["[d]", "e f" [g]]]"#)
    XCTAssertEqual(HandlerCall.tree(SectionSnapshot()), "[]")
  }

  func testShowMarksAnExpandedItemWithNoChildren() {
    let session = Session()
    run(session, "append Docs Music\nappend Letter to Music\nexpand Docs Music")
    XCTAssertEqual(lines(session, "show"), ["0• ▿ Docs", "1  ▾ Music", "2      Letter"])
    XCTAssertEqual(plain.lines(for: session.run("expand Docs")), ["Docs is already expanded"])
    run(session, "collapse Docs")
    XCTAssertEqual(lines(session, "show").first, "0•   Docs")
  }

  // MARK: Batches

  func testAForcedToggleInABatchSaysWhereItWent() {
    let session = foodSession()
    run(session, "begin")
    let note = "in the batch: 5 items (apply makes the transaction)"
    XCTAssertEqual(lines(session, "expand --force Food"), [note])
    XCTAssertEqual(lines(session, "collapse --force Food"), [note])
    XCTAssertEqual(
      lines(session, "append Kiwi"), ["in the batch: 6 items (apply makes the transaction)"])
  }
}
