import Diffable
import OutlineLanguage
import XCTest

/// Items named by the title `show` draws (`Session+TitleNames.swift`): a word that is no
/// identifier names the one item of the view titled so; identifiers win; a title several items
/// share fails, listing their rows.
final class InterpreterTitleNamesTests: XCTestCase {
  /// `foodSession`, Food expanded, Apple titled "Green apple" and Water "Sparkling".
  func titledSession() -> Session {
    let session = foodSession()
    run(session, "expand Food\nretitle Apple \"Green apple\"\nretitle Water Sparkling")
    return session
  }

  func testATitleNamesTheOneItemThatHasIt() throws {
    let session = titledSession()
    let moved = run(session, "move \"Green apple\" after Pear")
    XCTAssertEqual(moved.parsed, .interactions(.move("Apple", to: .after("Pear"))))
    XCTAssertEqual(session.outline.items, ["Food", "Pear", "Apple", "Drinks", "Water"])
    XCTAssertEqual(session.currentItem, "Apple")
    // The history records the identifier, as it records rows.
    XCTAssertEqual(session.history.last?.command, "move Apple after Pear")
    // A parent by its title too, and a hidden item.
    run(session, "append Ice to Sparkling")
    XCTAssertEqual(try session.outline.parent(of: "Ice"), "Water")
    XCTAssertEqual(run(session, "title Sparkling").result, .text("Sparkling"))
    XCTAssertEqual(run(session, "is-visible Sparkling").result, .bool(false))
  }

  func testIdentifiersWin() {
    let session = titledSession()
    run(session, "retitle Pear Drinks")
    // "Drinks" is an identifier: it names Drinks, not Pear titled Drinks.
    run(session, "delete Drinks")
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear"])
    // Apple's `contains(_:)` asks about identifiers, and a title is none.
    XCTAssertEqual(run(session, "contains \"Green apple\"").result, .bool(false))
  }

  func testATitleSeveralItemsShareFailsListingTheirRows() {
    let session = titledSession()
    run(session, "retitle Pear \"Green apple\"\nretitle Water \"Green apple\"")
    assertFails(
      session, "delete \"Green apple\"", .unknownItem,
      "No item has the identifier \"Green apple\", and 3 items have it as their title: @1, @2 "
        + "and \"Water\" (hidden) (name one by its row or its identifier)")
    // An expectation of that failure still holds.
    XCTAssertTrue(run(session, "expect error delete \"Green apple\"").ok)
  }

  func testAWordNoItemHasKeepsItsError() {
    let session = titledSession()
    assertFails(
      session, "delete Aple", .unknownItem,
      session.run("delete Aple").error?.message)
    assertFails(session, "append X to Nope", .unknownParent)
  }

  func testExpectErrorSeesTheTitle() {
    let session = titledSession()
    let outcome = session.run("expect error delete Sparkling")
    XCTAssertEqual(outcome.error?.code, .expectationFailed)
    XCTAssertEqual(session.outline.items, ["Food", "Apple", "Pear", "Drinks", "Water"])
  }

  func testInAFocusTitlesAreTheFocussDescendants() throws {
    let session = titledSession()
    run(session, "append Cup to Drinks\nretitle Cup \"Green apple\"\nfocus Drinks")
    // Apple is outside the focus: "Green apple" names Cup alone.
    XCTAssertEqual(run(session, "parent \"Green apple\"").result, .item("Drinks"))
    run(session, "unfocus")
    assertFails(session, "parent \"Green apple\"", .unknownItem)
  }
}
