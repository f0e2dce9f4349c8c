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
    let notes = ExpansionState.apply(text, to: &nodes, base: 0)
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
    XCTAssertEqual(ExpansionState.text(of: nodes), "1,3")
    XCTAssertEqual(ExpansionState.text(of: nodes, base: 0), "0,2")
    nodes[0].expanded = false  // A2 is hidden now: OPML cannot say it is expanded
    XCTAssertEqual(ExpansionState.text(of: nodes), "")
    nodes[3].expanded = true  // a hidden leaf
    XCTAssertEqual(ExpansionState.text(of: nodes, leaves: true), "")
    nodes[0].expanded = true
    nodes[1].expanded = true  // a visible leaf: named when asked for
    XCTAssertEqual(ExpansionState.text(of: nodes), "1,3")
    XCTAssertEqual(ExpansionState.text(of: nodes, leaves: true), "1,2,3,4")
    XCTAssertEqual(ExpansionState.written(nodes, base: 1), "1,2,3,4")
  }

  /// The shape of a real outliner's notes file (Cactus, 2013): three summits, and its
  /// `expansionState` "1, 2, 4, 8, 10, 13, 16" names every parent, counting from 1.
  let outlinersNotes = [
    Node(level: 0, text: "To do"), Node(level: 1, text: "Finish Calendar"),
    Node(level: 2, text: "Fill in"), Node(level: 1, text: "Unify node opening"),
    Node(level: 2, text: "node opening"), Node(level: 2, text: "opennode"),
    Node(level: 2, text: "Nodes"), Node(level: 1, text: "NSText"),
    Node(level: 2, text: "event handling"), Node(level: 1, text: "row height"),
    Node(level: 2, text: "More accuracy"), Node(level: 1, text: "OPML: cactus"),
    Node(level: 0, text: "Bugs"), Node(level: 1, text: "Saving"), Node(level: 1, text: "Update"),
    Node(level: 0, text: "Ideas"), Node(level: 1, text: "Minimize"),
    Node(level: 1, text: "The idea"),
  ]

  func testAnOutlinersListNumberedFromOneIsReadSoWithoutANote() {
    var nodes = outlinersNotes
    let notes = ExpansionState.apply("1, 2, 4, 8, 10, 13, 16", to: &nodes)
    XCTAssertEqual(
      nodes.filter(\.expanded).map(\.text),
      ["To do", "Finish Calendar", "Unify node opening", "NSText", "row height", "Bugs", "Ideas"])
    XCTAssertEqual(notes, [])
    XCTAssertEqual(ExpansionState.base(of: "1, 2, 4, 8, 10, 13, 16", for: outlinersNotes), 1)
    // Written back in the same base, the list is the file's.
    XCTAssertEqual(ExpansionState.text(of: nodes), "1,2,4,8,10,13,16")
    XCTAssertEqual(ExpansionState.text(of: nodes, base: 0), "0,1,3,7,9,12,15")
  }

  func testAListNumberedFromZeroThatNamesMoreParentsSoIsReadFromZeroWithANote() {
    var nodes = outlinersNotes
    let notes = ExpansionState.apply("0,1,3,7,9,12,15", to: &nodes)
    XCTAssertEqual(nodes.filter(\.expanded).count, 7)
    XCTAssertEqual(
      notes,
      [
        "expansionState: read with line 0 as the first summit (that way it names 7 parents, "
          + "6 from line 1)"
      ])
  }

  func testTheSpecificationsPlacesLivedExampleCountsFromOne() {
    // placesLived.opml, from the OPML 2.0 specification's examples: "1, 2, 5, 10, 13, 15".
    // Line 15 is Florida, an `include` node with no children here: expanded all the same, as
    // the SPEC says the named line is (a leaf's expansion shows nothing; export drops it).
    let places = [
      Node(level: 0, text: "Places I've lived"), Node(level: 1, text: "Boston"),
      Node(level: 2, text: "Cambridge"), Node(level: 2, text: "West Newton"),
      Node(level: 1, text: "Bay Area"), Node(level: 2, text: "Mountain View"),
      Node(level: 2, text: "Los Gatos"), Node(level: 2, text: "Palo Alto"),
      Node(level: 2, text: "Woodside"), Node(level: 1, text: "New Orleans"),
      Node(level: 2, text: "Uptown"), Node(level: 2, text: "Metairie"),
      Node(level: 1, text: "Wisconsin"), Node(level: 2, text: "Madison"),
      Node(level: 1, text: "Florida"), Node(level: 1, text: "New York"),
      Node(level: 2, text: "Jackson Heights"),
    ]
    var nodes = places
    _ = ExpansionState.apply("1, 2, 5, 10, 13, 15", to: &nodes)
    XCTAssertEqual(
      nodes.filter(\.expanded).map(\.text),
      ["Places I've lived", "Boston", "Bay Area", "New Orleans", "Wisconsin", "Florida"])
    // The parents alone, and, as a writer writes it, every number: Florida's line too.
    XCTAssertEqual(ExpansionState.text(of: nodes, base: 1), "1,2,5,10,13")
    XCTAssertEqual(ExpansionState.written(nodes, base: 1), "1,2,5,10,13,15")
  }

  func testAListSaysTheExpansionWhileItReadsToTheVisibleExpandedItems() {
    // A, A1, A2 (A2a), B: "1,3" expands A and A2.
    var nodes = outline
    nodes[0].expanded = true
    nodes[2].expanded = true
    XCTAssertTrue(ExpansionState.says("1,3", of: nodes))
    XCTAssertTrue(ExpansionState.says("1, 3, 9, x", of: nodes))  // what names no line
    XCTAssertFalse(ExpansionState.says("1", of: nodes))
    XCTAssertFalse(ExpansionState.says("1,3,5", of: nodes))  // B, a leaf, expanded too
    // A node before the lines moves them: "1,3,9" then names line 3 of A, A0, A1, …: A1.
    var moved = nodes
    moved.insert(Node(level: 1, text: "A0"), at: 1)
    XCTAssertFalse(ExpansionState.says("1,3,9", of: moved))
    XCTAssertTrue(ExpansionState.says("1,4", of: moved))
    // A hidden node's expansion is not a list's to say.
    nodes[0].expanded = false
    XCTAssertTrue(ExpansionState.says("", of: nodes))
  }

  func testAListOfParentsOnlyIsWrittenSoAndOneWithALeafWithLeaves() {
    var nodes = outline
    XCTAssertFalse(ExpansionState.read("1,3", into: &nodes).leaves)
    var withLeaf = outline
    XCTAssertTrue(ExpansionState.read("1,2", into: &withLeaf).leaves)
    var none = outline
    XCTAssertTrue(ExpansionState.read("9", into: &none).leaves)  // names nothing: a writer's way
    nodes[1].expanded = true  // A1, a visible leaf
    XCTAssertEqual(ExpansionState.written(nodes, base: 1), "1,2,3")
    XCTAssertEqual(ExpansionState.written(nodes, base: 1, leaves: false), "1,3")
  }

  func testATieReadsFromOne() {
    // A > A1, B > B1: "1" from 1 is A, from 0 is B, a parent either way: read from 1.
    var nodes = [
      Node(level: 0, text: "A"), Node(level: 1, text: "A1"), Node(level: 0, text: "B"),
      Node(level: 1, text: "B1"),
    ]
    XCTAssertEqual(ExpansionState.read("1", into: &nodes).base, 1)
    XCTAssertEqual(nodes.map(\.expanded), [true, false, false, false])
  }

  func testAListFromZeroThatWouldReadBackFromOneIsWrittenFromOne() {
    // A > A1, B > B1, C > C1 with B expanded: from 0 the list is "1", which reads from 1 (a
    // tie): written from 1, "2".
    var nodes = [
      Node(level: 0, text: "A"), Node(level: 1, text: "A1"), Node(level: 0, text: "B"),
      Node(level: 1, text: "B1"), Node(level: 0, text: "C"), Node(level: 1, text: "C1"),
    ]
    nodes[2].expanded = true
    XCTAssertEqual(ExpansionState.text(of: nodes, base: 0), "1")
    XCTAssertEqual(ExpansionState.written(nodes, base: 0), "2")
    // Where the list reads back from 0, it is written from 0.
    nodes[0].expanded = true
    XCTAssertEqual(ExpansionState.written(nodes, base: 0), "0,2")
  }

  func testALeafThatWouldTipTheBaseIsLeftOut() {
    // A (a leaf, expanded), B > B1: from 1, "1" names a leaf, which from 0 is B, a parent.
    var nodes = [Node(level: 0, text: "A"), Node(level: 0, text: "B"), Node(level: 1, text: "B1")]
    nodes[0].expanded = true
    XCTAssertEqual(ExpansionState.text(of: nodes, leaves: true), "1")
    XCTAssertEqual(ExpansionState.written(nodes, base: 1), "")
  }

  func testAListThatReadsBetterFromZeroIsReadFromZero() {
    // A (no children), B (a child): "1" from 0 is B, from 1 is A, which has nothing to expand.
    var nodes = [Node(level: 0, text: "A"), Node(level: 0, text: "B"), Node(level: 1, text: "B1")]
    _ = ExpansionState.apply("1", to: &nodes)
    XCTAssertEqual(nodes.map(\.expanded), [false, true, false])
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
      // The named line is expanded, a leaf too (it shows nothing).
      expanded[visible[number]] = true
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
      let text = numbers.map(String.init).joined(separator: ",")
      let base = ExpansionState.base(of: text, for: nodes)
      _ = ExpansionState.apply(text, to: &nodes)
      XCTAssertEqual(
        nodes.map(\.expanded), naive(numbers.map { $0 - base }.filter { $0 >= 0 }, nodes),
        "\(random) round \(round): \(numbers), base \(base)")
      for base in [0, 1] {
        var explicit = document.nodes.map { Node(level: $0.level, text: $0.text) }
        _ = ExpansionState.apply(text, to: &explicit, base: base)
        XCTAssertEqual(
          explicit.map(\.expanded), naive(numbers.map { $0 - base }.filter { $0 >= 0 }, nodes),
          "\(random) round \(round): \(numbers) in base \(base)")
      }

      for base in [0, 1] {
        var again = document.nodes.map { Node(level: $0.level, text: $0.text) }
        let written = ExpansionState.text(of: document.nodes, base: base)
        let notes = ExpansionState.apply(written, to: &again, base: base)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(
          again.map(\.expanded), document.nodes.map(\.expanded),
          "\(random) round \(round), base \(base)")
        // What the writer writes reads back as it was, whichever base it was read in.
        var read = document.nodes.map { Node(level: $0.level, text: $0.text) }
        _ = ExpansionState.apply(ExpansionState.written(document.nodes, base: base), to: &read)
        XCTAssertEqual(
          read.map(\.expanded), document.nodes.map(\.expanded),
          "\(random) round \(round), preferring \(base)")
      }
    }
  }
}
