#if !canImport(UIKit)
  import Diffable
  import XCTest

  /// `UICollectionViewDiffableDataSource`'s simulated gestures on an item a collapsed ancestor
  /// hides: nil, no handler asked, nothing changed, as on a device the user cannot touch it.
  ///
  /// The fixture (`+` expanded, `*` visible):
  ///
  /// ```
  /// -*Food
  ///   - Apple       hidden
  ///     - Seeds     hidden
  ///   - Pear        hidden
  /// -*Drinks
  /// ```
  final class UICollectionViewDiffableDataSourceHiddenRowTests: XCTestCase {
    typealias AppleSource = UICollectionViewDiffableDataSource<String, String>

    /// The fixture in section `main`, with a second section `extra` holding Salt, and every
    /// handler recording its call into `calls` (each allows).
    @MainActor private func source(_ calls: @escaping (String) -> Void) -> AppleSource {
      let dataSource = AppleSource()
      var outline = NSDiffableDataSourceSectionSnapshot<String>()
      outline.append(["Food", "Drinks"])
      outline.append(["Apple", "Pear"], to: "Food")
      outline.append(["Seeds"], to: "Apple")
      dataSource.apply(outline, to: "main")
      var extra = NSDiffableDataSourceSectionSnapshot<String>()
      extra.append(["Salt"])
      dataSource.apply(extra, to: "extra")
      dataSource.sectionSnapshotHandlers.shouldExpandItem = {
        calls("shouldExpand \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willExpandItem = { calls("willExpand \($0)") }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
        calls("shouldCollapse \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willCollapseItem = { calls("willCollapse \($0)") }
      dataSource.reorderingHandlers.canReorderItem = {
        calls("canReorder \($0)"); return true
      }
      dataSource.reorderingHandlers.willReorder = { _ in calls("willReorder") }
      dataSource.reorderingHandlers.didReorder = { _ in calls("didReorder") }
      return dataSource
    }

    @MainActor func testTapOnAHiddenItemIsNilAndAsksNoHandler() async {
      var calls: [String] = []
      let dataSource = source { calls.append($0) }
      let before = dataSource.snapshot()
      XCTAssertNil(dataSource.toggleDisclosure(of: "Apple"))
      XCTAssertEqual(calls, [])
      XCTAssertFalse(dataSource.snapshot(for: "main").isExpanded("Apple"))
      XCTAssertEqual(dataSource.snapshot(for: "main").visibleItems, ["Food", "Drinks"])
      XCTAssertEqual(dataSource.snapshot(), before)
      XCTAssertThrowsError(try dataSource.native.toggleDisclosure(of: "Apple")) {
        XCTAssertEqual($0 as? SnapshotError, .notVisible("Apple"))
      }
    }

    @MainActor func testReorderOfAHiddenItemIsNilAndAsksNoHandler() async {
      var calls: [String] = []
      let dataSource = source { calls.append($0) }
      let before = dataSource.snapshot()
      XCTAssertNil(dataSource.reorder("Pear", to: .before("Apple")))
      XCTAssertNil(dataSource.reorder("Seeds", to: .lastRoot))
      XCTAssertNil(dataSource.reorder("Pear", toSection: "extra", at: .after("Salt")))
      XCTAssertEqual(calls, [])
      XCTAssertEqual(
        dataSource.snapshot(for: "main").items, ["Food", "Apple", "Seeds", "Pear", "Drinks"])
      XCTAssertEqual(dataSource.snapshot(for: "extra").items, ["Salt"])
      XCTAssertEqual(dataSource.snapshot(), before)
    }

    @MainActor func testOnceTheUserExpandsTheParentTheItemIsTapped() async throws {
      var calls: [String] = []
      let dataSource = source { calls.append($0) }
      XCTAssertNotNil(dataSource.toggleDisclosure(of: "Food"))
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Apple"))
      XCTAssertEqual(
        transaction.finalSnapshot.itemIdentifiers,
        ["Food", "Apple", "Seeds", "Pear", "Drinks", "Salt"])
      XCTAssertEqual(
        calls, ["shouldExpand Food", "willExpand Food", "shouldExpand Apple", "willExpand Apple"])
    }
  }
#endif
