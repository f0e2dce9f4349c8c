import Diffable
import OutlineLanguage
import XCTest

/// `find`, `show ITEM` and `show --depth N`: queries, which change nothing.
final class InterpreterOutlinerQueryTests: XCTestCase {
  func testFindListsTheMatchesInOrderByIdentifierOrTitle() {
    let session = foodSession()
    run(session, "retitle Water \"Sparkling apple juice\"")
    XCTAssertEqual(run(session, "find APPLE").result, .items(["Apple", "Water"]))
    XCTAssertEqual(run(session, "find \"?ear\"").result, .items(["Pear"]))
    XCTAssertEqual(run(session, "find \"*s\"").result, .items(["Drinks"]))
    XCTAssertEqual(run(session, "find zzz").result, .items([]))
    XCTAssertNil(run(session, "find a").transaction)
  }

  func testShowItemDrawsItsSubtreeWithTheOutlinesRowsAndLevels() {
    let session = foodSession()
    run(session, "append Seed to Apple\nexpand Food")
    let lines = run(session, "show Apple").result
    XCTAssertEqual(
      lines,
      .tree([
        TreeLine(row: 1, level: 1, marker: .collapsed, item: "Apple"),
        TreeLine(row: nil, level: 2, marker: .leaf, item: "Seed"),
      ]))
    // `show Apple` named Apple: it is the current item now.
    var current = TreeLine(row: 1, level: 1, marker: .collapsed, item: "Apple")
    current.isCurrent = true
    XCTAssertEqual(run(session, "show Apple --visible").result, .tree([current]))
    XCTAssertEqual(
      run(session, "show Drinks").result,
      .tree([
        TreeLine(row: 3, level: 0, marker: .collapsed, item: "Drinks"),
        TreeLine(row: nil, level: 1, marker: .leaf, item: "Water"),
      ]))
    run(session, "collapse Food")
    XCTAssertEqual(
      run(session, "show Apple").result,
      .tree([
        TreeLine(row: nil, level: 1, marker: .collapsed, item: "Apple"),
        TreeLine(row: nil, level: 2, marker: .leaf, item: "Seed"),
      ]))
    XCTAssertEqual(run(session, "show Apple --visible").result, .tree([]))
    assertFails(session, "show Nope", .unknownItem)
  }

  func testShowDepthDrawsTheLevelsAboveIt() {
    let session = foodSession()
    run(session, "append Seed to Apple\nexpand --all")
    XCTAssertEqual(
      run(session, "show --depth 2").result,
      .tree([
        TreeLine(row: 0, level: 0, marker: .expanded, item: "Food"),
        TreeLine(row: 1, level: 1, marker: .expanded, item: "Apple"),
        TreeLine(row: 3, level: 1, marker: .leaf, item: "Pear"),
        TreeLine(row: 4, level: 0, marker: .expanded, item: "Drinks"),
        TreeLine(row: 5, level: 1, marker: .leaf, item: "Water"),
      ]))
    XCTAssertEqual(
      run(session, "show --depth 1").result,
      .tree([
        TreeLine(row: 0, level: 0, marker: .expanded, item: "Food"),
        TreeLine(row: 4, level: 0, marker: .expanded, item: "Drinks"),
      ]))
  }
}
