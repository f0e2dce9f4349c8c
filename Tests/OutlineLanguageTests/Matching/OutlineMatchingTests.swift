import OutlineLanguage
import OutlineTestSupport
import XCTest

/// The matching rule of SPEC §4 as a pure function: unchanged texts first (repeated texts in
/// order, moves by the longest increasing subsequence), then retitled lines paired in order in
/// each run between anchors under the same parent; the rest inserted or deleted.
final class OutlineMatchingTests: XCTestCase {
  /// Matches `new` to `old`, each written one line an item with two spaces a level.
  func match(_ old: String, _ new: String) -> [Int] {
    let (oldTexts, oldLevels) = Self.lines(old)
    let (newTexts, newLevels) = Self.lines(new)
    return OutlineMatching(old: oldTexts, oldLevels: oldLevels, new: newTexts, newLevels: newLevels)
      .oldIndex
  }

  static func lines(_ text: String) -> ([String], [Int]) {
    let lines = text.split(separator: "\n")
    return (
      lines.map { String($0.drop { $0 == " " }) },
      lines.map { $0.prefix { $0 == " " }.count / 2 }
    )
  }

  func testIdenticalOutlinesMatchLineForLine() {
    XCTAssertEqual(match("A\n  B\nC", "A\n  B\nC"), [0, 1, 2])
  }

  func testALineChangedInPlaceIsTheSameItemRetitled() {
    XCTAssertEqual(
      match("Food\n  Aple\n  Pear\nDrinks", "Food\n  Apple\n  Pear\nDrinks"), [0, 1, 2, 3])
  }

  func testAMovedLineIsTheSameItem() {
    XCTAssertEqual(match("A\nB\nC\nD", "D\nA\nB\nC"), [3, 0, 1, 2])
    let matching = OutlineMatching(
      old: ["A", "B", "C", "D"], oldLevels: [0, 0, 0, 0], new: ["D", "A", "B", "C"],
      newLevels: [0, 0, 0, 0])
    // The longest increasing subsequence stays; D alone moved.
    XCTAssertEqual(matching.isAnchor, [false, true, true, true])
  }

  func testRepeatedTextsPairInOrder() {
    XCTAssertEqual(match("TODO\nX\nTODO", "TODO\nTODO\nX"), [0, 2, 1])
    XCTAssertEqual(match("TODO\nTODO", "TODO\nTODO\nTODO"), [0, 1, -1])
    XCTAssertEqual(match("TODO\nTODO\nTODO", "TODO"), [0])
  }

  func testRepeatedTextsPairUnderTheSameParentFirst() {
    // The two parents swapped, each with its child: each TODO stays with its parent (in order
    // over the whole outline, Beta's TODO would be Alpha's).
    XCTAssertEqual(
      match("Alpha\n  TODO\nBeta\n  TODO", "Beta\n  TODO\nAlpha\n  TODO"), [2, 3, 0, 1])
    // A TODO moved to the other parent pairs with that parent's TODO first.
    XCTAssertEqual(
      match("Alpha\n  TODO\n  a\nBeta\n  TODO", "Alpha\n  a\nBeta\n  TODO\n  TODO"),
      [0, 2, 3, 4, 1])
    // Deeper: the parents' own repeated texts follow their parents too.
    XCTAssertEqual(
      match(
        "A\n  Notes\n    TODO\nB\n  Notes\n    TODO",
        "B\n  Notes\n    TODO\nA\n  Notes\n    TODO"),
      [3, 4, 5, 0, 1, 2])
  }

  func testUnderARetitledParentRepeatedTextsFollowTheirParentsText() {
    // P retitled Q, its children swapped: each TODO goes with the parent of its text.
    XCTAssertEqual(
      match(
        "P\n  Alpha\n    TODO\n  Beta\n    TODO", "Q\n  Beta\n    TODO\n  Alpha\n    TODO"),
      [0, 3, 4, 1, 2])
  }

  func testRepeatedTextsNoParentHasPairInOrderOverTheRest() {
    // Both TODOs moved to the roots: in order.
    XCTAssertEqual(match("A\n  TODO\nB\n  TODO", "TODO\nA\nTODO\nB"), [1, 0, 3, 2])
    // A TODO whose parent is new takes the first TODO left.
    XCTAssertEqual(match("A\n  TODO\n  TODO", "A\n  TODO\nN\n  TODO"), [0, 1, -1, 2])
  }

  func testRetitledLinesPairOnlyUnderTheSameParent() {
    // "Aple" moved under Drinks and retitled: a deletion and an insertion.
    XCTAssertEqual(match("Food\n  Aple\nDrinks", "Food\nDrinks\n  Apple"), [0, 2, -1])
  }

  func testARetitledParentCarriesItsRetitledChildren() {
    XCTAssertEqual(match("Fruit\n  Aple\nDrinks", "Fruits\n  Apple\nDrinks"), [0, 1, 2])
  }

  func testRetitledLinesPairInOrderAndTheRestIsInsertedOrDeleted() {
    XCTAssertEqual(match("A\nb1\nb2\nC", "A\nx1\nx2\nx3\nC"), [0, 1, 2, -1, 3])
    XCTAssertEqual(match("A\nb1\nb2\nb3\nC", "A\nx1\nC"), [0, 1, 4])
  }

  func testRunsDoNotCrossAnchors() {
    // x pairs with b (between A and C), y with d (after C): never across C.
    XCTAssertEqual(match("A\nb\nC\nd", "A\nx\nC\ny"), [0, 1, 2, 3])
    XCTAssertEqual(match("A\nb\nC", "A\nC\ny"), [0, 2, -1])
  }

  func testAnEmptySideMatchesNothing() {
    XCTAssertEqual(match("", "A\nB"), [-1, -1])
    XCTAssertEqual(match("A\nB", ""), [])
  }

  func testADeeperJumpReadsAsOneLevelDeeper() {
    let matching = OutlineMatching(
      old: ["A", "b"], oldLevels: [0, 1], new: ["A", "c"], newLevels: [0, 5])
    XCTAssertEqual(matching.oldIndex, [0, 1])
  }

  func testNewIndexInvertsTheMatch() {
    let matching = OutlineMatching(
      old: ["A", "B", "C"], oldLevels: [0, 0, 0], new: ["C", "A"], newLevels: [0, 0])
    XCTAssertEqual(matching.newIndex(oldCount: 3), [1, -1, 0])
  }

  /// Random outlines and random edits: the match is one to one, every pair shares its text or
  /// its parent's match, and every line left whose text the other side has unmatched is not.
  func testRandomEditsGiveAOneToOneMatchThatKeepsTheRule() {
    var generator = SplitMix64(seed: 31)
    for _ in 0..<300 {
      let count = Int.random(in: 0...30, using: &generator)
      var old: [(String, Int)] = []
      for _ in 0..<count {
        let deepest = old.last.map { $0.1 + 1 } ?? 0
        let text = "t\(Int.random(in: 0...12, using: &generator))"
        old.append((text, Int.random(in: 0...deepest, using: &generator)))
      }
      var new = old
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        guard !new.isEmpty else { break }
        let at = Int.random(in: 0..<new.count, using: &generator)
        switch Int.random(in: 0...3, using: &generator) {
        case 0: new[at].0 = "n\(Int.random(in: 0...5, using: &generator))"
        case 1: new.remove(at: at)
        case 2: new.insert(("t\(Int.random(in: 0...12, using: &generator))", new[at].1), at: at)
        default: new.swapAt(at, Int.random(in: 0..<new.count, using: &generator))
        }
      }
      let newLevels = Self.clamped(new.map(\.1))
      let matching = OutlineMatching(
        old: old.map(\.0), oldLevels: old.map(\.1), new: new.map(\.0), newLevels: newLevels)
      let pairs = matching.oldIndex.filter { $0 >= 0 }
      XCTAssertEqual(Set(pairs).count, pairs.count, "one to one: \(old) → \(new)")
      let oldParents = OutlineMatching.parents(levels: old.map(\.1))
      let newParents = OutlineMatching.parents(levels: newLevels)
      for (index, oldIndex) in matching.oldIndex.enumerated() where oldIndex >= 0 {
        if old[oldIndex].0 == new[index].0 { continue }
        let parent = newParents[index]
        let expected = parent < 0 ? -1 : matching.oldIndex[parent]
        XCTAssertEqual(oldParents[oldIndex], expected, "a retitled pair under one parent")
      }
      // Every text both sides have is paired with itself as often as the rarer side has it.
      let oldCounts = Dictionary(old.map { ($0.0, 1) }, uniquingKeysWith: +)
      let newCounts = Dictionary(new.map { ($0.0, 1) }, uniquingKeysWith: +)
      var samePairs: [String: Int] = [:]
      for (index, oldIndex) in matching.oldIndex.enumerated()
      where oldIndex >= 0 && old[oldIndex].0 == new[index].0 {
        samePairs[new[index].0, default: 0] += 1
      }
      for (text, count) in newCounts {
        XCTAssertEqual(
          samePairs[text] ?? 0, min(count, oldCounts[text] ?? 0), "\(text) left unmatched")
      }
      // Under a parent that is its old self by text from the roots down, a text pairs with
      // an old line under another parent only when none under that parent was left for it.
      var sameFromRoot = [Bool](repeating: false, count: new.count)
      for (index, oldIndex) in matching.oldIndex.enumerated()
      where oldIndex >= 0 && old[oldIndex].0 == new[index].0 {
        let parent = newParents[index]
        sameFromRoot[index] =
          parent < 0
          ? oldParents[oldIndex] < 0
          : sameFromRoot[parent] && oldParents[oldIndex] == matching.oldIndex[parent]
      }
      for (index, oldIndex) in matching.oldIndex.enumerated()
      where oldIndex >= 0 && old[oldIndex].0 == new[index].0 {
        let parent = newParents[index]
        guard parent >= 0, sameFromRoot[parent], oldParents[oldIndex] != matching.oldIndex[parent]
        else { continue }
        let underParent = old.indices.filter {
          oldParents[$0] == matching.oldIndex[parent] && old[$0].0 == new[index].0
        }
        XCTAssertTrue(
          underParent.allSatisfy { matching.oldIndex.contains($0) },
          "\(new[index].0) under another parent while its parent's own was left: \(old) → \(new)")
      }
    }
  }

  /// 100,000 lines with a few changes: the rule is O(n log n), so this takes well under a second.
  func testAHundredThousandLinesMatchQuickly() {
    let count = 100_000
    let old = (0..<count).map { "item \($0)" }
    let levels = (0..<count).map { $0 % 10 == 0 ? 0 : 1 }
    var new = old
    new[500] = "retitled"
    new.swapAt(10, 90_000)
    let start = ContinuousClock.now
    let matching = OutlineMatching(old: old, oldLevels: levels, new: new, newLevels: levels)
    let elapsed = ContinuousClock.now - start
    XCTAssertEqual(matching.oldIndex[500], 500)
    XCTAssertEqual(matching.oldIndex[10], 90_000)
    XCTAssertEqual(matching.oldIndex.filter { $0 < 0 }.count, 0)
    XCTAssertLessThan(elapsed, .seconds(5))
  }

  /// Levels that keep the pre-order rule after random edits.
  static func clamped(_ levels: [Int]) -> [Int] {
    var previous = -1
    return levels.map { level in
      previous = min(level, previous + 1)
      return previous
    }
  }
}
