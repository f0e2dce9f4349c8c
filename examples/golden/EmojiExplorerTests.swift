// EmojiExplorerTests.swift: `outline --emit-swift examples/emoji-explorer.outline`, the run as an XCTest.
//
// Each command is the Swift it stands for, with UIKit's names from Diffable. UIKit's apply
// returns nothing, so edits apply through `dataSource.native`, which returns the transaction;
// `changes(_:)` writes a difference as "-1 Apple" (a removal at offset 1), "+3 Kiwi" (an
// insertion), and a move as "-2 Pear ->0" with "+0 Pear <-2".

import Diffable
import XCTest

final class EmojiExplorerTests: XCTestCase {
  @MainActor func testEmojiExplorer() async throws {
    let dataSource = UICollectionViewDiffableDataSource<String, String>()
    dataSource.apply(NSDiffableDataSourceSectionSnapshot<String>(), to: "main")
    dataSource.reorderingHandlers.canReorderItem = { _ in true }  // every item may move

    // > say Step 1: apply the sections, in the order the collection view shows them.
    // > section add recents outline list
    do {
      var sections = dataSource.snapshot()
      sections.appendSections(["recents", "outline", "list"])
      await dataSource.apply(sections)  // the async overload, in an async test
    }
    // > say Step 2: each section gets its own section snapshot. First the grid of recents: flat.
    // > section use recents
    // the code that follows edits dataSource.snapshot(for: "recents")
    // > append 😀 🐶 🍎 🏀
    do {
      var snapshot = dataSource.snapshot(for: "recents")
      snapshot.append(["😀", "🐶", "🍎", "🏀"])
      let transaction = dataSource.native.apply(snapshot, to: "recents")
      XCTAssertEqual(changes(transaction.difference), ["+0 😀", "+1 🐶", "+2 🍎", "+3 🏀"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["recents"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+0 😀", "+1 🐶", "+2 🍎", "+3 🏀"])
    }
    // > expect roots 😀 🐶 🍎 🏀
    XCTAssertEqual(dataSource.snapshot(for: "recents").rootItems, ["😀", "🐶", "🍎", "🏀"])
    // > say Then the outline: append with no parent makes the categories roots,
    // > say and append ... to Food makes children of Food.
    // > section use outline
    // the code that follows edits dataSource.snapshot(for: "outline")
    // > append Smileys Nature Food
    do {
      var snapshot = dataSource.snapshot(for: "outline")
      snapshot.append(["Smileys", "Nature", "Food"])
      let transaction = dataSource.native.apply(snapshot, to: "outline")
      XCTAssertEqual(changes(transaction.difference), ["+4 Smileys", "+5 Nature", "+6 Food"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+0 Smileys", "+1 Nature", "+2 Food"])
    }
    // > append 😂 🥰 to Smileys
    do {
      var snapshot = dataSource.snapshot(for: "outline")
      snapshot.append(["😂", "🥰"], to: "Smileys")
      let transaction = dataSource.native.apply(snapshot, to: "outline")
      XCTAssertEqual(changes(transaction.difference), [])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+1 😂", "+2 🥰"])
    }
    // > append 🌲 🌸 to Nature
    do {
      var snapshot = dataSource.snapshot(for: "outline")
      snapshot.append(["🌲", "🌸"], to: "Nature")
      let transaction = dataSource.native.apply(snapshot, to: "outline")
      XCTAssertEqual(changes(transaction.difference), [])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+4 🌲", "+5 🌸"])
    }
    // > append 🍕 🍩 to Food
    do {
      var snapshot = dataSource.snapshot(for: "outline")
      snapshot.append(["🍕", "🍩"], to: "Food")
      let transaction = dataSource.native.apply(snapshot, to: "outline")
      XCTAssertEqual(changes(transaction.difference), [])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+7 🍕", "+8 🍩"])
    }
    // > expect items Smileys 😂 🥰 Nature 🌲 🌸 Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").items, ["Smileys", "😂", "🥰", "Nature", "🌲", "🌸", "Food", "🍕", "🍩"])
    // > expect parent 🍕 Food
    XCTAssertEqual(dataSource.snapshot(for: "outline").parent(of: "🍕"), "Food")
    // > expect level 🍕 1
    XCTAssertEqual(dataSource.snapshot(for: "outline").level(of: "🍕"), 1)
    // > say New items start collapsed, so only the categories are visible.
    // > expect visible Smileys Nature Food
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "Nature", "Food"])
    // > say An identifier lives in one section only: the grid's 😀 cannot join the outline too.
    // > expect error append 😀 to Smileys
    // append 😀 to Smileys fails, and changes nothing:
    XCTAssertThrowsError(try {
      var edited = dataSource.native.snapshot(for: "outline")
      try edited.append(["😀"], to: "Smileys")
      try dataSource.native.apply(edited, to: "outline")
    }())
    // > say Last, the list section: a table-like list inside the same collection view.
    // > section use list
    // the code that follows edits dataSource.snapshot(for: "list")
    // > append 🎉 🚗 💡
    do {
      var snapshot = dataSource.snapshot(for: "list")
      snapshot.append(["🎉", "🚗", "💡"])
      let transaction = dataSource.native.apply(snapshot, to: "list")
      XCTAssertEqual(changes(transaction.difference), ["+7 🎉", "+8 🚗", "+9 💡"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["list"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+0 🎉", "+1 🚗", "+2 💡"])
    }
    // > expect visible 🎉 🚗 💡
    XCTAssertEqual(dataSource.snapshot(for: "list").visibleItems, ["🎉", "🚗", "💡"])
    // > say Step 3: the user taps Food's disclosure. The rows are counted across all sections,
    // > say so 🍕 and 🍩 are inserted at rows 7 and 8, after the grid's four and three categories.
    // > section use outline
    // the code that follows edits dataSource.snapshot(for: "outline")
    // > expand Food
    do {
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Food"))  // the user's tap
      XCTAssertEqual(changes(transaction.difference), ["+7 🍕", "+8 🍩"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), [])
    }
    // > expect visible Smileys Nature Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "Nature", "Food", "🍕", "🍩"])
    // > expand Smileys
    do {
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Smileys"))  // the user's tap
      XCTAssertEqual(changes(transaction.difference), ["+5 😂", "+6 🥰"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), [])
    }
    // > expect visible Smileys 😂 🥰 Nature Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "😂", "🥰", "Nature", "Food", "🍕", "🍩"])
    // > expect expanded Smileys Food
    XCTAssertEqual(dataSource.snapshot(for: "outline").expandedItems, ["Smileys", "Food"])
    // > say Another tap collapses Food: its children stay in the snapshot, hidden.
    // > collapse Food
    do {
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Food"))  // the user's tap
      XCTAssertEqual(changes(transaction.difference), ["-9 🍕", "-10 🍩"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), [])
    }
    // > expect visible Smileys 😂 🥰 Nature Food
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "😂", "🥰", "Nature", "Food"])
    // > expect items Smileys 😂 🥰 Nature 🌲 🌸 Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").items, ["Smileys", "😂", "🥰", "Nature", "🌲", "🌸", "Food", "🍕", "🍩"])
    // > expect expanded Smileys
    XCTAssertEqual(dataSource.snapshot(for: "outline").expandedItems, ["Smileys"])

    // The end: every section's items, visible items and expansion.
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["main", "recents", "outline", "list"])
    XCTAssertEqual(dataSource.snapshot(for: "main").items, [])
    XCTAssertEqual(dataSource.snapshot(for: "main").visibleItems, [])
    XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, [])
    XCTAssertEqual(dataSource.snapshot(for: "recents").items, ["😀", "🐶", "🍎", "🏀"])
    XCTAssertEqual(dataSource.snapshot(for: "recents").visibleItems, ["😀", "🐶", "🍎", "🏀"])
    XCTAssertEqual(dataSource.snapshot(for: "recents").expandedItems, [])
    XCTAssertEqual(dataSource.snapshot(for: "outline").items, ["Smileys", "😂", "🥰", "Nature", "🌲", "🌸", "Food", "🍕", "🍩"])
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "😂", "🥰", "Nature", "Food"])
    XCTAssertEqual(dataSource.snapshot(for: "outline").expandedItems, ["Smileys"])
    XCTAssertEqual(dataSource.snapshot(for: "list").items, ["🎉", "🚗", "💡"])
    XCTAssertEqual(dataSource.snapshot(for: "list").visibleItems, ["🎉", "🚗", "💡"])
    XCTAssertEqual(dataSource.snapshot(for: "list").expandedItems, [])
  }
}

/// A difference as lines: removals, then insertions, each with its offset and, for a move,
/// the offset at the other end.
private func changes(_ difference: CollectionDifference<String>) -> [String] {
  var lines: [String] = []
  for case .remove(let offset, let item, let other) in difference.removals {
    lines.append("-\(offset) \(item)" + (other.map { " ->\($0)" } ?? ""))
  }
  for case .insert(let offset, let item, let other) in difference.insertions {
    lines.append("+\(offset) \(item)" + (other.map { " <-\($0)" } ?? ""))
  }
  return lines
}
