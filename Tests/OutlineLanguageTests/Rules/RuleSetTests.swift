import Diffable
import OutlineLanguage
import XCTest

/// `RuleSet`: what each handler answers, which rule refuses, numbering.
final class RuleSetTests: XCTestCase {
  func testAnEmptyRuleSetSaysYesAndLoadsNothing() {
    let rules = RuleSet()
    XCTAssertTrue(rules.shouldExpand("A"))
    XCTAssertTrue(rules.shouldCollapse("A"))
    XCTAssertTrue(rules.canReorder("A"))
    XCTAssertEqual(rules.snapshotForExpanding("A", current: roots([])), roots([]))
  }

  func testTheFirstMatchingRuleRefusesEachActionSeparately() {
    var rules = RuleSet()
    rules.add(.noExpand(["B"]))
    rules.add(.noCollapse(["A*"]))
    rules.add(.noCollapse(["Apple"]))
    rules.add(.noReorder(["?"]))
    XCTAssertEqual(rules.refusal(of: .collapse, "Apple")?.number, 2)
    XCTAssertNil(rules.refusal(of: .expand, "Apple"))
    XCTAssertFalse(rules.shouldExpand("B"))
    XCTAssertTrue(rules.shouldCollapse("B"))
    XCTAssertFalse(rules.canReorder("B"))
    XCTAssertTrue(rules.canReorder("BB"))
  }

  func testLazySuppliesChildrenOnlyWhenThereAreNone() {
    var rules = RuleSet()
    rules.add(.lazy(parent: "Dir*", children: ["a", "b"]))
    rules.add(.lazy(parent: "Dir1", children: ["c"]))
    XCTAssertEqual(rules.snapshotForExpanding("Dir1", current: roots([])), roots(["a", "b"]))
    XCTAssertEqual(rules.snapshotForExpanding("Dir1", current: roots(["x"])), roots(["x"]))
    XCTAssertEqual(rules.snapshotForExpanding("Other", current: roots([])), roots([]))
    XCTAssertEqual(rules.lazyChildren(of: "Dir1"), ["a", "b"])
  }

  func testRemovingRenumbersAndAnUnknownNumberChangesNothing() {
    var rules = RuleSet()
    rules.add(.noExpand(["A"]))
    rules.add(.noExpand(["B"]))
    XCTAssertNil(rules.remove(number: 0))
    XCTAssertNil(rules.remove(number: 3))
    XCTAssertEqual(rules.remove(number: 1), .noExpand(["A"]))
    XCTAssertEqual(rules.lines, ["rule 1: no-expand B"])
    XCTAssertEqual(rules.refusal(of: .expand, "B")?.number, 1)
    rules.removeAll()
    XCTAssertEqual(rules.lines, [])
  }

  func testRuleTextQuotesWhatNeedsQuotes() {
    XCTAssertEqual(
      RuleSet.text(.noCollapse(["Smileys 😀", "to"])), #"no-collapse "Smileys 😀" "to""#)
  }
}

/// `Glob`: `*` any run, `?` one character, the rest literal and case-sensitive.
final class RuleGlobTests: XCTestCase {
  func testLiteralPatternsMatchOnlyThemselves() {
    XCTAssertTrue(Glob("Food").matches("Food"))
    XCTAssertFalse(Glob("Food").matches("food"))
    XCTAssertFalse(Glob("Food").matches("Foods"))
    XCTAssertFalse(Glob("Food").hasWildcards)
  }

  func testStarMatchesAnyRunIncludingNone() {
    XCTAssertTrue(Glob("Fav*").matches("Fav"))
    XCTAssertTrue(Glob("Fav*").matches("Favourites"))
    XCTAssertTrue(Glob("*").matches(""))
    XCTAssertTrue(Glob("*s").matches("Drinks"))
    XCTAssertTrue(Glob("a*b*c").matches("aXbYbZc"))
    XCTAssertFalse(Glob("a*b*c").matches("aXbYbZ"))
    XCTAssertTrue(Glob("**x").matches("x"))
    XCTAssertTrue(Glob("*ab").matches("aab"), "backtracks")
  }

  func testQuestionMarkMatchesExactlyOneCharacter() {
    XCTAssertTrue(Glob("?ear").matches("Pear"))
    XCTAssertFalse(Glob("?ear").matches("ear"))
    XCTAssertTrue(Glob("Smiley ?").matches("Smiley 😀"), "one Character, not one scalar")
    XCTAssertFalse(Glob("?").matches(""))
  }
}
