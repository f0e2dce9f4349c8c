import OutlineTestSupport
import XCTest

@testable import Diffable

/// The journal fast path against the whole diff.
///
/// A section snapshot records its last single edit; a data source applying it computes the
/// transaction from that record in O(*k* log *n*) instead of diffing everything. This is only
/// right if the record gives exactly the differences a whole diff gives: the same offsets and the
/// same move associations, not merely another valid difference. Thousands of seeded random cases
/// check it: a random forest in a data source (between two other sections, so the flat offsets are
/// shifted), one random edit of `snapshot(for:)`, apply, compare with
/// `_SectionDifference(wholeFrom:to:)`; then the same with two edits (the whole-diff path) and
/// with a stale base.
///
/// Failures print the seed: `DIFFABLE_SEED=<seed> swift test --filter TransactionJournalTests`
/// replays the run; `DIFFABLE_CASES=<n>` changes the number of cases per test.
final class TransactionJournalTests: XCTestCase {
  typealias Outline = SectionSnapshot<Int>
  typealias Source = DataSource<String, Int>
  typealias Change = _OffsetDifference.Change

  static let baseSeed = SplitMix64.seed()

  var caseCount: Int {
    if let text = ProcessInfo.processInfo.environment["DIFFABLE_CASES"], let count = Int(text) {
      return count
    }
    return 2000
  }

  // MARK: - Comparison

  /// Changes as `offset→associated` (or a bare offset), for messages.
  func text(_ changes: [Change]) -> String {
    "["
      + changes.map { "\($0.offset)" + ($0.associatedWith.map { "→\($0)" } ?? "") }
      .joined(separator: ", ") + "]"
  }

  func offsets(_ pairs: [(offset: Int, associatedWith: Int?)]) -> [Change] {
    pairs.map { Change(offset: $0.offset, associatedWith: $0.associatedWith) }
  }

  /// `difference` as a `CollectionDifference` of `old` into `new`, or nil when it is not a valid
  /// one (checked without trapping).
  private func collection(
    _ difference: _OffsetDifference, old: [Int], new: [Int]
  ) -> CollectionDifference<Int>? {
    var changes: [CollectionDifference<Int>.Change] = []
    for change in difference.removals {
      guard old.indices.contains(change.offset) else { return nil }
      changes.append(
        .remove(
          offset: change.offset, element: old[change.offset], associatedWith: change.associatedWith
        ))
    }
    for change in difference.insertions {
      guard new.indices.contains(change.offset) else { return nil }
      changes.append(
        .insert(
          offset: change.offset, element: new[change.offset], associatedWith: change.associatedWith
        ))
    }
    return CollectionDifference(changes)
  }

  /// The problems with `difference` as a difference from `old` to `new`: validity, application,
  /// inverse.
  func replayProblems(
    _ name: String, _ difference: _OffsetDifference, old: [Int], new: [Int]
  ) -> [String] {
    guard let collection = collection(difference, old: old, new: new) else {
      return ["\(name): not a valid CollectionDifference: \(difference)"]
    }
    var problems: [String] = []
    if old.applying(collection) != new {
      problems.append("\(name): old.applying(difference) != new")
    }
    if new.applying(collection.inverse()) != old {
      problems.append("\(name): new.applying(difference.inverse()) != old")
    }
    return problems
  }

  /// What a checked case found.
  struct Outcome {
    var problems: [String] = []
    var fastPath = false
    var changed = false
  }

  /// Applies `new` to `dataSource` (holding `old` in section `s`, after `before` rows of section
  /// `a`) and compares the transaction with the whole diff.
  func check(
    _ dataSource: Source, old: Outline, new: Outline, rowsBefore before: Int, rowsAfter: [Int]
  ) -> Outcome {
    var outcome = Outcome()
    if case .edited(let base, _) = new._journal, base == old._version { outcome.fastPath = true }
    outcome.changed = old._version != new._version
    let initialRows = dataSource.snapshot().itemIdentifiers
    let transaction: Transaction<String, Int>
    do {
      transaction = try dataSource.apply(new, to: "s")
    } catch {
      outcome.problems.append("apply threw \(error)")
      return outcome
    }
    outcome.problems = compare(
      transaction, in: dataSource, old: old, new: new, initialRows: initialRows,
      rowsBefore: before, rowsAfter: rowsAfter)
    return outcome
  }

  /// The problems with `transaction`, which took section `s` of `dataSource` from `old` to `new`,
  /// against the whole diff; with `holdsFinal`, the data source must still hold its final state
  /// (false for a drag's lift, which the drop's change followed).
  func compare(
    _ transaction: Transaction<String, Int>, in dataSource: Source, old: Outline, new: Outline,
    initialRows: [Int], rowsBefore before: Int, rowsAfter: [Int],
    expecting known: _SectionDifference? = nil, holdsFinal: Bool = true
  ) -> [String] {
    var outcome = Outcome()
    let expected = known ?? _SectionDifference(wholeFrom: old, to: new)
    var expectedRows = _OffsetDifference.empty
    expectedRows.append(expected.rows, oldBase: before, newBase: before)
    let finalRows = transaction.finalSnapshot.itemIdentifiers
    if transaction.initialSnapshot.itemIdentifiers != initialRows {
      outcome.problems.append("initialSnapshot is not the data source's state before")
    }

    // The section transaction.
    if transaction.sectionTransactions.count != 1 {
      outcome.problems.append("\(transaction.sectionTransactions.count) section transactions")
      return outcome.problems
    }
    let section = transaction.sectionTransactions[0]
    if section.sectionIdentifier != "s" {
      outcome.problems.append("section transaction of \(section.sectionIdentifier)")
    }
    if section.initialSnapshot != old { outcome.problems.append("section initialSnapshot != old") }
    if section.finalSnapshot != new { outcome.problems.append("section finalSnapshot != new") }
    let sectionRemovals = offsets(section.removalOffsets)
    let sectionInsertions = offsets(section.insertionOffsets)
    if sectionRemovals != expected.items.removals || sectionInsertions != expected.items.insertions
    {
      outcome.problems.append(
        "section difference differs from the expected difference:\n"
          + "  journal removals   \(text(sectionRemovals))\n  whole   removals   \(text(expected.items.removals))\n"
          + "  journal insertions \(text(sectionInsertions))\n  whole   insertions \(text(expected.items.insertions))"
      )
    }
    let actualItems = _OffsetDifference(removals: sectionRemovals, insertions: sectionInsertions)
    outcome.problems += replayProblems("section", actualItems, old: old.items, new: new.items)
    outcome.problems += replayProblems(
      "whole section", expected.items, old: old.items, new: new.items)

    // The flat transaction.
    let flatRemovals = offsets(transaction.removalOffsets)
    let flatInsertions = offsets(transaction.insertionOffsets)
    if flatRemovals != expectedRows.removals || flatInsertions != expectedRows.insertions {
      outcome.problems.append(
        "flat difference differs from the expected difference (rows shifted by \(before)):\n"
          + "  journal removals   \(text(flatRemovals))\n  whole   removals   \(text(expectedRows.removals))\n"
          + "  journal insertions \(text(flatInsertions))\n  whole   insertions \(text(expectedRows.insertions))"
      )
    }
    let actualRows = _OffsetDifference(removals: flatRemovals, insertions: flatInsertions)
    outcome.problems += replayProblems("flat", actualRows, old: initialRows, new: finalRows)

    // The state.
    let expectedFinal =
      Array(initialRows.prefix(before)) + new.visibleItems + rowsAfter
    if finalRows != expectedFinal {
      outcome.problems.append("final rows \(finalRows) != \(expectedFinal)")
    }
    if holdsFinal, dataSource.snapshot().itemIdentifiers != finalRows {
      outcome.problems.append("data source rows != transaction's final rows")
    }
    if holdsFinal, dataSource.snapshot(for: "s") != new {
      outcome.problems.append("stored tree != applied tree")
    }

    // The public differences, now known to be valid.
    if outcome.problems.isEmpty {
      if initialRows.applying(transaction.difference) != finalRows {
        outcome.problems.append("transaction.difference does not replay")
      }
      if old.items.applying(section.difference) != new.items {
        outcome.problems.append("section.difference does not replay")
      }
    }
    return outcome.problems
  }

  /// A data source with sections `a` (0–3 rows), `s` (a random forest of up to 40 items) and `z`
  /// (0–2 rows).
  func makeSource(_ maker: inout Maker) throws -> (
    Source, rowsBefore: Int, rowsAfter: [Int]
  ) {
    let dataSource = Source()
    var before = Outline()
    try before.append((0..<maker.int(0...3)).map { -1 - $0 })
    var after = Outline()
    try after.append((0..<maker.int(0...2)).map { 1_000_000 + $0 })
    try dataSource.apply(before, to: "a")
    try dataSource.apply(maker.forest(count: maker.int(0...40)), to: "s")
    try dataSource.apply(after, to: "z")
    return (dataSource, before.visibleCount, after.visibleItems)
  }

  /// Runs `caseCount` cases of `body`, reporting the first failures with their seeds.
  func run(
    _ name: String, cases: Int, file: StaticString = #filePath, line: UInt = #line,
    _ body: (inout Maker) throws -> (description: () -> String, outcome: Outcome)
  ) throws -> [Outcome] {
    let seed = Self.baseSeed
    print("\(name): DIFFABLE_SEED=\(seed), \(cases) cases")
    var outcomes: [Outcome] = []
    var failures = 0
    for index in 0..<cases {
      let caseSeed = seed &+ UInt64(index)
      var maker = Maker(seed: caseSeed)
      let (description, outcome) = try body(&maker)
      outcomes.append(outcome)
      guard !outcome.problems.isEmpty else { continue }
      failures += 1
      if failures <= 5 {
        XCTFail(
          "\(name) case \(index) of DIFFABLE_SEED=\(seed) "
            + "(replay it alone: DIFFABLE_SEED=\(caseSeed) DIFFABLE_CASES=1):\n"
            + description() + "\n" + outcome.problems.joined(separator: "\n"), file: file,
          line: line)
      }
    }
    if failures > 5 {
      XCTFail(
        "\(name): \(failures) of \(cases) cases failed (DIFFABLE_SEED=\(seed))", file: file,
        line: line)
    }
    return outcomes
  }

  func describe(_ label: String, _ outline: Outline) -> String {
    "\(label):\n" + outline.visualDescriptionLines().map { "    " + $0 }.joined(separator: "\n")
  }
}

extension TransactionJournalTests {
  /// The differences of a reorder that moved `item`'s subtree, as UIKit reports a drag: the
  /// subtree's entries are the moved ones, whatever a smaller difference would say.
  ///
  /// Written from that sentence, by identity: every other entry keeps its place relative to the
  /// others; an entry of the subtree on both sides is a move when the subtree changed place
  /// among them (the entry before it that is not in the subtree differs), else it stays; one on
  /// a single side is a plain removal or insertion (rows hidden or shown on the way).
  func reorderDifference(moving item: Int, from old: Outline, to new: Outline)
    -> _SectionDifference
  {
    let subtree = Set((try? old.snapshot(of: item, includingParent: true).items) ?? [item])
    func difference(_ before: [Int], _ after: [Int]) -> _OffsetDifference {
      func anchor(in sequence: [Int]) -> Int? {
        guard let index = sequence.firstIndex(of: item) else { return nil }
        return sequence[..<index].last { !subtree.contains($0) }
      }
      let relocated = anchor(in: before) != anchor(in: after)
      let newIndex = Dictionary(uniqueKeysWithValues: after.enumerated().map { ($1, $0) })
      let oldIndex = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
      var removals: [_OffsetDifference.Change] = []
      var insertions: [_OffsetDifference.Change] = []
      for (offset, element) in before.enumerated() where subtree.contains(element) {
        if let partner = newIndex[element] {
          if relocated { removals.append(.init(offset: offset, associatedWith: partner)) }
        } else {
          removals.append(.init(offset: offset))
        }
      }
      for (offset, element) in after.enumerated() where subtree.contains(element) {
        if let partner = oldIndex[element] {
          if relocated { insertions.append(.init(offset: offset, associatedWith: partner)) }
        } else {
          insertions.append(.init(offset: offset))
        }
      }
      return _OffsetDifference(removals: removals, insertions: insertions)
    }
    return _SectionDifference(
      items: difference(old.items, new.items),
      rows: difference(old.visibleItems, new.visibleItems))
  }
}
