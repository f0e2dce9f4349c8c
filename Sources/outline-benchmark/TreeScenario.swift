import Diffable

/// The `tree` scenario: the outline operations ListKit was compared on, `parent(of:)` and
/// `level(of:)` of random items, many small `append(_:to:)` calls, and `expand`/`collapse` of *k*
/// items in one call, each beside a floor of plain `Dictionary` work measured in the same run.
///
/// Goals: ListKit's figures from the side-by-side run on this machine (`parent(of:)` ×
/// 1,000 on 100k Strings 0.41 ms, `level(of:)` 1.88 ms; expanding 10,000 roots of 100k Ints
/// 0.84 ms; 10k Ints built by 1,501 appends 10.3 ms); in the same run, `parent(of:)` no slower
/// than one `[id: parent]` lookup (what ListKit's is), `level(of:)` on Strings within
/// `levelMargin` of one `[id: Int]` lookup, and a bulk expand no slower than ListKit's (a `Set`
/// union; with `visibleItems` read after it, the least ListKit's two calls do); and growth from
/// 1k to 1M: a bulk expand of a fixed *k* within 3×, `parent(of:)` and `level(of:)` within 3× or
/// within the growth of the lookup they make.
///
/// `expand(_:)` only records its items (`_PendingExpansion`) and the first read walks them, so
/// the table times the call alone and the call with the walk. StorageAndDiffing.md compares the
/// two with ListKit's side by side.
enum TreeScenario: Scenario {
  static let name = "tree"
  static let summary = "parent(of:), level(of:), bulk expand/collapse, many small appends"

  /// The queries each timed run makes.
  static let queriesPerRun = 1_000
  /// How far above one `[id: Int]` lookup `level(of:)` on String ids may be and still count as
  /// one lookup that retains nothing: a noise margin.
  static let levelMargin = 1.25
  /// The fixed *k* of the bulk expand whose growth is judged.
  static let fixedK = 100

  /// ListKit's figures from the side-by-side run, in seconds.
  static let listKitParent = 0.41e-3
  static let listKitLevel = 1.88e-3
  static let listKitExpand = 0.84e-3
  static let listKitAppends = 10.3e-3

  /// What one size and identifier type measured, in seconds.
  struct Row {
    let size: Int
    let type: String
    /// 1,000 queries of each kind, and 1,000 lookups in a `Dictionary`.
    let parent: Double
    let level: Double
    let lookupFloor: Double
    /// Building the appends fixture by its calls, and a `Dictionary` of its ids one at a time.
    let appends: Double
    let appendCalls: Int
    let insertFloor: Double
    /// Expanding, then collapsing, every root in one call; expanding `fixedK` roots; and as many
    /// `Dictionary` lookups as roots.
    let roots: Int
    /// The `expand(_:)` call alone, which records the roots; the call then `visibleCount`, which
    /// walks them (the whole operation); the same for `collapse(_:)`.
    let expandAll: Double
    let expandAllWalked: Double
    let collapseAllWalked: Double
    /// Every root expanded, then `visibleItems` read (what a list shows next); and the least
    /// ListKit's same two calls do, timed in the same run: a set union of the roots, then one
    /// lookup of each item's parent and one insert of its visibility into a dictionary (its
    /// `visibleItems` does that and more: an expanded-set and a parent-visibility lookup a child).
    let expandAllThenRows: Double
    let listKitLeast: Double
    /// `fixedK` roots: the call then `visibleCount`.
    let expandFixed: Double
    let rootsFloor: Double
    /// Inserting every root into an empty `Set`: what ListKit's `expand(_:)` does
    /// (`expandedItems.formUnion(items)`), timed in the same run.
    let setUnion: Double
  }

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): parent(of:), level(of:), many small append(_:to:), bulk expand/collapse",
      [
        "Appends outline: n/20 roots in one call; 3 children per root, one call per root; 8",
        "leaves under each of the first n/10 children, one call each (1 + 3n/20 calls: 1,501 at",
        "10k); built that way in the timed run (appends), beside a Dictionary of the same ids",
        "inserted one at a time (floor). parent / level: 1,000 random items of that outline,",
        "beside 1,000 lookups of the same ids in a [id: Int] (floor), interleaved; after the",
        "table, at 10k and 100k, parent(of:) again beside 1,000 lookups in an [id: parent]",
        "dictionary (what ListKit's parent(of:) is), interleaved, the parent read (its count)",
        "and only tested against nil, and the parent read on a copy edited once (a new root)",
        "while the original lives (it reads through a log; not judged). Each query loop is one",
        "loop, as in a caller's code (no closure called per query). Expand outline: n/10",
        "collapsed roots × 9 leaves; expand all: every root in one expand(_:) call on a copy (the",
        "call records them); + walk: the call, then visibleCount, which walks them (the whole",
        "operation); collapse all + walk: the same for collapse(_:); expand \(fixedK) + walk:",
        "\(fixedK) random roots in one call, then visibleCount; floor: one Dictionary lookup per",
        "root; Set union: every root into an empty Set by formUnion, which is all ListKit's",
        "expand(_:) does (its visibility is computed when visibleItems is read); expand all +",
        "visibleItems: the call, then the rows read; ListKit's least: the least its expand and",
        "visibleItems do (the Set union, then one parent lookup and one insert into a [id: Bool]",
        "per item; its visibleItems also looks up the expanded set and the parent's visibility",
        "per child). Cells: median",
        "(×floor). Growth: expand \(fixedK) + walk, parent, level and the [id: Int] lookup at",
        "the largest size against 1k, measured interleaved (the two sizes alternate, round after",
        "round) after the table; a query's growth is judged within 3×, or within the lookup's.",
        "At 1M, appends, their floor, expand all and collapse all take 3 runs.",
      ])
    var rows: [Row] = []
    var walls: [(size: Int, seconds: Double)] = []
    for size in plan.sizes {
      let runs = plan.runs(at: size)
      let wall = Measure.seconds {
        rows.append(measure(Array(0..<size), type: "Int", runs: runs))
        rows.append(
          measure(Identifiers.uuids(count: size, seed: 8), type: "String", runs: runs))
      }
      walls.append((size, wall))
    }
    func cell(_ seconds: Double, _ floor: Double) -> String {
      "\(Report.time(seconds)) (\(Report.ratio(seconds / floor)))"
    }
    print("-- queries: 1,000 random items per run")
    Report.table(
      ["size", "ids", "parent ×1,000", "level ×1,000", "floor"],
      rows.map { row in
        [
          Report.size(row.size), row.type, cell(row.parent, row.lookupFloor),
          cell(row.level, row.lookupFloor), Report.time(row.lookupFloor),
        ]
      })
    print("")
    print("-- many small appends")
    Report.table(
      ["size", "ids", "calls", "appends", "floor", "per item"],
      rows.map { row in
        [
          Report.size(row.size), row.type, Report.count(row.appendCalls),
          cell(row.appends, row.insertFloor), Report.time(row.insertFloor),
          Report.time(row.appends / Double(row.size)),
        ]
      })
    print("")
    print("-- bulk expand / collapse of k roots in one call")
    Report.table(
      [
        "size", "ids", "k (all roots)", "expand all", "+ walk", "collapse all + walk", "floor",
        "Set union", "expand all + visibleItems", "ListKit's least", "expand \(fixedK) + walk",
      ],
      rows.map { row in
        [
          Report.size(row.size), row.type, Report.count(row.roots),
          cell(row.expandAll, row.rootsFloor), cell(row.expandAllWalked, row.rootsFloor),
          cell(row.collapseAllWalked, row.rootsFloor), Report.time(row.rootsFloor),
          cell(row.setUnion, row.rootsFloor), Report.time(row.expandAllThenRows),
          Report.time(row.listKitLeast), Report.time(row.expandFixed),
        ]
      })
    Report.wallTimes(walls)
    let pairs = measureParentPairs(plan)
    let growth = measureGrowth(plan)
    return goals(rows, pairs, growth, plan)
  }
}
