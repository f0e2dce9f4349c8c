#if !canImport(UIKit)
  import Diffable
  import Foundation
  import XCTest

  /// `UITableViewDiffableDataSource`: every member against the native `DataSource` member it
  /// forwards to.
  final class UITableViewDiffableDataSourceTests: XCTestCase {
    typealias TableSource = UITableViewDiffableDataSource<Int, String>

    private func fruitAndDrinks() -> NSDiffableDataSourceSnapshot<Int, String> {
      var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems(["Apple", "Pear"], toSection: 0)
      snapshot.appendItems(["Tea"], toSection: 1)
      return snapshot
    }

    @MainActor func testMembersMatchTheNativeDataSource() {
      let table = TableSource()
      let native = DataSource<Int, String>()
      var completions = 0
      table.apply(fruitAndDrinks(), animatingDifferences: true) { completions += 1 }
      native.apply(fruitAndDrinks().native)
      XCTAssertEqual(completions, 1)
      XCTAssertEqual(table.snapshot().native, native.snapshot())
      XCTAssertEqual(table.snapshot(), fruitAndDrinks())
      for section in -1...2 {
        for row in -1...2 {
          let indexPath = IndexPath(row: row, section: section)
          XCTAssertEqual(
            table.itemIdentifier(for: indexPath), native.itemIdentifier(for: indexPath))
        }
        XCTAssertEqual(
          table.sectionIdentifier(for: section), native.sectionIdentifier(for: section))
        XCTAssertEqual(table.index(for: section), native.index(for: section))
      }
      for item in ["Apple", "Pear", "Tea", "missing"] {
        XCTAssertEqual(table.indexPath(for: item), native.indexPath(for: item))
      }
      XCTAssertEqual(table.itemIdentifier(for: IndexPath(row: 0, section: 1)), "Tea")
      XCTAssertEqual(table.indexPath(for: "Pear"), IndexPath(row: 1, section: 0))
      XCTAssertEqual(table.sectionIdentifier(for: 1), 1)
      XCTAssertEqual(table.index(for: 0), 0)

      var emptied = table.snapshot()
      emptied.deleteSections([0])
      table.applySnapshotUsingReloadData(emptied) { completions += 1 }
      XCTAssertEqual(completions, 2)
      XCTAssertEqual(table.snapshot().itemIdentifiers, ["Tea"])
    }

    @MainActor func testAsyncApplyVariantsApply() async {
      let table = TableSource()
      await table.apply(fruitAndDrinks())
      XCTAssertEqual(table.snapshot().itemIdentifiers, ["Apple", "Pear", "Tea"])
      await table.applySnapshotUsingReloadData(NSDiffableDataSourceSnapshot())
      XCTAssertEqual(table.snapshot().numberOfItems, 0)
    }
  }

#endif
