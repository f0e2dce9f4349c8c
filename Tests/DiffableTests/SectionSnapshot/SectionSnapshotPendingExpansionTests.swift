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

  /// `roots` collapsed roots 0..<roots, each with `children` children numbered from 1,000.
  private func rootsWithChildren(_ roots: Int, _ children: Int) throws -> SectionSnapshot<Int> {
    var snapshot = SectionSnapshot<Int>()
    try snapshot.append(Array(0..<roots))
    for root in 0..<roots {
      try snapshot.append((0..<children).map { 1_000 + root * children + $0 }, to: root)
    }
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

  // Found by review: copies sharing a record must agree on the version however each settles;
  // a mutation walks in place; recorded and eager expansions give the same transactions.

  func testCopiesSharingARecordAgreeOnTheVersionWhenOneSettlesByAMutation() throws {
    let base = try outline()
    // Eager reference.
    var eagerA = base
    eagerA._setExpanded(["R0"], true)
    var eagerB = eagerA
    eagerB._setExpanded([], false)
    XCTAssertEqual(eagerA._version, eagerB._version, "eager path (reference)")

    var a = base
    a.expand(["R0"])
    let b = a
    a.collapse([])  // settles a in place: nothing had read the record
    XCTAssertEqual(a, b)
    XCTAssertEqual(a._version, b._version, "copies sharing one record got two versions")

    // What a data source sees: applying the second copy after the first is a whole diff
    // (reparenting .all) instead of the O(1) "same version" answer the eager path gives.
    let dataSource = DataSource<Int, String>()
    try dataSource.apply(base, to: 0)
    try dataSource.apply(a, to: 0)
    let second = try dataSource.apply(b, to: 0)
    XCTAssertTrue(second.sectionTransactions[0].difference.isEmpty)
    XCTAssertEqual(
      second.sectionTransactions[0]._reparenting, .none,
      "an unchanged snapshot was diffed whole")
  }

  func testAFlatSnapshotKeepsTheVersionOfARecordedSectionSnapshot() throws {
    var recorded = try outline()
    recorded.expand(["R1"])
    let flat = try Snapshot(sectionSnapshots: [(0, recorded)])
    XCTAssertEqual(flat._sections[0]!.visibleItems, recorded.visibleItems)
    XCTAssertEqual(
      flat._sections[0]!._version, recorded._version,
      "the stored copy and the snapshot it came from disagree on the version")

    // Eager reference: the versions agree.
    var walked = try outline()
    walked._setExpanded(["R1"], true)
    let walkedFlat = try Snapshot(sectionSnapshots: [(0, walked)])
    XCTAssertEqual(walkedFlat._sections[0]!._version, walked._version, "eager path (reference)")

    // Consequence: re-applying the same section snapshot is a whole diff.
    let dataSource = DataSource<Int, String>()
    dataSource.apply(flat)
    let again = try dataSource.apply(recorded, to: 0)
    XCTAssertEqual(again.sectionTransactions[0]._reparenting, .none, "diffed whole")
  }

  /// An append, and the move that the data source's drags make (`_move`, not `move(_:to:)`).
  func testAMutationAfterARecordedExpansionWalksInPlace() throws {
    let edits: [(String, (inout SectionSnapshot<Int>) throws -> Void)] = [
      ("append", { try $0.append([9_999]) }),
      ("_move", { _ = try $0._move(500, to: .lastRoot) }),
    ]
    for (name, edit) in edits {
      var snapshot = try rootsWithChildren(1_000, 2)
      // The first leaf holds roots whose children the expansion shows: walked in place, it is
      // the same node after; walked through a read (a copy), a new one.
      func firstLeaf() -> ObjectIdentifier {
        var node = snapshot._storedTree.root!
        while !node.isLeaf { node = node.children[0] }
        return ObjectIdentifier(node)
      }
      let before = firstLeaf()
      snapshot.expand(Array(0..<1_000))
      weak var pending = snapshot._pending
      XCTAssertNotNil(pending, name)
      try edit(&snapshot)
      XCTAssertNil(snapshot._pending, name)
      XCTAssertNil(pending, "\(name): the record outlived the walk")
      XCTAssertEqual(firstLeaf(), before, "\(name) settled through a copy, not in place")
      XCTAssertEqual(snapshot.visibleCount, 3_000 + (name == "append" ? 1 : 0), name)
    }
  }

  private func forest(_ random: inout SplitMix64) throws -> SectionSnapshot<Int> {
    var snapshot = SectionSnapshot<Int>()
    var next = 0
    func add(_ parent: Int?, depth: Int) throws {
      let count = Int.random(in: 0...(depth == 0 ? 6 : 3), using: &random)
      let items = (0..<count).map { _ in
        next += 1; return next
      }
      guard !items.isEmpty else { return }
      try snapshot.append(items, to: parent)
      if depth < 3 { for item in items { try add(item, depth: depth + 1) } }
    }
    try add(nil, depth: 0)
    return snapshot
  }

  func testRecordedAndEagerGiveTheSameTransactions() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var random = SplitMix64(seed: seed)
    for round in 0..<300 {
      let base = try forest(&random)
      guard base.count > 0 else { continue }
      let items = base.items
      // Random flags first, applied.
      var start = base
      start._setExpanded(items.filter { _ in Bool.random(using: &random) }, true)
      let named = items.filter { _ in Int.random(in: 0..<3, using: &random) == 0 } + [-1]
      let expanding = Bool.random(using: &random)
      let follow = Int.random(in: 0..<4, using: &random)
      var results: [[String]] = []
      for recorded in [true, false] {
        let dataSource = DataSource<Int, Int>()
        try dataSource.apply(start, to: 0)
        var edited = dataSource.snapshot(for: 0)
        if recorded {
          if expanding { edited.expand(named) } else { edited.collapse(named) }
        } else {
          edited._setExpanded(named, expanding)
        }
        switch follow {
        case 1: try edited.append([1_000])
        case 2: try edited.delete([items[0]])
        case 3: edited.deleteAll()
        default: break
        }
        let journal = edited._journal
        let transaction = try dataSource.apply(edited, to: 0)
        let section = transaction.sectionTransactions.first
        let current = dataSource.snapshot(for: 0)
        let removals = section?.removalOffsets.map(\.offset) ?? []
        let insertions = section?.insertionOffsets.map(\.offset) ?? []
        results.append([
          "\(transaction.removalOffsets.map(\.offset)) \(transaction.insertionOffsets.map(\.offset))",
          "\(removals) \(insertions)",
          "\(section.map { "\($0.hierarchyChanges)" } ?? "")",
          "\(current.visibleItems) \(current.expandedItems)",
          follow == 3
            ? "" : { if case .unknown = journal { return "unknown" } else { return "known" } }(),
        ])
      }
      XCTAssertEqual(results[0], results[1], "seed \(seed) round \(round), follow \(follow)")
    }
  }

  /// Threads reading one shared recorded expansion while others mutate copies of it agree.
  ///
  /// What each sees does not depend on timing. Clean under `-sanitize=thread`.
  func testReadsAndMutationsFromManyThreadsOfOneRecordedExpansionAgree() throws {
    let snapshot = try rootsWithChildren(1_000, 2)
    let named = Array(0..<1_000).filter { $0 % 3 == 0 }
    var expected = snapshot
    expected._setExpanded(named, true)
    let expectedRows = expected.visibleItems
    var appended = expected
    try appended.append([99_999])
    let expectedAppendedRows = appended.visibleItems
    for _ in 0..<20 {
      var shared = snapshot
      shared.expand(named)
      let reader = shared
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        if index % 2 == 0 {
          if reader.visibleItems != expectedRows || !(try! reader.isExpanded(999)) {
            failures.withLock { $0.append("read") }
          }
        } else {
          var copy = reader
          try! copy.append([99_999])
          if copy.visibleItems != expectedAppendedRows {
            failures.withLock { $0.append("mutated") }
          }
        }
      }
      XCTAssertEqual(failures.withLock { $0 }, [])
      XCTAssertEqual(reader.visibleItems, expectedRows)
    }
  }
}
