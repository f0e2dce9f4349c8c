import OutlineTestSupport
import XCTest

@testable import Diffable

// Random: long seeded sequences of operations.
extension SectionSnapshotModelTests {
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
}
