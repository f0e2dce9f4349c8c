import Diffable
import OutlineLanguage
import XCTest

/// `Session.failure(_:)`, where every command's item errors go: an unknown identifier gets
/// "did you mean" suggestions (or the section that holds it), a duplicate names the section
/// that holds it; the codes stay the SPEC's and nothing changes.
final class InterpreterFailureTests: XCTestCase {
  /// `main` [Food (Apple, Pear), Drinks (Water)] and `Archive` [Old, Older], editing `Archive`.
  private func twoSections() -> Session {
    let session = foodSession()
    run(session, "section add Archive\nsection use Archive\nappend Old Older")
    return session
  }

  /// Runs `command`, which must fail with `code` and `message` and change nothing in any
  /// section, the rules, the kept snapshots or the current section.
  @discardableResult
  private func assertFailsEverywhere(
    _ session: Session, _ command: String, _ code: CommandError.Code, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) -> Outcome {
    let sections = session.dataSource.snapshot().sectionIdentifiers
    let before = sections.map { session.dataSource.snapshot(for: $0).visualDescriptionLines() }
    let (section, kept, rules) = (session.section, session.keptSnapshots, session.rules)
    let outcome = session.run(command)
    XCTAssertEqual(outcome.error?.code, code, file: file, line: line)
    XCTAssertEqual(outcome.error?.message, message, file: file, line: line)
    XCTAssertNil(outcome.transaction, file: file, line: line)
    XCTAssertEqual(
      session.dataSource.snapshot().sectionIdentifiers, sections, file: file, line: line)
    XCTAssertEqual(
      sections.map { session.dataSource.snapshot(for: $0).visualDescriptionLines() }, before,
      file: file, line: line)
    XCTAssertEqual(session.section, section, file: file, line: line)
    XCTAssertEqual(session.keptSnapshots, kept, file: file, line: line)
    XCTAssertEqual(session.rules, rules, file: file, line: line)
    return outcome
  }

  private let duplicate =
    "Identifiers in a section snapshot must be unique. Duplicate item identifiers: "

  // MARK: Duplicates

  /// Every command that can add an identifier says which section already holds it.
  func testADuplicateFromAnotherSectionNamesThatSection() {
    let session = twoSections()
    run(session, "child-snapshot Old --including-parent as old")
    run(session, "section use main\nchild-snapshot Food as fruit\nsection use Archive")
    let apple = duplicate + "Apple (Apple is already in section main)"
    assertFailsEverywhere(session, "append Apple", .duplicateItem, apple)
    assertFailsEverywhere(session, "append Kiwi Apple to Old", .duplicateItem, apple)
    assertFailsEverywhere(session, "insert Apple before Older", .duplicateItem, apple)
    assertFailsEverywhere(session, "insert Apple after Old", .duplicateItem, apple)
    assertFailsEverywhere(session, "rename Old Apple", .duplicateItem, apple)
    assertFailsEverywhere(session, "duplicate Old as Apple", .duplicateItem, apple)
    let applePear = duplicate + "Apple, Pear (Apple is already in section main)"
    assertFailsEverywhere(session, "replace-children Old with @fruit", .duplicateItem, applePear)
    assertFailsEverywhere(session, "insert @fruit after Older", .duplicateItem, applePear)
    XCTAssertEqual(
      run(session, "expect error append Apple").note,
      "failed as expected: duplicateItem: " + apple)
  }

  func testADuplicateInTheSameSectionOrInTheCommandSaysSo() {
    let session = twoSections()
    assertFailsEverywhere(
      session, "append Old", .duplicateItem, duplicate + "Old (Old is already in section Archive)")
    assertFailsEverywhere(
      session, "append New New", .duplicateItem, duplicate + "New (New is named twice)")
    assertFailsEverywhere(
      session, "rename Old Older", .duplicateItem,
      duplicate + "Older (Older is already in section Archive)")
  }

  func testADuplicateInABatchNamesTheSectionThatHoldsIt() {
    let session = twoSections()
    run(session, "begin\nappend New")
    assertFailsEverywhere(
      session, "append Apple", .duplicateItem,
      duplicate + "Apple (Apple is already in section main)")
    assertFailsEverywhere(
      session, "append New", .duplicateItem, duplicate + "New (New is already in section Archive)")
    XCTAssertEqual(session.outline.items, ["Old", "Older", "New"], "the working copy is kept")
  }

  func testSectionNamesThatNeedQuotesAreQuoted() {
    let session = Session()
    run(session, "section add \"My list\"\nsection use \"My list\"\nappend Apple\nsection use main")
    assertFailsEverywhere(
      session, "append Apple", .duplicateItem,
      duplicate + #"Apple (Apple is already in section "My list")"#)
    assertFailsEverywhere(
      session, "delete Apple", .unknownItem,
      #"Failed to find index of item Apple in section snapshot (Apple is in section "My list")"#)
  }

  // MARK: Unknown items

  /// Every command that takes an existing item says which section holds one it cannot see.
  func testAnUnknownItemThatAnotherSectionHoldsNamesThatSection() {
    let session = twoSections()
    let apple = " (Apple is in section main)"
    assertFailsEverywhere(
      session, "delete Apple Old", .unknownItem,
      "Failed to find index of item Apple in section snapshot" + apple)
    assertFailsEverywhere(
      session, "append Kiwi to Apple", .unknownParent,
      "Parent item identifier does not exist in section snapshot: Apple" + apple)
    assertFailsEverywhere(
      session, "insert Kiwi before Apple", .unknownItem,
      "Item identifier to insert before does not exist in section snapshot: Apple" + apple)
    for command in [
      "expand Apple", "collapse Apple", "move Apple before Old", "move Old after Apple",
      "indent Apple", "rename Apple Kiwi", "duplicate Apple", "reveal Apple", "retitle Apple A",
      "level Apple",
    ] {
      let outcome = session.run(command)
      XCTAssertEqual(outcome.error?.code, .unknownItem, command)
      XCTAssertTrue(outcome.error?.message.hasSuffix(apple) == true, command)
    }
    XCTAssertEqual(session.outline.items, ["Old", "Older"])
  }

  /// The issue's case: `delete Nope Food` with a close identifier suggests it; the code is
  /// unchanged and nothing is deleted, not even Food.
  func testAMistypedItemGetsUpToThreeSuggestionsClosestFirst() {
    let session = foodSession()
    run(session, "append Notes Note Nose Nope2")
    assertFailsEverywhere(
      session, "delete Nope Food", .unknownItem,
      #"Failed to find index of item Nope in section snapshot (did you mean "Note", "Nose" or "Nope2"?)"#
    )
    assertFailsEverywhere(
      session, "delete Wa", .unknownItem,
      #"Failed to find index of item Wa in section snapshot (did you mean "Water"?)"#)
    assertFailsEverywhere(
      session, "delete Zzz", .unknownItem, "Failed to find index of item Zzz in section snapshot")
  }

  /// After `retitle`, the title is what a person reads and types: a word that is no
  /// identifier and one item's title names that item (`Session+TitleNames.swift`); outside the
  /// focus, the title is no name, and the hint says whose title it is.
  func testAnItemNamedByItsTitleSuggestsItsIdentifier() {
    let session = foodSession()
    run(session, #"retitle Apple "Green apple""#)
    run(session, "focus Drinks")
    assertFails(
      session, #"delete "Green apple""#, .unknownItem,
      #"Failed to find index of item Green apple in section snapshot (did you mean "Apple"?"#
        + #" its title is "Green apple")"#)
    run(session, "unfocus")
    XCTAssertEqual(
      run(session, #"delete "Green apple""#).parsed, .editing(.delete(["Apple"])))
    run(session, "undo")
    // A title that is also an identifier is that item; a title nobody has gets the usual hint.
    run(session, "retitle Pear Water")
    XCTAssertEqual(run(session, "parent Water").result, .item("Drinks"))
    assertFailsEverywhere(
      session, "delete Gren", .unknownItem, "Failed to find index of item Gren in section snapshot")
  }

  func testSuggestionsComeFromTheCurrentSectionFirstThenTheOthers() {
    let session = twoSections()
    assertFailsEverywhere(
      session, "delete Olde", .unknownItem,
      #"Failed to find index of item Olde in section snapshot (did you mean "Old" or "Older"?)"#)
    assertFailsEverywhere(
      session, "delete Appel", .unknownItem,
      #"Failed to find index of item Appel in section snapshot (did you mean "Apple"?)"#)
  }

  /// Every command that takes a section suggests the close ones.
  func testAMistypedSectionGetsSuggestions() {
    let session = twoSections()
    let archive =
      #"Section identifier was not found in the snapshot: Archve (did you mean "Archive"?)"#
    assertFailsEverywhere(session, "section use Archve", .unknownSection, archive)
    assertFailsEverywhere(session, "section delete Archve", .unknownSection, archive)
    assertFailsEverywhere(session, "section move Archve before main", .unknownSection, archive)
    assertFailsEverywhere(session, "move Old to-section Archve", .unknownSection, archive)
    assertFailsEverywhere(
      session, "section use Attic", .unknownSection,
      "Section identifier was not found in the snapshot: Attic")
  }

  /// Past `suggestionBudget` identifiers the search stops: the cost of an error is bounded.
  func testTheSuggestionSearchStopsAtItsBudget() {
    let session = twoSections()
    session.suggestionBudget = 2
    // Archive's Old and Older are compared; main's Apple is past the budget.
    assertFailsEverywhere(
      session, "delete Appel", .unknownItem,
      "Failed to find index of item Appel in section snapshot")
    assertFailsEverywhere(
      session, "delete Olde", .unknownItem,
      #"Failed to find index of item Olde in section snapshot (did you mean "Old" or "Older"?)"#)
    session.suggestionBudget = 4  // Old, Older, Food, Apple
    assertFailsEverywhere(
      session, "delete Appel", .unknownItem,
      #"Failed to find index of item Appel in section snapshot (did you mean "Apple"?)"#)
  }
}
