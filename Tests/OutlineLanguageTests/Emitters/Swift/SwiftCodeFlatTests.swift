import OutlineLanguage
import XCTest

/// `SwiftCode` and `SwiftTestEmitter` for the flat snapshot's commands: WWDC19's API on
/// `dataSource.snapshot()`, `applySnapshotUsingReloadData`, and why reconfigure keeps the cell.
final class SwiftCodeFlatTests: XCTestCase {
  /// The Swift of `command`, run on a new session after `setup`.
  func swift(_ command: String, after setup: [String] = []) -> [String] {
    let session = Session()
    for line in setup { XCTAssertTrue(session.run(line).ok, line) }
    return SwiftCode.lines(for: session.run(command))
  }

  func testAFlatEditIsTheSnapshotTheCallAndApply() {
    XCTAssertEqual(
      swift("append-items Denali Everest to-section main"),
      [
        "var snapshot = dataSource.snapshot()",
        #"snapshot.appendItems(["Denali", "Everest"], toSection: "main")"#,
        "dataSource.apply(snapshot)",
      ])
    XCTAssertEqual(
      swift("append-items K2")[1], #"snapshot.appendItems(["K2"])  // to the last section"#)
    XCTAssertEqual(
      swift("move-item B before A", after: ["append-items A B"])[1],
      #"snapshot.moveItem("B", beforeItem: "A")"#)
    XCTAssertEqual(
      swift("insert-items C after A", after: ["append-items A B"])[1],
      #"snapshot.insertItems(["C"], afterItem: "A")"#)
    XCTAssertEqual(
      swift("delete-items A", after: ["append-items A B"])[1], #"snapshot.deleteItems(["A"])"#)
    XCTAssertEqual(
      swift("reload-sections main")[1], #"snapshot.reloadSections(["main"])"#)
  }

  func testReconfigureSaysWhyItKeepsTheCellAndReloadThatItMakesANewOne() {
    let reconfigure = swift("reconfigure-items A", after: ["append-items A"])
    XCTAssertEqual(reconfigure[1], #"snapshot.reconfigureItems(["A"])"#)
    XCTAssertTrue(reconfigure[3].hasPrefix("// reconfigureItems keeps each item's cell"))
    XCTAssertTrue(reconfigure.joined().contains("where reloadItems asks"))
    let reload = swift("reload-items A", after: ["append-items A"])
    XCTAssertEqual(reload[1], #"snapshot.reloadItems(["A"])"#)
    XCTAssertEqual(
      reload.last, "// reloadItems: a new cell for each item, from the cell provider")
  }

  func testABatchEditsFlatSnapshotWhichApplyApplies() {
    let session = Session()
    XCTAssertTrue(session.run("append-items A B").ok)
    XCTAssertTrue(session.run("begin --empty").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("append-items C")),
      [
        "var snapshot = NSDiffableDataSourceSnapshot<String, String>()  // begin --empty",
        #"snapshot.appendSections(["main"])"#,
        #"snapshot.appendItems(["C"])  // to the last section"#,
      ])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("reload-items C")),
      [
        #"snapshot.reloadItems(["C"])"#,
        "// reloadItems: a new cell for each item, from the cell provider",
      ])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("apply")),
      ["dataSource.apply(snapshot)"])
    // With several sections, begin --empty empties its section in dataSource.snapshot(); after
    // begin, which declares nothing, the flat snapshot is dataSource.snapshot().
    XCTAssertTrue(session.run("section add s2").ok)
    XCTAssertTrue(session.run("begin --empty").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("append-items D")).prefix(2),
      [
        "var snapshot = dataSource.snapshot()  // the batch edits the flat snapshot",
        #"snapshot.deleteItems(snapshot.itemIdentifiers(inSection: "main"))  // begin --empty"#,
      ])
    XCTAssertTrue(session.run("apply").ok)
    XCTAssertTrue(session.run("begin").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("append-items E")),
      [
        "var snapshot = dataSource.snapshot()  // the batch edits the flat snapshot",
        #"snapshot.appendItems(["E"])  // to the last section"#,
      ])
  }

  /// `begin` declares nothing: the batch's first edit declares the snapshot it edits, a section
  /// snapshot or the flat one, so no variable goes unused; until then, reads and an apply are
  /// of the data source's section snapshot.
  func testTheFirstEditOfABatchDeclaresTheSnapshotItEdits() {
    let session = Session()
    XCTAssertTrue(session.run("append A B").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("begin")),
      ["// begin: the app edits a copy of the snapshot, declared by its first edit"])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("items")), [#"dataSource.snapshot(for: "main").items"#])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("append-items C")),
      [
        "var snapshot = dataSource.snapshot()  // the batch edits the flat snapshot",
        #"snapshot.appendItems(["C"])  // to the last section"#,
      ])
    XCTAssertEqual(SwiftCode.lines(for: session.run("apply")), ["dataSource.apply(snapshot)"])
    XCTAssertTrue(session.run("begin").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("append D")),
      [
        #"var snapshot = dataSource.snapshot(for: "main")"#,
        #"snapshot.append(["D"])"#,
      ])
    XCTAssertEqual(SwiftCode.lines(for: session.run("append E")), [#"snapshot.append(["E"])"#])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("apply")), [#"dataSource.apply(snapshot, to: "main")"#])
    XCTAssertTrue(session.run("begin").ok)
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("apply")),
      [#"dataSource.apply(dataSource.snapshot(for: "main"), to: "main")"#])
  }

  /// `begin --empty` in one section is WWDC19's new snapshot in `--swift` and in the emitted
  /// test alike.
  func testBeginEmptyIsOneFormInSwiftAndInTheEmittedTest() {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "flat.outline")
    var printed: [String] = []
    let end = session.runScript(
      """
      append-items A B
      begin --empty
      append-items C
      apply
      """, file: "flat.outline",
      options: ScriptOptions { outcome, _ in
        emitter.record(outcome)
        printed += SwiftCode.lines(for: outcome)
      })
    XCTAssertEqual(end, .finished(failures: 0))
    let file = emitter.file(final: session.state)
    for (swift, test) in [
      (
        "var snapshot = NSDiffableDataSourceSnapshot<String, String>()  // begin --empty",
        "var flatSnapshot = NSDiffableDataSourceSnapshot<String, String>()  // begin --empty"
      ),
      (#"snapshot.appendSections(["main"])"#, #"flatSnapshot.appendSections(["main"])"#),
    ] {
      XCTAssertTrue(printed.contains(swift), "\(printed)")
      XCTAssertTrue(file.contains("      " + test + "\n"), file)
    }
    XCTAssertFalse(file.contains("deleteItems(flatSnapshot.itemIdentifiers"), file)
    XCTAssertFalse(printed.joined().contains("animatingDifferences"), "\(printed)")
  }

  func testApplyReloadDataIsApplySnapshotUsingReloadData() {
    XCTAssertEqual(
      swift("apply --reload-data"),
      [
        "dataSource.applySnapshotUsingReloadData(dataSource.snapshot())"
          + "  // no difference animated: reloadData"
      ])
    XCTAssertEqual(
      swift("apply --reload-data", after: ["begin", "append-items A"]),
      [
        "dataSource.applySnapshotUsingReloadData(snapshot)"
          + "  // no difference animated: reloadData"
      ])
  }

  func testAFailureThatTheLibraryThrowsIsCheckedThatWay() {
    XCTAssertEqual(
      swift("reload-items Nope", after: ["append-items A"]),
      [
        "var snapshot = dataSource.snapshot()", #"snapshot.reloadItems(["Nope"])"#,
        "dataSource.apply(snapshot)",
        "// reloadItems: a new cell for each item, from the cell provider",
        "// fails, and nothing changes: Attempted to reload item identifier that does not exist "
          + "in the snapshot: Nope",
      ])
  }

  func testTheEmittedTestLeavesNoSectionSnapshotVariableUnmutated() {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "flat.outline")
    let end = session.runScript(
      """
      append-items A B
      begin --empty
      append-items C
      apply
      begin
      append-items D
      apply
      begin --empty
      apply
      """, file: "flat.outline",
      options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    XCTAssertEqual(end, .finished(failures: 0))
    let file = emitter.file(final: session.state)
    XCTAssertFalse(file.contains("var snapshot = NSDiffableDataSourceSectionSnapshot"), file)
    XCTAssertFalse(file.contains("var snapshot = dataSource.snapshot(for:"), file)
    for line in [
      #"      XCTAssertEqual(flatSnapshot.itemIdentifiers(inSection: "main"), [String]())"#,
      #"      let snapshot = dataSource.snapshot(for: "main")"#,
      "      let snapshot = NSDiffableDataSourceSectionSnapshot<String>()",
    ] {
      XCTAssertTrue(file.contains(line + "\n"), line)
    }
  }

  func testTheEmittedTestChecksMarksAndTransactions() {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "flat.outline")
    let end = session.runScript(
      """
      append-items A B
      reconfigure-items A
      begin
      delete-items B
      reload-items A
      apply --reload-data
      append C to A
      expect error reload-items Nope
      expect error append-items D
      """, file: "flat.outline",
      options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    XCTAssertEqual(end, .finished(failures: 0))
    let file = emitter.file(final: session.state)
    for line in [
      #"      snapshot.reconfigureItems(["A"])"#,
      #"      XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, ["A"])"#,
      "      XCTAssertTrue(dataSource.native.apply(snapshot).difference.isEmpty)",
      #"      XCTAssertEqual(flatSnapshot.reloadedItemIdentifiers, ["A"])"#,
      "      let transaction = dataSource.native.applySnapshotUsingReloadData(flatSnapshot)",
      #"      XCTAssertEqual(changes(transaction.difference), ["-1 B"])"#,
      #"      try snapshot.reloadItems(["Nope"])"#,
      "    // outline refuses it: append-items would apply dataSource.snapshot(), which holds only "
        + "the visible rows: section main hides 1 item (C) under collapsed items, which UIKit "
        + "would drop; expand them first, or add --flatten to drop them as UIKit does",
    ] {
      XCTAssertTrue(file.contains(line + "\n"), line)
    }
  }

  func testARefusalPrintsNoCodeBeforeIt() {
    let mixed = swift("apply --reload-data", after: ["append A", "begin", "append B"])
    XCTAssertEqual(mixed.count, 1, "\(mixed)")
    XCTAssertTrue(
      mixed[0].hasPrefix(
        "// outline refuses it, and nothing changes: apply --reload-data is "
          + "applySnapshotUsingReloadData(_:)"), mixed[0])
    let hidden = swift(
      "append-items Summit", after: ["append Everest", "append Summit to Everest"])
    XCTAssertEqual(hidden.count, 1, "\(hidden)")
    // UIKit's appendItems(_:) would add it as a new item: only outline refuses.
    XCTAssertTrue(
      hidden[0].hasPrefix("// outline refuses it, and nothing changes: Summit is not in"),
      hidden[0])
  }

  func testAFlattenedSectionIsSaidInAComment() {
    XCTAssertEqual(
      swift("append-items K2 --flatten", after: ["append Everest", "append Summit to Everest"])
        .last,
      "// a flat snapshot has no hierarchy: section main's items are roots now; the hidden "
        + "items it held are dropped: Summit")
    XCTAssertEqual(
      swift(
        "append-items Summit --flatten", after: ["append Everest", "append Summit to Everest"]),
      [
        "var snapshot = dataSource.snapshot()",
        #"snapshot.appendItems(["Summit"])  // to the last section"#,
        "dataSource.apply(snapshot)",
        "// a flat snapshot has no hierarchy: section main's items are roots now; the hidden "
          + "items it held are dropped: Summit",
        "// Summit hidden, so not in dataSource.snapshot(): added as new",
      ])
    XCTAssertEqual(
      swift("append-items K2", after: ["append Everest"]).last,
      "dataSource.apply(snapshot)", "a flat section says nothing")
  }

  func testAFlattenedSectionIsInTheEffectThatNoteAndCommentPrint() {
    let session = Session()
    for line in ["append Everest K2", "append Summit to Everest"] {
      XCTAssertTrue(session.run(line).ok, line)
    }
    let outcome = session.run("append-items Summit --flatten")
    XCTAssertEqual(
      outcome.effect,
      .flat(
        [.appendItems(["Summit"], toSection: nil)],
        flattened: [FlattenedSection("main", dropped: ["Summit"])]))
    XCTAssertEqual(
      outcome.note,
      "section main now flat: a flat snapshot has no hierarchy, so its items are roots (as in "
        + "UIKit)\ndropped the hidden items, as UIKit does: Summit\nSummit was hidden, so not in "
        + "dataSource.snapshot(): added again as new item")
    XCTAssertEqual(
      session.run("append-items Lhotse").effect, .flat([.appendItems(["Lhotse"], toSection: nil)]))
  }

  func testAQueryInABatchReadsWhatTheBatchHolds() {
    let session = Session()
    for line in ["append-items A B", "begin --empty"] { XCTAssertTrue(session.run(line).ok) }
    // Before the first edit, `snapshot` is not declared: the working copy is empty.
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("items")),
      ["NSDiffableDataSourceSectionSnapshot<String>().items"])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("expect items")),
      ["XCTAssertEqual(NSDiffableDataSourceSectionSnapshot<String>().items, [])"])
    XCTAssertTrue(session.run("append-items C").ok)
    // After a flat command the batch's snapshot is NSDiffableDataSourceSnapshot: its rows.
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("items")), [#"snapshot.itemIdentifiers(inSection: "main")"#])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("count")), [#"snapshot.numberOfItems(inSection: "main")"#])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("expect visible C")),
      [#"XCTAssertEqual(snapshot.itemIdentifiers(inSection: "main"), ["C"])"#])
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("parent C")),
      [
        "// parent C: the batch's flat snapshot has no hierarchy to ask; outline answers from its "
          + "working copy"
      ])
    XCTAssertTrue(session.run("apply").ok)
    for line in ["begin", "append-items D"] { XCTAssertTrue(session.run(line).ok) }
    XCTAssertEqual(
      SwiftCode.lines(for: session.run("items")),
      [#"snapshot.itemIdentifiers(inSection: "main")"#])
  }

  func testTheEmittedTestAssertsABatchsQueriesOnWhatTheBatchHolds() {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: "flat.outline")
    let end = session.runScript(
      """
      append-items A B
      begin --empty
      items
      append-items C
      items
      count
      level C
      expect items C
      apply
      """, file: "flat.outline",
      options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    XCTAssertEqual(end, .finished(failures: 0))
    let file = emitter.file(final: session.state)
    for line in [
      "      XCTAssertEqual(NSDiffableDataSourceSectionSnapshot<String>().items, [])",
      #"      XCTAssertEqual(flatSnapshot.itemIdentifiers(inSection: "main"), ["C"])"#,
      #"      XCTAssertEqual(flatSnapshot.numberOfItems(inSection: "main"), 1)"#,
      "      // level C: the batch's flat snapshot has no hierarchy to ask; outline answers from "
        + "its working copy",
    ] {
      XCTAssertTrue(file.contains(line + "\n"), line)
    }
    XCTAssertFalse(file.contains("XCTAssertEqual(snapshot.items"), file)
  }
}
