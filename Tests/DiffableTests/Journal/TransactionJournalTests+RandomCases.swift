import OutlineTestSupport
import XCTest

@testable import Diffable

// Random cases: forests and edits from a seed.
extension TransactionJournalTests {
  /// One random case: its generator and a supply of fresh identifiers.
  struct Maker {
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
      // internal checks, O(n) after each, cheap).
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
}
