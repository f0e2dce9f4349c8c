import OutlineTestSupport
import XCTest

@testable import Diffable

// Large: a snapshot whose B-tree has several levels.
extension SectionSnapshotModelTests {
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
}
