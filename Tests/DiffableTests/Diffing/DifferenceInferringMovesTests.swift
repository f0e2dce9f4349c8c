import Diffable
import OutlineTestSupport
import XCTest

/// The public `differenceInferringMoves(from:)`, against the standard library.
///
/// Exact values on hand cases; the standard library's `difference(from:).inferringMoves()` as the
/// reference on seeded random inputs (the same numbers of removals, insertions and moves);
/// duplicates; collections other than `Array`; an operation-count fence. Which of two tied
/// elements is reported is left to `DiffingTests`. Random cases print their seed; replay one with
/// `DIFFABLE_SEED=<seed>`.
final class DifferenceInferringMovesTests: XCTestCase {
  typealias Difference = CollectionDifference<Character>

  // MARK: Exact values

  /// The example of the doc comment: one longest common subsequence (B, C, E), so one answer.
  func testDocumentedExample() {
    let old = ["A", "B", "C", "D", "E"]
    let new = ["B", "X", "C", "E", "A"]
    let difference = new.differenceInferringMoves(from: old)
    XCTAssertEqual(
      difference,
      CollectionDifference([
        .remove(offset: 0, element: "A", associatedWith: 4),
        .remove(offset: 3, element: "D", associatedWith: nil),
        .insert(offset: 1, element: "X", associatedWith: nil),
        .insert(offset: 4, element: "A", associatedWith: 0),
      ]))
    XCTAssertEqual(old.applying(difference), new)
  }

  func testSingleMoveForwardIsOneAssociatedPair() {
    assertDifference(
      "ABCD", "BCAD",
      [
        .remove(offset: 0, element: "A", associatedWith: 2),
        .insert(offset: 2, element: "A", associatedWith: 0),
      ])
  }

  func testSingleMoveBackwardIsOneAssociatedPair() {
    assertDifference(
      "ABCDE", "AEBCD",
      [
        .remove(offset: 4, element: "E", associatedWith: 1),
        .insert(offset: 1, element: "E", associatedWith: 4),
      ])
  }

  /// Heckel-style diffs report B, C and D (DifferenceKit) or all four (IGListKit) as moved here;
  /// the guide's example.
  func testFirstElementMovedToTheEndIsOneMove() {
    assertDifference(
      "ABCD", "BCDA",
      [
        .remove(offset: 0, element: "A", associatedWith: 3),
        .insert(offset: 3, element: "A", associatedWith: 0),
      ])
  }

  func testInsertionsAndRemovalsAloneArePlain() {
    assertDifference(
      "AB", "XAYBZ",
      [
        .insert(offset: 0, element: "X", associatedWith: nil),
        .insert(offset: 2, element: "Y", associatedWith: nil),
        .insert(offset: 4, element: "Z", associatedWith: nil),
      ])
    assertDifference(
      "ABCD", "BD",
      [
        .remove(offset: 0, element: "A", associatedWith: nil),
        .remove(offset: 2, element: "C", associatedWith: nil),
      ])
  }

  func testEmptyAndSingleElementSides() {
    assertDifference("", "", [])
    assertDifference("A", "A", [])
    assertDifference("", "A", [.insert(offset: 0, element: "A", associatedWith: nil)])
    assertDifference("A", "", [.remove(offset: 0, element: "A", associatedWith: nil)])
    assertDifference(
      "A", "B",
      [
        .remove(offset: 0, element: "A", associatedWith: nil),
        .insert(offset: 0, element: "B", associatedWith: nil),
      ])
  }

  /// A swap has two equally long common subsequences; either element may be the one reported.
  func testSwapIsOneMove() {
    let old = Array("AB")
    let new = Array("BA")
    let difference = new.differenceInferringMoves(from: old)
    XCTAssertEqual(difference.removals.count, 1)
    XCTAssertEqual(difference.insertions.count, 1)
    assertWellFormed(difference, old: old, new: new)
    XCTAssertEqual(moveCount(difference), 1)
  }

  // MARK: Against the standard library

  /// Seeded random inputs of unique elements, of sizes 0 to 1,000, made by shuffling, inserting,
  /// deleting, moving, reversing, replacing and all of these mixed: the same numbers of removals,
  /// insertions and moves as `difference(from:).inferringMoves()` (Myers: minimal), applying it
  /// (and its inverse) reproduces each side, and every association is mutual and pairs equal
  /// elements.
  func testSameChangeCountsAsTheStandardLibraryOnRandomUniqueInputs() {
    let seed = SplitMix64.seed()
    print("\(#function): DIFFABLE_SEED=\(seed)")
    var random = SplitMix64(seed: seed)
    var checked = 0
    for (size, repetitions) in [
      (0, 3), (1, 20), (2, 40), (3, 60), (6, 200), (20, 100), (100, 20), (1_000, 2),
    ] {
      for _ in 0..<repetitions {
        for kind in Edit.allCases {
          let old = Array(0..<size)
          let new = kind.apply(to: old, using: &random)
          let label =
            "DIFFABLE_SEED=\(seed) \(kind), size \(size): old \(old.prefix(40)) new \(new.prefix(40))"
          let difference = new.differenceInferringMoves(from: old)
          let reference = new.difference(from: old).inferringMoves()
          XCTAssertEqual(difference.removals.count, reference.removals.count, label)
          XCTAssertEqual(difference.insertions.count, reference.insertions.count, label)
          XCTAssertEqual(moveCount(difference), moveCount(reference), label)
          assertWellFormed(difference, old: old, new: new, label)
          checked += 1
        }
      }
    }
    XCTAssertEqual(checked, 445 * Edit.allCases.count)
  }

  /// How a random new side is made from `old`, `0..<n`; fresh elements are `n` and above.
  enum Edit: CaseIterable {
    case shuffle, insertions, deletions, moves, reversal, replacement, mixed

    func apply(to old: [Int], using random: inout SplitMix64) -> [Int] {
      let count = old.count
      var new = old
      var fresh = count
      func insertFresh(_ times: Int) {
        for _ in 0..<times {
          new.insert(fresh, at: Int.random(in: 0...new.count, using: &random))
          fresh += 1
        }
      }
      func delete(_ times: Int) {
        for _ in 0..<min(times, new.count) {
          new.remove(at: Int.random(in: 0..<new.count, using: &random))
        }
      }
      func move(_ times: Int) {
        for _ in 0..<times where !new.isEmpty {
          let element = new.remove(at: Int.random(in: 0..<new.count, using: &random))
          new.insert(element, at: Int.random(in: 0...new.count, using: &random))
        }
      }
      switch self {
      case .shuffle: new.shuffle(using: &random)
      case .insertions: insertFresh(Int.random(in: 1...max(1, count / 3), using: &random))
      case .deletions: delete(Int.random(in: 1...max(1, count / 3), using: &random))
      case .moves: move(Int.random(in: 1...max(1, count / 10), using: &random))
      case .reversal: new.reverse()
      case .replacement: new = Array(count..<(count + Int.random(in: 0...count, using: &random)))
      case .mixed:
        delete(Int.random(in: 0...(count / 4), using: &random))
        insertFresh(Int.random(in: 0...(count / 4), using: &random))
        move(Int.random(in: 0...(count / 4 + 1), using: &random))
      }
      return new
    }
  }

  // MARK: Duplicates

  /// Duplicates break minimality, not validity (as documented): on seeded random inputs drawn from
  /// a small alphabet, applying the result (and its inverse) reproduces each side, associations
  /// are mutual and pair equal elements, and there are never fewer changes than the minimal
  /// standard library's.
  func testDuplicatesStillGiveAValidDifference() {
    let seed = SplitMix64.seed()
    print("\(#function): DIFFABLE_SEED=\(seed)")
    var random = SplitMix64(seed: seed)
    for round in 0..<2_000 {
      let alphabet = Int.random(in: 1...6, using: &random)
      let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Int.random(in: 0..<alphabet, using: &random)
      }
      var new = old.shuffled(using: &random)
      new.removeLast(Int.random(in: 0...new.count, using: &random))
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        new.insert(
          Int.random(in: 0..<alphabet, using: &random),
          at: Int.random(in: 0...new.count, using: &random))
      }
      let label = "DIFFABLE_SEED=\(seed) round \(round): old \(old) new \(new)"
      let difference = new.differenceInferringMoves(from: old)
      assertWellFormed(difference, old: old, new: new, label)
      XCTAssertGreaterThanOrEqual(difference.count, new.difference(from: old).count, label)
    }
  }

  /// The doc comment's example: valid, and 4 changes where the 2 insertions of B suffice.
  func testDocumentedDuplicateExampleIsValidButNotMinimal() {
    let old = ["A", "A"]
    let new = ["B", "A", "A", "B"]
    let difference = new.differenceInferringMoves(from: old)
    XCTAssertEqual(old.applying(difference), new)
    XCTAssertEqual(difference.count, 4)
    XCTAssertEqual(new.difference(from: old).count, 2)
  }

  // MARK: Collection types

  /// Offsets, not indices: slices that do not start at 0, reversed collections (whose indices are
  /// not `Int`), ranges, lazy maps and contiguous arrays give the same difference as arrays of
  /// the same elements.
  func testCollectionsOtherThanArrayGiveTheArraysDifference() {
    let old = Array("ABCDEFGH")
    let new = Array("BXCFEAHG")
    let expected = new.differenceInferringMoves(from: old)
    assertWellFormed(expected, old: old, new: new)

    let padded = Array("--") + old + Array("-")
    let oldSlice = padded[2..<(2 + old.count)]
    XCTAssertEqual(oldSlice.startIndex, 2)
    XCTAssertEqual(new.differenceInferringMoves(from: oldSlice), expected)
    XCTAssertEqual(ContiguousArray(new).differenceInferringMoves(from: oldSlice), expected)
    XCTAssertEqual(oldSlice.applying(expected).map(Array.init), new)

    let reversedOld = Array(old.reversed())
    let reversedNew = Array(new.reversed())
    XCTAssertEqual(
      reversedNew.reversed().differenceInferringMoves(from: reversedOld.reversed()), expected)

    let lowercased = old.map { $0.lowercased().first! }
    XCTAssertEqual(
      new.lazy.map { $0 }.differenceInferringMoves(
        from: lowercased.lazy.map { $0.uppercased().first! }),
      expected)

    let range = 0..<10
    let rotated = Array(1..<10) + [0]
    let rangeDifference = rotated.differenceInferringMoves(from: range)
    XCTAssertEqual(
      rangeDifference,
      CollectionDifference([
        .remove(offset: 0, element: 0, associatedWith: 9),
        .insert(offset: 9, element: 0, associatedWith: 0),
      ]))
    XCTAssertEqual((0..<5).differenceInferringMoves(from: 0..<5).count, 0)
  }

  // MARK: Operation-count fence

  /// One hash per element per side at most, and a bounded number of `==` calls, for a shuffle of
  /// n = 10,000 elements: linear work besides the O(*n* log *n*) subsequence search, proven
  /// without timing; an unchanged collection costs no hash at all.
  func testHashesEachElementAtMostOncePerSide() {
    let seed = SplitMix64.seed()
    print("\(#function): DIFFABLE_SEED=\(seed)")
    var random = SplitMix64(seed: seed)
    let count = 10_000
    let counter = OperationCounter()
    let old = (0..<count).map { CountedIdentifier(value: $0, counter: counter) }
    let new = old.shuffled(using: &random)
    counter.reset()
    let difference = new.differenceInferringMoves(from: old)
    XCTAssertLessThanOrEqual(counter.hashes, 2 * count, "DIFFABLE_SEED=\(seed)")
    XCTAssertLessThanOrEqual(counter.equalities, 8 * count, "DIFFABLE_SEED=\(seed)")
    print("fence: n = \(count), hashes \(counter.hashes), == \(counter.equalities)")
    XCTAssertEqual(old.map(\.value).applying(difference.mapped(\.value)), new.map(\.value))

    counter.reset()
    XCTAssertTrue(old.differenceInferringMoves(from: old).isEmpty)
    XCTAssertEqual(counter.hashes, 0)
    XCTAssertLessThanOrEqual(counter.equalities, count)
  }
}

// MARK: - Helpers

extension DifferenceInferringMovesTests {
  /// Checks the exact difference from `old` to `new`, strings of one-letter elements, and that it
  /// is well formed.
  func assertDifference(
    _ old: String, _ new: String, _ changes: [Difference.Change],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let (old, new) = (Array(old), Array(new))
    let difference = new.differenceInferringMoves(from: old)
    XCTAssertEqual(difference, CollectionDifference(changes), file: file, line: line)
    assertWellFormed(difference, old: old, new: new, file: file, line: line)
  }

  /// Checks that applying `difference` to `old` gives `new` and its inverse takes `new` back to
  /// `old`, and that each association is mutual and pairs two equal elements.
  func assertWellFormed<Element: Hashable>(
    _ difference: CollectionDifference<Element>, old: [Element], new: [Element],
    _ label: String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(old.applying(difference), new, label, file: file, line: line)
    XCTAssertEqual(new.applying(difference.inverse()), old, label, file: file, line: line)
    var removals: [Int: (element: Element, partner: Int?)] = [:]
    var insertions: [Int: (element: Element, partner: Int?)] = [:]
    for change in difference {
      switch change {
      case .remove(let offset, let element, let partner): removals[offset] = (element, partner)
      case .insert(let offset, let element, let partner): insertions[offset] = (element, partner)
      }
    }
    for (offset, removal) in removals {
      guard let partner = removal.partner else { continue }
      let insertion = insertions[partner]
      XCTAssertEqual(
        insertion?.partner, offset, "removal at \(offset): \(label)", file: file, line: line)
      XCTAssertEqual(
        insertion?.element, removal.element, "removal at \(offset): \(label)", file: file,
        line: line)
    }
    for (offset, insertion) in insertions {
      guard let partner = insertion.partner else { continue }
      XCTAssertEqual(
        removals[partner]?.partner, offset, "insertion at \(offset): \(label)", file: file,
        line: line)
    }
  }

  /// The number of moves: removals associated with an insertion.
  func moveCount<Element>(_ difference: CollectionDifference<Element>) -> Int {
    difference.removals.count {
      if case .remove(_, _, .some) = $0 { true } else { false }
    }
  }
}

extension CollectionDifference {
  /// The same changes with each element transformed.
  fileprivate func mapped<T>(_ transform: (ChangeElement) -> T) -> CollectionDifference<T> {
    CollectionDifference<T>(
      map {
        switch $0 {
        case .remove(let offset, let element, let partner):
          .remove(offset: offset, element: transform(element), associatedWith: partner)
        case .insert(let offset, let element, let partner):
          .insert(offset: offset, element: transform(element), associatedWith: partner)
        }
      })!
  }
}
