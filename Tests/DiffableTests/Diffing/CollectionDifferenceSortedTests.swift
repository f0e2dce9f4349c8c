import OutlineTestSupport
import XCTest

@testable import Diffable

/// `CollectionDifference._sorted(removals:insertions:)`, which builds the standard library's
/// difference from changes already valid and sorted without validating them again, and the
/// dense path of `_OffsetDifference.collectionDifference` that reads each side in one pass.
final class CollectionDifferenceSortedTests: XCTestCase {
  /// On this platform's standard library the layout check holds, so transactions take the O(1)
  /// path; if a future standard library lays `CollectionDifference` out otherwise, this fails
  /// (and `_sorted` falls back to the validating initializer, so nothing else does).
  func testTheLayoutCheckHoldsOnThisStandardLibrary() {
    XCTAssertTrue(_collectionDifferenceLayoutMatches)
  }

  /// The same changes through `_sorted` and through the validating initializer give equal
  /// differences, with the same removals and insertions, whose application gives the new side
  /// (and whose inverse the old), on seeded random edits and shuffles.
  func testSortedEqualsTheValidatingInitializerOnRandomDifferences() {
    var random = SplitMix64(seed: 0x50_47ED)
    for round in 0..<200 {
      let count = Int.random(in: 0...300, using: &random)
      let old = Array(0..<count)
      var new = round % 4 == 0 ? old.shuffled(using: &random) : old
      if round % 4 != 0 {
        for _ in 0..<Int.random(in: 0...20, using: &random) where !new.isEmpty {
          let from = Int.random(in: new.indices, using: &random)
          let element = new.remove(at: from)
          if Int.random(in: 0..<3, using: &random) > 0 {
            new.insert(element, at: Int.random(in: 0...new.count, using: &random))
          }
        }
        new += (count..<(count + Int.random(in: 0...5, using: &random)))
      }
      let offsets = _Diffing.difference(from: old, to: new)
      let removals: [CollectionDifference<Int>.Change] = offsets.removals.map {
        .remove(offset: $0.offset, element: old[$0.offset], associatedWith: $0.associatedWith)
      }
      let insertions: [CollectionDifference<Int>.Change] = offsets.insertions.map {
        .insert(offset: $0.offset, element: new[$0.offset], associatedWith: $0.associatedWith)
      }
      let sorted = CollectionDifference._sorted(removals: removals, insertions: insertions)
      let validated = CollectionDifference(insertions + removals)!
      XCTAssertEqual(sorted, validated, "round \(round)")
      XCTAssertEqual(sorted.removals, validated.removals, "round \(round)")
      XCTAssertEqual(sorted.insertions, validated.insertions, "round \(round)")
      XCTAssertEqual(Array(sorted), Array(validated), "round \(round)")
      XCTAssertEqual(old.applying(sorted), new, "round \(round)")
      XCTAssertEqual(new.applying(sorted.inverse()), old, "round \(round)")
    }
  }

  /// Reading a shuffle's difference from a transaction (dense: each side read whole) gives the
  /// difference that looking every change up gives, and the standard library's
  /// `difference(from:).inferringMoves()` agrees on what it does: applied, both give the new
  /// items; and a sparse edit (looked up change by change) equals the same built by hand.
  func testTransactionDifferenceAfterAShuffleIsExactAndRoundTrips() async throws {
    var random = SplitMix64(seed: 0xD1FF)
    let old = (0..<2_000).map { "item \($0)" }
    let new = old.shuffled(using: &random)
    let dataSource = DataSource<Int, String>()
    var a = SectionSnapshot<String>()
    try a.append(old)
    var b = SectionSnapshot<String>()
    try b.append(new)
    try dataSource.apply(a, to: 0)
    let transaction = try dataSource.apply(b, to: 0)
    let looked = transaction._difference.collectionDifference(
      old: { old[$0] }, new: { new[$0] })
    XCTAssertEqual(transaction.difference, looked)
    XCTAssertEqual(transaction.sectionTransactions[0].difference, looked)
    XCTAssertEqual(old.applying(transaction.difference), new)
    XCTAssertEqual(new.applying(transaction.difference.inverse()), old)
    XCTAssertEqual(
      old.applying(new.difference(from: old).inferringMoves()), old.applying(looked))

    var c = b
    try c.move(new[10], to: .before(new[3]))
    let sparse = try dataSource.apply(c, to: 0)
    let items = c.items
    XCTAssertLessThan(sparse.difference.count * 32, items.count)
    XCTAssertEqual(
      sparse.difference,
      sparse._difference.collectionDifference(old: { new[$0] }, new: { items[$0] }))
    XCTAssertEqual(Array(sparse.difference), Array(items.difference(from: new).inferringMoves()))
  }
}
