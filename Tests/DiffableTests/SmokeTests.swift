import XCTest

@testable import Diffable

final class SmokeTests: XCTestCase {
  func testOutlineAndTransaction() throws {
    let ds = DataSource<String, String>()
    var s = SectionSnapshot<String>()
    try s.append(["Food", "Drinks"])
    try s.append(["Apple", "Pear"], to: "Food")
    s.expand(["Food"])
    XCTAssertEqual(s.items, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertEqual(s.visualDescriptionLines(), ["+*Food", "  -*Apple", "  -*Pear", "-*Drinks"])
    try ds.apply(s, to: "main")
    XCTAssertEqual(ds.snapshot().itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
    var calls: [String] = []
    ds.sectionSnapshotHandlers.shouldCollapseItem = {
      calls.append("should \($0)"); return true
    }
    ds.sectionSnapshotHandlers.willCollapseItem = { calls.append("will \($0)") }
    let result = try ds.toggleDisclosure(of: "Food")
    XCTAssertEqual(calls, ["should Food", "will Food"])
    let t = try XCTUnwrap(result.transaction)
    XCTAssertEqual(
      t.initialSnapshot.itemIdentifiers.applying(t.difference), t.finalSnapshot.itemIdentifiers)
    XCTAssertEqual(t.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
    XCTAssertEqual(t.sectionTransactions.count, 1)
    XCTAssertTrue(t.sectionTransactions[0].difference.isEmpty)

    ds.reorderingHandlers.canReorderItem = { _ in true }
    let r = try ds.reorder("Drinks", to: .before("Food"))
    let rt = try XCTUnwrap(r.transaction)
    XCTAssertEqual(rt.finalSnapshot.itemIdentifiers, ["Drinks", "Food"])
    XCTAssertEqual(rt.difference.count, 2)
    let st = rt.sectionTransactions[0]
    XCTAssertEqual(st.initialSnapshot.items.applying(st.difference), st.finalSnapshot.items)
    XCTAssertEqual(ds.snapshot(for: "main").items, ["Drinks", "Food", "Apple", "Pear"])
  }

  func testManyInsertsBeforeSameItemRelabel() throws {
    var s = SectionSnapshot<Int>()
    try s.append([0, 1])
    for i in 2..<400 { try s.insert([i], before: 1) }
    s._checkInvariants()
    XCTAssertEqual(s.items, [0] + Array(2..<400) + [1])
    for i in 400..<800 { try s.insert([i], after: 0) }
    s._checkInvariants()
    XCTAssertEqual(s.items.count, 800)
    try s.delete(Array(2..<700))
    s._checkInvariants()
    XCTAssertEqual(s.items, [0] + Array(700..<800).reversed() + [1])
  }
}
