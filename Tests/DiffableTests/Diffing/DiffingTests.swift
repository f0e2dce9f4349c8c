import OutlineTestSupport
import XCTest

@testable import Diffable

/// `_Diffing` and `_OffsetDifference`: exact values, application and inverse, minimality,
/// exhaustive small cases, seeded large cases, and an operation-count fence.
final class DiffingTests: XCTestCase {
  typealias Change = _OffsetDifference.Change

  // MARK: Exact values

  func testInsertOnlyReportsPlainInsertions() {
    assertDifference("AB", "XAYBZ", removals: [], insertions: [at(0), at(2), at(4)])
  }

  func testDeleteOnlyReportsPlainRemovals() {
    assertDifference("ABCD", "BD", removals: [at(0), at(2)], insertions: [])
  }

  func testSingleMoveForwardIsOneAssociatedPair() {
    assertDifference("ABCD", "BCAD", removals: [at(0, 2)], insertions: [at(2, 0)])
  }

  func testSingleMoveBackwardIsOneAssociatedPair() {
    assertDifference("ABCD", "ADBC", removals: [at(3, 1)], insertions: [at(1, 3)])
  }

  func testSwapKeepsTheElementEarlierInNewOrder() {
    assertDifference("AB", "BA", removals: [at(0, 1)], insertions: [at(1, 0)])
  }

  func testFullReversalKeepsOnlyTheFirstElementOfNew() {
    assertDifference(
      "ABCD", "DCBA", removals: [at(0, 3), at(1, 2), at(2, 1)],
      insertions: [at(1, 2), at(2, 1), at(3, 0)])
  }

  /// The canonical tie-break: of the two longest increasing subsequences (C, D and A, B), the one
  /// starting earlier in new order (C, D) is kept, so A and B are the elements reported as moved.
  func testTieKeepsTheSubsequenceStartingEarliestInNewOrder() {
    assertDifference(
      "ABCD", "CDAB", removals: [at(0, 2), at(1, 3)], insertions: [at(2, 0), at(3, 1)])
  }

  /// One element swapped with its neighbour is a tie: either may be the one moved.
  ///
  /// The element that came first in the old order is reported, as the standard library's Myers
  /// diff does (`[…, Milk, Eggs, Pantry]` → `[…, Milk, Pantry, Eggs]` moves Eggs), wherever the
  /// swap is.
  func testASwapOfNeighboursMovesTheFirstAsTheStandardLibraryDoes() {
    let old = ["Bread", "Milk", "Eggs", "Pantry", "Salt"]
    for index in 0..<(old.count - 1) {
      var new = old
      new.swapAt(index, index + 1)
      let ours = _Diffing.difference(from: old, to: new)
        .collectionDifference(old: { old[$0] }, new: { new[$0] })
      let standard = new.difference(from: old).inferringMoves()
      XCTAssertEqual(Array(ours), Array(standard), "swap at \(index)")
      let moved = ours.removals.map { change -> String in
        guard case .remove(_, let element, _) = change else { return "" }
        return element
      }
      XCTAssertEqual(moved, [old[index]], "swap at \(index)")
    }
  }

  func testEmptySides() {
    assertDifference("", "", removals: [], insertions: [])
    assertDifference("", "AB", removals: [], insertions: [at(0), at(1)])
    assertDifference("AB", "", removals: [at(0), at(1)], insertions: [])
    XCTAssertEqual(_Diffing.difference(from: [String](), to: []), .empty)
    XCTAssertTrue(_Diffing.difference(from: ["A"], to: ["A"]).isEmpty)
  }

  func testCollectionDifferenceHasTheSameChanges() {
    let old = ["A", "B", "C", "D"]
    let new = ["B", "X", "C", "A"]
    let difference = _Diffing.difference(from: old, to: new)
      .collectionDifference(old: { old[$0] }, new: { new[$0] })
    XCTAssertEqual(
      Array(difference),
      [
        .remove(offset: 3, element: "D", associatedWith: nil),
        .remove(offset: 0, element: "A", associatedWith: 3),
        .insert(offset: 1, element: "X", associatedWith: nil),
        .insert(offset: 3, element: "A", associatedWith: 0),
      ])
  }

  func testAppendShiftsOffsetsAndAssociations() {
    var difference = _OffsetDifference(removals: [at(0)], insertions: [at(1)])
    difference.append(
      _OffsetDifference(removals: [at(0, 1)], insertions: [at(1, 0)]), oldBase: 5, newBase: 7)
    XCTAssertEqual(difference.removals, [at(0), at(5, 8)])
    XCTAssertEqual(difference.insertions, [at(1), at(8, 5)])
  }

  func testDuplicatesStillProduceAValidDifference() {
    let cases: [([Int], [Int])] = [
      ([1, 1, 2], [2, 1]), ([1, 2], [2, 2, 1, 1]), ([3, 1, 3, 1], [1, 3, 1, 3, 1]), ([1, 1], []),
    ]
    for (old, new) in cases {
      assertAppliesBothWays(_Diffing.difference(from: old, to: new), old: old, new: new)
    }
    var generator = SeededGenerator.fromEnvironmentOrRandom(name: #function)
    for _ in 0..<500 {
      let old = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        Int.random(in: 0..<3, using: &generator)
      }
      let new = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        Int.random(in: 0..<3, using: &generator)
      }
      assertAppliesBothWays(
        _Diffing.difference(from: old, to: new), old: old, new: new, "old \(old) new \(new)")
    }
  }

  // MARK: Exhaustive

  /// Every pair of permutations of subsets of 0..<5 (326 × 326 pairs); a failure names the pair
  /// and which of the checks failed.
  func testExhaustivePairsAreValidMinimalAndTrimmingInvariant() {
    let sequences = arrangements(of: Array(0..<5))
    XCTAssertEqual(sequences.count, 326)
    for old in sequences {
      for new in sequences {
        let difference = _Diffing.difference(from: old, to: new)
        let collectionDifference = difference.collectionDifference(
          old: { old[$0] }, new: { new[$0] })
        // (a) applying it gives `new`; (d) applying its inverse to `new` gives `old`.
        let applies = old.applying(collectionDifference) == new
        let inverts = new.applying(collectionDifference.inverse()) == old
        // (b) minimal: as many removals (plain or moved) as old elements off a longest common
        // subsequence, and likewise insertions.
        let lcs = lcsLength(old, new)
        let minimal =
          difference.removals.count == old.count - lcs
          && difference.insertions.count == new.count - lcs
        // (c) trimming changes nothing: the window's difference, shifted back, is the same, and
        // so is the difference computed without trimming.
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old[prefix...].reversed(), new[prefix...].reversed())
          .prefix { $0 == $1 }.count
        var trimmable = difference == _Diffing.untrimmedDifference(from: old, to: new)
        if prefix + suffix > 0 {
          var shifted = _OffsetDifference.empty
          shifted.append(
            _Diffing.untrimmedDifference(
              from: old[prefix..<(old.count - suffix)], to: new[prefix..<(new.count - suffix)]),
            oldBase: prefix, newBase: prefix)
          trimmable = trimmable && difference == shifted
        }
        if !(applies && inverts && minimal && trimmable) {
          XCTFail(
            "old \(old) new \(new): applies \(applies), inverts \(inverts), minimal \(minimal), "
              + "trimmable \(trimmable); difference \(difference)")
        }
      }
    }
  }

  // MARK: Random large cases

  func testLargeShufflesReversalsAndMoves() {
    var generator = SeededGenerator.fromEnvironmentOrRandom(name: #function)
    let count = 10_000
    let old = Array(0..<count)

    let shuffled = old.shuffled(using: &generator)
    let reversed = Array(old.reversed())
    for new in [shuffled, reversed] {
      let difference = _Diffing.difference(from: old, to: new)
      assertAppliesBothWays(difference, old: old, new: new)
      let moves = count - lisLength(new)
      XCTAssertEqual(difference.removals.count, moves)
      XCTAssertEqual(difference.insertions.filter { $0.associatedWith != nil }.count, moves)
    }

    // Move exactly k = 1% of the elements to random places: at most k moves.
    let k = count / 100
    var moved = old
    for _ in 0..<k {
      let element = moved.remove(at: Int.random(in: 0..<moved.count, using: &generator))
      moved.insert(element, at: Int.random(in: 0...moved.count, using: &generator))
    }
    let difference = _Diffing.difference(from: old, to: moved)
    assertAppliesBothWays(difference, old: old, new: moved)
    XCTAssertEqual(difference.removals.count, count - lisLength(moved))
    XCTAssertLessThanOrEqual(difference.removals.count, k)

    // 1% removed, 1% inserted and 1% moved.
    var mixed = moved.filter { _ in Int.random(in: 0..<100, using: &generator) != 0 }
    for extra in count..<(count + k) {
      mixed.insert(extra, at: Int.random(in: 0...mixed.count, using: &generator))
    }
    let mixedDifference = _Diffing.difference(from: old, to: mixed)
    assertAppliesBothWays(mixedDifference, old: old, new: mixed)
    let kept = lisLength(mixed.filter { $0 < count })
    XCTAssertEqual(mixedDifference.removals.count, count - kept)
    XCTAssertEqual(mixedDifference.insertions.count, mixed.count - kept)
  }

  // MARK: Patience sorting

  /// The pile search runs four values at once once there are 64 piles; whatever the order of the
  /// values, it must place each one exactly where one value at a time would (the same piles,
  /// so the same predecessors and the same canonical subsequence).
  func testFourAtOnceSearchPlacesEveryValueAsOneAtATimeDoes() {
    var generator = SeededGenerator.fromEnvironmentOrRandom(name: #function)
    for count in [0, 1, 5, 300, 5_000, 20_000] {
      let base = (0..<Int32(count)).map { $0 }
      var blocks = stride(from: 0, to: count, by: 50).map { Array(base[$0..<min($0 + 50, count)]) }
      blocks.shuffle(using: &generator)
      var nearlySorted = base
      for _ in 0..<(count / 100) where count > 1 {
        nearlySorted.swapAt(
          Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<count, using: &generator)
        )
      }
      let withGaps = base.shuffled(using: &generator).map {
        Int.random(in: 0..<4, using: &generator) == 0 ? -1 : $0
      }
      let inputs: [(String, [Int32])] = [
        ("shuffle", base.shuffled(using: &generator)), ("blocks", blocks.flatMap { $0 }),
        ("nearly sorted", nearlySorted), ("reversed", base.reversed()), ("with gaps", withGaps),
      ]
      for (name, values) in inputs {
        var predecessors = [Int32](repeating: -7, count: values.count)
        let result = values.withUnsafeBufferPointer { values in
          predecessors.withUnsafeMutableBufferPointer {
            _Diffing.longestIncreasingSubsequence(of: values, predecessors: $0)
          }
        }
        let expected = onePileAtATime(values)
        XCTAssertEqual(result.count, expected.count, "\(name), \(count)")
        XCTAssertEqual(result.last, expected.last, "\(name), \(count)")
        XCTAssertEqual(predecessors, expected.predecessors, "\(name), \(count)")
      }
    }
  }

  /// Patience sorting as written in a textbook: each value goes on the first pile whose top is
  /// greater, found by a plain binary search; skipped entries (-1) keep their predecessor.
  private func onePileAtATime(_ values: [Int32]) -> (
    count: Int, last: Int, predecessors: [Int32]
  ) {
    var tops: [(value: Int32, index: Int)] = []
    var predecessors = [Int32](repeating: -7, count: values.count)
    for (index, value) in values.enumerated() where value >= 0 {
      var low = 0
      var high = tops.count
      while low < high {
        let middle = (low + high) / 2
        if tops[middle].value < value { low = middle + 1 } else { high = middle }
      }
      predecessors[index] = low == 0 ? -1 : Int32(tops[low - 1].index)
      if low == tops.count { tops.append((value, index)) } else { tops[low] = (value, index) }
    }
    return (tops.count, tops.last?.index ?? -1, predecessors)
  }

  // MARK: Operation-count fence

  /// One hash per identifier per side: at most 2n `hash(into:)` calls, and a bounded number of
  /// `==` calls, for a full shuffle of n = 10,000 identifiers.
  func testHashesEachIdentifierOncePerSide() {
    var generator = SeededGenerator.fromEnvironmentOrRandom(name: #function)
    let count = 10_000
    let counter = OperationCounter()
    let old = (0..<count).map { CountedIdentifier(value: $0, counter: counter) }
    let new = old.shuffled(using: &generator)
    counter.reset()
    let difference = _Diffing.difference(from: old, to: new)
    XCTAssertLessThanOrEqual(counter.hashes, 2 * count + 4)
    XCTAssertLessThanOrEqual(counter.equalities, 8 * count)
    print("fence: n = \(count), hashes \(counter.hashes), == \(counter.equalities)")
    XCTAssertEqual(difference.removals.count, count - lisLength(new.map(\.value)))

    // An unchanged sequence is trimmed whole: no hash, n `==`.
    counter.reset()
    XCTAssertTrue(_Diffing.difference(from: old, to: old).isEmpty)
    XCTAssertEqual(counter.hashes, 0)
    XCTAssertLessThanOrEqual(counter.equalities, count)
  }
}

// MARK: - Helpers

extension DiffingTests {
  /// Checks that `difference` turns `old` into `new` and that its inverse turns `new` into `old`.
  func assertAppliesBothWays<Element: Hashable>(
    _ difference: _OffsetDifference, old: [Element], new: [Element], _ label: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let collectionDifference = difference.collectionDifference(old: { old[$0] }, new: { new[$0] })
    XCTAssertEqual(old.applying(collectionDifference), new, label, file: file, line: line)
    XCTAssertEqual(
      new.applying(collectionDifference.inverse()), old, label, file: file, line: line)
  }

  /// A change at `offset`, half of a move from or to `other` when given.
  func at(_ offset: Int, _ other: Int? = nil) -> Change {
    Change(offset: offset, associatedWith: other)
  }

  /// Checks the exact difference between two strings of one-letter identifiers, and that it
  /// applies both ways.
  func assertDifference(
    _ old: String, _ new: String, removals: [Change], insertions: [Change],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let (old, new) = (Array(old), Array(new))
    let difference = _Diffing.difference(from: old, to: new)
    XCTAssertEqual(difference.removals, removals, "removals", file: file, line: line)
    XCTAssertEqual(difference.insertions, insertions, "insertions", file: file, line: line)
    assertAppliesBothWays(difference, old: old, new: new, file: file, line: line)
  }

  /// Every ordering of every subset of `elements`, each once: the empty one, then each element
  /// followed by an arrangement of the others.
  func arrangements(of elements: [Int]) -> [[Int]] {
    var result: [[Int]] = [[]]
    for (index, element) in elements.enumerated() {
      var rest = elements
      rest.remove(at: index)
      result += arrangements(of: rest).map { [element] + $0 }
    }
    return result
  }

  /// The length of a longest common subsequence, by the textbook O(*m* *n*) table.
  func lcsLength(_ old: [Int], _ new: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in 0..<old.count {
      for j in 0..<new.count {
        table[i + 1][j + 1] =
          old[i] == new[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
      }
    }
    return table[old.count][new.count]
  }

  /// The length of a longest strictly increasing subsequence (length only, O(*n* log *n*)).
  func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var (low, high) = (0, tails.count)
      while low < high {
        let middle = (low + high) / 2
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }
}

/// The seeded generator of the diff tests: `DIFFING_SEED` replays a failure.
private enum SeededGenerator {
  static func fromEnvironmentOrRandom(name: String) -> SplitMix64 {
    let seed = SplitMix64.seed(fromEnvironment: "DIFFING_SEED")
    print("\(name): seed \(seed) (replay with DIFFING_SEED=\(seed))")
    return SplitMix64(seed: seed)
  }
}
