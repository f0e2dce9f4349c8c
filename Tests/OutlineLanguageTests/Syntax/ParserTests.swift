import Diffable
import OutlineLanguage
import XCTest

/// `CommandParser`: every command form of SPEC.md §2 parses to its exact syntax tree, including
/// keywords used as identifiers, flags anywhere, quoting and Unicode.
final class ParserTests: XCTestCase {
  // MARK: Editing

  func testAppend() {
    assertParses("append A", .editing(.append(["A"], to: nil)))
    assertParses("append A B to Food", .editing(.append(["A", "B"], to: "Food")))
    assertParses(
      #"append "Smileys 😀" 🍎 to "Food & Drink""#,
      .editing(.append(["Smileys 😀", "🍎"], to: "Food & Drink")))
  }

  func testAppendTakesItsFirstWordAsAnItemEvenWhenItIsTo() {
    assertParses("append to", .editing(.append(["to"], to: nil)))
    assertParses("append to to to", .editing(.append(["to"], to: "to")))
    assertParses("append to B", .editing(.append(["to", "B"], to: nil)))
  }

  func testQuotedToIsAnItemNotTheKeyword() {
    assertParses(#"append A "to" B"#, .editing(.append(["A", "to", "B"], to: nil)))
    assertParses(#"append A to "to""#, .editing(.append(["A"], to: "to")))
  }

  func testInsertItems() {
    assertParses("insert A B before C", .editing(.insert(["A", "B"], .before("C"))))
    assertParses("insert A after C", .editing(.insert(["A"], .after("C"))))
    assertParses("insert before before after", .editing(.insert(["before"], .before("after"))))
    assertParses(#"insert A "after" after B"#, .editing(.insert(["A", "after"], .after("B"))))
  }

  func testInsertSnapshotTakesAnUnquotedReference() {
    assertParses("insert @kept after C", .editing(.insertSnapshot("kept", .after("C"))))
    assertParses(#"insert @"my tree" before C"#, .editing(.insertSnapshot("my tree", .before("C"))))
    assertParses(#"insert "@kept" after C"#, .editing(.insert(["@kept"], .after("C"))))
  }

  func testDeleteAndDeleteAll() {
    assertParses("delete A", .editing(.delete(["A"])))
    assertParses(
      "delete to before with as none", .editing(.delete(["to", "before", "with", "as", "none"])))
    assertParses("delete-all", .editing(.deleteAll))
  }

  func testChildSnapshot() {
    assertParses(
      "child-snapshot P", .editing(.childSnapshot(of: "P", includingParent: false, keepAs: nil)))
    assertParses(
      "child-snapshot P --including-parent as kept",
      .editing(.childSnapshot(of: "P", includingParent: true, keepAs: "kept")))
    assertParses(
      "child-snapshot --including-parent P",
      .editing(.childSnapshot(of: "P", includingParent: true, keepAs: nil)))
    assertParses(
      "child-snapshot P as @kept",
      .editing(.childSnapshot(of: "P", includingParent: false, keepAs: "kept")))
    assertParses(
      "child-snapshot as as as",
      .editing(.childSnapshot(of: "as", includingParent: false, keepAs: "as")))
  }

  func testReplaceChildren() {
    assertParses("replace-children P with @kept", .editing(.replaceChildren(of: "P", with: "kept")))
    assertParses(
      "replace-children with with @with", .editing(.replaceChildren(of: "with", with: "with")))
  }

  // MARK: Interactions

  func testExpandAndCollapseWithTheForceFlagAnywhere() {
    assertParses("expand A B", .interactions(.expand(["A", "B"], force: false)))
    assertParses("expand --force A", .interactions(.expand(["A"], force: true)))
    assertParses("expand A --force B", .interactions(.expand(["A", "B"], force: true)))
    assertParses("collapse A", .interactions(.collapse(["A"], force: false)))
    assertParses("collapse A --force", .interactions(.collapse(["A"], force: true)))
    assertParses(#"expand "--force""#, .interactions(.expand(["--force"], force: false)))
  }

  func testMove() {
    assertParses("move A before B", .interactions(.move("A", to: .before("B"))))
    assertParses("move A after B", .interactions(.move("A", to: .after("B"))))
    assertParses("move A to B", .interactions(.move("A", to: .into("B"))))
    assertParses("move A to-root", .interactions(.move("A", to: .toRoot)))
  }

  func testMoveKeywordsAreKeywordsOnlyWhereExpected() {
    assertParses("move to to to", .interactions(.move("to", to: .into("to"))))
    assertParses("move A to to-root", .interactions(.move("A", to: .into("to-root"))))
    assertParses("move to-root to-root", .interactions(.move("to-root", to: .toRoot)))
    assertParses(#"move A before "before""#, .interactions(.move("A", to: .before("before"))))
  }

  func testDragTakesIntegersEvenQuotedOnes() {
    assertParses("drag 3 0", .interactions(.drag(from: 3, to: 0)))
    assertParses(#"drag "3" -1"#, .interactions(.drag(from: 3, to: -1)))
  }

  func testIndentAndOutdent() {
    assertParses("indent A", .interactions(.indent("A")))
    assertParses(#"outdent "a b""#, .interactions(.outdent("a b")))
  }

  // MARK: Rules

  func testRules() {
    assertParses(#"rule no-collapse "Fav*" A"#, .rules(.add(.noCollapse(["Fav*", "A"]))))
    assertParses("rule no-expand A", .rules(.add(.noExpand(["A"]))))
    assertParses("rule no-reorder A B", .rules(.add(.noReorder(["A", "B"]))))
    assertParses(
      "rule lazy Drinks Tea Coffee",
      .rules(.add(.lazy(parent: "Drinks", children: ["Tea", "Coffee"]))))
    assertParses("rules", .rules(.list))
    assertParses("rule remove 2", .rules(.remove(2)))
    assertParses("rule clear", .rules(.clear))
  }

  // MARK: Queries

  func testQueriesWithoutArguments() {
    assertParses("show", .queries(.show(visibleOnly: false)))
    assertParses("show --visible", .queries(.show(visibleOnly: true)))
    assertParses("describe", .queries(.describe))
    assertParses("items", .queries(.list(.items)))
    assertParses("visible", .queries(.list(.visible)))
    assertParses("roots", .queries(.list(.roots)))
    assertParses("expanded", .queries(.list(.expanded)))
    assertParses("count", .queries(.count))
  }

  func testQueriesAboutAnItem() {
    assertParses("parent A", .queries(.item(.parent, "A")))
    assertParses("level A", .queries(.item(.level, "A")))
    assertParses("index A", .queries(.item(.index, "A")))
    assertParses("is-expanded A", .queries(.item(.isExpanded, "A")))
    assertParses("is-visible A", .queries(.item(.isVisible, "A")))
    assertParses("contains none", .queries(.item(.contains, "none")))
  }

  // MARK: Sections

  func testSections() {
    assertParses("section add Favorites Archive", .sections(.add(["Favorites", "Archive"])))
    assertParses("section use main", .sections(.use("main")))
    assertParses("section delete Archive", .sections(.delete("Archive")))
    assertParses("section move A before B", .sections(.move("A", .before("B"))))
    assertParses("section move A after B", .sections(.move("A", .after("B"))))
    assertParses("sections", .sections(.list))
  }

  // MARK: Transactions, files and the session

  func testTransactions() {
    assertParses("begin", .transactions(.begin(empty: false)))
    assertParses("begin --empty", .transactions(.begin(empty: true)))
    assertParses("apply", .transactions(.apply))
    assertParses("discard", .transactions(.discard))
    assertParses("last", .transactions(.last(full: false)))
    assertParses("last --full", .transactions(.last(full: true)))
    assertParses("log", .transactions(.log))
    assertParses("undo", .transactions(.undo))
    assertParses("redo", .transactions(.redo))
  }

  func testFiles() {
    assertParses(#"save "my outline.json""#, .files(.save("my outline.json")))
    assertParses("load outline.json", .files(.load("outline.json")))
    assertParses(#"source "C:\scripts\a.outline""#, .files(.source(#"C:\scripts\a.outline"#)))
  }

  /// `--force` (SPEC §4): `save` and `export` over a file whose load lost something; anywhere
  /// after the name, and printed last.
  func testForceAfterSaveAndExportOnly() throws {
    assertParses("save a.md --force", .files(.save("a.md", force: true)))
    assertParses("save --force a.md", .files(.save("a.md", force: true)))
    assertParses("save a --format md --force", .files(.save("a", format: .markdown, force: true)))
    assertParses("export a.md A --force", .files(.export("a.md", item: "A", force: true)))
    assertParses(
      "export - --format opml --force", .files(.export("-", item: nil, format: .opml, force: true)))
    XCTAssertEqual(Command.files(.save("a.md", force: true)).description, "save a.md --force")
    XCTAssertEqual(
      Command.files(.export("a.md", item: "A", format: .opml, force: true)).description,
      "export a.md A --format opml --force")
    for text in ["load a.md --force", "import a.md --force"] {
      XCTAssertThrowsError(try CommandParser.parse(command: text), text)
    }
  }

  func testSayJoinsItsWordsWithSingleSpacesAndTakesEverything() {
    assertParses("say Hello   world", .files(.say("Hello world")))
    assertParses(#"say "a  b" c"#, .files(.say("a  b c")))
    assertParses("say", .files(.say("")))
    assertParses("say to --force @x none", .files(.say("to --force @x none")))
    assertParses("say Now # not said", .files(.say("Now")))
  }

  func testExpectLists() {
    assertParses("expect items A B", .files(.expect(.list(.items, ["A", "B"]))))
    assertParses("expect items", .files(.expect(.list(.items, []))))
    assertParses("expect visible A", .files(.expect(.list(.visible, ["A"]))))
    assertParses("expect roots A", .files(.expect(.list(.roots, ["A"]))))
    assertParses("expect expanded", .files(.expect(.list(.expanded, []))))
  }

  func testExpectParentAndLevel() {
    assertParses("expect parent A B", .files(.expect(.parent("A", "B"))))
    assertParses("expect parent A none", .files(.expect(.parent("A", nil))))
    assertParses(#"expect parent A "none""#, .files(.expect(.parent("A", "none"))))
    assertParses("expect level A 2", .files(.expect(.level("A", 2))))
  }

  func testExpectErrorHoldsAParsedCommand() {
    assertParses(
      "expect error append A to missing",
      .files(.expect(.error(.editing(.append(["A"], to: "missing"))))))
    assertParses(
      "expect error expand --force A",
      .files(.expect(.error(.interactions(.expand(["A"], force: true))))))
    assertParses(
      "expect error expect error delete A",
      .files(.expect(.error(.files(.expect(.error(.editing(.delete(["A"])))))))))
  }

  func testHelpTopics() {
    assertParses("help", .files(.help(nil)))
    assertParses("help append", .files(.help("append")))
    assertParses("help rule", .files(.help("rule")))
    assertParses("help rule lazy", .files(.help("rule lazy")))
    assertParses("help expect error", .files(.help("expect error")))
    assertParses("help rules", .files(.help("rules")))
    assertParses(#"help "rule lazy""#, .files(.help("rule lazy")))
  }

  func testQuit() {
    assertParses("quit", .files(.quit))
    // `exit` is `quit`, as in a shell: not an unknown command that suggests `edit`.
    assertParses("exit", .files(.quit))
  }

  func testACommandNameMayBeQuoted() {
    assertParses(#""append" A"#, .editing(.append(["A"], to: nil)))
    assertParses(#"rule "lazy" P C"#, .rules(.add(.lazy(parent: "P", children: ["C"]))))
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
