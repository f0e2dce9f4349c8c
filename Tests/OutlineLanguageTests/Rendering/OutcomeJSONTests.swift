import OutlineLanguage
import XCTest

/// `--json` output: one object per command, in the shape SPEC §2 shows.
final class OutcomeJSONTests: XCTestCase {
  /// SPEC §2's own example (`--json-snapshots`), byte for byte once its line breaks are folded.
  func testCollapseMatchesTheSpecExample() {
    let session = Session()
    run(session, "append Food Drinks\nappend Apple to Food\nexpand Food")
    let spec = """
      {"command": "collapse Food", "ok": true,
       "handlers": [{"name": "shouldCollapseItem", "item": "Food", "result": true},
                    {"name": "willCollapseItem", "item": "Food"}],
       "transaction": {
         "difference": {"removals": [{"offset": 1, "item": "Apple", "associatedWith": null}],
                        "insertions": []},
         "sections": [{"section": "main",
                       "difference": {"removals": [], "insertions": []},
                       "hierarchy": [],
                       "initial": {"items": ["Food", "Apple", "Drinks"], "visible": ["Food", "Apple", "Drinks"], "expanded": ["Food"]},
                       "final":   {"items": ["Food", "Apple", "Drinks"], "visible": ["Food", "Drinks"], "expanded": []}}]}}
      """
    let folded = spec.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ").replacingOccurrences(of: "{ ", with: "{")
      .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: ":   ", with: ": ")
    XCTAssertEqual(session.run("collapse Food").json(snapshots: true).serialized, folded)
  }

  /// By default the section entry carries `section`, `difference` and `hierarchy` only.
  func testCollapseWithoutSnapshotsHasTheDifferencesOnly() {
    let session = Session()
    run(session, "append Food Drinks\nappend Apple to Food\nexpand Food")
    XCTAssertEqual(
      session.run("collapse Food").json.serialized,
      #"{"command": "collapse Food", "ok": true, "handlers": [{"name": "shouldCollapseItem", "#
        + #""item": "Food", "result": true}, {"name": "willCollapseItem", "item": "Food"}], "#
        + #""transaction": {"difference": {"removals": [{"offset": 1, "item": "Apple", "#
        + #""associatedWith": null}], "insertions": []}, "sections": [{"section": "main", "#
        + #""difference": {"removals": [], "insertions": []}, "hierarchy": []}]}}"#)
  }

  func testQueriesFailuresAndNoChange() {
    let session = Session()
    run(session, "append A B")
    XCTAssertEqual(
      session.run("items").json.serialized,
      #"{"command": "items", "ok": true, "result": ["A", "B"]}"#)
    XCTAssertEqual(
      session.run("count").json.serialized, #"{"command": "count", "ok": true, "result": 2}"#)
    XCTAssertEqual(
      session.run("parent A").json.serialized,
      #"{"command": "parent A", "ok": true, "result": null}"#)
    XCTAssertEqual(
      session.run("append A").json.serialized,
      #"{"command": "append A", "ok": false, "error": {"code": "duplicateItem", "message": "#
        + #""Identifiers in a section snapshot must be unique. Duplicate item identifiers: A "#
        + #"(A is already in section main)"}}"#)
    // Expanding a leaf changes its flag, not the rows: a transaction with empty differences.
    let leaf = session.run("expand A").json.serialized
    XCTAssertTrue(
      leaf.hasPrefix(
        #"{"command": "expand A", "ok": true, "handlers": [{"name": "shouldExpandItem", "item": "A", "#
          + #""result": true}, {"name": "willExpandItem", "item": "A"}, {"name": "#
          + #""snapshotForExpandingParent", "item": "A", "current": [], "result": []}], "#
          + #""transaction": {"difference": {"removals": [], "insertions": []}"#), leaf)
    XCTAssertTrue(
      leaf.hasSuffix(
        #""sections": [{"section": "main", "difference": {"removals": [], "insertions": []}, "#
          + #""hierarchy": []}]}, "#
          + #""note": "A has no children: only its expanded state changed"}"#), leaf)
    XCTAssertTrue(
      session.run("last --full").json.serialized.contains(
        #""final": {"items": ["A", "B"], "visible": ["A", "B"], "expanded": ["A"]}}]}"#))
    XCTAssertEqual(
      session.run("expand A").json.serialized,
      #"{"command": "expand A", "ok": true, "handlers": [], "transaction": null, "#
        + #""note": "A is already expanded"}"#)
  }

  func testReloadsReconfiguresAndReloadDataAsTheSnapshotRecordsThem() {
    let session = Session()
    run(session, "append-items A B")
    XCTAssertEqual(
      session.run("reload-items A").json.serialized,
      #"{"command": "reload-items A", "ok": true, "handlers": [], "transaction": null, "#
        + #""reloaded": ["A"]}"#)
    XCTAssertEqual(
      session.run("reconfigure-items B A").json.serialized,
      #"{"command": "reconfigure-items B A", "ok": true, "handlers": [], "transaction": null, "#
        + #""reconfigured": ["B", "A"]}"#)
    XCTAssertEqual(
      session.run("reload-sections main").json.serialized,
      #"{"command": "reload-sections main", "ok": true, "handlers": [], "transaction": null, "#
        + #""reloadedSections": ["main"]}"#)
    XCTAssertEqual(
      session.run("apply --reload-data").json.serialized,
      #"{"command": "apply --reload-data", "ok": true, "handlers": [], "transaction": null, "#
        + #""reloadData": true, "note": "no difference animated: the collection view reloads "#
        + #"all its data, 2 rows in 1 section (the state is unchanged)"}"#)
    let move = session.run("move-item B before A").json.serialized
    XCTAssertTrue(
      move.hasPrefix(#"{"command": "move-item B before A", "ok": true, "handlers": [], "#), move)
    XCTAssertFalse(move.contains("reloaded"), move)
  }

  func testAMoveIsAnAssociatedPairAndStringsAreEscaped() {
    let session = Session()
    run(session, #"append "say \"hi\"" B"#)
    run(session, "rule no-reorder Nothing")
    let json = session.run(#"move B before "say \"hi\"""#).json.serialized
    XCTAssertTrue(
      json.contains(
        #""difference": {"removals": [{"offset": 1, "item": "B", "associatedWith": 0}], "#
          + #""insertions": [{"offset": 0, "item": "B", "associatedWith": 1}]}"#), json)
    XCTAssertTrue(
      session.run("last --full").json.serialized.contains(#""items": ["say \"hi\"", "B"]"#))
  }

  /// SPEC §3: a section entry's `hierarchy` lists each item that changed parent, with its
  /// parent and level before and after; a root's parent is `null`; descendants are not listed.
  func testAnIndentCarriesItsHierarchyChange() {
    let session = Session()
    run(session, "append Food Garden\nappend Apple Pear to Food\nappend Rose to Garden")
    let json = session.run("indent Garden").json.serialized
    XCTAssertTrue(
      json.hasSuffix(
        #""sections": [{"section": "main", "difference": {"removals": [], "insertions": []}, "#
          + #""hierarchy": [{"item": "Garden", "from": {"parent": null, "level": 0}, "#
          + #""to": {"parent": "Food", "level": 1}}]}]}}"#), json)
  }

  /// Two items change parent in one transaction: Rose goes and its children Bud and Leaf move
  /// up to Garden; undoing it (a whole diff) moves both back.
  func testAReplacementThatPromotesTwoItemsListsBoth() {
    let session = Session()
    run(
      session,
      """
      append Garden
      append Rose to Garden
      append Bud Leaf to Rose
      append Thorn to Bud
      child-snapshot Rose as R
      """)
    let promoted =
      #""hierarchy": [{"item": "Bud", "from": {"parent": "Rose", "level": 2}, "#
      + #""to": {"parent": "Garden", "level": 1}}, "#
      + #"{"item": "Leaf", "from": {"parent": "Rose", "level": 2}, "#
      + #""to": {"parent": "Garden", "level": 1}}]"#
    let json = session.run("replace-children Garden with @R").json.serialized
    XCTAssertTrue(json.contains(promoted), json)
    XCTAssertFalse(json.contains(#""item": "Thorn", "from""#), json)
    let undo = session.run("undo").json.serialized
    XCTAssertTrue(
      undo.contains(
        #""hierarchy": [{"item": "Bud", "from": {"parent": "Garden", "level": 1}, "#
          + #""to": {"parent": "Rose", "level": 2}}, "#
          + #"{"item": "Leaf", "from": {"parent": "Garden", "level": 1}, "#
          + #""to": {"parent": "Rose", "level": 2}}]"#), undo)
  }

  /// A dragged subtree lists its root only.
  func testADragThatReparentsASubtreeListsItsRootAlone() {
    let session = Session()
    run(session, "append Food Garden\nappend Rose to Garden\nappend Bud Leaf to Rose")
    run(session, "expand Garden Rose")
    // Rows Food 0, Garden 1, Rose 2, Bud 3, Leaf 4: Rose dropped below Food, a leaf, after it.
    let json = session.run("drag 2 1").json.serialized
    XCTAssertTrue(
      json.contains(
        #""hierarchy": [{"item": "Rose", "from": {"parent": "Garden", "level": 1}, "#
          + #""to": {"parent": null, "level": 0}}]"#), json)
  }
}
