import Dispatch
import OutlineTestSupport
import Synchronization
import XCTest

@testable import Diffable

/// Recorded expansions: `expand(_:)` and `collapse(_:)` record their items.
///
/// The record is a `_PendingExpansion`; the first read that needs the result, or the next
/// mutation, walks it once. These tests check that a recorded
/// expansion reads exactly as one walked at once (`_setExpanded`, which the data source's taps
/// call), that it is walked once however many copies read it, that the reads an expansion
/// cannot change do not walk it, and that copies sharing a record stay independent.
final class SectionSnapshotPendingExpansionTests: XCTestCase {
  /// Roots R0…R(n-1), each with children Ri.0…Ri.2, and R0.0 with a child R0.0.a.
  private func outline(roots: Int = 4) throws -> SectionSnapshot<String> {
    var snapshot = SectionSnapshot<String>()
    let names = (0..<roots).map { "R\($0)" }
    try snapshot.append(names)
    for name in names { try snapshot.append((0..<3).map { "\(name).\($0)" }, to: name) }
    try snapshot.append(["R0.0.a"], to: "R0.0")
    return snapshot
  }

  func testExpandRecordsTheItemsAndTheFirstReadOfVisibilityWalksThemOnce() throws {
    var snapshot = try outline()
    snapshot.expand(["R0", "R2", "missing"])
    let pending = try XCTUnwrap(snapshot._pending)
    // What an expansion cannot change is answered without the walk.
    XCTAssertEqual(snapshot.count, 17)
    XCTAssertEqual(snapshot.items.count, 17)
    XCTAssertTrue(snapshot.contains("R2.1"))
    XCTAssertEqual(snapshot.index(of: "R2.1"), 11)
    XCTAssertEqual(try snapshot.level(of: "R0.0.a"), 2)
    XCTAssertEqual(try snapshot.parent(of: "R2.1"), "R2")
    XCTAssertNil(pending.computed, "a read that an expansion cannot change walked it")
    // Visibility needs the walk: computed once, then kept.
    XCTAssertEqual(
      snapshot.visibleItems,
      ["R0", "R0.0", "R0.1", "R0.2", "R1", "R2", "R2.0", "R2.1", "R2.2", "R3"])
    let settled = try XCTUnwrap(pending.computed)
    XCTAssertEqual(snapshot.visibleCount, 10)
    XCTAssertTrue(try snapshot.isExpanded("R2"))
    XCTAssertTrue(snapshot._tree.isIdentical(to: settled.tree), "a second read walked again")
    XCTAssertEqual(snapshot.expandedItems, ["R0", "R2"])
  }

  func testARecordedExpansionReadsAsOneWalkedAtOnce() throws {
    let base = try outline(roots: 6)
    var rounds: [[(items: [String], expanded: Bool)]] = [
      [(["R0", "R0.0"], true)],
      [(["R0.0", "R1"], true), (["R0"], true)],
      [(["R0", "R1", "R2"], true), (["R1"], false), (["R0.0"], true)],
      [(["R5", "R4", "R5", "nope"], true), (["R4"], false)],
      [([], true), (["R3"], true), ([], false)],
    ]
    // And a random sequence.
    var random = SplitMix64(seed: SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED"))
    let names = base.items + ["absent"]
    rounds.append(
      (0..<12).map { _ in
        (
          (0..<Int.random(in: 0...6, using: &random)).map { _ in
            names.randomElement(using: &random)!
          },
          Bool.random(using: &random)
        )
      })
    for (index, calls) in rounds.enumerated() {
      var recorded = base
      var walked = base
      for call in calls {
        if call.expanded { recorded.expand(call.items) } else { recorded.collapse(call.items) }
        walked._setExpanded(call.items, call.expanded)
      }
      XCTAssertEqual(recorded.visibleItems, walked.visibleItems, "round \(index)")
      XCTAssertEqual(recorded.expandedItems, walked.expandedItems, "round \(index)")
      XCTAssertEqual(recorded, walked, "round \(index)")
      XCTAssertEqual(recorded._journal, walked._journal, "round \(index): journal")
      recorded._checkInvariants()
    }
  }

  func testAMutationAfterARecordedExpansionSeesItWalked() throws {
    var recorded = try outline()
    var walked = recorded
    recorded.expand(["R1"])
    walked._setExpanded(["R1"], true)
    try recorded.append(["R1.3"], to: "R1")
    try walked.append(["R1.3"], to: "R1")
    XCTAssertNil(recorded._pending)
    XCTAssertEqual(recorded.visibleItems, walked.visibleItems)
    XCTAssertEqual(recorded.visibleItems, ["R0", "R1", "R1.0", "R1.1", "R1.2", "R1.3", "R2", "R3"])
    // deleteAll drops what was recorded.
    recorded.expand(["R0"])
    recorded.deleteAll()
    XCTAssertNil(recorded._pending)
    XCTAssertEqual(recorded.visibleItems, [])
    try recorded.append(["R0"])
    XCTAssertEqual(try recorded.isExpanded("R0"), false)
  }

  func testCopiesSharingARecordAgreeAndStayIndependent() throws {
    let base = try outline()
    var first = base
    first.expand(["R0", "R3"])
    var second = first
    // One read computes the result for both; the mutation of the first takes it, so the two
    // agree on the version and the tree.
    XCTAssertEqual(second.visibleCount, 10)
    try first.append(["R4"])
    XCTAssertNil(first._pending)
    XCTAssertNotNil(second._pending)
    XCTAssertEqual(
      second.visibleItems, ["R0", "R0.0", "R0.1", "R0.2", "R1", "R2", "R3", "R3.0", "R3.1", "R3.2"])
    XCTAssertEqual(first.visibleCount, 11)
    // Collapsing the second leaves the first as it was, and the base untouched.
    second.collapse(["R0"])
    XCTAssertEqual(second.visibleItems, ["R0", "R1", "R2", "R3", "R3.0", "R3.1", "R3.2"])
    XCTAssertEqual(first.visibleCount, 11)
    XCTAssertTrue(try first.isExpanded("R0"))
    XCTAssertEqual(base.visibleItems, ["R0", "R1", "R2", "R3"])
    XCTAssertEqual(base.expandedItems, [])
  }

  func testAnExpansionThatChangesNothingKeepsTheVersion() async throws {
    let dataSource = DataSource<Int, String>()
    var snapshot = try outline()
    snapshot.expand(["R1"])
    try dataSource.apply(snapshot, to: 0)
    let applied = dataSource.snapshot(for: 0)
    var again = applied
    again.expand(["R1", "missing"])  // already expanded, and unknown
    XCTAssertEqual(again._version, applied._version)
    XCTAssertEqual(again._journal, applied._journal)
    let transaction = try dataSource.apply(again, to: 0)
    XCTAssertTrue(transaction.difference.isEmpty)
  }

  func testTheDataSourceAppliesARecordedExpansionFromItsJournal() async throws {
    let dataSource = DataSource<Int, String>()
    let base = try outline()
    try dataSource.apply(base, to: 0)
    var recorded = dataSource.snapshot(for: 0)
    recorded.expand(["R0", "R0.0", "R2"])
    var walked = dataSource.snapshot(for: 0)
    walked._setExpanded(["R0", "R0.0", "R2"], true)
    // The journal relates the recorded snapshot to the applied one, as an eager walk's does.
    guard case .edited(let from, _) = recorded._journal else {
      return XCTFail("no journal: \(recorded._journal)")
    }
    XCTAssertEqual(from, dataSource.snapshot(for: 0)._version)
    let fromRecorded = try dataSource.apply(recorded, to: 0)
    try dataSource.apply(base, to: 0)
    let fromWalked = try dataSource.apply(walked, to: 0)
    XCTAssertEqual(fromRecorded.difference, fromWalked.difference)
    XCTAssertEqual(fromRecorded.insertionOffsets.map(\.offset), [1, 2, 3, 4, 7, 8, 9])
    XCTAssertEqual(dataSource.snapshot(for: 0).visibleItems, walked.visibleItems)
  }

  func testReadsFromManyThreadsOfOneRecordedExpansionAgree() throws {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<1_000))
    for root in 0..<1_000 { try snapshot.append([1_000 + root * 4, 1_001 + root * 4], to: root) }
    var expected = snapshot
    expected._setExpanded(Array(0..<1_000).filter { $0 % 3 == 0 }, true)
    for _ in 0..<10 {
      var shared = snapshot
      shared.expand(Array(0..<1_000).filter { $0 % 3 == 0 })
      let reader = shared
      let counts = Mutex<[Int]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let count = reader.visibleItems.count + (try! reader.isExpanded(999) ? 1 : 0)
        counts.withLock { $0.append(count) }
      }
      XCTAssertEqual(counts.withLock { $0 }, Array(repeating: expected.visibleCount + 1, count: 8))
      XCTAssertEqual(reader.visibleItems, expected.visibleItems)
    }
  }
}
