import Diffable
import OutlineLanguage
import XCTest

/// `save FILE` and `load FILE`: the save file's shape, a faithful round trip, one transaction
/// that `undo` reverts, and every problem of a file refused as `io`, changing nothing.
final class InterpreterFilesTests: XCTestCase {
  // MARK: Helpers

  /// Everything `load` may change, for comparing before and after.
  struct Snapshot: Equatable, CustomStringConvertible {
    var sections: [String]
    var rows: [String: [SectionSnapshot<String>.Row]]
    var rules: [String]
    var kept: [String: [SectionSnapshot<String>.Row]]
    var section: String

    var description: String {
      "sections \(sections), current \(section), rules \(rules), rows \(rows), kept \(kept)"
    }
  }

  /// The state of `session` that `save` writes and `load` replaces.
  func state(of session: Session) -> Snapshot {
    let sections = session.dataSource.snapshot().sectionIdentifiers
    return Snapshot(
      sections: sections,
      rows: Dictionary(
        uniqueKeysWithValues: sections.map { ($0, session.dataSource.snapshot(for: $0).rows) }),
      rules: session.rules.lines,
      kept: session.keptSnapshots.mapValues(\.rows),
      section: session.section)
  }

  /// A session with three sections (the current one is `Recents`), items four levels deep with
  /// an expanded item under a collapsed one, one rule of each kind and two kept snapshots.
  func richSession(files: MemoryFileSystem, file: StaticString = #filePath, line: UInt = #line)
    -> Session
  {
    let session = Session(fileSystem: files)
    run(
      session,
      """
      append Food Drinks "big box"
      append Apple Pear to Food
      append Green Red to Apple
      append Granny to Green
      append Water Tea to Drinks
      append "to" to "big box"
      expand Food Apple
      expand --force Green
      expand --force "big box"
      collapse Food
      rule no-collapse "Fav*"
      rule no-expand Tea
      rule lazy Drinks Juice Soda
      rule no-reorder "big box" Water
      child-snapshot Apple as fruit
      child-snapshot Food --including-parent as "whole food"
      section add Recents Archive
      section use Archive
      append Old "Very old"
      append Older to Old
      section use Recents
      append Star
      section move Archive before main
      """, file: file, line: line)
    return session
  }

  /// A file that `save` would write for `sections`, rules and snapshots of JSON text.
  func saveFile(
    section: String = "main", sections: String, rules: String = "[]", snapshots: String = "[]"
  ) -> String {
    """
    {"format": "outline", "version": 1, "section": "\(section)", "sections": \(sections),
     "rules": \(rules), "snapshots": \(snapshots)}
    """
  }

  /// Loads `text` as a file into `session`, which must fail with `io` and `message` (after
  /// `cannot load "bad.json": `) and change nothing at all.
  func assertLoadFails(
    _ session: Session, _ text: String?, bytes: [UInt8]? = nil, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let files = session.fileSystem as! MemoryFileSystem
    if let text { files.files["bad.json"] = Array(text.utf8) }
    if let bytes { files.files["bad.json"] = bytes }
    let before = state(of: session)
    let history = session.history.count
    let outcome = session.run("load bad.json")
    XCTAssertEqual(outcome.error?.code, .io, "\(outcome.error as Any)", file: file, line: line)
    XCTAssertEqual(
      outcome.error?.message, "cannot load bad.json: " + message, file: file, line: line)
    XCTAssertNil(outcome.transaction, file: file, line: line)
    XCTAssertEqual(outcome.handlers, [], file: file, line: line)
    XCTAssertEqual(state(of: session), before, "load changed the session", file: file, line: line)
    XCTAssertEqual(session.history.count, history, file: file, line: line)
    files.files["bad.json"] = nil
  }

  /// A session with some state to lose: two sections, a rule, a kept snapshot, `Other` current.
  func sessionToKeep(files: MemoryFileSystem = MemoryFileSystem()) -> Session {
    let session = Session(fileSystem: files)
    run(
      session,
      """
      append Keep Also
      append Child to Keep
      expand Keep
      rule no-expand Also
      child-snapshot Keep as kept
      section add Other
      section use Other
      append Elsewhere
      """)
    return session
  }

  // MARK: Round trip

  func testSaveThenLoadIntoAFreshSessionRestoresEverything() {
    let files = MemoryFileSystem()
    let original = richSession(files: files)
    let saved = run(original, "save all.json")
    XCTAssertEqual(saved.note, #"saved 15 items in 3 sections to all.json"#)
    XCTAssertNil(saved.transaction)

    let fresh = Session(fileSystem: files)
    let loaded = run(fresh, "load all.json")
    XCTAssertNotNil(loaded.transaction)
    XCTAssertEqual(loaded.handlers, [], "load calls no handler")
    XCTAssertEqual(state(of: fresh), state(of: original))
    XCTAssertEqual(fresh.section, "Recents")
    XCTAssertEqual(fresh.dataSource.snapshot().sectionIdentifiers, ["Archive", "main", "Recents"])
    XCTAssertEqual(fresh.keptSnapshots.keys.sorted(), ["fruit", "whole food"])
    XCTAssertTrue(fresh.keptSnapshots == original.keptSnapshots)
    XCTAssertEqual(
      fresh.rules.lines,
      [
        "rule 1: no-collapse Fav*", "rule 2: no-expand Tea", "rule 3: lazy Drinks Juice Soda",
        #"rule 4: no-reorder "big box" Water"#,
      ])
    for name in ["Archive", "main", "Recents"] {
      XCTAssertTrue(
        fresh.dataSource.snapshot(for: name) == original.dataSource.snapshot(for: name), name)
    }
    // Levels, expansion and visibility in detail, for the section with the deep tree.
    run(fresh, "section use main")
    let describe = original.dataSource.snapshot(for: "main").visualDescriptionLines()
    XCTAssertEqual(fresh.run("describe").result, .lines(describe))
    XCTAssertEqual(fresh.run("level Granny").result, .number(3))
    XCTAssertEqual(fresh.run("expanded").result, .items(["Apple", "Green", "big box"]))
    XCTAssertEqual(fresh.run("visible").result, .items(["Food", "Drinks", "big box", "to"]))
    XCTAssertEqual(fresh.run("parent to").result, .item("big box"))
    // The rules work as rules, and the kept snapshots as snapshots.
    run(fresh, "reveal Tea Water")
    XCTAssertEqual(fresh.run("expand Tea").error?.code, .refused)
    XCTAssertEqual(fresh.run("move Water before Tea").error?.code, .refused)
    run(fresh, "delete Apple\ninsert @fruit after Pear")
    XCTAssertEqual(fresh.run("parent Granny").result, .item("Green"))

    // Saving the loaded session, the edits and the reveal undone, writes the very same text.
    run(fresh, "undo\nundo\nundo\nsection use Recents\nsave again.json")
    XCTAssertEqual(files.text(of: "again.json"), files.text(of: "all.json"))
  }

  func testTheSavedTextOfASmallOutline() {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    run(
      session,
      """
      append Food Drinks
      append Apple to Food
      expand Food
      rule no-collapse Food
      rule lazy Drinks "Sparkling water"
      child-snapshot Food as fruit
      section add "My list"
      save small.json
      """)
    XCTAssertEqual(
      files.text(of: "small.json"),
      """
      {
        "format": "outline",
        "version": 2,
        "section": "main",
        "sections": [
          {"name": "main", "items": [
            {"item": "Food", "level": 0, "expanded": true},
            {"item": "Apple", "level": 1},
            {"item": "Drinks", "level": 0}
          ]},
          {"name": "My list", "items": []}
        ],
        "rules": ["no-collapse Food", "lazy Drinks \\"Sparkling water\\""],
        "snapshots": [
          {"name": "fruit", "items": [
            {"item": "Apple", "level": 0}
          ]}
        ]
      }

      """)
  }

  func testTheSavedTextOfAnEmptySession() {
    let files = MemoryFileSystem()
    let outcome = run(Session(fileSystem: files), "save empty.json")
    XCTAssertEqual(outcome.note, "saved 0 items in 1 section to empty.json")
    XCTAssertEqual(
      files.text(of: "empty.json"),
      """
      {
        "format": "outline",
        "version": 2,
        "section": "main",
        "sections": [
          {"name": "main", "items": []}
        ],
        "rules": [],
        "snapshots": []
      }

      """)
    let fresh = sessionToKeep(files: files)
    run(fresh, "load empty.json")
    XCTAssertEqual(
      state(of: fresh),
      Snapshot(sections: ["main"], rows: ["main": []], rules: [], kept: [:], section: "main"))
  }

  func testSaveOverwritesAndLoadingTheSameOutlineNotesIt() {
    let files = MemoryFileSystem(["out.json": "old contents"])
    let session = foodSession(files: files)
    run(session, "save out.json")
    XCTAssertTrue(files.text(of: "out.json")!.hasPrefix("{\n  \"format\": \"outline\""))
    let history = session.history.count
    let outcome = run(session, "load out.json")
    XCTAssertNil(outcome.transaction)
    XCTAssertEqual(outcome.note, "loaded out.json: the outline is as it was")
    XCTAssertEqual(session.history.count, history)
  }

  /// `foodSession` on a file system of the test's choosing.
  func foodSession(files: MemoryFileSystem) -> Session {
    let session = Session(fileSystem: files)
    run(session, "append Food Drinks\nappend Apple Pear to Food\nappend Water to Drinks")
    return session
  }

  // MARK: Transactions and batches

  func testLoadIsOneTransactionThatUndoReverts() {
    let files = MemoryFileSystem()
    let source = foodSession(files: files)
    run(source, "expand Food\nsave food.json")

    let session = Session(fileSystem: files)
    run(session, "append Old Older")
    let before = session.dataSource.snapshot()
    let history = session.history.count
    let loaded = run(session, "load food.json")
    XCTAssertEqual(session.history.count, history + 1)
    XCTAssertEqual(session.history.last?.command, "load food.json")
    XCTAssertEqual(
      loaded.transaction?.finalSnapshot.itemIdentifiers, ["Food", "Apple", "Pear", "Drinks"])
    XCTAssertEqual(loaded.transaction?.initialSnapshot.itemIdentifiers, ["Old", "Older"])
    XCTAssertEqual(
      session.run("items").result, .items(["Food", "Apple", "Pear", "Drinks", "Water"]))

    let undone = run(session, "undo")
    XCTAssertEqual(undone.note, "undid: load food.json")
    XCTAssertTrue(session.dataSource.snapshot() == before)
    XCTAssertEqual(session.run("items").result, .items(["Old", "Older"]))
    run(session, "redo")
    XCTAssertEqual(session.run("visible").result, .items(["Food", "Apple", "Pear", "Drinks"]))
  }

  /// `undo` puts the outline back; the current section must then be one that exists.
  func testUndoingALoadLeavesACurrentSectionThatExists() {
    let files = MemoryFileSystem()
    let source = Session(fileSystem: files)
    run(source, "section add Elsewhere\nsection use Elsewhere\nappend E\nsave other.json")

    let session = Session(fileSystem: files)
    run(session, "append Mine\nload other.json")
    XCTAssertEqual(session.section, "Elsewhere")
    run(session, "undo")
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main"])
    XCTAssertTrue(
      session.dataSource.snapshot().sectionIdentifiers.contains(session.section),
      "the current section \(session.section) is not a section after undo")
    run(session, "append New")
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main"])
  }

  func testSaveAndLoadAreRefusedWhileABatchIsOpen() {
    let files = MemoryFileSystem()
    let session = foodSession(files: files)
    run(session, "save food.json\nbegin\nappend Kiwi")
    let saved = files.files
    let outcome = session.run("save other.json")
    XCTAssertEqual(outcome.error?.code, .refused)
    XCTAssertEqual(
      outcome.error?.message,
      #"a batch is open on section "main": apply or discard it first"#)
    XCTAssertEqual(session.run("load food.json").error?.code, .refused)
    XCTAssertEqual(files.files, saved, "a refused save writes nothing")
    XCTAssertEqual(session.batch?.working.items.last, "Kiwi", "the batch is still open")
    XCTAssertEqual(
      session.run("items").result, .items(["Food", "Apple", "Pear", "Drinks", "Water", "Kiwi"]))
    run(session, "discard\nload food.json")
  }

  // MARK: Problems

  /// `-` is no file of `save` or `load`: each is an error that names the command using standard
  /// output or input, and changes nothing; `./-` still names a file called `-`.
  func testSaveAndLoadOfDashAreErrorsThatChangeNothing() {
    let files = MemoryFileSystem(["./-": "- stdin\n"])
    files.input = Array("- Tea\n".utf8)
    let session = foodSession(files: files)
    let saved = files.files
    let before = state(of: session)
    for format in ["", " --format md", " --format json"] {
      assertFails(
        session, "save -" + format, .syntax,
        #"save - names no file: "export - --format NAME" uses standard output "#
          + "(save ./- names a file called -)")
      assertFails(
        session, "load -" + format, .syntax,
        #"load - names no file: "import -" uses standard input (load ./- names a file called -)"#
      )
    }
    XCTAssertEqual(files.files, saved, "nothing written")
    XCTAssertEqual(state(of: session), before)
    XCTAssertTrue(session.hasUnsavedChanges, "a refused save saves nothing")
    XCTAssertNil(session.sectionFilePath, "and names no section file")
    run(session, "save ./-.md")
    XCTAssertEqual(files.text(of: "./-.md")?.hasPrefix("- Food\n"), true)
    run(session, "load ./- --format md --fresh")
    XCTAssertEqual(session.outline.items, ["stdin"])
  }

  func testAMissingFileIsAnIOError() {
    let session = sessionToKeep()
    let before = state(of: session)
    let outcome = session.run(#"load "no such.json""#)
    XCTAssertEqual(
      outcome.error,
      CommandError(.io, #"cannot load "no such.json": no such file or directory"#))
    XCTAssertEqual(state(of: session), before)
  }

  func testFilesThatAreNotJSONOrAreTruncated() {
    let session = sessionToKeep()
    let notJSON = "not valid JSON (the file may be truncated or not a save file)"
    assertLoadFails(session, "append A\nappend B\n", notJSON)
    assertLoadFails(session, "", notJSON)
    assertLoadFails(session, nil, bytes: [0xFF, 0xFE, 0x00, 0x7B], notJSON)

    let files = MemoryFileSystem()
    run(richSession(files: files), "save whole.json")
    let whole = files.files["whole.json"]!
    assertLoadFails(session, nil, bytes: Array(whole.prefix(whole.count / 2)), notJSON)
    assertLoadFails(session, nil, bytes: Array(whole.dropLast(3)), notJSON)
    assertLoadFails(session, "[1, 2]", "expected an object")
  }

  func testTheWrongFormatOrVersion() {
    let session = sessionToKeep()
    let sections = #"[{"name": "main", "items": []}]"#
    assertLoadFails(
      session,
      saveFile(sections: sections).replacingOccurrences(of: #""outline""#, with: #""outliner""#),
      #""format" is "outliner", not "outline""#)
    assertLoadFails(
      session,
      saveFile(sections: sections).replacingOccurrences(
        of: #""version": 1"#, with: #""version": 4"#),
      "version 4 is not supported (this outline reads versions 1 to 3)")
    assertLoadFails(
      session,
      saveFile(sections: sections).replacingOccurrences(
        of: #""version": 1"#, with: #""version": 0"#),
      "version 0 is not supported (this outline reads versions 1 to 3)")
    assertLoadFails(
      session,
      saveFile(sections: sections).replacingOccurrences(
        of: #""version": 1"#, with: #""version": 2.0"#),
      "version: expected a whole number, not 2.0")
  }

  func testAMissingKeyOrAValueOfTheWrongType() {
    let session = sessionToKeep()
    assertLoadFails(
      session, #"{"format": "outline", "version": 1, "sections": []}"#, #""section" is missing"#)
    assertLoadFails(
      session, #"{"format": "outline", "section": "main", "sections": []}"#,
      #""version" is missing"#)
    assertLoadFails(
      session, saveFile(sections: #"[{"name": "main", "items": [{"parent": null}]}]"#),
      #"sections[0].items[0]: "item" is missing"#)
    assertLoadFails(
      session, saveFile(sections: #"[{"items": []}]"#), #"sections[0]: "name" is missing"#)
    assertLoadFails(
      session,
      saveFile(sections: "[]").replacingOccurrences(of: #""version": 1"#, with: #""version": "1""#),
      "version: expected a number")
    assertLoadFails(
      session,
      saveFile(sections: "[]").replacingOccurrences(
        of: #""version": 1"#, with: #""version": null"#),
      "version: expected a number")
    assertLoadFails(session, saveFile(sections: "{}"), "sections: expected a list")
    assertLoadFails(
      session, saveFile(sections: #"[{"name": "main", "items": [{"item": 7}]}]"#),
      "sections[0].items[0].item: expected a string")
    assertLoadFails(
      session,
      saveFile(sections: #"[{"name": "main", "items": [{"item": "A", "expanded": "yes"}]}]"#),
      "sections[0].items[0].expanded: expected true or false")
    assertLoadFails(
      session, saveFile(sections: #"[{"name": "main", "items": []}]"#, rules: #"[1]"#),
      "rules[0]: expected a string")
  }

  func testAKeyThatAppearsTwiceInOneObject() {
    let session = sessionToKeep()
    // JSONDecoder would keep one of the two values and say nothing.
    assertLoadFails(
      session,
      saveFile(sections: #"[{"name": "main", "items": []}]"#).replacingOccurrences(
        of: #""version": 1"#, with: #""version": 1, "version": 2"#),
      #"key "version" appears twice"#)
    assertLoadFails(
      session, saveFile(sections: #"[{"name": "main", "name": "other", "items": []}]"#),
      #"sections[0]: key "name" appears twice"#)
    assertLoadFails(
      session,
      saveFile(
        sections: #"[{"name": "main", "items": [{"item": "A", "parent": null, "parent": "B"}]}]"#),
      #"sections[0].items[0]: key "parent" appears twice"#)
    // Keys are compared decoded: "\u0069tem" is "item".
    assertLoadFails(
      session,
      saveFile(sections: #"[{"name": "main", "items": [{"item": "A", "\u0069tem": "B"}]}]"#),
      #"sections[0].items[0]: key "item" appears twice"#)
    // The same key in different objects, and strings holding braces, quotes and escapes, are fine.
    let files = session.fileSystem as! MemoryFileSystem
    files.files["good.json"] = Array(
      saveFile(
        sections: #"""
          [{"name": "main", "items": [{"item": "{\"[", "parent": null},
                                       {"item": "a\\", "parent": "{\"["}]},
           {"name": "x\ud83d\ude00", "items": []}]
          """#
      ).utf8)
    let loaded = session.run("load good.json")
    XCTAssertNil(loaded.error, "\(loaded.error!)")
    XCTAssertEqual(session.outline.items, [#"{"["#, #"a\"#])
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main", "x😀"])
  }

  func testInconsistentSectionsAndItems() {
    let session = sessionToKeep()
    assertLoadFails(
      session,
      saveFile(sections: #"[{"name": "main", "items": []}, {"name": "main", "items": []}]"#),
      "sections[1]: section main appears twice")
    assertLoadFails(
      session,
      saveFile(
        sections: #"""
          [{"name": "main", "items": [{"item": "A"}, {"item": "B", "parent": "A"},
            {"item": "A", "parent": "B"}]}]
          """#),
      "sections[0].items[2]: item A appears twice in section main")
    assertLoadFails(
      session,
      saveFile(
        sections: #"""
          [{"name": "main", "items": [{"item": "A"}]},
           {"name": "other list", "items": [{"item": "B"}, {"item": "A"}]}]
          """#),
      #"sections[1].items[1]: item A appears in sections main and "other list""#)
    assertLoadFails(
      session,
      saveFile(
        sections: #"""
          [{"name": "main", "items": [{"item": "Apple", "parent": "Food"}, {"item": "Food"}]}]
          """#),
      "sections[0].items[0]: parent Food does not come before Apple")
    assertLoadFails(
      session,
      saveFile(sections: #"[{"name": "main", "items": [{"item": "A", "parent": "A"}]}]"#),
      "sections[0].items[0]: parent A does not come before A")
    assertLoadFails(
      session,
      saveFile(
        sections: #"""
          [{"name": "main", "items": [{"item": "Food"}]},
           {"name": "b", "items": [{"item": "Apple", "parent": "Food"}]}]
          """#),
      "sections[1].items[0]: parent Food does not come before Apple")
    assertLoadFails(
      session, saveFile(section: "Nowhere", sections: #"[{"name": "main", "items": []}]"#),
      #"the current section Nowhere is not in "sections""#)
    assertLoadFails(session, saveFile(sections: "[]"), #""sections" is empty"#)
  }

  func testInconsistentRulesAndSnapshots() {
    let session = sessionToKeep()
    let sections = #"[{"name": "main", "items": [{"item": "A"}]}]"#
    assertLoadFails(
      session, saveFile(sections: sections, rules: #"["no-collapse A", "sideways A"]"#),
      #"rules[1]: "sideways A" is not a rule"#)
    assertLoadFails(
      session, saveFile(sections: sections, rules: #"["no-collapse"]"#),
      #"rules[0]: "no-collapse" is not a rule"#)
    assertLoadFails(
      session, saveFile(sections: sections, rules: #"["no-collapse A; delete-all"]"#),
      #"rules[0]: "no-collapse A; delete-all" is not a rule"#)
    assertLoadFails(
      session,
      saveFile(
        sections: sections,
        snapshots: #"[{"name": "x", "items": [{"item": "A"}]}, {"name": "x", "items": []}]"#),
      "snapshots[1]: @x appears twice")
    assertLoadFails(
      session,
      saveFile(
        sections: sections,
        snapshots: #"[{"name": "x", "items": [{"item": "B", "parent": "C"}]}]"#),
      "snapshots[0].items[0]: parent C does not come before B")
    assertLoadFails(
      session,
      saveFile(
        sections: sections,
        snapshots: #"[{"name": "x", "items": [{"item": "B"}, {"item": "B"}]}]"#),
      "snapshots[0].items[1]: " + SnapshotError.duplicateItems(["B"]).message)
  }

  func testAFileSystemThatCannotReadIsAnIOError() {
    let files = FailingFileSystem(read: "Permission denied")
    let session = Session(fileSystem: files)
    run(session, "append A")
    let before = state(of: session)
    XCTAssertEqual(
      session.run("load locked.json").error,
      CommandError(.io, "cannot load locked.json: Permission denied"))
    XCTAssertEqual(state(of: session), before)
  }

  func testAReplaceThatFailsIsAnIOErrorAndChangesNothing() {
    let files = FailingFileSystem(write: "No space left on device")
    let session = Session(fileSystem: files)
    run(session, "append A B\nappend C to A\nexpand A\nrule no-expand B\nchild-snapshot A as a")
    let before = state(of: session)
    let history = session.history.count
    let outcome = session.run(#"save "full disk/out.json""#)
    XCTAssertEqual(
      outcome.error,
      CommandError(.io, #"cannot save "full disk/out.json": No space left on device"#))
    XCTAssertNil(outcome.note)
    XCTAssertEqual(state(of: session), before)
    XCTAssertEqual(session.history.count, history)
    XCTAssertEqual(files.files, [:])
  }

  // MARK: Hand-edited and large files

  func testChildrenListedAwayFromTheirParentAreAppendedInFileOrder() {
    let files = MemoryFileSystem([
      "hand.json": saveFile(
        sections: #"""
          [{"name": "main", "items": [
            {"item": "A"}, {"item": "B"}, {"item": "C", "parent": "A"},
            {"item": "D", "parent": "B", "expanded": true}, {"item": "E", "parent": "A"},
            {"item": "F", "parent": "D"}, {"item": "G", "parent": null, "expanded": true}]}]
          """#)
    ])
    let session = Session(fileSystem: files)
    run(session, "load hand.json")
    XCTAssertEqual(session.run("items").result, .items(["A", "C", "E", "B", "D", "F", "G"]))
    XCTAssertEqual(session.run("roots").result, .items(["A", "B", "G"]))
    XCTAssertEqual(session.run("parent E").result, .item("A"))
    XCTAssertEqual(session.run("level F").result, .number(2))
    XCTAssertEqual(session.run("expanded").result, .items(["D", "G"]))
    XCTAssertEqual(session.run("visible").result, .items(["A", "B", "G"]))
    // Saved again, the file is in tree order.
    run(session, "save tidy.json")
    XCTAssertTrue(
      files.text(of: "tidy.json")!.contains(
        """
              {"item": "A", "level": 0},
              {"item": "C", "level": 1},
              {"item": "E", "level": 1},
              {"item": "B", "level": 0},
        """))
  }

  /// A chain of 100,000 items, each the child of the one before, all expanded: `save` and `load`
  /// walk it without recursion, and the saved text is the loaded one.
  ///
  /// Built with the InternalChecks trait (`DIFFABLE_INTERNAL_CHECKS`), as CI runs the tests,
  /// every mutation of a section snapshot checks its invariants in O(*n*), so loading *n* items
  /// one by one is O(*n*²): there the chain is 1,500 deep (about two seconds). Without the trait
  /// the full 100,000 run: in about a second in a release build (`swift test -c release -Xswiftc
  /// -enable-testing`), in some 20 seconds in a plain debug `swift test` (2 cores).
  func testAHundredThousandDeepChainSavesAndLoads() {
    #if DIFFABLE_INTERNAL_CHECKS
      let depth = 1_500
    #else
      let depth = 100_000
    #endif
    func file(version: Int) -> String {
      var lines: [String] = []
      lines.reserveCapacity(depth)
      for index in 0..<depth {
        let parent = index == 0 ? "null" : "\"i\(index - 1)\""
        lines.append(
          version == 1
            ? #"      {"item": "i\#(index)", "parent": \#(parent), "expanded": true}"#
            : #"      {"item": "i\#(index)", "level": \#(index), "expanded": true}"#)
      }
      return """
        {
          "format": "outline",
          "version": \(version),
          "section": "main",
          "sections": [
            {"name": "main", "items": [
        \(lines.joined(separator: ",\n"))
            ]}
          ],
          "rules": [],
          "snapshots": []
        }

        """
    }
    for version in [1, 2] {
      let files = MemoryFileSystem(["chain.json": file(version: version)])
      let session = Session(fileSystem: files)
      let loaded = run(session, "load chain.json")
      XCTAssertEqual(loaded.transaction?.insertionOffsets.count, depth)
      XCTAssertEqual(session.run("count").result, .number(depth))
      XCTAssertEqual(session.run("level i\(depth - 1)").result, .number(depth - 1))
      XCTAssertEqual(session.run("parent i\(depth - 1)").result, .item("i\(depth - 2)"))
      XCTAssertEqual(session.run("is-visible i\(depth - 1)").result, .bool(true))
      run(session, "save again.json")
      XCTAssertEqual(files.text(of: "again.json"), file(version: 2), "from version \(version)")
    }
  }
}

/// A file system that fails to read, or to write, with a given reason; what it writes otherwise
/// goes to `files`.
final class FailingFileSystem: FileSystem {
  var files: [String: [UInt8]] = [:]
  let readFailure: String?
  let writeFailure: String?

  init(read: String? = nil, write: String? = nil) {
    readFailure = read
    writeFailure = write
  }

  func contents(of path: String) throws(FileError) -> [UInt8] {
    if let readFailure { throw FileError(readFailure) }
    guard let bytes = files[path] else { throw FileError("no such file or directory") }
    return bytes
  }

  func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    if let writeFailure { throw FileError(writeFailure) }
    files[path] = contents
  }
}
