import XCTest

@testable import Diffable

/// `Snapshot`, the flat snapshot (`NSDiffableDataSourceSnapshot`): every rule of SEMANTICS.md
/// "Flat snapshot" and each member, with Apple's exact messages for the failures and a check that
/// every failed call leaves the snapshot as it was.
final class FlatSnapshotTests: XCTestCase {
  typealias Flat = Snapshot<String, String>

  // MARK: - Helpers

  /// Sections `a` (A1, A2) and `b` (B1, B2, B3).
  private func twoSections() throws -> Flat {
    var snapshot = Flat()
    try snapshot.appendSections(["a", "b"])
    try snapshot.appendItems(["A1", "A2"], toSection: "a")
    try snapshot.appendItems(["B1", "B2", "B3"], toSection: "b")
    return snapshot
  }

  /// Each section with its items, for messages and exact comparisons.
  private func layout(_ snapshot: Flat) throws -> [String] {
    try snapshot.sectionIdentifiers.map { section throws(SnapshotError) in
      "\(section): " + (try snapshot.itemIdentifiers(inSection: section)).joined(separator: " ")
    }
  }

  /// Checks that `body` throws exactly `expected` with Apple's `message` and leaves `snapshot`
  /// `==` to before, down to every section's stored section snapshot and the marks.
  private func assertFails(
    _ snapshot: Flat, with expected: SnapshotError, message: String,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Flat) throws -> Void
  ) throws {
    var edited = snapshot
    do {
      try body(&edited)
      XCTFail("expected \(expected), nothing thrown", file: file, line: line)
    } catch let error as SnapshotError {
      XCTAssertEqual(error, expected, file: file, line: line)
      XCTAssertEqual(error.message, message, file: file, line: line)
      XCTAssertEqual("\(error)", message, file: file, line: line)
    }
    XCTAssertEqual(edited, snapshot, "changed by a failed call", file: file, line: line)
    XCTAssertEqual(try layout(edited), try layout(snapshot), file: file, line: line)
    XCTAssertEqual(
      Array(edited._sections.keys), Array(snapshot._sections.keys), file: file, line: line)
    for (section, tree) in snapshot._sections {
      XCTAssertEqual(edited._sections[section], tree, "section \(section)", file: file, line: line)
    }
    XCTAssertEqual(
      edited.reloadedItemIdentifiers, snapshot.reloadedItemIdentifiers, file: file, line: line)
    XCTAssertEqual(
      edited.reconfiguredItemIdentifiers, snapshot.reconfiguredItemIdentifiers, file: file,
      line: line)
    XCTAssertEqual(
      edited.reloadedSectionIdentifiers, snapshot.reloadedSectionIdentifiers, file: file, line: line
    )
  }

  // MARK: - Empty snapshot and queries

  func testEmptySnapshotHasNoSectionsAndNoItems() {
    let snapshot = Flat()
    XCTAssertEqual(snapshot.numberOfSections, 0)
    XCTAssertEqual(snapshot.numberOfItems, 0)
    XCTAssertEqual(snapshot.sectionIdentifiers, [])
    XCTAssertEqual(snapshot.itemIdentifiers, [])
    XCTAssertEqual(snapshot, Flat())
    XCTAssertEqual(snapshot.description, "Snapshot()")
  }

  func testQueriesDescribeSectionsAndItems() throws {
    let snapshot = try twoSections()
    XCTAssertEqual(snapshot.numberOfSections, 2)
    XCTAssertEqual(snapshot.numberOfItems, 5)
    XCTAssertEqual(try snapshot.numberOfItems(inSection: "a"), 2)
    XCTAssertEqual(try snapshot.numberOfItems(inSection: "b"), 3)
    XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "b"])
    XCTAssertEqual(snapshot.itemIdentifiers, ["A1", "A2", "B1", "B2", "B3"])
    XCTAssertEqual(try snapshot.itemIdentifiers(inSection: "b"), ["B1", "B2", "B3"])
    XCTAssertEqual(snapshot.sectionIdentifier(containingItem: "B2"), "b")
    XCTAssertNil(snapshot.sectionIdentifier(containingItem: "Z"))
    XCTAssertEqual(snapshot.indexOfSection("a"), 0)
    XCTAssertEqual(snapshot.indexOfSection("b"), 1)
    XCTAssertNil(snapshot.indexOfSection("z"))
    XCTAssertTrue(snapshot.contains("A1"))
    XCTAssertFalse(snapshot.contains("Z"))
    XCTAssertEqual(
      snapshot.description, "Snapshot(a: [\"A1\", \"A2\"], b: [\"B1\", \"B2\", \"B3\"])")
  }

  func testIndexOfItemIsGlobalAcrossSections() throws {
    let snapshot = try twoSections()
    XCTAssertEqual(snapshot.indexOfItem("A1"), 0)
    XCTAssertEqual(snapshot.indexOfItem("A2"), 1)
    XCTAssertEqual(snapshot.indexOfItem("B1"), 2)
    XCTAssertEqual(snapshot.indexOfItem("B3"), 4)
    XCTAssertNil(snapshot.indexOfItem("Z"))
  }

  func testIndexOfItemCountsEmptySectionsAsNothing() throws {
    var snapshot = Flat()
    try snapshot.appendSections(["empty", "a"])
    try snapshot.appendItems(["A1"])
    XCTAssertEqual(snapshot.indexOfItem("A1"), 0)
    XCTAssertEqual(try snapshot.itemIdentifiers(inSection: "empty"), [])
  }

  func testItemIdentifiersInMissingSectionThrowsSectionNotFound() throws {
    let snapshot = try twoSections()
    do {
      _ = try snapshot.itemIdentifiers(inSection: "z")
      XCTFail("expected sectionNotFound")
    } catch {
      XCTAssertEqual(error, .sectionNotFound("z"))
      XCTAssertEqual(error.message, "Section identifier was not found in the snapshot: z")
      XCTAssertTrue(error.message.hasPrefix("Section identifier was not found"))
    }
  }

  func testNumberOfItemsInMissingSectionThrowsSectionNotFound() throws {
    let snapshot = try twoSections()
    do {
      _ = try snapshot.numberOfItems(inSection: "z")
      XCTFail("expected sectionNotFound")
    } catch {
      XCTAssertEqual(error, .sectionNotFound("z"))
    }
  }

  // MARK: - appendItems

  func testAppendItemsWithoutSectionGoesToTheLastSection() throws {
    var snapshot = try twoSections()
    try snapshot.appendItems(["X", "Y"])
    XCTAssertEqual(try layout(snapshot), ["a: A1 A2", "b: B1 B2 B3 X Y"])
  }

  func testAppendItemsToNamedSectionGoesToItsEnd() throws {
    var snapshot = try twoSections()
    try snapshot.appendItems(["X"], toSection: "a")
    XCTAssertEqual(try layout(snapshot), ["a: A1 A2 X", "b: B1 B2 B3"])
  }

  func testAppendItemsWithNoSectionsThrowsApplesMessageAndChangesNothing() throws {
    try assertFails(
      Flat(), with: .noSections,
      message: "There are currently no sections in the data source. Please add a section first."
    ) { try $0.appendItems(["A"]) }
  }

  func testAppendItemsWithNoSectionsThrowsEvenForAnEmptyList() throws {
    try assertFails(
      Flat(), with: .noSections,
      message: "There are currently no sections in the data source. Please add a section first."
    ) { try $0.appendItems([]) }
  }

  func testAppendItemsToMissingSectionThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .sectionNotFound("z"),
      message: "Section identifier was not found in the snapshot: z"
    ) { try $0.appendItems(["X"], toSection: "z") }
  }

  func testAppendItemsRepeatedInOneCallThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .itemsNotUnique(["X"]),
      message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: X"
    ) { try $0.appendItems(["X", "Y", "X"]) }
    // The message contains Apple's wording.
    XCTAssertTrue(
      SnapshotError.itemsNotUnique(["X"]).message.contains(
        "supplied item identifiers are not unique"))
  }

  func testAppendItemsRepeatingAnExistingItemInOneCallThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .itemsNotUnique(["A1"]),
      message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: A1"
    ) { try $0.appendItems(["A1", "A1"], toSection: "b") }
  }

  func testAppendingAnItemFromAnotherSectionMovesIt() throws {
    var snapshot = try twoSections()
    try snapshot.appendItems(["A1"], toSection: "b")
    XCTAssertEqual(try layout(snapshot), ["a: A2", "b: B1 B2 B3 A1"])
    XCTAssertEqual(snapshot.numberOfItems, 5)
    XCTAssertEqual(snapshot.sectionIdentifier(containingItem: "A1"), "b")
  }

  func testAppendingAnItemOfTheSameSectionMovesItToTheEnd() throws {
    var snapshot = try twoSections()
    try snapshot.appendItems(["B1", "X"], toSection: "b")
    XCTAssertEqual(try layout(snapshot), ["a: A1 A2", "b: B2 B3 B1 X"])
  }

  func testAppendingAnEmptyListChangesNothing() throws {
    var snapshot = try twoSections()
    let before = snapshot
    try snapshot.appendItems([])
    try snapshot.appendItems([], toSection: "a")
    XCTAssertEqual(snapshot, before)
  }

  // MARK: - insertItems

  func testInsertItemsBeforeAndAfterAnItemGoInItsSection() throws {
    var snapshot = try twoSections()
    try snapshot.insertItems(["X"], beforeItem: "B2")
    try snapshot.insertItems(["Y", "Z"], afterItem: "A1")
    XCTAssertEqual(try layout(snapshot), ["a: A1 Y Z A2", "b: B1 X B2 B3"])
  }

  func testInsertingAnExistingItemMovesIt() throws {
    var snapshot = try twoSections()
    try snapshot.insertItems(["B3"], beforeItem: "A1")
    XCTAssertEqual(try layout(snapshot), ["a: B3 A1 A2", "b: B1 B2"])
    try snapshot.insertItems(["A1"], afterItem: "B2")
    XCTAssertEqual(try layout(snapshot), ["a: B3 A2", "b: B1 B2 A1"])
  }

  func testInsertItemsNextToMissingItemThrowsAndChangesNothing() throws {
    let snapshot = try twoSections()
    try assertFails(
      snapshot, with: .flatItemNotFound("Z"),
      message: "Item identifier was not found in the snapshot: Z"
    ) { try $0.insertItems(["X"], beforeItem: "Z") }
    try assertFails(
      snapshot, with: .flatItemNotFound("Z"),
      message: "Item identifier was not found in the snapshot: Z"
    ) { try $0.insertItems(["X"], afterItem: "Z") }
  }

  func testInsertItemsRepeatedInOneCallThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .itemsNotUnique(["X"]),
      message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: X"
    ) { try $0.insertItems(["X", "X"], afterItem: "A1") }
  }

  func testInsertItemsNextToOneOfThemselvesThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .invalidMove("cannot insert A1 next to itself"),
      message: "Invalid move: cannot insert A1 next to itself"
    ) { try $0.insertItems(["X", "A1"], beforeItem: "A1") }
  }

  // MARK: - deleteItems, deleteSections, deleteAllItems

  func testDeleteItemsRemovesThemAndIgnoresUnknownOnes() throws {
    var snapshot = try twoSections()
    snapshot.deleteItems(["A2", "nope", "B1"])
    XCTAssertEqual(try layout(snapshot), ["a: A1", "b: B2 B3"])
    let before = snapshot
    snapshot.deleteItems(["nope"])
    XCTAssertEqual(snapshot, before)
  }

  func testDeleteSectionsRemovesTheirItems() throws {
    var snapshot = try twoSections()
    snapshot.deleteSections(["a", "unknown"])
    XCTAssertEqual(try layout(snapshot), ["b: B1 B2 B3"])
    XCTAssertFalse(snapshot.contains("A1"))
    XCTAssertNil(snapshot.indexOfItem("A1"))
    XCTAssertEqual(snapshot.indexOfItem("B1"), 0)
    // The deleted items are gone: appending them again is no duplicate.
    try snapshot.appendItems(["A1"])
    XCTAssertEqual(try layout(snapshot), ["b: B1 B2 B3 A1"])
  }

  func testDeleteAllItemsRemovesTheSectionsToo() throws {
    var snapshot = try twoSections()
    try snapshot.reloadItems(["A1"])
    try snapshot.reconfigureItems(["B1"])
    try snapshot.reloadSections(["a"])
    snapshot.deleteAllItems()
    XCTAssertEqual(snapshot.numberOfSections, 0)
    XCTAssertEqual(snapshot.numberOfItems, 0)
    XCTAssertEqual(snapshot, Flat())
    XCTAssertEqual(snapshot.reloadedItemIdentifiers, [])
    XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, [])
    XCTAssertEqual(snapshot.reloadedSectionIdentifiers, [])
    try assertFails(
      snapshot, with: .noSections,
      message: "There are currently no sections in the data source. Please add a section first."
    ) { try $0.appendItems(["A1"]) }
  }

  // MARK: - Sections

  func testAppendSectionsAddsEmptySectionsAtTheEnd() throws {
    var snapshot = try twoSections()
    try snapshot.appendSections(["c", "d"])
    XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "b", "c", "d"])
    XCTAssertEqual(try snapshot.itemIdentifiers(inSection: "c"), [])
  }

  func testAppendingAnExistingSectionThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .duplicateSections(["a"]),
      message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: a"
    ) { try $0.appendSections(["c", "a"]) }
  }

  func testAppendingARepeatedSectionThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .duplicateSections(["c"]),
      message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: c"
    ) { try $0.appendSections(["c", "c"]) }
  }

  func testInsertSectionsBeforeAndAfterASection() throws {
    var snapshot = try twoSections()
    try snapshot.insertSections(["x", "y"], beforeSection: "b")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "x", "y", "b"])
    try snapshot.insertSections(["z"], afterSection: "b")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "x", "y", "b", "z"])
    try snapshot.insertSections(["w"], afterSection: "a")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "w", "x", "y", "b", "z"])
    try snapshot.insertSections(["first"], beforeSection: "a")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["first", "a", "w", "x", "y", "b", "z"])
    // Items stay with their sections; appendItems goes to the (new) last section.
    XCTAssertEqual(snapshot.indexOfItem("B1"), 2)
    try snapshot.appendItems(["Z1"])
    XCTAssertEqual(try snapshot.itemIdentifiers(inSection: "z"), ["Z1"])
  }

  func testInsertSectionsNextToMissingSectionThrowsAndChangesNothing() throws {
    let snapshot = try twoSections()
    try assertFails(
      snapshot, with: .sectionNotFound("q"),
      message: "Section identifier was not found in the snapshot: q"
    ) { try $0.insertSections(["x"], beforeSection: "q") }
    try assertFails(
      snapshot, with: .sectionNotFound("q"),
      message: "Section identifier was not found in the snapshot: q"
    ) { try $0.insertSections(["x"], afterSection: "q") }
  }

  func testInsertingAnExistingSectionThrowsAndChangesNothing() throws {
    let snapshot = try twoSections()
    try assertFails(
      snapshot, with: .duplicateSections(["b"]),
      message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: b"
    ) { try $0.insertSections(["b"], beforeSection: "a") }
    try assertFails(
      snapshot, with: .duplicateSections(["x"]),
      message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: x"
    ) { try $0.insertSections(["x", "x"], afterSection: "a") }
  }

  func testMoveSectionBeforeAndAfterKeepsItsItems() throws {
    var snapshot = try twoSections()
    try snapshot.appendSections(["c"])
    try snapshot.moveSection("c", beforeSection: "a")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["c", "a", "b"])
    try snapshot.moveSection("a", afterSection: "b")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["c", "b", "a"])
    XCTAssertEqual(snapshot.itemIdentifiers, ["B1", "B2", "B3", "A1", "A2"])
    XCTAssertEqual(snapshot.indexOfItem("A1"), 3)
    try snapshot.moveSection("c", afterSection: "a")
    XCTAssertEqual(snapshot.sectionIdentifiers, ["b", "a", "c"])
  }

  func testMoveSectionWithMissingSectionThrowsAndChangesNothing() throws {
    let snapshot = try twoSections()
    try assertFails(
      snapshot, with: .sectionNotFound("q"),
      message: "Section identifier was not found in the snapshot: q"
    ) { try $0.moveSection("q", beforeSection: "a") }
    try assertFails(
      snapshot, with: .sectionNotFound("q"),
      message: "Section identifier was not found in the snapshot: q"
    ) { try $0.moveSection("a", afterSection: "q") }
  }

  func testMoveSectionNextToItselfThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .invalidMove("cannot move section a next to itself"),
      message: "Invalid move: cannot move section a next to itself"
    ) { try $0.moveSection("a", beforeSection: "a") }
  }

  // MARK: - moveItem

  func testMoveItemBeforeAndAfterWithinASection() throws {
    var snapshot = try twoSections()
    try snapshot.moveItem("B3", beforeItem: "B1")
    XCTAssertEqual(try layout(snapshot), ["a: A1 A2", "b: B3 B1 B2"])
    try snapshot.moveItem("B3", afterItem: "B2")
    XCTAssertEqual(try layout(snapshot), ["a: A1 A2", "b: B1 B2 B3"])
  }

  /// The moves of `difference`, as `item from->to`.
  private func moves(_ difference: CollectionDifference<String>) -> [String] {
    difference.removals.compactMap {
      guard case .remove(let offset, let item, let partner?) = $0 else { return "-\($0)" }
      return "\(item) \(offset)->\(partner)"
    }
      + difference.insertions.compactMap {
        guard case .insert(_, let item, nil) = $0 else { return nil }
        return "+\(item)"
      }
  }

  /// `[A, B, C]` in a data source, and the transaction of applying `edit` of its snapshot.
  private func applied(_ edit: (inout Flat) throws -> Void) throws -> Transaction<String, String> {
    let dataSource = DataSource<String, String>()
    var initial = Flat()
    try initial.appendSections(["main"])
    try initial.appendItems(["A", "B", "C"])
    dataSource.apply(initial)
    var snapshot = dataSource.snapshot()
    try edit(&snapshot)
    return dataSource.apply(snapshot)
  }

  /// Where two items swap places, moving either is as small a difference: the transaction
  /// reports the one the code named, in the flat difference and the section's, whichever way
  /// it moves; elsewhere the only one-move difference is the named item's anyway.
  func testAppliedMoveReportsTheItemTheCodeNamed() throws {
    let cases: [(String, (inout Flat) throws -> Void, String)] = [
      ("moveItem(B, beforeItem: A)", { try $0.moveItem("B", beforeItem: "A") }, "B 1->0"),
      ("moveItem(A, afterItem: B)", { try $0.moveItem("A", afterItem: "B") }, "A 0->1"),
      ("moveItem(C, beforeItem: B)", { try $0.moveItem("C", beforeItem: "B") }, "C 2->1"),
      ("moveItem(C, beforeItem: A)", { try $0.moveItem("C", beforeItem: "A") }, "C 2->0"),
      ("moveItem(A, afterItem: C)", { try $0.moveItem("A", afterItem: "C") }, "A 0->2"),
      ("insertItems([C], beforeItem: B)", { try $0.insertItems(["C"], beforeItem: "B") }, "C 2->1"),
      ("insertItems([A], afterItem: B)", { try $0.insertItems(["A"], afterItem: "B") }, "A 0->1"),
      ("appendItems([B])", { try $0.appendItems(["B"]) }, "B 1->2"),
    ]
    for (name, edit, expected) in cases {
      let transaction = try applied(edit)
      XCTAssertEqual(moves(transaction.difference), [expected], name)
      XCTAssertEqual(
        transaction.sectionTransactions.map { moves($0.difference) }, [[expected]], name)
      XCTAssertEqual(
        transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
        transaction.finalSnapshot.itemIdentifiers, name)
    }
  }

  /// A move to where the item is changes nothing: no section is touched.
  func testAppliedMoveToWhereTheItemIsChangesNothing() throws {
    for edit: (inout Flat) throws -> Void in [
      { try $0.moveItem("A", beforeItem: "B") }, { try $0.appendItems(["C"]) },
      { try $0.insertItems(["B"], afterItem: "A") },
    ] {
      let transaction = try applied(edit)
      XCTAssertTrue(transaction.difference.isEmpty)
      XCTAssertEqual(transaction.sectionTransactions.count, 0)
    }
  }

  func testMoveItemAcrossSections() throws {
    var snapshot = try twoSections()
    try snapshot.moveItem("A1", afterItem: "B3")
    XCTAssertEqual(try layout(snapshot), ["a: A2", "b: B1 B2 B3 A1"])
    try snapshot.moveItem("B1", beforeItem: "A2")
    XCTAssertEqual(try layout(snapshot), ["a: B1 A2", "b: B2 B3 A1"])
  }

  func testMoveItemWithMissingItemThrowsAndChangesNothing() throws {
    let snapshot = try twoSections()
    try assertFails(
      snapshot, with: .flatItemNotFound("Z"),
      message: "Item identifier was not found in the snapshot: Z"
    ) { try $0.moveItem("Z", beforeItem: "A1") }
    try assertFails(
      snapshot, with: .flatItemNotFound("Z"),
      message: "Item identifier was not found in the snapshot: Z"
    ) { try $0.moveItem("A1", afterItem: "Z") }
  }

  func testMoveItemNextToItselfThrowsAndChangesNothing() throws {
    try assertFails(
      try twoSections(), with: .invalidMove("cannot insert A1 next to itself"),
      message: "Invalid move: cannot insert A1 next to itself"
    ) { try $0.moveItem("A1", afterItem: "A1") }
  }

  // MARK: - reloadItems, reconfigureItems, reloadSections

  func testReloadAndReconfigureMarkItemsInOrder() throws {
    var snapshot = try twoSections()
    try snapshot.reloadItems(["B2", "A1"])
    try snapshot.reconfigureItems(["A2"])
    try snapshot.reloadSections(["b"])
    XCTAssertEqual(snapshot.reloadedItemIdentifiers, ["B2", "A1"])
    XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, ["A2"])
    XCTAssertEqual(snapshot.reloadedSectionIdentifiers, ["b"])
    // Marks are part of equality: the same items without marks differ.
    XCTAssertNotEqual(snapshot, try twoSections())
  }

  func testReloadItemsOfAbsentItemThrowsApplesMessageAndMarksNothing() throws {
    try assertFails(
      try twoSections(), with: .reloadItemNotFound("Z"),
      message:
        "Attempted to reload item identifier that does not exist in the snapshot: Z"
    ) { try $0.reloadItems(["A1", "Z"]) }
  }

  func testReconfigureItemsOfAbsentItemThrowsApplesMessageAndMarksNothing() throws {
    try assertFails(
      try twoSections(), with: .reconfigureItemNotFound("Z"),
      message:
        "Attempted to reconfigure item identifier that does not exist in the snapshot: Z"
    ) { try $0.reconfigureItems(["B1", "Z"]) }
  }

  func testReloadSectionsOfAbsentSectionThrowsAndMarksNothing() throws {
    try assertFails(
      try twoSections(), with: .sectionNotFound("z"),
      message: "Section identifier was not found in the snapshot: z"
    ) { try $0.reloadSections(["a", "z"]) }
  }

  // MARK: - Equality

  func testEqualityComparesSectionsItemsAndOrder() throws {
    var built = Flat()
    try built.appendSections(["a", "b"])
    try built.appendItems(["A1", "A2"], toSection: "a")
    try built.appendItems(["B1", "B2", "B3"], toSection: "b")
    XCTAssertEqual(built, try twoSections())
    var reordered = built
    try reordered.moveItem("A2", beforeItem: "A1")
    XCTAssertNotEqual(reordered, built)
    var renamed = Flat()
    try renamed.appendSections(["a", "c"])
    try renamed.appendItems(["A1", "A2"], toSection: "a")
    try renamed.appendItems(["B1", "B2", "B3"], toSection: "c")
    XCTAssertNotEqual(renamed, built)
  }

  // MARK: - A flat snapshot taken from a data source

  func testFlatEditOfATreeSectionKeepsOnlyItsVisibleItems() throws {
    let dataSource = DataSource<String, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple"], to: "Food")
    try outline.append(["Tea"], to: "Drinks")
    outline.expand(["Drinks"])
    try dataSource.apply(outline, to: "main")
    var snapshot = dataSource.snapshot()
    XCTAssertEqual(snapshot.itemIdentifiers, ["Food", "Drinks", "Tea"])
    XCTAssertFalse(snapshot.contains("Apple"), "a hidden item is not in the flat snapshot")
    XCTAssertNil(snapshot.indexOfItem("Apple"))
    try snapshot.appendItems(["Water"])
    XCTAssertEqual(snapshot.itemIdentifiers, ["Food", "Drinks", "Tea", "Water"])
    XCTAssertEqual(snapshot._sections["main"]?.items, ["Food", "Drinks", "Tea", "Water"])
    XCTAssertEqual(snapshot._sections["main"]?.rootItems, ["Food", "Drinks", "Tea", "Water"])
  }

  func testAppendingAHiddenItemOfATreeSectionToAnotherSectionLeavesNoDuplicate() throws {
    let dataSource = DataSource<String, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["Food"])
    try outline.append(["Apple"], to: "Food")
    try dataSource.apply(outline, to: "main")
    var snapshot = dataSource.snapshot()
    try snapshot.appendSections(["other"])
    try snapshot.appendItems(["Apple"], toSection: "other")
    XCTAssertEqual(try layout(snapshot), ["main: Food", "other: Apple"])
    let all = snapshot._sections.values.flatMap(\.items)
    XCTAssertEqual(all.count, Set(all).count, "an item held twice: \(all)")
  }

  func testFailedFlatEditOfATreeSectionKeepsTheTree() throws {
    let dataSource = DataSource<String, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["Food"])
    try outline.append(["Apple"], to: "Food")
    try dataSource.apply(outline, to: "main")
    try assertFails(
      dataSource.snapshot(), with: .itemsNotUnique(["X"]),
      message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: X"
    ) { try $0.appendItems(["X", "X"]) }
    try assertFails(
      dataSource.snapshot(), with: .flatItemNotFound("Apple"),
      message: "Item identifier was not found in the snapshot: Apple"
    ) { try $0.moveItem("Apple", beforeItem: "Food") }
  }
}
