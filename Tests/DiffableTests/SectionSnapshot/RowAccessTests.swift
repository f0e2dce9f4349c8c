import XCTest

@testable import Diffable

/// The non-Apple accessors the shell reads outlines with: `SectionSnapshot.rows` and
/// `Snapshot.itemIdentifier(at:)`.
final class RowAccessTests: XCTestCase {
  func testRowsGiveLevelExpansionAndVisibilityInTreeOrder() throws {
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Fruit"], to: "Food")
    try outline.append(["Apple"], to: "Fruit")
    outline.expand(["Food"])
    XCTAssertEqual(
      outline.rows,
      [
        .init(item: "Food", level: 0, isExpanded: true, isVisible: true),
        .init(item: "Fruit", level: 1, isExpanded: false, isVisible: true),
        .init(item: "Apple", level: 2, isExpanded: false, isVisible: false),
        .init(item: "Drinks", level: 0, isExpanded: false, isVisible: true),
      ])
    var seen: [String] = []
    outline.forEachRow { row in
      seen.append(row.item)
      return seen.count < 2
    }
    XCTAssertEqual(seen, ["Food", "Fruit"], "stops when the body answers false")
  }

  func testVisibleRowAtEveryOffsetMatchesTheItemAndItsVisibleIndex() throws {
    // Enough items for a tree of several levels, some subtrees collapsed, one expanded while
    // an outer one stays collapsed, and one collapse still pending.
    var outline = SectionSnapshot<String>()
    try outline.append((0..<120).map { "r\($0)" })
    for root in 0..<120 {
      try outline.append((0..<(root % 7)).map { "r\(root).\($0)" }, to: "r\(root)")
      if root % 3 == 0 && root % 7 > 0 {
        try outline.append(["r\(root).0.x", "r\(root).0.y"], to: "r\(root).0")
      }
    }
    outline.expand((0..<120).filter { $0 % 2 == 0 }.map { "r\($0)" })
    outline.expand(["r3.0", "r6.0", "r9.0"])
    outline.collapse(["r12"])
    let items = outline.items
    let visible = outline.visibleItems
    XCTAssertGreaterThan(items.count, 500)
    XCTAssertLessThan(visible.count, items.count)
    for (offset, item) in items.enumerated() {
      let found = outline.visibleRow(at: offset)
      XCTAssertEqual(found.item, item, "item at \(offset)")
      XCTAssertEqual(found.row, visible.firstIndex(of: item), "row of \(item)")
    }
  }

  func testItemIdentifierAtFlatIndexMatchesItemIdentifiersAcrossSections() throws {
    let dataSource = DataSource<String, String>()
    var first = SectionSnapshot<String>()
    try first.append(["A", "B"])
    try first.append(["A1", "A2"], to: "A")
    first.expand(["A"])
    var second = SectionSnapshot<String>()
    try second.append(["C"])
    try second.append(["C1"], to: "C")
    try dataSource.apply(first, to: "one")
    try dataSource.apply(SectionSnapshot(), to: "empty")
    try dataSource.apply(second, to: "two")
    let flat = dataSource.snapshot()
    let all = flat.itemIdentifiers
    XCTAssertEqual(all, ["A", "A1", "A2", "B", "C"])
    for (index, item) in all.enumerated() {
      XCTAssertEqual(flat.itemIdentifier(at: index), item)
    }
    XCTAssertNil(flat.itemIdentifier(at: all.count))
    XCTAssertNil(flat.itemIdentifier(at: -1))
  }
}
