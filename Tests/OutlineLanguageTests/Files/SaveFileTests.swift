import Diffable
import XCTest

@testable import OutlineLanguage

/// The save file's version 2: levels, titles, attributes and heads written and read back, each
/// problem of a version 2 file with its message and place, and a failed load that changes
/// nothing, contents included. (Version 1 and the problems both versions share:
/// `InterpreterFilesTests`.)
final class SaveFileTests: XCTestCase {
  /// A version 2 file with two sections (a head, titles, attributes in a non-sorted order, an
  /// expanded leaf, an expanded item under a collapsed one), a rule and a kept snapshot.
  let richFile = """
    {
      "format": "outline",
      "version": 2,
      "section": "side",
      "sections": [
        {"name": "main", "head": {"title": "Groceries", "dateCreated": "Mon, 1 Jan 2024", "a": "\\u00e9\\"\\n"}, "items": [
          {"item": "Food", "level": 0, "expanded": true},
          {"item": "Apple", "level": 1, "title": "Pomme", "attributes": {"type": "link", "_note": "ripe", "url": "http://x/?a=1&b=2"}},
          {"item": "Green", "level": 2, "expanded": true},
          {"item": "Granny", "level": 3, "expanded": true},
          {"item": "Notes", "level": 1},
          {"item": "Notes (2)", "level": 0, "title": "Notes", "attributes": {"_note": "tab\\there \\u001b"}},
          {"item": "Drinks", "level": 0}
        ]},
        {"name": "side", "items": [
          {"item": "Tea", "level": 0, "title": "Thé 🍵"}
        ]},
        {"name": "empty", "items": []}
      ],
      "rules": ["no-collapse Food", "lazy Drinks \\"Sparkling water\\""],
      "snapshots": [
        {"name": "fruit", "items": [
          {"item": "Apple", "level": 0, "expanded": true},
          {"item": "Green", "level": 1}
        ]}
      ]
    }

    """

  /// Everything `load` may change, contents included.
  struct State: Equatable {
    var sections: [String]
    var rows: [[SectionSnapshot<String>.Row]]
    var rules: [String]
    var kept: [String: [SectionSnapshot<String>.Row]]
    var section: String
    var contents: Contents
  }

  func state(of session: Session) -> State {
    let sections = session.dataSource.snapshot().sectionIdentifiers
    return State(
      sections: sections, rows: sections.map { session.dataSource.snapshot(for: $0).rows },
      rules: session.rules.lines, kept: session.keptSnapshots.mapValues(\.rows),
      section: session.section, contents: session.contents)
  }

  /// A session that loaded `richFile`.
  func richSession(_ files: MemoryFileSystem) throws -> Session {
    files.files["rich.json"] = Array(richFile.utf8)
    let session = Session(fileSystem: files)
    let outcome = session.run("load rich.json")
    XCTAssertNil(outcome.error, "\(outcome.error!)")
    return session
  }

  // MARK: Round trip

  func testARichFileLoadsWhole() throws {
    let session = try richSession(MemoryFileSystem())
    XCTAssertEqual(session.section, "side")
    XCTAssertEqual(session.dataSource.snapshot().sectionIdentifiers, ["main", "side", "empty"])
    let main = session.dataSource.snapshot(for: "main")
    XCTAssertEqual(
      main.items, ["Food", "Apple", "Green", "Granny", "Notes", "Notes (2)", "Drinks"])
    XCTAssertEqual(try main.level(of: "Granny"), 3)
    XCTAssertEqual(try main.parent(of: "Notes"), "Food")
    XCTAssertEqual(main.visibleItems, ["Food", "Apple", "Notes", "Notes (2)", "Drinks"])
    XCTAssertTrue(try main.isExpanded("Granny"), "an expanded leaf stays expanded")
    XCTAssertTrue(try main.isExpanded("Green"), "expanded under a collapsed parent")
    XCTAssertFalse(try main.isExpanded("Apple"))
    XCTAssertEqual(session.contents.title(of: "Apple"), "Pomme")
    XCTAssertEqual(
      session.contents["Apple"].attributes,
      [
        Attribute(name: "type", value: "link"), Attribute(name: "_note", value: "ripe"),
        Attribute(name: "url", value: "http://x/?a=1&b=2"),
      ])
    XCTAssertEqual(session.contents.title(of: "Notes (2)"), "Notes")
    XCTAssertEqual(session.contents["Notes (2)"].attributes.first?.value, "tab\there \u{1B}")
    XCTAssertEqual(session.contents.title(of: "Tea"), "Thé 🍵")
    XCTAssertEqual(session.contents.title(of: "Food"), "Food")
    XCTAssertEqual(session.contents.items.count, 3, "only contents that are not the default")
    XCTAssertEqual(
      session.contents.heads,
      [
        "main": [
          Attribute(name: "title", value: "Groceries"),
          Attribute(name: "dateCreated", value: "Mon, 1 Jan 2024"),
          Attribute(name: "a", value: "é\"\n"),
        ]
      ])
    XCTAssertEqual(
      session.rules.lines,
      ["rule 1: no-collapse Food", #"rule 2: lazy Drinks "Sparkling water""#])
    XCTAssertEqual(session.keptSnapshots["fruit"]?.items, ["Apple", "Green"])
    XCTAssertEqual(try session.keptSnapshots["fruit"]?.isExpanded("Apple"), true)
  }

  func testSavingALoadedFileWritesTheSameText() throws {
    let files = MemoryFileSystem()
    let session = try richSession(files)
    let saved = session.run("save again.json")
    XCTAssertEqual(saved.note, "saved 8 items in 3 sections to again.json")
    XCTAssertEqual(
      files.text(of: "again.json"),
      richFile.replacingOccurrences(
        of: #""a": "\u00e9\"\n""#, with: #""a": "é\"\n""#))
    // And the text loads into a fresh session as the same state.
    let fresh = Session(fileSystem: files)
    XCTAssertNil(fresh.run("load again.json").error)
    XCTAssertEqual(state(of: fresh), state(of: session))
  }

  func testContentsSetInASessionAreSavedAndLoaded() throws {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    for line in ["append A B", "append C to A", "section add S", "section use S", "append D"] {
      XCTAssertNil(session.run(line).error, line)
    }
    session.contents["C"] = ItemContent(
      title: "a \"title\" with\ttab",
      attributes: [Attribute(name: "z", value: ""), Attribute(name: "a", value: "1")])
    session.contents["D"] = ItemContent(title: "D")  // the identifier: the default
    session.contents.heads["S"] = [Attribute(name: "title", value: "Side")]
    session.contents.heads["gone"] = [Attribute(name: "title", value: "no such section")]
    XCTAssertNil(session.run("save c.json").error)
    let text = files.text(of: "c.json")!
    XCTAssertTrue(
      text.contains(
        #"{"item": "C", "level": 1, "title": "a \"title\" with\ttab", "attributes": {"z": "", "a": "1"}}"#
      ),
      text)
    XCTAssertTrue(text.contains(#"{"name": "S", "head": {"title": "Side"}, "items": ["#), text)
    XCTAssertTrue(text.contains(#"{"item": "D", "level": 0}"#), text)
    XCTAssertFalse(text.contains("gone"), "a head of no section is not written")
    let fresh = Session(fileSystem: files)
    XCTAssertNil(fresh.run("load c.json").error)
    XCTAssertEqual(fresh.contents.items, session.contents.items)
    XCTAssertEqual(fresh.contents.heads, ["S": [Attribute(name: "title", value: "Side")]])
  }

  func testLoadingReplacesContentsAndUndoBringsThemBack() throws {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    XCTAssertNil(session.run("append Apple X").error)
    session.contents["X"] = ItemContent(title: "Ex")
    session.contents.heads["main"] = [Attribute(name: "title", value: "Before")]
    let before = state(of: session)
    files.files["rich.json"] = Array(richFile.utf8)
    XCTAssertNil(session.run("load rich.json").error)
    XCTAssertEqual(session.contents.title(of: "X"), "X")
    XCTAssertEqual(session.contents.title(of: "Apple"), "Pomme")
    let after = state(of: session)
    // `undo` restores the outline and its contents; the rules and kept snapshots stay loaded
    // (the man page: "undo restores the outline, not the rules").
    func outline(_ state: State) -> State {
      var state = state
      state.rules = []
      state.kept = [:]
      return state
    }
    XCTAssertNil(session.run("undo").error)
    XCTAssertEqual(outline(state(of: session)), outline(before))
    XCTAssertEqual(session.contents.title(of: "X"), "Ex")
    XCTAssertNil(session.run("redo").error)
    XCTAssertEqual(state(of: session), after)
  }

  func testAVersion1FileLoadsWithDefaultContents() throws {
    let files = MemoryFileSystem([
      "old.json": """
      {"format": "outline", "version": 1, "section": "main",
       "sections": [{"name": "main", "items": [
         {"item": "Food", "parent": null, "expanded": true},
         {"item": "Apple", "parent": "Food", "expanded": false}]}],
       "rules": [], "snapshots": []}
      """
    ])
    let session = Session(fileSystem: files)
    session.contents["Food"] = ItemContent(title: "was here")
    XCTAssertNil(session.run("load old.json").error)
    XCTAssertEqual(session.outline.visibleItems, ["Food", "Apple"])
    XCTAssertEqual(session.contents, Contents())
    XCTAssertNil(session.run("save new.json").error)
    XCTAssertTrue(files.text(of: "new.json")!.contains(#""version": 2"#))
  }

  func testKeysInAnyOrderAndKeysOfALaterVersionAreRead() throws {
    let files = MemoryFileSystem([
      "any.json": """
      {"snapshots": null, "rules": null, "later": {"x": [1, {"y": null}]},
       "sections": [{"items": [{"level": 0, "future": true, "item": "A"}], "name": "main"}],
       "section": "main", "version": 2, "format": "outline"}
      """
    ])
    let session = Session(fileSystem: files)
    XCTAssertNil(session.run("load any.json").error)
    XCTAssertEqual(session.outline.items, ["A"])
  }

  // MARK: Problems

  /// Loads `text` into a session with contents to lose, which must fail with `message` and
  /// change nothing.
  func assertFails(
    _ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertFails(bytes: Array(text.utf8), message, file: file, line: line)
  }

  func assertFails(
    bytes: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    for command in [
      "append Keep Also", "append Child to Keep", "expand Keep", "rule no-expand Also",
    ] {
      XCTAssertNil(session.run(command).error, file: file, line: line)
    }
    session.contents["Child"] = ItemContent(
      title: "Kid", attributes: [Attribute(name: "a", value: "b")])
    session.contents.heads["main"] = [Attribute(name: "title", value: "Mine")]
    files.files["bad.json"] = bytes
    let before = state(of: session)
    let history = session.history.count
    let outcome = session.run("load bad.json")
    XCTAssertEqual(outcome.error?.code, .io, file: file, line: line)
    XCTAssertEqual(
      outcome.error?.message, "cannot load bad.json: " + message, file: file, line: line)
    XCTAssertNil(outcome.transaction, file: file, line: line)
    XCTAssertEqual(
      state(of: session), before, "the load changed the session", file: file, line: line)
    XCTAssertEqual(session.history.count, history, file: file, line: line)
  }

  /// A version 2 file whose main section holds `items` (JSON objects, one a line).
  func file(_ items: String, snapshots: String = "[]", sections extra: String = "") -> String {
    """
    {"format": "outline", "version": 2, "section": "main",
     "sections": [{"name": "main", "items": [\(items)]}\(extra)],
     "rules": [], "snapshots": \(snapshots)}
    """
  }

  func testLevelsThatDoNotFormAnOutline() {
    assertFails(
      file(#"{"item": "A", "level": 0}, {"item": "B"}"#),
      #"sections[0].items[1]: "level" is missing"#)
    assertFails(
      file(#"{"item": "A", "level": 1}"#),
      "sections[0].items[0]: the first item's level is 1, not 0")
    assertFails(
      file(#"{"item": "A", "level": 0}, {"item": "B", "level": 1}, {"item": "C", "level": 3}"#),
      "sections[0].items[2]: level 3 is more than one deeper than the item before (level 1)")
    assertFails(
      file(#"{"item": "A", "level": 0.5}"#),
      "sections[0].items[0].level: expected a whole number, not 0.5")
    assertFails(
      file(#"{"item": "A", "level": -1}"#),
      "sections[0].items[0].level: expected a whole number, not -1")
    assertFails(
      file(#"{"item": "A", "level": 1e2}"#),
      "sections[0].items[0].level: expected a whole number, not 1e2")
    assertFails(
      file(#"{"item": "A", "level": 99999999999999999999999}"#),
      "sections[0].items[0].level: 99999999999999999999999 is too large")
    assertFails(
      file(#"{"item": "A", "level": "0"}"#), "sections[0].items[0].level: expected a number")
    assertFails(
      file("", snapshots: #"[{"name": "s", "items": [{"item": "A", "level": 2}]}]"#),
      "snapshots[0].items[0]: the first item's level is 2, not 0")
  }

  func testRepeatedItems() {
    assertFails(
      file(#"{"item": "A", "level": 0}, {"item": "B", "level": 1}, {"item": "A", "level": 1}"#),
      "sections[0].items[2]: item A appears twice in section main")
    assertFails(
      file(
        #"{"item": "A", "level": 0}"#,
        sections:
          #", {"name": "b", "items": [{"item": "B", "level": 0}, {"item": "A", "level": 0}]}"#),
      "sections[1].items[1]: item A appears in sections main and b")
    assertFails(
      file(
        #"{"item": "A", "level": 0}"#,
        snapshots:
          #"[{"name": "s", "items": [{"item": "B", "level": 0}, {"item": "B", "level": 1}]}]"#),
      "snapshots[0].items[1]: "
        + SnapshotError.duplicateItems(["B"]).message)
  }

  func testTitlesAttributesAndHeadsOfTheWrongShape() {
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": {"type": "a"}, "textPosition": 2}"#),
      "sections[0].items[0].textPosition: 2 is past the item's 1 attributes")
    assertFails(
      file(#"{"item": "A", "level": 0, "textPosition": -1}"#),
      "sections[0].items[0].textPosition: expected a whole number, not -1")
    assertFails(
      file(#"{"item": "A", "level": 0, "title": 3}"#),
      "sections[0].items[0].title: expected a string")
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": []}"#),
      "sections[0].items[0].attributes: expected an object")
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": {"type": 1}}"#),
      "sections[0].items[0].attributes.type: expected a string")
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": {"type": "a", "x": "", "type": "b"}}"#),
      #"sections[0].items[0].attributes: key "type" appears twice"#)
    // Past the few names a scan checks, a set does.
    let many = (0..<40).map { #""k\#($0)": "v""# }.joined(separator: ", ")
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": {\#(many), "k3": "again"}}"#),
      #"sections[0].items[0].attributes: key "k3" appears twice"#)
    assertFails(
      file("").replacingOccurrences(
        of: #""name": "main","#, with: #""name": "main", "head": {"t": "a", "\u0074": "b"},"#),
      #"sections[0].head: key "t" appears twice"#)
    assertFails(
      file("").replacingOccurrences(
        of: #""name": "main","#, with: #""name": "main", "head": "x","#),
      "sections[0].head: expected an object")
    assertFails(
      file(#"{"item": "A", "level": 0, "title": "a", "title": "b"}"#),
      #"sections[0].items[0]: key "title" appears twice"#)
    // The title is OPML's `text`: a `text` attribute too would be refused only at export.
    assertFails(
      file(#"{"item": "A", "level": 0, "attributes": {"type": "a", "text": "b"}}"#),
      #"sections[0].items[0].attributes: "text" is the item's title (the "title" key), "#
        + "not an attribute")
  }

  func testAByteOrderMarkBeforeTheJSONIsIgnored() throws {
    let files = MemoryFileSystem()
    files.files["marked.json"] = [0xEF, 0xBB, 0xBF] + Array(richFile.utf8)
    files.files["rich.json"] = Array(richFile.utf8)
    let marked = Session(fileSystem: files)
    XCTAssertNil(marked.run("load marked.json").error)
    XCTAssertEqual(state(of: marked), state(of: try richSession(files)))
    // Only at the start: a mark anywhere else is not JSON.
    assertFails(
      bytes: Array("\n".utf8) + [0xEF, 0xBB, 0xBF] + Array(richFile.utf8),
      "not valid JSON (the file may be truncated or not a save file)")
  }

  func testHostileBytes() {
    let good = file(#"{"item": "A", "level": 0}"#)
    let bytes = Array(good.utf8)
    let at = bytes.firstIndex(of: UInt8(ascii: "A"))!
    assertFails(
      bytes: Array(bytes[..<at]) + [0xC3, 0x28] + Array(bytes[(at + 1)...]),
      "not valid JSON at line 2: a string that is not UTF-8")
    assertFails(
      good.replacingOccurrences(of: #""A""#, with: #""\ud800""#),
      #"not valid JSON at line 2: \uD800 is half of a surrogate pair, alone"#)
    assertFails(
      good.replacingOccurrences(of: #""A""#, with: #""\a""#),
      #"not valid JSON at line 2: \a is not a JSON escape"#)
    let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
    assertFails(
      good.replacingOccurrences(of: #""rules": []"#, with: #""rules": [], "x": \#(deep)"#),
      "x: nested more than 1000 levels deep")
    assertFails(
      good.replacingOccurrences(of: #""level": 0}"#, with: #""level": 0, "x": {"a": 1, "a": 2}}"#),
      #"sections[0].items[0].x: key "a" appears twice"#)
    assertFails(
      String(good.dropLast(5)), "not valid JSON (the file may be truncated or not a save file)")
  }
}
