import XCTest

@testable import Diffable

/// `SectionTransaction.hierarchyChanges`: the items that changed parent, found from what the
/// change touched.
final class HierarchyChangeTests: XCTestCase {
  typealias Place = HierarchyChange<String>.Place

  /// Food (Apple, Pear), Garden (Rose (Bud)), Drinks; every parent expanded.
  func source() throws -> DataSource<String, String> {
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Garden", "Drinks"])
    try outline.append(["Apple", "Pear"], to: "Food")
    try outline.append(["Rose"], to: "Garden")
    try outline.append(["Bud"], to: "Rose")
    outline.expand(["Food", "Garden", "Rose"])
    let dataSource = DataSource<String, String>()
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSections(["main"])
    dataSource.apply(snapshot)
    try dataSource.apply(outline, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    return dataSource
  }

  func changes(_ transaction: Transaction<String, String>?) throws -> [HierarchyChange<String>] {
    let transaction = try XCTUnwrap(transaction)
    return transaction.sectionTransactions.flatMap(\.hierarchyChanges)
  }

  func testAnIndentThatKeepsTheOrderListsTheItem() throws {
    let dataSource = try source()
    // Garden becomes Food's last child: `items` keeps its order, so the difference is empty.
    let transaction = try dataSource.reorder("Garden", to: .lastChild(of: "Food")).transaction
    XCTAssertEqual(try XCTUnwrap(transaction).sectionTransactions[0].difference.count, 0)
    XCTAssertEqual(
      try changes(transaction),
      [
        HierarchyChange(
          item: "Garden", from: Place(parent: nil, level: 0), to: Place(parent: "Food", level: 1))
      ])
  }

  func testADragOfASubtreeListsOnlyItsRoot() throws {
    let dataSource = try source()
    // Rows: Food 0, Apple 1, Pear 2, Garden 3, Rose 4, Bud 5, Drinks 6. Rose (with Bud) dropped
    // below Apple becomes Food's child, after Apple; Bud keeps its parent.
    let transaction = try dataSource.drag(in: "main", fromRow: 4, toRow: 2).transaction
    XCTAssertEqual(
      try changes(transaction),
      [
        HierarchyChange(
          item: "Rose", from: Place(parent: "Garden", level: 1), to: Place(parent: "Food", level: 1)
        )
      ])
    XCTAssertEqual(try dataSource.snapshot(for: "main").parent(of: "Bud"), "Rose")
  }

  func testAnOutdentListsTheItemAtItsNewLevel() throws {
    let dataSource = try source()
    let transaction = try dataSource.reorder("Bud", to: .after("Garden")).transaction
    XCTAssertEqual(
      try changes(transaction),
      [
        HierarchyChange(
          item: "Bud", from: Place(parent: "Rose", level: 2), to: Place(parent: nil, level: 0))
      ])
  }

  func testAMoveAmongSiblingsAndEditsThatAddOrRemoveListNothing() throws {
    let dataSource = try source()
    XCTAssertEqual(try changes(dataSource.reorder("Pear", to: .before("Apple")).transaction), [])
    var outline = dataSource.snapshot(for: "main")
    try outline.append(["Kiwi"], to: "Food")
    XCTAssertEqual(try changes(dataSource.apply(outline, to: "main")), [])
    outline = dataSource.snapshot(for: "main")
    try outline.delete(["Garden"])
    XCTAssertEqual(try changes(dataSource.apply(outline, to: "main")), [])
    outline = dataSource.snapshot(for: "main")
    outline.collapse(["Food"])
    XCTAssertEqual(try changes(dataSource.apply(outline, to: "main")), [])
  }

  func testAReplacementThatPromotesAGrandchildListsIt() throws {
    let dataSource = try source()
    // Garden's children become [Bud]: Rose goes, Bud moves up from Rose to Garden.
    var children = SectionSnapshot<String>()
    try children.append(["Bud"])
    var outline = dataSource.snapshot(for: "main")
    try outline.replace(childrenOf: "Garden", using: children)
    let transaction = try dataSource.apply(outline, to: "main")
    XCTAssertEqual(
      try changes(transaction),
      [
        HierarchyChange(
          item: "Bud", from: Place(parent: "Rose", level: 2), to: Place(parent: "Garden", level: 1))
      ])
  }

  func testAWholeDiffComparesEveryItemAndListsOnlyTheReparentedRoots() throws {
    let dataSource = try source()
    // Two edits (the journal cannot tell), then the whole flat snapshot applied.
    var outline = dataSource.snapshot(for: "main")
    _ = try outline._move("Garden", to: .lastChild(of: "Food"))
    _ = try outline._move("Pear", to: .lastChild(of: "Apple"))
    var snapshot = dataSource.snapshot()
    snapshot._sections["main"] = outline
    let transaction = dataSource.apply(snapshot)
    XCTAssertEqual(
      try changes(transaction),
      [
        HierarchyChange(
          item: "Pear", from: Place(parent: "Food", level: 1), to: Place(parent: "Apple", level: 2)),
        HierarchyChange(
          item: "Garden", from: Place(parent: nil, level: 0), to: Place(parent: "Food", level: 1)),
      ])
  }

  /// A reorder looks at the moved root alone, however large the outline or the moved subtree.
  func testAReorderLooksAtOneEntryWhateverTheOutlineSize() throws {
    var outline = SectionSnapshot<String>()
    try outline.append(["A", "B"] + (0..<10_000).map { "F\($0)" })
    try outline.append((0..<1_000).map { "B\($0)" }, to: "B")
    let dataSource = DataSource<String, String>()
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSections(["main"])
    dataSource.apply(snapshot)
    try dataSource.apply(outline, to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("B", to: .lastChild(of: "A")).transaction)
    let section = transaction.sectionTransactions[0]
    XCTAssertEqual(section._reparenting, .ranks([1..<2]))
    XCTAssertEqual(section.hierarchyChanges.map(\.item), ["B"])
  }
}
