import Diffable
import OutlineLanguage
import XCTest

/// `expand --all`, `collapse --all`, `expand --depth`, `reveal` and `filter`: app code, one
/// transaction, no handler calls; rules hold the items they name (SPEC §3, "Outline editing").
final class InterpreterOutlinerTests: XCTestCase {
  /// `Food (Apple (Seed), Pear)`, `Drinks (Water)`, `Tea`; all collapsed.
  private func deepSession() -> Session {
    let session = foodSession()
    run(session, "append Seed to Apple\nappend Tea")
    return session
  }

  func testExpandAllExpandsEveryParentInOneTransactionWithoutHandlers() {
    let session = deepSession()
    let outcome = run(session, "expand --all")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(outcome.steps.count, 0)
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple", "Drinks"])
    XCTAssertEqual(session.outline.visibleItems, session.outline.items)
    XCTAssertEqual(outcome.transaction?.difference.insertions.count, 4)
    XCTAssertEqual(outcome.note, "3 parents expanded in the section")
    XCTAssertEqual(session.history.count, 6)
    XCTAssertEqual(
      run(session, "expand --all").note, "every parent in the section is already expanded")
    XCTAssertEqual(session.history.count, 6)
  }

  func testAllOfAnItemIncludesTheItemAndOnlyItsSubtree() {
    let session = deepSession()
    run(session, "expand --all Food")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple"])
    run(session, "expand --force Drinks")
    let outcome = run(session, "collapse --all Food")
    XCTAssertEqual(session.outline.expandedItems, ["Drinks"])
    XCTAssertEqual(outcome.note, "2 parents collapsed in the subtree of Food")
    XCTAssertEqual(run(session, "expand --all Tea").note, "Tea has no children")
    XCTAssertNil(run(session, "expand --all Tea").transaction)
  }

  func testALeafKeepsItsFlag() {
    let session = deepSession()
    run(session, "expand --force Tea")
    run(session, "collapse --all")
    XCTAssertEqual(session.outline.expandedItems, ["Tea"])
  }

  func testRulesHoldTheItemsTheyNameWithANote() {
    let session = deepSession()
    run(session, "rule no-expand Dr*\nrule no-collapse Apple")
    let outcome = run(session, "expand --all")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple"])
    XCTAssertEqual(
      outcome.note,
      "2 parents expanded in the section\nDrinks left collapsed by rule 1: no-expand Dr*")
    let collapsing = run(session, "collapse --all")
    XCTAssertEqual(session.outline.expandedItems, ["Apple"])
    XCTAssertEqual(
      collapsing.note,
      "1 parent collapsed in the section\nApple left expanded by rule 2: no-collapse Apple")
  }

  func testAllOfAnUnknownItemFailsAndChangesNothing() {
    let session = deepSession()
    assertFails(
      session, "expand --all Fod", .unknownItem,
      "Item identifier does not exist in section snapshot: Fod (did you mean \"Food\"?)")
    assertFails(session, "collapse --all Nope", .unknownItem)
  }

  func testDepthShowsTheLevelsAboveItAndNothingDeeper() {
    let session = deepSession()
    run(session, "expand --all\nexpand --force Tea")
    let outcome = run(session, "expand --depth 2")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Drinks"])
    XCTAssertEqual(
      session.outline.visibleItems, ["Food", "Apple", "Pear", "Drinks", "Water", "Tea"])
    run(session, "expand --depth 1")
    XCTAssertEqual(session.outline.expandedItems, [])
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Drinks", "Tea"])
    run(session, "expand --depth 9")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple", "Drinks"])
    XCTAssertEqual(
      run(session, "expand --depth 9").note, "the outline already shows 9 levels and no more")
  }

  func testDepthIsOneTransactionThatUndoesAtOnce() {
    let session = deepSession()
    run(session, "expand --force Apple Drinks")
    let before = session.outline
    let outcome = run(session, "expand --depth 2")
    XCTAssertEqual(
      outcome.transaction?.finalSnapshot.itemIdentifiers,
      ["Food", "Apple", "Pear", "Drinks", "Water", "Tea"])
    run(session, "undo")
    XCTAssertTrue(session.outline == before)
  }

  func testDepthHoldsRuledItems() {
    let session = deepSession()
    run(session, "expand --force Apple\nrule no-collapse Apple\nrule no-expand Drinks")
    let outcome = run(session, "expand --depth 2")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple"])
    XCTAssertEqual(
      outcome.note,
      "Apple left expanded by rule 1: no-collapse Apple\nDrinks left collapsed by rule 2: no-expand Drinks"
    )
  }

  func testRevealExpandsTheAncestorsOnly() {
    let session = deepSession()
    let outcome = run(session, "reveal Seed Water")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple", "Drinks"])
    XCTAssertEqual(try session.outline.isVisible("Seed"), true)
    XCTAssertEqual(session.history.last?.command, "reveal Seed Water")
    XCTAssertEqual(
      run(session, "reveal Seed Tea").note, "Seed is already visible\nTea is already visible")
  }

  func testRevealThatARuleStopsFailsAndChangesNothing() {
    let session = deepSession()
    run(session, "rule no-expand Apple")
    assertFails(
      session, "reveal Water Seed", .refused,
      "reveal of Seed needs Apple expanded, which rule 1 refuses: no-expand Apple")
    assertFails(session, "reveal Water Nope", .unknownItem)
  }

  func testFilterExpandsExactlyTheAncestorsOfTheMatches() {
    let session = deepSession()
    run(session, "expand --force Drinks Tea")
    let outcome = run(session, "filter see")
    XCTAssertEqual(outcome.handlers, [])
    XCTAssertEqual(outcome.note, "1 match: Seed")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple"])
    XCTAssertEqual(
      session.outline.visibleItems, ["Food", "Apple", "Seed", "Pear", "Drinks", "Tea"])
    run(session, "filter \"*a*\"")
    // Apple, Pear, Water and Tea match: Food and Drinks are their ancestors.
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Drinks"])
    run(session, "undo")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple"])
    run(session, "undo")
    XCTAssertEqual(session.outline.expandedItems, ["Drinks", "Tea"])
  }

  func testFilterMatchesTitles() {
    let session = deepSession()
    run(session, "retitle Water \"Sparkling H2O\"")
    run(session, "filter sparkling")
    XCTAssertEqual(session.outline.expandedItems, ["Drinks"])
  }

  func testFilterWithNoMatchChangesNothingWithANote() {
    let session = deepSession()
    run(session, "expand --force Food")
    let history = session.history.count
    let outcome = run(session, "filter zzz")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(outcome.note, "no item matches zzz: nothing changed")
    XCTAssertEqual(session.outline.expandedItems, ["Food"])
    XCTAssertEqual(session.history.count, history)
  }

  func testFilterHoldsRuledItems() {
    let session = deepSession()
    run(session, "expand --force Drinks\nrule no-collapse Drinks")
    let outcome = run(session, "filter seed")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Apple", "Drinks"])
    XCTAssertEqual(
      outcome.note, "1 match: Seed\nDrinks left expanded by rule 1: no-collapse Drinks")
  }

  func testInABatchTheMovesEditTheWorkingCopy() {
    let session = deepSession()
    run(session, "begin")
    XCTAssertNil(run(session, "expand --all").transaction)
    run(session, "collapse --all Food\nexpand --depth 2\nreveal Seed\nfilter water")
    XCTAssertEqual(session.outline.expandedItems, ["Drinks"])
    XCTAssertEqual(session.dataSource.snapshot(for: "main").expandedItems, [])
    let applied = run(session, "apply")
    XCTAssertEqual(
      applied.transaction?.finalSnapshot.itemIdentifiers, ["Food", "Drinks", "Water", "Tea"])
  }
}
