import XCTest

@testable import OutlineLanguage

/// `CommandCatalog`: one entry per command form, each example parsing to a command of that
/// name, and the catalog and the parser agreeing on the names.
final class CatalogTests: XCTestCase {
  /// One command of every form, so that every case of `Command` has a catalog entry.
  static let oneOfEach: [Command] = [
    .append(["A"], to: nil), .insert(["A"], .before("B")), .insertSnapshot("k", .after("B")),
    .delete(["A"]), .deleteAll, .childSnapshot(of: "P", includingParent: false, keepAs: nil),
    .replaceChildren(of: "P", with: "k"), .expand(["A"], force: false),
    .collapse(["A"], force: true), .move("A", to: .toRoot), .drag(from: 0, to: 1), .indent("A"),
    .outdent("A"), .rule(.noCollapse(["A"])), .rule(.noExpand(["A"])), .rule(.noReorder(["A"])),
    .rule(.lazy(parent: "P", children: ["C"])), .rules, .removeRule(1), .clearRules,
    .show(visibleOnly: false), .describe, .list(.items), .list(.visible), .list(.roots),
    .list(.expanded), .query(.parent, "A"), .query(.level, "A"), .query(.index, "A"),
    .query(.isExpanded, "A"), .query(.isVisible, "A"), .query(.contains, "A"), .count,
    .section(.add(["S"])), .section(.use("S")), .section(.delete("S")),
    .section(.move("S", .before("T"))), .sections, .begin(empty: false), .apply, .discard, .last,
    .log, .undo, .redo, .save("f"), .load("f"), .source("f"), .say("hi"),
    .expect(.list(.items, [])), .expect(.list(.visible, [])), .expect(.list(.roots, [])),
    .expect(.list(.expanded, [])), .expect(.parent("A", nil)), .expect(.level("A", 0)),
    .expect(.error(.undo)), .help(nil), .quit,
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
    XCTAssertEqual(names.count, 57)
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
        "append", "insert", "delete", "delete-all", "child-snapshot", "replace-children", "expand",
        "collapse", "move", "drag", "indent", "outdent", "rule", "rules", "show", "describe",
        "items", "visible", "roots", "expanded", "parent", "level", "index", "is-expanded",
        "is-visible", "contains", "count", "section", "sections", "begin", "apply", "discard",
        "last", "log", "undo", "redo", "save", "load", "source", "say", "expect", "help", "quit",
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
    XCTAssertEqual(CommandCatalog.entry(named: "append")?.syntax, ["append ITEM... [to PARENT]"])
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
}
