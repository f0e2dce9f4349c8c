import Diffable
import OutlineLanguage
import XCTest

/// A user touches only what they see (SPEC §4).
///
/// A disclosure tap, a reorder and the row it drops at need a visible row; a hidden one is
/// `notVisible`, naming the outermost collapsed ancestor, with no handler called and nothing
/// changed. Code (`--force`, `reveal`, `--all`, the editing commands) still touches hidden items.
final class InterpreterVisibilityTests: XCTestCase {
  /// Runs `command`, which must fail with `notVisible` (and `message` when given), calling no
  /// handler and changing nothing.
  @discardableResult
  func assertHidden(
    _ session: Session, _ command: String, _ message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Outcome {
    let history = session.history.count
    let outcome = assertFails(session, command, .notVisible, message, file: file, line: line)
    XCTAssertEqual(outcome.handlers, [], "a handler was called", file: file, line: line)
    XCTAssertEqual(outcome.effect, .none, file: file, line: line)
    XCTAssertEqual(session.history.count, history, "a step was recorded", file: file, line: line)
    return outcome
  }

  /// Food (collapsed) > Fruit (collapsed) > Apple; Food > Pear; Drinks (collapsed) > Water,
  /// with a rule of each kind, so that any handler call would show.
  func hiddenSession(file: StaticString = #filePath, line: UInt = #line) -> Session {
    let session = Session()
    run(
      session,
      """
      append Food Drinks
      append Fruit Pear to Food
      append Apple to Fruit
      append Water to Drinks
      rule no-reorder Nothing
      rule no-expand Nothing
      rule no-collapse Nothing
      rule lazy Apple Seed
      """, file: file, line: line)
    return session
  }

  func testATapOnAHiddenItemNamesTheOutermostCollapsedAncestor() {
    let session = hiddenSession()
    assertHidden(
      session, "expand Apple",
      "Apple is not on a visible row: its ancestor Food is collapsed (a user can only tap what "
        + "they see; expand Food first, or use --force / reveal)")
    assertHidden(session, "expand Fruit")
    run(session, "expand Food")
    // Fruit shows now, but Apple is still under the collapsed Fruit.
    assertHidden(
      session, "expand Apple",
      "Apple is not on a visible row: its ancestor Fruit is collapsed (a user can only tap what "
        + "they see; expand Fruit first, or use --force / reveal)")
    run(session, "collapse Food\nexpand --force Fruit")
    assertHidden(session, "collapse Fruit")
    // An item already in the state asked is hidden all the same: no note, no tap.
    assertHidden(session, "expand Fruit")
    assertHidden(session, "collapse Pear")
  }

  func testEachTapCountsTheTapsBeforeIt() {
    let session = hiddenSession()
    // Food's tap shows Fruit, whose tap shows Apple.
    let shown = run(session, "expand Food Fruit Apple")
    XCTAssertEqual(
      shown.handlers.map(\.name).filter { $0 == "shouldExpandItem" }.count, 3)
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit", "Apple"])
    // Food's tap would hide Fruit before its own tap: nothing is tapped at all.
    assertHidden(session, "collapse Food Fruit")
    assertHidden(session, "collapse Pear Food Fruit")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit", "Apple"])
    // In the other order both show when tapped.
    run(session, "collapse Fruit Food")
    XCTAssertEqual(session.outline.expandedItems, ["Apple"])
  }

  func testATapHiddenByTheTapsBeforeItGivesACommandThatWorks() {
    let session = hiddenSession()
    // Food's tap shows Fruit, still collapsed: "expand Fruit first" would fail, Food being
    // collapsed in the state the user has.
    assertHidden(
      session, "expand Food Apple",
      "Apple is not on a visible row when its turn comes: after the taps before it, its "
        + "ancestor Fruit is collapsed (a user can only tap what they see; expand Food Fruit "
        + "Apple taps in an order that works, or use --force / reveal)")
    XCTAssertEqual(session.outline.expandedItems, [])
    run(session, "expand Food Fruit Apple")
    assertHidden(
      session, "collapse Pear Food Fruit",
      "Fruit is not on a visible row when its turn comes: after the taps before it, its "
        + "ancestor Food is collapsed (a user can only tap what they see; collapse Pear Fruit "
        + "Food taps in an order that works, or use --force / reveal)")
    XCTAssertEqual(session.outline.expandedItems, ["Food", "Fruit", "Apple"])
    run(session, "collapse Pear Fruit Food")
    XCTAssertEqual(session.outline.expandedItems, ["Apple"])
  }

  func testUnknownItemsComeFirstAndABatchStillRefusesTheTap() {
    let session = hiddenSession()
    assertFails(session, "expand Apple Nope", .unknownItem)
    run(session, "begin")
    assertFails(session, "expand Apple", .refused)
    run(session, "discard")
  }

  func testAReorderOfAHiddenItemIsRefusedBeforeTheHandlers() {
    let session = hiddenSession()
    let drag =
      "(a user can only drag what they see; expand Food first, or reveal Apple)"
    assertHidden(
      session, "move Apple before Food",
      "Apple is not on a visible row: its ancestor Food is collapsed " + drag)
    assertHidden(session, "move Apple after Drinks")
    assertHidden(session, "move Apple to Drinks")
    assertHidden(session, "move Apple to-root")
    assertHidden(session, "move Pear up")
    assertHidden(session, "move Fruit down")
    assertHidden(session, "indent Pear")
    assertHidden(session, "outdent Fruit")
    // Before the moves' own checks: a first child cannot be indented, a root outdented.
    assertHidden(session, "indent Fruit")
    assertHidden(session, "move Fruit up")
    assertHidden(session, "move Apple to Apple")
    // And before a rule's refusal.
    run(session, "rule no-reorder Pear")
    assertHidden(session, "move Pear up")
  }

  func testADropBesideOrIntoAHiddenItemIsRefused() {
    let session = hiddenSession()
    assertHidden(
      session, "move Drinks before Apple",
      "Apple is not on a visible row: its ancestor Food is collapsed (a user can only drop "
        + "where they see; expand Food first, or reveal Apple)")
    assertHidden(session, "move Drinks after Pear")
    assertHidden(session, "move Drinks to Fruit")
    // The dragged item is named first when both are hidden.
    let both = assertHidden(session, "move Water before Pear")
    XCTAssertEqual(both.error?.message.hasPrefix("Water is not on a visible row"), true)
    // An unknown anchor or parent is still that.
    assertFails(session, "move Drinks before Nope", .unknownItem)
    assertFails(session, "move Drinks to Nope", .unknownParent)
  }

  func testAMoveToAnotherSectionNeedsItsRowsVisibleInBothSections() {
    let session = hiddenSession()
    run(
      session,
      """
      section add Other
      section use Other
      append Box
      append Lid to Box
      section use main
      """)
    assertHidden(session, "move Apple to-section Other")
    assertHidden(
      session, "move Food to-section Other before Lid",
      "Lid is not on a visible row: its ancestor Box is collapsed (a user can only drop where "
        + "they see; expand Box first, or reveal Lid)")
    XCTAssertEqual(session.dataSource.snapshot(for: "Other").items, ["Box", "Lid"])
    run(session, "move Food to-section Other after Box")
    XCTAssertEqual(session.dataSource.snapshot(for: "Other").rootItems, ["Box", "Food"])
  }

  func testADragNamesVisibleRowsOnly() {
    let session = hiddenSession()
    // Row 1 is Drinks: Food's children are not rows.
    run(session, "drag 1 0")
    XCTAssertEqual(session.outline.rootItems, ["Drinks", "Food"])
  }

  func testCodeStillTouchesHiddenItems() {
    let session = hiddenSession()
    let forced = run(session, "expand --force Apple")
    XCTAssertEqual(forced.handlers, [])
    XCTAssertEqual(session.outline.expandedItems, ["Apple"])
    run(session, "collapse --force Apple")
    run(session, "expand --all Fruit")
    XCTAssertEqual(session.outline.expandedItems, ["Fruit"])
    run(session, "append Kiwi to Fruit\ndelete Pear\nrename Kiwi Lime")
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Drinks"])
    run(session, "reveal Apple")
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Fruit", "Apple", "Lime", "Drinks"])
    // Once shown, the gestures go through the handlers.
    let moved = run(session, "move Lime up")
    XCTAssertEqual(moved.handlers.map(\.name), ["canReorderItem", "willReorder", "didReorder"])
    XCTAssertEqual(session.outline.items, ["Food", "Fruit", "Lime", "Apple", "Drinks", "Water"])
  }

  func testExpectErrorHoldsAndTheJSONCodeIsNotVisible() {
    let session = hiddenSession()
    XCTAssertNil(session.run("expect error move Apple up").error)
    let outcome = session.run("expand Apple")
    XCTAssertTrue(outcome.json.serialized.contains(#""code": "notVisible""#))
    XCTAssertEqual(CommandError.Code.notVisible.rawValue, "notVisible")
  }

  /// The library's own refusal of a hidden item, should it reach a command, has the SPEC code.
  func testTheLibrarysNotVisibleIsTheNotVisibleCode() {
    XCTAssertEqual(CommandError.code(for: .notVisible("Apple")), .notVisible)
    XCTAssertEqual(CommandError(SnapshotError.notVisible("Apple")).code, .notVisible)
  }
}
