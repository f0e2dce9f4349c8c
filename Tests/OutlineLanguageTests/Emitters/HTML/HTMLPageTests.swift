import Diffable
import Foundation
import XCTest

@testable import OutlineLanguage

/// `--emit-html`'s page: its data replays every step forward and back to the session's own
/// outline, narration and failures are where a reader expects them, and no identifier can
/// break out of the page.
final class HTMLPageTests: XCTestCase {
  /// One section's rows as the page's script keeps them.
  struct Rows: Equatable {
    var items: [String] = []
    var levels: [Int] = []
    var expanded: [Bool] = []

    init() {}

    init(_ snapshot: SectionSnapshot<String>) {
      for row in snapshot.rows {
        items.append(row.item)
        levels.append(row.level)
        expanded.append(row.isExpanded)
      }
    }
  }

  /// The outline as the page's script keeps it.
  struct State: Equatable {
    var order: [String] = []
    var sections: [String: Rows] = [:]

    init() {}

    init(_ session: Session) {
      order = session.dataSource.snapshot().sectionIdentifiers
      for section in order { sections[section] = Rows(session.dataSource.snapshot(for: section)) }
    }

    /// The sections in order, empty ones as empty rows (the script keeps a deleted section's
    /// emptied rows).
    var visibleState: [String] {
      order.map { section in
        let rows = sections[section] ?? Rows()
        return
          "\(section): \(zip(rows.items, zip(rows.levels, rows.expanded)).map { "\($0)@\($1.0)\($1.1 ? "+" : "-")" })"
      }
    }
  }

  /// A run recorded into a page, with the session's state after every step.
  struct Recording {
    var html: String
    var data: [String: Any]
    var initial: State
    var states: [State]
  }

  /// Runs `script` (going on after failures) into a page.
  func record(_ script: String, title: String = "test") throws -> Recording {
    let session = Session()
    var page = HTMLPage(title: title, state: session.state)
    let initial = State(session)
    var states: [State] = []
    _ = session.runScript(
      script, file: "test",
      options: ScriptOptions(keepGoing: true) { outcome, location in
        page.record(outcome, at: location)
        if !(outcome.ok && outcome.command.hasPrefix("say ")) { states.append(State(session)) }
      })
    let html = page.html
    let data = try XCTUnwrap(Self.data(in: html))
    return Recording(html: html, data: data, initial: initial, states: states)
  }

  /// The JSON the page embeds, parsed.
  static func data(in html: String) -> [String: Any]? {
    let open = #"<script type="application/json" id="run-data">"#
    guard let start = html.range(of: open),
      let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
    else { return nil }
    let json = Data(html[start.upperBound..<end.lowerBound].utf8)
    return (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
  }

  /// The page's steps.
  static func steps(_ data: [String: Any]) -> [[String: Any]] {
    data["steps"] as? [[String: Any]] ?? []
  }

  /// The state the page starts from.
  static func initial(_ data: [String: Any]) -> State {
    var state = State()
    for entry in data["initial"] as? [[Any]] ?? [] {
      let name = entry[0] as! String
      state.order.append(name)
      var rows = Rows()
      for row in entry[1] as! [[Any]] {
        rows.items.append(row[0] as! String)
        rows.levels.append(row[1] as! Int)
        rows.expanded.append((row[2] as! Int) == 1)
      }
      state.sections[name] = rows
    }
    return state
  }

  /// Applies a step's row changes as the page's script does, forward or backward.
  static func apply(_ step: [String: Any], to state: inout State, forward: Bool) {
    guard let change = step["o"] as? [String: Any] else { return }
    let sections = change["s"] as! [[Any]]
    func patch(_ rows: inout Rows, removing out: [[Any]], inserting into: [[Any]]) {
      for entry in out.reversed() {
        let offset = entry[0] as! Int
        rows.items.remove(at: offset)
        rows.levels.remove(at: offset)
        rows.expanded.remove(at: offset)
      }
      for entry in into {
        let offset = entry[0] as! Int
        rows.items.insert(entry[1] as! String, at: offset)
        rows.levels.insert(entry[2] as! Int, at: offset)
        rows.expanded.insert((entry[3] as! Int) == 1, at: offset)
      }
    }
    if forward {
      for entry in sections {
        let name = entry[0] as! String
        var rows = state.sections[name] ?? Rows()
        patch(&rows, removing: entry[1] as! [[Any]], inserting: entry[2] as! [[Any]])
        for update in entry[3] as! [[Int]] {
          rows.levels[update[0]] = update[2]
          rows.expanded[update[0]] = update[4] == 1
        }
        state.sections[name] = rows
      }
      if let after = change["oa"] as? [String] { state.order = after }
    } else {
      if let before = change["ob"] as? [String] { state.order = before }
      for entry in sections.reversed() {
        let name = entry[0] as! String
        var rows = state.sections[name] ?? Rows()
        for update in entry[3] as! [[Int]] {
          rows.levels[update[0]] = update[1]
          rows.expanded[update[0]] = update[3] == 1
        }
        patch(&rows, removing: entry[2] as! [[Any]], inserting: entry[1] as! [[Any]])
        state.sections[name] = rows
      }
    }
  }

  static let tour = """
    say Two roots, then children.
    append Food Drinks
    append Apple Pear to Food
    append Water to Drinks
    expand Food Drinks
    move Pear before Apple
    move Water to Food
    collapse Food
    rule no-collapse Drinks
    collapse Drinks
    expect error collapse Drinks
    section add Second
    section use Second
    append X Y
    append Z to X
    expand --force X
    move X to-section main after Drinks
    section use main
    begin
    delete Apple
    append Tea to Drinks
    apply
    undo
    redo
    section delete Second
    delete Food
    delete-all
    undo
    say The end.
    """

  func testEveryStepReplaysToTheSessionsOutlineForwardAndBack() throws {
    let recording = try record(Self.tour)
    let steps = Self.steps(recording.data)
    var state = Self.initial(recording.data)
    XCTAssertEqual(state.visibleState, recording.initial.visibleState)
    // Narration at the end is a step of its own, with no outcome.
    XCTAssertEqual(steps.count, recording.states.count + 1)
    for (index, step) in steps.dropLast().enumerated() {
      Self.apply(step, to: &state, forward: true)
      XCTAssertEqual(
        state.visibleState, recording.states[index].visibleState,
        "after step \(index + 1), \(step["c"] ?? "")")
    }
    for (index, step) in steps.dropLast().enumerated().reversed() {
      Self.apply(step, to: &state, forward: false)
      let expected = index == 0 ? recording.initial : recording.states[index - 1]
      XCTAssertEqual(state.visibleState, expected.visibleState, "before step \(index + 1)")
    }
    let final = try XCTUnwrap(recording.data["final"] as? [[Any]])
    XCTAssertEqual(final.map { $0[0] as? String ?? "" }, recording.states.last?.order)
  }

  func testSayIsNarrationForTheNextStepAndAtTheEndAStepOfItsOwn() throws {
    let steps = Self.steps(try record(Self.tour).data)
    XCTAssertEqual(steps.first?["say"] as? [String], ["Two roots, then children."])
    XCTAssertEqual(steps.first?["c"] as? String, "append Food Drinks")
    XCTAssertEqual(steps[1]["say"] as? [String], [])
    XCTAssertEqual(steps.last?["say"] as? [String], ["The end."])
    XCTAssertTrue(steps.last?["c"] is NSNull)
    XCTAssertFalse(steps.contains { ($0["c"] as? String)?.hasPrefix("say") == true })
  }

  func testFailuresAndExpectedErrorsCarryTheirErrorAndChangeNothing() throws {
    let steps = Self.steps(try record(Self.tour).data)
    let refused = try XCTUnwrap(steps.first { $0["c"] as? String == "collapse Drinks" })
    XCTAssertEqual(refused["ok"] as? Int, 0)
    XCTAssertEqual((refused["err"] as? [String])?.first, "refused")
    XCTAssertEqual(refused["h"] as? [String], ["shouldCollapseItem(Drinks) -> false"])
    XCTAssertNil(refused["o"])
    let expected = try XCTUnwrap(
      steps.first { $0["c"] as? String == "expect error collapse Drinks" })
    XCTAssertEqual(expected["ok"] as? Int, 1)
    XCTAssertEqual(expected["xe"] as? Int, 1)
    XCTAssertTrue((expected["note"] as? String)?.hasPrefix("failed as expected: refused") == true)
    let expand = try XCTUnwrap(steps.first { $0["c"] as? String == "expand Food Drinks" })
    XCTAssertEqual((expand["tx"] as? [Any])?.count, 2, "two taps, two transactions")
  }

  func testAMoveIsMarkedAsAMove() throws {
    let steps = Self.steps(try record("append A B C\nmove C before A").data)
    let change = try XCTUnwrap(steps.last?["o"] as? [String: Any])
    let section = try XCTUnwrap((change["s"] as? [[Any]])?.first)
    XCTAssertEqual(section[4] as? [String], ["C"])
  }

  /// A drag's lift reaches the page (`lf`), with its collapse as the first of the step's two
  /// transactions; a drag of a collapsed item has none.
  func testADragOfAnExpandedParentNamesTheLiftedItem() throws {
    let steps = Self.steps(
      try record("append A B C\nappend A1 A2 to A\nexpand A\ndrag 0 1\ndrag 0 1").data)
    let lifted = steps[steps.count - 2]
    XCTAssertEqual(lifted["lf"] as? String, "A")
    XCTAssertEqual((lifted["tx"] as? [Any])?.count, 2)
    XCTAssertNil(steps[steps.count - 1]["lf"], "B, collapsed, is dragged with no lift")
  }

  /// A step carries its warnings, and an expanded leaf dragged lifts nothing.
  ///
  /// A warning (what the REPL prints on standard error) reaches the page on its step (`w`),
  /// which the page's script shows; a step with none carries no `w`. An expanded leaf dragged
  /// lifts nothing (`lf`): it has nothing to collapse.
  func testAStepCarriesItsWarningsAndALeafDraggedNoLift() throws {
    let recording = try record(
      "append-items A B\nappend-items A\nappend C\nexpand --force C\ndrag 2 0")
    let steps = Self.steps(recording.data)
    XCTAssertEqual(
      steps[1]["w"] as? [String],
      [
        "A is already in the snapshot: appendItems moves it into place, and UIKit logs this "
          + "as a bug in the app (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_"
          + "EXISTS, a costlier update); moveItem (move-item) is the call that moves an item"
      ])
    for index in [0, 2, 3, 4] { XCTAssertNil(steps[index]["w"], "step \(index + 1)") }
    XCTAssertTrue(recording.html.contains("'status warning', 'warning: '"))
    XCTAssertNil(steps[4]["lf"], "C, an expanded leaf, is dragged with no lift")
    XCTAssertEqual((steps[4]["tx"] as? [Any])?.count, 1, "the drop alone")
  }

  /// A flat snapshot's reloads and reconfigures reach the page as the snapshot recorded them,
  /// in a batch only at `apply`, and the page's script and style have what draws them.
  func testReloadedAndReconfiguredItemsAreMarkedForThePage() throws {
    let recording = try record(
      "append A B C\nreload-items A\nreconfigure-items B\nreload-sections main\n"
        + "begin\nreload-items C\nreconfigure-items A\napply\nretitle C Sea")
    let steps = Self.steps(recording.data)
    func step(_ command: String) throws -> [String: Any] {
      try XCTUnwrap(steps.first { $0["c"] as? String == command }, command)
    }
    XCTAssertEqual(try step("reload-items A")["rl"] as? [String], ["A"])
    XCTAssertNil(try step("reload-items A")["rc"])
    XCTAssertEqual(try step("reconfigure-items B")["rc"] as? [String], ["B"])
    XCTAssertNil(try step("reconfigure-items B")["rl"])
    XCTAssertEqual(try step("reload-sections main")["rs"] as? [String], ["main"])
    XCTAssertNil(try step("reload-items C")["rl"], "in the batch, nothing is applied yet")
    XCTAssertEqual(try step("apply")["rl"] as? [String], ["C"])
    XCTAssertEqual(try step("apply")["rc"] as? [String], ["A"])
    XCTAssertEqual(try step("retitle C Sea")["rc"] as? [String], ["C"])
    XCTAssertNil(try step("append A B C")["rl"])
    XCTAssertTrue(recording.html.contains("function cellMarksOf(step)"))
    XCTAssertTrue(recording.html.contains("li.reloaded"))
    XCTAssertTrue(recording.html.contains("li.reconfigured"))
    XCTAssertTrue(recording.html.contains("the same cell, configured again (reconfigureItems)"))
  }

  func testNoIdentifierCanBreakOutOfThePage() throws {
    let hostile = "</script><script>alert(1)</script><!--"
    let script = """
      append "\(hostile)" "<b>&amp;"
      say "</SCRIPT> narration <img src=x onerror=alert(1)>"
      delete Nope
      """
    let recording = try record(script, title: "<script>alert('title')</script>")
    let html = recording.html
    // Only the page's own three scripts end.
    XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 3)
    XCTAssertEqual(html.lowercased().components(separatedBy: "</script").count - 1, 3)
    XCTAssertFalse(html.contains("<!--"))
    XCTAssertFalse(html.contains("<b>"))
    XCTAssertFalse(html.contains("<img"))
    XCTAssertTrue(
      html.contains("<title>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; — outline</title>"))
    let steps = Self.steps(recording.data)
    let inserted = (steps.first?["o"] as? [String: Any]).flatMap { $0["s"] as? [[Any]] }?.first?[2]
    XCTAssertEqual((inserted as? [[Any]])?.map { $0[1] as? String }, [hostile, "<b>&amp;"])
    XCTAssertEqual(
      steps.last?["say"] as? [String], ["</SCRIPT> narration <img src=x onerror=alert(1)>"])
  }

  func testTheDataGrowsWithTheChangesNotTheOutline() throws {
    var lines = ["append Root", "expand --force Root"]
    for group in 0..<20 {
      lines.append("append G\(group) to Root")
      lines.append(
        "append " + (0..<100).map { "I\(group)-\($0)" }.joined(separator: " ") + " to G\(group)")
    }
    let base = lines.joined(separator: "\n")
    let toggles = (0..<100).map { "expand G\($0 % 20)\ncollapse G\($0 % 20)" }
    let short = try record(base + "\n" + toggles.prefix(50).joined(separator: "\n")).html
    let long = try record(base + "\n" + toggles.joined(separator: "\n")).html
    // 100 more steps on an outline of 2,021 items: a tree per step would be 30 kB each.
    let perStep = (long.utf8.count - short.utf8.count) / 100
    XCTAssertLessThan(perStep, 8_000, "\(perStep) bytes a step")
  }
}
