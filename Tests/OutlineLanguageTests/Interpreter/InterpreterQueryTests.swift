import Diffable
import OutlineLanguage
import XCTest

/// The queries: each answers from the current section snapshot and changes nothing.
final class InterpreterQueryTests: XCTestCase {
  func testListsAndCount() {
    let session = foodSession()
    run(session, "expand Food")
    XCTAssertEqual(
      session.run("items").result, .items(["Food", "Apple", "Pear", "Drinks", "Water"]))
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Apple", "Pear", "Drinks"]))
    XCTAssertEqual(session.run("roots").result, .items(["Food", "Drinks"]))
    XCTAssertEqual(session.run("expanded").result, .items(["Food"]))
    XCTAssertEqual(session.run("count").result, .number(5))
    XCTAssertNil(session.run("count").transaction)
  }

  func testItemQueries() {
    let session = foodSession()
    XCTAssertEqual(session.run("parent Apple").result, .item("Food"))
    XCTAssertEqual(session.run("parent Food").result, .item(nil))
    XCTAssertEqual(session.run("level Pear").result, .number(1))
    XCTAssertEqual(session.run("index Drinks").result, .number(3))
    XCTAssertEqual(session.run("index Nope").result, .item(nil))
    XCTAssertEqual(session.run("is-expanded Food").result, .bool(false))
    XCTAssertEqual(session.run("is-visible Apple").result, .bool(false))
    XCTAssertEqual(session.run("contains Water").result, .bool(true))
    XCTAssertEqual(session.run("contains Nope").result, .bool(false))
  }

  func testItemQueriesOfUnknownItemsAreUnknownItem() {
    let session = foodSession()
    assertFails(
      session, "parent Aple", .unknownItem,
      #"Child item identifier does not exist in section snapshot: Aple (did you mean "Apple"?)"#)
    assertFails(session, "level Nope", .unknownItem)
    assertFails(session, "is-expanded Nope", .unknownItem)
    assertFails(session, "is-visible Nope", .unknownItem)
  }

  func testDescribeAndShow() {
    let session = foodSession()
    run(session, "expand Food")
    let lines = ["+*Food", "  -*Apple", "  -*Pear", "-*Drinks", "  - Water"]
    XCTAssertEqual(session.run("describe").result, .lines(lines))
    var tree: [TreeLine] = [
      TreeLine(row: 0, level: 0, marker: .expanded, item: "Food"),
      TreeLine(row: 1, level: 1, marker: .leaf, item: "Apple"),
      TreeLine(row: 2, level: 1, marker: .leaf, item: "Pear"),
      TreeLine(row: 3, level: 0, marker: .collapsed, item: "Drinks"),
      TreeLine(row: nil, level: 1, marker: .leaf, item: "Water"),
    ]
    tree[0].isCurrent = true  // `expand Food` named it
    XCTAssertEqual(session.run("show").result, .tree(tree))
    XCTAssertEqual(session.run("show --visible").result, .tree(Array(tree.dropLast())))
  }
}
