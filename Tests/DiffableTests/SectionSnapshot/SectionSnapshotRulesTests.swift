import Diffable
import OutlineTestSupport
import XCTest

/// One test per rule of SEMANTICS.md's "Section snapshot: the tree", "Section snapshot: edits"
/// and "Errors", each with the exact expected values.
///
/// The fixture most tests start from:
///
/// ```
/// Food
///   Fruit
///     Apple
///     Pear
///   Bread
/// Drinks
///   Tea
/// ```
final class SectionSnapshotRulesTests: XCTestCase {
  typealias Snapshot = SectionSnapshot<String>

  // MARK: - Fixtures

  /// The fixture above, with `expanded` expanded.
  func pantry(expanded: [String] = []) throws -> Snapshot {
    var snapshot = Snapshot()
    try snapshot.append(["Food", "Drinks"])
    try snapshot.append(["Fruit", "Bread"], to: "Food")
    try snapshot.append(["Apple", "Pear"], to: "Fruit")
    try snapshot.append(["Tea"], to: "Drinks")
    snapshot.expand(expanded)
    return snapshot
  }

  /// A snapshot drawn as `"  +Item"` lines (see `SectionSnapshot.init(drawing:)`).
  func outline(_ lines: [String]) throws(SnapshotError) -> Snapshot {
    try Snapshot(drawing: lines)
  }

  /// A snapshot with the same content as `snapshot` but storage of its own.
  func rebuilt(_ snapshot: Snapshot) throws -> Snapshot {
    try outline(
      snapshot.items.map { item in
        String(repeating: "  ", count: try snapshot.level(of: item))
          + (try snapshot.isExpanded(item) ? "+" : "-") + item
      })
  }

  /// Checks that `body` throws exactly `expected`, whose message is `message`, and leaves
  /// `snapshot` as it was.
  func assertFails(
    _ snapshot: Snapshot, with expected: SnapshotError, message: String,
    file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Snapshot) throws(SnapshotError) -> Void
  ) throws {
    var edited = snapshot
    let before = snapshot
    let same = try rebuilt(snapshot)
    do {
      try body(&edited)
      XCTFail("expected \(expected), nothing thrown", file: file, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: file, line: line)
      XCTAssertEqual(error.message, message, file: file, line: line)
      XCTAssertEqual("\(error)", message, file: file, line: line)
    }
    edited._checkInvariants()
    XCTAssertEqual(edited, before, "changed by a failed call", file: file, line: line)
    XCTAssertEqual(edited, same, "changed by a failed call", file: file, line: line)
    XCTAssertEqual(edited.items, before.items, file: file, line: line)
    XCTAssertEqual(edited.visibleItems, before.visibleItems, file: file, line: line)
    XCTAssertEqual(edited.expandedItems, before.expandedItems, file: file, line: line)
    XCTAssertEqual(
      edited.visualDescriptionLines(), before.visualDescriptionLines(), file: file, line: line)
  }

  /// Checks that `body` changes nothing and throws nothing.
  func assertNoOp(
    _ snapshot: Snapshot, file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Snapshot) throws(SnapshotError) -> Void
  ) throws {
    var edited = snapshot
    try body(&edited)
    edited._checkInvariants()
    XCTAssertEqual(edited, snapshot, file: file, line: line)
    XCTAssertEqual(edited, try rebuilt(snapshot), file: file, line: line)
    XCTAssertEqual(
      edited.visualDescriptionLines(), snapshot.visualDescriptionLines(), file: file, line: line)
  }
}
