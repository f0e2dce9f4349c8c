import OutlineTestSupport
import XCTest

@testable import Diffable

// Bulk expansion: `expand(_:)` and `collapse(_:)` of many items in one call walk the tree once
// (`_OrderTree+Expansion.swift`), passing over nodes that hold no target and, inside a changed
// subtree, nodes whose entries stay hidden. Checked against the reference on a snapshot of
// several tree levels, with nested, repeated, unknown and already-set items, and every query
// compared after each call; the label map's levels and parents are checked by the invariants.
extension SectionSnapshotModelTests {
  func testBulkExpandAndCollapseOfManyItemsAgreeWithTheReference() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var random = SplitMix64(seed: seed)
    // A random forest of 1,500 items (a tree of three levels), deep in places, a third expanded.
    var lines: [Forest<Int>.Line] = []
    for item in 0..<1_500 {
      let deepest = lines.isEmpty ? 0 : lines.last!.level + 1
      let level = Int.random(in: 0...min(deepest, 6), using: &random)
      lines.append(
        .init(item: item, level: level, isExpanded: Int.random(in: 0..<3, using: &random) == 0))
    }
    let forest = Forest(lines: lines)
    var snapshot = try forest.snapshotByAppending()
    var reference = ReferenceOutline(
      preOrder: lines.map { ($0.item, $0.level) },
      expanded: Set(lines.filter { $0.isExpanded }.map { $0.item }))
    for round in 0..<24 {
      let count = [1, 2, 10, 100, 400, 1_500][round % 6]
      var items = (0..<count).map { _ in Int.random(in: -5..<1_505, using: &random) }
      if round % 5 == 0 { items += items.prefix(3) }  // repeated
      let operation: Operation<Int> = round % 2 == 0 ? .expand(items) : .collapse(items)
      let before = snapshot
      // Every query of the whole outline, and the per-item ones on every 29th item (the
      // reference answers each in O(n)).
      let passed = check(
        operation, &snapshot, &reference,
        mode: Mode(compare: true, querying: { offset, _ in offset % 29 == 0 }),
        probing: Array(items.prefix(8))
      ) { "DIFFABLE_SEED=\(seed) round \(round): \(count) items" }
      guard passed else { return }
      // Items whose flag is already set change nothing, and copy no node.
      var again = snapshot
      again._setExpanded(items, round % 2 == 0)
      XCTAssertTrue(again._tree.isIdentical(to: snapshot._tree), "round \(round): copied nodes")
      XCTAssertEqual(again._version, snapshot._version, "round \(round): a change recorded")
      // The copy taken before the call still reads as it did.
      XCTAssertEqual(before.visibleItems.count, before.visibleCount)
    }
  }

  func testBulkExpandReportsTheWindowsOfTheOutermostChangedItems() async throws {
    let dataSource = DataSource<Int, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["A", "B", "C"])
    try outline.append(["A1", "A2"], to: "A")
    try outline.append(["A1a"], to: "A1")
    try outline.append(["C1"], to: "C")
    try dataSource.apply(outline, to: 0)
    var expanded = outline
    expanded.expand(["A1", "A", "C", "B", "missing", "A"])
    XCTAssertEqual(expanded.visibleItems, ["A", "A1", "A1a", "A2", "B", "C", "C1"])
    let transaction = try dataSource.apply(expanded, to: 0)
    XCTAssertEqual(
      transaction.sectionTransactions[0].initialSnapshot.visibleItems.applying(
        transaction.difference), expanded.visibleItems)
    XCTAssertEqual(transaction.insertionOffsets.map(\.offset), [1, 2, 3, 6])
    var collapsed = expanded
    collapsed.collapse(["A", "C"])
    XCTAssertEqual(collapsed.visibleItems, ["A", "B", "C"])
    XCTAssertEqual(try collapsed.isExpanded("A1"), true)
    let back = try dataSource.apply(collapsed, to: 0)
    XCTAssertEqual(back.removalOffsets.map(\.offset), [1, 2, 3, 6])
  }

  func testAHiddenTargetChangesItsFlagAndNoRow() async throws {
    // B and B1 are hidden (A is collapsed): expanding them opens no zone, changes no row, and
    // the data source's transaction is empty; expanding A then shows B's children at once.
    let dataSource = DataSource<Int, String>()
    var outline = SectionSnapshot<String>()
    try outline.append(["A", "Z"])
    try outline.append(["B"], to: "A")
    try outline.append(["B1", "B2"], to: "B")
    try outline.append(["B1a"], to: "B1")
    try dataSource.apply(outline, to: 0)
    var expanded = outline
    expanded.expand(["B1", "B"])
    XCTAssertEqual(expanded.visibleItems, ["A", "Z"])
    XCTAssertEqual(expanded.visibleCount, 2)
    XCTAssertEqual(try expanded.isExpanded("B"), true)
    let quiet = try dataSource.apply(expanded, to: 0)
    XCTAssertTrue(quiet.difference.isEmpty)
    var shown = expanded
    shown.expand(["A"])
    XCTAssertEqual(shown.visibleItems, ["A", "B", "B1", "B1a", "B2", "Z"])
    let opened = try dataSource.apply(shown, to: 0)
    XCTAssertEqual(opened.insertionOffsets.map(\.offset), [1, 2, 3, 4])
    // Collapsing the hidden B1 again, and A with it in one call: only A's rows go.
    var closed = shown
    closed.collapse(["B1", "A"])
    XCTAssertEqual(closed.visibleItems, ["A", "Z"])
    closed.expand(["A"])
    XCTAssertEqual(closed.visibleItems, ["A", "B", "B1", "B2", "Z"])
  }
}
