import OutlineTestSupport
import XCTest

@testable import Diffable

// Index paths and sections.
extension DataSourceTests {
  /// Section `first` holds X, Y, Z; section `main` the pantry.
  private func twoSectionSource() throws -> Source {
    let dataSource = Source()
    try dataSource.apply(try outline(["-X", "-Y", "-Z"]), to: "first")
    try dataSource.apply(try pantry(), to: "main")
    return dataSource
  }

  func testItemIdentifierForIndexPathAndIndexPathForItem() throws {
    let dataSource = try twoSectionSource()
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [0, 0])), "X")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [0, 2])), "Z")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 0])), "Food")
    XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 6])), "Snacks")
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [1, 7])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [2, 0])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [0, -1])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [-1, 0])))
    XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(indexes: [0])))
    XCTAssertEqual(dataSource.indexPath(for: "Y"), IndexPath(indexes: [0, 1]))
    XCTAssertEqual(dataSource.indexPath(for: "Drinks"), IndexPath(indexes: [1, 5]))
    XCTAssertNil(dataSource.indexPath(for: "Tea"), "a hidden item has no index path")
    XCTAssertNil(dataSource.indexPath(for: "Nope"))
    for (section, name) in ["first", "main"].enumerated() {
      let rows = try dataSource.snapshot().itemIdentifiers(inSection: name)
      for (row, item) in rows.enumerated() {
        let path = IndexPath(indexes: [section, row])
        XCTAssertEqual(dataSource.indexPath(for: item), path)
        XCTAssertEqual(dataSource.itemIdentifier(for: path), item)
      }
    }
  }

  func testSectionQueries() throws {
    let dataSource = try twoSectionSource()
    XCTAssertEqual(dataSource.sectionIdentifier(for: 0), "first")
    XCTAssertEqual(dataSource.sectionIdentifier(for: 1), "main")
    XCTAssertNil(dataSource.sectionIdentifier(for: 2))
    XCTAssertNil(dataSource.sectionIdentifier(for: -1))
    XCTAssertEqual(dataSource.index(for: "main"), 1)
    XCTAssertNil(dataSource.index(for: "nowhere"))
    XCTAssertEqual(dataSource.section(containing: "Tea"), "main", "hidden items count")
    XCTAssertEqual(dataSource.section(containing: "Y"), "first")
    XCTAssertNil(dataSource.section(containing: "Nope"))
  }

  func testALaterSectionsRowsAreOffsetByTheRowsBeforeIt() throws {
    let dataSource = try twoSectionSource()
    let expand = try XCTUnwrap(try dataSource.toggleDisclosure(of: "Drinks").transaction)
    XCTAssertEqual(insertions(expand), [Change(offset: 9), Change(offset: 10)])
    XCTAssertEqual(removals(expand), [])
    XCTAssertEqual(expand.sectionTransactions.map(\.sectionIdentifier), ["main"])
    assertReplays(expand)

    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let drag = try XCTUnwrap(try dataSource.drag(in: "main", fromRow: 8, toRow: 0).transaction)
    XCTAssertEqual(dataSource.snapshot(for: "main").rootItems, ["Snacks", "Food", "Drinks"])
    XCTAssertEqual(removals(drag), [Change(offset: 11, associatedWith: 3)])
    XCTAssertEqual(insertions(drag), [Change(offset: 3, associatedWith: 11)])
    // The section difference stays in the section's own offsets.
    XCTAssertEqual(removals(drag.sectionTransactions[0]), [Change(offset: 8, associatedWith: 0)])
    assertReplays(drag)

    var tree = dataSource.snapshot(for: "main")
    try tree.delete(["Food"])
    let delete = try dataSource.apply(tree, to: "main")
    XCTAssertEqual(removals(delete), [4, 5, 6, 7, 8].map { Change(offset: $0) })
    assertReplays(delete)
  }

  func testAnEarlierSectionsChangeLeavesTheLaterRowsAlone() throws {
    let dataSource = try twoSectionSource()
    var first = dataSource.snapshot(for: "first")
    try first.insert(["W"], before: "X")
    let transaction = try dataSource.apply(first, to: "first")
    XCTAssertEqual(insertions(transaction), [Change(offset: 0)])
    XCTAssertEqual(removals(transaction), [])
    XCTAssertEqual(dataSource.indexPath(for: "Food"), IndexPath(indexes: [1, 0]))
    XCTAssertEqual(dataSource.snapshot().indexOfItem("Food"), 4)
    assertReplays(transaction)
  }

  func testAFlatSnapshotChangingTwoSectionsGivesOneDifferenceOverAllRows() throws {
    let dataSource = try twoSectionSource()
    var flat = dataSource.snapshot()
    try flat.moveItem("Y", afterItem: "Snacks")
    flat.deleteItems(["Bread"])
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(
      dataSource.snapshot().itemIdentifiers,
      ["X", "Z", "Food", "Fruit", "Apple", "Pear", "Drinks", "Snacks", "Y"])
    XCTAssertEqual(
      Set(transaction.sectionTransactions.map(\.sectionIdentifier)), ["first", "main"])
    XCTAssertEqual(
      removals(transaction), [Change(offset: 1, associatedWith: 8), Change(offset: 7)])
    XCTAssertEqual(insertions(transaction), [Change(offset: 8, associatedWith: 1)])
    assertReplays(transaction)
  }

  func testApplyingAFlatSnapshotWithoutASectionRemovesIt() throws {
    let dataSource = try twoSectionSource()
    var flat = dataSource.snapshot()
    flat.deleteSections(["first"])
    let transaction = dataSource.apply(flat)
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["main"])
    XCTAssertEqual(removals(transaction), [0, 1, 2].map { Change(offset: $0) })
    XCTAssertEqual(dataSource.snapshot(for: "main"), try pantry())
    let removed = try XCTUnwrap(
      transaction.sectionTransactions.first { $0.sectionIdentifier == "first" })
    XCTAssertEqual(removed.finalSnapshot.items, [])
    assertReplays(transaction)
  }
}
