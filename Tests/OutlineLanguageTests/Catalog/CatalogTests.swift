import XCTest

@testable import OutlineLanguage

/// `CommandCatalog`: one entry per command form, each example parsing to a command of that
/// name, and the catalog and the parser agreeing on the names.
final class CatalogTests: XCTestCase {
  /// One command of every form, so that every case of `Command` has a catalog entry.
  static let oneOfEach: [Command] = [
    .editing(.append(["A"], to: nil)), .editing(.insert(["A"], .before("B"))),
    .editing(.insertSnapshot("k", .after("B"))),
    .editing(.delete(["A"])), .editing(.deleteAll),
    .editing(.childSnapshot(of: "P", includingParent: false, keepAs: nil)),
    .editing(.replaceChildren(of: "P", with: "k")), .editing(.appendTitled(["A"], to: nil)),
    .editing(.retitle("A", "T")), .editing(.check(["A"], checked: true)),
    .editing(.check(["A"], checked: false)), .queries(.item(.title, "A")),
    .files(.expect(.title("A", "T"))), .interactions(.expand(["A"], force: false)),
    .interactions(.collapse(["A"], force: true)), .interactions(.move("A", to: .toRoot)),
    .interactions(.drag(from: 0, to: 1)), .interactions(.indent("A")),
    .interactions(.outdent("A")), .rules(.add(.noCollapse(["A"]))), .rules(.add(.noExpand(["A"]))),
    .rules(.add(.noReorder(["A"]))),
    .rules(.add(.lazy(parent: "P", children: ["C"]))), .rules(.list), .rules(.remove(1)),
    .rules(.clear),
    .queries(.show(visibleOnly: false)), .queries(.describe), .queries(.list(.items)),
    .queries(.list(.visible)), .queries(.list(.roots)),
    .queries(.list(.expanded)), .queries(.item(.parent, "A")), .queries(.item(.level, "A")),
    .queries(.item(.index, "A")),
    .queries(.item(.isExpanded, "A")), .queries(.item(.isVisible, "A")),
    .queries(.item(.contains, "A")), .queries(.count), .queries(.find("A")),
    .editing(.reveal(["A"])), .editing(.focus(.item("A"))), .editing(.unfocus),
    .editing(.filter("A")), .editing(.rename("A", to: "B")),
    .editing(.note("A", nil)), .editing(.attr("A", nil)), .editing(.cut(["A"])),
    .editing(.copy(["A"])), .editing(.paste(.into("A"))),
    .editing(.duplicate("A", as: nil)), .editing(.sort(parent: nil, reverse: false)),
    .sections(.add(["S"])), .sections(.use("S")), .sections(.delete("S")),
    .sections(.move("S", .before("T"))), .sections(.list), .transactions(.begin(empty: false)),
    .transactions(.apply), .transactions(.discard), .transactions(.last(full: false)),
    .transactions(.last(full: true)),
    .transactions(.log), .transactions(.undo), .transactions(.redo),
    .flat(.appendItems(["A"], toSection: nil, flatten: false)),
    .flat(.insertItems(["A"], .before("B"), flatten: false)),
    .flat(.deleteItems(["A"], flatten: true)), .flat(.moveItem("A", .after("B"), flatten: false)),
    .flat(.reloadItems(["A"])), .flat(.reconfigureItems(["A"])), .flat(.reloadSections(["S"])),
    .flat(.applyReloadingData), .files(.save("f")),
    .files(.load("f")), .files(.importFile("f", at: .end)),
    .files(.export("f", item: nil)), .files(.source("f")), .files(.say("hi")),
    .files(.expect(.list(.items, []))), .files(.expect(.list(.visible, []))),
    .files(.expect(.list(.roots, []))),
    .files(.expect(.list(.expanded, []))), .files(.expect(.parent("A", nil))),
    .files(.expect(.level("A", 0))),
    .files(.expect(.error(.transactions(.undo)))), .files(.help(nil)), .files(.quit),
    .files(.diff("a.md", nil)), .files(.edit(nil)), .files(.setOutput(.brief)),
  ]

  func testEveryExampleParsesToACommandOfItsEntrysName() {
    for entry in CommandCatalog.entries {
      do {
        let command = try CommandParser.parse(command: entry.example)
        XCTAssertEqual(command.name, entry.name, entry.example)
      } catch {
        XCTFail("\(entry.name): \(entry.example): \(error)")
      }
    }
  }

  func testEveryCommandFormHasExactlyOneEntry() {
    let names = CommandCatalog.entries.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "names are unique")
    XCTAssertEqual(Set(Self.oneOfEach.map(\.name)), Set(names))
    XCTAssertEqual(names.count, 88)
  }

  func testEveryEntryIsDocumented() {
    for entry in CommandCatalog.entries {
      XCTAssertFalse(entry.syntax.isEmpty, entry.name)
      for syntax in entry.syntax {
        XCTAssertTrue(syntax == entry.name || syntax.hasPrefix(entry.name + " "), syntax)
      }
      XCTAssertTrue(entry.summary.hasSuffix("."), entry.name)
      for text in [entry.summary, entry.example] + entry.syntax {
        XCTAssertFalse(text.contains("\n"), entry.name)
        XCTAssertLessThanOrEqual(text.count, 100, entry.name)
      }
    }
  }

  func testEntriesFollowTheSpecsGroups() {
    let groups = CommandCatalog.entries.map(\.group)
    var order: [CommandCatalog.Group] = []
    for group in groups where order.last != group { order.append(group) }
    XCTAssertEqual(order, CommandCatalog.Group.allCases)
  }

  func testCommandWordsAndForms() {
    XCTAssertEqual(
      CommandCatalog.commandWords,
      [
        "append", "insert", "delete", "delete-all", "child-snapshot", "replace-children", "retitle",
        "cut", "copy", "paste", "note", "attr", "check", "uncheck", "reveal", "focus", "unfocus",
        "filter", "rename", "duplicate", "sort",
        "expand",
        "collapse", "move", "drag", "indent", "outdent", "rule", "rules", "show", "find",
        "describe",
        "items", "visible", "roots", "expanded", "parent", "level", "index", "is-expanded",
        "is-visible", "contains", "title", "count", "section", "sections", "begin", "apply",
        "discard",
        "last", "log", "undo", "redo", "append-items", "insert-items", "delete-items", "move-item",
        "reload-items", "reconfigure-items", "reload-sections", "save", "load", "import", "export",
        "diff", "edit", "source",
        "say",
        "expect", "help", "set", "quit",
      ])
    XCTAssertEqual(CommandCatalog.forms(of: "rule"), CommandParser.ruleForms)
    XCTAssertEqual(CommandCatalog.forms(of: "section"), CommandParser.sectionForms)
    XCTAssertEqual(CommandCatalog.forms(of: "expect"), CommandParser.expectForms)
    XCTAssertEqual(CommandCatalog.forms(of: "append"), [])
  }

  func testEveryCommandWordIsParsed() {
    for word in CommandCatalog.commandWords {
      let error = CommandParser.parse(line: word).first?.error
      XCTAssertNotEqual(error?.code, .unknownCommand, word)
    }
  }

  func testLookUps() {
    XCTAssertEqual(CommandCatalog.entry(named: "append")?.appleAPI, "append(_:to:)")
    XCTAssertEqual(
      CommandCatalog.entry(named: "append")?.syntax,
      ["append ITEM... [to PARENT]", "append --titled TEXT... [to PARENT]"])
    XCTAssertNil(CommandCatalog.entry(named: "rule"))
    XCTAssertEqual(
      CommandCatalog.entries(forTopic: "rule").map(\.name),
      [
        "rule no-collapse", "rule no-expand", "rule no-reorder", "rule lazy", "rule remove",
        "rule clear",
      ])
    XCTAssertEqual(CommandCatalog.entries(forTopic: "rules").map(\.name), ["rules"])
    XCTAssertEqual(CommandCatalog.entries(forTopic: "nope"), [])
  }

  func testEditDistance() {
    XCTAssertEqual(_EditDistance.distance("apend", "append"), 1)
    XCTAssertEqual(_EditDistance.distance("mvoe", "move"), 1)
    XCTAssertEqual(_EditDistance.distance("", "abc"), 3)
    XCTAssertEqual(_EditDistance.distance("Undo", "undo"), 0)
    XCTAssertEqual(_EditDistance.nearest(to: "lst", among: ["log", "last"]), "last")
    XCTAssertNil(_EditDistance.nearest(to: "to", among: ["log"]))
    XCTAssertNil(_EditDistance.nearest(to: "xyzzy", among: ["append"]))
  }

  func testASuggestionIsAtMostAThirdOfTheWordAway() {
    XCTAssertEqual(
      (1...9).map { _EditDistance.bound(forLength: $0, within: 2) }, [0, 1, 1, 1, 1, 2, 2, 2, 2])
    XCTAssertNil(_EditDistance.nearest(to: "bogus", among: ["focus"]), "two edits in five")
    XCTAssertEqual(_EditDistance.suggestions(for: "bogus", among: CommandCatalog.commandWords), [])
    XCTAssertEqual(_EditDistance.nearest(to: "colapse", among: ["collapse"]), "collapse")
    XCTAssertEqual(_EditDistance.nearest(to: "colapes", among: ["collapse"]), "collapse")
    XCTAssertEqual(_EditDistance.suggestions(for: "rmeove", among: ["remove"]), ["remove"])
  }
}
