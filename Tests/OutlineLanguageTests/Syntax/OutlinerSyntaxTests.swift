import OutlineLanguage
import XCTest

/// The outliner's commands (SPEC §3, "Outline editing"): the canonical text of each form, which
/// parses back to the same command; their syntax errors; the completion of their flags and
/// keywords.
final class OutlinerSyntaxTests: XCTestCase {
  func testCanonicalTextOfEachFormParsesBack() {
    let cases: [(Command, String)] = [
      (.interactions(.expandAll(nil)), "expand --all"),
      (.interactions(.expandAll("to")), #"expand --all "to""#),
      (.interactions(.collapseAll("Smileys 😀")), #"collapse --all "Smileys 😀""#),
      (.interactions(.expandToDepth(3)), "expand --depth 3"),
      (.interactions(.shift("A", .up)), "move A up"),
      (.interactions(.shift("up", .down)), "move up down"),
      (.interactions(.move("A", to: .before("up"))), "move A before up"),
      (.editing(.reveal(["A", "B c"])), #"reveal A "B c""#),
      (.editing(.filter("*apple*")), "filter *apple*"),
      (.editing(.filter("green apple")), #"filter "green apple""#),
      (.editing(.rename("Pear", to: "as")), #"rename Pear "as""#),
      (.editing(.duplicate("Food", as: nil)), "duplicate Food"),
      (.editing(.duplicate("as", as: "Food 2")), #"duplicate "as" as "Food 2""#),
      (.editing(.sort(parent: "Food", reverse: false)), "sort Food"),
      (.editing(.sort(parent: "--roots", reverse: true)), #"sort "--roots" --reverse"#),
      (.editing(.sort(parent: nil, reverse: false)), "sort --roots"),
      (.editing(.sort(parent: nil, reverse: true)), "sort --roots --reverse"),
      (.queries(.showSubtree("Food", visibleOnly: false)), "show Food"),
      (.queries(.showSubtree("--visible", visibleOnly: true)), #"show "--visible" --visible"#),
      (.queries(.showToDepth(1)), "show --depth 1"),
      (.queries(.find("app")), "find app"),
      (.queries(.find(.init("^a.*e$", isRegex: true))), "find ^a.*e$ --regex"),
      (.queries(.find(.init("ana", scope: .notes))), "find ana --in notes"),
      (
        .editing(.filter(.init("x|y", isRegex: true, scope: .all))),
        "filter x|y --regex --in all"
      ),
    ]
    for (command, text) in cases {
      XCTAssertEqual(command.description, text)
      assertParses(text, command)
    }
  }

  /// `--regex` and `--in WHERE` before or after the pattern; a bad scope or regular
  /// expression is a syntax error at its word.
  func testSearchFlagsAndTheirErrors() throws {
    let search = Command.Search("^P", isRegex: true, scope: .attrs)
    assertParses("find --in attrs --regex ^P", .queries(.find(search)))
    assertParses("find ^P --regex --in attrs", .queries(.find(search)))
    assertParses("filter --regex ^P --in attrs", .editing(.filter(search)))
    XCTAssertThrowsError(try CommandParser.parse(command: "find x --in nowhere")) { error in
      XCTAssertEqual(
        (error as? SyntaxError)?.description,
        #"13: expected "titles", "notes", "attrs" or "all" after "find x --in""#)
    }
    XCTAssertThrowsError(try CommandParser.parse(command: "find x --in")) { error in
      XCTAssertEqual((error as? SyntaxError)?.code, .syntax)
    }
    XCTAssertThrowsError(try CommandParser.parse(command: "filter \"(\" --regex")) { error in
      let syntax = error as? SyntaxError
      XCTAssertEqual(syntax?.column, 8)
      XCTAssertEqual(
        syntax?.message.hasPrefix(#""filter": ( is not a regular expression: "#), true)
    }
  }

  func testFlagsMayComeAnywhereAfterTheName() {
    assertParses("expand Food --all", .interactions(.expandAll("Food")))
    assertParses("sort --reverse Food", .editing(.sort(parent: "Food", reverse: true)))
    assertParses("show --visible Food", .queries(.showSubtree("Food", visibleOnly: true)))
  }

  func testEachCommandNamesItsCatalogEntry() {
    let commands: [Command] = [
      .interactions(.expandAll(nil)), .interactions(.collapseAll(nil)),
      .interactions(.expandToDepth(2)), .interactions(.shift("A", .down)),
      .editing(.reveal(["A"])), .editing(.filter("A")), .editing(.rename("A", to: "B")),
      .editing(.duplicate("A", as: nil)), .editing(.sort(parent: nil, reverse: false)),
      .queries(.showSubtree("A", visibleOnly: false)), .queries(.showToDepth(1)),
      .queries(.find("A")),
    ]
    XCTAssertEqual(
      commands.map(\.name),
      [
        "expand", "collapse", "expand", "move", "reveal", "filter", "rename", "duplicate", "sort",
        "show", "show", "find",
      ])
    for command in commands {
      let entry = CommandCatalog.entry(named: command.name)
      XCTAssertEqual(entry?.group, command.group, command.description)
    }
  }

  func testDepthIsANumberOfAtLeastOneRightAfterTheFlag() {
    assertFails(
      "expand --depth 0", #""expand" takes a number of at least 1: 0 is less"#, column: 16)
    assertFails("show --depth -2", #""show" takes a number of at least 1: -2 is less"#, column: 14)
    assertFails("expand --depth x", #""expand" takes a depth: "x" is not a number"#, column: 16)
    assertFails(
      "expand --depth", #"expected a depth (1: roots only) after "expand --depth""#, column: 15)
    assertFails(
      "expand 2 --depth", #"expected a depth (1: roots only) after "expand""#, column: 8)
    assertFails(
      "expand --depth 2 Food", #"expected end of line after "expand --depth 2""#, column: 18)
  }

  func testFlagsThatCannotGoTogether() {
    assertFails(
      "expand --all --force A", #""expand" takes "--all" or "--force", not both"#, column: 14)
    assertFails(
      "expand --depth 2 --all", #""expand" takes "--depth" or "--all", not both"#, column: 18)
    assertFails(
      "show --depth 2 --visible", #""show" takes "--depth" or "--visible", not both"#, column: 16)
    assertFails("collapse --depth 2", #""collapse" has no flag "--depth""#, column: 10)
  }

  func testMissingAndExtraArguments() {
    assertFails("expand --all A B", #"expected end of line after "expand --all A""#, column: 16)
    assertFails("reveal", #"expected an item after "reveal""#, column: 7)
    assertFails("find", #"expected a pattern after "find""#, column: 5)
    assertFails("filter a b", #"expected end of line after "filter a""#, column: 10)
    assertFails("rename A", #"expected a new identifier after "rename A""#, column: 9)
    assertFails("duplicate A as", #"expected a new identifier after "duplicate A as""#, column: 15)
    assertFails(
      "duplicate A as B C", #"expected end of line after "duplicate A as B""#, column: 18)
    // `sort` alone is `sort --roots` (in a focus, the focus's children).
    assertParses("sort", .editing(.sort(parent: nil, reverse: false)))
    assertParses("sort --reverse", .editing(.sort(parent: nil, reverse: true)))
    assertFails("sort A B", #"expected end of line after "sort A""#, column: 8)
    assertFails("sort --roots A", #"expected end of line after "sort --roots""#, column: 14)
    assertFails(
      "move A upp",
      #"expected "before", "after", "to", "to-root", "to-section", "up" or "down" after "move A" (did you mean "up"?)"#,
      column: 8)
    assertFails("move A up B", #"expected end of line after "move A up""#, column: 11)
  }

  func testCompletionOffersTheNewFlagsAndKeywords() {
    func complete(_ line: String) -> [String] {
      Completion.complete(line: line, cursor: line.count, identifiers: ["Food"], names: [])
    }
    XCTAssertEqual(complete("expand "), ["--force", "--all", "--depth", "Food"])
    XCTAssertEqual(complete("expand --a"), ["--all"])
    XCTAssertEqual(complete("expand --depth "), [])
    // Flags that exclude the one given are not offered.
    XCTAssertEqual(complete("collapse --all "), ["Food"])
    XCTAssertEqual(complete("expand Food --force "), ["Food"])
    XCTAssertEqual(complete("sort "), ["--roots", "--reverse", "Food"])
    XCTAssertEqual(complete("sort --roots "), ["--reverse"])
    XCTAssertEqual(
      complete("move Food "),
      ["before", "after", "to", "to-root", "to-section", "up", "down", "Food"])
    XCTAssertEqual(complete("move Food d"), ["down"])
    XCTAssertEqual(complete("show "), ["--visible", "--depth", "Food"])
    XCTAssertEqual(complete("rename Food "), [])
    XCTAssertEqual(complete("duplicate Food "), ["as", "Food"])
    XCTAssertEqual(complete("reveal Food "), ["Food"])
    XCTAssertEqual(complete("find "), [])
  }
}
