import Diffable
import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// The page picks a rows question's choices itself (`quiz.js`, `rowsChoices`) from the flat
/// difference outline writes and the rows it holds: in a real browser, over seeded random
/// edits of one and two sections, it picks what `HTMLPage.rowsQuiz` picks.
final class RowsChoicesBrowserTests: BinaryTestCase {
  /// A flat snapshot of `items`, split into two sections after the first `split`.
  static func snapshot(_ items: [String], split: Int?) throws -> Snapshot<String, String> {
    var snapshot = Snapshot<String, String>()
    guard let split, split < items.count else {
      try snapshot.appendSections(["main"])
      try snapshot.appendItems(items)
      return snapshot
    }
    try snapshot.appendSections(["one", "two"])
    try snapshot.appendItems(Array(items[..<split]), toSection: "one")
    try snapshot.appendItems(Array(items[split...]), toSection: "two")
    return snapshot
  }

  /// The rows after a random edit of `before`: some removed, some moved, some inserted
  /// (`serial` names them), or none changed.
  static func edit(_ before: [String], _ random: inout SplitMix64, serial: inout Int) -> [String] {
    var after = before
    for _ in 0..<Int.random(in: 0...3, using: &random) where !after.isEmpty {
      after.remove(at: Int.random(in: 0..<after.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) where after.count > 1 {
      let item = after.remove(at: Int.random(in: 0..<after.count, using: &random))
      after.insert(item, at: Int.random(in: 0...after.count, using: &random))
    }
    let runs = Int.random(in: 0...2, using: &random)
    for _ in 0..<runs {
      let at = Int.random(in: 0...after.count, using: &random)
      for offset in 0..<Int.random(in: 1...4, using: &random) {
        serial += 1
        after.insert("N\(serial)", at: min(at + offset, after.count))
      }
    }
    return after
  }

  func testThePagePicksTheChoicesRowsQuizPicks() throws {
    _ = try HeadlessBrowser.require()
    var random = SplitMix64(seed: 28)
    var serial = 0
    var cases: [String] = []
    var expected: [[[String]]] = []
    while expected.count < 400 {
      // Short lists, where every row fits, and long ones, where the nearest rows are picked.
      let count = Int.random(in: 0...(expected.count.isMultiple(of: 2) ? 10 : 40), using: &random)
      let before = (0..<count).map { "R\($0)" }
      let after = Self.edit(before, &random, serial: &serial)
      let split = Bool.random(using: &random) ? Int.random(in: 0...count, using: &random) : nil
      let offsets = HTMLPage.OffsetChanges(after.differenceInferringMoves(from: before))
      // A change of hidden items alone: the row to centre on, or none.
      let near =
        offsets.isEmpty && count > 0 && Bool.random(using: &random)
        ? Int.random(in: 0..<count, using: &random) : nil
      guard count > 0 || offsets.insertions.contains(where: { $0.associatedWith == nil })
      else { continue }
      let quiz = HTMLPage.rowsQuiz(
        before: try Self.snapshot(before, split: split),
        after: try Self.snapshot(after, split: split.map { min($0, after.count) }),
        offsets: offsets, near: near)
      expected.append(quiz.choices.map { [$0.choice, $0.answer] })
      // The part as the page gets it, written as a step's question is.
      var writer = JSONWriter()
      HTMLDocument.write(
        HTMLPage.Quiz(kind: .rows, choices: [], rows: (offsets, near)), to: &writer)
      var rows = JSONWriter()
      rows.write("[")
      rows.strings(before)
      rows.write(",")
      rows.strings(after)
      rows.write("]")
      cases.append("[\(writer.text),\(rows.text)]")
    }
    let script = home + "/rows.outline"
    try Data("append A B\n".utf8).write(to: URL(fileURLWithPath: script))
    let result = try OutlineBinary.run(["--emit-html", "--quiz", script], home: home, timeout: 600)
    let page = home + "/rows.html"
    try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: page))
    let reports = try HeadlessBrowser.drive(
      page,
      """
      var cases = [\(cases.joined(separator: ",\n"))];
      T.report('choices', cases.map(function (c) {
        return rowsChoices(expandQuestion(c[0]), c[1][0], c[1][1]);
      }));
      """, scratch: home)
    XCTAssertNil(reports["errors"], "console errors")
    let picked = try XCTUnwrap(EmitHTMLTests.json(reports, "choices") as? [[[String]]])
    XCTAssertEqual(picked.count, expected.count)
    for (index, (page, swift)) in zip(picked, expected).enumerated() where page != swift {
      XCTFail("case \(index): the page picks \(page), rowsQuiz \(swift); \(cases[index])")
    }
    // Both branches, every row and the nearest rows, were taken.
    XCTAssertTrue(expected.contains { $0.count == HTMLPage.maxChoices })
    XCTAssertTrue(expected.contains { $0.count < HTMLPage.maxChoices })
  }
}
