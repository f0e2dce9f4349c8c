import Diffable
import XCTest

/// The README's examples, as written there.
final class ReadmeExampleTests: XCTestCase {
  func testLibraryInUse() throws {
    var outline = SectionSnapshot<String>()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple", "Pear"], to: "Food")
    outline.expand(["Food"])
    XCTAssertEqual(
      outline.visualDescriptionLines(), ["+*Food", "  -*Apple", "  -*Pear", "-*Drinks"])

    let dataSource = DataSource<String, String>()
    try dataSource.apply(outline, to: "main")
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Food" }
    guard case .refused = try dataSource.toggleDisclosure(of: "Food") else {
      return XCTFail("the handler should refuse")
    }

    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let move = try XCTUnwrap(try dataSource.reorder("Drinks", to: .before("Food")).transaction)
    XCTAssertEqual(move.difference.count, 2)
    guard case .remove(3, "Drinks", 0)? = move.difference.removals.first else {
      return XCTFail("Drinks's row 3 should move to row 0: \(move.difference)")
    }
    XCTAssertEqual(move.sectionTransactions.count, 1)
    XCTAssertEqual(move.finalSnapshot.itemIdentifiers, ["Drinks", "Food", "Apple", "Pear"])
  }

  func testAppleSpellings() {
    var snapshot = NSDiffableDataSourceSectionSnapshot<String>()
    snapshot.append(["Smileys"])
    snapshot.append(["😀", "😎"], to: "Smileys")
    XCTAssertEqual(snapshot.items, ["Smileys", "😀", "😎"])
  }
}
