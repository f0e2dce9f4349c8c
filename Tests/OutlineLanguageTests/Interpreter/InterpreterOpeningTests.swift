import Diffable
import OutlineLanguage
import XCTest

/// A leaf given its first children opens on them (`Session+Opening.swift`): `indent`, `move …
/// to`, `append --titled … to`, `outdent --in-place`, `replace-children` and `import … to` keep
/// the items they place on rows, in the same command; a parent that had children keeps its
/// expansion.
final class InterpreterOpeningTests: XCTestCase {
  /// Three roots, all leaves: Food, Milk, Eggs.
  func leaves() -> Session {
    let session = Session()
    run(session, "append Food Milk Eggs")
    return session
  }

  func outline(_ session: Session) -> SectionSnapshot<String> {
    session.dataSource.snapshot(for: "main")
  }

  func testIndentUnderALeafOpensItAndKeepsTheItemOnItsRow() throws {
    let session = leaves()
    let indented = run(session, "indent Milk")
    XCTAssertEqual(indented.effect, .reorder("Milk", to: .lastChild(of: "Food"), opening: "Food"))
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, ["Food"])
    XCTAssertEqual(try outline(session).parent(of: "Milk"), "Food")
    // One transaction: no row moves, Milk changes parent, and Food opens between its states.
    let transaction = try XCTUnwrap(indented.transaction)
    XCTAssertTrue(transaction.difference.isEmpty)
    let section = try XCTUnwrap(transaction.sectionTransactions.first)
    XCTAssertEqual(section.hierarchyChanges.map(\.item), ["Milk"])
    XCTAssertEqual(section.initialSnapshot.expandedItems, [])
    XCTAssertEqual(section.finalSnapshot.expandedItems, ["Food"])
    XCTAssertEqual(indented.handlers.map(\.name), ["canReorderItem", "willReorder", "didReorder"])
    // Undo takes back both, redo brings back both.
    run(session, "undo")
    XCTAssertEqual(outline(session).rootItems, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, [])
    run(session, "redo")
    XCTAssertEqual(try outline(session).parent(of: "Milk"), "Food")
    XCTAssertEqual(outline(session).expandedItems, ["Food"])
  }

  func testAParentWithChildrenKeepsItsExpansion() throws {
    let session = foodSession()
    run(session, "append Tea")
    let indented = run(session, "indent Tea")
    XCTAssertEqual(indented.effect, .reorder("Tea", to: .lastChild(of: "Drinks")))
    XCTAssertEqual(outline(session).expandedItems, [])
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Drinks"])
    XCTAssertEqual(indented.transaction?.removalOffsets.map(\.offset), [2])
  }

  func testAnExpandedLeafNeedsNoOpening() throws {
    let session = leaves()
    run(session, "expand --force Food")
    let indented = run(session, "indent Milk")
    XCTAssertEqual(indented.effect, .reorder("Milk", to: .lastChild(of: "Food")))
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs"])
  }

  func testMoveIntoALeafOpensIt() throws {
    let session = leaves()
    let moved = run(session, "move Food to Eggs")
    XCTAssertEqual(moved.effect, .reorder("Food", to: .lastChild(of: "Eggs"), opening: "Eggs"))
    XCTAssertEqual(outline(session).visibleItems, ["Milk", "Eggs", "Food"])
    XCTAssertEqual(outline(session).expandedItems, ["Eggs"])
    // The transaction is the drop's: Food moves from row 0 to row 2.
    XCTAssertEqual(moved.transaction?.removalOffsets.map(\.offset), [0])
    XCTAssertEqual(moved.transaction?.insertionOffsets.map(\.offset), [2])
    run(session, "undo")
    XCTAssertEqual(outline(session).items, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testPlainAppendKeepsApplesExpansion() throws {
    let session = leaves()
    let appended = run(session, "append Jam Tea to Eggs")
    XCTAssertEqual(appended.effect, .edit([.append(["Jam", "Tea"], to: "Eggs")]))
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs"])
  }

  func testAppendTitledToALeafExpandsItInTheSameApply() throws {
    let session = leaves()
    let appended = run(session, "append --titled \"Buy jam\" Tea to Milk")
    XCTAssertEqual(
      appended.effect, .edit([.append(["Buy jam", "Tea"], to: "Milk"), .expand(["Milk"])]))
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Buy jam", "Tea", "Eggs"])
    XCTAssertEqual(appended.transaction?.insertionOffsets.map(\.offset), [2, 3])
    // A second append leaves Milk as it is, collapsed by its user or not.
    run(session, "collapse Milk")
    let again = run(session, "append --titled Bread to Milk")
    XCTAssertEqual(again.effect, .edit([.append(["Bread"], to: "Milk")]))
    XCTAssertEqual(outline(session).expandedItems, [])
    run(session, "undo\nundo\nundo")
    XCTAssertEqual(outline(session).items, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testAppendInABatchOpensTheLeafAtApply() throws {
    let session = leaves()
    run(session, "begin\nappend --titled Jam to Eggs\napply")
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs", "Jam"])
    XCTAssertEqual(outline(session).expandedItems, ["Eggs"])
  }

  func testOutdentInPlaceOpensTheItemOnItsNewChildren() throws {
    let session = Session()
    run(session, "append Food\nappend Milk Eggs Jam to Food\nexpand Food")
    let outdented = run(session, "outdent --in-place Milk")
    XCTAssertEqual(outline(session).rootItems, ["Food", "Milk"])
    XCTAssertEqual(try outline(session).children(of: "Milk"), ["Eggs", "Jam"])
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs", "Jam"])
    XCTAssertEqual(outline(session).expandedItems, ["Food", "Milk"])
    guard case .reorders(let reorders) = outdented.effect else {
      return XCTFail("\(outdented.effect)")
    }
    XCTAssertEqual(reorders.map(\.opening), ["Milk", nil, nil])
    run(session, "undo")
    XCTAssertEqual(try outline(session).children(of: "Food"), ["Milk", "Eggs", "Jam"])
    XCTAssertEqual(outline(session).expandedItems, ["Food"])
  }

  func testIndentingSeveralOpensTheLeafOnceAndUndoClosesIt() throws {
    let session = leaves()
    let indented = run(session, "indent Milk Eggs")
    XCTAssertEqual(try outline(session).children(of: "Food"), ["Milk", "Eggs"])
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs"])
    guard case .reorders(let reorders) = indented.effect else {
      return XCTFail("\(indented.effect)")
    }
    XCTAssertEqual(reorders.map(\.opening), ["Food", nil])
    run(session, "undo")
    XCTAssertEqual(outline(session).rootItems, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testReplaceChildrenOfALeafOpensItInTheSameApply() throws {
    let session = foodSession()
    run(session, "child-snapshot Food as fruit\ndelete Apple Pear")
    let replaced = run(session, "replace-children Water with @fruit")
    XCTAssertEqual(
      replaced.effect,
      .edit([.replaceChildren(of: "Water", using: .kept("fruit")), .expand(["Water"])]))
    run(session, "expand Drinks")
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Drinks", "Water", "Apple", "Pear"])
    XCTAssertEqual(outline(session).expandedItems, ["Drinks", "Water"])
    run(session, "undo\nundo")
    XCTAssertEqual(try outline(session).children(of: "Water"), [])
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testReplaceChildrenOfAParentKeepsItsExpansionAndAnEmptySnapshotOpensNothing() throws {
    let session = foodSession()
    run(session, "append Tea\nchild-snapshot Tea as none")
    run(session, "child-snapshot Drinks as drinks\ndelete Water")
    // Food has children: it stays collapsed, as its user left it.
    let replaced = run(session, "replace-children Food with @drinks")
    XCTAssertEqual(replaced.effect, .edit([.replaceChildren(of: "Food", using: .kept("drinks"))]))
    XCTAssertEqual(outline(session).expandedItems, [])
    let empty = run(session, "replace-children Tea with @none")
    XCTAssertEqual(empty.effect, .edit([.replaceChildren(of: "Tea", using: .kept("none"))]))
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testAFailedReplaceChildrenOpensNothing() {
    let session = foodSession()
    run(session, "child-snapshot Food as fruit")
    // Apple and Pear are Food's: the snapshot's items are taken.
    assertFails(session, "replace-children Water with @fruit", .duplicateItem)
    assertFails(session, "replace-children Water with @nothing", .unknownItem)
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testImportIntoALeafOpensIt() throws {
    let files = MemoryFileSystem(["more.md": "- Jam\n- Tea\n"])
    let session = Session(fileSystem: files)
    run(session, "append Food Milk Eggs")
    run(session, "import more.md to Eggs")
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Milk", "Eggs", "Jam", "Tea"])
    XCTAssertEqual(outline(session).expandedItems, ["Eggs"])
    run(session, "undo")
    XCTAssertEqual(outline(session).items, ["Food", "Milk", "Eggs"])
    XCTAssertEqual(outline(session).expandedItems, [])
    // A parent with children keeps its expansion; a rule keeps a leaf collapsed, with a note.
    run(session, "append Bread to Food\nimport more.md to Food")
    XCTAssertEqual(outline(session).expandedItems, [])
    run(session, "rule no-expand Milk")
    let held = run(session, "import more.md to Milk")
    XCTAssertEqual(outline(session).expandedItems, [])
    XCTAssertTrue(
      held.note?.hasSuffix(
        "Milk left collapsed by rule 1: no-expand Milk (it has children now, hidden under it)")
        ?? false, held.note ?? "no note")
  }

  func testANoExpandRuleKeepsTheLeafCollapsedWithANote() throws {
    let session = leaves()
    run(session, "rule no-expand Food")
    let indented = run(session, "indent Milk")
    XCTAssertEqual(indented.effect, .reorder("Milk", to: .lastChild(of: "Food")))
    XCTAssertEqual(outline(session).visibleItems, ["Food", "Eggs"])
    XCTAssertEqual(
      indented.note,
      "Food left collapsed by rule 1: no-expand Food (it has children now, hidden under it)")
  }

  func testARefusedReorderOpensNothing() {
    let session = leaves()
    run(session, "rule no-reorder Milk")
    assertFails(session, "indent Milk", .refused)
    assertFails(session, "move Milk to Eggs", .refused)
    assertFails(session, "indent Milk Eggs", .refused)
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testAMoveIntoItselfFailsAndOpensNothing() {
    let session = leaves()
    assertFails(session, "move Milk to Milk", .invalidMove)
    XCTAssertEqual(outline(session).expandedItems, [])
  }

  func testTheSwiftShowsTheExpansionBeforeTheDrop() {
    let session = leaves()
    let lines = SwiftCode.lines(for: session.run("indent Milk"))
    let expand = lines.firstIndex(of: #"snapshot.expand(["Food"])"#)
    let drop = lines.firstIndex { $0.contains("reorder to .lastChild(of: \"Food\")") }
    XCTAssertNotNil(expand, "\(lines)")
    XCTAssertLessThan(expand ?? .max, drop ?? .min, "\(lines)")
    XCTAssertEqual(
      Array(SwiftCode.lines(for: session.run("append --titled Jam to Eggs")).prefix(4)),
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        #"snapshot.append(["Jam"], to: "Eggs")"#,
        #"snapshot.expand(["Eggs"])"#,
        #"dataSource.apply(snapshot, to: "main")"#,
      ])
  }

  func testTheEmittedTestOpensTheLeafBeforeTheDrop() {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "demo.outline")
    let end = session.runScript(
      "append Food Milk Eggs Jam\nindent Milk Eggs\nappend Tea\nindent Tea\n", file: "demo.outline",
      options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    XCTAssertEqual(end, .finished(failures: 0))
    let file = emitter.file(final: session.state)
    XCTAssertTrue(file.contains("// the editor opens Food, a leaf until the next drop"), file)
    XCTAssertTrue(file.contains("// the editor opens Jam, a leaf until the next drop"), file)
    XCTAssertTrue(file.contains(#"snapshot.expand(["Food"])"#), file)
    XCTAssertTrue(
      file.contains(
        #"XCTAssertTrue(dataSource.native.apply(snapshot, to: "main").difference.isEmpty)"#),
      file)
  }
}
