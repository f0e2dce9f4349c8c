import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// `NaturalOrder`: numbers by value, text in any case, numbers before text, ties stable.
final class NaturalOrderTests: XCTestCase {
  private func sorted(_ texts: [String], reverse: Bool = false) -> [String] {
    NaturalOrder.order(of: texts, reverse: reverse).map { texts[$0] }
  }

  func testNumbersCompareByValue() {
    XCTAssertEqual(
      sorted(["item 10", "item 2", "item 1", "item 02x", "item 100"]),
      ["item 1", "item 2", "item 02x", "item 10", "item 100"])
    XCTAssertEqual(
      sorted(["v99999999999999999999999", "v100000000000000000000000", "v3"]),
      ["v3", "v99999999999999999999999", "v100000000000000000000000"])
  }

  func testCaseIsIgnoredAndNumbersComeBeforeText() {
    XCTAssertEqual(
      sorted(["banana", "Apple", "cherry", "2 pears"]), ["2 pears", "Apple", "banana", "cherry"])
  }

  func testTiesKeepTheirOrderForwardAndReversed() {
    XCTAssertEqual(sorted(["b", "A", "a", "B", "007", "7"]), ["007", "7", "A", "a", "b", "B"])
    XCTAssertEqual(
      sorted(["b", "A", "a", "B", "007", "7"], reverse: true), ["b", "B", "A", "a", "007", "7"])
  }

  /// Letters with diacritics sort among their base letters (by raw scalars, `Ångström` and
  /// `éclair` came after `Zebra`); a precomposed and a decomposed `é` are alike.
  func testDiacriticsAreFoldedToTheirLetters() {
    XCTAssertEqual(
      sorted(["Zebra", "éclair", "Eve", "Ångström", "apple", "Œuvre", "Straße", "Strasse 2"]),
      ["Ångström", "apple", "éclair", "Eve", "Œuvre", "Straße", "Strasse 2", "Zebra"])
    XCTAssertEqual(sorted(["e\u{301}b", "éa", "ec"]), ["éa", "e\u{301}b", "ec"])
    XCTAssertEqual(sorted(["Łódź", "Lyon", "Ljubljana"]), ["Ljubljana", "Łódź", "Lyon"])
    // Other scripts keep their letters: after Latin, as before.
    XCTAssertEqual(sorted(["Ωmega", "Zulu", "Élan"]), ["Élan", "Zulu", "Ωmega"])
  }

  func testAPrefixComesFirst() {
    XCTAssertEqual(sorted(["ab", "a", "a1", ""]), ["", "a", "a1", "ab"])
  }

  func testTheByteKeyOrdersAsTheRunsDo() {
    // Printable ASCII texts compare by their byte keys; the runs are the definition.
    var random = SplitMix64(seed: 0x50F7)
    let alphabet = Array("aAbZ0079 .-~")
    let texts =
      (0..<300).map { _ in
        String(
          (0..<Int.random(in: 0...7, using: &random)).map { _ in
            alphabet.randomElement(using: &random)!
          })
      } + ["é", "É1", "a\u{1}", "item 2", "item 10"]
    for a in texts {
      for b in texts {
        let order = NaturalOrder.SortKey.compare(
          NaturalOrder.SortKey(a), NaturalOrder.SortKey(b), texts: (a, b))
        let x = NaturalOrder.Key(a)
        let y = NaturalOrder.Key(b)
        XCTAssertEqual(
          order, x < y ? -1 : y < x ? 1 : 0, "\(a.debugDescription) \(b.debugDescription)")
      }
    }
  }
}
