// The getting-started article's test file, as written there
// (Sources/Diffable/Diffable.docc/GettingStarted.md), in a test target of its own that depends
// on PantryModel as the article's Package.swift says. A change to the Apple-named API that
// breaks the article breaks this file; a change here belongs in the article too.

import XCTest

@testable import PantryModel  // configurePantry is internal to its module

#if canImport(UIKit)
  import UIKit
#else
  import Diffable
#endif

#if !canImport(UIKit)  // init() and toggleDisclosure(of:) are Diffable's: UIKit has neither
  final class PantryTests: XCTestCase {
    @MainActor func testTappingFoodLoadsItsChildrenAndShowsThem() async throws {
      let dataSource = UICollectionViewDiffableDataSource<String, String>()  // no collection view
      configurePantry(dataSource)

      let expand = try XCTUnwrap(dataSource.toggleDisclosure(of: "Food"))  // the user's tap

      // The rows: Apple and Pear appear under Food, as the collection view would animate them.
      XCTAssertEqual(expand.finalSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
      let rows = expand.difference.map { change in
        switch change {
        case .insert(let row, let item, _): "insert \(item) at \(row)"
        case .remove(let row, let item, _): "remove \(item) at \(row)"
        }
      }
      XCTAssertEqual(rows, ["insert Apple at 1", "insert Pear at 2"])

      // The section: the handler added Food's children, and Food is expanded.
      let pantry = try XCTUnwrap(expand.sectionTransactions.first)
      XCTAssertEqual(pantry.sectionIdentifier, "pantry")
      XCTAssertEqual(pantry.initialSnapshot.items, ["Food", "Drinks"])
      XCTAssertEqual(pantry.finalSnapshot.items, ["Food", "Apple", "Pear", "Drinks"])
      XCTAssertTrue(pantry.finalSnapshot.isExpanded("Food"))

      // A second tap hides the rows again but keeps the items: the section's difference is empty.
      let collapse = try XCTUnwrap(dataSource.toggleDisclosure(of: "Food"))
      XCTAssertEqual(collapse.finalSnapshot.itemIdentifiers, ["Food", "Drinks"])
      XCTAssertEqual(collapse.difference.removals.count, 2)
      XCTAssertEqual(collapse.sectionTransactions.first?.difference.isEmpty, true)
    }

    @MainActor func testARefusedTapChangesNothing() async throws {
      let dataSource = UICollectionViewDiffableDataSource<String, String>()
      configurePantry(dataSource)
      dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != "Drinks" }

      XCTAssertNil(dataSource.toggleDisclosure(of: "Drinks"))  // nil: the handler said no
      XCTAssertEqual(dataSource.snapshot().itemIdentifiers, ["Food", "Drinks"])
    }
  }
#endif
