import OutlineLanguage
import XCTest

/// `SwiftTestEmitter`: a run as one XCTest file. (`scripts/check-emitted-swift` compiles and runs
/// the files of every example; these tests check what the file says.)
final class SwiftTestEmitterTests: XCTestCase {
  /// The test file for `script`, run on a new session as a script named `name`.
  func emit(_ script: String, name: String = "demo.outline") -> (file: String, end: ScriptEnd) {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: name)
    let end = session.runScript(
      script, file: name, options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    return (emitter.file(final: session.state), end)
  }

  func testTheTypeIsNamedAfterTheScript() {
    XCTAssertEqual(
      SwiftTestEmitter.typeName(for: "examples/emoji-explorer.outline"), "EmojiExplorerTests")
    XCTAssertEqual(SwiftTestEmitter.typeName(for: "lazy_folders.txt"), "LazyFoldersTests")
    XCTAssertEqual(SwiftTestEmitter.typeName(for: "2024 plan"), "Script2024PlanTests")
    XCTAssertEqual(SwiftTestEmitter.typeName(for: "😀.outline"), "ScriptTests")
  }

  func testFindAssertsItsMatchesInTheOrderOfItems() {
    let (file, end) = emit("append Pear Fig Plum\nfind p\nfind zzz\n")
    XCTAssertEqual(end, .finished(failures: 0))
    XCTAssertTrue(
      file.contains(
        #"    XCTAssertEqual(dataSource.snapshot(for: "main").items.filter { ["Pear", "Plum"]"#
          + #".contains($0) }, ["Pear", "Plum"])"# + "\n"), file)
    XCTAssertTrue(file.contains("    // find: the app searches its model for zzz: no match\n"))
  }

  func testTheAppsTitlesAreCheckedAtTheEnd() {
    let (file, end) = emit("append --titled Tea\nretitle Tea Coffee\nexpect title Tea Coffee\n")
    XCTAssertEqual(end, .finished(failures: 0))
    XCTAssertTrue(
      file.contains(#"    XCTAssertEqual(titles, ["Tea": "Coffee"])  // the app's model"#), file)
    XCTAssertFalse(emit("append Tea\n").file.contains("titles"))
  }

  func testTheFileIsATestCaseWithTheDataSourceAndTheFinalState() {
    let (file, end) = emit("append Food\nappend Apple to Food\nexpand Food\n")
    XCTAssertEqual(end, .finished(failures: 0))
    XCTAssertTrue(file.contains("import Diffable\nimport XCTest\n"))
    XCTAssertTrue(file.contains("final class DemoTests: XCTestCase {"))
    XCTAssertTrue(file.contains("  @MainActor func testDemo() async throws {"))
    XCTAssertTrue(
      file.contains("let dataSource = UICollectionViewDiffableDataSource<String, String>()"))
    XCTAssertTrue(
      file.contains(#"XCTAssertEqual(dataSource.snapshot(for: "main").items, ["Food", "Apple"])"#))
    XCTAssertTrue(
      file.contains(
        #"XCTAssertEqual(dataSource.snapshot(for: "main").visibleItems, ["Food", "Apple"])"#))
    XCTAssertTrue(
      file.contains(#"XCTAssertEqual(dataSource.snapshot(for: "main").expandedItems, ["Food"])"#))
    XCTAssertTrue(file.contains("private func changes(_ difference: CollectionDifference<String>)"))
  }

  func testAnEditAppliesThroughTheNativeDataSourceAndChecksItsDifferences() {
    let (file, _) = emit("append Food Drinks\nappend Apple to Food\n")
    XCTAssertTrue(
      file.contains(
        """
            do {
              var snapshot = dataSource.snapshot(for: "main")
              snapshot.append(["Apple"], to: "Food")
              let transaction = dataSource.native.apply(snapshot, to: "main")
              XCTAssertEqual(changes(transaction.difference), [])
              XCTAssertEqual(transaction.sectionTransactions.map(\\.sectionIdentifier), ["main"])
              XCTAssertEqual(changes(transaction.sectionTransactions[0].difference), ["+1 Apple"])
            }
        """), file)
  }

  /// `rename` and `duplicate` are calls on one subtree, the session's own edit: their
  /// transactions are checked (a rebuilt snapshot's were not), so that a rename is seen to be a
  /// removal and an insertion.
  func testRenameAndDuplicateCheckTheirTransactions() {
    let (file, end) = emit("append Food Drinks\nappend Apple to Food\nrename Drinks Tea\n")
    guard case .finished(failures: 0) = end else { return XCTFail("\(end)") }
    XCTAssertTrue(
      file.contains(
        """
            // rename Drinks Tea: the app's own code, one apply
            do {
              var snapshot = dataSource.snapshot(for: "main")
              snapshot.insert(["Tea"], before: "Drinks")
              snapshot.delete(["Drinks"])
              let transaction = dataSource.native.apply(snapshot, to: "main")
              XCTAssertEqual(changes(transaction.difference), ["-1 Drinks", "+1 Tea"])
        """), file)
    let (copied, _) = emit("append Food\nappend Apple to Food\nduplicate Food\n")
    XCTAssertTrue(
      copied.contains(
        """
              snapshot.replace(childrenOf: "Food (2)", using: children)
              let transaction = dataSource.native.apply(snapshot, to: "main")
        """), copied)
  }

  func testATapGoesThroughTheSimulationAPI() {
    let (file, _) = emit("append Food\nappend Apple to Food\nexpand Food\n")
    XCTAssertTrue(
      file.contains(
        #"let transaction = try XCTUnwrap(dataSource.toggleDisclosure(of: "Food"))"#), file)
    XCTAssertTrue(file.contains(#"XCTAssertEqual(changes(transaction.difference), ["+1 Apple"])"#))
  }

  func testAMoveIsAReorderWithItsMoveChecked() {
    let (file, _) = emit("append A B C\nmove C before A\n")
    XCTAssertTrue(file.contains(#"dataSource.reorder("C", to: .before("A"))"#), file)
    XCTAssertTrue(
      file.contains(#"XCTAssertEqual(changes(transaction.difference), ["-2 C ->0", "+0 C <-2"])"#),
      file)
  }

  func testARefusedInteractionIsNilAndAFailingEditThrows() {
    let (file, end) = emit(
      "append A B\nrule no-reorder A\nexpect error move A after B\nexpect error delete Nope\n")
    XCTAssertEqual(end, .finished(failures: 0))
    XCTAssertTrue(
      file.contains(
        #"dataSource.reorderingHandlers.canReorderItem = calls.canReorderItem { $0 != "A" }"#),
      file)
    XCTAssertTrue(
      file.contains(
        #"XCTAssertNil(dataSource.reorder("A", to: .after("B")))  // canReorderItem refuses"#
          + "\n" + #"    XCTAssertEqual(calls.take(), ["canReorderItem(A) -> false"])"#),
      file)
    XCTAssertTrue(file.contains(#"  try edited.delete(["Nope"])"#), file)
  }

  func testAGestureOnAHiddenRowChecksWhyItIsHidden() {
    let (file, end) = emit(
      "append Food\nappend Apple Pear to Food\nexpect error move Apple after Pear\n"
        + "expect error expand Apple\n")
    XCTAssertEqual(end, .finished(failures: 0))
    let check =
      #"XCTAssertFalse(dataSource.snapshot(for: "main").isVisible("Apple"))"# + "\n"
      + #"    XCTAssertFalse(dataSource.snapshot(for: "main").isExpanded("Food"))"#
    XCTAssertEqual(file.components(separatedBy: check).count, 3, file)
    // No tap or reorder is made, so no handler call is checked after them.
    XCTAssertFalse(file.contains(#"toggleDisclosure(of: "Apple")"#), file)
    XCTAssertFalse(file.contains(#"dataSource.reorder("Apple""#), file)
    XCTAssertFalse(file.contains(check + "\n    XCTAssertEqual(calls.take()"), file)
  }

  func testAnItemAnEarlierReorderHidMovesUncheckedAndTheOthersAsDrops() {
    let (file, end) = emit(
      "append Food\nappend Apple Plum to Food\nappend Seed to Apple\nexpand --force Food\n"
        + "outdent --in-place Apple Plum\n")
    XCTAssertEqual(end, .finished(failures: 0))
    // Apple's turn takes Plum under the collapsed Apple; Plum's own turn moves it unseen.
    XCTAssertTrue(
      file.contains(
        #"XCTUnwrap(dataSource.reorder("Plum", to: .after("Apple"), checkingVisibility: false))"#
          + "  // an earlier drop hid it"),
      file)
    XCTAssertTrue(
      file.contains(
        #"XCTUnwrap(dataSource.reorder("Plum", to: .lastChild(of: "Apple")))"#
          + "  // the user's drop"),
      file)
    XCTAssertEqual(file.components(separatedBy: "checkingVisibility").count, 2, file)
  }

  func testEveryHandlerRecordsItsCallsAndEachInteractionChecksThem() {
    let (file, _) = emit(
      "append Food\nappend Apple to Food\nrule no-collapse Food\nrule lazy Tea Green\n"
        + "expand Food\nexpect error collapse Food\nappend A B\nmove B before A\n")
    for handler in [
      "shouldExpandItem = calls.shouldExpandItem { _ in true }",
      "willExpandItem = calls.willExpandItem", "willCollapseItem = calls.willCollapseItem",
      "canReorderItem = calls.canReorderItem { _ in true }", "didReorder = calls.didReorder",
      "willReorder = calls.willReorder",
      "shouldCollapseItem = calls.shouldCollapseItem { $0 != \"Food\" }",
      "snapshotForExpandingParent = calls.snapshotForExpandingParent { parent, current in",
    ] {
      XCTAssertTrue(file.contains(handler), handler + "\n" + file)
    }
    for check in [
      #"""
      XCTAssertEqual(calls.take(), [  // the handler calls
            "shouldExpandItem(Food) -> true",
            "willExpandItem(Food)",
            "snapshotForExpandingParent(Food, [Apple]) -> [Apple]",
          ])
      """#,
      #"XCTAssertEqual(calls.take(), ["shouldCollapseItem(Food) -> false"])"#,
      #"""
      XCTAssertEqual(calls.take(), [  // the handler calls
            "canReorderItem(B) -> true",
            "willReorder(transaction)",
            "didReorder(transaction)",
          ])
      """#,
    ] {
      XCTAssertTrue(file.contains(check), check + "\n" + file)
    }
    XCTAssertTrue(file.contains("private final class HandlerCalls {"))
  }

  func testABatchIsOneScopeWithOneApply() {
    let (file, _) = emit("begin --empty\nappend A B\nexpect items A B\napply\n")
    XCTAssertTrue(
      file.contains(
        """
            do {  // the batch
              var snapshot = NSDiffableDataSourceSectionSnapshot<String>()
              // > append A B
              snapshot.append(["A", "B"])
              // > expect items A B
              XCTAssertEqual(snapshot.items, ["A", "B"])
              // > apply
              let transaction = dataSource.native.apply(snapshot, to: "main")
        """), file)
  }

  func testAWrongExpectIsAFailingAssertion() {
    let (file, end) = emit("append A B\nexpect items A B Wrong\n")
    XCTAssertEqual(end, .failed)
    XCTAssertTrue(
      file.contains(
        #"XCTAssertEqual(dataSource.snapshot(for: "main").items, ["A", "B", "Wrong"])"#),
      file)
  }

  func testUndoAndLoadApplyTheStateTheyRestore() {
    let (file, _) = emit("append A B\nappend C to A\nexpand --force A\nundo\n")
    XCTAssertTrue(file.contains("sections.appendSections([\"main\"])"), file)
    XCTAssertTrue(file.contains(#"snapshot.append(["C"], to: "A")"#), file)
  }

  func testKeptSnapshotsAreVariablesOfTheTest() {
    let (file, _) = emit(
      "append Fruit Veg\nappend Apple to Fruit\nchild-snapshot Fruit --including-parent as fruit\n"
        + "delete Fruit\nreplace-children Veg with @fruit\n")
    XCTAssertTrue(
      file.contains("    var fruit = NSDiffableDataSourceSectionSnapshot<String>()  // @fruit"))
    XCTAssertTrue(
      file.contains(
        #"fruit = dataSource.snapshot(for: "main").snapshot(of: "Fruit", includingParent: true)"#))
    XCTAssertTrue(file.contains(#"snapshot.replace(childrenOf: "Veg", using: fruit)"#))
  }

  /// A long run emits whole: 1,000 commands on a growing outline, one scope each. (The speed of
  /// 10,000 is measured with the release binary: a debug build's interpreter alone takes minutes.)
  func testALongScriptEmitsWhole() {
    var script = "append Root\n"
    for index in 0..<1_000 {
      script += index % 10 == 9 ? "expect level I\(index - 1) 1\n" : "append I\(index) to Root\n"
    }
    let (file, end) = emit(script)
    XCTAssertEqual(end, .finished(failures: 0))
    XCTAssertTrue(file.contains(#"snapshot.append(["I998"], to: "Root")"#))
    XCTAssertEqual(file.components(separatedBy: "    do {\n").count - 1, 901)
    XCTAssertEqual(
      file.components(separatedBy: "XCTAssertEqual(dataSource.snapshot(for: \"main\").level(of: ")
        .count - 1, 100)
  }
}
