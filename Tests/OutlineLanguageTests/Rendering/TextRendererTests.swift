import Diffable
import XCTest

@testable import OutlineLanguage

/// What the `outline` executable prints without `--json`: handler calls, notes, results, the
/// `show` tree and transactions, with and without color; and `show` in `--json`.
final class TextRendererTests: XCTestCase {
  let plain = TextRenderer(color: false)
  let colored = TextRenderer(color: true)

  /// The lines `command` prints on `session`, which must succeed.
  func lines(
    _ session: Session, _ command: String, color: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) -> [String] {
    let outcome = session.run(command)
    XCTAssertNil(outcome.error, "\(command): \(outcome.error!)", file: file, line: line)
    return TextRenderer(color: color).lines(for: outcome)
  }

  /// `text` as the renderer paints it in `style`.
  func ansi(_ text: String, _ style: TextRenderer.Style) -> String {
    "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
  }

  /// `foodSession` with Food expanded: rows Food, Apple, Pear, Drinks.
  func expandedFood() -> Session {
    let session = foodSession()
    run(session, "expand Food")
    return session
  }

  // MARK: Changes

  func testReloadsAndReconfiguresPrintAsTheSnapshotRecordsThem() {
    let session = Session()
    run(session, "append-items A B")
    XCTAssertEqual(
      lines(session, "reload-items A"),
      ["reloaded: A  (a new cell for each, from the cell provider: no row removed or inserted)"])
    XCTAssertEqual(
      lines(session, "reconfigure-items B"),
      ["reconfigured: B  (same identifier, new content: no row removed or inserted)"])
    XCTAssertEqual(
      lines(session, "reload-sections main"),
      ["reloaded sections: main  (every cell of each made anew)"])
    run(session, "begin")
    run(session, "reload-items B")
    XCTAssertEqual(
      lines(session, "apply"),
      ["reloaded: B  (a new cell for each, from the cell provider: no row removed or inserted)"])
    let brief = TextRenderer(color: false).lines(
      for: session.run("reconfigure-items A B"), mode: .brief)
    XCTAssertEqual(brief, ["reconfigured A B: 2 reconfigured"])
  }

  func testAnAppendPrintsItsRowsAndItsSection() {
    let session = expandedFood()
    XCTAssertEqual(
      lines(session, "append Kiwi to Food"),
      ["rows:", "  + 3 Kiwi", "section main:", "  + 3 Kiwi"])
    // Under a collapsed parent no row changes, but the section's items do.
    XCTAssertEqual(
      lines(session, "append Soda to Drinks"),
      ["rows: none", "section main:", "  + · Soda  (index 6)"])
  }

  func testRowOffsetsCountTheSectionsBefore() {
    let session = expandedFood()
    run(session, "section add \"Side bar\"\nsection use \"Side bar\"")
    XCTAssertEqual(
      lines(session, "append Star Moon"),
      [
        "rows:", #"  + "Side bar":0 Star  (flat 4)"#, #"  + "Side bar":1 Moon  (flat 5)"#,
        #"section "Side bar":"#, "  + 0 Star", "  + 1 Moon",
      ])
  }

  func testADeletePrintsRemovalsAtTheirOldOffsets() {
    let session = expandedFood()
    XCTAssertEqual(
      lines(session, "delete Food"),
      [
        "rows:", "  - 0 Food", "  - 1 Apple", "  - 2 Pear", "section main:", "  - 0 Food",
        "  - 1 Apple", "  - 2 Pear",
      ])
  }

  func testAnExpandPrintsItsHandlerCallsAndNoChangeToItems() {
    let session = foodSession()
    XCTAssertEqual(
      lines(session, "expand Food"),
      [
        "shouldExpandItem(Food) -> true",
        "willExpandItem(Food)",
        "snapshotForExpandingParent(Food, [Apple, Pear]) -> [Apple, Pear]",
        "rows:",
        "  + 1 Apple",
        "  + 2 Pear",
        "section main: no change to items",
      ])
    XCTAssertEqual(
      lines(session, "collapse Food"),
      [
        "shouldCollapseItem(Food) -> true",
        "willCollapseItem(Food)",
        "rows:",
        "  - 1 Apple",
        "  - 2 Pear",
        "section main: no change to items",
      ])
  }

  func testAChildSnapshotQuotesIdentifiersHoldingABracketOrAComma() {
    let session = Session()
    _ = session.run("append Box")
    // `[` joined with a combining accent is another character: it stays bare.
    _ = session.run("append \"a[b\" \"c,d\" \"[\\u{301}\" plain to Box")
    let outcome = session.run("expand Box")
    let children = "[\"a[b\", \"c,d\", [\u{301}, plain]"
    let expected = "snapshotForExpandingParent(Box, \(children)) -> \(children)"
    XCTAssertEqual(TextRenderer(color: false).lines(for: outcome)[2], expected)
    XCTAssertEqual(outcome.handlers[2].description, expected)
    // Described by the caller, the calls print as given, and the rest as without them.
    let given = outcome.handlers.map { "called: " + $0.description }
    let printed = TextRenderer(color: false).lines(
      for: outcome, mode: .full, handlerLines: given)
    XCTAssertEqual(Array(printed.prefix(3)), given)
    XCTAssertEqual(
      Array(printed.dropFirst(3)),
      Array(TextRenderer(color: false).lines(for: outcome).dropFirst(3)))
  }

  func testALazyExpandPrintsTheChildrenItLoaded() {
    let session = Session()
    run(session, "append Box End\nrule lazy Box A B")
    XCTAssertEqual(
      lines(session, "expand Box"),
      [
        "shouldExpandItem(Box) -> true",
        "willExpandItem(Box)",
        "snapshotForExpandingParent(Box, []) -> [A, B]",
        "rows:",
        "  + 1 A",
        "  + 2 B",
        "section main:",
        "  + 1 A",
        "  + 2 B",
      ])
  }

  func testAMovePrintsFromAndToInRowsAndSection() {
    let session = foodSession()
    XCTAssertEqual(
      lines(session, "move Drinks before Food"),
      [
        "canReorderItem(Drinks) -> true",
        "willReorder(transaction)",
        "didReorder(transaction)",
        "rows:",
        "  ~ 1 -> 0 Drinks",
        "section main:",
        // Drinks is row 1 and index 3 (Apple and Pear are hidden); Water has no row.
        "  ~ 1 -> 0 Drinks  (index 3 -> 0)",
        "  ~ · -> · Water  (index 4 -> 1)",
      ])
  }

  func testAChangeThatChangesNothingPrintsItsNoteOnly() {
    let session = expandedFood()
    XCTAssertEqual(lines(session, "expand Food"), ["Food is already expanded"])
    XCTAssertEqual(lines(session, "collapse --force Drinks"), ["Drinks is already collapsed"])
    XCTAssertEqual(
      lines(session, "undo"),
      [
        "undid: expand Food", "rows:", "  - 1 Apple", "  - 2 Pear",
        "section main: no change to items",
      ])
  }

  func testCommandsWithoutATransactionSayWhatTheyDid() {
    let session = foodSession()
    XCTAssertEqual(
      lines(session, "begin"),
      ["batch started on section main: edits go to a working copy until apply or discard"])
    XCTAssertEqual(
      lines(session, "append Kiwi"), ["in the batch: 6 items (apply makes the transaction)"])
    XCTAssertEqual(lines(session, "discard"), ["batch discarded (its working copy held 6 items)"])
    XCTAssertEqual(lines(session, "section add Side"), ["added section Side"])
    XCTAssertEqual(lines(session, "section use Side"), ["now editing section Side"])
    XCTAssertEqual(
      lines(session, "section delete Side"), ["deleted section Side; now editing section main"])
    XCTAssertEqual(lines(session, "say"), [""])
  }

  // MARK: Queries

  func testListsOfItemsQuoteWhatTheLexerWouldNotReadBack() {
    let session = Session()
    run(session, ##"append "big box" "to" Apple "say \"hi\"" "@at" "#hash""##)
    XCTAssertEqual(
      lines(session, "items"), [##""big box" "to" Apple "say \"hi\"" "@at" "#hash""##])
    XCTAssertEqual(lines(session, "expanded"), ["(none)"])
    XCTAssertEqual(lines(session, "roots"), lines(session, "items"))
  }

  func testNumbersBooleansAndSingleItems() {
    let session = foodSession()
    run(session, "append \"big box\"\nappend Thing to \"big box\"")
    XCTAssertEqual(lines(session, "count"), ["7"])
    XCTAssertEqual(lines(session, "level Apple"), ["1"])
    XCTAssertEqual(lines(session, "index Drinks"), ["3"])
    XCTAssertEqual(lines(session, "index Nope"), ["none"])
    XCTAssertEqual(lines(session, "contains Apple"), ["true"])
    XCTAssertEqual(lines(session, "is-visible Apple"), ["false"])
    XCTAssertEqual(lines(session, "parent Food"), ["none"])
    XCTAssertEqual(lines(session, "parent Apple"), ["Food"])
    XCTAssertEqual(lines(session, "parent Thing"), [#""big box""#])
  }

  func testLinesAndTextAreAsTheyAre() {
    let session = Session()
    run(session, "append A\nappend B to A\nrule no-expand A")
    XCTAssertEqual(lines(session, #"say "  two  blanks""#), ["  two  blanks"])
    XCTAssertEqual(lines(session, "rules"), ["rule 1: no-expand A"])
    XCTAssertEqual(
      lines(session, "describe"),
      session.dataSource.snapshot(for: "main").visualDescriptionLines())
    XCTAssertEqual(lines(session, "rule clear"), ["removed 1 rule"])
    XCTAssertEqual(lines(session, "rules"), ["(none)"])
  }

  // MARK: show

  /// Food (Apple (Green), Pear), Drinks (Water): Food collapsed with Apple expanded inside it,
  /// Drinks expanded.
  func hiddenSession() -> Session {
    let session = foodSession()
    run(session, "append Green to Apple\nexpand --force Apple\nexpand Drinks")
    return session
  }

  func testShowDrawsTheTreeWithHiddenItemsDotted() {
    XCTAssertEqual(
      lines(hiddenSession(), "show"),
      [
        "0  ▸ Food",
        "·    ▾ Apple",
        "·        Green",
        "·      Pear",
        "1• ▾ Drinks",
        "2      Water",
      ])
  }

  func testShowVisibleOmitsHiddenItems() {
    XCTAssertEqual(
      lines(hiddenSession(), "show --visible"), ["0  ▸ Food", "1• ▾ Drinks", "2      Water"])
  }

  func testShowOfAnEmptyOutline() {
    XCTAssertEqual(lines(Session(), "show"), ["(empty)"])
    XCTAssertEqual(lines(Session(), "show --visible"), ["(empty)"])
    XCTAssertEqual(lines(Session(), "show", color: true), [ansi("(empty)", .dim)])
    // Everything hidden but the roots is not empty.
    let session = Session()
    run(session, "append A\nappend B to A")
    XCTAssertEqual(lines(session, "show --visible"), ["0  ▸ A"])
  }

  func testTheRowColumnIsAsWideAsTheLastVisibleRow() {
    let session = Session()
    run(session, "append R0 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10\nappend Hidden to R10")
    XCTAssertEqual(
      lines(session, "show"),
      [
        " 0    R0", " 1    R1", " 2    R2", " 3    R3", " 4    R4", " 5    R5", " 6    R6",
        " 7    R7", " 8    R8", " 9    R9", "10  ▸ R10", " ·•     Hidden",
      ])
    run(session, "delete R10")
    XCTAssertEqual(lines(session, "show").first, "0    R0")
  }

  func testTreeLinesOfAnOutline() {
    let session = hiddenSession()
    XCTAssertEqual(
      TreeLine.lines(of: session.outline, visibleOnly: false),
      [
        TreeLine(row: 0, level: 0, marker: .collapsed, item: "Food"),
        TreeLine(row: nil, level: 1, marker: .expanded, item: "Apple"),
        TreeLine(row: nil, level: 2, marker: .leaf, item: "Green"),
        TreeLine(row: nil, level: 1, marker: .leaf, item: "Pear"),
        TreeLine(row: 1, level: 0, marker: .expanded, item: "Drinks"),
        TreeLine(row: 2, level: 1, marker: .leaf, item: "Water"),
      ])
    XCTAssertEqual(TreeLine.rowWidth(of: []), 1)
    XCTAssertEqual(
      TreeLine(row: 7, level: 2, marker: .expanded, item: "x y").text(rowWidth: 3),
      "  7      ▾ x y")
    // A leaf that is expanded (no children) draws with its own marker (SPEC §3), so that
    // "A is already expanded" is no surprise; collapsed, it is a leaf again.
    let leaf = Session()
    run(leaf, "append A\nexpand --force A")
    XCTAssertEqual(lines(leaf, "show"), ["0• ▿ A"])
    run(leaf, "collapse --force A")
    XCTAssertEqual(lines(leaf, "show"), ["0•   A"])
  }

  // MARK: Color

  func testColorWrapsEachKindOfLine() {
    XCTAssertEqual(TextRenderer.Style.removal.rawValue, "31")
    XCTAssertEqual(TextRenderer.Style.insertion.rawValue, "32")
    XCTAssertEqual(TextRenderer.Style.move.rawValue, "33")
    XCTAssertEqual(TextRenderer.Style.handler.rawValue, "36")
    XCTAssertEqual(TextRenderer.Style.dim.rawValue, "2")
    XCTAssertEqual(TextRenderer.Style.error.rawValue, "1;31")

    let session = foodSession()
    XCTAssertEqual(
      lines(session, "expand Food", color: true),
      [
        ansi("shouldExpandItem(Food) -> true", .handler),
        ansi("willExpandItem(Food)", .handler),
        ansi("snapshotForExpandingParent(Food, [Apple, Pear]) -> [Apple, Pear]", .handler),
        "rows:",
        "  \u{1B}[32m+ 1 Apple\u{1B}[0m",
        "  \u{1B}[32m+ 2 Pear\u{1B}[0m",
        "section main: no change to items",
      ])
    XCTAssertEqual(
      lines(session, "delete Pear", color: true),
      ["rows:", "  \u{1B}[31m- 2 Pear\u{1B}[0m", "section main:", "  \u{1B}[31m- 2 Pear\u{1B}[0m"])
    XCTAssertEqual(
      lines(session, "move Drinks before Food", color: true),
      [
        ansi("canReorderItem(Drinks) -> true", .handler),
        ansi("willReorder(transaction)", .handler),
        ansi("didReorder(transaction)", .handler),
        "rows:",
        "  " + ansi("~ 2 -> 0 Drinks", .move),
        "section main:",
        "  " + ansi("~ 2 -> 0 Drinks", .move),
        // The offset beside is dim.
        "  " + ansi("~ · -> · Water", .move) + ansi("  (index 3 -> 1)", .dim),
      ])
    XCTAssertEqual(
      lines(session, "expand Food", color: true), ["\u{1B}[2mFood is already expanded\u{1B}[0m"])
  }

  func testColorDimsHiddenLinesOfShowOnly() {
    XCTAssertEqual(
      lines(hiddenSession(), "show", color: true),
      [
        "0  ▸ Food",
        ansi("·    ▾ Apple", .dim),
        ansi("·        Green", .dim),
        ansi("·      Pear", .dim),
        "1• ▾ Drinks",
        "2      Water",
      ])
  }

  func testColorLeavesResultsPlain() {
    let session = foodSession()
    XCTAssertEqual(lines(session, "items", color: true), ["Food Apple Pear Drinks Water"])
    XCTAssertEqual(lines(session, "count", color: true), ["5"])
  }

  // MARK: Errors

  func testErrorLineWithAndWithoutALocation() {
    let error = CommandError(.io, #"cannot source "a b": no such file or directory"#)
    let location = SourceLocation(file: "lib/s.outline", line: 12, depth: 1)
    XCTAssertEqual(
      plain.errorLine(error, at: location),
      #"lib/s.outline:12: error: cannot source "a b": no such file or directory"#)
    XCTAssertEqual(
      plain.errorLine(error, at: nil), #"error: cannot source "a b": no such file or directory"#)
    XCTAssertEqual(
      colored.errorLine(error, at: location),
      "lib/s.outline:12: \u{1B}[1;31merror:\u{1B}[0m "
        + #"cannot source "a b": no such file or directory"#)
    XCTAssertEqual(
      colored.errorLine(CommandError(.syntax, "x"), at: nil), ansi("error:", .error) + " x")
  }

  func testAFailedOutcomePrintsTheHandlerCallsItMadeButNoError() {
    let session = foodSession()
    run(session, "rule no-expand Food")
    let outcome = session.run("expand Food")
    XCTAssertEqual(outcome.error?.code, .refused)
    XCTAssertEqual(plain.lines(for: outcome), ["shouldExpandItem(Food) -> false"])
  }

  // MARK: JSON

  func testShowInJSONIsLinesOfTextWithoutColor() {
    let session = hiddenSession()
    XCTAssertEqual(
      session.run("show").json.serialized,
      #"{"command": "show", "ok": true, "result": ["0  ▸ Food", "·    ▾ Apple", "#
        + #""·        Green", "·      Pear", "1• ▾ Drinks", "2      Water"]}"#)
    XCTAssertEqual(
      session.run("show --visible").json.serialized,
      #"{"command": "show --visible", "ok": true, "result": ["0  ▸ Food", "1• ▾ Drinks", "#
        + #""2      Water"]}"#)
    XCTAssertEqual(
      Session().run("show").json.serialized, #"{"command": "show", "ok": true, "result": []}"#)
    XCTAssertEqual(QueryResult.tree([]).json, .array([]))
  }
}

extension TextRendererTests {
  func testANoteOfSeveralLinesIsPrintedLineByLine() {
    var outcome = Outcome(command: "expand A B")
    outcome.note = "A is already expanded\nB is already expanded"
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: outcome),
      ["A is already expanded", "B is already expanded"])
    XCTAssertEqual(
      TextRenderer(color: true).lines(for: outcome),
      ["\u{1B}[2mA is already expanded\u{1B}[0m", "\u{1B}[2mB is already expanded\u{1B}[0m"])
  }
}

extension TextRendererTests {
  /// An outcome built by other code whose steps claim more handler calls than it has prints
  /// what there is, and every step's transaction, rather than trapping.
  func testStepsThatOverrunTheHandlerCallsPrintWhatThereIs() throws {
    let session = Session()
    _ = session.run("append Food")
    var outcome = session.run("append Apple to Food")
    let transaction = try XCTUnwrap(outcome.transaction)
    outcome.handlers = [.willExpandItem("Food")]
    outcome.steps = [
      Outcome.Step(handlerCount: 5, transaction: transaction),
      Outcome.Step(handlerCount: 2, transaction: transaction),
    ]
    let lines = TextRenderer(color: false).lines(for: outcome)
    XCTAssertEqual(lines.filter { $0 == "willExpandItem(Food)" }.count, 1)
    XCTAssertEqual(lines.filter { $0.hasPrefix("section main") }.count, 2, "\(lines)")
  }
}

extension TextRendererTests {
  /// A file `export -` prints keeps its tabs, prints a CRLF file's lines without their `\r`,
  /// and escapes any other control character it holds (a NUL, an ESC), so that a file loaded
  /// from anywhere cannot send a terminal escape; every line is still there.
  func testAFilesControlCharactersAreEscapedWhenPrinted() {
    let text = "- Intro\r\n  - more\0\0 Later\r\n\t- \u{1B}[31mred\n\n- Other\n"
    XCTAssertEqual(
      TextRenderer(color: false).lines(for: .file(text)),
      ["- Intro", "  - more\\u{0}\\u{0} Later", "\t- \\u{1B}[31mred", "", "- Other"])
    XCTAssertEqual(TextRenderer(color: false).lines(for: .file("- A\n- B\n")), ["- A", "- B"])
  }
}
