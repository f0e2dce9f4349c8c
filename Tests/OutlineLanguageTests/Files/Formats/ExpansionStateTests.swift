import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// `ExpansionState`: OPML 2.0's flatdown rule both ways, against a naive reference.
final class ExpansionStateTests: XCTestCase {
  typealias Node = OutlineDocument.Node

  /// A, A1, A2, A2a, B (levels 0, 1, 1, 2, 0), collapsed.
  let outline = [
    Node(level: 0, text: "A"), Node(level: 1, text: "A1"), Node(level: 1, text: "A2"),
    Node(level: 2, text: "A2a"), Node(level: 0, text: "B"),
  ]

  func expanded(_ text: String) -> ([String], [String]) {
    var nodes = outline
    let notes = ExpansionState.apply(text, to: &nodes)
    return (nodes.filter(\.expanded).map(\.text), notes)
  }

  func testEachNumberCountsOverTheOutlineAsTheExpansionsBeforeItLeftIt() {
    XCTAssertEqual(expanded("0,2").0, ["A", "A2"])
    // Before A is expanded, line 1 is B (no children) and line 2 is out of range.
    XCTAssertEqual(expanded("2,0").0, ["A"])
    XCTAssertEqual(
      expanded("2,0").1,
      ["expansionState: 2 is out of range (the outline showed 2 lines then), skipped"])
    XCTAssertEqual(expanded(" 0 , 2 ").0, ["A", "A2"])
    XCTAssertEqual(expanded("").0, [])
    XCTAssertEqual(expanded("0,0,0").0, ["A"])
  }

  func testNumbersThatAreNotLinesAreSkippedWithANote() {
    let (names, notes) = expanded("0,,-1,x,7,8")
    XCTAssertEqual(names, ["A"])
    XCTAssertEqual(
      notes,
      [
        "expansionState: \"\", \"-1\", \"x\" are not line numbers, skipped",
        "expansionState: 7, 8 are out of range (the outline showed 4 lines at the first), skipped",
      ])
  }

  func testTheWrittenStateListsVisibleExpandedParentsInOrder() {
    var nodes = outline
    nodes[0].expanded = true
    nodes[2].expanded = true
    XCTAssertEqual(ExpansionState.text(of: nodes), "0,2")
    nodes[0].expanded = false  // A2 is hidden now: OPML cannot say it is expanded
    XCTAssertEqual(ExpansionState.text(of: nodes), "")
    nodes[3].expanded = true  // a leaf: nothing to expand
    XCTAssertEqual(ExpansionState.text(of: nodes), "")
  }

  /// Applies `numbers` the slow way: the visible lines recomputed after every expansion.
  func naive(_ numbers: [Int], _ nodes: [Node]) -> [Bool] {
    var expanded = Array(repeating: false, count: nodes.count)
    for number in numbers {
      var visible: [Int] = []
      var hiddenBelow = Int.max
      for (index, node) in nodes.enumerated() {
        if node.level > hiddenBelow { continue }
        hiddenBelow = Int.max
        visible.append(index)
        if !expanded[index] { hiddenBelow = node.level }
      }
      guard number < visible.count else { continue }
      let index = visible[number]
      if index + 1 < nodes.count && nodes[index + 1].level > nodes[index].level {
        expanded[index] = true
      }
    }
    return expanded
  }

  func testRandomListsAgreeWithTheNaiveRuleAndWrittenStatesReadBack() {
    let seed = SplitMix64.seed()
    var random = SplitMix64(seed: seed)
    for round in 0..<300 {
      let count = Int.random(in: 0..<40, using: &random)
      let document = FormatTesting.randomDocument(count: count, using: &random, opml: false)
      let numbers = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
        Int.random(in: 0..<max(count, 1) + 2, using: &random)
      }
      var nodes = document.nodes.map { Node(level: $0.level, text: $0.text) }
      _ = ExpansionState.apply(numbers.map(String.init).joined(separator: ","), to: &nodes)
      XCTAssertEqual(
        nodes.map(\.expanded), naive(numbers, nodes), "\(random) round \(round): \(numbers)")

      var again = document.nodes.map { Node(level: $0.level, text: $0.text) }
      let notes = ExpansionState.apply(ExpansionState.text(of: document.nodes), to: &again)
      XCTAssertEqual(notes, [])
      XCTAssertEqual(
        again.map(\.expanded), document.nodes.map(\.expanded), "\(random) round \(round)")
    }
  }
}
