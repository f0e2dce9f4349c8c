// EmojiExplorerTests.swift: `outline --emit-swift examples/emoji-explorer.outline`, the run as an XCTest.
//
// Each command is the Swift it stands for, with UIKit's names from Diffable. UIKit's apply
// returns nothing, so edits apply through `dataSource.native`, which returns the transaction;
// `changes(_:)` writes a difference as "-1 Apple" (a removal at offset 1), "+3 Kiwi" (an
// insertion), and a move as "-2 Pear ->0" with "+0 Pear <-2".
//
// Every handler is installed once, at the start, wrapped by `HandlerCalls` (at the end of
// the file), which records each call as outline prints it: `calls.shouldCollapseItem { $0 !=
// "Food" }` is the closure `{ $0 != "Food" }` that a rule stands for, recorded. After each
// tap, reorder or drag, `calls.take()` is checked against outline's lines, in order.

import Diffable
import XCTest

final class EmojiExplorerTests: XCTestCase {
  @MainActor func testEmojiExplorer() async throws {
    let dataSource = UICollectionViewDiffableDataSource<String, String>()
    await dataSource.apply(NSDiffableDataSourceSectionSnapshot<String>(), to: "main")
    let calls = HandlerCalls()  // records every handler call
    dataSource.sectionSnapshotHandlers.shouldExpandItem = calls.shouldExpandItem { _ in true }
    dataSource.sectionSnapshotHandlers.willExpandItem = calls.willExpandItem
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = calls.shouldCollapseItem { _ in true }
    dataSource.sectionSnapshotHandlers.willCollapseItem = calls.willCollapseItem
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent =
      calls.snapshotForExpandingParent { _, current in current }
    dataSource.reorderingHandlers.canReorderItem = calls.canReorderItem { _ in true }  // every item may move
    dataSource.reorderingHandlers.willReorder = calls.willReorder
    dataSource.reorderingHandlers.didReorder = calls.didReorder

    // > say Step 1: apply the sections, in the order the collection view shows them: the sample's
    // > say three, recents, outline and list. outline starts every session with a section named main,
    // > say which the sample does not have: delete it.
    // > section add recents outline list
    do {
      var sections = dataSource.snapshot()
      sections.appendSections(["recents", "outline", "list"])
      await dataSource.apply(sections)  // the async overload, in an async test
    }
    // > section delete main
    do {
      var sections = dataSource.snapshot()
      sections.deleteSections(["main"])
      await dataSource.apply(sections)  // the async overload, in an async test
    }
    // > sections
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["recents", "outline", "list"])
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
    XCTAssertEqual(calls.take(), [  // the handler calls
      "shouldExpandItem(Food) -> true",
      "willExpandItem(Food)",
      "snapshotForExpandingParent(Food, [🍕, 🍩]) -> [🍕, 🍩]",
    ])
    // > expect visible Smileys Nature Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "Nature", "Food", "🍕", "🍩"])
    // > expand Smileys
    do {
      let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Smileys"))  // the user's tap
      XCTAssertEqual(changes(transaction.difference), ["+5 😂", "+6 🥰"])
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), ["outline"])
      XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), [])
    }
    XCTAssertEqual(calls.take(), [  // the handler calls
      "shouldExpandItem(Smileys) -> true",
      "willExpandItem(Smileys)",
      "snapshotForExpandingParent(Smileys, [😂, 🥰]) -> [😂, 🥰]",
    ])
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
    XCTAssertEqual(calls.take(), [  // the handler calls
      "shouldCollapseItem(Food) -> true",
      "willCollapseItem(Food)",
    ])
    // > expect visible Smileys 😂 🥰 Nature Food
    XCTAssertEqual(dataSource.snapshot(for: "outline").visibleItems, ["Smileys", "😂", "🥰", "Nature", "Food"])
    // > expect items Smileys 😂 🥰 Nature 🌲 🌸 Food 🍕 🍩
    XCTAssertEqual(dataSource.snapshot(for: "outline").items, ["Smileys", "😂", "🥰", "Nature", "🌲", "🌸", "Food", "🍕", "🍩"])
    // > expect expanded Smileys
    XCTAssertEqual(dataSource.snapshot(for: "outline").expandedItems, ["Smileys"])

    // The end: every section's items, visible items and expansion.
    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["recents", "outline", "list"])
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

/// The handler calls UIKit made, each as outline prints it: `shouldExpandItem(Food) -> true`.
private final class HandlerCalls {
  private var lines: [String] = []

  /// The calls so far, in order; the record starts afresh.
  func take() -> [String] {
    defer { lines = [] }
    return lines
  }

  func shouldExpandItem(_ answer: @escaping (String) -> Bool) -> (String) -> Bool {
    { item in self.answered("shouldExpandItem", item, answer(item)) }
  }

  func willExpandItem(_ item: String) { lines.append("willExpandItem(\(word(item)))") }

  func shouldCollapseItem(_ answer: @escaping (String) -> Bool) -> (String) -> Bool {
    { item in self.answered("shouldCollapseItem", item, answer(item)) }
  }

  func willCollapseItem(_ item: String) { lines.append("willCollapseItem(\(word(item)))") }

  typealias Children = NSDiffableDataSourceSectionSnapshot<String>

  func snapshotForExpandingParent(_ answer: @escaping (String, Children) -> Children)
    -> (String, Children) -> Children
  {
    { item, current in
      let children = answer(item, current)
      self.lines.append(
        "snapshotForExpandingParent(\(word(item)), \(tree(current))) -> \(tree(children))")
      return children
    }
  }

  func canReorderItem(_ answer: @escaping (String) -> Bool) -> (String) -> Bool {
    { item in self.answered("canReorderItem", item, answer(item)) }
  }

  func willReorder(_: NSDiffableDataSourceTransaction<String, String>) {
    lines.append("willReorder(transaction)")
  }

  func didReorder(_: NSDiffableDataSourceTransaction<String, String>) {
    lines.append("didReorder(transaction)")
  }

  private func answered(_ handler: String, _ item: String, _ answer: Bool) -> Bool {
    lines.append("\(handler)(\(word(item))) -> \(answer)")
    return answer
  }
}

/// An identifier as outline writes it: bare, or quoted when it is empty, holds a blank, `;`,
/// `"` or a control character, begins with `#`, `@` or `--`, or is a keyword.
private func word(_ item: String) -> String {
  let keywords: Set = ["to", "before", "after", "with", "as", "to-root", "none"]
  let bare =
    !item.isEmpty && !item.hasPrefix("#") && !item.hasPrefix("@") && !item.hasPrefix("--")
    && !keywords.contains(item) && !item.contains(where: \.isWhitespace)
    && !item.unicodeScalars.contains { $0 == ";" || $0 == "\"" || isControl($0) }
  return bare ? item : quoted(item)
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.properties.generalCategory == .control
}

private func quoted(_ item: String) -> String {
  var text = "\""
  for scalar in item.unicodeScalars {
    if isControl(scalar), scalar != "\t" {
      text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      if scalar == "\"" || scalar == "\\" { text += "\\" }
      text.unicodeScalars.append(scalar)
    }
  }
  return text + "\""
}

/// A child snapshot as outline writes it: `[Letters [Mom.txt, Bank.txt], Taxes]`.
private func tree(_ snapshot: NSDiffableDataSourceSectionSnapshot<String>) -> String {
  var text = "["
  var depth = 0
  for (index, item) in snapshot.items.enumerated() {
    let level = snapshot.level(of: item)
    if level > depth {
      text += " ["
    } else {
      text += String(repeating: "]", count: depth - level) + (index > 0 ? ", " : "")
    }
    depth = level
    let written = word(item)
    let bracketed = written == item && item.contains(where: { "[],".contains($0) })
    text += bracketed ? quoted(item) : written
  }
  return text + String(repeating: "]", count: depth) + "]"
}
