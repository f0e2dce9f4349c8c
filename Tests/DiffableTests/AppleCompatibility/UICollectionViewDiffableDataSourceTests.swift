#if !canImport(UIKit)
  import Diffable
  import Foundation
  import OutlineTestSupport
  import XCTest

  /// `UICollectionViewDiffableDataSource`: every Apple-named member against the native
  /// `DataSource` member it forwards to, and the handlers run by simulated interactions in the
  /// order SEMANTICS.md gives.
  ///
  /// The fixture (`+` expanded, `*` visible; rows are the visible items):
  ///
  /// ```
  /// +*Food          row 0
  ///   -*Apple       row 1
  ///   -*Pear        row 2
  /// -*Drinks        row 3
  ///   - Tea         hidden
  /// -*Snacks        row 4
  /// ```
  final class UICollectionViewDiffableDataSourceTests: XCTestCase {
    typealias AppleSource = UICollectionViewDiffableDataSource<String, String>
    typealias Outline = NSDiffableDataSourceSectionSnapshot<String>

    private func pantry() throws -> Outline {
      Outline(
        try SectionSnapshot(drawing: [
          "+Food", "  -Apple", "  -Pear", "-Drinks", "  -Tea", "-Snacks",
        ]))
    }

    /// The same pantry in an Apple-named data source (section `main`) and a native one.
    @MainActor private func sources() throws -> (AppleSource, DataSource<String, String>) {
      let apple = AppleSource()
      let native = DataSource<String, String>()
      apple.apply(try pantry(), to: "main")
      native.apply(try pantry(), to: "main")
      return (apple, native)
    }

    /// A second section, `extra`, in both.
    @MainActor private func addExtra(
      _ apple: AppleSource, _ native: DataSource<String, String>
    ) {
      var extra = Outline()
      extra.append(["Salt"])
      apple.apply(extra, to: "extra")
      native.apply(extra, to: "extra")
    }

    // MARK: - The README's example, as written there

    @MainActor func testLazyChildren() async throws {
      let dataSource = UICollectionViewDiffableDataSource<String, String>()  // no collection view
      dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
        parent, existingSnapshot -> NSDiffableDataSourceSectionSnapshot<String> in
        var snapshot = existingSnapshot
        if snapshot.items.isEmpty { snapshot.append(["\(parent) 1"]) }
        return snapshot
      }
      var outline = NSDiffableDataSourceSectionSnapshot<String>()
      outline.append(["Food"])
      await dataSource.apply(outline, to: "main")  // in async code, the async overload (iOS 15)
      dataSource.toggleDisclosure(of: "Food")  // the user's tap, simulated (Linux only)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Food 1"])
    }

    // MARK: - Members against the native ones

    @MainActor func testSnapshotsMatchTheNativeDataSource() async throws {
      let (apple, native) = try sources()
      addExtra(apple, native)
      XCTAssertEqual(apple.snapshot().native, native.snapshot())
      XCTAssertEqual(
        apple.snapshot().itemIdentifiers, ["Food", "Apple", "Pear", "Drinks", "Snacks", "Salt"])
      XCTAssertEqual(apple.snapshot(for: "main").native, native.snapshot(for: "main"))
      XCTAssertEqual(apple.snapshot(for: "main").items, try pantry().items)
      XCTAssertEqual(apple.snapshot(for: "missing").items, [])
      XCTAssertEqual(apple.snapshot(for: "missing").native, native.snapshot(for: "missing"))
    }

    @MainActor func testIndexPathQueriesMatchTheNativeDataSource() async throws {
      let (apple, native) = try sources()
      addExtra(apple, native)
      for section in -1...2 {
        for item in -1...6 {
          let indexPath = IndexPath(item: item, section: section)
          XCTAssertEqual(
            apple.itemIdentifier(for: indexPath), native.itemIdentifier(for: indexPath),
            "\(indexPath)")
        }
        XCTAssertEqual(
          apple.sectionIdentifier(for: section), native.sectionIdentifier(for: section))
      }
      for item in ["Food", "Pear", "Tea", "Salt", "missing"] {
        XCTAssertEqual(apple.indexPath(for: item), native.indexPath(for: item), item)
      }
      for section in ["main", "extra", "missing"] {
        XCTAssertEqual(apple.index(for: section), native.index(for: section), section)
      }
      XCTAssertEqual(apple.itemIdentifier(for: IndexPath(item: 2, section: 0)), "Pear")
      XCTAssertEqual(apple.indexPath(for: "Snacks"), IndexPath(item: 4, section: 0))
      XCTAssertNil(apple.indexPath(for: "Tea"))
      XCTAssertEqual(apple.sectionIdentifier(for: 1), "extra")
      XCTAssertEqual(apple.index(for: "extra"), 1)
    }

    @MainActor func testApplyingAFlatSnapshotMatchesTheNativeDataSourceAndCallsCompletion()
      async throws
    {
      let (apple, native) = try sources()
      var snapshot = apple.snapshot()
      snapshot.appendSections(["more"])
      snapshot.appendItems(["Bread"], toSection: "more")
      snapshot.deleteItems(["Pear"])
      var calls: [String] = []
      apple.apply(snapshot, animatingDifferences: true) {
        calls.append("completion")
        // The data source already holds the new state.
        XCTAssertEqual(apple.snapshot(), snapshot)
      }
      let transaction = native.apply(snapshot.native)
      XCTAssertEqual(calls, ["completion"])
      XCTAssertEqual(apple.snapshot().native, native.snapshot())
      XCTAssertEqual(apple.snapshot().itemIdentifiers, transaction.finalSnapshot.itemIdentifiers)
      XCTAssertEqual(apple.snapshot(for: "main").native, native.snapshot(for: "main"))

      apple.applySnapshotUsingReloadData(NSDiffableDataSourceSnapshot()) {
        calls.append("reload")
      }
      XCTAssertEqual(calls, ["completion", "reload"])
      XCTAssertEqual(apple.snapshot().numberOfSections, 0)
    }

    @MainActor func testApplyingToASectionMatchesTheNativeDataSourceAndCallsCompletion()
      async throws
    {
      let (apple, native) = try sources()
      var outline = apple.snapshot(for: "main")
      outline.delete(["Apple"])
      outline.expand(["Drinks"])
      var called = false
      apple.apply(outline, to: "main", animatingDifferences: false) {
        called = true
        XCTAssertEqual(apple.snapshot(for: "main"), outline)
      }
      try native.apply(outline.native, to: "main")
      XCTAssertTrue(called)
      XCTAssertEqual(apple.snapshot().native, native.snapshot())
      XCTAssertEqual(apple.snapshot().itemIdentifiers, ["Food", "Pear", "Drinks", "Tea", "Snacks"])
      XCTAssertEqual(apple.snapshot(for: "main").native, native.snapshot(for: "main"))
    }

    @MainActor func testAsyncApplyVariantsApply() async throws {
      let (apple, _) = try sources()
      var snapshot = NSDiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["a"])
      snapshot.appendItems(["x", "y"])
      await apple.apply(snapshot, animatingDifferences: false)
      XCTAssertEqual(apple.snapshot(), snapshot)
      snapshot.deleteItems(["x"])
      await apple.applySnapshotUsingReloadData(snapshot)
      XCTAssertEqual(apple.snapshot().itemIdentifiers, ["y"])
    }

    /// The section apply traps where UIKit traps (an item held by another section); the native
    /// path throws the same error instead, and changes nothing.
    @MainActor func testApplyingAnItemHeldElsewhereIsRefusedByTheNativePath() async throws {
      let (apple, _) = try sources()
      var elsewhere = Outline()
      elsewhere.append(["Pear"])
      let before = apple.snapshot()
      XCTAssertThrowsError(try apple.native.apply(elsewhere.native, to: "other")) { error in
        XCTAssertEqual(error as? SnapshotError, .duplicateItems(["Pear"]))
      }
      XCTAssertEqual(apple.snapshot(), before)
    }

    // MARK: - Section snapshot handlers

    /// The order of SEMANTICS.md: should → will → snapshotForExpandingParent (with the current
    /// children, Apple-typed) → expand and apply; collapse: should → will → collapse and apply.
    @MainActor func testDisclosureTapsRunTheAppleTypedHandlersInOrder() async throws {
      let (apple, _) = try sources()
      var calls: [String] = []
      apple.sectionSnapshotHandlers.shouldExpandItem = {
        calls.append("shouldExpand \($0)"); return true
      }
      apple.sectionSnapshotHandlers.willExpandItem = { calls.append("willExpand \($0)") }
      apple.sectionSnapshotHandlers.shouldCollapseItem = {
        calls.append("shouldCollapse \($0)"); return true
      }
      apple.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }
      apple.sectionSnapshotHandlers.snapshotForExpandingParent = {
        parent, existingSnapshot -> NSDiffableDataSourceSectionSnapshot<String> in
        calls.append("snapshotForExpandingParent \(parent) \(existingSnapshot.items)")
        XCTAssertEqual(apple.snapshot(for: "main").isExpanded(parent), false)
        var snapshot = existingSnapshot
        snapshot.append(["Coffee"])
        return snapshot
      }

      let expand = try XCTUnwrap(apple.toggleDisclosure(of: "Drinks"))
      XCTAssertEqual(
        calls,
        ["shouldExpand Drinks", "willExpand Drinks", "snapshotForExpandingParent Drinks [\"Tea\"]"])
      XCTAssertEqual(
        apple.snapshot().itemIdentifiers,
        ["Food", "Apple", "Pear", "Drinks", "Tea", "Coffee", "Snacks"])
      XCTAssertEqual(expand.finalSnapshot, apple.snapshot())
      XCTAssertEqual(expand.sectionTransactions.map(\.sectionIdentifier), ["main"])

      calls = []
      let collapse = try XCTUnwrap(apple.toggleDisclosure(of: "Food"))
      XCTAssertEqual(calls, ["shouldCollapse Food", "willCollapse Food"])
      XCTAssertEqual(
        apple.snapshot().itemIdentifiers, ["Food", "Drinks", "Tea", "Coffee", "Snacks"])
      XCTAssertEqual(collapse.initialSnapshot.itemIdentifiers.count, 7)
    }

    @MainActor func testARefusedDisclosureTapRunsNoWillHandlerAndChangesNothing() async throws {
      let (apple, _) = try sources()
      var calls: [String] = []
      apple.sectionSnapshotHandlers.shouldCollapseItem = {
        calls.append("shouldCollapse \($0)"); return false
      }
      apple.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }
      let before = apple.snapshot()
      XCTAssertNil(apple.toggleDisclosure(of: "Food"))
      XCTAssertEqual(calls, ["shouldCollapse Food"])
      XCTAssertEqual(apple.snapshot(), before)
    }

    /// The handlers set on the Apple-named data source are installed on `native`: a tap simulated
    /// on the native data source runs the Apple-typed closures.
    @MainActor func testTheNativeDataSourceRunsTheAppleTypedHandlers() async throws {
      let (apple, _) = try sources()
      var received: [Outline] = []
      apple.sectionSnapshotHandlers.snapshotForExpandingParent = { _, current in
        received.append(current)
        var children = Outline()
        children.append(["Green", "Black"])
        return children
      }
      let result = try apple.native.toggleDisclosure(of: "Drinks")
      XCTAssertNotNil(result.transaction)
      XCTAssertEqual(received.map(\.items), [["Tea"]])
      XCTAssertEqual(apple.snapshot(for: "main").snapshot(of: "Drinks").items, ["Green", "Black"])
      XCTAssertNotNil(apple.sectionSnapshotHandlers.snapshotForExpandingParent)
    }

    /// Tapping an unknown item traps on the Apple-named type; the native path throws.
    @MainActor func testTappingAnUnknownItemIsAnErrorOnTheNativePath() async throws {
      let (apple, _) = try sources()
      XCTAssertThrowsError(try apple.native.toggleDisclosure(of: "missing")) { error in
        XCTAssertEqual(error as? SnapshotError, .itemNotFound("missing"))
      }
    }

    // MARK: - Reordering handlers

    @MainActor func testReordersRunTheAppleTypedHandlersAroundTheCommit() async throws {
      let (apple, _) = try sources()
      var calls: [String] = []
      apple.reorderingHandlers.canReorderItem = { item in
        calls.append("can \(item)"); return true
      }
      apple.reorderingHandlers.willReorder = { transaction in
        calls.append("will")
        XCTAssertEqual(apple.snapshot(), transaction.initialSnapshot)
      }
      var backingStore = apple.snapshot().itemIdentifiers
      apple.reorderingHandlers.didReorder = { transaction in
        calls.append("did")
        XCTAssertEqual(apple.snapshot(), transaction.finalSnapshot)
        // Apple's recipe: update the backing store from the transaction's difference.
        if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
      }

      let transaction = try XCTUnwrap(apple.reorder("Snacks", to: .before("Food")))
      XCTAssertEqual(calls, ["can Snacks", "will", "did"])
      XCTAssertEqual(
        apple.snapshot().itemIdentifiers, ["Snacks", "Food", "Apple", "Pear", "Drinks"])
      XCTAssertEqual(backingStore, apple.snapshot().itemIdentifiers)
      XCTAssertEqual(transaction.difference.count, 2)
      XCTAssertEqual(
        transaction.sectionTransactions.first?.finalSnapshot, apple.snapshot(for: "main"))
    }

    @MainActor func testDragsRunTheAppleTypedHandlersAndReparentByNeighbours() async throws {
      let (apple, native) = try sources()
      var calls: [String] = []
      apple.reorderingHandlers.canReorderItem = {
        calls.append("can \($0)"); return true
      }
      apple.reorderingHandlers.willReorder = { _ in calls.append("will") }
      apple.reorderingHandlers.didReorder = { _ in calls.append("did") }
      native.reorderingHandlers.canReorderItem = { _ in true }

      // Snacks (row 4) dropped at row 1, right below the expanded Food: its first child.
      let transaction = try XCTUnwrap(apple.drag(in: "main", fromRow: 4, toRow: 1))
      let nativeTransaction = try XCTUnwrap(
        native.drag(in: "main", fromRow: 4, toRow: 1).transaction)
      XCTAssertEqual(calls, ["can Snacks", "will", "did"])
      XCTAssertEqual(apple.snapshot(for: "main").parent(of: "Snacks"), "Food")
      XCTAssertEqual(transaction.finalSnapshot.native, nativeTransaction.finalSnapshot)
      XCTAssertEqual(transaction.difference, nativeTransaction.difference)
      XCTAssertEqual(apple.snapshot().native, native.snapshot())
    }

    /// The expanded Food dragged to the end: the lift collapses it with no disclosure handler,
    /// and the transaction returned is the drop's, one move of Food from the collapsed rows.
    @MainActor func testADragOfAnExpandedParentReturnsTheDropFromTheLiftedState() async throws {
      let (apple, _) = try sources()
      var calls: [String] = []
      apple.reorderingHandlers.canReorderItem = {
        calls.append("can \($0)"); return true
      }
      apple.reorderingHandlers.willReorder = { _ in calls.append("will") }
      apple.sectionSnapshotHandlers.shouldCollapseItem = {
        calls.append("shouldCollapse \($0)"); return true
      }
      let transaction = try XCTUnwrap(apple.drag(in: "main", fromRow: 0, toRow: 2))
      XCTAssertEqual(calls, ["can Food", "will"])
      XCTAssertEqual(transaction.initialSnapshot.itemIdentifiers, ["Food", "Drinks", "Snacks"])
      XCTAssertEqual(transaction.finalSnapshot.itemIdentifiers, ["Drinks", "Snacks", "Food"])
      XCTAssertEqual(
        Array(transaction.difference),
        [
          .remove(offset: 0, element: "Food", associatedWith: 2),
          .insert(offset: 2, element: "Food", associatedWith: 0),
        ])
      XCTAssertFalse(apple.snapshot(for: "main").isExpanded("Food"))
    }

    /// A drag by index paths into another section, and a reorder into it, through the
    /// Apple-typed handlers: the same as the native data source's.
    @MainActor func testDragsAndReordersAcrossSectionsMatchTheNativeDataSource() async throws {
      let (apple, native) = try sources()
      addExtra(apple, native)
      var seen: [[String]] = []
      apple.reorderingHandlers.canReorderItem = { _ in true }
      apple.reorderingHandlers.didReorder = { transaction in
        seen.append(transaction.sectionTransactions.map(\.sectionIdentifier))
      }
      native.reorderingHandlers.canReorderItem = { _ in true }

      // Snacks (main, row 4) dropped at row 1 of extra: after Salt.
      let dragged = try XCTUnwrap(
        apple.drag(from: IndexPath(indexes: [0, 4]), to: IndexPath(indexes: [1, 1])))
      let nativeDragged = try XCTUnwrap(
        native.drag(fromRow: 4, in: "main", toRow: 1, in: "extra").transaction)
      XCTAssertEqual(apple.snapshot(for: "extra").items, ["Salt", "Snacks"])
      XCTAssertEqual(dragged.difference, nativeDragged.difference)
      XCTAssertEqual(apple.snapshot().native, native.snapshot())

      let reordered = try XCTUnwrap(apple.reorder("Apple", toSection: "extra", at: .lastRoot))
      let nativeReordered = try XCTUnwrap(
        native.reorder("Apple", toSection: "extra", at: .lastRoot).transaction)
      XCTAssertEqual(apple.snapshot(for: "extra").items, ["Salt", "Snacks", "Apple"])
      XCTAssertEqual(reordered.difference, nativeReordered.difference)
      XCTAssertEqual(seen, [["main", "extra"], ["main", "extra"]])
      XCTAssertEqual(apple.snapshot().native, native.snapshot())
    }

    @MainActor func testWithoutCanReorderItemNothingIsReordered() async throws {
      let (apple, _) = try sources()
      var reorders = 0
      apple.reorderingHandlers.didReorder = { _ in reorders += 1 }
      let before = apple.snapshot()
      XCTAssertNil(apple.reorder("Snacks", to: .before("Food")))
      XCTAssertNil(apple.drag(in: "main", fromRow: 4, toRow: 0))
      XCTAssertEqual(reorders, 0)
      XCTAssertEqual(apple.snapshot(), before)
    }

    /// A reorder into the moved item's own subtree, or a drag in an unknown section, traps on
    /// the Apple-named type; the native path throws.
    @MainActor func testInvalidReordersAreErrorsOnTheNativePath() async throws {
      let (apple, _) = try sources()
      apple.reorderingHandlers.canReorderItem = { _ in true }
      XCTAssertThrowsError(try apple.native.reorder("Food", to: .firstChild(of: "Apple")))
      XCTAssertThrowsError(try apple.native.drag(in: "missing", fromRow: 0, toRow: 1)) { error in
        XCTAssertEqual(error as? SnapshotError, .sectionNotFound("missing"))
      }
    }

    /// Setting the Apple-named handlers replaces handlers set on `native` directly.
    @MainActor func testSettingHandlersReplacesTheNativeOnes() async throws {
      let (apple, _) = try sources()
      apple.native.reorderingHandlers.canReorderItem = { _ in true }
      apple.reorderingHandlers = UICollectionViewDiffableDataSource<String, String>
        .ReorderingHandlers()
      XCTAssertNil(apple.native.reorderingHandlers.canReorderItem)
      XCTAssertNil(apple.reorder("Snacks", to: .before("Food")))

      apple.native.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
      apple.sectionSnapshotHandlers =
        UICollectionViewDiffableDataSource<String, String>.SectionSnapshotHandlers<String>()
      XCTAssertNil(apple.native.sectionSnapshotHandlers.shouldCollapseItem)
      XCTAssertNotNil(apple.toggleDisclosure(of: "Food"))
    }
  }

#endif
