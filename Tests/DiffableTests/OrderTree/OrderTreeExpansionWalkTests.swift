import OutlineTestSupport
import XCTest

@testable import Diffable

/// The bulk walk `_OrderTree.setExpanded(labels:to:)` against a naive recomputation.
///
/// The naive side keeps a stack of "ancestor open" flags; the walk keeps one number and skips
/// nodes. Outlines are built to give zones that span many leaves, hidden runs longer than a leaf
/// (skipped nodes inside zones), hidden targets, nested targets, collapse and expand, on shared,
/// partly shared and unshared trees. Checks: entries (flags and visibility) equal the naive
/// result, every rank whose visibility changed lies in a returned window and the windows are
/// exactly the descendants of the outermost visible targets whose flag changed, `changed` is
/// right, every node's cached count, visibleCount, minLevel, lastLabel and isFlat match its
/// contents, and the copies taken before are unchanged. Written by a reviewer of the walk; a
/// failure names the `DIFFABLE_SEED` that replays it.
final class OrderTreeExpansionWalkTests: XCTestCase {
  typealias Tree = _OrderTree<Int>
  typealias Node = _OrderNode<Int>

  struct Row: Equatable {
    var item: Int
    var level: Int32
    var expanded: Bool
    var visible: Bool
    var label: UInt64
  }

  static func rows(_ tree: Tree) -> [Row] {
    var out: [Row] = []
    tree.forEach(in: 0..<tree.count) {
      out.append(
        Row(
          item: $0.item, level: $0.level, expanded: $0.isExpanded, visible: $0.isVisible,
          label: $0.label))
      return true
    }
    return out
  }

  static func naiveVisibility(_ rows: inout [Row]) {
    var open: [Bool] = []
    for i in rows.indices {
      let d = Int(rows[i].level)
      precondition(d <= open.count)
      rows[i].visible = d == 0 || open[d - 1]
      open.removeSubrange(d...)
      open.append(rows[i].visible && rows[i].expanded)
    }
  }

  /// Every node's cached summary against what it holds (`_OrderTree._checkSummary(of:)`, which
  /// traps, naming the field, on a mismatch).
  static func checkSummaries(_ root: Node) { _ = Tree._checkSummary(of: root) }

  /// Levels of several shapes.
  static func outline(_ n: Int, shape: Int, pExpanded: Int, _ r: inout SplitMix64) -> (
    [Int32], [Bool]
  ) {
    var levels: [Int32] = []
    var expanded: [Bool] = []
    var pendingDescent = 0
    var pendingFlat = 0
    var flatLevel: Int32 = 0
    for i in 0..<n {
      let deepest: Int32 = levels.isEmpty ? 0 : levels.last! + 1
      var level: Int32
      if pendingDescent > 0 {
        level = deepest; pendingDescent -= 1
      } else if pendingFlat > 0 {
        level = min(flatLevel, deepest); pendingFlat -= 1
      } else {
        switch shape {
        case 0: level = Int32.random(in: 0...min(deepest, 5), using: &r)
        case 1:
          level = Int32.random(in: 0...min(deepest, 3), using: &r)
          if Int.random(in: 0..<40, using: &r) == 0 {
            pendingDescent = Int.random(in: 5..<80, using: &r)
          }
        case 2:
          // many siblings runs (wide hidden subtrees that fill whole leaves)
          level = Int32.random(in: 0...min(deepest, 4), using: &r)
          if Int.random(in: 0..<20, using: &r) == 0 {
            flatLevel = deepest; pendingFlat = Int.random(in: 10..<100, using: &r)
          }
        default:
          // climbs and dips: random in [max(0, deepest-3), deepest]
          level = Int32.random(in: max(0, deepest - 3)...deepest, using: &r)
          if Int.random(in: 0..<60, using: &r) == 0 { level = 0 }
        }
      }
      if i == 0 { level = 0 }
      levels.append(level)
      expanded.append(Int.random(in: 0..<10, using: &r) < pExpanded)
    }
    return (levels, expanded)
  }

  func testBulkWalkAgainstNaive() throws {
    // 16 outlines a run (the four sizes, shapes and shares of expanded items in turn), from the
    // seed the run is given.
    let first = SplitMix64.seed(fromEnvironment: "DIFFABLE_SEED")
    var cases = 0
    for offset in 0..<16 {
      let seed = first &+ UInt64(offset)
      var r = SplitMix64(seed: seed &* 7919 &+ 1)
      let n = [20, 100, 700, 3000][offset % 4]
      let shape = (offset / 4) % 4
      let pExpanded = [1, 5, 9, 3][(offset + Int(seed % 4)) % 4]
      let (levels, expanded) = Self.outline(n, shape: shape, pExpanded: pExpanded, &r)
      let snapshot = try SectionSnapshot<Int>(
        preorder: Array(0..<n), levels: levels, expanded: expanded)
      snapshot._checkInvariants()
      // init(preorder:) visibility equals the naive one
      var naive0 = Self.rows(snapshot._tree)
      Self.naiveVisibility(&naive0)
      XCTAssertEqual(
        Self.rows(snapshot._tree), naive0, "init(preorder:) DIFFABLE_SEED=\(first) seed \(seed)")
      Self.checkSummaries(snapshot._tree.root!)

      var current = snapshot
      var history: [(Tree, [Row])] = []
      for round in 0..<30 {
        let before = Self.rows(current._tree)
        // target selection
        let mode = Int.random(in: 0..<6, using: &r)
        var items: [Int] = []
        switch mode {
        case 0:
          items = (0..<Int.random(in: 1...3, using: &r)).map { _ in Int.random(in: 0..<n, using: &r)
          }
        case 1: items = (0..<n).filter { _ in Int.random(in: 0..<20, using: &r) == 0 }
        case 2: items = (0..<n).filter { _ in Int.random(in: 0..<2, using: &r) == 0 }
        case 3:
          items = before.filter { !$0.visible }.map(\.item).filter { _ in
            Int.random(in: 0..<3, using: &r) == 0
          }
        case 4: items = before.filter { $0.level == 0 }.map(\.item)
        default:
          // a visible item plus some hidden descendants of it
          let vis = before.indices.filter { before[$0].visible }
          if let start = vis.randomElement(using: &r) {
            items.append(before[start].item)
            var j = start + 1
            while j < before.count && before[j].level > before[start].level {
              if Int.random(in: 0..<4, using: &r) == 0 { items.append(before[j].item) }
              j += 1
            }
          }
        }
        let expand = Bool.random(using: &r)
        var labels = Array(Set(items.map { current._labels[$0]!.label })).sorted()
        if labels.isEmpty { labels = [current._labels[0]!.label] }
        let labelSet = Set(labels)
        // expected
        var expected = before
        for i in expected.indices where labelSet.contains(expected[i].label) {
          expected[i].expanded = expand
        }
        Self.naiveVisibility(&expected)
        let shouldChange = before.indices.contains {
          labelSet.contains(before[$0].label) && before[$0].expanded != expand
        }

        // Hold a copy (the whole path is copied) or not (the root is unique, nodes below may be
        // shared with older versions still held in `history`).
        let holdCopy = Bool.random(using: &r)
        var tree = current._tree
        current._tree = Tree()
        if holdCopy { history.append((tree, before)) }
        if history.count > 3 { history.removeFirst() }
        // a unique tree: rebuild one so that every node is uniquely referenced
        var uniqueSnap = try SectionSnapshot<Int>(
          preorder: before.map(\.item), levels: before.map(\.level),
          expanded: before.map(\.expanded))
        let uniqueLabels = Array(Set(items.map { uniqueSnap._labels[$0]!.label })).sorted()
        let uniqueResult = uniqueSnap._tree.setExpanded(
          labels: uniqueLabels.isEmpty ? [uniqueSnap._labels[0]!.label] : uniqueLabels, to: expand)

        let result = tree.setExpanded(labels: labels, to: expand)
        let after = Self.rows(tree)
        let ctx =
          "DIFFABLE_SEED=\(first) seed \(seed) n \(n) shape \(shape) round \(round) mode \(mode) expand \(expand) targets \(items.count)"
        XCTAssertTrue(after == expected, ctx)
        if after != expected {
          if let k = after.indices.first(where: { after[$0] != expected[$0] }) {
            XCTFail("\(ctx): first difference at rank \(k): \(after[k]) vs \(expected[k])")
          }
          return
        }
        XCTAssertEqual(result.changed, shouldChange, ctx)
        // unique path equal (labels differ: compare without labels)
        let ua = Self.rows(uniqueSnap._tree)
        XCTAssertEqual(
          ua.map { [$0.item, Int($0.level), $0.expanded ? 1 : 0, $0.visible ? 1 : 0] },
          after.map { [$0.item, Int($0.level), $0.expanded ? 1 : 0, $0.visible ? 1 : 0] },
          "unique " + ctx)
        XCTAssertEqual(uniqueResult.windows, result.windows, "unique windows " + ctx)
        // windows cover every visibility change, sorted, disjoint
        for k in before.indices where before[k].visible != after[k].visible {
          XCTAssertTrue(
            result.windows.contains { $0.contains(k) },
            "\(ctx): rank \(k) changed outside windows \(result.windows)")
        }
        for (a, b) in zip(result.windows, result.windows.dropFirst()) {
          XCTAssertLessThanOrEqual(a.upperBound, b.lowerBound, ctx)
        }
        for w in result.windows { XCTAssertFalse(w.isEmpty, ctx) }
        // windows are exactly the descendants of outermost visible changed targets
        var expectedWindows: [Range<Int>] = []
        var k = 0
        while k < before.count {
          if labelSet.contains(before[k].label) && before[k].expanded != expand && before[k].visible
          {
            var e = k + 1
            while e < before.count && before[e].level > before[k].level { e += 1 }
            if e > k + 1 { expectedWindows.append((k + 1)..<e) }
            k = e
          } else {
            k += 1
          }
        }
        XCTAssertEqual(result.windows, expectedWindows, ctx)
        if let root = tree.root { Self.checkSummaries(root) }
        if let root = uniqueSnap._tree.root { Self.checkSummaries(root) }
        // the copies taken before are unchanged
        for (old, oldRows) in history {
          XCTAssertEqual(Self.rows(old), oldRows, "copy before " + ctx)
          if let root = old.root { Self.checkSummaries(root) }
        }
        current._tree = tree
        cases += 1
      }
    }
    XCTAssertGreaterThan(cases, 0)
  }

  /// `_assignVisibility` against the naive rule, with rootVisible true and false.
  func testAssignVisibility() {
    var r = SplitMix64(seed: 99)
    for trial in 0..<2000 {
      let n = Int.random(in: 1..<60, using: &r)
      let base = Int32.random(in: 0..<4, using: &r)
      var run: [_Entry<Int>] = []
      var prev: Int32 = base
      for i in 0..<n {
        let level: Int32 = i == 0 ? base : Int32.random(in: base...(prev + 1), using: &r)
        prev = level
        run.append(
          _Entry(
            label: 0, item: i, level: level, isExpanded: Bool.random(using: &r),
            isVisible: Bool.random(using: &r)))
      }
      let rootVisible = Bool.random(using: &r)
      var got = run
      SectionSnapshot<Int>._assignVisibility(&got, baseLevel: base, rootVisible: rootVisible)
      var open: [Bool] = []
      for i in run.indices {
        let d = Int(run[i].level - base)
        let v = d == 0 ? rootVisible : open[d - 1]
        open.removeSubrange(d...)
        open.append(v && run[i].isExpanded)
        XCTAssertEqual(got[i].isVisible, v, "trial \(trial) index \(i)")
      }
    }
  }

  /// Collapse, then expand, of a root whose subtree holds a collapsed child with 100 hidden
  /// descendants (whole leaves and an inner node with visibleCount 0: skipped inside the zone)
  /// followed by an expanded child whose children are visible (walked after the skip).
  func testZoneSpanningSkippedHiddenNodes() throws {
    var items: [Int] = [], levels: [Int32] = [], expanded: [Bool] = []
    func add(_ level: Int32, _ open: Bool) {
      items.append(items.count); levels.append(level); expanded.append(open)
    }
    add(0, true)  // 0: R
    add(1, false)  // 1: C1, collapsed
    // 2...101: hidden under C1, at levels 2, 3, 4, 2, 3, 4, …
    for i in 0..<100 { add(2 + Int32(i % 3), true) }
    add(1, true)  // 102: C2, expanded
    for _ in 0..<5 { add(2, false) }  // 103...107: visible
    add(0, false)  // 108: S
    var s = try SectionSnapshot<Int>(preorder: items, levels: levels, expanded: expanded)
    XCTAssertEqual(s.visibleItems, [0, 1, 102, 103, 104, 105, 106, 107, 108])
    var rows = Self.rows(s._tree)
    let r = s._tree.setExpanded(labels: [s._labels[0]!.label], to: false)
    XCTAssertTrue(r.changed)
    XCTAssertEqual(r.windows, [1..<108])
    var expected = rows
    expected[0].expanded = false
    Self.naiveVisibility(&expected)
    XCTAssertTrue(Self.rows(s._tree) == expected)
    XCTAssertEqual(s.visibleItems, [0, 108])
    Self.checkSummaries(s._tree.root!)
    rows = Self.rows(s._tree)
    let r2 = s._tree.setExpanded(labels: [s._labels[0]!.label], to: true)
    XCTAssertEqual(r2.windows, [1..<108])
    XCTAssertEqual(s.visibleItems, [0, 1, 102, 103, 104, 105, 106, 107, 108])
    Self.checkSummaries(s._tree.root!)
    // Expanding C1 and collapsing nothing else: its hidden descendants, deep ones included, show
    // as far as their own flags allow (all expanded here).
    s.expand([1])
    XCTAssertEqual(s.visibleItems.count, 109)
    Self.checkSummaries(s._tree.root!)
  }

  /// A hidden target that stays hidden, between two visible targets in the same call: its flag
  /// changes, no window is opened for it, the others' windows are exact.
  func testHiddenTargetBetweenVisibleTargets() throws {
    // A(0, exp) A1(1) A1a(2) | B(0, collapsed) B1(1, collapsed) B1a(2) | C(0, collapsed) C1(1)
    let items = [0, 1, 2, 3, 4, 5, 6, 7]
    let levels: [Int32] = [0, 1, 2, 0, 1, 2, 0, 1]
    let expanded = [true, false, false, false, false, false, false, false]
    var s = try SectionSnapshot<Int>(preorder: items, levels: levels, expanded: expanded)
    XCTAssertEqual(s.visibleItems, [0, 1, 3, 6])
    let labels = [1, 4, 6].map { s._labels[$0]!.label }
    let r = s._tree.setExpanded(labels: labels, to: true)
    XCTAssertTrue(r.changed)
    XCTAssertEqual(r.windows, [2..<3, 7..<8])
    XCTAssertEqual(s.visibleItems, [0, 1, 2, 3, 6, 7])
    XCTAssertEqual(try s.isExpanded(4), true)
    Self.checkSummaries(s._tree.root!)
    s.expand([3])
    XCTAssertEqual(s.visibleItems, [0, 1, 2, 3, 4, 5, 6, 7])
  }
}
