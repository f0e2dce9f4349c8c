import OutlineTestSupport
import XCTest

@testable import Diffable

// Reordering handlers.
extension DataSourceTests {
  func testReorderWithoutCanReorderHandlerIsRefused() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    dataSource.reorderingHandlers.didReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let reordered = try dataSource.reorder("Snacks", to: .before("Food"))
    guard case .refused = reordered else { return XCTFail("expected .refused, got \(reordered)") }
    let dragged = try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    guard case .refused = dragged.drop else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testReorderRefusedByCanReorderItemChangesNothing() throws {
    let dataSource = try pantrySource()
    var asked: [String] = []
    dataSource.reorderingHandlers.canReorderItem = {
      asked.append($0); return $0 != "Snacks"
    }
    var reorders = 0
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let reordered = try dataSource.reorder("Snacks", to: .before("Food"))
    guard case .refused = reordered else { return XCTFail("expected .refused, got \(reordered)") }
    let dragged = try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    guard case .refused = dragged.drop else { return XCTFail("expected .refused, got \(dragged)") }
    XCTAssertEqual(asked, ["Snacks", "Snacks"])
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }

  func testWillReorderSeesTheInitialStateAndDidReorderTheFinal() throws {
    let dataSource = try pantrySource()
    let initialTree = try pantry()
    var seen: [String] = []
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { [unowned dataSource] transaction in
      seen.append("will")
      XCTAssertEqual(dataSource.snapshot(), transaction.initialSnapshot)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, self.pantryRows)
      XCTAssertEqual(dataSource.snapshot(for: "main"), initialTree)
      XCTAssertEqual(transaction.sectionTransactions.first?.initialSnapshot, initialTree)
    }
    dataSource.reorderingHandlers.didReorder = { [unowned dataSource] transaction in
      seen.append("did")
      XCTAssertEqual(dataSource.snapshot(), transaction.finalSnapshot)
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers,
        ["Snacks", "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
      XCTAssertEqual(
        dataSource.snapshot(for: "main"), transaction.sectionTransactions.first?.finalSnapshot)
    }
    let transaction = try XCTUnwrap(
      try dataSource.reorder("Snacks", to: .before("Food")).transaction)
    XCTAssertEqual(seen, ["will", "did"])
    XCTAssertEqual(dataSource.snapshot(), transaction.finalSnapshot)
  }

  func testWillAndDidReorderAlsoRunForADrag() throws {
    let dataSource = try pantrySource()
    var seen: [(String, [String])] = []
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { [unowned dataSource] _ in
      seen.append(("will", dataSource.snapshot().itemIdentifiers))
    }
    dataSource.reorderingHandlers.didReorder = { [unowned dataSource] _ in
      seen.append(("did", dataSource.snapshot().itemIdentifiers))
    }
    try dataSource.drag(in: "main", fromRow: 6, toRow: 0)
    XCTAssertEqual(seen.map(\.0), ["will", "did"])
    XCTAssertEqual(seen.first?.1, pantryRows)
    XCTAssertEqual(seen.last?.1, ["Snacks", "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks"])
  }

  func testReorderToWhereTheItemAlreadyIsIsUnchanged() throws {
    let dataSource = try pantrySource()
    var reorders = 0
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.willReorder = { _ in reorders += 1 }
    let before = state(of: dataSource)
    let result = try dataSource.reorder("Snacks", to: .lastRoot)
    guard case .unchanged = result else { return XCTFail("expected .unchanged, got \(result)") }
    let after = try dataSource.reorder("Apple", to: .before("Pear"))
    guard case .unchanged = after else { return XCTFail("expected .unchanged, got \(after)") }
    XCTAssertEqual(reorders, 0)
    XCTAssertEqual(state(of: dataSource), before)
  }
}
