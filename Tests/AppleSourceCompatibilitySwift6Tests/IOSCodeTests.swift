// Runs the code of IOSCode.swift and checks what it did. Compiled in both language modes, like
// IOSCode.swift. The test methods touching a `@MainActor` data source are `@MainActor`, as against
// the iOS SDK in Swift 6 mode; on Linux, XCTest cannot run a synchronous `@MainActor` test method
// that `throws` (it traps casting it), so those are `async throws`.

#if !canImport(UIKit)
  import Diffable
  import Foundation
  import XCTest

  final class IOSCodeTests: XCTestCase {
    @MainActor func testOutlineViewControllerBuildsExpandedSections() async throws {
      let controller = OutlineViewController()
      controller.configureDataSource()
      controller.updateSnapshot()
      let dataSource = try XCTUnwrap(controller.dataSource)

      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers.map(\.title),
        ["Buttons", "Plain", "Filled", "Labels", "Title", "Caption"])
      let labels = controller.sections[1]
      XCTAssertEqual(
        dataSource.snapshot(for: labels).visibleItems.map(\.title), ["Labels", "Title", "Caption"])
      XCTAssertEqual(dataSource.snapshot(for: labels).expandedItems, [Detail(title: "Labels")])
      XCTAssertEqual(
        dataSource.indexPath(for: Detail(title: "Caption")), IndexPath(item: 2, section: 1))

      controller.delete([Detail(title: "Title")], from: labels)
      XCTAssertEqual(dataSource.snapshot(for: labels).items.map(\.title), ["Labels", "Caption"])
      // The section kept its expansion: the edit started from `snapshot(for:)`.
      XCTAssertEqual(dataSource.snapshot(for: labels).expandedItems, [Detail(title: "Labels")])

      controller.keepOnly { $0.title != "Plain" }
      XCTAssertEqual(controller.appliedUpdates, 1)
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers.map(\.title),
        ["Buttons", "Filled", "Labels", "Caption"])
      // A flat snapshot replaces each section's tree by its items: the headers are roots now.
      XCTAssertEqual(dataSource.snapshot(for: controller.sections[0]).rootItems.count, 2)
      XCTAssertEqual(dataSource.native.snapshot(), dataSource.snapshot().native)
    }

    @MainActor func testHandlersFromTheDocumentationRunOnTaps() async throws {
      let controller = GroceryViewController()
      controller.configureDataSource()
      controller.applyInitialSnapshot()
      let dataSource = try XCTUnwrap(controller.dataSource)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks"])

      // The user taps Drinks' disclosure: no children yet, so the handler loads them.
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Drinks"))
      XCTAssertEqual(controller.expandedParents, ["Drinks"])
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Drinks 1", "Drinks 2"])
      XCTAssertEqual(transaction.sectionTransactions.first?.finalSnapshot.items.count, 7)
      // Food has children: the handler returns them unchanged.
      dataSource.toggleDisclosure(of: "Food")
      XCTAssertEqual(
        dataSource.snapshot(for: "Groceries").snapshot(of: "Food").items, ["🍏", "🍓", "🥐"])
      // And collapses it again: shouldCollapseItem allows it.
      dataSource.toggleDisclosure(of: "Food")
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers, ["Food", "Drinks", "Drinks 1", "Drinks 2"])
    }

    @MainActor func testReorderHandlersFromTheDocumentationUpdateTheBackingStore() async throws {
      let controller = GroceryViewController()
      controller.configureDataSource()
      controller.applyInitialSnapshot()
      let dataSource = try XCTUnwrap(controller.dataSource)

      // The user drags Drinks (row 1) to the top.
      let transaction = try XCTUnwrap(dataSource.drag(in: "Groceries", fromRow: 1, toRow: 0))
      XCTAssertEqual(controller.backingStore, ["Drinks", "Food"])
      XCTAssertEqual(controller.finalItems, ["Drinks", "Food"])
      XCTAssertEqual(transaction.native.finalSnapshot, dataSource.native.snapshot())
      XCTAssertEqual(transaction.difference.insertions.count, 1)
    }

    @MainActor func testTheGenericHelperExpandsParentsOfLeaves() async throws {
      let controller = GroceryViewController()
      controller.configureDataSource()
      controller.applyInitialSnapshot()
      let dataSource = try XCTUnwrap(controller.dataSource)

      CollectionView().expandParentsToShow(leafItemIdentifiers: ["🍓"], dataSource: dataSource)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "🍏", "🍓", "🥐", "Drinks"])
      XCTAssertEqual(dataSource.indexPath(for: "🍓"), IndexPath(item: 2, section: 0))
    }

    @MainActor func testAGenericClassHoldsTheDataSource() async throws {
      let dataSource = UICollectionViewDiffableDataSource<String, String>()
      var snapshot = NSDiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["main"])
      snapshot.appendItems(["A", "B"])
      await dataSource.apply(snapshot)
      let op = Op(dataSource: dataSource)
      op.reapply()
      XCTAssertEqual(op.indexPath(of: "B"), IndexPath(item: 1, section: 0))
      XCTAssertEqual(dataSource.snapshot(), snapshot)
    }

    @MainActor func testExtensionsAndSubclassesOfTheDataSources() async throws {
      let dataSource = UICollectionViewDiffableDataSource<SingleSection, String>()
      var completed = false
      dataSource.applyItems(["One", "Two"]) { completed = true }
      XCTAssertTrue(completed)
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers(inSection: .main), ["One", "Two"])

      let notes = NotesDataSource()
      XCTAssertEqual(notes.snapshot().numberOfItems, 8)
      XCTAssertEqual(notes.itemIdentifier(for: IndexPath(row: 1, section: 1)), 4)
      XCTAssertEqual(notes.sectionIdentifier(for: 1), 1)

      let titles = TitlesDataSource()
      var snapshot = NSDiffableDataSourceSnapshot<Section, Title>()
      snapshot.appendSections([Section(label: "A"), Section(label: "B")])
      snapshot.appendItems([Title(name: "Alien")], toSection: Section(label: "A"))
      // In an async context Swift picks the `async` overload, as against the SDK: `await`.
      await titles.apply(snapshot, animatingDifferences: false)
      XCTAssertEqual(titles.titleForHeader(inSection: 1), "B")
      XCTAssertEqual(titles.sectionIndexTitles(), ["A", "B"])
      XCTAssertEqual(titles.native.snapshot().numberOfItems, 1)
    }
  }

#endif
