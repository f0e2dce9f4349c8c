import OutlineLanguage
import XCTest

/// The flat snapshot's commands (SPEC §4, "The flat snapshot"): the canonical text of each form,
/// which parses back to the same command; their catalog entries; their syntax errors.
final class FlatSyntaxTests: XCTestCase {
  func testCanonicalTextOfEachFormParsesBack() {
    let cases: [(Command, String)] = [
      (
        .flat(.appendItems(["A", "B c"], toSection: nil, flatten: false)), #"append-items A "B c""#
      ),
      (
        .flat(.appendItems(["A"], toSection: "s2", flatten: true)),
        "append-items A to-section s2 --flatten"
      ),
      (
        .flat(.appendItems(["A", "to-section"], toSection: nil, flatten: false)),
        #"append-items A "to-section""#
      ),
      (.flat(.insertItems(["A", "B"], .before("C"), flatten: false)), "insert-items A B before C"),
      (
        .flat(.insertItems(["A"], .after("before"), flatten: true)),
        #"insert-items A after "before" --flatten"#
      ),
      (.flat(.deleteItems(["A", "B"], flatten: false)), "delete-items A B"),
      (.flat(.deleteItems(["--flatten"], flatten: true)), #"delete-items "--flatten" --flatten"#),
      (.flat(.moveItem("A", .before("B"), flatten: false)), "move-item A before B"),
      (
        .flat(.moveItem("after", .after("B"), flatten: true)),
        #"move-item "after" after B --flatten"#
      ),
      (.flat(.reloadItems(["A", "B"])), "reload-items A B"),
      (.flat(.reconfigureItems(["Smileys 😀"])), #"reconfigure-items "Smileys 😀""#),
      (.flat(.reloadSections(["main", "s2"])), "reload-sections main s2"),
      (.flat(.applyReloadingData), "apply --reload-data"),
    ]
    for (command, text) in cases {
      XCTAssertEqual(command.description, text)
      assertParses(text, command)
    }
  }

  func testFlagsMayComeAnywhereAfterTheName() {
    assertParses(
      "append-items --flatten A to-section main",
      .flat(.appendItems(["A"], toSection: "main", flatten: true)))
    assertParses("apply --reload-data", .flat(.applyReloadingData))
    assertParses("apply", .transactions(.apply))
  }

  func testEachCommandNamesItsCatalogEntryInTheFlatGroup() {
    let commands: [Command] = [
      .flat(.appendItems(["A"], toSection: nil, flatten: false)),
      .flat(.insertItems(["A"], .before("B"), flatten: false)),
      .flat(.deleteItems(["A"], flatten: false)),
      .flat(.moveItem("A", .after("B"), flatten: false)),
      .flat(.reloadItems(["A"])), .flat(.reconfigureItems(["A"])), .flat(.reloadSections(["m"])),
      .flat(.applyReloadingData),
    ]
    XCTAssertEqual(
      commands.map(\.name),
      [
        "append-items", "insert-items", "delete-items", "move-item", "reload-items",
        "reconfigure-items", "reload-sections", "apply --reload-data",
      ])
    for command in commands {
      let entry = CommandCatalog.entry(named: command.name)
      XCTAssertEqual(entry?.group, .flat, command.description)
      XCTAssertEqual(command.group, .flat)
    }
  }

  func testMissingAndExtraArguments() {
    assertFails("append-items", #"expected an item after "append-items""#, column: 13)
    assertFails(
      "append-items A to-section", #"expected a section after "append-items A to-section""#,
      column: 26)
    assertFails(
      "insert-items A", #"expected "before" or "after" after "insert-items A""#,
      column: 15)
    assertFails("move-item A B", #"expected "before" or "after" after "move-item A""#, column: 13)
    assertFails(
      "move-item A before B C", #"expected end of line after "move-item A before B""#, column: 22)
    assertFails("reload-sections", #"expected a section after "reload-sections""#, column: 16)
    assertFails("reload-items --flatten A", #""reload-items" has no flag "--flatten""#, column: 14)
    assertFails("apply --flatten", #""apply" has no flag "--flatten""#, column: 7)
    assertFails(
      "apply --reload-data now", #"expected end of line after "apply --reload-data""#,
      column: 21)
  }

  func testCompletionOffersTheKeywordsAndFlags() {
    func complete(_ line: String) -> [String] {
      Completion.complete(line: line, cursor: line.count, identifiers: ["A", "B"], names: [])
    }
    XCTAssertEqual(complete("append-items A to-s"), ["to-section"])
    XCTAssertEqual(complete("delete-items A --f"), ["--flatten"])
    XCTAssertEqual(complete("apply --r"), ["--reload-data"])
    XCTAssertEqual(complete("move-item A "), ["before", "after"])
    XCTAssertEqual(complete("reload-items "), ["A", "B"])
  }
}
