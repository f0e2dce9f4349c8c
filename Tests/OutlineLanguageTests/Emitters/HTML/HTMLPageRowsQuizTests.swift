import Diffable
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// The rows question (`HTMLPage.rowsQuiz`), which works its choices out from the difference's
/// offsets and reads only the chosen items, against a reference that reads every item of the
/// flat snapshots before and after: the same choices, answers and order, over seeded random
/// edits of a long outline (so that most questions list only the rows around the changes).
final class HTMLPageRowsQuizTests: XCTestCase {
  /// The rows question as its definition reads: each removed item at its offset before, each
  /// inserted item after the row before it that is not inserted (looked up by item), the first
  /// `maxChanged` of them, then the rows no removal took nearest the first change.
  static func reference(before: [String], after: [String], difference: CollectionDifference<String>)
    -> [String]
  {
    var answers: [String: String] = [:]
    var changed: [(place: (Int, Int), item: String)] = []
    var centre = Int.max
    for case .remove(let offset, let item, let associated) in difference.removals {
      answers[item] = associated == nil ? "removed" : "moved"
      changed.append(((2 * offset, 0), item))
      centre = min(centre, offset)
    }
    for case .insert(_, let item, nil) in difference.insertions {
      answers[item] = "inserted"
    }
    for case .insert(let offset, let item, nil) in difference.insertions {
      var previous = offset - 1
      while previous >= 0, answers[after[previous]] == "inserted" { previous -= 1 }
      let follows = previous < 0 ? -1 : before.firstIndex(of: after[previous])!
      changed.append(((2 * follows + 1, offset), item))
      centre = min(centre, max(0, follows))
    }
    changed.sort { $0.place < $1.place }
    let inserted = answers.values.filter { $0 == "inserted" }.count
    let fits = before.count + inserted <= HTMLPage.maxChoices
    var chosen = changed.prefix(fits ? changed.count : HTMLPage.maxChanged).map {
      ($0.place, "\($0.item)=\(answers[$0.item]!)")
    }
    let room = fits ? before.count : HTMLPage.maxChoices - chosen.count
    let start = fits ? 0 : min(centre, max(0, before.count - 1))
    var candidates: [Int] = []
    for distance in 0..<before.count {
      if fits || distance == 0 {
        candidates.append(fits ? distance : start)
      } else {
        candidates += [start - distance, start + distance]
      }
    }
    var added = 0
    for offset in candidates
    where added < room && before.indices.contains(offset) && answers[before[offset]] == nil {
      chosen.append(((2 * offset, 0), "\(before[offset])=stays"))
      added += 1
    }
    chosen.sort { $0.0 < $1.0 }
    return chosen.map(\.1)
  }

  /// A random edit of the outline of roots `R0`… with children `R0.0`…, its new items named
  /// from `serial`: code edits (one or several in a batch, or a row removed just before the row
  /// an insertion follows), and now and then a collapse, an expansion or a sort.
  static func randomEdit(_ random: inout SplitMix64, items: [String], serial: inout Int) -> [String]
  {
    func some() -> String { items.randomElement(using: &random)! }
    func fresh(_ count: Int) -> String {
      (0..<count).map { _ in
        serial += 1
        return "N\(serial)"
      }.joined(separator: " ")
    }
    func edit() -> String {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: return "append \(fresh(Int.random(in: 1...3, using: &random))) to \(some())"
      case 1: return "insert \(fresh(Int.random(in: 1...14, using: &random))) after \(some())"
      case 2: return "insert \(fresh(1)) before \(some())"
      case 3: return "delete \(some())"
      case 4:
        var targets: [String] = []
        for _ in 0..<Int.random(in: 2...4, using: &random) {
          let target = some()
          if !targets.contains(target) { targets.append(target) }
        }
        return "delete " + targets.joined(separator: " ")
      default: return "append \(fresh(Int.random(in: 1...2, using: &random)))"
      }
    }
    switch Int.random(in: 0..<12, using: &random) {
    case 0: return ["collapse \(some())", "expand --all"]
    case 1: return ["sort --roots"]
    case 2, 3:
      return ["begin"] + (0..<Int.random(in: 2...4, using: &random)).map { _ in edit() } + ["apply"]
    case 4 where items.count > 1:
      // A row removed just before the row an insertion follows.
      let at = Int.random(in: 0..<(items.count - 1), using: &random)
      return ["begin", "delete \(items[at])", "insert \(fresh(1)) after \(items[at + 1])", "apply"]
    default: return [edit()]
    }
  }

  func testTheRowsQuestionMatchesItsDefinitionOverRandomEdits() throws {
    for seed: UInt64 in 1...6 {
      var random = SplitMix64(seed: seed)
      let session = Session()
      var page = HTMLPage(title: "test", state: session.state)
      let setUp = (0..<12).flatMap { root in
        [
          "append R\(root)",
          "append " + (0..<6).map { "R\(root).\($0)" }.joined(separator: " ") + " to R\(root)",
        ]
      }
      for line in setUp + ["expand --all"] {
        XCTAssertTrue(session.run(line).ok, line)
      }
      var serial = 0
      var asked = 0
      for _ in 0..<60 {
        let items = session.state.sections.flatMap { $0.outline.rows.map(\.item) }
        guard !items.isEmpty else { break }
        for line in Self.randomEdit(&random, items: items, serial: &serial) {
          let outcome = session.run(line)
          page.record(outcome, at: SourceLocation(file: "test", line: 1))
          guard let quiz = page.steps.last?.quiz?.resolved(for: outcome), quiz.kind == .rows
          else { continue }
          let transactions =
            outcome.steps.isEmpty ? [outcome.transaction!] : outcome.steps.map(\.transaction)
          let before = transactions.first!.initialSnapshot.itemIdentifiers
          let after = transactions.last!.finalSnapshot.itemIdentifiers
          let difference =
            transactions.count == 1
            ? transactions[0].difference : after.differenceInferringMoves(from: before)
          // A change of hidden items alone asks about the rows around its visible ancestor,
          // which the flat snapshots do not show: HTMLPageQuizTests+Gestures checks it.
          guard !difference.isEmpty else { continue }
          XCTAssertEqual(
            quiz.choices.map { "\($0.choice)=\($0.answer)" },
            Self.reference(before: before, after: after, difference: difference),
            "\(random), \(line)")
          asked += 1
        }
      }
      XCTAssertGreaterThan(asked, 30, "\(random): most steps ask which rows change")
    }
  }
}
