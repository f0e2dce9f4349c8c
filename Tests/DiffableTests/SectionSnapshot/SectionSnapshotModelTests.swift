import OutlineTestSupport
import XCTest

@testable import Diffable

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SectionSnapshot` checked against `ReferenceOutline`, the plain model written from
/// SEMANTICS.md: exhaustively on every small forest, along long seeded random sequences, and on
/// a large snapshot whose B-tree has several levels.
///
/// After every operation both must agree on every query, throw the same error (and then both be
/// unchanged), and the snapshot must pass `_checkInvariants()`. A failure names the forest and
/// the operation (random runs: the seed; rerun with `DIFFABLE_SEED=<seed>`); a trap inside the
/// library prints them too before the process dies.
final class SectionSnapshotModelTests: XCTestCase {
  override func setUp() {
    super.setUp()
    _CrashContext.install()
  }

  override func tearDown() {
    _CrashContext.current = nil
    super.tearDown()
  }

  // MARK: - Checking one step

  /// How much a step compares, beyond the outcome (both succeed, or throw the same error and
  /// change nothing) and the child snapshots `snapshot(of:)` returns.
  struct Mode<Item> {
    /// Every query of the snapshot against the reference.
    var compare: Bool
    /// The reference's own per-item queries against its rows (the oracle checking itself).
    var referenceQueries = false
    /// `==` against the same outline built afresh.
    var rebuild = false
    /// Which items (offset in `items`, item) to ask each per-item query about; nil for all.
    var querying: ((Int, Item) -> Bool)? = nil
  }

  /// Applies `operation` to `edited` and `editedReference` and compares them; returns whether
  /// they agree.
  @discardableResult
  func check<Item: Hashable & Sendable>(
    _ operation: Operation<Item>, _ edited: inout SectionSnapshot<Item>,
    _ editedReference: inout ReferenceOutline<Item>, mode: Mode<Item>, probing: [Item],
    file: StaticString = #filePath, line: UInt = #line, context: @escaping () -> String
  ) -> Bool {
    _CrashContext.current = context
    let snapshot = edited
    let reference = editedReference
    let outcome = operation.apply(to: &edited)
    let expected = operation.apply(to: &editedReference)
    var problems: [String] = []
    switch (outcome, expected) {
    case (.failure(let error), .failure(let expectedError)):
      if error != expectedError {
        problems.append("threw \(error.debugCase), expected \(expectedError.debugCase)")
      } else if error.message != expectedError.message {
        problems.append("message \"\(error.message)\", expected \"\(expectedError.message)\"")
      }
      if editedReference != reference { problems.append("REFERENCE changed by a failed call") }
      if edited != snapshot { problems.append("changed by a failed call") }
    case (.success(let child), .success(let expectedChild)):
      if let child, let expectedChild {
        problems += Self.mismatches(
          child, expectedChild, referenceQueries: mode.referenceQueries, probing: []
        )
        .map { "returned snapshot: \($0)" }
      }
    case (.failure(let error), .success):
      problems.append("threw \(error.debugCase), expected success")
    case (.success, .failure(let expectedError)):
      problems.append("succeeded, expected \(expectedError.debugCase)")
    }
    if mode.compare {
      problems += Self.mismatches(
        edited, editedReference, referenceQueries: mode.referenceQueries, probing: probing,
        querying: mode.querying)
      if (edited == snapshot) != (editedReference == reference) {
        problems.append(
          "snapshot == its former value is \(edited == snapshot), the reference's "
            + "\(editedReference == reference)")
      }
    }
    if mode.rebuild {
      do throws(SnapshotError) {
        let rebuilt = try Forest(editedReference).snapshotByAppending()
        if rebuilt != edited { problems.append("not == to the same outline built afresh") }
      } catch {
        problems.append("rebuilding threw \(error)")
      }
    }
    guard problems.isEmpty else {
      XCTFail(
        context() + "\n  " + problems.prefix(8).joined(separator: "\n  ")
          + "\n  snapshot:  \(edited.visualDescriptionLines())"
          + "\n  reference: \(editedReference.visualDescriptionLines())",
        file: file, line: line)
      return false
    }
    return true
  }

  /// Every disagreement between `snapshot` and `reference`; the absent items of `probing` are
  /// asked about too.
  static func mismatches<Item: Hashable & Sendable>(
    _ snapshot: SectionSnapshot<Item>, _ reference: ReferenceOutline<Item>, referenceQueries: Bool,
    probing: [Item], querying: ((Int, Item) -> Bool)? = nil
  ) -> [String] {
    snapshot._checkInvariants()
    var problems: [String] = []
    func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) {
      if actual != expected { problems.append("\(what()): \(actual), expected \(expected)") }
    }
    func expectThrows<T>(
      _ expected: SnapshotError, _ what: String, _ body: () throws(SnapshotError) -> T
    ) {
      do {
        let value = try body()
        problems.append("\(what): \(value), expected to throw \(expected.debugCase)")
      } catch {
        expect(error, expected, what)
      }
    }
    let rows = reference.rows
    let items = rows.map { $0.item }
    expect(snapshot.count, rows.count, "count")
    expect(snapshot.items, items, "items")
    expect(snapshot.rootItems, reference.rootItems, "rootItems")
    expect(snapshot.visibleItems, reference.visibleItems, "visibleItems")
    expect(snapshot.visibleCount, reference.visibleCount, "visibleCount")
    expect(snapshot.expandedItems, reference.expandedItems, "expandedItems")
    expect(
      snapshot.visualDescriptionLines(), reference.visualDescriptionLines(),
      "visualDescriptionLines")
    for row in rows where querying?(row.index, row.item) ?? true {
      let item = row.item
      let found = ReferenceOutline<Item>.Row(snapshot, item)
      if found != row {
        problems.append("item \(item): \(found.map { "\($0)" } ?? "missing"), expected \(row)")
      }
      expect(snapshot.item(at: row.index), item, "item(at: \(row.index))")
      if let visibleRow = row.visibleIndex {
        expect(snapshot.visibleItem(at: visibleRow), item, "visibleItem(at: \(visibleRow))")
      }
      if referenceQueries {
        // The reference's own queries must agree with its rows.
        let own = ReferenceOutline<Item>.Row(reference, item)
        if own != row {
          problems.append(
            "REFERENCE item \(item): \(own.map { "\($0)" } ?? "missing"), rows say \(row)")
        }
      }
    }
    let present = Set(items)
    for item in Set(probing) where !present.contains(item) {
      let text = String(describing: item)
      expect(snapshot.contains(item), false, "contains(\(item))")
      expect(snapshot.index(of: item), nil, "index(of: \(item))")
      expect(snapshot.visibleIndex(of: item), nil, "visibleIndex(of: \(item))")
      expectThrows(.itemNotFound(text), "level(of: \(item))") { () throws(SnapshotError) in
        try snapshot.level(of: item)
      }
      expectThrows(.childNotFound(text), "parent(of: \(item))") { () throws(SnapshotError) in
        try snapshot.parent(of: item)
      }
      expectThrows(.itemNotFound(text), "isExpanded(\(item))") { () throws(SnapshotError) in
        try snapshot.isExpanded(item)
      }
      expectThrows(.itemNotFound(text), "isVisible(\(item))") { () throws(SnapshotError) in
        try snapshot.isVisible(item)
      }
      expectThrows(.itemNotFound(text), "hasChildren(\(item))") { () throws(SnapshotError) in
        try snapshot.hasChildren(item)
      }
      if referenceQueries {
        expect(reference.contains(item), false, "REFERENCE contains(\(item))")
        expect(reference.index(of: item), nil, "REFERENCE index(of: \(item))")
        expectThrows(.itemNotFound(text), "REFERENCE level(of: \(item))") {
          () throws(SnapshotError) in try reference.level(of: item)
        }
        expectThrows(.childNotFound(text), "REFERENCE parent(of: \(item))") {
          () throws(SnapshotError) in try reference.parent(of: item)
        }
        expectThrows(.itemNotFound(text), "REFERENCE isExpanded(\(item))") {
          () throws(SnapshotError) in try reference.isExpanded(item)
        }
        expectThrows(.itemNotFound(text), "REFERENCE isVisible(\(item))") {
          () throws(SnapshotError) in try reference.isVisible(item)
        }
      }
    }
    return problems
  }
}

// MARK: - Rows from individual queries

extension ReferenceOutline.Row where Item: Sendable {
  /// The row the snapshot's per-item queries give, or nil when one of them throws.
  fileprivate init?(_ snapshot: SectionSnapshot<Item>, _ item: Item) {
    guard
      let level = try? snapshot.level(of: item),
      case .success(let parent) = Result(catching: { () throws(SnapshotError) in
        try snapshot.parent(of: item)
      }),
      let index = snapshot.index(of: item),
      let isExpanded = try? snapshot.isExpanded(item),
      let isVisible = try? snapshot.isVisible(item),
      let hasChildren = try? snapshot.hasChildren(item),
      snapshot.contains(item)
    else { return nil }
    self.init(
      item: item, level: level, parent: parent, index: index, isExpanded: isExpanded,
      isVisible: isVisible, visibleIndex: snapshot.visibleIndex(of: item), hasChildren: hasChildren)
  }

  /// The row the reference's own per-item queries give, or nil when one of them throws.
  fileprivate init?(_ reference: ReferenceOutline<Item>, _ item: Item) {
    guard
      let level = try? reference.level(of: item),
      case .success(let parent) = Result(catching: { () throws(SnapshotError) in
        try reference.parent(of: item)
      }),
      let index = reference.index(of: item),
      let isExpanded = try? reference.isExpanded(item),
      let isVisible = try? reference.isVisible(item),
      let hasChildren = try? reference.hasChildren(item),
      reference.contains(item)
    else { return nil }
    self.init(
      item: item, level: level, parent: parent, index: index, isExpanded: isExpanded,
      isVisible: isVisible, visibleIndex: reference.visibleIndex(of: item), hasChildren: hasChildren
    )
  }
}

extension SnapshotError {
  /// The case and its identifiers, for failure messages.
  fileprivate var debugCase: String {
    "\(Mirror(reflecting: self).children.first?.label ?? "\(self)") (\(message))"
  }
}

// MARK: - Naming the case on a trap

/// What the current check is doing, printed if the process traps (a failed precondition in the
/// library), so that even a crash names the forest and the operation.
enum _CrashContext {
  nonisolated(unsafe) static var current: (() -> String)?
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var previousIllegal = sigaction()
  nonisolated(unsafe) private static var previousTrap = sigaction()

  static func install() {
    guard !installed else { return }
    installed = true
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigaction(SIGILL, &action, &previousIllegal)
    sigaction(SIGTRAP, &action, &previousTrap)
  }

  /// Prints the context, puts the previous handler back and returns: the trapping instruction
  /// runs again and the previous handler (the runtime's backtracer, or the default) takes it.
  private static let handler: @convention(c) (Int32) -> Void = { signal in
    if let context = _CrashContext.current {
      _CrashContext.current = nil
      let text = "\n*** SectionSnapshotModelTests trapped during: \(context())\n"
      _ = text.withCString { write(2, $0, strlen($0)) }
    }
    if signal == SIGILL {
      sigaction(SIGILL, &_CrashContext.previousIllegal, nil)
    } else {
      sigaction(SIGTRAP, &_CrashContext.previousTrap, nil)
    }
  }
}
