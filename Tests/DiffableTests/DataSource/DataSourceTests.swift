import OutlineTestSupport
import XCTest

@testable import Diffable

/// `DataSource`: one test per rule of SEMANTICS.md "Data source and handlers" and "Reordering and
/// transactions", with exact expected values.
///
/// The fixture most tests start from (`+` expanded, `*` visible; rows are the visible items):
///
/// ```
/// +*Food          row 0
///   +*Fruit       row 1
///     -*Apple     row 2
///     -*Pear      row 3
///   -*Bread       row 4
/// -*Drinks        row 5
///   + Tea         hidden
///     - Green     hidden
/// -*Snacks        row 6
/// ```
final class DataSourceTests: XCTestCase {
  typealias Outline = SectionSnapshot<String>
  typealias Source = DataSource<String, String>
  typealias Change = _OffsetDifference.Change

  // MARK: - Fixtures

  /// A snapshot drawn as `"  +Item"` lines (see `SectionSnapshot.init(drawing:)`).
  func outline(_ lines: [String]) throws -> Outline {
    try Outline(drawing: lines)
  }

  func pantry() throws -> Outline {
    try outline([
      "+Food", "  +Fruit", "    -Apple", "    -Pear", "  -Bread", "-Drinks", "  +Tea",
      "    -Green", "-Snacks",
    ])
  }

  let pantryRows = ["Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Snacks"]
  let pantryItems = [
    "Food", "Fruit", "Apple", "Pear", "Bread", "Drinks", "Tea", "Green", "Snacks",
  ]

  /// A data source holding the pantry in section `main`.
  func pantrySource() throws -> Source {
    let dataSource = Source()
    try dataSource.apply(try pantry(), to: "main")
    return dataSource
  }

  /// A data source whose every reordering handler is allowed and every handler records its call.
  func recording(_ dataSource: Source) -> Recorder {
    let recorder = Recorder()
    dataSource.sectionSnapshotHandlers.shouldExpandItem = {
      recorder.calls.append("shouldExpand \($0)")
      return recorder.allowExpand
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = {
      recorder.calls.append("willExpand \($0)")
    }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
      recorder.calls.append("shouldCollapse \($0)")
      return recorder.allowCollapse
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = {
      recorder.calls.append("willCollapse \($0)")
    }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { item, current in
      recorder.calls.append("snapshotForExpandingParent \(item)")
      recorder.currents.append(current)
      return recorder.children?(item, current) ?? current
    }
    return recorder
  }

  final class Recorder {
    var calls: [String] = []
    var currents: [Outline] = []
    var allowExpand = true
    var allowCollapse = true
    var children: ((String, Outline) -> Outline)?
  }

  /// The data source's whole state: the flat snapshot and every section's tree.
  struct State: Equatable {
    var flat: Snapshot<String, String>
    var sections: [String]
    var trees: [Outline]
    var lines: [[String]]
  }

  func state(of dataSource: Source) -> State {
    let sections = dataSource.snapshot().sectionIdentifiers
    let trees = sections.map { dataSource.snapshot(for: $0) }
    return State(
      flat: dataSource.snapshot(), sections: sections, trees: trees,
      lines: trees.map { $0.visualDescriptionLines() })
  }

  /// Checks that `body` throws exactly `expected` and leaves the data source as it was.
  func assertFails<T>(
    _ dataSource: Source, with expected: SnapshotError, message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
  ) {
    let before = state(of: dataSource)
    do {
      _ = try body()
      XCTFail("expected \(expected), nothing thrown", file: file, line: line)
    } catch let error as SnapshotError {
      XCTAssertEqual(error, expected, file: file, line: line)
      if let message { XCTAssertEqual(error.message, message, file: file, line: line) }
    } catch {
      XCTFail("expected \(expected), got \(error)", file: file, line: line)
    }
    XCTAssertEqual(
      state(of: dataSource), before, "changed by a failed call", file: file, line: line)
  }

  func removals<S: Hashable, I: Hashable>(_ t: Transaction<S, I>) -> [Change] {
    t.removalOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  func insertions<S: Hashable, I: Hashable>(_ t: Transaction<S, I>) -> [Change] {
    t.insertionOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  func removals<S: Hashable, I: Hashable>(_ t: SectionTransaction<S, I>) -> [Change] {
    t.removalOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  func insertions<S: Hashable, I: Hashable>(_ t: SectionTransaction<S, I>) -> [Change] {
    t.insertionOffsets.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  /// Checks that both differences of `transaction` turn its initial state into its final one,
  /// and their inverses back.
  func assertReplays(
    _ transaction: Transaction<String, String>, file: StaticString = #filePath, line: UInt = #line
  ) {
    let initial = transaction.initialSnapshot.itemIdentifiers
    let final = transaction.finalSnapshot.itemIdentifiers
    XCTAssertEqual(initial.applying(transaction.difference), final, file: file, line: line)
    XCTAssertEqual(
      final.applying(transaction.difference.inverse()), initial, file: file, line: line)
    for section in transaction.sectionTransactions {
      let old = section.initialSnapshot.items
      let new = section.finalSnapshot.items
      XCTAssertEqual(old.applying(section.difference), new, file: file, line: line)
      XCTAssertEqual(new.applying(section.difference.inverse()), old, file: file, line: line)
    }
  }
}
