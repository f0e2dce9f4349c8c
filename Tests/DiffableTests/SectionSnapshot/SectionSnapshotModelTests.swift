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

  // MARK: - Exhaustive

  /// The items of the exhaustive forests, in pre-order.
  private static let forestItems = ["A", "B", "C", "D", "E"]

  /// Every operation worth trying agrees with the reference on every forest of up to five items.
  ///
  /// Every forest (every shape, every set of expanded items) is built two ways and checked, and
  /// every operation runs on every forest of up to four items. On five-item forests each
  /// operation runs on every shape but, for time, on a rotating sixth of the expansion sets
  /// (`DIFFABLE_EXHAUSTIVE=full` runs them all, about four times longer).
  func testEveryOperationOnEveryForestOfUpToFiveItemsAgreesWithTheReference() throws {
    let full = getenv("DIFFABLE_EXHAUSTIVE").map { String(cString: $0) } == "full"
    var forests = 0
    var operations = 0
    let start = ContinuousClock.now
    for size in 0...Self.forestItems.count {
      for levels in Self.levelSequences(count: size) {
        for mask in 0..<(1 << size) {
          let forest = Forest(
            lines: (0..<size).map {
              Forest.Line(
                item: Self.forestItems[$0], level: levels[$0], isExpanded: mask & (1 << $0) != 0)
            })
          forests += 1
          guard let (snapshot, reference) = buildBothWays(forest) else { return }
          for (index, operation) in Self.operations(on: forest).enumerated() {
            if size == 5 && !full && (index + mask) % 6 != 0 { continue }
            operations += 1
            var edited = snapshot
            var editedReference = reference
            // The reference's own queries and a rebuilt snapshot: on a sample, for time.
            let mode = Mode<String>(
              compare: true, referenceQueries: operations % 16 == 0, rebuild: operations % 8 == 0)
            let passed = check(
              operation, &edited, &editedReference, mode: mode,
              probing: Self.forestItems + ["X", "Z"]
            ) { "forest \(forest), operation \(operation)" }
            if !passed { return }
          }
        }
      }
    }
    print(
      "SectionSnapshotModelTests: \(operations) operations on \(forests) forests in "
        + "\(ContinuousClock.now - start)")
  }

  /// Every sequence of levels a pre-order forest of `count` items can have: the first is 0, each
  /// next one at most one deeper.
  private static func levelSequences(count: Int) -> [[Int]] {
    guard count > 0 else { return [[]] }
    var result: [[Int]] = [[0]]
    for _ in 1..<count {
      result = result.flatMap { levels in (0...(levels.last! + 1)).map { levels + [$0] } }
    }
    return result
  }

  /// Builds `forest` in the library by appending, and again from subtrees (`replace(childrenOf:)`,
  /// `insert(_:after:)` with snapshots), and in the reference; fails unless all three agree.
  private func buildBothWays(
    _ forest: Forest<String>, file: StaticString = #filePath, line: UInt = #line
  ) -> (SectionSnapshot<String>, ReferenceOutline<String>)? {
    _CrashContext.current = { "building forest \(forest)" }
    let reference = forest.reference()
    do throws(SnapshotError) {
      let appended = try forest.snapshotByAppending()
      let assembled = try forest.snapshotBySubtrees()
      var problems = Self.mismatches(appended, reference, referenceQueries: true, probing: ["Z"])
      problems += Self.mismatches(assembled, reference, referenceQueries: false, probing: ["Z"])
      if appended != assembled { problems.append("built two ways, not ==") }
      if !problems.isEmpty {
        XCTFail("forest \(forest): " + problems.joined(separator: "; "), file: file, line: line)
        return nil
      }
      return (appended, reference)
    } catch {
      XCTFail("forest \(forest): building threw \(error)", file: file, line: line)
      return nil
    }
  }

  /// Every operation worth trying on `forest`, valid and invalid.
  private static func operations(on forest: Forest<String>) -> [Operation<String>] {
    let items = forest.items
    var result: [Operation<String>] = []
    // append
    result += [.append(["X"], to: nil), .append(["X", "Y"], to: nil), .append([], to: "Z")]
    result += [
      .append(["X"], to: "Z"), .append(["X", "X"], to: nil), .append(["X", "Y", "X"], to: nil),
    ]
    result += items.map { .append(["X"], to: $0) }
    result += items.map { .append(["X", "Y"], to: $0) }
    if let first = items.first, let last = items.last {
      result += [
        .append([first], to: nil), .append(["X", last], to: first), .append([last], to: "Z"),
      ]
    }
    // insert items before and after
    for item in items {
      result += [.insertBefore(["X"], item), .insertAfter(["X"], item)]
      result += [.insertBefore(["X", "Y"], item), .insertAfter(["X", "Y"], item)]
    }
    result += [.insertBefore(["X"], "Z"), .insertAfter(["X"], "Z")]
    result += [.insertBefore([], "Z"), .insertAfter([], "Z")]
    if let first = items.first, let last = items.last {
      result += [
        .insertBefore([last], first), .insertAfter(["X", first], last),
        .insertBefore(["X", "X"], first), .insertAfter([first], "Z"),
      ]
    }
    // insert snapshots before and after
    let small = Forest<String>.parse("+X(-Y), -W")
    for item in items {
      result += [.insertSnapshotBefore(small, item), .insertSnapshotAfter(small, item)]
    }
    result += [.insertSnapshotBefore(small, "Z"), .insertSnapshotAfter(Forest(lines: []), "Z")]
    if let first = items.first, let last = items.last {
      result += [
        .insertSnapshotBefore(.parse("-X, +\(last)"), first),
        .insertSnapshotAfter(.parse("-\(first)"), last),
      ]
    }
    // replace children
    for parent in items {
      result += [
        .replaceChildren(parent, Forest(lines: [])), .replaceChildren(parent, .parse("+X(-Y)")),
      ]
      // Reusing a descendant is fine; any other present item (the parent too) is a duplicate.
      for other in items { result.append(.replaceChildren(parent, .parse("+\(other)(-X)"))) }
    }
    result += [.replaceChildren("Z", Forest(lines: [])), .replaceChildren("Z", .parse("-X"))]
    // delete
    result += [.delete([]), .delete(["Z"]), .deleteAll]
    for first in items {
      result.append(.delete([first]))
      for second in items { result.append(.delete([first, second])) }
    }
    if let first = items.first { result += [.delete([first, "Z"]), .delete(["Z", first])] }
    // expand and collapse
    for item in items { result += [.expand([item]), .collapse([item])] }
    result += [.expand(["Z"]), .collapse(["Z"]), .expand(items), .collapse(items)]
    if let first = items.first { result += [.expand(["Z", first]), .collapse([first, "Z"])] }
    // child snapshots
    for item in items + ["Z"] {
      result += [
        .snapshot(of: item, includingParent: false), .snapshot(of: item, includingParent: true),
      ]
    }
    return result
  }

  // MARK: - Random

  func testLongRandomSequencesAgreeWithTheReference() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    let runs = 20
    let steps = 500
    let universe = Array(0..<90)
    for run in 0..<runs {
      var random = SplitMix64(seed: seed &+ UInt64(run))
      var snapshot = SectionSnapshot<Int>()
      var reference = ReferenceOutline<Int>()
      for step in 0..<steps {
        let operation = Self.randomOperation(
          on: reference, universe: universe, target: 60, using: &random)
        let previous = reference
        // Each item's own queries on a rotating eighth of the items and on those the operation
        // names; all of them every 25 steps. The lists and the visual description, which fix
        // every item's level, flag and visibility, are compared after every step.
        let named = Set(operation.namedItems)
        let passed = check(
          operation, &snapshot, &reference,
          mode: Mode(
            compare: true,
            querying: step % 25 == 0
              ? nil : { index, item in (index + step) % 8 == 0 || named.contains(item) }),
          probing: previous.items + operation.namedItems
        ) {
          "DIFFABLE_SEED=\(seed) run \(run) (\(SplitMix64(seed: seed &+ UInt64(run)))) "
            + "step \(step): \(operation) on \(Forest(previous))"
        }
        if !passed { return }
      }
    }
  }

  /// A random operation on a snapshot whose reference is `reference`, with items from `universe`,
  /// keeping the count near `target`.
  private static func randomOperation<Item: Hashable & Sendable>(
    on reference: ReferenceOutline<Item>, universe: [Item], target: Int,
    using random: inout SplitMix64
  ) -> Operation<Item> {
    let rows = reference.rows
    let present = rows.map { $0.item }
    let presentSet = Set(present)
    let absent = universe.filter { !presentSet.contains($0) }
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    /// Mostly a present item, sometimes an absent one.
    func anyItem() -> Item {
      if present.isEmpty || (chance(8) && !absent.isEmpty) {
        return absent.randomElement(using: &random) ?? universe[0]
      }
      return present.randomElement(using: &random)!
    }
    /// New items, sometimes empty, repeated or present.
    func newItems(_ maximum: Int) -> [Item] {
      if chance(4) { return [] }
      var items = Array(
        absent.shuffled(using: &random).prefix(Int.random(in: 1...maximum, using: &random)))
      if chance(6), let item = items.first { items.append(item) }
      if chance(6), let item = present.randomElement(using: &random) {
        items.insert(item, at: Int.random(in: 0...items.count, using: &random))
      }
      return items
    }
    /// A small random forest of new items, sometimes holding `reusable` or other present items.
    func newForest(reusable: [Item] = []) -> Forest<Item> {
      var pool = absent.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
      if !reusable.isEmpty && chance(40) {
        pool.append(contentsOf: reusable.shuffled(using: &random).prefix(2))
      }
      if chance(5), let item = present.randomElement(using: &random) { pool.append(item) }
      var lines: [Forest<Item>.Line] = []
      for item in Set(pool).shuffled(using: &random) {
        let level = lines.isEmpty ? 0 : Int.random(in: 0...(lines.last!.level + 1), using: &random)
        lines.append(.init(item: item, level: level, isExpanded: chance(50)))
      }
      return Forest(lines: lines)
    }
    let growing = present.count < target
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<16:
      return .append(newItems(growing ? 4 : 1), to: chance(25) ? nil : anyItem())
    case 16..<24: return .insertBefore(newItems(growing ? 3 : 1), anyItem())
    case 24..<32: return .insertAfter(newItems(growing ? 3 : 1), anyItem())
    case 32..<37: return .insertSnapshotBefore(newForest(), anyItem())
    case 37..<42: return .insertSnapshotAfter(newForest(), anyItem())
    case 42..<50:
      let parent = anyItem()
      let descendants: [Item]
      if let row = rows.first(where: { $0.item == parent }) {
        descendants = rows[(row.index + 1)...].prefix { $0.level > row.level }.map { $0.item }
      } else {
        descendants = []
      }
      return .replaceChildren(parent, newForest(reusable: descendants))
    case 50..<64:
      let count =
        growing ? Int.random(in: 0...2, using: &random) : Int.random(in: 1...4, using: &random)
      return .delete((0..<count).map { _ in anyItem() })
    case 64..<65: return chance(30) ? .deleteAll : .expand([anyItem()])
    case 65..<80: return .expand((0..<Int.random(in: 0...3, using: &random)).map { _ in anyItem() })
    case 80..<92:
      return .collapse((0..<Int.random(in: 0...3, using: &random)).map { _ in anyItem() })
    default: return .snapshot(of: anyItem(), includingParent: chance(50))
    }
  }

  // MARK: - Large

  func testLargeSnapshotWithSplitsMergesAndRelabelingAgreesWithTheReference() throws {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var random = SplitMix64(seed: seed)
    var snapshot = SectionSnapshot<Int>()
    var reference = ReferenceOutline<Int>()
    var next = 0
    var step = 0
    var maximumHeight = 0
    var lastHeight = 0
    func fresh(_ count: Int) -> [Int] {
      defer { next += count }
      return Array(next..<(next + count))
    }
    /// Applies `operation` to both; every 50 steps compares everything.
    func run(_ operation: Operation<Int>, phase: String) -> Bool {
      step += 1
      let fullCheck = step % 50 == 0
      let context = "DIFFABLE_SEED=\(seed) \(phase) step \(step) (\(snapshot.count) items)"
      let passed = check(
        operation, &snapshot, &reference, mode: Mode(compare: fullCheck),
        probing: fullCheck ? [-1] + operation.namedItems : []
      ) { "\(context): \(operation)" }
      items = reference.items
      if passed && fullCheck {
        let (height, problems) = _TreeAudit.audit(snapshot)
        maximumHeight = max(maximumHeight, height)
        lastHeight = height
        if !problems.isEmpty {
          XCTFail(
            "DIFFABLE_SEED=\(seed) \(phase) step \(step): B-tree "
              + problems.prefix(5).joined(separator: "; "))
          return false
        }
      }
      return passed
    }
    var items: [Int] = []
    // An empty outline (after mass deletions) names an absent item: the error paths run.
    func randomItem() -> Int { items.randomElement(using: &random) ?? -1 }
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    func randomForest(_ items: [Int]) -> Forest<Int> {
      var lines: [Forest<Int>.Line] = []
      for item in items {
        let level = lines.isEmpty ? 0 : Int.random(in: 0...(lines.last!.level + 1), using: &random)
        lines.append(.init(item: item, level: level, isExpanded: chance(50)))
      }
      return Forest(lines: lines)
    }

    // Grow to 5,000 items with random edits.
    // Into an empty snapshot the items are bulk-loaded: a tree of several levels at once.
    guard run(.append(fresh(600), to: nil), phase: "bulk loading") else { return }
    while items.count < 5_000 {
      let operation: Operation<Int>
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        operation = .append(
          fresh(Int.random(in: 1...40, using: &random)), to: chance(10) ? nil : randomItem())
      case 30..<45:
        operation = .insertBefore(fresh(Int.random(in: 1...25, using: &random)), randomItem())
      case 45..<60:
        operation = .insertAfter(fresh(Int.random(in: 1...25, using: &random)), randomItem())
      case 60..<65: operation = .insertSnapshotBefore(randomForest(fresh(30)), randomItem())
      case 65..<70: operation = .insertSnapshotAfter(randomForest(fresh(30)), randomItem())
      case 70..<75: operation = .replaceChildren(randomItem(), randomForest(fresh(20)))
      case 75..<80: operation = .delete([randomItem()])
      case 80..<92: operation = .expand((0..<10).map { _ in randomItem() })
      default: operation = .collapse((0..<5).map { _ in randomItem() })
      }
      guard run(operation, phase: "growing") else { return }
    }
    // At least 200 single inserts before one item and after another: the label gaps run out
    // and windows around them are relabelled, again and again.
    let before = randomItem()
    for _ in 0..<220 {
      guard run(.insertBefore(fresh(1), before), phase: "inserting before \(before)") else {
        return
      }
    }
    let after = randomItem()
    for _ in 0..<100 {
      guard run(.insertAfter(fresh(1), after), phase: "inserting after \(after)") else { return }
    }
    let first = items[0]
    for _ in 0..<60 {
      guard run(.insertBefore(fresh(1), first), phase: "inserting before the first item") else {
        return
      }
    }
    for _ in 0..<40 {
      guard run(.insertBefore(fresh(3), items[0]), phase: "inserting new first items") else {
        return
      }
    }
    XCTAssertGreaterThanOrEqual(maximumHeight, 3, "the B-tree should have several levels")
    let grownHeight = maximumHeight
    // A child snapshot of the largest root's subtree is bulk-loaded too; edit it for a while.
    let rows = reference.rows
    let largest = rows.filter { $0.level == 0 }.max { lhs, rhs in
      let lhsSize = rows[(lhs.index + 1)...].prefix { $0.level > 0 }.count
      let rhsSize = rows[(rhs.index + 1)...].prefix { $0.level > 0 }.count
      return lhsSize < rhsSize
    }!.item
    let whole = (snapshot, reference, items)
    do throws(SnapshotError) {
      snapshot = try snapshot.snapshot(of: largest, includingParent: true)
      reference = try reference.snapshot(of: largest, includingParent: true)
    } catch {
      XCTFail("snapshot(of: \(largest), includingParent: true) threw \(error)")
      return
    }
    items = reference.items
    while step % 50 != 0 {
      guard run(.collapse([randomItem()]), phase: "child snapshot") else { return }
    }
    for _ in 0..<100 {
      let operation: Operation<Int> =
        chance(50)
        ? .insertBefore(fresh(Int.random(in: 1...5, using: &random)), randomItem())
        : .delete([randomItem()])
      if items.count <= 1 { break }
      guard run(operation, phase: "child snapshot of \(largest)") else { return }
    }
    (snapshot, reference, items) = whole
    // Mass deletions: nodes merge and share, the tree shrinks level by level.
    while items.count > 300 {
      let doomed = (0..<Int.random(in: 50...400, using: &random)).map { _ in randomItem() }
      guard run(.delete(doomed), phase: "deleting") else { return }
      guard run(.expand((0..<5).map { _ in randomItem() }), phase: "deleting") else { return }
    }
    // Regrow a little, with deletions mixed in, then compare once more and empty it.
    for _ in 0..<100 {
      let operation: Operation<Int> =
        chance(70)
        ? .append(fresh(Int.random(in: 1...10, using: &random)), to: randomItem())
        : .delete([randomItem()])
      guard run(operation, phase: "regrowing") else { return }
    }
    while step % 50 != 0 { guard run(.expand([randomItem()]), phase: "settling") else { return } }
    XCTAssertLessThan(lastHeight, grownHeight, "mass deletions should merge nodes away")
    print(
      "SectionSnapshotModelTests: \(step) steps up to \(next) items, B-tree height \(grownHeight) "
        + "then \(lastHeight) (DIFFABLE_SEED=\(seed))")
    guard run(.deleteAll, phase: "emptying") else { return }
    XCTAssertEqual(snapshot.count, 0)

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
  private func check<Item: Hashable & Sendable>(
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
  private static func mismatches<Item: Hashable & Sendable>(
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

// MARK: - Forests and operations

/// A forest written out line by line: what both the snapshot and the reference are built from.
struct Forest<Item: Hashable & Sendable>: CustomStringConvertible {
  struct Line {
    var item: Item
    var level: Int
    var isExpanded: Bool
  }

  var lines: [Line]

  var items: [Item] { lines.map { $0.item } }

  /// The reference's outline, line by line.
  init(_ reference: ReferenceOutline<Item>) {
    lines = reference.rows.map { Line(item: $0.item, level: $0.level, isExpanded: $0.isExpanded) }
  }

  init(lines: [Line]) { self.lines = lines }

  /// The offsets of the children of the line at `index`, or of the roots when nil.
  private func children(of index: Int?) -> [Int] {
    let level = index.map { lines[$0].level + 1 } ?? 0
    var result: [Int] = []
    for offset in ((index ?? -1) + 1)..<lines.count {
      if lines[offset].level < level { break }
      if lines[offset].level == level { result.append(offset) }
    }
    return result
  }

  /// The forest built with `append(_:to:)` in pre-order, then `expand(_:)`.
  func snapshotByAppending() throws(SnapshotError) -> SectionSnapshot<Item> {
    var snapshot = SectionSnapshot<Item>()
    var path: [Item] = []
    for line in lines {
      path.removeSubrange(line.level...)
      try snapshot.append([line.item], to: path.last)
      path.append(line.item)
    }
    snapshot.expand(lines.filter { $0.isExpanded }.map { $0.item })
    return snapshot
  }

  /// The forest assembled from expanded-beforehand subtrees: each item's children appended at
  /// once into a snapshot of their own and attached with `replace(childrenOf:using:)`, each root
  /// after the first added with `insert(_:after:)` as a one-root snapshot.
  func snapshotBySubtrees() throws(SnapshotError) -> SectionSnapshot<Item> {
    func childSnapshot(of index: Int) throws(SnapshotError) -> SectionSnapshot<Item> {
      var snapshot = SectionSnapshot<Item>()
      let children = children(of: index)
      try snapshot.append(children.map { lines[$0].item })
      snapshot.expand(children.filter { lines[$0].isExpanded }.map { lines[$0].item })
      for child in children {
        try snapshot.replace(childrenOf: lines[child].item, using: try childSnapshot(of: child))
      }
      return snapshot
    }
    var result = SectionSnapshot<Item>()
    var previous: Item?
    for root in children(of: nil) {
      var single = SectionSnapshot<Item>()
      try single.append([lines[root].item])
      if lines[root].isExpanded { single.expand([lines[root].item]) }
      try single.replace(childrenOf: lines[root].item, using: try childSnapshot(of: root))
      if let previous { try result.insert(single, after: previous) } else { result = single }
      previous = lines[root].item
    }
    return result
  }

  /// The forest in the reference, made of nodes directly.
  func reference() -> ReferenceOutline<Item> {
    func nodes(_ offsets: [Int]) -> [ReferenceOutline<Item>.Node] {
      offsets.map { .init(lines[$0].item, nodes(children(of: $0))) }
    }
    return ReferenceOutline(
      roots: nodes(children(of: nil)), expanded: Set(lines.filter { $0.isExpanded }.map { $0.item })
    )
  }

  /// `+A(-B, -C), -D`: `+` expanded, `-` not, children in parentheses.
  var description: String {
    func describe(_ offsets: [Int]) -> String {
      offsets.map { offset in
        let line = lines[offset]
        let children = children(of: offset)
        return (line.isExpanded ? "+" : "-") + "\(line.item)"
          + (children.isEmpty ? "" : "(" + describe(children) + ")")
      }.joined(separator: ", ")
    }
    return lines.isEmpty ? "(empty)" : describe(children(of: nil))
  }
}

extension Forest where Item == String {
  /// The forest `description` writes: `"+X(-Y), -W"`.
  static func parse(_ text: String) -> Forest {
    var lines: [Line] = []
    var level = 0
    var name = ""
    var flag: Character = "-"
    func flush() {
      if !name.isEmpty { lines.append(Line(item: name, level: level, isExpanded: flag == "+")) }
      name = ""
    }
    for character in text {
      switch character {
      case "+", "-": flag = character
      case "(": flush(); level += 1
      case ")": flush(); level -= 1
      case ",": flush()
      case " ": break
      default: name.append(character)
      }
    }
    flush()
    return Forest(lines: lines)
  }
}

/// One edit or child-snapshot query, applicable to the snapshot and to the reference alike.
enum Operation<Item: Hashable & Sendable>: CustomStringConvertible {
  case append([Item], to: Item?)
  case insertBefore([Item], Item)
  case insertAfter([Item], Item)
  case insertSnapshotBefore(Forest<Item>, Item)
  case insertSnapshotAfter(Forest<Item>, Item)
  case replaceChildren(Item, Forest<Item>)
  case delete([Item])
  case deleteAll
  case expand([Item])
  case collapse([Item])
  case snapshot(of: Item, includingParent: Bool)

  /// Every item the operation names.
  var namedItems: [Item] {
    switch self {
    case .append(let items, let parent): items + (parent.map { [$0] } ?? [])
    case .insertBefore(let items, let item), .insertAfter(let items, let item): items + [item]
    case .insertSnapshotBefore(let forest, let item), .insertSnapshotAfter(let forest, let item),
      .replaceChildren(let item, let forest):
      forest.items + [item]
    case .delete(let items), .expand(let items), .collapse(let items): items
    case .deleteAll: []
    case .snapshot(let parent, _): [parent]
    }
  }

  var description: String {
    switch self {
    case .append(let items, let parent): "append(\(items), to: \(parent.map { "\($0)" } ?? "nil"))"
    case .insertBefore(let items, let item): "insert(\(items), before: \(item))"
    case .insertAfter(let items, let item): "insert(\(items), after: \(item))"
    case .insertSnapshotBefore(let forest, let item):
      "insert(snapshot [\(forest)], before: \(item))"
    case .insertSnapshotAfter(let forest, let item): "insert(snapshot [\(forest)], after: \(item))"
    case .replaceChildren(let parent, let forest):
      "replace(childrenOf: \(parent), using: [\(forest)])"
    case .delete(let items): "delete(\(items))"
    case .deleteAll: "deleteAll()"
    case .expand(let items): "expand(\(items))"
    case .collapse(let items): "collapse(\(items))"
    case .snapshot(let parent, let including):
      "snapshot(of: \(parent), includingParent: \(including))"
    }
  }

  /// Applies the operation; returns the child snapshot `snapshot(of:)` makes.
  func apply(to snapshot: inout SectionSnapshot<Item>) -> Result<
    SectionSnapshot<Item>?, SnapshotError
  > {
    do throws(SnapshotError) {
      switch self {
      case .append(let items, let parent): try snapshot.append(items, to: parent)
      case .insertBefore(let items, let item): try snapshot.insert(items, before: item)
      case .insertAfter(let items, let item): try snapshot.insert(items, after: item)
      case .insertSnapshotBefore(let forest, let item):
        let argument = try! forest.snapshotByAppending()
        try snapshot.insert(argument, before: item)
      case .insertSnapshotAfter(let forest, let item):
        let argument = try! forest.snapshotByAppending()
        try snapshot.insert(argument, after: item)
      case .replaceChildren(let parent, let forest):
        let argument = try! forest.snapshotByAppending()
        try snapshot.replace(childrenOf: parent, using: argument)
      case .delete(let items): try snapshot.delete(items)
      case .deleteAll: snapshot.deleteAll()
      case .expand(let items): snapshot.expand(items)
      case .collapse(let items): snapshot.collapse(items)
      case .snapshot(let parent, let including):
        return .success(try snapshot.snapshot(of: parent, includingParent: including))
      }
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }

  /// Applies the operation to the reference; returns the child outline `snapshot(of:)` makes.
  func apply(to reference: inout ReferenceOutline<Item>) -> Result<
    ReferenceOutline<Item>?, SnapshotError
  > {
    do throws(SnapshotError) {
      switch self {
      case .append(let items, let parent): try reference.append(items, to: parent)
      case .insertBefore(let items, let item): try reference.insert(items, before: item)
      case .insertAfter(let items, let item): try reference.insert(items, after: item)
      case .insertSnapshotBefore(let forest, let item):
        try reference.insert(forest.reference(), before: item)
      case .insertSnapshotAfter(let forest, let item):
        try reference.insert(forest.reference(), after: item)
      case .replaceChildren(let parent, let forest):
        try reference.replace(childrenOf: parent, using: forest.reference())
      case .delete(let items): try reference.delete(items)
      case .deleteAll: reference.deleteAll()
      case .expand(let items): reference.expand(items)
      case .collapse(let items): reference.collapse(items)
      case .snapshot(let parent, let including):
        return .success(try reference.snapshot(of: parent, includingParent: including))
      }
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }
}

extension SnapshotError {
  /// The case and its identifiers, for failure messages.
  fileprivate var debugCase: String {
    "\(Mirror(reflecting: self).children.first?.label ?? "\(self)") (\(message))"
  }
}

// MARK: - B-tree audit

/// Checks the order tree's structure, which `_checkInvariants()` takes on trust: every node's
/// cached summary, leaves all at one depth, no node but the root under its minimum fill, no node
/// overfull, labels increasing.
enum _TreeAudit {
  /// The tree's height (0 when empty) and the problems found.
  static func audit<Item>(_ snapshot: SectionSnapshot<Item>) -> (height: Int, problems: [String]) {
    guard let root = snapshot._tree.root else { return (0, []) }
    var problems: [String] = []
    var leafDepths = Set<Int>()
    var previousLabel: UInt64 = 0
    func visit(_ node: _OrderNode<Item>, depth: Int, path: String) {
      var count = 0
      var visible = 0
      var minLevel = Int32.max
      var isFlat = true
      let lastLabel: UInt64
      if node.isLeaf {
        leafDepths.insert(depth)
        if node.entries.isEmpty { problems.append("empty leaf at \(path)") }
        if node.entries.count > _OrderNode<Item>.maxLeafCount {
          problems.append("overfull leaf at \(path)")
        }
        for entry in node.entries {
          if entry.label <= previousLabel {
            problems.append("label \(entry.label) not increasing at \(path)")
          }
          previousLabel = entry.label
          count += 1
          if entry.isVisible { visible += 1 }
          minLevel = min(minLevel, entry.level)
          if entry.level > 0 { isFlat = false }
        }
        lastLabel = node.entries.last?.label ?? 0
      } else {
        if node.children.count > _OrderNode<Item>.maxChildCount {
          problems.append("overfull node at \(path)")
        }
        if depth == 0 && node.children.count < 2 { problems.append("root with one child") }
        for (index, child) in node.children.enumerated() {
          visit(child, depth: depth + 1, path: path + "/\(index)")
          count += child.count
          visible += child.visibleCount
          minLevel = min(minLevel, child.minLevel)
          if !child.isFlat { isFlat = false }
        }
        lastLabel = node.children.last!.lastLabel
      }
      if depth > 0 && node.isUnderfull { problems.append("underfull node at \(path)") }
      if node.count != count { problems.append("count \(node.count), counted \(count) at \(path)") }
      if node.visibleCount != visible {
        problems.append("visibleCount \(node.visibleCount), counted \(visible) at \(path)")
      }
      if node.minLevel != minLevel || node.isFlat != isFlat {
        problems.append(
          "min level \(node.minLevel), flat \(node.isFlat); "
            + "found \(minLevel), \(isFlat) at \(path)")
      }
      if node.lastLabel != lastLabel {
        problems.append("lastLabel \(node.lastLabel), found \(lastLabel) at \(path)")
      }
    }
    visit(root, depth: 0, path: "root")
    if leafDepths.count != 1 { problems.append("leaves at depths \(leafDepths.sorted())") }
    return ((leafDepths.max() ?? 0) + 1, problems)
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
