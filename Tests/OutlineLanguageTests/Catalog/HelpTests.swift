import OutlineLanguage
import XCTest

@testable import OutlineLanguage

/// `help`: the short overview, a group, a command, a form word, an Apple API, `describe`'s
/// legend, and unknown topics with their suggestions.
final class HelpTests: XCTestCase {
  private func help(_ topic: String?) throws -> [String] {
    try CommandCatalog.help(topic)
  }

  func testTheOverviewFitsA40RowTerminalAndNamesEveryCommandAndGroup() throws {
    let lines = try help(nil)
    XCTAssertLessThanOrEqual(lines.count, 36, "with the prompt and a line of input, 40 rows")
    for line in lines { XCTAssertLessThanOrEqual(line.count, 80, line) }
    let words = Set(
      lines.flatMap { $0.split(whereSeparator: { " |".contains($0) }) }.map(String.init))
    for word in CommandCatalog.commandWords { XCTAssertTrue(words.contains(word), word) }
    for form in CommandCatalog.entries.compactMap({
      $0.name.split(separator: " ").dropFirst().first
    }) {
      XCTAssertTrue(words.contains(String(form)), String(form))
    }
    for group in CommandCatalog.Group.allCases {
      XCTAssertTrue(
        lines.contains { $0.hasPrefix(group.rawValue) && $0.hasSuffix("help " + group.topic) },
        group.topic)
    }
    XCTAssertTrue(lines.contains { $0.contains("help snapshotForExpandingParent") })
  }

  func testAGroupIsEveryEntryOfItInFull() throws {
    for group in CommandCatalog.Group.allCases {
      let members = CommandCatalog.entries.filter { $0.group == group }
      XCTAssertEqual(
        try help(group.topic), [group.rawValue + ":"] + members.flatMap(CommandCatalog.lines(of:)))
      XCTAssertEqual(try help(group.topic.uppercased()), try help(group.topic), "any case")
    }
    let rules = try help("rules")
    XCTAssertTrue(rules.contains("rule lazy PARENT CHILD..."), "the group, not the command alone")
    XCTAssertTrue(rules.contains("rules"))
  }

  func testACommandIsItsEntryWithItsExampleAndAppleAPI() throws {
    XCTAssertEqual(
      try help("append"),
      [
        "append ITEM... [to PARENT]", "append --titled TEXT... [to PARENT]",
        "  Adds items as the last roots or children of PARENT; --titled: by title (TODO (2)).",
        "  example: append Apple Pear to Fruit", "  Apple API: append(_:to:)",
        "  Apple's append leaves PARENT's expansion as it is; --titled, as a notes app, opens",
        "  a collapsed PARENT that had no children on them, in the same apply",
      ])
    XCTAssertEqual(try help("rule lazy"), try help("lazy"), "a form word alone")
    XCTAssertEqual(try help("rule").filter { !$0.hasPrefix(" ") }.count, 6)
    XCTAssertEqual(try help("error").first, "expect error COMMAND...")
  }

  func testHelpEditSaysWhatItOpensInAFocusAndHowLinesMatch() throws {
    let lines = try help("edit")
    XCTAssertEqual(lines.first, "edit [ITEM]")
    XCTAssertTrue(
      lines.contains { $0.contains("in a focus, edit alone opens the focused item's children") },
      "\(lines)")
    XCTAssertTrue(
      lines.contains { $0.contains("a repeated text stays under its own parent") }, "\(lines)")
    // The detail lines, after the syntax, summary and example, fit 80 columns.
    for line in lines.dropFirst(3) { XCTAssertLessThanOrEqual(line.count, 80, line) }
  }

  func testHelpOfTheFlatMarksSaysTheyKeepHiddenItems() throws {
    for topic in ["reload-items", "reconfigure-items", "reload-sections"] {
      let lines = try help(topic)
      XCTAssertTrue(
        lines.contains { $0.contains("keeps its section snapshot and hidden items") },
        "\(lines)")
      XCTAssertTrue(lines.contains { $0.contains("--flatten is not needed") }, "\(lines)")
      for line in lines.dropFirst(3) { XCTAssertLessThanOrEqual(line.count, 80, line) }
    }
    let reload = try help("apply --reload-data")
    XCTAssertTrue(
      reload.contains { $0.contains("keeps its section snapshot and hidden items") }, "\(reload)")
    for line in reload.dropFirst(3) { XCTAssertLessThanOrEqual(line.count, 80, line) }
  }

  func testHelpExpectErrorSaysACommandThatDoesNotParsePasses() throws {
    let lines = try help("expect error")
    XCTAssertTrue(
      lines.contains { $0.contains("expect error expand --depth 0 passes") }, "\(lines)")
    for line in lines.dropFirst(3) { XCTAssertLessThanOrEqual(line.count, 80, line) }
  }

  func testEveryAppleNameOfTheFlatAPIFindsItsCommand() throws {
    let names: [(String, String)] = [
      ("appendItems", "append-items"), ("appendItems(_:toSection:)", "append-items"),
      ("insertItems", "insert-items"), ("deleteItems", "delete-items"),
      ("moveItem", "move-item"), ("reloadItems", "reload-items"),
      ("reloadedItemIdentifiers", "reload-items"),
      ("reconfigureItems", "reconfigure-items, retitle, note, attr, check, uncheck"),
      ("reconfiguredItemIdentifiers", "reconfigure-items"), ("reloadSections", "reload-sections"),
      ("reloadedSectionIdentifiers", "reload-sections"),
      ("applySnapshotUsingReloadData", "apply --reload-data"),
      ("moveItem(_:afterItem:)", "move-item"),
    ]
    for (api, commands) in names {
      XCTAssertEqual(try help(api).first, api + ": " + commands, api)
    }
    XCTAssertEqual(try help("moveitem").first, "moveitem: move-item", "any case")
    let flat = try help("flat")
    XCTAssertEqual(flat.first, "Flat snapshot:")
    XCTAssertTrue(flat.contains("apply --reload-data"))
    XCTAssertEqual(
      try help("apply").filter { !$0.hasPrefix(" ") }, ["apply", "apply --reload-data"],
      "the flag's form is shown with the command")
  }

  func testACommandNamesTheFormsOfOtherCommandsThatEndWithItsName() throws {
    XCTAssertEqual(try help("delete").last, "see also: help section delete")
    XCTAssertEqual(try help("items").last, "see also: help expect items")
    XCTAssertFalse(try help("append").contains { $0.hasPrefix("see also") })
  }

  func testAnAppleAPIListsTheCommandsThatSimulateIt() throws {
    let lazy = try help("snapshotForExpandingParent")
    XCTAssertEqual(lazy.first, "snapshotForExpandingParent: expand, rule lazy")
    XCTAssertTrue(lazy.contains("expand [--force] ITEM..."))
    XCTAssertTrue(lazy.contains("rule lazy PARENT CHILD..."))
    XCTAssertEqual(try help("expand(_:)").first, "expand(_:): expand, reveal, filter")
    XCTAssertEqual(
      try help("isExpanded").first, "isExpanded: is-expanded, expanded, expect expanded",
      "by base name, the command named after it first")
    XCTAssertEqual(try help("canreorderitem").first?.hasPrefix("canreorderitem: move"), true)
    XCTAssertEqual(
      try help("canReorderItem").first,
      "canReorderItem: move, drag, indent, outdent, rule no-reorder")
  }

  /// Every handler the data source calls is a topic that finds the commands behind it.
  func testEveryHandlerIsFoundByName() throws {
    let handlers = [
      "shouldExpandItem", "willExpandItem", "shouldCollapseItem", "willCollapseItem",
      "snapshotForExpandingParent", "canReorderItem", "willReorder", "didReorder",
    ]
    for handler in handlers {
      XCTAssertEqual(CommandCatalog.topic(handler), .api(handler))
      XCTAssertFalse(CommandCatalog.entries(simulating: handler).isEmpty, handler)
    }
    XCTAssertEqual(
      CommandCatalog.entries(simulating: "shouldExpandItem").map(\.name),
      ["expand", "rule no-expand"])
  }

  /// Each Apple name of an entry that is not also a command, group or form finds that entry.
  func testEveryAppleAPINameOfTheCatalogFindsItsEntries() throws {
    for entry in CommandCatalog.entries {
      for name in entry.appleAPINames {
        guard case .api = CommandCatalog.topic(name) else { continue }
        let lines = try help(name)
        XCTAssertTrue(lines[0].contains(entry.name), "\(name): \(lines[0])")
      }
    }
  }

  func testAppleAPINamesSplitTheAPIText() {
    XCTAssertEqual(
      CommandCatalog.entry(named: "expand")?.appleAPINames,
      ["shouldExpandItem", "willExpandItem", "snapshotForExpandingParent", "expand(_:)"])
    XCTAssertEqual(
      CommandCatalog.entry(named: "move")?.appleAPINames,
      ["ReorderingHandlers", "canReorderItem", "willReorder", "didReorder"])
    XCTAssertEqual(
      CommandCatalog.entry(named: "begin")?.appleAPINames,
      ["snapshot(for:)", "NSDiffableDataSourceSectionSnapshot()"])
    XCTAssertEqual(CommandCatalog.entry(named: "save")?.appleAPINames, [])
  }

  /// The legend's example is what `describe` prints for that outline.
  func testDescribeGivesTheLegendOfItsMarks() throws {
    let lines = try help("describe")
    for mark in [
      "+  first mark: expanded", "-  first mark: not expanded", "*  second mark: visible",
    ] {
      XCTAssertTrue(lines.contains { $0.contains(mark) }, mark)
    }
    XCTAssertTrue(lines.contains { $0.contains("second mark a space: hidden") })
    let session = Session()
    _ = session.run("append Food Drinks")
    _ = session.run("append Apple to Food")
    _ = session.run("append Tea to Drinks")
    _ = session.run("expand Food")
    guard case .lines(let described) = session.run("describe").result else {
      return XCTFail("describe gives lines")
    }
    let start = try XCTUnwrap(lines.firstIndex(of: "    +*Food"))
    XCTAssertEqual(lines[start...].map { String($0.dropFirst(4)) }, described)
    XCTAssertFalse(try help("show").contains { $0.contains("first mark") }, "describe alone")
  }

  func testHelpForFocusAndUnfocusGivesTheirFormsAndWhatTheViewCovers() throws {
    let focus = try help("focus")
    XCTAssertEqual(Array(focus.prefix(2)), ["focus ITEM", "focus .."])
    XCTAssertTrue(focus.contains("  Apple API: snapshot(of:)"), "\(focus)")
    XCTAssertTrue(focus.contains { $0.contains("nearest remaining") }, "\(focus)")
    XCTAssertEqual(try help("unfocus").first, "unfocus")
    XCTAssertEqual(try help("snapshot(of:)").first, "snapshot(of:): focus")
  }

  func testAnUnknownTopicIsUnknownCommandWithSuggestions() {
    XCTAssertThrowsError(try help("snapshot(for)")) { error in
      XCTAssertEqual(
        error as? CommandError,
        CommandError(
          .unknownCommand,
          #"no help for "snapshot(for)" (did you mean "snapshot(for:)" or "snapshot(of:)"?)"#))
    }
    XCTAssertThrowsError(try help("colapse")) { error in
      XCTAssertEqual(
        (error as? CommandError)?.message,
        #"no help for "colapse" (did you mean "collapse"?)"#)
    }
    XCTAssertThrowsError(try help("qqqqq")) { error in
      XCTAssertEqual(
        error as? CommandError,
        CommandError(.unknownCommand, #"no help for "qqqqq" ("help" lists the topics)"#))
    }
  }

  func testTheSessionRunsHelpOfEveryKindOfTopic() {
    for topic in ["editing", "lazy", "snapshotForExpandingParent", "describe", "rule lazy"] {
      let outcome = Session().run("help " + topic)
      XCTAssertTrue(outcome.ok, topic)
      XCTAssertEqual(outcome.result, .lines((try? help(topic)) ?? []), topic)
    }
  }

  /// Checks that `help NAME` knows each name, its lines (of at most 90 columns where they are
  /// an answer of its own) hold the expected text, and a session prints the same.
  func assertAnswers(
    _ names: [String: String], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for (name, answer) in names {
      XCTAssertNotNil(CommandCatalog.topic(name), name, file: file, line: line)
      let lines = try CommandCatalog.help(name)
      XCTAssertTrue(
        lines.joined(separator: "\n").contains(answer), "\(name): \(lines)", file: file,
        line: line)
      XCTAssertEqual(
        Session().run("help " + name).result, .lines(lines), name, file: file, line: line)
      for text in CommandCatalog.flatAPIAnswer(for: name)?.lines ?? [] {
        XCTAssertLessThanOrEqual(text.count, 90, text, file: file, line: line)
      }
    }
  }

  /// `help NAME` answers for every Apple name of the flat API, with and without its argument
  /// labels (SPEC §4): the command or query that does it, or that `outline` has none and what
  /// to use.
  func testHelpAnswersForEveryAppleNameOfTheFlatAPI() throws {
    let names: [String: String] = [
      "deleteAllItems": "no command for it", "deleteAllItems()": "no command for it",
      "appendSections": "section add", "appendSections(_:)": "section add",
      "insertSections": "section move", "insertSections(_:afterSection:)": "section move",
      "insertSections(_:beforeSection:)": "section move",
      "deleteSections": "section delete", "deleteSections(_:)": "section delete",
      "moveSection": "section move", "moveSection(_:beforeSection:)": "section move",
      "itemIdentifiers": "visible", "itemIdentifiers(inSection:)": "visible",
      "sectionIdentifiers": "sections", "numberOfItems": "visible",
      "numberOfItems(inSection:)": "visible", "numberOfSections": "sections",
      "indexOfItem": "index ITEM", "indexOfItem(_:)": "index ITEM",
      "indexOfSection": "sections", "indexOfSection(_:)": "sections",
      "sectionIdentifier(containingItem:)": "contains", "sectionIdentifier": "contains",
      "snapshot()": "help flat", "apply(_:animatingDifferences:completion:)": "apply",
      "apply(_:animatingDifferences:)": "apply", "reloadedItemIdentifiers": "reload-items",
      "reconfiguredItemIdentifiers": "reconfigure-items", "appendItems": "append-items",
      "insertItems(_:afterItem:)": "insert-items", "deleteItems": "delete-items",
      "moveItem(_:beforeItem:)": "move-item", "reloadItems(_:)": "reload-items",
      "reconfigureItems": "reconfigure-items", "reloadSections": "reload-sections",
      "applySnapshotUsingReloadData": "apply --reload-data",
    ]
    try assertAnswers(names)
    XCTAssertEqual(
      CommandCatalog.topic("itemIdentifiers(inSection:)"), .flatAPI("itemIdentifiers(inSection:)"))
    XCTAssertEqual(try CommandCatalog.help("itemIdentifiers")[0].prefix(16), "itemIdentifiers:")
    XCTAssertTrue(CommandCatalog.helpTopicWords.contains("deleteAllItems()"))
  }

  /// `help NAME` answers for every member of the data source SPEC §1 lists, both overloads of
  /// each apply, and the types, with the command or query that does it or what to use instead.
  func testHelpAnswersForEveryAppleNameOfTheDataSource() throws {
    let names: [String: String] = [
      "UICollectionViewDiffableDataSource": "the session's data source",
      "UITableViewDiffableDataSource": "a collection view's",
      "snapshot()": "help flat", "snapshot(for:)": "begin",
      "apply(_:animatingDifferences:completion:)": "apply",
      "apply(_:animatingDifferences:)": "apply", "apply(_:)": "each flat command",
      "apply(_:to:animatingDifferences:completion:)": "each edit of a section snapshot",
      "apply(_:to:animatingDifferences:)": "apply", "apply(_:to:)": "each edit of a section",
      "applySnapshotUsingReloadData(_:completion:)": "apply --reload-data",
      "applySnapshotUsingReloadData(_:)": "apply --reload-data",
      "itemIdentifier(for:)": "@N names the item on row N",
      "indexPath(for:)": "show --visible numbers", "sectionIdentifier(for:)": "sections",
      "index(for:)": "a section's index", "sectionSnapshotHandlers": "shouldExpandItem",
      "reorderingHandlers": "drag", "NSDiffableDataSourceTransaction": "last",
      "NSDiffableDataSourceSectionTransaction": "one for each section", "difference": "rows:",
      "initialSnapshot": "before a change", "finalSnapshot": "after a change",
      "sectionTransactions": "section NAME:", "appendItems(_:)": "append-items",
    ]
    try assertAnswers(names)
    XCTAssertEqual(
      CommandCatalog.topic("apply(_:to:)"),
      .flatAPI("apply(_:to:animatingDifferences:completion:)"), "defaulted arguments left out")
    XCTAssertEqual(
      CommandCatalog.topic("apply(_:)"), .flatAPI("apply(_:animatingDifferences:completion:)"),
      "the fewest labels left out")
    XCTAssertNil(CommandCatalog.topic("apply(_:from:)"))
    XCTAssertEqual(CommandCatalog.topic("appendItems(_:)"), .api("appendItems(_:)"))
    XCTAssertEqual(
      try CommandCatalog.help("sectionIdentifier").first?.hasPrefix(
        "sectionIdentifier(containingItem:)"), true, "the flat snapshot's first")
  }

  /// The types an iOS developer's code names, and what WWDC19 says the data source replaces,
  /// answer as themselves: not with the one command whose Apple API happens to mention them
  /// (`help NSDiffableDataSourceSnapshot` gave `append-items` alone, and
  /// `help NSDiffableDataSourceSectionSnapshot` `begin`).
  func testHelpAnswersForTheSnapshotTypesAndWhatTheyReplace() throws {
    try assertAnswers([
      "NSDiffableDataSourceSnapshot": "help flat",
      "NSDiffableDataSourceSectionSnapshot": "help editing",
      "nsdiffabledatasourcesectionsnapshot": "help editing",
      "CollectionDifference": "backingStore.applying(difference)",
      "performBatchUpdates": "begin",
      "performBatchUpdates(_:completion:)": "begin",
      "reloadData": "apply --reload-data",
      "reloadData()": "apply --reload-data",
    ])
    for type in ["NSDiffableDataSourceSnapshot", "NSDiffableDataSourceSectionSnapshot"] {
      XCTAssertEqual(CommandCatalog.topic(type), .flatAPI(type))
      XCTAssertTrue(CommandCatalog.helpTopicWords.contains(type), type)
    }
    XCTAssertEqual(
      try help("NSDiffableDataSourceSnapshot").first?.hasPrefix(
        "NSDiffableDataSourceSnapshot: the flat snapshot"), true)
    XCTAssertEqual(
      CommandCatalog.topic("appendItems(_:toSection:)"), .api("appendItems(_:toSection:)"),
      "a method of the type still finds its command")
  }

  /// `help serve` explains the command line that starts the playground, which is no session
  /// command: asked in a session, it says where to type it.
  func testHelpServeExplainsTheCommandLineOfThePlayground() throws {
    XCTAssertEqual(CommandCatalog.topic("serve"), .invocation("serve"))
    let lines = try CommandCatalog.help("serve")
    XCTAssertTrue(lines[0].hasPrefix("outline serve [--port N] [--allow-files DIR] [SCRIPT]"))
    XCTAssertTrue(lines.contains { $0.contains("--allow-files") })
    for line in lines { XCTAssertLessThanOrEqual(line.count, 90, line) }
    XCTAssertTrue(CommandCatalog.helpTopicWords.contains("serve"))
    let session = Session()
    XCTAssertEqual(session.run("help serve").result, .lines(lines))
    let typed = session.run("serve")
    XCTAssertEqual(typed.error?.code, .unknownCommand, "serve is no session command")
    XCTAssertEqual(session.allItems, [])
  }
}
