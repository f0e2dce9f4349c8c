import OutlineTestSupport
import XCTest

@testable import Diffable

// Edits of a section snapshot: one, two, of a stale base, repeated.
extension TransactionJournalTests {
  func testOneEditsJournalGivesExactlyTheWholeDiff() throws {
    var edits: [String: (fast: Int, changed: Int)] = [:]
    let outcomes = try run("one edit", cases: caseCount) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      var new = old
      maker.nextItem = 10_000
      let edit = try maker.edit(&new)
      let outcome = check(dataSource, old: old, new: new, rowsBefore: before, rowsAfter: after)
      let kind = String(edit.prefix { $0 != "(" })
      edits[kind, default: (0, 0)].changed += outcome.changed ? 1 : 0
      edits[kind, default: (0, 0)].fast += outcome.fastPath && outcome.changed ? 1 : 0
      return (
        { self.describe("old", old) + "\n  edit: \(edit)\n" + self.describe("new", new) }, outcome
      )
    }
    print(
      "one edit: fast path / changing edits by kind: "
        + edits.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.fast)/\($0.value.changed)" }
        .joined(separator: ", "))
    // Every kind of edit must have been recorded (else the fast path was never tested).
    XCTAssertGreaterThan(outcomes.filter(\.fastPath).count, outcomes.count / 2)
    for (kind, counts) in edits.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(
        counts.fast, counts.changed,
        "\(kind): \(counts.changed - counts.fast) of \(counts.changed) changing edits left no "
          + "journal (the transaction fell back to a whole diff)")
    }
  }

  func testTwoEditsStillGiveACorrectTransaction() throws {
    _ = try run("two edits", cases: caseCount * 2 / 3) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      var new = old
      maker.nextItem = 10_000
      let first = try maker.edit(&new)
      let second = try maker.edit(&new)
      let outcome = check(dataSource, old: old, new: new, rowsBefore: before, rowsAfter: after)
      return (
        {
          self.describe("old", old) + "\n  edits: \(first); \(second)\n" + self.describe("new", new)
        }, outcome
      )
    }
  }

  func testAnEditOfAStaleSnapshotIsDiffedWhole() throws {
    _ = try run("stale base", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let original = dataSource.snapshot(for: "s")
      var stale = original
      maker.nextItem = 10_000
      let edit = try maker.edit(&stale)
      // Meanwhile, another single edit is applied.
      var meanwhile = original
      maker.nextItem = 20_000
      let other = try maker.edit(&meanwhile)
      try dataSource.apply(meanwhile, to: "s")
      let current = dataSource.snapshot(for: "s")
      // `stale` may hold items that `meanwhile` added nowhere else: it is a valid tree.
      let outcome = check(
        dataSource, old: current, new: stale, rowsBefore: before, rowsAfter: after)
      return (
        {
          self.describe("original", original)
            + "\n  stale edit: \(edit)\n  applied meanwhile: \(other)\n"
            + self.describe("current", current) + "\n" + self.describe("stale", stale)
        }, outcome
      )
    }
  }

  func testRepeatedSingleEditsOfTheSameDataSourceStayExact() throws {
    let seed = Self.baseSeed
    var maker = Maker(seed: seed ^ 0x5EED)
    var (dataSource, before, after) = try makeSource(&maker)
    maker.nextItem = 10_000
    var failures = 0
    for step in 0..<(caseCount / 3) {
      if step % 100 == 0 { (dataSource, before, after) = try makeSource(&maker) }
      let old = dataSource.snapshot(for: "s")
      var new = old
      let edit = try maker.edit(&new)
      let outcome = check(dataSource, old: old, new: new, rowsBefore: before, rowsAfter: after)
      guard !outcome.problems.isEmpty else { continue }
      failures += 1
      if failures <= 3 {
        XCTFail(
          "step \(step) (DIFFABLE_SEED=\(seed)):\n" + describe("old", old) + "\n  edit: \(edit)\n"
            + describe("new", new) + "\n" + outcome.problems.joined(separator: "\n"))
      }
    }
  }
}
