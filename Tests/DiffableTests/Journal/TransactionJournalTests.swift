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

  private static let baseSeed = SplitMix64.seed()

  private var caseCount: Int {
    if let text = ProcessInfo.processInfo.environment["DIFFABLE_CASES"], let count = Int(text) {
      return count
    }
    return 2000
  }

  // MARK: - Random cases

  /// One random case: its generator and a supply of fresh identifiers.
  private struct Maker {
    var random: SplitMix64
    var nextItem = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func fresh(_ count: Int) -> [Int] {
      defer { nextItem += count }
      return Array(nextItem..<(nextItem + count))
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }

    /// A random forest of `items` (in a random shape), each expanded with probability 1/2.
    mutating func forest(of items: [Int]) -> Outline {
      // Each item's parent is an earlier item (recent ones preferred, so that deep trees appear
      // too) or none; then each parent's children are appended in one call (fewer edits keep the
      // invariant checks of debug builds cheap).
      var roots: [Int] = []
      var children: [Int: [Int]] = [:]
      for (index, item) in items.enumerated() {
        if index == 0 || chance(0.3) {
          roots.append(item)
        } else {
          let parent =
            chance(0.2)
            ? items[int(0...(index - 1))] : items[index - 1 - int(0...min(index - 1, 4))]
          children[parent, default: []].append(item)
        }
      }
      var outline = Outline()
      try! outline.append(roots)
      for item in items {
        if let kids = children[item] { try! outline.append(kids, to: item) }
      }
      outline.expand(items.filter { _ in chance(0.5) })
      return outline
    }

    mutating func forest(count: Int) -> Outline { forest(of: fresh(count)) }

    /// Some items of `outline` (1 to `most`, distinct): unrelated ones, or half the time an item
    /// with some of its descendants and ancestors (so that nested windows merge).
    mutating func someItems(of outline: Outline, most: Int) -> [Int] {
      let items = outline.items
      guard !items.isEmpty else { return [] }
      var chosen: [Int] = []
      if chance(0.5) {
        let item = pick(items)
        var related = (try! outline.snapshot(of: item, includingParent: true)).items
        var ancestor = try! outline.parent(of: item)
        while let next = ancestor {
          related.append(next)
          ancestor = try! outline.parent(of: next)
        }
        chosen.append(item)
        for _ in 1..<int(1...most) {
          let other = pick(related)
          if !chosen.contains(other) { chosen.append(other) }
        }
      } else {
        for _ in 0..<int(1...most) {
          let item = pick(items)
          if !chosen.contains(item) { chosen.append(item) }
        }
      }
      chosen.shuffle(using: &random)
      return chosen
    }

    /// An item of `outline` near `item` in pre-order (within three places), or any item, but not
    /// in `excluded`; nil when there is none.
    mutating func neighbour(of item: Int, in outline: Outline, excluding excluded: Set<Int>)
      -> Int?
    {
      let items = outline.items
      let index = outline.index(of: item)!
      let near = items[max(0, index - 3)..<min(items.count, index + 4)].filter {
        !excluded.contains($0)
      }
      let candidates = !near.isEmpty && chance(0.5) ? near : items.filter { !excluded.contains($0) }
      return candidates.isEmpty ? nil : pick(candidates)
    }

    /// Makes one random edit of `outline` (never failing) and says what it was.
    mutating func edit(_ outline: inout Outline) throws -> String {
      let items = outline.items
      let kind = items.isEmpty ? int(0...1) : int(0...14)
      switch kind {
      case 0:
        let new = fresh(int(1...3))
        try outline.append(new)
        return "append(\(new))"
      case 1:
        let new = fresh(int(1...3))
        let parent = items.isEmpty ? nil : pick(items)
        try outline.append(new, to: parent)
        return "append(\(new), to: \(parent.map(String.init) ?? "nil"))"
      case 2:
        let new = fresh(int(1...3))
        let anchor = pick(items)
        try outline.insert(new, before: anchor)
        return "insert(\(new), before: \(anchor))"
      case 3:
        let new = fresh(int(1...3))
        let anchor = pick(items)
        try outline.insert(new, after: anchor)
        return "insert(\(new), after: \(anchor))"
      case 4, 5:
        let inserted = forest(count: int(1...5))
        let anchor = pick(items)
        if kind == 4 {
          try outline.insert(inserted, before: anchor)
        } else {
          try outline.insert(inserted, after: anchor)
        }
        return "insert(snapshot \(inserted.visualDescriptionLines()), "
          + "\(kind == 4 ? "before" : "after"): \(anchor))"
      case 6:
        let doomed = someItems(of: outline, most: 3)
        try outline.delete(doomed)
        return "delete(\(doomed))"
      case 7, 8:
        var named = someItems(of: outline, most: 3)
        if chance(0.1) { named.append(-999) }
        if kind == 7 { outline.expand(named) } else { outline.collapse(named) }
        return "\(kind == 7 ? "expand" : "collapse")(\(named))"
      case 9, 10:
        let parent = pick(items)
        let descendants = try outline.snapshot(of: parent).items
        var reused = descendants.filter { _ in chance(0.5) }
        reused.shuffle(using: &random)
        var children = fresh(chance(0.3) ? 0 : int(0...4)) + reused
        children.shuffle(using: &random)
        let replacement = chance(0.15) ? Outline() : forest(of: children)
        try outline.replace(childrenOf: parent, using: replacement)
        return "replace(childrenOf: \(parent), using: \(replacement.visualDescriptionLines()))"
      case 11, 12, 13:
        let item = pick(items)
        let subtree = Set(try outline.snapshot(of: item, includingParent: true).items)
        let destination: Outline.Destination
        if int(0...5) == 5 {
          destination = .lastRoot
        } else if let other = neighbour(of: item, in: outline, excluding: subtree) {
          destination = pick([
            .before(other), .after(other), .firstChild(of: other), .lastChild(of: other),
          ])
        } else {
          destination = .lastRoot
        }
        let moved = try outline.move(item, to: destination)
        return "move(\(item), to: \(destination)) -> \(moved)"
      default:
        if chance(0.2) {
          outline.deleteAll()
          return "deleteAll()"
        }
        // A no-op edit: an empty list.
        try outline.append([], to: -999)
        return "append([], to: -999)"
      }
    }
  }

  // MARK: - Comparison

  /// Changes as `offset→associated` (or a bare offset), for messages.
  private func text(_ changes: [Change]) -> String {
    "["
      + changes.map { "\($0.offset)" + ($0.associatedWith.map { "→\($0)" } ?? "") }
      .joined(separator: ", ") + "]"
  }

  private func offsets(_ pairs: [(offset: Int, associatedWith: Int?)]) -> [Change] {
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
  private func replayProblems(
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
  private struct Outcome {
    var problems: [String] = []
    var fastPath = false
    var changed = false
  }

  /// Applies `new` to `dataSource` (holding `old` in section `s`, after `before` rows of section
  /// `a`) and compares the transaction with the whole diff.
  private func check(
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
  /// against the whole diff.
  private func compare(
    _ transaction: Transaction<String, Int>, in dataSource: Source, old: Outline, new: Outline,
    initialRows: [Int], rowsBefore before: Int, rowsAfter: [Int]
  ) -> [String] {
    var outcome = Outcome()
    let expected = _SectionDifference(wholeFrom: old, to: new)
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
        "section difference differs from the whole diff:\n"
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
        "flat difference differs from the whole diff (rows shifted by \(before)):\n"
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
    if dataSource.snapshot().itemIdentifiers != finalRows {
      outcome.problems.append("data source rows != transaction's final rows")
    }
    if dataSource.snapshot(for: "s") != new {
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
  private func makeSource(_ maker: inout Maker) throws -> (
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
  private func run(
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

  private func describe(_ label: String, _ outline: Outline) -> String {
    "\(label):\n" + outline.visualDescriptionLines().map { "    " + $0 }.joined(separator: "\n")
  }

  // MARK: - Tests

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

  // MARK: - Interactions

  /// A random drag in section `s`: the item lands on the row it was dropped on, under the parent
  /// SEMANTICS' neighbour rule names, with its subtree; the transaction is the whole diff's.
  func testRandomDragsFollowTheNeighbourRuleAndGiveTheWholeDiff() throws {
    _ = try run("drag", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      var asked = 0
      dataSource.reorderingHandlers.canReorderItem = { _ in
        asked += 1; return true
      }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in
        XCTFail("a drag consulted the disclosure handlers")
        return true
      }
      let old = dataSource.snapshot(for: "s")
      guard old.visibleCount > 0 else { return ({ "empty section" }, Outcome()) }
      let source = maker.int(0...(old.visibleCount - 1))
      let item = old.visibleItem(at: source)
      var collapsed = old
      collapsed.collapse([item])
      let destination = maker.int(0...(collapsed.visibleCount - 1))
      let initialRows = dataSource.snapshot().itemIdentifiers
      var outcome = Outcome()
      let result = try dataSource.drag(in: "s", fromRow: source, toRow: destination)
      let new = dataSource.snapshot(for: "s")
      let description = {
        self.describe("old", old) + "\n  drag(fromRow: \(source) [\(item)], toRow: \(destination))"
          + " -> \(result)\n" + self.describe("new", new)
      }
      if asked != 1 { outcome.problems.append("canReorderItem asked \(asked) times") }

      // The rule, from the rows the user sees while dropping (the item collapsed and lifted out).
      let remaining = collapsed.visibleItems.filter { $0 != item }
      let expectedParent: Int?
      let expectedPrevious: Int?  // the previous sibling, nil for a first child or first root
      if remaining.isEmpty {
        expectedParent = try old.parent(of: item)
        expectedPrevious = nil
      } else if destination == 0 {
        expectedParent = nil
        expectedPrevious = nil
      } else {
        let above = remaining[destination - 1]
        if try collapsed.isExpanded(above) && collapsed.hasChildren(above) {
          expectedParent = above
          expectedPrevious = nil
        } else if try collapsed.level(of: item) == 0 && destination == remaining.count
          && collapsed.level(of: above) > 0
        {
          expectedParent = nil
          expectedPrevious = collapsed.rootItems.last { $0 != item }
        } else {
          expectedParent = try collapsed.parent(of: above)
          expectedPrevious = above
        }
      }

      switch result {
      case .refused:
        outcome.problems.append("refused although canReorderItem answers yes")
      case .unchanged:
        if new != old { outcome.problems.append(".unchanged but the tree changed") }
        if try old.isExpanded(item) {
          outcome.problems.append(".unchanged for an expanded item")
        }
        if old.visibleIndex(of: item) != destination && remaining.count > 0 {
          outcome.problems.append(".unchanged but the item is not on row \(destination)")
        }
      case .applied(let transaction):
        if new.visibleIndex(of: item) != destination {
          outcome.problems.append(
            "the item is on row \(new.visibleIndex(of: item).map(String.init) ?? "nil"), "
              + "not \(destination)")
        }
        if try new.isExpanded(item) { outcome.problems.append("the dragged item is expanded") }
        if try new.parent(of: item) != expectedParent {
          outcome.problems.append(
            "parent \(String(describing: try new.parent(of: item))), expected "
              + "\(String(describing: expectedParent))")
        }
        let siblings =
          try new.parent(of: item).map { try new.snapshot(of: $0).rootItems } ?? new.rootItems
        let position = siblings.firstIndex(of: item)!
        let previous = position == 0 ? nil : siblings[position - 1]
        if previous != expectedPrevious {
          outcome.problems.append(
            "previous sibling \(String(describing: previous)), expected "
              + "\(String(describing: expectedPrevious))")
        }
        if try new.snapshot(of: item) != old.snapshot(of: item) {
          outcome.problems.append("the subtree or its expansion changed")
        }
        if Set(new.items) != Set(old.items) || new.count != old.count {
          outcome.problems.append("items were lost or added")
        }
        outcome.problems += compare(
          transaction, in: dataSource, old: old, new: new, initialRows: initialRows,
          rowsBefore: before, rowsAfter: after)
      }
      return (description, outcome)
    }
  }

  /// A random disclosure tap in section `s` (the expanding parent's children kept, or replaced by
  /// new and reused items): the state SEMANTICS describes, and the whole diff's transaction.
  func testRandomDisclosureTapsGiveTheDescribedStateAndTheWholeDiff() throws {
    _ = try run("disclosure", cases: caseCount / 2) { maker in
      let (dataSource, before, after) = try makeSource(&maker)
      let old = dataSource.snapshot(for: "s")
      guard !old.items.isEmpty else { return ({ "empty section" }, Outcome()) }
      let item = maker.pick(old.items)
      maker.nextItem = 10_000
      // The children the handler will give, decided up front.
      let keep = maker.chance(0.5)
      let current = try old.snapshot(of: item)
      var reused = current.items.filter { _ in maker.chance(0.5) }
      reused.shuffle(using: &maker.random)
      var replacement = maker.forest(of: maker.fresh(maker.int(0...4)) + reused)
      if keep { replacement = current }
      var calls: [String] = []
      dataSource.sectionSnapshotHandlers.shouldExpandItem = {
        calls.append("shouldExpand \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willExpandItem = { calls.append("willExpand \($0)") }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
        calls.append("shouldCollapse \($0)"); return true
      }
      dataSource.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }
      var given: Outline?
      dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
        calls.append("snapshotForExpandingParent \(parent)")
        given = current
        return replacement
      }
      let initialRows = dataSource.snapshot().itemIdentifiers
      let wasExpanded = try old.isExpanded(item)
      var expected = old
      if wasExpanded {
        expected.collapse([item])
      } else {
        expected.expand([item])
        if replacement != current { try expected.replace(childrenOf: item, using: replacement) }
      }
      var outcome = Outcome()
      let result = try dataSource.toggleDisclosure(of: item)
      let new = dataSource.snapshot(for: "s")
      let description = {
        self.describe("old", old) + "\n  toggleDisclosure(of: \(item)), children "
          + (keep ? "kept" : "\(replacement.visualDescriptionLines())") + "\n"
          + self.describe("new", new)
      }
      let expectedCalls =
        wasExpanded
        ? ["shouldCollapse \(item)", "willCollapse \(item)"]
        : ["shouldExpand \(item)", "willExpand \(item)", "snapshotForExpandingParent \(item)"]
      if calls != expectedCalls { outcome.problems.append("calls \(calls)") }
      if !wasExpanded && given != current {
        outcome.problems.append("snapshotForExpandingParent got \(String(describing: given))")
      }
      if new != expected || new.visualDescriptionLines() != expected.visualDescriptionLines() {
        outcome.problems.append(
          "expected\n" + expected.visualDescriptionLines().joined(separator: "\n"))
      }
      guard let transaction = result.transaction else {
        outcome.problems.append("not applied: \(result)")
        return (description, outcome)
      }
      outcome.problems += compare(
        transaction, in: dataSource, old: old, new: new, initialRows: initialRows,
        rowsBefore: before, rowsAfter: after)
      return (description, outcome)
    }
  }

  // MARK: - Flat snapshots

  /// A random flat edit of `dataSource.snapshot()` applied with `apply(_:)`: the difference over
  /// all rows is exactly the whole diff of the rows, each section transaction the whole diff of
  /// its section, and an untouched section keeps its tree.
  func testRandomFlatEditsGiveTheWholeDiffOfAllRows() throws {
    _ = try run("flat edit", cases: caseCount / 2) { maker in
      let dataSource = Source()
      var initial = Snapshot<String, Int>()
      try initial.appendSections(["a", "b"])
      try initial.appendItems((0..<maker.int(0...5)).map { 100 + $0 }, toSection: "a")
      try initial.appendItems((0..<maker.int(0...5)).map { 200 + $0 }, toSection: "b")
      dataSource.apply(initial)
      maker.nextItem = 1_000
      try dataSource.apply(maker.forest(count: maker.int(0...12)), to: "s")
      let trees = Dictionary(
        uniqueKeysWithValues: ["a", "b", "s"].map { ($0, dataSource.snapshot(for: $0)) })
      var flat = dataSource.snapshot()
      let rows = flat.itemIdentifiers
      let flatRows = try flat.itemIdentifiers(inSection: "a") + flat.itemIdentifiers(inSection: "b")
      maker.nextItem = 10_000
      let edit: String
      let anchors = maker.chance(0.8) && !flatRows.isEmpty ? flatRows : rows
      switch (maker.int(0...9), anchors.isEmpty) {
      case (0, _), (_, true):
        let new = maker.fresh(maker.int(1...3))
        let section = maker.pick(["a", "b"])
        try flat.appendItems(new, toSection: section)
        edit = "appendItems(\(new), toSection: \(section))"
      case (1, _):
        let new = maker.fresh(maker.int(1...3))
        let anchor = maker.pick(anchors)
        try flat.insertItems(new, beforeItem: anchor)
        edit = "insertItems(\(new), beforeItem: \(anchor))"
      case (2, _):
        let new = maker.fresh(maker.int(1...3))
        let anchor = maker.pick(anchors)
        try flat.insertItems(new, afterItem: anchor)
        edit = "insertItems(\(new), afterItem: \(anchor))"
      case (3, _):
        let doomed = (0..<maker.int(1...3)).map { _ in maker.pick(anchors) }
        flat.deleteItems(doomed)
        edit = "deleteItems(\(doomed))"
      case (4, _), (5, _):
        let item = maker.pick(anchors)
        let other = maker.pick(anchors)
        guard item != other else { return ({ "same item" }, Outcome()) }
        if maker.chance(0.5) {
          try flat.moveItem(item, beforeItem: other)
          edit = "moveItem(\(item), beforeItem: \(other))"
        } else {
          try flat.moveItem(item, afterItem: other)
          edit = "moveItem(\(item), afterItem: \(other))"
        }
      case (6, _):
        let moved = [maker.pick(anchors)]
        let section = maker.pick(["a", "b"])
        try flat.appendItems(moved, toSection: section)
        edit = "appendItems(\(moved), toSection: \(section)) (a move)"
      case (7, _):
        let section = maker.pick(["a", "b", "s"])
        flat.deleteSections([section])
        edit = "deleteSections([\(section)])"
      case (8, _):
        try flat.appendSections(["c"])
        try flat.appendItems(maker.fresh(maker.int(0...2)), toSection: "c")
        edit = "appendSections([c]) + items"
      default:
        try flat.moveSection("a", afterSection: maker.pick(["b", "s"]))
        edit = "moveSection(a, after: ...)"
      }
      let transaction = dataSource.apply(flat)
      var outcome = Outcome()
      let finalRows = dataSource.snapshot().itemIdentifiers
      let description = {
        "sections \(trees.mapValues { $0.visualDescriptionLines() })\n  edit: \(edit)\n"
          + "  rows \(rows) -> \(finalRows)"
      }
      if finalRows != flat.itemIdentifiers {
        outcome.problems.append("rows != the flat snapshot's")
      }
      if dataSource.snapshot().sectionIdentifiers != flat.sectionIdentifiers {
        outcome.problems.append("sections \(dataSource.snapshot().sectionIdentifiers)")
      }
      let expected = _Diffing.difference(from: rows, to: finalRows)
      let removals = offsets(transaction.removalOffsets)
      let insertions = offsets(transaction.insertionOffsets)
      if removals != expected.removals || insertions != expected.insertions {
        outcome.problems.append(
          "flat difference differs from the whole diff:\n"
            + "  transaction removals   \(text(removals))\n  whole       removals   \(text(expected.removals))\n"
            + "  transaction insertions \(text(insertions))\n  whole       insertions \(text(expected.insertions))"
        )
      }
      outcome.problems += replayProblems(
        "flat", _OffsetDifference(removals: removals, insertions: insertions), old: rows,
        new: finalRows)
      for section in transaction.sectionTransactions {
        let whole = _SectionDifference(
          wholeFrom: section.initialSnapshot, to: section.finalSnapshot)
        if offsets(section.removalOffsets) != whole.items.removals
          || offsets(section.insertionOffsets) != whole.items.insertions
        {
          outcome.problems.append(
            "section \(section.sectionIdentifier) differs from the whole diff")
        }
        if let old = trees[section.sectionIdentifier], section.initialSnapshot != old {
          outcome.problems.append("section \(section.sectionIdentifier) initialSnapshot")
        }
      }
      let touched = Set(transaction.sectionTransactions.map(\.sectionIdentifier))
      for (name, tree) in trees where !touched.contains(name) && flat.indexOfSection(name) != nil {
        if dataSource.snapshot(for: name) != tree {
          outcome.problems.append("untouched section \(name) lost its tree")
        }
      }
      for name in flat.sectionIdentifiers where trees[name] != dataSource.snapshot(for: name) {
        if !touched.contains(name) {
          outcome.problems.append("section \(name) changed without a section transaction")
        }
      }
      return (description, outcome)
    }
  }
}
