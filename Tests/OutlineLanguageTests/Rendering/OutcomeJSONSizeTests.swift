import OutlineLanguage
import XCTest

/// SPEC §2 `--json`: a transaction's JSON is proportional to the change, never to the outline;
/// `--json-snapshots` and `last --full` add the whole section snapshots.
final class OutcomeJSONSizeTests: XCTestCase {
  /// A session whose outline starts `LEAF`, `P` (expanded, with `C`), then fillers up to
  /// `count` items; the fillers come last, so that every offset the commands touch is the same
  /// at any size.
  func session(count: Int) -> Session {
    let session = Session()
    let fillers = (0..<(count - 3)).map { "F\($0)" }
    run(session, "append LEAF P " + fillers.joined(separator: " ") + "\nappend C to P\nexpand P")
    XCTAssertEqual(session.run("count").result, .number(count))
    return session
  }

  /// Edits, taps, moves, batches and history: each line of `--json` is exactly as long on a
  /// 10,000-item outline as on a 10-item one, but for the digits of a count in a note
  /// (`in the batch: 10002 items`).
  func testEveryLineIsAsLongOnTenThousandItemsAsOnTen() {
    let commands = [
      "append X to LEAF", "expand LEAF", "insert Y after X", "move X to P", "collapse LEAF",
      "expand LEAF", "move Y before C", "delete Y", "collapse P LEAF", "expand --force P",
      "begin", "append Z to C", "append W", "delete W", "apply", "undo", "redo", "last",
      "indent P", "expand LEAF", "outdent P", "drag 1 0",
    ]
    let small = session(count: 10)
    let large = session(count: 10_000)
    for command in commands {
      let few = small.run(command)
      let many = large.run(command)
      XCTAssertNil(few.error, "\(command): \(few.error!)")
      XCTAssertNil(many.error, "\(command): \(many.error!)")
      XCTAssertEqual(
        withoutCounts(many).json.serialized.utf8.count,
        withoutCounts(few).json.serialized.utf8.count, "\(command): \(few.json.serialized)")
    }
    // `delete-all` removes every item: its change, and so its line, is the whole outline.
    XCTAssertGreaterThan(large.run("delete-all").json.serialized.utf8.count, 10_000 * 40)
  }

  /// `--json-snapshots` (`json(snapshots: true)`) and `last --full` carry `initial` and `final`,
  /// which grow with the outline; `last` does not.
  func testSnapshotsAreAddedOnlyWhenAskedFor() throws {
    for count in [10, 10_000] {
      let session = session(count: count)
      let outcome = session.run("append X to LEAF")
      let plain = try sectionEntry(outcome.json)
      XCTAssertEqual(plain.keys.sorted(), ["difference", "hierarchy", "section"])
      let full = try sectionEntry(outcome.json(snapshots: true))
      XCTAssertEqual(
        full.keys.sorted(), ["difference", "final", "hierarchy", "initial", "section"])
      let final = try XCTUnwrap(full["final"] as? [String: Any])
      XCTAssertEqual((final["items"] as? [String])?.count, count + 1)
      XCTAssertEqual((final["visible"] as? [String])?.prefix(4), ["LEAF", "P", "C", "F0"])
      XCTAssertEqual(final["expanded"] as? [String], ["P"])
      let initial = try XCTUnwrap(full["initial"] as? [String: Any])
      XCTAssertEqual((initial["items"] as? [String])?.count, count)

      XCTAssertEqual(try sectionEntry(session.run("last").json).keys.sorted(), plain.keys.sorted())
      let last = try sectionEntry(session.run("last --full").json)
      XCTAssertEqual(last.keys.sorted(), full.keys.sorted())
      XCTAssertEqual(
        session.run("last --full").json.serialized,
        session.run("last").json(snapshots: true).serialized.replacingOccurrences(
          of: #""command": "last""#, with: #""command": "last --full""#))
    }
  }

  /// A section's `hierarchy` lists the re-parented roots alone: its size follows them, not the
  /// outline (10 or 10,000 items) nor the moved subtree (P carries C and C's 1,000 children).
  func testAHierarchyEntryIsAsLongOnTenThousandItemsAsOnTen() throws {
    // P goes under the collapsed LEAF, which a tap opens before P is touched again.
    // `indent P` opens LEAF, a leaf until then: the taps after it change rows and no parent.
    let commands = [
      "indent P", "collapse LEAF", "expand LEAF", "outdent P", "indent P", "drag 1 0",
    ]
    var entries: [[String]] = []
    for count in [10, 10_000] {
      let session = session(count: count)
      run(session, "append " + (0..<1_000).map { "L\($0)" }.joined(separator: " ") + " to C")
      entries.append(
        try commands.map { command in
          let hierarchy = try XCTUnwrap(sectionEntry(session.run(command).json)["hierarchy"])
          let data = try JSONSerialization.data(withJSONObject: hierarchy, options: [.sortedKeys])
          return String(decoding: data, as: UTF8.self)
        })
    }
    let indent =
      #"[{"from":{"level":0,"parent":null},"item":"P","to":{"level":1,"parent":"LEAF"}}]"#
    let outdent =
      #"[{"from":{"level":1,"parent":"LEAF"},"item":"P","to":{"level":0,"parent":null}}]"#
    // The drag takes P (with 1,001 descendants) out of LEAF to the top: P alone is listed.
    XCTAssertEqual(entries[0], [indent, "[]", "[]", outdent, indent, outdent])
    XCTAssertEqual(entries[1], entries[0])
  }

  /// The outcome with every number of its note written `N`.
  func withoutCounts(_ outcome: Outcome) -> Outcome {
    var outcome = outcome
    outcome.note = outcome.note?.replacing(/[0-9]+/, with: "N")
    return outcome
  }

  /// The first section entry of the outcome's transaction, parsed.
  func sectionEntry(_ json: JSONValue) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.serialized.utf8))
    let transaction = try XCTUnwrap((object as? [String: Any])?["transaction"] as? [String: Any])
    let sections = try XCTUnwrap(transaction["sections"] as? [[String: Any]])
    return try XCTUnwrap(sections.first)
  }
}
