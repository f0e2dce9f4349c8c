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

  /// `roots` roots (13 at least), enough for a tree of several levels, some subtrees collapsed, one expanded while
  /// an outer one stays collapsed, and one collapse still pending.
  private func outlineWithHiddenRuns(roots: Int = 120, prefix r: String = "r") throws
    -> SectionSnapshot<String>
  {
    var outline = SectionSnapshot<String>()
    try outline.append((0..<roots).map { "\(r)\($0)" })
    for root in 0..<roots {
      try outline.append((0..<(root % 7)).map { "\(r)\(root).\($0)" }, to: "\(r)\(root)")
      if root % 3 == 0 && root % 7 > 0 {
        try outline.append(["\(r)\(root).0.x", "\(r)\(root).0.y"], to: "\(r)\(root).0")
      }
    }
    outline.expand((0..<roots).filter { $0 % 2 == 0 }.map { "\(r)\($0)" })
    outline.expand(["\(r)3.0", "\(r)6.0", "\(r)9.0"])
    outline.collapse(["\(r)12"])
    return outline
  }

  func testVisibleRowAtEveryOffsetMatchesTheItemAndItsVisibleIndex() throws {
    let outline = try outlineWithHiddenRuns()
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

  func testVisibleItemsInRowsMatchVisibleItemsForEveryRunAndRange() throws {
    for roots in [13, 120, 400] {
      let outline = try outlineWithHiddenRuns(roots: roots)
      let visible = outline.visibleItems
      func read(_ rows: Range<Int>) -> [String] {
        var found: [String] = []
        outline.forEachVisibleItem(inRows: rows) { found.append($0) }
        return found
      }
      XCTAssertEqual(read(0..<visible.count), visible, "every row, \(roots) roots")
      // Runs of up to 40 rows (a panel's collapse is a run of neighbours) from every start, or
      // every 13th in the largest.
      for start in stride(from: 0, through: visible.count, by: roots > 120 ? 13 : 1) {
        for length in [0, 1, 2, 3, 17, 40] where start + length <= visible.count {
          XCTAssertEqual(
            read(start..<(start + length)), Array(visible[start..<(start + length)]),
            "rows \(start)..<\(start + length), \(roots) roots")
        }
      }
      if roots == 400 {
        XCTAssertGreaterThan(outline.count, 1_500, "a tree of three levels at least (16 a node)")
        for start in stride(from: 0, to: visible.count, by: 97) {
          let end = min(visible.count, start + 1_000)
          XCTAssertEqual(read(start..<end), Array(visible[start..<end]))
        }
      }
    }
  }

  func testItemsAtFlatOffsetsMatchItemIdentifiersAcrossSections() throws {
    let dataSource = DataSource<String, String>()
    try dataSource.apply(try outlineWithHiddenRuns(roots: 30), to: "one")
    try dataSource.apply(SectionSnapshot(), to: "empty")
    try dataSource.apply(try outlineWithHiddenRuns(roots: 13, prefix: "t"), to: "two")
    let flat = dataSource.snapshot()
    let all = flat.itemIdentifiers
    func read(_ offsets: Range<Int>) -> [String] {
      var found: [String] = []
      flat.forEachItem(at: offsets) { found.append($0) }
      return found
    }
    for start in 0...all.count {
      for length in [0, 1, 5, 40, all.count] {
        let end = min(all.count, start + length)
        XCTAssertEqual(
          read(start..<(start + length)), Array(all[start..<end]), "\(start), \(length)")
      }
    }
    XCTAssertEqual(read(-3..<2), Array(all[0..<2]), "offsets before the start are left out")
    XCTAssertEqual(read(all.count..<(all.count + 5)), [], "offsets past the end are left out")
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
