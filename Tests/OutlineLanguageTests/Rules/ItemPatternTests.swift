import OutlineLanguage
import XCTest

/// `ItemPattern`: what `find` and `filter` match, a glob or a substring, case ignored, on an
/// item's identifier or title.
final class ItemPatternTests: XCTestCase {
  func testWithoutAWildcardAPatternIsASubstringInAnyCase() {
    let pattern = ItemPattern("APP")
    XCTAssertFalse(pattern.isGlob)
    XCTAssertTrue(pattern.matches("Green apple"))
    XCTAssertTrue(pattern.matches("app"))
    XCTAssertFalse(pattern.matches("ap"))
    XCTAssertTrue(ItemPattern("é").matches("CAFÉ"))
  }

  func testAGlobMatchesTheWholeTextInAnyCase() {
    XCTAssertTrue(ItemPattern("*apple").isGlob)
    XCTAssertTrue(ItemPattern("*apple").matches("Green Apple"))
    XCTAssertFalse(ItemPattern("*apple").matches("Apple pie"))
    XCTAssertTrue(ItemPattern("item ?").matches("Item 7"))
    XCTAssertFalse(ItemPattern("item ?").matches("item 10"))
    XCTAssertTrue(ItemPattern("*").matches(""))
  }

  func testAnItemMatchesByItsIdentifierOrItsTitle() {
    let pattern = ItemPattern("notes")
    XCTAssertTrue(pattern.matches(identifier: "Notes (2)", title: nil))
    XCTAssertTrue(pattern.matches(identifier: "n42", title: "Meeting notes"))
    XCTAssertFalse(pattern.matches(identifier: "n42", title: "Agenda"))
  }
}
