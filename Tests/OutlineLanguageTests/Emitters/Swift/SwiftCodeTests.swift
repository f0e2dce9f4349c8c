import OutlineLanguage
import XCTest

/// `SwiftCode`: the Swift each command stands for, in UIKit's API and spelling.
final class SwiftCodeTests: XCTestCase {
  /// The Swift of `command`, run on a new session after `setup`.
  func swift(_ command: String, after setup: [String] = []) -> [String] {
    let session = Session()
    for line in setup { XCTAssertTrue(session.run(line).ok, line) }
    return SwiftCode.lines(for: session.run(command))
  }

  func testAnEditIsSnapshotForTheCallAndApply() throws {
    XCTAssertEqual(
      swift("append Apple Pear to Food", after: ["append Food"]),
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        #"snapshot.append(["Apple", "Pear"], to: "Food")"#,
        #"dataSource.apply(snapshot, to: "main")"#,
      ])
    XCTAssertEqual(
      swift("insert B before A", after: ["append A"])[1],
      #"snapshot.insert(["B"], before: "A")"#)
    XCTAssertEqual(swift("delete-all", after: ["append A"])[1], "snapshot.deleteAll()")
  }

  func testAGestureOnAHiddenRowIsOneCommentSayingWhy() {
    XCTAssertEqual(
      swift("move Apple before Food", after: ["append Food", "append Apple to Food"]),
      [
        "// no user can touch a hidden row, and nothing changes: Apple is not on a visible row: "
          + "its ancestor Food is collapsed (a user can only drag what they see; expand Food "
          + "first, or reveal Apple)"
      ])
  }

  func testABatchAccumulatesCallsOnOneWorkingCopy() throws {
    XCTAssertEqual(
      swift("begin", after: ["append A"]),
      ["// begin: the app edits a copy of the snapshot, declared by its first edit"])
    XCTAssertEqual(
      swift("begin --empty"),
      ["// begin --empty: the app builds a new snapshot, declared by its first edit"])
    // The first edit of a batch declares its section snapshot; the next ones do not.
    XCTAssertEqual(
      swift("append B", after: ["begin --empty"]),
      ["var snapshot = NSDiffableDataSourceSectionSnapshot<String>()", #"snapshot.append(["B"])"#])
    XCTAssertEqual(
      swift("append C", after: ["begin --empty", "append B"]), [#"snapshot.append(["C"])"#])
    XCTAssertEqual(
      swift("apply", after: ["append A", "begin --empty"]),
      [#"dataSource.apply(NSDiffableDataSourceSectionSnapshot<String>(), to: "main")"#])
    XCTAssertEqual(
      swift("append B", after: ["begin"]),
      [#"var snapshot = dataSource.snapshot(for: "main")"#, #"snapshot.append(["B"])"#])
    XCTAssertEqual(
      swift("apply", after: ["begin", "append B"]), [#"dataSource.apply(snapshot, to: "main")"#]
    )
    XCTAssertEqual(
      swift("expect items B", after: ["begin --empty", "append B"]),
      [#"XCTAssertEqual(snapshot.items, ["B"])"#])
  }

  func testATapIsACommentAndTheHandlerCallsUIKitMakes() throws {
    let lines = swift(
      "expand Food", after: ["append Food", "rule lazy Food Apple Pear"])
    XCTAssertEqual(
      lines,
      [
        "// The user taps the outline disclosure of Food; UIKit calls:",
        #"dataSource.sectionSnapshotHandlers.shouldExpandItem?("Food")  // true"#,
        #"dataSource.sectionSnapshotHandlers.willExpandItem?("Food")"#,
        #"dataSource.sectionSnapshotHandlers.snapshotForExpandingParent?("Food", current)"#
          + #"  // current: [], returns ["Apple", "Pear"]"#,
        "// then UIKit applies the change and animates the rows",
      ])
  }

  func testARefusedTapSaysSo() throws {
    let lines = swift(
      "collapse Food",
      after: ["append Food", "append A to Food", "expand Food", "rule no-collapse Food"])
    XCTAssertEqual(
      Array(lines.dropFirst()),
      [
        #"dataSource.sectionSnapshotHandlers.shouldCollapseItem?("Food")  // false"#,
        "// fails, and nothing changes: collapse of \"Food\" refused by rule 1: no-collapse Food",
      ])
  }

  func testAReorderCallsTheReorderingHandlers() throws {
    let lines = swift("move C before A", after: ["append A B C"])
    XCTAssertEqual(
      lines,
      [
        "// The user drags C and drops it before A; UIKit calls:",
        #"dataSource.reorderingHandlers.canReorderItem?("C")  // true"#,
        "dataSource.reorderingHandlers.willReorder?(transaction)",
        "dataSource.reorderingHandlers.didReorder?(transaction)",
        "// then UIKit applies the change and animates the rows",
      ])
  }

  /// SEMANTICS: dragging an expanded parent collapses it first, without the handlers.
  func testADragOfAnExpandedParentSaysTheLiftCollapsesItWithNoHandler() throws {
    XCTAssertEqual(
      swift("drag 0 1", after: ["append A B C", "append A1 A2 to A", "expand A"]),
      [
        "// The user drags row 0 of main to row 1: lifting A collapses it first, a change UIKit "
          + "applies on its own with no handler (a drag is no tap on the disclosure: no "
          + "shouldCollapseItem, no willCollapseItem);",
        "// then the drop, whose transaction starts from A collapsed; UIKit calls:",
        #"dataSource.reorderingHandlers.canReorderItem?("A")  // true"#,
        "dataSource.reorderingHandlers.willReorder?(transaction)",
        "dataSource.reorderingHandlers.didReorder?(transaction)",
        "// then UIKit applies the change and animates the rows",
      ])
  }

  /// A reorder keeps an expanded parent expanded, which no user's drag does: the comment names
  /// the reorder, not a drag.
  func testAMoveOfAnExpandedParentIsAReorderThatADragWouldNotBe() throws {
    let setup = ["append A B C", "append A1 A2 to A", "expand A"]
    XCTAssertEqual(
      swift("move A after B", after: setup).first,
      #"// reorder("A", to: .after("B")): A stays expanded, so its rows move with it (a user's "#
        + "drag would collapse A first and move its row alone: see drag); UIKit calls:")
    XCTAssertEqual(
      swift("move A down", after: setup).first,
      #"// reorder("A", to: .after("B")) moves A below its sibling: A stays expanded, so its "#
        + "rows move with it (a user's drag would collapse A first and move its row alone: see "
        + "drag); UIKit calls:")
  }

  /// A drag drops by neighbours and cannot put an item under a collapsed row; a reorder can.
  func testAMoveUnderACollapsedParentSaysTheItemGoesHidden() throws {
    XCTAssertEqual(
      swift("move C to A", after: ["append A B C", "append A1 A2 to A"]).first,
      #"// reorder("C", to: .lastChild(of: "A")): C goes under collapsed A and is hidden (a "#
        + "user's drag drops by its neighbours and cannot drop under a collapsed row); UIKit "
        + "calls:")
  }

  func testForceIsTheAppsOwnExpandAndApply() throws {
    XCTAssertEqual(
      swift("expand --force A", after: ["append A", "append B to A"]),
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#, #"snapshot.expand(["A"])"#,
        #"dataSource.apply(snapshot, to: "main")"#,
      ])
  }

  func testARuleIsTheClosureItStandsFor() throws {
    XCTAssertEqual(
      swift("rule no-collapse Food"),
      [#"dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Food" }"#])
    XCTAssertEqual(
      swift("rule no-collapse Drinks", after: ["rule no-collapse Food"]),
      [
        #"dataSource.sectionSnapshotHandlers.shouldCollapseItem = { !["Food", "Drinks"].contains($0) }"#
      ])
    XCTAssertEqual(
      swift("rule no-reorder \"Fav*\" \"*.txt\""),
      [
        #"dataSource.reorderingHandlers.canReorderItem = { !($0.hasPrefix("Fav") || $0.hasSuffix(".txt")) }"#
      ])
    XCTAssertEqual(
      swift("rule clear", after: ["rule no-expand A"]),
      ["dataSource.sectionSnapshotHandlers.shouldExpandItem = { _ in true }"])
    XCTAssertEqual(
      swift("rule lazy Docs Letters Notes"),
      [
        "dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in",
        "  guard current.items.isEmpty else { return current }",
        "  var children = NSDiffableDataSourceSectionSnapshot<String>()",
        "  switch parent {",
        #"  case "Docs": children.append(["Letters", "Notes"])"#,
        "  default: return current",
        "  }",
        "  return children",
        "}",
      ])
  }

  func testSectionsAreFlatSnapshotCalls() throws {
    XCTAssertEqual(
      swift("section add a b"),
      [
        "var sections = dataSource.snapshot()", #"sections.appendSections(["a", "b"])"#,
        "dataSource.apply(sections)",
      ])
    XCTAssertEqual(
      swift("section move b before a", after: ["section add a b"])[1],
      #"sections.moveSection("b", beforeSection: "a")"#)
  }

  func testQueriesReadTheirPropertyOrMethod() throws {
    XCTAssertEqual(
      swift("visible", after: ["append A"]), [#"dataSource.snapshot(for: "main").visibleItems"#]
    )
    XCTAssertEqual(
      swift("parent A", after: ["append A"]),
      [#"dataSource.snapshot(for: "main").parent(of: "A")"#])
    XCTAssertEqual(
      swift("is-expanded A", after: ["append A"]),
      [#"dataSource.snapshot(for: "main").isExpanded("A")"#])
  }

  func testRetitleReconfiguresTheItem() throws {
    XCTAssertEqual(
      swift("retitle A Apple", after: ["append A"]),
      [
        "// the app's model gives A the title Apple", "var snapshot = dataSource.snapshot()",
        #"snapshot.reconfigureItems(["A"])"#, "dataSource.apply(snapshot)",
      ])
  }

  /// A note or an attribute is content, as a title is: the visible cell is reconfigured.
  func testNoteAndAttrReconfigureTheItem() throws {
    XCTAssertEqual(
      swift("note A crisp", after: ["append A"]),
      [
        "// the app's model: note A crisp", "var snapshot = dataSource.snapshot()",
        #"snapshot.reconfigureItems(["A"])"#, "dataSource.apply(snapshot)",
      ])
    XCTAssertEqual(
      swift("attr A url https://x", after: ["append A"]).first,
      "// the app's model: attr A url https://x")
    XCTAssertEqual(
      swift("note A", after: ["append A"]), ["// note: the app's model holds A's note"])
  }

  /// `check` is content: the app's model, then one reconfigure of the visible items changed.
  func testCheckReconfiguresTheItemsThatChanged() throws {
    XCTAssertEqual(
      swift("check A B", after: ["append A B", "uncheck B"]),
      [
        "// the app's model: A B done (check A B)", "var snapshot = dataSource.snapshot()",
        #"snapshot.reconfigureItems(["A", "B"])"#, "dataSource.apply(snapshot)",
      ])
    XCTAssertEqual(
      swift("uncheck A", after: ["append A", "begin"]),
      [
        "// the app's model: A not done (uncheck A)",
        "// no cell to reconfigure: in the batch: 1 item unchecked at once, and no cell is "
          + "reconfigured (apply makes the transaction)",
      ])
  }

  func testRetitleInABatchReconfiguresNothing() throws {
    XCTAssertEqual(
      swift("retitle A Apple", after: ["append A", "begin"]),
      [
        "// the app's model gives A the title Apple",
        "// no cell to reconfigure: in the batch: A's title changed at once, and no cell is "
          + "reconfigured (apply makes the transaction)",
      ])
  }

  /// `rename`, `duplicate` and `sort PARENT` change one subtree: their Swift edits it, in as
  /// many lines as it has parents, whatever the size of the outline (it used to rebuild the
  /// whole snapshot: about 17 KB for one rename in 2,000 items).
  func testTheOutlinersMovesOnASubtreeEditThatSubtree() throws {
    let big = (0..<2_000).map { "i\($0)" }.joined(separator: " ")
    let setup = [
      "append Food \(big)", "append Apple Pear to Food", "append Green to Apple",
      "expand --force Apple",
    ]
    XCTAssertEqual(
      swift("rename Apple Pomme", after: setup),
      [
        "// rename Apple Pomme: the app's own code, one apply and no handler calls",
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        #"let children = snapshot.snapshot(of: "Apple")"#,
        #"snapshot.insert(["Pomme"], before: "Apple")"#, #"snapshot.delete(["Apple"])"#,
        #"snapshot.replace(childrenOf: "Pomme", using: children)"#,
        #"snapshot.expand(["Pomme"])"#, #"dataSource.apply(snapshot, to: "main")"#,
      ])
    XCTAssertEqual(
      swift("duplicate Apple", after: setup),
      [
        "// duplicate Apple: the app's own code, one apply and no handler calls",
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        #"snapshot.insert(["Apple (2)"], after: "Apple")"#,
        "var children = NSDiffableDataSourceSectionSnapshot<String>()",
        #"children.append(["Green (2)"])"#,
        #"snapshot.replace(childrenOf: "Apple (2)", using: children)"#,
        #"snapshot.expand(["Apple (2)"])"#, #"dataSource.apply(snapshot, to: "main")"#,
      ])
    XCTAssertEqual(
      swift("sort Food --reverse", after: setup),
      [
        "// sort Food --reverse: the app's own code, one apply and no handler calls",
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        "var children = NSDiffableDataSourceSectionSnapshot<String>()",
        #"children.append(["Pear", "Apple"])"#, #"children.append(["Green"], to: "Apple")"#,
        #"children.expand(["Apple"])"#,
        #"snapshot.replace(childrenOf: "Food", using: children)"#,
        #"dataSource.apply(snapshot, to: "main")"#,
      ])
    // In a batch, the calls go to the working copy, in a scope of their own; the first edit
    // declares it.
    XCTAssertEqual(
      swift("rename Pear Poire", after: setup + ["begin"]),
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        "// rename Pear Poire: the app's own code, one apply and no handler calls", "do {",
        #"  snapshot.insert(["Poire"], before: "Pear")"#, #"  snapshot.delete(["Pear"])"#, "}",
      ])
    // The roots sorted: the app rebuilds the snapshot.
    XCTAssertEqual(
      swift("sort --roots", after: ["append B A"])[1],
      "var snapshot = NSDiffableDataSourceSectionSnapshot<String>()")
  }

  func testExpectErrorUsesTheNativeThrowingAPI() throws {
    XCTAssertEqual(
      swift("expect error append A to Nope", after: ["append A"]),
      [
        "// append A to Nope fails, and changes nothing:",
        "XCTAssertThrowsError(try {",
        #"  var edited = dataSource.native.snapshot(for: "main")"#,
        #"  try edited.append(["A"], to: "Nope")"#,
        #"  try dataSource.native.apply(edited, to: "main")"#,
        "}())",
      ])
  }

  func testUndoAndRedoApplyTheSnapshotsTheAppKeptByName() throws {
    let session = Session()
    for line in ["append A", "append B", "section add s2"] { XCTAssertTrue(session.run(line).ok) }
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("undo")),
      [
        "// UIKit keeps no history: the app kept `previous`, each section's snapshot from "
          + "before the change ([String: NSDiffableDataSourceSectionSnapshot<String>])",
        "var sections = NSDiffableDataSourceSnapshot<String, String>()",
        #"sections.appendSections(["main"])"#,
        "dataSource.apply(sections)",
        #"dataSource.apply(previous["main"]!, to: "main")"#,
      ])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("undo")),
      [
        "// UIKit keeps no history: the app kept `previous`, each section's snapshot from "
          + "before the change ([String: NSDiffableDataSourceSectionSnapshot<String>])",
        #"dataSource.apply(previous["main"]!, to: "main")"#,
      ])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("redo")),
      [
        "// UIKit keeps no history: the app kept `undone`, each section's snapshot from after "
          + "the change that undo took back ([String: NSDiffableDataSourceSectionSnapshot<String>])",
        #"dataSource.apply(undone["main"]!, to: "main")"#,
      ])
    XCTAssertEqual(swift("undo"), ["// nothing to undo"])
    XCTAssertEqual(
      swift("undo", after: ["append A", "retitle A Apple"]),
      [
        "// undid: retitle A Apple: no snapshot changes; the app's model takes its content back"
      ])
  }

  func testCommandsWithNoAppleCounterpartAreAComment() throws {
    XCTAssertEqual(swift("log"), ["// UIKit keeps no history: outline's log of transactions"])
    XCTAssertEqual(swift("say hello"), [])
    XCTAssertEqual(swift("help append"), ["// help: no Swift"])
  }

  func testHostileIdentifiersAreEscaped() throws {
    XCTAssertEqual(
      swift(#"append "a\"b" "c\\d""#)[1], #"snapshot.append(["a\"b", "c\\d"])"#)
  }
}
