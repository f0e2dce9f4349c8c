import OutlineLanguage
import XCTest

/// `append --titled`, `retitle`, `title` and `expect title`: an item's identifier against its
/// content (SPEC §3, "Identifier and title").
final class InterpreterTitlesTests: XCTestCase {
  func testAppendTitledSuffixesTakenIdentifiersInOrderAndKeepsTheTexts() {
    let session = Session()
    run(session, "append Notes")
    let outcome = run(session, "append --titled Notes TODO Notes TODO")
    XCTAssertEqual(session.outline.items, ["Notes", "Notes (2)", "TODO", "Notes (3)", "TODO (2)"])
    XCTAssertEqual(
      session.outline.items.map(session.contents.title(of:)),
      ["Notes", "Notes", "TODO", "Notes", "TODO"])
    XCTAssertEqual(
      outcome.note,
      "3 identifiers suffixed, their texts being taken: \"Notes (2)\", \"Notes (3)\", \"TODO (2)\"")
    // Unsuffixed items keep the default content: nothing is stored for them.
    XCTAssertEqual(Set(session.contents.items.keys), ["Notes (2)", "Notes (3)", "TODO (2)"])
  }

  func testAppendTitledSkipsASuffixThatIsAlreadyAnIdentifier() {
    let session = Session()
    run(session, "append Notes \"Notes (2)\"")
    run(session, "append --titled Notes to Notes")
    XCTAssertEqual(session.outline.items, ["Notes", "Notes (3)", "Notes (2)"])
    XCTAssertEqual(session.contents.title(of: "Notes (3)"), "Notes")
  }

  func testAppendTitledIntoAMissingParentChangesNothing() {
    let session = Session()
    run(session, "append A")
    assertFails(session, "append --titled A B to Nope", .unknownParent)
    XCTAssertEqual(session.outline.items, ["A"])
  }

  func testRetitleReconfiguresWithoutRowChangesAndJoinsUndo() {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "retitle Apple \"Green apple\"")
    XCTAssertEqual(outcome.reconfigured, ["Apple"])
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(run(session, "title Apple").result, .text("Green apple"))
    XCTAssertEqual(session.history.last?.command, "retitle Apple \"Green apple\"")
    run(session, "undo")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
    run(session, "redo")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green apple")
    // Back to the identifier: nothing is stored.
    run(session, "retitle Apple Apple")
    XCTAssertTrue(session.contents.items.isEmpty)
  }

  func testRetitleOfAHiddenItemChangesTheTitleAndReconfiguresNoCell() {
    let session = foodSession()
    let outcome = run(session, "retitle Pear Conference")
    XCTAssertTrue(outcome.reconfigured.isEmpty)
    XCTAssertEqual(
      outcome.note,
      "Pear is hidden: its title changed, and no cell is reconfigured "
        + "(reconfigureItems takes visible items only)")
    XCTAssertEqual(session.contents.title(of: "Pear"), "Conference")
    run(session, "undo")
    XCTAssertEqual(session.contents.title(of: "Pear"), "Pear")
  }

  func testRetitleToTheSameTitleIsANote() {
    let session = foodSession()
    let outcome = run(session, "retitle Apple Apple")
    XCTAssertEqual(outcome.note, "Apple is already titled Apple")
    XCTAssertTrue(outcome.reconfigured.isEmpty)
    XCTAssertEqual(session.history.count, 3)
    XCTAssertTrue(session.contents.items.isEmpty)
  }

  func testRetitleOfAnUnknownItemChangesNothing() {
    let session = foodSession()
    run(session, "retitle Apple Green")
    assertFails(session, "retitle Aple Red", .unknownItem)
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green")
  }

  /// A title the section's Markdown or text file cannot hold is refused at `retitle`, not
  /// later at `save`; with an OPML or native file as the section's, it is taken.
  func testARetitleTheSectionsFileCannotHoldIsRefusedAndChangesNothing() throws {
    let files = MemoryFileSystem(["list.md": "- Apple\n- Pear\n", "list.txt": "Apple\n"])
    let session = Session(fileSystem: files)
    run(session, "load list.md")
    assertFails(
      session, "retitle Apple \"Apple \"", .refused,
      "cannot retitle Apple to \"Apple \": the section's file list.md is markdown, whose item "
        + "lines cannot hold blanks at the start or end of a title, and save would refuse it; "
        + "retitle without it, or make an OPML or native file the section's (save FILE.opml) "
        + "first")
    assertFails(session, "retitle Pear \" Pear\"", .refused)
    run(session, "retitle Apple \"Green apple\"\nsave")
    XCTAssertEqual(
      String(decoding: try files.contents(of: "list.md"), as: UTF8.self),
      "- Green apple\n- Pear\n")
    run(session, "load list.txt")
    assertFails(session, "retitle Apple \"Apple \"", .refused)
    run(session, "save list.opml\nretitle Apple \"Apple \"")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple ")
    let fresh = foodSession()
    run(fresh, "retitle Apple \"Apple \"")
    XCTAssertEqual(fresh.contents.title(of: "Apple"), "Apple ", "no file: nothing to refuse")
  }

  func testTitleOfAnUnknownItemIsAnError() {
    let session = foodSession()
    XCTAssertEqual(session.run("title Nope").error?.code, .unknownItem)
  }

  func testARetitleInADiscardedBatchIsPutBack() {
    let session = foodSession()
    run(session, "begin")
    let outcome = session.run("retitle Apple Green")
    XCTAssertNil(outcome.error)
    XCTAssertEqual(outcome.reconfigured, [], "the data source reconfigures nothing in a batch")
    XCTAssertEqual(
      outcome.note,
      "in the batch: Apple's title changed at once, and no cell is reconfigured (apply makes "
        + "the transaction)")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green")
    run(session, "discard")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
  }

  func testARetitleInAnAppliedBatchIsOneStepOfTheHistory() {
    let session = foodSession()
    run(session, "begin")
    run(session, "retitle Apple Green")
    run(session, "append Kiwi to Food")
    run(session, "apply")
    XCTAssertEqual(session.history.last?.command, "apply")
    run(session, "undo")
    XCTAssertFalse(session.outline.contains("Kiwi"))
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
  }

  func testADeletedItemForgetsItsTitleAndUndoBringsItBack() {
    let session = foodSession()
    run(session, "retitle Apple Green")
    run(session, "delete Food")
    XCTAssertTrue(session.contents.items.isEmpty)
    run(session, "append Apple")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
    run(session, "undo")
    run(session, "undo")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green")
  }

  func testExpectTitle() {
    let session = foodSession()
    run(session, "retitle Pear \"Conference pear\"")
    run(session, "expect title Pear \"Conference pear\"")
    run(session, "expect title Apple Apple")
    let failed = session.run("expect title Pear Pear")
    XCTAssertEqual(failed.error?.code, .expectationFailed)
    XCTAssertEqual(
      failed.error?.message,
      "expected the title of Pear to be Pear, got \"Conference pear\"")
  }

  func testExpectErrorSeesATitleChange() {
    let session = foodSession()
    // retitle succeeds, so expect error fails, and the title is put back.
    XCTAssertEqual(session.run("expect error retitle Apple Green").error?.code, .expectationFailed)
    XCTAssertEqual(session.contents.title(of: "Apple"), "Apple")
  }

  func testShowDrawsTitlesWithTheIdentifierBeside() {
    let session = Session()
    run(session, "append --titled Notes Notes")
    guard case .tree(let lines) = run(session, "show").result else {
      return XCTFail("show gives a tree")
    }
    XCTAssertEqual(
      lines.map { $0.text(rowWidth: 1) }, ["0•   Notes", "1    Notes  [\"Notes (2)\"]"])
  }

  func testShowDrawsAnEmptyTitleQuotedAtItsLevel() {
    // An empty list item (`- `) is read as the item `untitled` with an empty title: drawn
    // `""`, so that the identifier beside it lines up with its siblings rather than looking
    // like a child.
    var line = TreeLine(row: 1, level: 0, marker: .leaf, item: "untitled")
    line.title = ""
    let sibling = TreeLine(row: 0, level: 0, marker: .leaf, item: "a")
    XCTAssertEqual(
      [sibling, line].map { $0.text(rowWidth: 1) }, ["0    a", #"1    ""  [untitled]"#])
  }

  func testParsingAndPrintingRoundTrip() throws {
    for text in [
      "append --titled Notes \"To do\" to Inbox", "retitle Apple \"Green apple\"",
      "title Apple", "expect title Apple \"Green apple\"",
    ] {
      let command = try CommandParser.parse(command: text)
      XCTAssertEqual(command.description, text)
      XCTAssertEqual(try CommandParser.parse(command: command.description), command)
    }
  }
}

/// `insert --titled TEXT... before|after ITEM`: items by title beside an item.
final class InterpreterInsertTitledTests: XCTestCase {
  func testInsertTitledPlacesItemsByTitleAndSuffixesTakenIdentifiers() throws {
    let session = foodSession()
    run(session, "expand Food")
    let outcome = run(session, "insert --titled \"Green apple\" Pear before Pear")
    XCTAssertEqual(
      outcome.parsed, .editing(.insertTitled(["Green apple", "Pear"], .before("Pear"))))
    XCTAssertEqual(outcome.effect, .edit([.insert(["Green apple", "Pear (2)"], .before("Pear"))]))
    XCTAssertEqual(
      session.outline.items,
      ["Food", "Apple", "Green apple", "Pear (2)", "Pear", "Drinks", "Water"])
    XCTAssertEqual(session.contents.title(of: "Pear (2)"), "Pear")
    XCTAssertEqual(session.currentItem, "Green apple")
    XCTAssertEqual(outcome.note, "1 identifier suffixed, their texts being taken: \"Pear (2)\"")
    run(session, "insert --titled Tea after Drinks")
    XCTAssertEqual(session.outline.rootItems, ["Food", "Drinks", "Tea"])
    XCTAssertEqual(
      try CommandParser.parse(command: "insert --titled \"A b\" C after D").description,
      "insert --titled \"A b\" C after D")
    run(session, "undo\nundo")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
    XCTAssertNil(session.contents.items["Pear (2)"])
  }

  func testInsertTitledBesideAMissingItemChangesNothing() {
    let session = foodSession()
    assertFails(session, "insert --titled Tea after Nope", .unknownItem)
    assertFails(session, "insert --titled @3 after Food", .syntax)
    assertFails(session, "insert --titled after Food", .syntax)
  }
}
