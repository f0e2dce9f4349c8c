import XCTest

@testable import OutlineLanguage

/// SPEC §3 "Readable transactions": a block of more than 50 changes prints a summary in text;
/// `last --full` prints every change.
final class TextRendererSummaryTests: XCTestCase {
  let plain = TextRenderer(color: false)
  let hint = "  (a summary: \"last --full\" lists every one)"

  /// `count` roots `R0`, `R1`, … in one command.
  func roots(_ count: Int, _ prefix: String = "R") -> String {
    "append " + (0..<count).map { "\(prefix)\($0)" }.joined(separator: " ")
  }

  func testFiftyChangesAreListedAndFiftyOneSummarised() {
    let fifty = plain.lines(for: Session().run(roots(50)))
    XCTAssertEqual(fifty.count, 2 + 2 * 50)
    XCTAssertEqual(fifty[0], "rows:")
    XCTAssertEqual(fifty[50], "  + 49 R49")

    XCTAssertEqual(
      plain.lines(for: Session().run(roots(51))),
      [
        "rows: 51 changes" + hint, "  + 51 inserted: 0 R0 … 50 R50",
        "section main: 51 changes" + hint, "  + 51 inserted: 0 R0 … 50 R50",
      ])
  }

  /// Each block is judged alone: a change under a collapsed parent lists no row, and its
  /// section block is summarised (hidden items: no row, their index beside).
  func testEachBlockIsSummarisedOnItsOwn() {
    let session = Session()
    run(session, "append P Q")
    let children = (0..<60).map { "C\($0)" }.joined(separator: " ")
    XCTAssertEqual(
      plain.lines(for: session.run("append \(children) to P")),
      [
        "rows: none", "section main: 60 changes" + hint,
        "  + 60 inserted: · C0 (index 1) … · C59 (index 60)",
      ])
    let expand = plain.lines(for: session.run("expand P"))
    XCTAssertEqual(
      Array(expand.suffix(3)),
      [
        "rows: 60 changes" + hint, "  + 60 inserted: 1 C0 … 60 C59",
        "section main: no change to items",
      ])
  }

  /// Removals, insertions and moves: each kind's count, first and last; a kind of one change
  /// shows it alone; moves as `FROM -> TO`.
  func testASummaryCountsEachKindWithItsFirstAndLast() throws {
    let session = Session()
    run(session, roots(60) + " Gone")
    // Rebuilt in reverse without Gone, with one new item at the end: 59 moves (the longest
    // run kept in place is one item), 1 removal, 1 insertion.
    let reversed = (0..<60).reversed().map { "R\($0)" }.joined(separator: " ")
    run(session, "begin --empty\nappend \(reversed) New")
    let lines = plain.lines(for: session.run("apply"))
    XCTAssertEqual(lines.count, 8, lines.joined(separator: "\n"))
    XCTAssertEqual(lines[0], "rows: 61 changes" + hint)
    XCTAssertEqual(lines[1], "  - 1 removed: 60 Gone")
    XCTAssertEqual(lines[2], "  + 1 inserted: 60 New")
    XCTAssertTrue(lines[3].hasPrefix("  ~ 59 moved: "), lines[3])
    XCTAssertTrue(lines[3].contains(" … "), lines[3])
    XCTAssertEqual(Array(lines[4...]).first, "section main: 61 changes" + hint)

    // Every move of the full listing is in the summary's range, its first and last included.
    let full = plain.lines(for: session.run("last --full"))
    let moves = full.prefix { !$0.hasPrefix("section") }.filter { $0.hasPrefix("  ~ ") }
    XCTAssertEqual(moves.count, 59)
    let first = try XCTUnwrap(moves.first).dropFirst(4)
    let last = try XCTUnwrap(moves.last).dropFirst(4)
    XCTAssertEqual(lines[3], "  ~ 59 moved: \(first) … \(last)")
  }

  /// `last` summarises as the change did; `last --full` lists every change.
  func testLastFullListsEveryChange() {
    let session = Session()
    run(session, roots(1_000))
    let last = plain.lines(for: session.run("last"))
    XCTAssertEqual(
      last,
      [
        "last change: " + roots(1_000), "rows: 1000 changes" + hint,
        "  + 1000 inserted: 0 R0 … 999 R999", "section main: 1000 changes" + hint,
        "  + 1000 inserted: 0 R0 … 999 R999",
      ])
    let full = plain.lines(for: session.run("last --full"))
    XCTAssertEqual(full.count, 1 + 2 + 2 * 1_000)
    XCTAssertEqual(full[1], "rows:")
    XCTAssertEqual(full[2], "  + 0 R0")
    XCTAssertEqual(full[1_001], "  + 999 R999")
    XCTAssertEqual(full[1_002], "section main:")
    XCTAssertEqual(full.last, "  + 999 R999")
  }

  /// Loading an outline prints a few lines, not one per item (500 items here: a debug build
  /// checks the whole outline after each item a load appends).
  func testLoadingAnOutlinePrintsAFewLines() {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    run(session, roots(500) + "\nsave big.json\ndelete-all")
    let lines = plain.lines(for: session.run("load big.json"))
    XCTAssertLessThanOrEqual(lines.count, 6, lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains("  + 500 inserted: 0 R0 … 499 R499"), "\(lines)")
  }

  func testColorPaintsEachSummaryLineInItsKindsColor() {
    let session = Session()
    run(session, roots(60))
    let lines = TextRenderer(color: true).lines(for: session.run("delete-all"))
    XCTAssertEqual(
      lines,
      [
        "rows: 60 changes\u{1B}[2m" + hint + "\u{1B}[0m",
        "  \u{1B}[31m- 60 removed: 0 R0 … 59 R59\u{1B}[0m",
        "section main: 60 changes\u{1B}[2m" + hint + "\u{1B}[0m",
        "  \u{1B}[31m- 60 removed: 0 R0 … 59 R59\u{1B}[0m",
      ])
  }
}
