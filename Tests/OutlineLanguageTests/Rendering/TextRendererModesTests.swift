import Diffable
import XCTest

@testable import OutlineLanguage

/// `set output brief` and `quiet`: what each prints, and the command itself.
final class TextRendererModesTests: XCTestCase {
  let plain = TextRenderer(color: false)

  /// The lines `command` prints on `session` in `mode`.
  func lines(_ session: Session, _ command: String, _ mode: OutputMode) -> [String] {
    plain.lines(for: session.run(command), mode: mode)
  }

  /// Food (collapsed, with Apple and Pear) and Drinks.
  func food() -> Session {
    let session = Session()
    for command in ["append Food Drinks", "append Apple Pear to Food"] {
      XCTAssertNil(session.run(command).error, command)
    }
    return session
  }

  func testBriefIsOneLinePerChange() {
    let session = food()
    XCTAssertEqual(lines(session, "expand Food", .brief), ["expanded Food: 2 rows inserted"])
    XCTAssertEqual(
      lines(session, "append Kiwi to Food", .brief), ["appended Kiwi to Food: 1 row inserted"])
    XCTAssertEqual(
      lines(session, "move Apple after Pear", .brief), ["moved Apple after Pear: 1 row moved"])
    XCTAssertEqual(lines(session, "delete Pear", .brief), ["deleted Pear: 1 row removed"])
    XCTAssertEqual(
      lines(session, "retitle Apple \"Green apple\"", .brief),
      [#"retitled Apple → "Green apple""#])
    XCTAssertEqual(
      lines(session, "note Apple crisp", .brief), ["noted Apple crisp: note changed"])
    XCTAssertEqual(
      lines(session, "attr Apple url x", .brief),
      ["changed attribute Apple url x: attribute changed"])
    XCTAssertEqual(
      lines(session, "collapse Food", .brief), ["collapsed Food: 2 rows removed"])
  }

  func testBriefCountsHiddenItemsAndNamesWhatUndoStepsOver() {
    let session = food()
    XCTAssertEqual(
      lines(session, "append Kiwi to Food", .brief),
      ["appended Kiwi to Food: no row changed (1 item inserted)"])
    XCTAssertEqual(
      lines(session, "delete Food", .brief), ["deleted Food: 1 row removed (4 items removed)"])
    XCTAssertEqual(
      lines(session, "undo", .brief), ["undid delete Food: 1 row inserted (4 items inserted)"])
    XCTAssertEqual(
      lines(session, "expand Food Drinks", .brief), ["expanded Food Drinks: 3 rows inserted"])
  }

  func testBriefNamesItemsThatChangedParentAsLogDoes() {
    let session = food()
    for command in ["expand Food", "append Kiwi Fig to Apple", "expand Apple"] {
      XCTAssertNil(session.run(command).error, command)
    }
    // Food, Apple, Kiwi, Fig, Pear, Drinks: all visible.
    XCTAssertEqual(
      lines(session, "indent Pear", .brief), ["indented Pear: 1 item re-parented, no row moved"])
    XCTAssertEqual(
      lines(session, "outdent Pear", .brief), ["outdented Pear: 1 item re-parented, no row moved"])
    XCTAssertEqual(
      lines(session, "outdent --in-place Fig", .brief),
      ["outdented --in-place Fig: 1 item re-parented, no row moved"])
    XCTAssertEqual(
      lines(session, "move Pear to Drinks", .brief),
      ["moved Pear to Drinks: 1 row removed, 1 re-parented (1 item moved)"])
    XCTAssertEqual(
      lines(session, "undo", .brief),
      ["undid move Pear to Drinks: 1 row inserted, 1 re-parented (1 item moved)"])
    let log = session.run("log").result
    guard case .lines(let logLines) = log else { return XCTFail("\(String(describing: log))") }
    XCTAssertEqual(logLines.last, "8: outdent --in-place Fig  (+0 −0 rows, 1 re-parented)")
  }

  func testAnEmptyNoteOrAttributeListSaysSoInEveryTextMode() {
    let session = food()
    for mode in [OutputMode.full, .brief, .quiet] {
      XCTAssertEqual(lines(session, "note Apple", mode), ["Apple has no note"], "\(mode)")
      XCTAssertEqual(lines(session, "attr Apple", mode), ["Apple has no attributes"], "\(mode)")
    }
    // JSON keeps the empty list.
    let json = session.run("note Apple").json(snapshots: false).serialized
    XCTAssertTrue(json.contains(#""result": []"#), json)
    XCTAssertFalse(json.contains("has no"), json)
    XCTAssertNil(session.run("note Apple crisp").error)
    XCTAssertEqual(lines(session, "note Apple", .quiet), ["crisp"])
    XCTAssertEqual(lines(session, "attr Apple", .quiet), ["_note crisp"])
    XCTAssertEqual(lines(session, "note Pear", .full), ["Pear has no note"])
    XCTAssertEqual(session.run("note Aple").error?.code, .unknownItem)
  }

  func testRulesWithNoRulesSaysSoInEveryTextMode() {
    let session = food()
    for mode in [OutputMode.full, .brief, .quiet] {
      XCTAssertEqual(lines(session, "rules", mode), ["(none)"], "\(mode)")
    }
    // JSON keeps the empty list, as `items` of an empty outline does.
    let json = session.run("rules").json(snapshots: false).serialized
    XCTAssertTrue(json.contains(#""result": []"#), json)
    XCTAssertNil(session.run("rule no-expand Food").error)
    XCTAssertEqual(lines(session, "rules", .full), ["rule 1: no-expand Food"])
  }

  func testQuietPrintsNoRuleConfirmationWhichTheOtherModesPrint() {
    let session = food()
    XCTAssertEqual(lines(session, "rule no-expand Food", .quiet), [])
    XCTAssertEqual(lines(session, "rule no-collapse Food", .brief), ["rule 2: no-collapse Food"])
    XCTAssertEqual(lines(session, "rule lazy Food X", .full), ["rule 3: lazy Food X"])
    XCTAssertEqual(
      lines(session, "rules", .quiet),
      ["rule 1: no-expand Food", "rule 2: no-collapse Food", "rule 3: lazy Food X"],
      "a query still prints, in the words the confirmations use")
    let json = session.run("rule no-reorder Food").json(snapshots: false).serialized
    XCTAssertTrue(json.contains(#""result": "rule 4: no-reorder Food""#), json)
  }

  func testBriefPrintsOnlyARefusingHandlerCall() {
    let session = food()
    XCTAssertNil(session.run("expand Food").error)
    XCTAssertNil(session.run("rule no-collapse Food").error)
    let refused = session.run("collapse Food")
    XCTAssertNotNil(refused.error)
    XCTAssertEqual(
      plain.lines(for: refused, mode: .brief), ["shouldCollapseItem(Food) -> false"])
    XCTAssertEqual(plain.lines(for: refused, mode: .quiet), [])
    let expanded = session.run("expand Drinks")
    XCTAssertEqual(plain.lines(for: expanded, mode: .brief), ["expanded Drinks: no row changed"])
  }

  func testBriefKeepsNotesAndResults() {
    let session = food()
    XCTAssertEqual(lines(session, "collapse Food", .brief), ["Food is already collapsed"])
    XCTAssertEqual(lines(session, "items", .brief), ["Food Apple Pear Drinks"])
    XCTAssertEqual(lines(session, "say Hello  there", .brief), ["Hello there"])
  }

  func testQuietPrintsOnlyResultsAndSay() {
    let session = food()
    XCTAssertEqual(lines(session, "expand Food", .quiet), [])
    XCTAssertEqual(lines(session, "expand Food", .quiet), [], "no note")
    XCTAssertEqual(lines(session, "items", .quiet), ["Food Apple Pear Drinks"])
    XCTAssertEqual(lines(session, "title Apple", .quiet), ["Apple"])
    XCTAssertEqual(lines(session, "say done", .quiet), ["done"])
    XCTAssertEqual(lines(session, "show", .quiet), lines(session, "show", .full))
  }

  func testLastPrintsItsChangeInFullInEveryMode() {
    let session = food()
    XCTAssertNil(session.run("expand Food").error)
    let full = lines(session, "last", .full)
    XCTAssertEqual(lines(session, "last", .brief), full)
    XCTAssertEqual(lines(session, "last", .quiet), full)
    XCTAssertTrue(full.contains("rows:"), "\(full)")
  }

  func testFullIsTheUsualOutput() {
    let session = food()
    let outcome = session.run("expand Food")
    XCTAssertEqual(plain.lines(for: outcome, mode: .full), plain.lines(for: outcome))
  }

  // MARK: The command

  func testSetOutputChangesTheSessionsMode() {
    let session = food()
    XCTAssertEqual(session.outputMode, .full)
    let outcome = session.run("set output brief")
    XCTAssertNil(outcome.error)
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(session.outputMode, .brief)
    XCTAssertEqual(plain.lines(for: outcome, mode: .brief), [])
    XCTAssertNil(session.run("set output quiet").error)
    XCTAssertEqual(session.outputMode, .quiet)
    XCTAssertEqual(session.history.count, 2, "no history step")
  }

  func testAnUnknownModeIsASyntaxErrorNamingTheModesAndChangesNothing() {
    let session = food()
    XCTAssertNil(session.run("set output brief").error)
    let items = session.dataSource.snapshot(for: "main").items
    let errors: [(String, CommandError.Code)] = [
      ("set output loud", .syntax), ("set output", .syntax), ("set output brief extra", .syntax),
      ("set outptu full", .unknownCommand),
    ]
    for (command, code) in errors {
      let outcome = session.run(command)
      XCTAssertEqual(outcome.error?.code, code, command)
      XCTAssertEqual(session.outputMode, .brief, command)
      XCTAssertEqual(session.dataSource.snapshot(for: "main").items, items, command)
    }
    let message = session.run("set output loud").error?.message ?? ""
    for mode in OutputMode.names { XCTAssertTrue(message.contains(mode), message) }
  }

  func testSetOutputParsesAndPrintsBack() throws {
    for mode in OutputMode.allCases {
      let command = try CommandParser.parse(command: "set output \(mode.rawValue)")
      XCTAssertEqual(command, .files(.setOutput(mode)))
      XCTAssertEqual(command.description, "set output \(mode.rawValue)")
      XCTAssertEqual(command.name, "set output")
    }
  }

  /// An `edit` that retitles a hidden item counts it among the retitled, saying how many were
  /// hidden (no cell of theirs is reconfigured); full output names them.
  func testEditCountsAHiddenItemsRetitle() {
    let session = food()
    session.editor = ScriptedEditor {
      $0.replacing("Apple", with: "Green apple").replacing("Drinks", with: "Tea")
    }
    XCTAssertEqual(lines(session, "edit", .brief), ["edited: 2 retitled (1 hidden)"])
    XCTAssertEqual(session.contents.title(of: "Apple"), "Green apple")
    session.run("undo")
    XCTAssertEqual(
      lines(session, "edit", .full).suffix(2),
      [
        "reconfigured: Drinks  (same identifier, new content: no row removed or inserted)",
        "retitled while hidden: Apple  (no cell to reconfigure: a hidden item has none)",
      ])
  }
}
