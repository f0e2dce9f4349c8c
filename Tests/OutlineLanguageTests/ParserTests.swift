import Diffable
import OutlineLanguage
import XCTest

/// `CommandParser`: every command form of SPEC.md §2 parses to its exact syntax tree, including
/// keywords used as identifiers, flags anywhere, quoting and Unicode.
final class ParserTests: XCTestCase {
  // MARK: Editing

  func testAppend() {
    assertParses("append A", .append(["A"], to: nil))
    assertParses("append A B to Food", .append(["A", "B"], to: "Food"))
    assertParses(
      #"append "Smileys 😀" 🍎 to "Food & Drink""#, .append(["Smileys 😀", "🍎"], to: "Food & Drink"))
  }

  func testAppendTakesItsFirstWordAsAnItemEvenWhenItIsTo() {
    assertParses("append to", .append(["to"], to: nil))
    assertParses("append to to to", .append(["to"], to: "to"))
    assertParses("append to B", .append(["to", "B"], to: nil))
  }

  func testQuotedToIsAnItemNotTheKeyword() {
    assertParses(#"append A "to" B"#, .append(["A", "to", "B"], to: nil))
    assertParses(#"append A to "to""#, .append(["A"], to: "to"))
  }

  func testInsertItems() {
    assertParses("insert A B before C", .insert(["A", "B"], .before("C")))
    assertParses("insert A after C", .insert(["A"], .after("C")))
    assertParses("insert before before after", .insert(["before"], .before("after")))
    assertParses(#"insert A "after" after B"#, .insert(["A", "after"], .after("B")))
  }

  func testInsertSnapshotTakesAnUnquotedReference() {
    assertParses("insert @kept after C", .insertSnapshot("kept", .after("C")))
    assertParses(#"insert @"my tree" before C"#, .insertSnapshot("my tree", .before("C")))
    assertParses(#"insert "@kept" after C"#, .insert(["@kept"], .after("C")))
  }

  func testDeleteAndDeleteAll() {
    assertParses("delete A", .delete(["A"]))
    assertParses("delete to before with as none", .delete(["to", "before", "with", "as", "none"]))
    assertParses("delete-all", .deleteAll)
  }

  func testChildSnapshot() {
    assertParses("child-snapshot P", .childSnapshot(of: "P", includingParent: false, keepAs: nil))
    assertParses(
      "child-snapshot P --including-parent as kept",
      .childSnapshot(of: "P", includingParent: true, keepAs: "kept"))
    assertParses(
      "child-snapshot --including-parent P",
      .childSnapshot(of: "P", includingParent: true, keepAs: nil))
    assertParses(
      "child-snapshot P as @kept", .childSnapshot(of: "P", includingParent: false, keepAs: "kept"))
    assertParses(
      "child-snapshot as as as", .childSnapshot(of: "as", includingParent: false, keepAs: "as"))
  }

  func testReplaceChildren() {
    assertParses("replace-children P with @kept", .replaceChildren(of: "P", with: "kept"))
    assertParses("replace-children with with @with", .replaceChildren(of: "with", with: "with"))
  }

  // MARK: Interactions

  func testExpandAndCollapseWithTheForceFlagAnywhere() {
    assertParses("expand A B", .expand(["A", "B"], force: false))
    assertParses("expand --force A", .expand(["A"], force: true))
    assertParses("expand A --force B", .expand(["A", "B"], force: true))
    assertParses("collapse A", .collapse(["A"], force: false))
    assertParses("collapse A --force", .collapse(["A"], force: true))
    assertParses(#"expand "--force""#, .expand(["--force"], force: false))
  }

  func testMove() {
    assertParses("move A before B", .move("A", to: .before("B")))
    assertParses("move A after B", .move("A", to: .after("B")))
    assertParses("move A to B", .move("A", to: .into("B")))
    assertParses("move A to-root", .move("A", to: .toRoot))
  }

  func testMoveKeywordsAreKeywordsOnlyWhereExpected() {
    assertParses("move to to to", .move("to", to: .into("to")))
    assertParses("move A to to-root", .move("A", to: .into("to-root")))
    assertParses("move to-root to-root", .move("to-root", to: .toRoot))
    assertParses(#"move A before "before""#, .move("A", to: .before("before")))
  }

  func testDragTakesIntegersEvenQuotedOnes() {
    assertParses("drag 3 0", .drag(from: 3, to: 0))
    assertParses(#"drag "3" -1"#, .drag(from: 3, to: -1))
  }

  func testIndentAndOutdent() {
    assertParses("indent A", .indent("A"))
    assertParses(#"outdent "a b""#, .outdent("a b"))
  }

  // MARK: Rules

  func testRules() {
    assertParses(#"rule no-collapse "Fav*" A"#, .rule(.noCollapse(["Fav*", "A"])))
    assertParses("rule no-expand A", .rule(.noExpand(["A"])))
    assertParses("rule no-reorder A B", .rule(.noReorder(["A", "B"])))
    assertParses(
      "rule lazy Drinks Tea Coffee", .rule(.lazy(parent: "Drinks", children: ["Tea", "Coffee"])))
    assertParses("rules", .rules)
    assertParses("rule remove 2", .removeRule(2))
    assertParses("rule clear", .clearRules)
  }

  // MARK: Queries

  func testQueriesWithoutArguments() {
    assertParses("show", .show(visibleOnly: false))
    assertParses("show --visible", .show(visibleOnly: true))
    assertParses("describe", .describe)
    assertParses("items", .list(.items))
    assertParses("visible", .list(.visible))
    assertParses("roots", .list(.roots))
    assertParses("expanded", .list(.expanded))
    assertParses("count", .count)
  }

  func testQueriesAboutAnItem() {
    assertParses("parent A", .query(.parent, "A"))
    assertParses("level A", .query(.level, "A"))
    assertParses("index A", .query(.index, "A"))
    assertParses("is-expanded A", .query(.isExpanded, "A"))
    assertParses("is-visible A", .query(.isVisible, "A"))
    assertParses("contains none", .query(.contains, "none"))
  }

  // MARK: Sections

  func testSections() {
    assertParses("section add Favorites Archive", .section(.add(["Favorites", "Archive"])))
    assertParses("section use main", .section(.use("main")))
    assertParses("section delete Archive", .section(.delete("Archive")))
    assertParses("section move A before B", .section(.move("A", .before("B"))))
    assertParses("section move A after B", .section(.move("A", .after("B"))))
    assertParses("sections", .sections)
  }

  // MARK: Transactions, files and the session

  func testTransactions() {
    assertParses("begin", .begin(empty: false))
    assertParses("begin --empty", .begin(empty: true))
    assertParses("apply", .apply)
    assertParses("discard", .discard)
    assertParses("last", .last)
    assertParses("log", .log)
    assertParses("undo", .undo)
    assertParses("redo", .redo)
  }

  func testFiles() {
    assertParses(#"save "my outline.json""#, .save("my outline.json"))
    assertParses("load outline.json", .load("outline.json"))
    assertParses(#"source "C:\scripts\a.outline""#, .source(#"C:\scripts\a.outline"#))
  }

  func testSayJoinsItsWordsWithSingleSpacesAndTakesEverything() {
    assertParses("say Hello   world", .say("Hello world"))
    assertParses(#"say "a  b" c"#, .say("a  b c"))
    assertParses("say", .say(""))
    assertParses("say to --force @x none", .say("to --force @x none"))
    assertParses("say Now # not said", .say("Now"))
  }

  func testExpectLists() {
    assertParses("expect items A B", .expect(.list(.items, ["A", "B"])))
    assertParses("expect items", .expect(.list(.items, [])))
    assertParses("expect visible A", .expect(.list(.visible, ["A"])))
    assertParses("expect roots A", .expect(.list(.roots, ["A"])))
    assertParses("expect expanded", .expect(.list(.expanded, [])))
  }

  func testExpectParentAndLevel() {
    assertParses("expect parent A B", .expect(.parent("A", "B")))
    assertParses("expect parent A none", .expect(.parent("A", nil)))
    assertParses(#"expect parent A "none""#, .expect(.parent("A", "none")))
    assertParses("expect level A 2", .expect(.level("A", 2)))
  }

  func testExpectErrorHoldsAParsedCommand() {
    assertParses("expect error append A to missing", .expect(.error(.append(["A"], to: "missing"))))
    assertParses("expect error expand --force A", .expect(.error(.expand(["A"], force: true))))
    assertParses(
      "expect error expect error delete A", .expect(.error(.expect(.error(.delete(["A"]))))))
  }

  func testHelpTopics() {
    assertParses("help", .help(nil))
    assertParses("help append", .help("append"))
    assertParses("help rule", .help("rule"))
    assertParses("help rule lazy", .help("rule lazy"))
    assertParses("help expect error", .help("expect error"))
    assertParses("help rules", .help("rules"))
    assertParses(#"help "rule lazy""#, .help("rule lazy"))
  }

  func testQuit() {
    assertParses("quit", .quit)
  }

  func testACommandNameMayBeQuoted() {
    assertParses(#""append" A"#, .append(["A"], to: nil))
    assertParses(#"rule "lazy" P C"#, .rule(.lazy(parent: "P", children: ["C"])))
  }

  // MARK: Mapping to Diffable

  func testMoveDestinationsMapToSectionSnapshotDestinations() {
    XCTAssertEqual(Command.MoveDestination.before("A").destination, .before("A"))
    XCTAssertEqual(Command.MoveDestination.after("A").destination, .after("A"))
    XCTAssertEqual(Command.MoveDestination.into("A").destination, .lastChild(of: "A"))
    XCTAssertEqual(Command.MoveDestination.toRoot.destination, .lastRoot)
    XCTAssertEqual(Command.Placement.after("A").anchor, "A")
  }
}
