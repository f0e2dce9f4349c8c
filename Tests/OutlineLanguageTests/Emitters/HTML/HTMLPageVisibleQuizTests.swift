import Diffable
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// The visible-items question (`HTMLPage.visibleQuiz`), which looks up only the first few rows a
/// step showed or hid in each section when no item moved, against a reference that looks up
/// every one of them and sorts: the same choices, answers and order, over seeded random taps
/// and expansions in code of three sections, long and short.
final class HTMLPageVisibleQuizTests: XCTestCase {
  /// The visible-items question as its definition reads: every item shown or hidden that a
  /// section holds, by its index there, the first `maxChanged` of them, then the unchanged
  /// items nearest the first; a section that fits is listed whole.
  static func reference(
    after: Snapshot<String, String>, difference: HTMLPage.FlatChanges,
    change: HTMLPage.SectionChanges, state: SessionState
  ) -> [String] {
    let flipped = Set(difference.removals.map(\.item) + difference.insertions.map(\.item))
    var chosen: [(place: (Int, Int), item: String)] = []
    for (position, section) in change.sections.enumerated() {
      guard chosen.count < HTMLPage.maxChoices else { break }
      let outline = state.outline(of: section.section)
      let room = HTMLPage.maxChoices - chosen.count
      if outline.count <= room {
        chosen += outline.items.enumerated().map { ((position, $0.offset), $0.element) }
        continue
      }
      let changedHere = flipped.compactMap { item in outline.index(of: item).map { ($0, item) } }
        .sorted { $0.0 < $1.0 }
      let picked = changedHere.prefix(min(HTMLPage.maxChanged, room))
      var offsets = Set(picked.map(\.0))
      let centre = picked.first?.0 ?? 0
      var distance = 1
      while offsets.count < room, centre - distance >= 0 || centre + distance < outline.count {
        for offset in [centre - distance, centre + distance]
        where offsets.count < room && outline.items.indices.contains(offset)
          && !flipped.contains(outline.item(at: offset))
        {
          offsets.insert(offset)
        }
        distance += 1
      }
      chosen += offsets.map { ((position, $0), outline.item(at: $0)) }
    }
    chosen.sort { $0.place < $1.place }
    return chosen.map { "\($0.item)=\(after.indexOfItem($0.item) == nil ? "no" : "yes")" }
  }

  /// Whether a gesture that ran asks what is visible after it, as its definition reads: when
  /// it showed or hid a row whose parent (after the gesture, else before it) is not an item
  /// it tapped.
  static func asks(_ outcome: Outcome) -> Bool {
    guard let flat = HTMLPage.flatChange(of: outcome), !flat.offsets.isEmpty,
      let before = outcome.before, let after = outcome.after,
      !HTMLPage.changes(from: before, to: after, outcome: outcome).sections.isEmpty
    else { return false }
    let difference = HTMLPage.flatChanges(of: outcome, combined: flat.combined)
    let flipped = (difference.removals + difference.insertions).filter {
      $0.associatedWith == nil
    }
    let tapped = outcome.handlers.compactMap { call -> String? in
      switch call {
      case .shouldExpandItem(let item, _), .shouldCollapseItem(let item, _): return item
      default: return nil
      }
    }
    func parent(of item: String) -> String? {
      for state in [after, before] {
        for section in state.sections where section.outline.contains(item) {
          return (try? section.outline.parent(of: item)) ?? nil
        }
      }
      return nil
    }
    return flipped.contains { change in !tapped.contains { $0 == parent(of: change.item) } }
  }

  /// A random tap or expansion in code on one of `items`.
  static func randomStep(_ random: inout SplitMix64, items: [String]) -> String {
    let item = items.randomElement(using: &random)!
    switch Int.random(in: 0..<11, using: &random) {
    case 0: return "expand --all"
    case 1: return "collapse --all \(item)"
    case 2: return "expand --depth \(Int.random(in: 1...3, using: &random))"
    case 3: return "reveal \(item)"
    case 4: return "expand --force \(item)"
    case 5: return "collapse --force \(item)"
    case 6: return "section use s\(Int.random(in: 0..<3, using: &random))"
    case 7, 8: return "expand \(item)"
    // A drag of an expanded parent collapses it first: rows shown or hidden, one item moved.
    case 9:
      return
        "drag \(Int.random(in: 0..<8, using: &random)) \(Int.random(in: 0..<8, using: &random))"
    default: return "collapse \(item)"
    }
  }

  func testTheVisibleQuestionMatchesItsDefinitionOverRandomExpansions() throws {
    for seed: UInt64 in 1...5 {
      var random = SplitMix64(seed: seed)
      let session = Session()
      // Three sections: two long ones (roots with children and grandchildren), one that fits.
      var setUp: [String] = []
      for (section, roots) in [(0, 6), (1, 1), (2, 5)] {
        setUp += ["section add s\(section)", "section use s\(section)"]
        for root in 0..<roots {
          let name = "S\(section)R\(root)"
          setUp.append("append \(name)")
          setUp.append(
            "append " + (0..<3).map { "\(name).\($0)" }.joined(separator: " ") + " to \(name)")
          setUp.append("append \(name).0.a \(name).0.b to \(name).0")
        }
        setUp.append("expand --all")
      }
      for line in setUp {
        XCTAssertTrue(session.run(line).ok, line)
      }
      var page = HTMLPage(title: "test", state: session.state)
      var asked = 0
      for _ in 0..<160 {
        let items = session.state.outline(of: session.state.section).items
        guard !items.isEmpty else { continue }
        let line = Self.randomStep(&random, items: items)
        let outcome = session.run(line)
        page.record(outcome, at: SourceLocation(file: "test", line: 1))
        if outcome.ok, !outcome.handlers.isEmpty {
          XCTAssertEqual(
            page.steps.last?.quiz?.more.contains { $0.kind == .visible }, Self.asks(outcome),
            "\(random), \(line)")
        }
        guard let quiz = page.steps.last?.quiz,
          let visible = ([quiz] + quiz.more).first(where: { $0.kind == .visible }),
          let flat = HTMLPage.flatChange(of: outcome), let before = outcome.before,
          let after = outcome.after
        else { continue }
        let change = HTMLPage.changes(from: before, to: after, outcome: outcome)
        XCTAssertEqual(
          visible.choices.map { "\($0.choice)=\($0.answer)" },
          Self.reference(
            after: flat.after,
            difference: HTMLPage.flatChanges(of: outcome, combined: flat.combined),
            change: change, state: after),
          "\(random), \(line)")
        asked += 1
      }
      XCTAssertGreaterThan(asked, 25, "\(random): many steps ask what is visible")
    }
  }
}
