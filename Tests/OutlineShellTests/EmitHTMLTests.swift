import Foundation
import OutlineTestSupport
import XCTest

/// `outline --emit-html`: the page of every example loads in a real browser with no error, shows
/// every command, steps forward and back (its own `#walk` self-check, driven by the arrow keys,
/// Home and End) and has a screenshot for a person to look at; identifiers stay text; large
/// runs stay small and fast.
final class EmitHTMLTests: BinaryTestCase {
  /// Where the screenshots go: `.build/html-screenshots/NAME.png`.
  static let screenshots = OutlineBinary.packageRoot.appendingPathComponent(
    ".build/html-screenshots")

  /// The value of `data-NAME` on the root element of a dumped DOM.
  static func attribute(_ name: String, in dom: String) -> String? {
    guard let start = dom.range(of: "<html"),
      let end = dom.range(of: ">", range: start.upperBound..<dom.endIndex)
    else { return nil }
    let tag = String(dom[start.upperBound..<end.lowerBound])
    guard let value = tag.range(of: " data-\(name)=\"") else { return nil }
    let rest = tag[value.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// The DOM without its scripts and style: what the page shows.
  static func shown(_ dom: String) -> String {
    dom.replacingOccurrences(
      of: "<(script|style)[^>]*>[\\s\\S]*?</\\1>", with: "", options: .regularExpression)
  }

  /// `text` as a serialized DOM writes a text node.
  static func asText(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(
        of: "\u{A0}", with: "&nbsp;")
  }

  /// Emits the page of `arguments` into `home/NAME.html` and answers its path.
  func emit(_ arguments: [String], name: String, in directory: String? = nil) throws -> String {
    let result = try OutlineBinary.run(
      ["--emit-html"] + arguments, in: directory, home: home, timeout: 600)
    XCTAssertTrue(result.stdout.hasPrefix("<!DOCTYPE html>"), name)
    let path = home + "/" + name + ".html"
    try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Checks the walk and the error trap in a DOM dumped at `#walk`.
  func assertWalked(_ dom: String, steps: Int, _ name: String) {
    XCTAssertNil(Self.attribute("errors", in: dom), "\(name): console errors")
    XCTAssertEqual(Self.attribute("ready", in: dom), "true", "\(name): the script did not finish")
    XCTAssertEqual(Self.attribute("walk", in: dom), "ok", name)
    XCTAssertEqual(Self.attribute("walk-steps", in: dom), String(steps), name)
  }

  func testEveryExamplePageLoadsShowsEveryCommandAndStepsBothWays() throws {
    _ = try HeadlessBrowser.require()
    try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
    let root = OutlineBinary.packageRoot.path
    for example in try GoldenTranscriptTests.examples() {
      let file = "examples/" + example.lastPathComponent
      let name = example.deletingPathExtension().lastPathComponent
      let page = try emit([file], name: name, in: root)
      // The commands, from --json: a say's text is its result.
      let json = try OutlineBinary.run(["--json", file], in: root, home: home)
      let outcomes = try json.stdout.split(separator: "\n").map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      let commands = outcomes.compactMap { $0["command"] as? String }
      let isSay = commands.map { $0.hasPrefix("say ") }
      let stepCount = isSay.filter { !$0 }.count + (isSay.last == true ? 1 : 0)

      let walked = try HeadlessBrowser.dumpDOM(page, fragment: "#walk", scratch: home)
      assertWalked(walked, steps: stepCount, name)
      let shown = Self.shown(walked)
      for (outcome, say) in zip(outcomes, isSay) {
        let text = say ? outcome["result"] as? String ?? "" : outcome["command"] as? String ?? ""
        XCTAssertTrue(shown.contains(Self.asText(text)), "\(name): \(text) is not on the page")
      }

      // One step with a change, drawn on its own, and its screenshot.
      let commandSteps = commands.filter { !$0.hasPrefix("say ") }
      let step =
        (commandSteps.firstIndex {
          $0.hasPrefix("expand") || $0.hasPrefix("move") || $0.hasPrefix("drag")
        }
          ?? commandSteps.count / 2) + 1
      let dom = Self.shown(
        try HeadlessBrowser.dumpDOM(page, fragment: "#step=\(step)", scratch: home))
      XCTAssertTrue(
        dom.contains("Step \(step) of \(stepCount)"), "\(name): step \(step) is not drawn")
      XCTAssertTrue(
        dom.contains("<code>" + Self.asText(commandSteps[step - 1]) + "</code>"),
        "\(name): step \(step)'s command is not its heading")
      let png = Self.screenshots.appendingPathComponent(name + ".png").path
      try? FileManager.default.removeItem(atPath: png)
      try HeadlessBrowser.screenshot(page, fragment: "#step=\(step)", to: png, scratch: home)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
      XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(name): not a PNG")
    }
  }

  func testIdentifiersStayTextInTheBrowser() throws {
    _ = try HeadlessBrowser.require()
    let image = #"<img src=x onerror="document.documentElement.dataset.pwned=1">"#
    let script = """
      say "</script><script>document.documentElement.dataset.pwned=1</script>"
      append "</script><script>document.documentElement.dataset.pwned=1</script>" "\(image.replacingOccurrences(of: "\"", with: "\\\""))"
      append "& &amp; <b>bold</b>" to "\(image.replacingOccurrences(of: "\"", with: "\\\""))"
      delete "<nope>"
      """
    let path = home + "/hostile.outline"
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--keep-going", path], name: "hostile")
    let dom = try HeadlessBrowser.dumpDOM(page, fragment: "#walk", scratch: home)
    XCTAssertNil(Self.attribute("pwned", in: dom), "an identifier ran as script")
    assertWalked(dom, steps: 3, "hostile")
    let shown = Self.shown(dom)
    XCTAssertFalse(shown.contains("<img"), "an identifier became an element")
    XCTAssertFalse(shown.contains("<b>"), "an identifier became an element")
    XCTAssertTrue(shown.contains(Self.asText(image)))
    XCTAssertTrue(shown.contains(Self.asText("& &amp; <b>bold</b>")))
    XCTAssertTrue(shown.contains("failed"), "the failing delete is not marked")
  }

  func testTreesShowTitlesThatFollowRetitleRenameAndUndo() throws {
    _ = try HeadlessBrowser.require()
    let hostile = "</script><script>document.documentElement.dataset.pwned=1</script>"
    let script = """
      append Notes "Notes (2)" Apple
      retitle "Notes (2)" Notes
      retitle Apple "\(hostile)"
      rename Apple Pear
      undo
      append Kid to Notes
      retitle Kid "Kid & <b>co</b>"
      delete Kid
      undo
      """
    let path = home + "/titles.outline"
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "titles")
    // The walk's hash covers the titles: going back retraces them, and the end is the session's.
    let walked = try HeadlessBrowser.dumpDOM(page, fragment: "#walk", scratch: home)
    assertWalked(walked, steps: 9, "titles")
    XCTAssertNil(Self.attribute("pwned", in: walked), "a title ran as script")
    func items(atStep step: Int) throws -> String {
      Self.shown(try HeadlessBrowser.dumpDOM(page, fragment: "#step=\(step)", scratch: home))
    }
    func row(_ title: String, _ identifier: String?) -> String {
      "<span class=\"item\">" + Self.asText(title) + "</span>"
        + (identifier.map { "<span class=\"identifier\">  [" + Self.asText($0) + "]</span>" } ?? "")
    }
    let first = try items(atStep: 1)
    XCTAssertTrue(first.contains(row("Notes (2)", nil)), "before any retitle, the identifier")
    let renamed = try items(atStep: 4)
    XCTAssertTrue(renamed.contains(row("Notes", "\"Notes (2)\"")), "a title, the identifier quoted")
    XCTAssertTrue(renamed.contains(row(hostile, "Apple")), "before the rename")
    XCTAssertTrue(renamed.contains(row(hostile, "Pear")), "the title follows the rename")
    let last = try items(atStep: 9)
    XCTAssertTrue(
      last.contains(row("Kid & <b>co</b>", "Kid")), "undo of a delete brings the title back")
    XCTAssertTrue(last.contains(row(hostile, "Apple")), "undo of the rename")
    XCTAssertFalse(last.contains("<b>co</b>"), "a title became an element")
  }

  func testALargeRunStaysSmallAndWalksAllItsStepsBothWays() throws {
    // 2,020 items (20 groups of 100 under expanded roots), then 1,000 steps over them: the page
    // embeds each step's change, not a whole tree per step, and the browser walks every step
    // forward and back, ending on the session's outline (the walk's `sig` check). The walk runs
    // with reduced motion: an animated step lays the page out to measure its rows, which costs
    // tens of milliseconds a step on this shared machine (stepping by hand stays animated).
    let groups = 20
    let steps = 1_000
    var lines: [String] = []
    for group in 0..<groups {
      lines.append("append G\(group)")
      lines.append(
        "append " + (0..<100).map { "I\(group)-\($0)" }.joined(separator: " ") + " to G\(group)")
    }
    lines.append("expand --force " + (0..<groups).map { "G\($0)" }.joined(separator: " "))
    for step in 0..<steps {
      let group = step % groups
      switch step % 5 {
      case 0: lines.append("collapse G\(group)")
      case 1: lines.append("move I\(group)-\(step % 100) to-root")
      case 2: lines.append("append New\(step) to G\((group + 7) % groups)")
      case 3: lines.append("expand G\((step - 3) % groups)")
      default: lines.append("move I\(group)-\((step + 50) % 100) before G\((group + 1) % groups)")
      }
    }
    let path = home + "/large.outline"
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--keep-going", path], name: "large")
    let size = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0
    print("large run: \(lines.count) commands, \(size) bytes")
    // A whole tree per step would be 1,000 × 2,000 rows: over 50 MB.
    XCTAssertLessThan(size, 5_000_000)
    _ = try HeadlessBrowser.require()
    let walked = try HeadlessBrowser.dumpDOM(
      page, fragment: "#walk", reducedMotion: true, scratch: home)
    assertWalked(walked, steps: lines.count, "large")
    print("large walk: \(Self.attribute("walk-ms", in: walked) ?? "?") ms in the browser")
  }

  /// The report `name` of a driven page, parsed as JSON.
  static func json(_ reports: [String: String], _ name: String) -> Any? {
    reports["t-" + name].flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
  }

  func testRemovedRowsAreLabelledAndNeverOverlapTheNextSectionsHeading() throws {
    _ = try HeadlessBrowser.require()
    let page = try emit(
      ["examples/emoji-explorer.outline"], name: "emoji",
      in: OutlineBinary.packageRoot.path)
    // Step 26 collapses Food, whose two children are the last rows of section outline, right
    // above section list's heading: the animation from step 25, stopped at three moments.
    var driver = "T.go(25); T.key('ArrowRight');\n"
    for time in [0, 60, 175, 300] {
      driver += """
        T.pauseAt(\(time));
        T.report('ghosts-\(time)', T.texts('.collection li.ghost'));
        T.report('overlap-\(time)', T.overlaps('.collection li', '.collection h4'));

        """
    }
    driver += "T.report('headings', T.texts('#step h4'));"
    let reports = try HeadlessBrowser.drive(page, driver, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    for time in [0, 60, 175, 300] {
      let ghosts = try XCTUnwrap(Self.json(reports, "ghosts-\(time)") as? [String], "\(time)")
      XCTAssertEqual(ghosts.count, 2, "at \(time) ms, the two rows that left: \(ghosts)")
      XCTAssertTrue(ghosts.allSatisfy { $0.hasSuffix("− removed") }, "\(time) ms: \(ghosts)")
      XCTAssertEqual(
        Self.json(reports, "overlap-\(time)") as? [String], [], "at \(time) ms, rows over headings")
    }
    // The sample's three sections, and no empty `main` beside them.
    let headings = try XCTUnwrap(Self.json(reports, "headings") as? [String])
    XCTAssertFalse(headings.contains { $0.contains("main") }, "\(headings)")
    XCTAssertTrue(headings.contains("Section recents") && headings.contains("Section list"))
  }

  /// A step reached by a jump (`#step=N` opened or reloaded, a link, End) shows the rows it
  /// removed, labelled, as stepping to it leaves them; with reduced motion too.
  func testStepOpenedByItsLinkShowsItsRemovedRowsAsSteppingDoes() throws {
    _ = try HeadlessBrowser.require()
    let page = try emit(
      ["examples/emoji-explorer.outline"], name: "emoji-jump",
      in: OutlineBinary.packageRoot.path)
    let stepped = try HeadlessBrowser.drive(
      page,
      """
      T.go(25); T.key('ArrowRight');
      document.getAnimations().forEach(function (a) { a.finish(); });
      T.report('stepped', T.texts('.collection li.ghost'));
      T.key('End'); T.key('Home');
      location.hash = '#step=26';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      T.report('linked', T.texts('.collection li.ghost'));
      """, scratch: home)
    XCTAssertNil(stepped["errors"], "console errors")
    let ghosts = try XCTUnwrap(Self.json(stepped, "stepped") as? [String])
    XCTAssertEqual(ghosts.count, 2, "\(ghosts)")
    XCTAssertTrue(ghosts.allSatisfy { $0.hasSuffix("− removed") }, "\(ghosts)")
    XCTAssertEqual(Self.json(stepped, "linked") as? [String], ghosts, "a link shows them too")
    for reducedMotion in [false, true] {
      let dom = try HeadlessBrowser.dumpDOM(
        page, fragment: "#step=26", reducedMotion: reducedMotion, scratch: home)
      let shown = Self.shown(dom)
      XCTAssertEqual(
        shown.components(separatedBy: "class=\"removed ghost\"").count - 1, 2,
        "opened at #step=26, reduced motion \(reducedMotion)")
    }
  }

  /// Stepping back shows the step's own change, not the undoing of the step after it: back
  /// from `append D` to a query, nothing moves; back again to `delete B`, B's row is put back
  /// as removed and folds away, as stepping forward to it shows.
  func testSteppingBackShowsEachStepsOwnChange() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/step-back.outline"
    try Data("append A B C\ndelete B\ncount\nappend D\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "step-back")
    var driver = "T.go(4);\n"
    for step in [3, 2] {
      driver += """
        T.key('ArrowLeft');
        T.report('moving-\(step)', document.getAnimations().length);
        document.getAnimations().forEach(function (a) { a.finish(); });
        T.report('ghosts-\(step)', T.texts('.collection li.ghost .item'));
        T.report('marked-\(step)', T.texts('.collection li.inserted .item'));

        """
    }
    driver += """
      T.key('ArrowRight');
      T.report('ghosts-forth', T.texts('.collection li.ghost .item'));
      """
    let reports = try HeadlessBrowser.drive(page, driver, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    func texts(_ name: String) -> [String]? { Self.json(reports, name) as? [String] }
    XCTAssertEqual(reports["t-moving-3"], "0", "back to the query: nothing moves")
    XCTAssertEqual(texts("ghosts-3"), [])
    XCTAssertEqual(texts("marked-3"), [])
    XCTAssertEqual(reports["t-moving-2"], "1", "back to delete B: B's row folds away")
    XCTAssertEqual(texts("ghosts-2"), ["B"])
    XCTAssertEqual(texts("marked-2"), [])
    XCTAssertEqual(texts("ghosts-forth"), [], "forward to the query: no row removed")
  }

  /// A step that reloads or reconfigures items marks those rows of the collection view, each
  /// its own way, under a legend that says which is which.
  func testReloadedAndReconfiguredRowsAreMarkedWithALegend() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/marks.outline"
    try Data(
      "append A B C D\nreload-items A C\nreconfigure-items B\nbegin\nreload-items D\n"
        .appending("reconfigure-items A\napply\nappend E\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "marks")
    var driver = ""
    for step in [2, 3, 7, 8] {
      driver += """
        T.go(\(step));
        T.report('reloaded-\(step)', T.texts('.collection li.reloaded .item'));
        T.report('reconfigured-\(step)', T.texts('.collection li.reconfigured .item'));
        T.report('badges-\(step)', T.texts('.collection li .badge'));
        T.report('legend-\(step)', T.texts('.legend'));

        """
    }
    driver += "T.go(3); T.report('styles', [getComputedStyle(document.querySelector("
    driver += "'.legend .reloaded')).outlineStyle, getComputedStyle(document.querySelector("
    driver += "'.legend .reconfigured')).boxShadow === 'none' ? 'none' : 'shadow']);"
    let reports = try HeadlessBrowser.drive(page, driver, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    func texts(_ name: String) -> [String]? { Self.json(reports, name) as? [String] }
    XCTAssertEqual(texts("reloaded-2"), ["A", "C"])
    XCTAssertEqual(texts("reconfigured-2"), [])
    XCTAssertEqual(texts("badges-2"), ["⟳ reloaded", "⟳ reloaded"])
    XCTAssertEqual(texts("reloaded-3"), [])
    XCTAssertEqual(texts("reconfigured-3"), ["B"])
    XCTAssertEqual(texts("badges-3"), ["✎ reconfigured"])
    XCTAssertEqual(
      texts("legend-3"),
      [
        "⟳ reloaded: a new cell from the cell provider (reloadItems) · ✎ reconfigured: the "
          + "same cell, configured again (reconfigureItems)"
      ])
    XCTAssertEqual(texts("reloaded-7"), ["D"], "the batch's apply")
    XCTAssertEqual(texts("reconfigured-7"), ["A"])
    XCTAssertEqual(texts("reloaded-8"), [], "a later step marks nothing")
    XCTAssertEqual(texts("badges-8"), ["+ inserted"])
    XCTAssertEqual(texts("legend-8"), [])
    XCTAssertEqual(texts("styles"), ["dashed", "shadow"], "distinct styles, not colour alone")
  }

  /// A warning the REPL prints on standard error shows on its step, styled as a warning (the
  /// static page has no log of its own); the steps that warned of nothing show none.
  func testAStepShowsItsWarningsStyledAsWarnings() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/warns.outline"
    try Data("append-items A B\nappend-items A\nappend C\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    let reports = try HeadlessBrowser.drive(
      try emit([path], name: "warns"),
      """
      T.report('shown', [1, 2, 3].map(function (n) {
        T.go(n);
        return T.texts('#step .status.warning');
      }));
      T.go(2);
      var shown = getComputedStyle(document.querySelector('#step .status.warning'));
      T.report('frame', [shown.borderTopStyle]);
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    let warning =
      "warning: A is already in the snapshot: appendItems moves it into place, and UIKit logs "
      + "this as a bug in the app (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_"
      + "EXISTS, a costlier update); moveItem (move-item) is the call that moves an item"
    XCTAssertEqual(Self.json(reports, "shown") as? [[String]], [[], [warning], []])
    XCTAssertEqual(
      Self.json(reports, "frame") as? [String], ["solid"], "framed, as the page's statuses are")
  }

  func testTheTransactionPanelNumbersRowsPerSectionInAscendingOrder() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/sections.outline"
    try Data(
      "append A B\nsection add s2\nsection use s2\nappend X Y Z\ndelete Z X\n".utf8
    ).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "sections")
    let reports = try HeadlessBrowser.drive(
      page, "T.go(5); T.report('panel', T.texts('.transaction li'));", scratch: home)
    XCTAssertEqual(
      Self.json(reports, "panel") as? [String],
      ["- s2:0 X  (flat 2)", "- s2:2 Z  (flat 4)", "- 0 X", "- 2 Z"])
  }

  /// A difference longer than the panel lists: the first 40 changes, then the others counted,
  /// in the flat difference and in the section's.
  func testTheTransactionPanelListsFortyChangesAndCountsTheRest() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/long.outline"
    let items = (1...45).map { "R\($0)" }.joined(separator: " ")
    try Data("append \(items)\n".utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "long")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(1);
      T.report('lists', Array.from(document.querySelectorAll('.transaction ul.changes')).map(
        function (list) { return list.querySelectorAll('li:not(.gap)').length; }));
      T.report('gaps', T.texts('.transaction li.gap'));
      T.report('first', T.texts('.transaction li:not(.gap)').slice(0, 2));
      """, scratch: home)
    XCTAssertEqual(Self.json(reports, "lists") as? [Int], [40, 40])
    XCTAssertEqual(Self.json(reports, "gaps") as? [String], ["… and 5 more", "… and 5 more"])
    XCTAssertEqual(Self.json(reports, "first") as? [String], ["+ 0 R1", "+ 1 R2"])
  }

  /// A script whose steps ask each kind of question but one, and one that asks nothing.
  static let quizScript = """
    append A B C
    delete B
    move C before A
    count
    """

  func testTheQuizHidesTheResultChecksRightAndWrongAnswersAndKeepsTheScore() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/quiz.outline"
    try Data(Self.quizScript.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "quiz")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(2);
      T.report('asked', T.text('#quiz-prompt'));
      T.report('hidden', T.texts('#step .transaction, #step pre, #step .handlers').length);
      T.report('choices', T.texts('form.quiz li code'));
      T.key('a');
      T.report('focused', document.activeElement.id);
      T.answer({ A: 'stays', B: 'removed', C: 'stays' });
      T.report('verdict-2', T.text('.verdict h3'));
      T.report('score-2', T.text('#score'));
      T.report('shown-2', T.texts('#step .transaction li'));
      T.key('ArrowRight');
      T.report('asked-3', T.text('#quiz-prompt'));
      T.answer({ canReorderItem: true });
      T.report('verdict-3', T.text('.verdict h3'));
      T.report('wrong-3', T.texts('.verdict li.wrong'));
      T.report('calls-3', T.texts('#step .handlers li'));
      T.report('score-3', T.text('#score'));
      T.key('ArrowRight');
      T.report('asked-4', document.querySelectorAll('form.quiz').length);
      T.key('ArrowLeft');
      T.report('again-3', [document.querySelectorAll('form.quiz').length, T.text('.verdict h3')]);
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    XCTAssertEqual(
      reports["t-asked"], "Which rows does the collection view insert, remove or move?")
    XCTAssertEqual(reports["t-hidden"], "0", "the step's result shows before the answer")
    XCTAssertEqual(Self.json(reports, "choices") as? [String], ["A", "B", "C"])
    XCTAssertEqual(
      reports["t-focused"], "choice-0-0", "A goes to the first choice (of the first part)")
    XCTAssertEqual(reports["t-verdict-2"], "✓ Right")
    XCTAssertEqual(reports["t-score-2"], "Score: 1 of 1 right")
    XCTAssertEqual(Self.json(reports, "shown-2") as? [String], ["- 1 B", "- 1 B"])
    XCTAssertEqual(reports["t-asked-3"], "Which handlers does UIKit call?")
    XCTAssertEqual(reports["t-verdict-3"], "✗ Not quite: the marked choices differ")
    XCTAssertEqual(
      Self.json(reports, "wrong-3") as? [String],
      ["✗ willReorder: called (you said not called)", "✗ didReorder: called (you said not called)"])
    XCTAssertEqual(
      Self.json(reports, "calls-3") as? [String],
      ["canReorderItem(C) -> true", "willReorder(transaction)", "didReorder(transaction)"])
    XCTAssertEqual(reports["t-score-3"], "Score: 1 of 2 right")
    XCTAssertEqual(reports["t-asked-4"], "0", "a query asks nothing")
    XCTAssertEqual(
      Self.json(reports, "again-3") as? [AnyHashable],
      [0, "✗ Not quite: the marked choices differ"],
      "an answered step shows its answer again")
    // In quiz mode the page still walks every step both ways.
    let walked = try HeadlessBrowser.dumpDOM(page, fragment: "#walk", scratch: home)
    assertWalked(walked, steps: 4, "quiz")
  }

  /// Steps where rows trade places: more than one set of rows may stay.
  static let tradeScript = """
    append A B C
    sort --roots --reverse
    append-items Tea Coffee
    move-item Coffee before Tea
    """

  func testTheQuizAcceptsEveryMinimalSetOfMovesAndSaysWhichTheTransactionReports() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/trade.outline"
    try Data(Self.tradeScript.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "trade")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(2);
      T.report('expected-2', steps[1].q.c);
      T.answer({ A: 'stays', B: 'moved', C: 'moved' });
      T.report('verdict-2', T.text('.verdict h3'));
      T.report('choices-2', T.texts('.verdict li'));
      T.report('hint-2', T.text('.verdict .hint'));
      T.key('ArrowRight');
      T.key('ArrowRight');
      T.report('expected-4', steps[3].q.c);
      T.answer({ A: 'stays', B: 'stays', C: 'stays', Tea: 'moved', Coffee: 'stays' });
      T.report('verdict-4', T.text('.verdict h3'));
      T.report('score-4', T.text('#score'));
      T.key('Home');
      T.key('ArrowRight');
      T.key('ArrowRight');
      T.answer({ A: 'moved', B: 'moved', C: 'moved', Tea: 'stays', Coffee: 'stays' });
      T.report('verdict-3', T.text('.verdict h3'));
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    let expected2 = try XCTUnwrap(Self.json(reports, "expected-2") as? [[String]])
    XCTAssertEqual(expected2, [["A", "moved"], ["B", "moved"], ["C", "stays"]])
    XCTAssertEqual(reports["t-verdict-2"], "✓ Right")
    XCTAssertEqual(
      Self.json(reports, "choices-2") as? [String],
      [
        "✓ A: stays (the transaction says moved)", "✓ B: moved",
        "✓ C: moved (the transaction says stays)",
      ])
    XCTAssertEqual(
      reports["t-hint-2"],
      "Several answers are right here: the rows that stay can be any longest run of rows that "
        + "keep their order, and the rows you chose are one. The transaction reports the one "
        + "CollectionDifference chose, the moves marked below.")
    let expected4 = try XCTUnwrap(Self.json(reports, "expected-4") as? [[String]])
    XCTAssertEqual(
      expected4,
      [["C", "stays"], ["B", "stays"], ["A", "stays"], ["Tea", "stays"], ["Coffee", "moved"]])
    XCTAssertEqual(reports["t-verdict-4"], "✓ Right", "Tea moved, Coffee stayed: as minimal")
    XCTAssertEqual(reports["t-score-4"], "Score: 2 of 2 right")
    XCTAssertEqual(
      reports["t-verdict-3"], "✗ Not quite: the marked choices differ",
      "three rows moved where two were inserted is wrong")
  }

  func testTheQuizAsksOnATapRefusedAsNotVisible() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/hidden.outline"
    try Data(
      "append Food Drinks\nappend Apple to Food\nappend Pip to Apple\nexpand Apple\n"
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "hidden")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(4);
      T.report('asked', T.text('#quiz-prompt'));
      T.report('expected', steps[3].q.c.map(function (c) { return c[1]; }));
      T.report('why', steps[3].q.more);
      T.answer({ 'expand Apple': 'notVisible' });
      T.report('verdict', T.text('.verdict h3'));
      T.report('hint', T.text('.verdict .hint'));
      T.report('score', T.text('#score'));
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    XCTAssertEqual(reports["t-asked"], "Which handlers does UIKit call?")
    XCTAssertEqual(
      Self.json(reports, "expected") as? [String], Array(repeating: "no", count: 8),
      "no handler is called")
    XCTAssertEqual(
      reports["t-why"], #"[{"k":"fails","c":[["expand Apple","notVisible"]]}]"#,
      "then whether the tap runs: it fails as notVisible")
    XCTAssertEqual(reports["t-verdict"], "✓ Right")
    XCTAssertEqual(
      reports["t-hint"],
      "The item is on no visible row, so the user cannot touch it: UIKit calls no handler and "
        + "nothing changes (the error below names the collapsed ancestor).")
    XCTAssertEqual(reports["t-score"], "Score: 1 of 1 right")
  }

  /// A drag of an expanded parent: the step says the lift collapsed it, the After panel marks
  /// it collapsed, the transactions are the lift's and the drop's, and a learner who ticks
  /// shouldCollapseItem is told why it is not called.
  func testADragOfAnExpandedParentShowsTheLiftAndTheQuizExplainsIt() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/lift.outline"
    try Data("append A B C\nappend A1 A2 to A\nexpand A\ndrag 0 1\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "lift")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(4);
      T.report('asked', T.text('#quiz-prompt'));
      T.answer({ canReorderItem: true, willReorder: true, didReorder: true, shouldCollapseItem: true });
      T.report('verdict', T.text('.verdict h3'));
      T.report('hints', T.texts('.verdict .hint'));
      T.report('notes', T.texts('#step .status.note'));
      T.report('after', T.texts('.panes .pane:last-child li .badge'));
      T.report('transactions', T.texts('#step .transaction h4').filter(function (t) { return t.indexOf('Transaction') === 0; }));
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    func texts(_ name: String) -> [String]? { Self.json(reports, name) as? [String] }
    XCTAssertEqual(reports["t-asked"], "Which handlers does UIKit call?")
    XCTAssertEqual(reports["t-verdict"], "✗ Not quite: the marked choices differ")
    XCTAssertEqual(
      texts("hints")?.first,
      "The drag collapses A as it lifts it, but asks neither shouldCollapseItem nor "
        + "willCollapseItem: they answer a tap on the disclosure, and a drag is no tap. UIKit "
        + "applies the collapse as a change of its own, after canReorderItem; willReorder and "
        + "didReorder then get the drop's transaction, which starts from A collapsed.")
    XCTAssertEqual(
      texts("notes"),
      [
        "lift: A collapses first, a change of its own with no handler asked (a drag is no tap on "
          + "the disclosure); the drop's transaction starts from A collapsed"
      ])
    XCTAssertEqual(
      texts("transactions"), ["Transaction 1: the lift (A collapses)", "Transaction 2: the drop"])
    XCTAssertTrue(
      texts("after")?.contains { $0.contains("collapsed") } == true,
      "the After panel marks A collapsed: \(texts("after") ?? [])")
  }

  /// `apply --reload-data` replaces the rows at once: no row marked inserted, removed or
  /// moved, no ghost, no animation, no transaction and no question; `last` after it (a query)
  /// asks nothing either and prints no transaction.
  func testAReloadDataApplyShowsTheRowsReplacedAtOnceAndLastAsksNothing() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/reload-data.outline"
    try Data(
      "append-items a b c\nbegin\ndelete-items b\nappend-items d\napply --reload-data\nlast\n"
        .appending("append-items e\nlast\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "reload-data")
    var driver = "T.go(4);\n"
    for step in [5, 6, 8] {
      driver += """
        T.key('ArrowRight');
        T.report('asked-\(step)', T.text('#quiz-prompt') || 'no question');
        T.report('animations-\(step)', document.getAnimations().length);
        T.report('rows-\(step)', T.texts('.collection li .item'));
        T.report('badges-\(step)', T.texts('.panes li .badge'));
        T.report('ghosts-\(step)', T.texts('.collection li.ghost'));
        T.report('pane-\(step)', T.text('.pane p'));
        T.report('panel-\(step)', T.texts('.transaction li, .transaction p'));

        """
      if step == 6 { driver += "T.key('ArrowRight'); T.answer({e: 'inserted'});\n" }
    }
    let reports = try HeadlessBrowser.drive(page, driver, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    func texts(_ name: String) -> [String]? { Self.json(reports, name) as? [String] }
    XCTAssertEqual(reports["t-asked-5"], "no question", "no question for a reload-data apply")
    XCTAssertEqual(reports["t-animations-5"], "0")
    XCTAssertEqual(texts("rows-5"), ["a", "c", "d"])
    XCTAssertEqual(texts("badges-5"), [], "no row marked inserted, removed or moved")
    XCTAssertEqual(texts("ghosts-5"), [])
    XCTAssertEqual(
      reports["t-pane-5"],
      "The visible rows after, replaced at once: reloadData computes no difference, so no row "
        + "is inserted, removed or moved, and nothing animates.")
    XCTAssertEqual(
      texts("panel-5"),
      [
        "none: applySnapshotUsingReloadData makes no transaction (the collection view reloads "
          + "its data)"
      ])
    XCTAssertEqual(reports["t-asked-6"], "no question", "last is a query: no question")
    XCTAssertEqual(texts("badges-6"), [])
    XCTAssertEqual(texts("panel-6"), [], "last after a reload-data apply prints no transaction")
    XCTAssertEqual(
      reports["t-asked-8"], "no question", "last after an animated change asks nothing either")
    XCTAssertEqual(texts("badges-8"), [])
    XCTAssertEqual(texts("panel-8"), ["+ 3 e", "+ 3 e"], "it shows the transaction it reprints")
  }

  func testEveryPageHasTheSwitchThatTurnsTheQuizOnAndOff() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/switch.outline"
    try Data(Self.quizScript.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "switch")
    let reports = try HeadlessBrowser.drive(
      page,
      """
      T.go(2);
      T.report('off', [document.querySelectorAll('form.quiz').length, T.texts('#step .transaction li').length]);
      T.click('#quiz-switch');
      T.report('on', [document.querySelectorAll('form.quiz').length, T.texts('#step .transaction li').length]);
      T.answer({ B: 'moved' });
      T.report('verdict', T.text('.verdict h3'));
      T.report('wrong', T.texts('.verdict li.wrong'));
      T.report('score', T.text('#score'));
      T.key('ArrowRight');
      T.click('#quiz-switch');
      T.report('off-again', [document.querySelectorAll('form.quiz').length, T.texts('#step .handlers li').length]);
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    XCTAssertEqual(Self.json(reports, "off") as? [Int], [0, 2], "off: the result at once")
    XCTAssertEqual(Self.json(reports, "on") as? [Int], [1, 0], "on: the question instead")
    XCTAssertEqual(reports["t-verdict"], "✗ Not quite: the marked choices differ")
    XCTAssertEqual(
      Self.json(reports, "wrong") as? [String], ["✗ B: removed (you said moved)"])
    XCTAssertEqual(reports["t-score"], "Score: 0 of 1 right")
    XCTAssertEqual(Self.json(reports, "off-again") as? [Int], [0, 3])
  }

  func testPrintingShowsEveryStepInOrderWithItsResultAndNoControls() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/print.outline"
    try Data(Self.quizScript.utf8).write(to: URL(fileURLWithPath: path))
    let page = try emit(["--quiz", path], name: "print")
    // What the page's print handler draws: every step, its result shown, no question.
    let reports = try HeadlessBrowser.drive(
      page,
      """
      window.dispatchEvent(new Event('beforeprint'));
      T.report('printed', T.texts('#print .print-step > h3:first-child'));
      T.report('questions', document.querySelectorAll('#print form').length);
      T.report('results', T.texts('#print .transaction li').length);
      T.report('keys', T.texts('#print .print-key h4'));
      T.report('key-3', T.texts('#print .print-step:nth-child(3) .print-key p'));
      """, scratch: home)
    XCTAssertEqual(
      Self.json(reports, "printed") as? [String],
      [
        "Step 1 of 4: append A B C", "Step 2 of 4: delete B", "Step 3 of 4: move C before A",
        "Step 4 of 4: count",
      ])
    XCTAssertEqual(reports["t-questions"], "0")
    XCTAssertNotEqual(reports["t-results"], "0")
    // In quiz mode the print is an answer key: each question with its right answers.
    let rows = "Question: Which rows does the collection view insert, remove or move?"
    XCTAssertEqual(
      Self.json(reports, "keys") as? [String],
      [rows, rows, "Question: Which handlers does UIKit call?", "Question: Does the gesture run?"])
    XCTAssertEqual(
      Self.json(reports, "key-3") as? [String],
      [
        "Answer: shouldExpandItem not called; willExpandItem not called; "
          + "snapshotForExpandingParent not called; shouldCollapseItem not called; "
          + "willCollapseItem not called; canReorderItem called; willReorder called; "
          + "didReorder called",
        "Answer: move C before A runs",
      ])
    // The print itself, in print media: its text in order, without the controls.
    let pdf = home + "/print.pdf"
    try HeadlessBrowser.printToPDF(page, to: pdf, scratch: home)
    guard let text = try pdfText(pdf) else { return }
    var position = text.startIndex
    for step in 1...4 {
      let heading = try XCTUnwrap(
        text.range(of: "Step \(step) of 4", range: position..<text.endIndex), "step \(step)")
      position = heading.upperBound
    }
    for control in ["Next →", "Predict, then see", "Check my answer", "All steps"] {
      XCTAssertFalse(text.contains(control), "\(control) is printed")
    }
    XCTAssertTrue(text.contains("Does the gesture run?"), "the answer key is printed")
  }

  /// The text of the PDF at `pdf`, its pages apart by form feeds; nil without pdftotext (a
  /// failure in CI).
  func pdfText(_ pdf: String) throws -> String? {
    if PDFText.tool == nil, ProcessInfo.processInfo.environment["CI"] == "true" {
      XCTFail("pdftotext is missing and CI=true: install poppler-utils")
    }
    return try PDFText.read(pdf)
  }

  /// A first step taller than what is left of page 1 under the title starts on page 1: the
  /// title never stands alone on a page.
  func testThePrintedPageStartsItsFirstStepUnderTheTitle() throws {
    _ = try HeadlessBrowser.require()
    let path = home + "/tall.outline"
    let items = (0..<60).map { "Item\($0)" }
    try Data(
      ("append " + items.joined(separator: " ") + "\ndelete Item5\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    let page = try emit([path], name: "tall")
    let pdf = home + "/tall.pdf"
    try HeadlessBrowser.printToPDF(page, to: pdf, scratch: home)
    guard let text = try pdfText(pdf) else { return }
    let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
    XCTAssertGreaterThan(pages.count, 2, "the run takes several pages")
    XCTAssertTrue(pages[0].contains("tall.outline"), "the title: \(pages[0])")
    XCTAssertTrue(pages[0].contains("Step 1 of 2"), "page 1 holds more than the title: \(pages[0])")
  }
}
